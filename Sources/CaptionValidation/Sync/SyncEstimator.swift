public import CaptionCore

/// How caption times map to media times: `media = caption × ratio + offset`, with one offset
/// per piece of the cues when the media had a stretch inserted or removed.
public struct SyncAlignment: Sendable, Hashable {
  /// One run of consecutive cues (in order of start) under one offset.
  public struct Piece: Sendable, Hashable {
    /// The index of the run's first cue, in the cues given sorted by start.
    public var firstCue: Int
    /// Milliseconds added after the ratio.
    public var offset: Int64

    public init(firstCue: Int, offset: Int64) {
      self.firstCue = firstCue
      self.offset = offset
    }
  }

  /// Caption time is multiplied by this (1 when the frame rates agree).
  public var ratio: Double
  /// At least one; the first starts at cue 0.
  public var pieces: [Piece]
  /// The share of the speech cues' time that overlaps the reference once aligned (0 to 1).
  public var agreement: Double
  /// How clearly the alignment beats others, from 0 to 1: the agreement, times how far the
  /// best offset's overlap stands above the best one more than 2 s away from it.
  public var confidence: Double

  public init(ratio: Double, pieces: [Piece], agreement: Double, confidence: Double) {
    self.ratio = ratio
    self.pieces = pieces
    self.agreement = agreement
    self.confidence = confidence
  }

  /// The media time of caption time `time` in the piece of cue `index`.
  public func map(_ time: MediaTime, cue index: Int) -> MediaTime {
    let piece = pieces.last { $0.firstCue <= index } ?? pieces[0]
    let scaled = (Double(time.milliseconds) * ratio).rounded()
    return MediaTime(milliseconds: Int64(scaled) + piece.offset)
  }
}

/// Finds the alignment of cues to a reference timeline (the detected speech, or another
/// track's cues), by scoring every offset at once with a cross-correlation of 0/1 timelines.
///
/// 1. Every frame-rate ratio of 23.976, 24, 25 and 29.97 to each other (and 1) is tried at
///    50 ms resolution; the best is refined by a search of ratios around it. A ratio that
///    moves the last cue less than 100 ms from where no change puts it is not taken: on a
///    short file 24 and 23.976 cannot be told apart.
/// 2. The offset is refined to 5 ms by overlapping the cues with the reference exactly.
/// 3. The cues are cut into stretches of about 2 minutes, each aligned alone; where
///    neighbouring stretches agree on another offset, the cues split into pieces, the split
///    found at the cue that makes the overlap largest.
public enum SyncEstimator {
  /// The ratios tried first: frame rates of film, PAL and NTSC video to each other.
  public static let candidateRatios: [Double] = {
    let rates = [24000.0 / 1001, 24, 25, 30000.0 / 1001]
    var ratios: [Double] = [1]
    for a in rates {
      for b in rates where a != b { ratios.append(a / b) }
    }
    return ratios
  }()

  /// The cells of the timelines the offset is found on, in milliseconds.
  static let cell: Int64 = 50
  /// The cells of the timelines ratios and stretches are compared on, in milliseconds.
  static let coarseCell: Int64 = 200
  /// How far (ms) a ratio other than the first tried must move the last cue to be taken.
  static let minimumDrift: Int64 = 100
  /// The largest offset looked for, in milliseconds.
  public static let maximumOffset: Int64 = 600_000

