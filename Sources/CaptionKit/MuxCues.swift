public import CaptionMedia

/// The cues of a track in the form a muxed codec stores them, made by the SRT, WebVTT and
/// SCC writers (so what a codec cannot carry is reported as those writers report it).
public enum MuxCues {
  /// The cues of `track` for `codec`, and what the codec cannot carry (`convert.lossy`).
  /// `mode` is how `c608` captions are sent (pop-on by default); the text codecs ignore it.
  public static func cues(
    of track: Track, for codec: MuxSubtitleCodec, mode: CEA608Encoder.Mode = .popOn
  ) -> (cues: [MuxCue], diagnostics: [Diagnostic]) {
    var bytes: [UInt8] = []
    var diagnostics: [Diagnostic]
    switch codec {
    case .webvtt: diagnostics = WebVTTWriter.write(track, into: &bytes)
    case .subrip, .movText: diagnostics = SRTWriter.write(track, into: &bytes)
    case .c608: return captions(of: track, mode: mode)
    }
    let blocks = cueBlocks(bytes, count: track.cues.count)
    var cues: [MuxCue] = []
    cues.reserveCapacity(track.cues.count)
    for (cue, block) in zip(track.cues, blocks) {
      cues.append(
        MuxCue(
          start: cue.start, end: cue.end, text: block.text,
          identifier: codec == .webvtt ? block.identifier : "",
          settings: codec == .webvtt ? block.settings : ""))
    }
    if codec == .movText {
      diagnostics = movTextLosses(diagnostics, cues: cues, track: track)
      let flattened = withoutOverlaps(cues, track: track)
      cues = flattened.cues
      diagnostics += flattened.diagnostics
    }
    if codec == .webvtt {
      diagnostics += headerLosses(track)
    }
    return (cues, diagnostics)
  }

  /// The byte pairs of the SCC file at `path`, as written, for a `c608` track: every
  /// channel, command and style the file sends is kept (the pairs are not decoded and sent
  /// again). Reads the file as `reader` does.
  public static func passedThrough(
    sccAt path: String, reader: CaptionFileReader
  ) throws(CaptionFileReader.Failure) -> [MuxCue] {
    let bytes = try CaptionFileReader.loadBytes(path: path, maximumSize: reader.maximumSize)
    let text = TextDecoding.decode(bytes, encoding: reader.encoding, file: path)
    return cues(SCCReader.blocks(text))
  }

  /// One cue a run of pairs sent one a frame (frames at 30000/1001 a second).
  private static func cues(_ blocks: [CEA608Encoder.Block]) -> [MuxCue] {
    blocks.map { block in
      MuxCue(
        start: MediaTime(value: Int64(block.frame) * 1001, timescale: 30000),
        end: MediaTime(value: Int64(block.frame + block.pairs.count) * 1001, timescale: 30000),
        text: "", pairs: block.pairs)
    }
  }

  /// The byte pairs of the SCC writer, one cue a run of pairs, and its losses said of
  /// `c608`.
  private static func captions(of track: Track, mode: CEA608Encoder.Mode) -> (
    cues: [MuxCue], diagnostics: [Diagnostic]
  ) {
    let (blocks, losses) = SCCWriter.encode(track, mode: mode)
    let cues = cues(blocks)
    let diagnostics = losses.map { loss in
      var changed = loss
      changed.message = loss.message.replacingSuffix(" in SCC", with: " in c608")
      changed.hint =
        loss.cue == nil
        ? "add the file as a mov_text track too to keep it"
        : "c608 carries 32 columns, 4 rows and the 608 characters; add the file as a "
          + "mov_text track too to keep it"
      return changed
    }
    return (cues, diagnostics)
  }

