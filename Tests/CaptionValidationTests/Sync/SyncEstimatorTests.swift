import CaptionCore
import CaptionValidation
import Testing

/// The sync estimator on made timelines: speech with pauses, and cues that are that speech
/// moved, stretched or cut, as captions out of sync are.
struct SyncEstimatorTests {
  /// Utterances of 0.6 to 4 s with pauses of 0.3 to 4 s from 35 s, for `minutes`.
  static func speech(minutes: Int, seed: UInt64) -> [(Int64, Int64)] {
    var state = seed
    func next(_ bound: Int64) -> Int64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int64((state >> 33) % UInt64(bound))
    }
    var spans: [(Int64, Int64)] = []
    var time: Int64 = 35_000
    while time < Int64(minutes) * 60_000 {
      let length = 600 + next(3400)
      spans.append((time, time + length))
      time += length + 300 + next(3700)
    }
    return spans
  }

  static func cues(_ spans: [(Int64, Int64)]) -> [Cue] {
    spans.map {
      Cue(
        start: MediaTime(milliseconds: $0.0), end: MediaTime(milliseconds: $0.1),
        text: CueText(plain: "Words"), rawText: "Words")
    }
  }

  static func reference(_ spans: [(Int64, Int64)]) -> Timeline {
    Timeline(spans.map { (start: $0.0, end: $0.1) })
  }

  @Test(arguments: [-30_000, -2_500, 0, 700, 12_345, 30_000] as [Int64])
  func findsAConstantOffset(_ offset: Int64) throws {
    let speech = Self.speech(minutes: 6, seed: 7)
    // Captions late by `offset`: media = caption - offset.
    let captions = speech.map { ($0.0 + offset, $0.1 + offset) }
    let alignment = try #require(
      SyncEstimator.align(Self.cues(captions), to: Self.reference(speech)))
    #expect(alignment.ratio == 1)
    #expect(alignment.pieces.count == 1)
    #expect(abs(alignment.pieces[0].offset + offset) <= 5)
    #expect(alignment.agreement > 0.95)
    #expect(alignment.confidence > 0.5)
  }

  /// A minute of speech: 24 against 23.976 fps moves its last cue by 60 ms, which cannot
  /// be told from no change, so none is reported and the offset is exact.
  @Test(arguments: 1...12 as ClosedRange<UInt64>)
  func aShortFileHasNoRatio(_ seed: UInt64) throws {
    let speech = Self.speech(minutes: 1, seed: seed)
    let captions = speech.map { ($0.0 + 2_420, $0.1 + 2_420) }
    let alignment = try #require(
      SyncEstimator.align(Self.cues(captions), to: Self.reference(speech)))
    #expect(alignment.ratio == 1)
    #expect(alignment.pieces.map(\.offset) == [-2_420])
  }

  @Test func findsAFrameRateRatio() throws {
    let speech = Self.speech(minutes: 10, seed: 11)
    // Timed for 25 fps, played at 23.976: caption times are 25/23.976 short... the media
    // is the captions stretched.
    let ratio = 25.0 / (24000.0 / 1001)
    let captions = speech.map {
      (Int64((Double($0.0) / ratio).rounded()), Int64((Double($0.1) / ratio).rounded()))
    }
    let alignment = try #require(
      SyncEstimator.align(Self.cues(captions), to: Self.reference(speech)))
    #expect(abs(alignment.ratio - ratio) < 0.0005)
    let cues = Self.cues(captions)
    var within = 0
    for (index, cue) in cues.enumerated() {
      let mapped = alignment.map(cue.start, cue: index).milliseconds
      if abs(mapped - speech[index].0) <= 100 { within += 1 }
    }
    #expect(Double(within) / Double(cues.count) >= 0.95)
  }

  @Test func findsAStretchCutFromTheMedia() throws {
    let uncut = Self.speech(minutes: 12, seed: 5)
    // 90 s removed from the media at 5 minutes: speech after it comes 90 s earlier, and the
    // speech inside it is gone.
    let cut: Int64 = 300_000
    let media = uncut.filter { $0.1 <= cut || $0.0 >= cut + 90_000 }.map {
      $0.0 >= cut ? ($0.0 - 90_000, $0.1 - 90_000) : $0
    }
    let alignment = try #require(SyncEstimator.align(Self.cues(uncut), to: Self.reference(media)))
    #expect(alignment.ratio == 1)
    #expect(alignment.pieces.count == 2)
    #expect(alignment.pieces.map(\.offset) == [0, -90_000])
    let firstAfter = try #require(uncut.firstIndex { $0.0 >= cut + 90_000 })
    let lastBefore = try #require(uncut.lastIndex { $0.1 <= cut })
    let split = alignment.pieces[1].firstCue
    #expect(split > lastBefore && split <= firstAfter)
  }

  @Test func findsAStretchInsertedIntoTheMedia() throws {
    let captioned = Self.speech(minutes: 12, seed: 17)
    // An ad break of 90 s inserted into the media at 4 minutes, with speech of its own that
    // no cue belongs to: speech after it comes 90 s later.
    let cut: Int64 = 240_000
    let advert = Self.speech(minutes: 2, seed: 23).map { ($0.0 - 35_000, $0.1 - 35_000) }
      .filter { $0.1 <= 88_000 }.map { ($0.0 + cut + 1_000, $0.1 + cut + 1_000) }
    let kept = captioned.filter { $0.1 <= cut || $0.0 >= cut }
    let media =
      kept.filter { $0.1 <= cut } + advert
      + kept.filter { $0.0 >= cut }.map { ($0.0 + 90_000, $0.1 + 90_000) }
    let cues = Self.cues(kept)
    let alignment = try #require(SyncEstimator.align(cues, to: Self.reference(media)))
    #expect(alignment.ratio == 1)
    #expect(alignment.pieces.map(\.offset) == [0, 90_000])
    let firstAfter = try #require(kept.firstIndex { $0.0 >= cut })
    #expect(alignment.pieces.last?.firstCue == firstAfter)
    var within = 0
    for (index, cue) in cues.enumerated() {
      let truth = kept[index].0 >= cut ? kept[index].0 + 90_000 : kept[index].0
      if abs(alignment.map(cue.start, cue: index).milliseconds - truth) <= 100 { within += 1 }
    }
    #expect(within == cues.count)
  }

  /// A stray cue (or reference span) at 99 hours is not searched: it would size the
  /// timelines at 99 hours (a gigabyte and minutes of work) and can meet nothing.
  @Test func aCueFarPastTheReferenceIsCountedButNotSearched() throws {
    let speech = Self.speech(minutes: 6, seed: 3)
    let captions = speech.map { ($0.0 + 2_000, $0.1 + 2_000) } + [(356_400_000, 356_402_000)]
    let alignment = try #require(
      SyncEstimator.align(Self.cues(captions), to: Self.reference(speech)))
    #expect(alignment.ratio == 1)
    #expect(alignment.pieces.map(\.offset) == [-2_000])
    // The far cue's 2 s count as time that overlaps nothing.
    let total = captions.reduce(0) { $0 + $1.1 - $1.0 }
    #expect(abs(alignment.agreement - Double(total - 2_000) / Double(total)) < 0.001)

    let farReference = Self.reference(speech + [(356_400_000, 356_402_000)])
    let back = try #require(
      SyncEstimator.align(Self.cues(Array(captions.dropLast())), to: farReference))
    #expect(back.pieces.map(\.offset) == [-2_000])
  }

  @Test func unrelatedTimelinesGiveLowConfidence() throws {
    let speech = Self.speech(minutes: 6, seed: 1)
    let other = Self.speech(minutes: 6, seed: 99)
    let alignment = try #require(SyncEstimator.align(Self.cues(other), to: Self.reference(speech)))
    #expect(alignment.confidence < 0.3)
  }
}