  /// The alignment of `cues` to `reference`; nil when there is nothing to align (no cue or
  /// no reference time).
  ///
  /// `ratios`: the ratios tried (the frame-rate ratios by default; `[1]` for none), searched
  /// around when `searchRatios`. `pieces`: whether the cues may split into pieces.
  /// `maximumOffset`: the largest offset looked for, in milliseconds. `nearestZero`: where
  /// several offsets fit equally well (a cue longer than its speech overlaps it the same
  /// under a range of offsets), take the one nearest zero, the smallest change that fits as
  /// well, rather than the one nearest the correlation's peak.
  public static func align(
    _ cues: [Cue], to reference: Timeline, ratios: [Double] = candidateRatios,
    searchRatios: Bool = true, pieces findPieces: Bool = true,
    maximumOffset: Int64 = SyncEstimator.maximumOffset, nearestZero: Bool = false
  ) -> SyncAlignment? {
    let sorted = cues.map {
      ($0.start.milliseconds, max($0.start.milliseconds, $0.end.milliseconds))
    }
    .sorted { $0 < $1 }
    guard !sorted.isEmpty, reference.duration > 0,
      let referenceEnd = reference.ranges.last?.end
    else { return nil }
    // Only what can meet is searched. Cues that start after the reference ends, by more
    // than the largest offset under the smallest ratio tried (a search moves a ratio by under
    // 1%), overlap it under no alignment: they count in the agreement, but a stray cue at
    // 99:00:00 does not size the timelines. Likewise the reference after the last cue.
    let slack = searchRatios ? 1.01 : 1.0
    let smallestRatio = max(0.01, (ratios.min() ?? 1) / slack)
    let largestRatio = (ratios.max() ?? 1) * slack
    let reach = (Double(referenceEnd) + Double(maximumOffset)) / smallestRatio
    let spans = Array(sorted.prefix { Double($0.0) <= reach })
    guard let lastEnd = spans.map(\.1).max() else { return nil }
    let lastCaption = Double(lastEnd)
    let referenceReach = lastCaption * largestRatio + Double(maximumOffset)
    // The reference's ranges are in time order and do not overlap.
    let referenceSpans = reference.ranges.prefix { Double($0.start) <= referenceReach }
      .map { ($0.start, $0.end) }
    guard let referenceLast = referenceSpans.last?.1 else { return nil }
    // About a million cells at most on the fine grid: 50 ms cells up to 13 hours, longer
    // ones beyond, so memory stays bounded whatever the times.
    let extent = max(lastCaption * largestRatio, Double(referenceLast)) + Double(maximumOffset)
    let fineCell = max(cell, Int64((extent / 1_000_000).rounded(.up)))
    let coarseCell = max(Self.coarseCell, fineCell * 4)

    /// Timelines in cells of one size, and the transform of the reference's.
    struct Grid {
      let cell: Int64
      let fft: FourierTransform
      let spectrum: FourierTransform.Spectrum
    }
    func grid(_ cell: Int64) -> Grid {
      let referenceCells = cells(of: referenceSpans, cell: cell)
      let longest = Int(lastCaption * 1.3 / Double(cell)) + 2
      let fft = FourierTransform(atLeast: referenceCells.count + longest + 2)
      return Grid(cell: cell, fft: fft, spectrum: fft.spectrum(referenceCells))
    }
    // Ratios and stretches are compared on the coarse grid; the offset is found on the fine.
    let coarse = grid(coarseCell)
    let fine = grid(fineCell)

    /// The best offset (ms) and its overlap (cells) for a ratio, over all cues or some.
    func best(ratio: Double, spans: ArraySlice<(Int64, Int64)>, on grid: Grid) -> (
      offset: Int64, score: Double, runnerUp: Double
    ) {
      let cell = grid.cell
      let fft = grid.fft
      let scaled = spans.map { (Int64(Double($0.0) * ratio), Int64(Double($0.1) * ratio)) }
      let captionCells = cells(of: scaled, cell: cell)
      let scores = fft.correlation(captionCells, with: grid.spectrum)
      var bestIndex = 0
      var bestScore = -Double.infinity
      let limit = Int(maximumOffset / cell)
      // The scores are whole numbers of cells but for the transform's rounding, which is
      // not left to decide between equals: of the offsets with the best overlap, the one
      // nearest zero is taken.
      for (index, raw) in scores.enumerated() {
        let shift = index <= fft.count / 2 ? index : index - fft.count
        guard abs(shift) <= limit else { continue }
        let score = raw.rounded()
        if score > bestScore || score == bestScore && abs(shift) < abs(bestIndex) {
          bestScore = score
          bestIndex = shift
        }
      }
      var runnerUp = 0.0
      let away = Int(2000 / cell)
      for (index, score) in scores.enumerated() {
        let shift = index <= fft.count / 2 ? index : index - fft.count
        guard abs(shift) <= limit, abs(shift - bestIndex) > away else { continue }
        runnerUp = max(runnerUp, score.rounded())
      }
      return (Int64(bestIndex) * cell, bestScore, runnerUp)
    }

    // 1. The ratio: a candidate, then a search around it.
    let first = ratios.first ?? 1
    var candidate = (ratio: first, fit: best(ratio: first, spans: spans[...], on: coarse))
    /// Whether `ratio` moves the last cue at least `minimumDrift` away from where `other`
    /// puts it: closer ratios cannot be told apart, and a drift that small is within what
    /// the offset alone makes good.
    func distinct(_ ratio: Double, from other: Double) -> Bool {
      abs(ratio - other) * lastCaption >= Double(minimumDrift)
    }
    for ratio in ratios.dropFirst() where distinct(ratio, from: first) {
      let fit = best(ratio: ratio, spans: spans[...], on: coarse)
      // Another ratio must do clearly better than none.
      if fit.score > candidate.fit.score * 1.02 { candidate = (ratio, fit) }
    }
    var chosen = candidate
    var step = chosen.ratio * 0.002
    for _ in 0..<(searchRatios ? 8 : 0) {
      for ratio in [chosen.ratio - step, chosen.ratio + step] {
        let fit = best(ratio: ratio, spans: spans[...], on: coarse)
        if fit.score > chosen.fit.score * 1.005 { chosen = (ratio, fit) }
      }
      step /= 2
    }

    // The search is kept only when the fine grid confirms it, and, searched from the first
    // ratio, only when it moves the cues measurably.
    let candidateFine = best(ratio: candidate.ratio, spans: spans[...], on: fine)
    let searchedAway = candidate.ratio != first || distinct(chosen.ratio, from: first)
    if chosen.ratio != candidate.ratio, searchedAway {
      let searched = best(ratio: chosen.ratio, spans: spans[...], on: fine)
      chosen =
        searched.score > candidateFine.score * 1.005
        ? (chosen.ratio, searched) : (candidate.ratio, candidateFine)
    } else {
      chosen = (candidate.ratio, candidateFine)
    }

    // 2. One offset for all cues, to 5 ms.
    let single = [
      SyncAlignment.Piece(
        firstCue: 0,
        offset: refine(
          spans[...], ratio: chosen.ratio, around: chosen.fit.offset, reference: reference,
          towardZeroWithin: nearestZero ? maximumOffset : nil))
    ]

    // 3. Pieces, at the candidate ratio (a cut is not a drift): stretches of about 2 minutes
    // aligned alone, split where clear stretches agree on another offset.
    let ratio = candidate.ratio
    var stretches: [(range: Range<Int>, offset: Int64)] = []
    var start = 0
    while findPieces, start < spans.count {
      var end = start + 1
      while end < spans.count, spans[end].0 - spans[start].0 < 120_000 { end += 1 }
      if spans.count - end < 8 { end = spans.count }
      let fit = best(ratio: ratio, spans: spans[start..<end], on: coarse)
      if end - start >= 8, fit.score > 0, fit.runnerUp < fit.score * 0.8 {
        stretches.append((start..<end, fit.offset))
      }
      start = end
    }
    var pieces: [SyncAlignment.Piece] = []
    if let first = stretches.first {
      var runOffset = first.offset
      var runStart = 0
      var previous = first.range
      for stretch in stretches.dropFirst() {
        if abs(stretch.offset - runOffset) > 1000 {
          // The split is the cue that makes the overlap largest, looked for over both
          // stretches: a stretch holding the cut still fits its larger part's offset.
          let split = bestSplit(
            spans, from: max(runStart + 1, previous.lowerBound), to: stretch.range.upperBound,
            ratio: ratio, before: runOffset, after: stretch.offset, reference: reference)
          pieces.append(SyncAlignment.Piece(firstCue: runStart, offset: runOffset))
          runStart = split
          runOffset = stretch.offset
        }
        previous = stretch.range
      }
      pieces.append(SyncAlignment.Piece(firstCue: runStart, offset: runOffset))
      for index in pieces.indices {
        let end = index + 1 < pieces.count ? pieces[index + 1].firstCue : spans.count
        let piece = spans[pieces[index].firstCue..<end]
        pieces[index].offset = refine(
          piece, ratio: ratio, around: best(ratio: ratio, spans: piece, on: fine).offset,
          reference: reference)
      }
    }

    /// The share of the cues' time that overlaps the reference under `pieces` at `ratio`
    /// (every cue, those too far to be searched included).
    func agreement(_ pieces: [SyncAlignment.Piece], ratio: Double) -> Double {
      var overlap: Int64 = 0
      var total: Int64 = 0
      var piece = 0
      for (index, span) in sorted.enumerated() {
        while piece + 1 < pieces.count, pieces[piece + 1].firstCue <= index { piece += 1 }
        let a = Int64((Double(span.0) * ratio).rounded()) + pieces[piece].offset
        let b = Int64((Double(span.1) * ratio).rounded()) + pieces[piece].offset
        overlap += reference.overlap(start: a, end: b)
        total += b - a
      }
      return total > 0 ? Double(overlap) / Double(total) : 0
    }
    // Pieces are kept when they agree clearly better than one offset.
    var result = (
      ratio: chosen.ratio, pieces: single, agreement: agreement(single, ratio: chosen.ratio)
    )
    if pieces.count > 1 {
      let piecewise = agreement(pieces, ratio: ratio)
      if piecewise > result.agreement + 0.03 { result = (ratio, pieces, piecewise) }
    }

    // Confidence: how clearly each piece's offset stands out, weighted by its cues.
    var margin = 0.0
    for (index, piece) in result.pieces.enumerated() {
      let end = index + 1 < result.pieces.count ? result.pieces[index + 1].firstCue : spans.count
      let fit =
        result.pieces.count == 1
        ? chosen.fit : best(ratio: result.ratio, spans: spans[piece.firstCue..<end], on: coarse)
      let clear = fit.score > 0 ? max(0, (fit.score - fit.runnerUp) / fit.score) : 0
      margin += clear * Double(end - piece.firstCue) / Double(spans.count)
    }
    let confidence = min(1, result.agreement * min(1, margin * 3))
    return SyncAlignment(
      ratio: result.ratio, pieces: result.pieces, agreement: result.agreement,
      confidence: confidence)
  }

