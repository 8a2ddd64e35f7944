import CaptionCore
import CaptionRepair
import CaptionTestSupport
import CaptionValidation
import Testing

/// Random tracks, repaired: no cue dropped, no text changed, sorted, the same when repaired
/// again, and no finding of a repaired rule left that a change not fixed does not explain.
struct TimingRepairPropertyTests {
  typealias H = TimingRepairHarness

  /// A random track: cues crowded into a minute, some out of order, overlapping, touching,
  /// empty or reversed, some at the top, some timed at 90 kHz, some past the media's end.
  static func track(_ random: inout SeededGenerator) -> [Cue] {
    let count = Int.random(in: 0...24, using: &random)
    let top = CueSettings(line: 0)
    return (0..<count).map { index in
      let start = Int64.random(in: 0...64_000, using: &random)
      let duration: Int64 =
        switch Int.random(in: 0..<10, using: &random) {
        case 0: 0
        case 1: -Int64.random(in: 1...800, using: &random)
        case 2: Int64.random(in: 7000...12_000, using: &random)
        default: Int64.random(in: 1...3000, using: &random)
        }
      let length = Int.random(in: 0...130, using: &random)
      let text = String((0..<length).map { $0 % 6 == 5 ? " " : "a" })
      var cue = H.cue(
        start, start + duration, text, id: "c\(index)",
        settings: Int.random(in: 0..<5, using: &random) == 0 ? top : .default)
      if Int.random(in: 0..<5, using: &random) == 0 {
        let ticks = Int64.random(in: 0..<90, using: &random)
        cue.start = MediaTime(value: start * 90 + ticks, timescale: 90_000)
        cue.end = MediaTime(value: (start + duration) * 90 + ticks, timescale: 90_000)
      }
      return cue
    }
  }

  /// `id start–end`, exact.
  static func exact(_ cue: Cue) -> String {
    "\(cue.id) \(cue.start.value)/\(cue.start.timescale)–\(cue.end.value)/\(cue.end.timescale)"
  }

  @Test(arguments: 0..<400)
  func repairsRandomTracks(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed))
    let cues = Self.track(&random)
    let frameRate = [23.976, 24, 25, 29.97, 30, 50, 60][Int.random(in: 0..<7, using: &random)]
    let sdh = Bool.random(using: &random)
    let media =
      Bool.random(using: &random)
      ? MediaTime(milliseconds: Int64.random(in: 20_000...70_000, using: &random)) : nil
    let repair = TimingRepair(
      limits: H.limits, frameRate: frameRate, mediaDuration: media,
      isForDeafAndHardOfHearing: sdh)
    let (repaired, changes) = repair.repair(cues)

    // None dropped, no text changed.
    #expect(repaired.count == cues.count)
    let byID = Dictionary(uniqueKeysWithValues: cues.map { ($0.id, $0) })
    for cue in repaired {
      #expect(byID[cue.id]?.rawText == cue.rawText)
      #expect(byID[cue.id]?.settings == cue.settings)
    }
    #expect(Set(repaired.map(\.id)).count == cues.count)
    // Sorted by start.
    #expect(
      zip(repaired, repaired.dropFirst()).allSatisfy { $0.start <= $1.start },
      "seed \(seed): \(repaired.map(Self.exact))")
    // The same when repaired again, and nothing more fixed.
    let again = repair.repair(repaired)
    #expect(
      again.cues.map(Self.exact) == repaired.map(Self.exact),
      "seed \(seed): \(cues.map(Self.exact)) \(changes)")
    #expect(again.changes.allSatisfy { !$0.fixed }, "seed \(seed): \(again.changes)")

    // What the rules still find is explained by a change not fixed, for that rule and cue.
    let unexplained = H.findings(repaired, frameRate: frameRate, media: media, sdh: sdh)
      .filter { finding in
        let index = Int(repaired[finding.position - 1].id.dropFirst()) ?? -1
        return !changes.contains { change in
          change.rule == finding.rule && change.cueIndex == index && !change.fixed
        }
      }
    #expect(unexplained.isEmpty, "seed \(seed): \(unexplained)")
  }

  /// Some rules only, and the limits of other locales: what the repair leaves of the rules
  /// it repairs is still explained, and a second repair changes nothing.
  @Test(arguments: 0..<200)
  func repairsRandomTracksForSomeRules(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed) &+ 1_000_000)
    let cues = Self.track(&random)
    let language = ["en", "ja", "ko", "zh"][Int.random(in: 0..<4, using: &random)]
    let limits = ValidationProfile.standard.limits(for: LanguageTag(language))
    let rules = Set(
      TimingRepair.ruleIDs.sorted().filter { _ in Int.random(in: 0..<3, using: &random) > 0 })
    let media = MediaTime(milliseconds: Int64.random(in: 20_000...70_000, using: &random))
    let repair = TimingRepair(
      limits: limits, frameRate: 24, mediaDuration: media, rules: rules)
    let (repaired, changes) = repair.repair(cues)
    #expect(repaired.count == cues.count)
    let again = repair.repair(repaired)
    let changed = zip(again.cues.map(Self.exact), repaired.map(Self.exact)).filter { $0 != $1 }
    #expect(changed.isEmpty, "seed \(seed): \(changed) \(changes) \(again.changes)")
    #expect(again.changes.allSatisfy { !$0.fixed }, "seed \(seed)")
    var track = Track(format: .webvtt, kind: .subtitles, cues: repaired)
    track.language = LanguageTag(language)
    let context = ValidationContext(
      tracks: [track], media: MediaFacts(duration: media, frameRate: 24))
    let unexplained = Validator(rules: H.rules).validate(context).filter { finding in
      guard rules.contains(finding.rule), let position = finding.cue?.index else { return false }
      let index = Int(repaired[position - 1].id.dropFirst()) ?? -1
      return !changes.contains { change in
        change.rule == finding.rule && change.cueIndex == index && !change.fixed
      }
    }
    #expect(unexplained.isEmpty, "seed \(seed): \(unexplained.map(\.message)) \(rules)")
  }
}
