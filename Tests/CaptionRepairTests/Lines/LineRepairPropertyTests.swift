import CaptionCore
import CaptionRepair
import CaptionTestSupport
import CaptionValidation
import Testing

/// Random cues through the line repair: the words stay, a second repair changes nothing, and
/// every cue it made passes the readability rules.
struct LineRepairPropertyTests {
  typealias Harness = LineRepairHarness

  static let english = [
    "a", "I", "the", "and", "but", "to", "of", "we", "go", "home", "now", "later", "because",
    "wonderful", "said", "very", "train", "station", "Mr.", "Smith", "yes,", "no.", "what?",
    "really!", "well...", "tomorrow;", "it's", "forty-two", "unbelievably", "d'accord",
  ]
  static let long = ["extraordinarily", "incomprehensibilities", "Donaudampfschifffahrt"]
  static let japanese = Array("今日は晴れ。明日は雨になるでしょう、「本当に？」とカタカナのテスト！")
  static let korean = ["오늘은", "날씨가", "정말", "좋네요.", "산책하러", "갈까요?", "네,"]

  /// A random text of words, with italics, voices, dialogue dashes and line breaks.
  static func text(using random: inout SeededGenerator, language: String) -> [CueNode] {
    var nodes: [CueNode] = []
    let words = Int.random(in: 1...20, using: &random)
    var run = ""
    func flush() {
      if !run.isEmpty { nodes.append(.text(run)) }
      run = ""
    }
    for index in 0..<words {
      var word: String
      switch language {
      case "ja", "zh":
        word = String(
          (0..<Int.random(in: 1...6, using: &random)).map { _ in
            japanese.randomElement(using: &random) ?? "あ"
          })
      case "ko": word = korean.randomElement(using: &random) ?? "네"
      default:
        word =
          Int.random(in: 0..<30, using: &random) == 0
          ? long.randomElement(using: &random) ?? "" : english.randomElement(using: &random) ?? ""
      }
      if index > 0 {
        switch Int.random(in: 0..<12, using: &random) {
        case 0: run += "\n"
        case 1: run += "\n- "
        case 2: run += "  "
        default: run += language == "ja" || language == "zh" ? "" : " "
        }
      }
      switch Int.random(in: 0..<10, using: &random) {
      case 0:
        flush()
        nodes.append(.element(CueElement(kind: .italic, children: [.text(word)])))
      case 1:
        flush()
        nodes.append(
          .element(
            CueElement(
              kind: .voice, annotation: Bool.random(using: &random) ? "Ann" : "Bob",
              children: [
                .text(word), .element(CueElement(kind: .bold, children: [.text(" \(word)")])),
              ])))
      default:
        run += word
      }
    }
    flush()
    return nodes
  }

  /// Each visible character other than white space, with whether it is in italics and its
  /// voice: what the repair must keep, in order.
  static func styledCharacters(_ text: CueText) -> [String] {
    var result: [String] = []
    var stack: [(nodes: ArraySlice<CueNode>, italic: Bool, voice: String)] = [
      (text.nodes[...], false, "")
    ]
    while var top = stack.popLast() {
      guard let node = top.nodes.popFirst() else { continue }
      stack.append(top)
      switch node {
      case .text(let string):
        for character in string where !character.isWhitespace {
          result.append("\(character)\(top.italic ? "i" : "")\(top.voice)")
        }
      case .timestamp: break
      case .element(let element):
        stack.append(
          (
            element.children[...], top.italic || element.kind == .italic,
            element.kind == .voice ? element.annotation ?? "" : top.voice
          ))
      }
    }
    return result
  }

  /// The words of a text: its visible text with white space runs made one space.
  static func words(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  @Test(arguments: ["en", "ja", "zh", "ko", "fr"])
  func keepsTheWordsAndIsIdempotentAndPassesTheRules(language: String) throws {
    var random = SeededGenerator(
      seed: 0x11E5 ^ UInt64(language.unicodeScalars.map(\.value).reduce(0, +)))
    let cjk = ["ja", "zh", "ko"].contains(language)
    for round in 0..<60 {
      let characters = Double(Int.random(in: cjk ? 5...16 : 12...42, using: &random))
      let lines = Int.random(in: 1...3, using: &random)
      let profile = try Harness.profile(characters: characters, lines: lines, language: language)
      let limits = profile.limits(for: LanguageTag(language))
      var cues: [Cue] = []
      for index in 0..<8 {
        let start = Int64(round * 100_000 + index * 5000)
        cues.append(
          Harness.cue(
            Self.text(using: &random, language: language), from: start,
            to: start + Int64.random(in: 1...4000, using: &random)))
      }
      let (repaired, changes) = LineRepair.repair(
        cues, limits: limits, language: LanguageTag(language))

      // The words, their styles and voices, in order; the time covered, without gaps.
      #expect(
        repaired.flatMap { Self.styledCharacters($0.text) }
          == cues.flatMap { Self.styledCharacters($0.text) })
      if !cjk {
        #expect(
          Self.words(repaired.map(\.text.visibleText).joined(separator: " "))
            == Self.words(cues.map(\.text.visibleText).joined(separator: " ")))
      }
      var next = 0
      for (index, cue) in cues.enumerated() {
        let made = repaired[next...].prefix { $0.start >= cue.start && $0.end <= cue.end }
        #expect(made.first?.start == cue.start && made.last?.end == cue.end)
        #expect(zip(made, made.dropFirst()).allSatisfy { $0.end == $1.start && $0.start < $0.end })
        #expect(made.count == 1 || changes.contains { $0.cueIndex == index && $0.fixed })
        next += made.count
      }
      #expect(next == repaired.count)

      // Every cue passes the rules, but those reported as not fixed, which are unchanged.
      let unfixed = Set(changes.filter { !$0.fixed }.compactMap(\.cueIndex))
      let unfixedCues = Set(unfixed.map { cues[$0] })
      for finding in Harness.lineFindings(repaired, language: language, profile: profile) {
        let cue = try #require(finding.cue)
        #expect(unfixedCues.contains(repaired[cue.index - 1]), "\(finding.message)")
      }
      // Tags written balanced.
      for cue in repaired where cue.text.plainString == nil {
        for tag in ["i", "b", "v"] {
          let raw = cue.rawText
          let opened =
            raw.split(separator: "<\(tag)>", omittingEmptySubsequences: false).count
            + raw.split(separator: "<\(tag) ", omittingEmptySubsequences: false).count - 2
          let closed = raw.split(separator: "</\(tag)>", omittingEmptySubsequences: false).count - 1
          #expect(opened == closed, "\(raw)")
        }
      }

      // A second repair changes nothing and makes no change.
      let again = LineRepair.repair(repaired, limits: limits, language: LanguageTag(language))
      #expect(again.cues == repaired)
      #expect(again.changes.allSatisfy { !$0.fixed })
    }
  }
}