  /// A 0/1 timeline in cells of `cell` ms from 0: 1 where a span covers most of the cell.
  static func cells(of spans: [(Int64, Int64)], cell: Int64) -> [Double] {
    let last = spans.map(\.1).max() ?? 0
    guard last > 0 else { return [] }
    var values = [Double](repeating: 0, count: Int(last / cell) + 1)
    for (start, end) in spans where end > start {
      let first = max(0, Int((start + cell / 2) / cell))
      let stop = min(values.count, Int((end + cell / 2) / cell))
      if first < stop { for k in first..<stop { values[k] = 1 } }
    }
    return values
  }

  /// The offset within 200 ms of `offset`, in 5 ms steps, under which the spans overlap the
  /// reference most. Where a run of offsets fits equally well (few cues, each inside longer
  /// speech), the middle of the run, which is followed up to 2 s beyond the 200 ms: either
  /// end would be as arbitrary as wherever the search started.
  ///
  /// With `towardZeroWithin`, that offset is then moved toward zero, in 5 ms steps and no
  /// further than that many milliseconds from zero, while the overlap stays as large: the
  /// offset nearest zero of the run of offsets that fit as well.
  static func refine(
    _ spans: ArraySlice<(Int64, Int64)>, ratio: Double, around offset: Int64,
    reference: Timeline, towardZeroWithin limit: Int64? = nil
  ) -> Int64 {
    let scaled = spans.map {
      (Int64((Double($0.0) * ratio).rounded()), Int64((Double($0.1) * ratio).rounded()))
    }
    let captions = Timeline(scaled.map { (start: $0.0, end: $0.1) })
    var best = (offset: offset, overlap: Int64.min)
    var delta: Int64 = -200
    while delta <= 200 {
      let overlap = reference.overlap(with: captions, shiftedBy: -(offset + delta))
      if overlap > best.overlap
        || overlap == best.overlap && abs(delta) < abs(best.offset - offset)
      {
        best = (offset + delta, overlap)
      }
      delta += 5
    }
    if best.overlap > 0 {
      var low = best.offset
      var high = best.offset
      while offset - (low - 5) <= 2000,
        reference.overlap(with: captions, shiftedBy: -(low - 5)) == best.overlap
      {
        low -= 5
      }
      while high + 5 - offset <= 2000,
        reference.overlap(with: captions, shiftedBy: -(high + 5)) == best.overlap
      {
        high += 5
      }
      best.offset = low + (high - low) / 10 * 5
    }
    guard let limit, best.overlap > 0 else { return best.offset }
    var chosen = min(max(best.offset, -limit), limit)
    while chosen != 0 {
      let next = chosen > 0 ? max(0, chosen - 5) : min(0, chosen + 5)
      guard reference.overlap(with: captions, shiftedBy: -next) >= best.overlap else { break }
      chosen = next
    }
    return chosen
  }

  /// The first cue of the second piece, among `from..<to`, when cues before it take `before`
  /// and the others `after`: the one that makes the overlap with the reference largest.
  static func bestSplit(
    _ spans: [(Int64, Int64)], from: Int, to: Int, ratio: Double, before: Int64,
    after: Int64, reference: Timeline
  ) -> Int {
    let low = max(0, from)
    let high = min(spans.count, max(to, low + 1))
    func overlap(_ index: Int, _ offset: Int64) -> Int64 {
      let a = Int64((Double(spans[index].0) * ratio).rounded()) + offset
      let b = Int64((Double(spans[index].1) * ratio).rounded()) + offset
      return reference.overlap(start: a, end: b)
    }
    // Splitting at `low`: every cue of the stretch takes `after`.
    var score: Int64 = 0
    for index in low..<high { score += overlap(index, after) }
    var best = (split: low, score: score)
    for index in low..<high {
      score += overlap(index, before) - overlap(index, after)
      if score > best.score { best = (index + 1, score) }
    }
    return best.split
  }
}
