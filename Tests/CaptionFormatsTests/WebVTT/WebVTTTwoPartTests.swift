import CaptionCore
import Testing

@testable import CaptionFormats

/// Reading a large WebVTT file in two parts on two threads gives exactly what one pass
/// gives: the same cues (times, texts, settings, places), regions, style sheets, header and
/// findings, whatever the file holds around the place where the later part starts.
@Suite struct WebVTTTwoPartTests {
  /// One pass, and two parts at any size, over `text`; whether the two parts were kept.
  private func compare(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    -> Bool
  {
    let bytes = Array(text.utf8)
    var one = WebVTTParser(bytes: bytes, file: "t.vtt")
    one.run()
    var two = WebVTTParser(bytes: bytes, file: "t.vtt")
    two.run(threads: 2, twoPartSize: 1)
    #expect(two.cues == one.cues, sourceLocation: sourceLocation)
    #expect(two.cues.map(\.location) == one.cues.map(\.location), sourceLocation: sourceLocation)
    #expect(two.cues.map(\.settings) == one.cues.map(\.settings), sourceLocation: sourceLocation)
    #expect(two.regions == one.regions, sourceLocation: sourceLocation)
    #expect(two.stylesheets == one.stylesheets, sourceLocation: sourceLocation)
    #expect(two.header == one.header, sourceLocation: sourceLocation)
    #expect(two.diagnostics == one.diagnostics, sourceLocation: sourceLocation)
    return two.readInTwoParts
  }

  private static let head = """
    WEBVTT
    Kind: captions
    Language: en

    STYLE
    ::cue(.yellow) { color: yellow; }

    REGION
    id:low
    width:40%


    """

  private func cue(_ number: Int, id: String? = nil, text: String = "A line", settings: String = "")
    -> String
  {
    let start = number * 2_000
    let timing =
      "\(time(start)) --> \(time(start + 1_500))" + (settings.isEmpty ? "" : " " + settings)
    return (id.map { $0 + "\n" } ?? "") + timing + "\n" + text + "\n\n"
  }

  private func time(_ milliseconds: Int) -> String {
    func pad(_ value: Int, _ width: Int) -> String {
      String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
    }
    return "\(pad(milliseconds / 3_600_000, 2)):\(pad(milliseconds / 60_000 % 60, 2)):"
      + "\(pad(milliseconds / 1000 % 60, 2)).\(pad(milliseconds % 1000, 3))"
  }

  /// Identifiers as real files mix them: none, increasing numbers, names.
  private func mixed(_ count: Int) -> [String] {
    (1...count).map { index in
      switch index % 4 {
      case 0: return cue(index, id: "\(index)", text: "<v Anna>Two</v>\n<i>lines</i> &amp; more")
      case 1: return cue(index, id: "scene-\(index)", text: "한국어 텍스트")
      default: return cue(index, settings: index % 3 == 0 ? "line:90% align:start" : "")
      }
    }
  }

  @Test func aCleanFileIsReadInTwoParts() {
    #expect(compare(Self.head + mixed(400).joined()))
  }

  @Test func crlfLineEnds() {
    let text = (Self.head + mixed(300).joined()).replacingOccurrences(of: "\n", with: "\r\n")
    #expect(compare(text))
  }

  /// The regions of the header are handed to the later part: its cues may use them.
  @Test func cuesUsingARegionOfTheHeaderKeepBothParts() {
    var cues = mixed(300)
    for index in stride(from: 0, to: 300, by: 7) {
      cues[index] = cue(index + 1, settings: "region:low")
    }
    let text = Self.head + cues.joined()
    #expect(compare(text))
    var parser = WebVTTParser(bytes: Array(text.utf8), file: nil)
    parser.run(threads: 2, twoPartSize: 1)
    #expect(parser.cues.filter { $0.settings.region == "low" }.count == 43)
    #expect(parser.regions.map(\.id) == ["low"])
  }

  /// A file whose first cue comes after the middle is read in one pass.
  @Test func aFirstCueAfterTheMiddle() {
    let notes = (1...200).map { "NOTE \($0)\n\n" }.joined()
    #expect(!compare(Self.head + notes + mixed(20).joined()))
  }

  @Test func findingsBeforeTheMiddleKeepBothParts() {
    var cues = mixed(300)
    cues[10] = cue(11, text: "<b>unclosed")
    cues[20] = "NOTE a comment\n\n" + cues[20]
    cues[30] = cue(31, settings: "align:sideways")
    #expect(compare(Self.head + cues.joined()))
  }

  /// Each problem, planted all over the later part: the reading goes on in one pass there,
  /// with the findings one pass has.
  @Test(arguments: [
    "repeated name", "repeated number", "number out of order", "region used", "unknown region",
    "bad timing", "late style", "stray text", "arrow in text", "no final line break",
    "name used twice later",
  ])
  func aProblemInTheLaterPartGivesTheFindingsOfOnePass(problem: String) {
    // Around the place the later part starts (a little past the middle) and at the end.
    for at in [150, 151, 152, 156, 158, 159, 160, 161, 162, 165, 299] {
      var cues = mixed(300)
      switch problem {
      case "repeated name": cues[at] = cue(at + 1, id: "scene-5")
      case "repeated number": cues[at] = cue(at + 1, id: "4")
      case "number out of order": cues[at] = cue(at + 1, id: "3000") + cue(at + 1, id: "3")
      case "region used": cues[at] = cue(at + 1, settings: "region:low")
      case "unknown region": cues[at] = cue(at + 1, settings: "region:high")
      case "bad timing": cues[at] = cues[at].replacingOccurrences(of: " --> ", with: " -> ")
      case "late style": cues[at] = "STYLE\n::cue { color: red; }\n\n" + cues[at]
      case "stray text": cues[at] = "stray words\n\n" + cues[at]
      case "arrow in text": cues[at] = cue(at + 1, text: "one\n00:00:01.000 --> 00:00:02.000")
      case "no final line break": cues[cues.count - 1] = String(cues[cues.count - 1].dropLast(2))
      default: cues[at] = cue(at + 1, id: "twice") + cue(at + 2, id: "twice")
      }
      _ = compare(Self.head + cues.joined())
    }
  }

  @Test func aNameOfTheEarlierPartUsedAgainLaterIsFound() {
    var cues = mixed(300)
    cues[250] = cue(251, id: "scene-9")
    _ = compare(Self.head + cues.joined())
    let result = WebVTTReader.read(
      DecodedText(Self.head + cues.joined()), path: "t.vtt", threads: 2)
    #expect(result.diagnostics.map(\.message).contains { $0.contains("already used by cue 9") })
  }

  /// Files of random lines from a small vocabulary, so that blocks of every kind meet near
  /// the middle.
  @Test func randomFilesReadAlike() {
    var random = SplitMix(seed: 1_201)
    let lines = [
      "", "", "", "NOTE x", "STYLE", "REGION", "id:low", "7", "00:00:01.000 --> 00:00:02.000",
      "00:00:03.000 --> 00:00:01.000 line:0", "text", "<c.yellow>x</c>", "  ", "a --> b", "&lt;",
    ]
    var kept = 0
    for _ in 0..<300 {
      var text = Self.head
      for index in 0..<Int(random.next() % 120) + 4 {
        if random.next() % 3 != 0 {
          text += mixed(4)[Int(random.next() % 4)].replacingOccurrences(
            of: "00:00:0", with: "00:0\(index % 10):0")
        } else {
          text += lines[Int(random.next() % UInt64(lines.count))]
          text += random.next() % 5 == 0 ? "\r\n" : "\n"
        }
      }
      if compare(text) { kept += 1 }
    }
    #expect(kept > 0 && kept < 300)
  }

  @Test func smallFilesAndFilesWithoutSignatureAreReadInOnePass() {
    var small = WebVTTParser(bytes: Array((Self.head + mixed(20).joined()).utf8), file: nil)
    small.run(threads: 2)
    #expect(!small.readInTwoParts)
    #expect(small.cues.count == 20)
    #expect(!compare("WEBVT\n\n" + mixed(50).joined()))
    #expect(!compare("WEBVTT\n\n" + String(repeating: "x\n\n", count: 50)))
  }
}
