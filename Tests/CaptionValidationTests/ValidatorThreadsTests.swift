import CaptionCore
import CaptionValidation
import Foundation
import Testing

/// The cue rules run over blocks of cues, on one thread or two: the findings, and their
/// order, are those of one pass over the whole track.
struct ValidatorThreadsTests {
  /// 60 cues with a problem at every turn: too fast, too long a line, too many lines, gaps
  /// too short, overlaps (one with a long cue several cues back), a cue out of order, an
  /// empty cue, unbalanced tags, a zero duration.
  static let text: String = {
    var text = "WEBVTT\n\n"
    var start = 1_000
    func time(_ ms: Int) -> String {
      let hours = ms / 3_600_000
      let minutes = ms / 60_000 % 60
      let seconds = ms / 1000 % 60
      return String(format: "%02d:%02d:%02d.%03d", hours, minutes, seconds, ms % 1000)
    }
    for index in 1...60 {
      var duration = 2_000
      var body = "Line \(index) is fine."
      switch index % 7 {
      case 0:
        body = "This line is far too fast to be read by anyone at all, " + "really it is."
        duration = 800
      case 1: body = String(repeating: "long words ", count: 6) + "end"
      case 2: body = "one\ntwo\nthree"
      case 3: body = "<i>open italics"
      case 4: duration = 0
      default: break
      }
      if index == 20 { duration = 12_000 }  // overlaps the cues after it
      if index == 33 { start -= 5_000 }  // starts before the cue before it
      text += "\(time(start)) --> \(time(start + duration))\n\(body)\n\n"
      start += index == 20 ? 2_500 : index % 5 == 0 ? duration + 40 : duration + 500
    }
    return text
  }()

  static func findings(_ track: Track, threads: Int, blockSize: Int) -> [Diagnostic] {
    var validator = Validator()
    validator.threads = threads
    validator.cueBlockSize = blockSize
    return validator.validate(track, in: ValidationContext(tracks: [track]), id: "1")
  }

  /// The cues checked in runs (`checkCues`), each from the cue before it and the latest end
  /// so far, and the track's own rules apart (`checkTrack`): the findings of one pass.
  @Test(arguments: [[20], [1, 2, 3], [19, 21, 33, 34], [7, 14, 21, 28, 35, 42, 49, 56]])
  func runsOfCuesFindWhatOnePassFinds(cuts: [Int]) {
    let track = RuleHarness.read(Self.text, format: .webvtt)
    let context = ValidationContext(tracks: [track])
    let whole = Self.findings(track, threads: 1, blockSize: Int.max)
    let validator = Validator()
    var found = validator.checkTrack(track, scripts: ScriptCounts(), in: context, id: "1")
    var previous: (index: Int, start: MediaTime, end: MediaTime)?
    var latestEnd: (index: Int, end: MediaTime)?
    let bounds = [0] + cuts + [track.cues.count]
    for (lower, upper) in zip(bounds, bounds.dropFirst()) {
      // Each run in an array of its own, numbered after the cues before it.
      let cues = Array(track.cues[lower..<upper])
      found +=
        validator.checkCues(
          cues, in: cues.indices, after: lower, previous: previous, latestEnd: latestEnd,
          of: track, in: context, id: "1", threads: 2
        ).findings
      for (offset, cue) in cues.enumerated() {
        if latestEnd.map({ cue.end > $0.end }) ?? true { latestEnd = (lower + offset + 1, cue.end) }
        previous = (lower + offset + 1, cue.start, cue.end)
      }
    }
    #expect(found.map(\.compilerStyle) == whole.map(\.compilerStyle))
    #expect(found.map(\.cue?.index) == whole.map(\.cue?.index))
  }

  @Test(arguments: [(1, 1), (1, 7), (2, 1), (2, 7), (2, 16), (2, 4096)])
  func blocksFindWhatOnePassFinds(threads: Int, blockSize: Int) {
    let track = RuleHarness.read(Self.text, format: .webvtt)
    let whole = Self.findings(track, threads: 1, blockSize: Int.max)
    let rules = Set(whole.map(\.rule))
    #expect(whole.count > 60)
    for rule in [
      "readability.cps", "readability.line-length", "readability.line-count", "timing.min-gap",
      "timing.overlap", "timing.out-of-order", "timing.zero-duration",
    ] {
      #expect(rules.contains(rule), "no \(rule) among \(rules.sorted())")
    }
    // Cue 20 overlaps cues blocks later than it: the latest end is carried over.
    let overlaps = whole.filter { $0.rule == "timing.overlap" }.map(\.message)
    #expect(overlaps.filter { $0.contains("before cue 20 ends") }.count >= 3, "\(overlaps)")
    let blocked = Self.findings(track, threads: threads, blockSize: blockSize)
    #expect(blocked == whole)
    #expect(blocked.map(\.message) == whole.map(\.message))
  }

  @Test func cuesWithoutPlacesKeepTheOrderOfOnePass() {
    // Cues of an embedded track have no place in a file: findings keep the order found.
    var track = RuleHarness.read(Self.text, format: .webvtt)
    track.cues = track.cues.map { cue in
      Cue(id: cue.id, start: cue.start, end: cue.end, text: cue.text, rawText: cue.rawText)
    }
    #expect(track.cues.allSatisfy { $0.location == nil })
    let whole = Self.findings(track, threads: 1, blockSize: Int.max)
    #expect(whole.count > 60)
    #expect(Self.findings(track, threads: 2, blockSize: 5) == whole)
    #expect(Self.findings(track, threads: 1, blockSize: 3) == whole)
  }
}