  /// What of a WebVTT file's header a Matroska or WebM stream does not keep: FFmpeg 5.1
  /// stores no header text, STYLE, REGION or NOTE block (a cue's `region:` setting stays, naming a
  /// region players no longer know).
  private static func headerLosses(_ track: Track) -> [Diagnostic] {
    let hint =
      "FFmpeg stores no WebVTT header in Matroska or WebM; deliver the WebVTT file next to "
      + "the media to keep it"
    func plural(_ count: Int, _ noun: String) -> String {
      "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
    var phrases: [String] = []
    if !track.header.isEmpty { phrases.append("header text") }
    if !track.stylesheets.isEmpty { phrases.append(plural(track.stylesheets.count, "style sheet")) }
    if !track.regions.isEmpty { phrases.append(plural(track.regions.count, "region")) }
    if !track.comments.isEmpty { phrases.append(plural(track.comments.count, "NOTE comment")) }
    return phrases.map {
      Diagnostic(
        rule: SRTWriter.lossyRule, severity: .warning,
        message: "\($0) not kept in a Matroska or WebM stream", file: track.path, hint: hint)
    }
  }

  /// Most cue texts one `mov_text` sample shows at once; a cue starting while this many show
  /// is not stored (and is reported), which keeps the work linear.
  public static let maximumStacked = 8

  /// `mov_text` shows one sample at a time, and FFmpeg's MP4 muxer moves a sample that
  /// starts before the previous one ends. So overlapping cues become consecutive samples,
  /// each showing the texts of every cue active then (in cue order, one under the other),
  /// and each overlapping cue is reported.
  private static func withoutOverlaps(_ cues: [MuxCue], track: Track) -> (
    cues: [MuxCue], diagnostics: [Diagnostic]
  ) {
    let order = cues.indices.sorted { (cues[$0].start, $0) < (cues[$1].start, $1) }
    var latestEnd: MediaTime?
    var overlapping: [Int] = []
    for index in order {
      if let end = latestEnd, cues[index].start < end, cues[index].end > cues[index].start {
        overlapping.append(index)
      }
      latestEnd = max(latestEnd ?? cues[index].end, cues[index].end)
    }
    guard !overlapping.isEmpty else { return (cues, []) }
    var diagnostics = overlapping.map { index in
      let cue = track.cues[index]
      return Diagnostic(
        rule: SRTWriter.lossyRule, severity: .warning,
        message:
          "cue \(index + 1) overlaps an earlier cue; mov_text shows one text at a time, so "
          + "while both show they are stored as one text",
        file: track.path, location: cue.location, cue: cue.reference(index: index + 1),
        hint: "end the earlier cue before this one starts to keep them apart")
    }
    // Sweep the boundaries in time order, keeping the cues active between two of them.
    var boundaries: [MediaTime] = []
    boundaries.reserveCapacity(cues.count * 2)
    for cue in cues where cue.end > cue.start {
      boundaries.append(cue.start)
      boundaries.append(cue.end)
    }
    boundaries.sort()
    var flattened: [MuxCue] = []
    var active: [Int] = []
    var next = 0
    var previous: MediaTime?
    for boundary in boundaries {
      if let previous, previous == boundary { continue }
      if let start = previous, !active.isEmpty {
        let text = active.map { cues[$0].text }.joined(separator: "\n")
        if let last = flattened.last, last.end == start, last.text == text {
          flattened[flattened.count - 1].end = boundary
        } else {
          flattened.append(MuxCue(start: start, end: boundary, text: text))
        }
      }
      active.removeAll { cues[$0].end <= boundary }
      while next < order.count, cues[order[next]].start <= boundary {
        let index = order[next]
        if cues[index].end > boundary {
          if active.count < maximumStacked {
            active.append(index)
          } else {
            let cue = track.cues[index]
            diagnostics.append(
              Diagnostic(
                rule: SRTWriter.lossyRule, severity: .warning,
                message:
                  "cue \(index + 1) is not stored: \(maximumStacked) overlapping cues show "
                  + "already at \(cue.start)",
                file: track.path, location: cue.location, cue: cue.reference(index: index + 1),
                hint: "remove the overlaps"))
          }
        }
        next += 1
      }
      active.sort()
      previous = boundary
    }
    return (flattened, diagnostics)
  }

  /// One written cue: the lines before its timing line, its settings, its text.
  private struct Block {
    var identifier: String
    var settings: String
    var text: String
  }

  /// The last `count` blocks of a written file (the cues; header, regions and style sheets
  /// come first), split at blank lines, which no written cue text holds.
  private static func cueBlocks(_ bytes: [UInt8], count: Int) -> [Block] {
    var blocks: [Block] = []
    blocks.reserveCapacity(count)
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    func finishBlock() {
      defer { lines.removeAll(keepingCapacity: true) }
      guard let timing = lines.firstIndex(where: isTimingLine) else { return }
      let identifier = lines[..<timing].map { String(decoding: $0, as: UTF8.self) }
        .joined(separator: "\n")
      let fields = lines[timing].split(separator: 0x20, omittingEmptySubsequences: true)
      let settings = fields.dropFirst(3).map { String(decoding: $0, as: UTF8.self) }
        .joined(separator: " ")
      let text = lines[(timing + 1)...].map { String(decoding: $0, as: UTF8.self) }
        .joined(separator: "\n")
      blocks.append(Block(identifier: identifier, settings: settings, text: text))
    }
    for index in 0...bytes.count {
      guard index == bytes.count || bytes[index] == 0x0A else { continue }
      let line = bytes[start..<index]
      start = index + 1
      if line.isEmpty {
        if !lines.isEmpty { finishBlock() }
      } else {
        lines.append(line)
      }
    }
    if !lines.isEmpty { finishBlock() }
    return Array(blocks.suffix(count))
  }

  private static func isTimingLine(_ line: ArraySlice<UInt8>) -> Bool {
    let arrow: [UInt8] = [0x20, 0x2D, 0x2D, 0x3E, 0x20]
    guard line.count >= arrow.count else { return false }
    var index = line.startIndex
    while index + arrow.count <= line.endIndex {
      if line[index..<(index + arrow.count)].elementsEqual(arrow) { return true }
      index += 1
    }
    return false
  }

  /// The SRT writer's losses said of `mov_text`, plus what `mov_text` holds less than SRT: a
  /// position (`{\an8}`) and colours.
  private static func movTextLosses(
    _ srtLosses: [Diagnostic], cues: [MuxCue], track: Track
  ) -> [Diagnostic] {
    let hint = "mov_text cannot carry it; mux into .mkv with :codec=webvtt to keep it"
    var byCue: [Int: Diagnostic] = [:]
    var diagnostics: [Diagnostic] = []
    for diagnostic in srtLosses {
      if let index = diagnostic.cue?.index {
        byCue[index] = diagnostic
      } else {
        var changed = diagnostic
        changed.message = changed.message.replacingSuffix(" in SRT", with: " in mov_text")
        changed.hint = hint
        diagnostics.append(changed)
      }
    }
    for (offset, cue) in cues.enumerated() {
      let index = offset + 1
      var extra: [String] = []
      if cue.text.hasPrefix("{\\an") { extra.append("position \(cue.text.prefix(6))") }
      if cue.text.contains("<font") { extra.append("colour") }
      guard var diagnostic = byCue[index] ?? (extra.isEmpty ? nil : newLoss(track, offset))
      else { continue }
      var message = diagnostic.message
      if message.hasSuffix(" in SRT") { message.removeLast(" in SRT".count) }
      if !extra.isEmpty {
        message += (message.hasSuffix(" loses") ? " " : ", ") + extra.joined(separator: ", ")
      }
      diagnostic.message = message + " in mov_text"
      diagnostic.hint = hint
      diagnostics.append(diagnostic)
    }
    return diagnostics
  }

  private static func newLoss(_ track: Track, _ offset: Int) -> Diagnostic {
    let cue = track.cues[offset]
    return Diagnostic(
      rule: SRTWriter.lossyRule, severity: .warning, message: "cue \(offset + 1) loses",
      file: track.path, location: cue.location, cue: cue.reference(index: offset + 1))
  }
}

extension String {
  fileprivate func replacingSuffix(_ suffix: String, with replacement: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
  }
}
