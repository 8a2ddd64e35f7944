import CaptionCore
import Testing

@testable import CaptionFormats

/// Every `parse.webvtt` message, with its line and column, each for a small input.
struct WebVTTReaderDiagnosticsTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var input: String
    /// `(line, column, message)` of every finding, in order.
    var expected: [Finding]
    var testDescription: String { expected.first?.message ?? "no finding" }

    init(_ input: String, _ expected: Finding...) {
      self.input = input
      self.expected = expected
    }
  }

  struct Finding: Equatable, Sendable, CustomStringConvertible {
    var line: Int
    var column: Int
    var message: String
    init(_ line: Int, _ column: Int, _ message: String) {
      self.line = line
      self.column = column
      self.message = message
    }
    var description: String { "\(line):\(column): \(message)" }
  }

  static func findings(_ result: ReadResult) -> [Finding] {
    result.diagnostics.map {
      Finding($0.location?.line ?? 0, $0.location?.column ?? 0, $0.message)
    }
  }

  static let timing = "00:00.000 --> 00:01.000"

  static let signatureCases: [Case] = [
    Case("", Finding(1, 1, "file is empty; a WebVTT file starts with \"WEBVTT\"")),
    Case(
      "webvtt\n\n00:00.000 --> 00:01.000\nx\n",
      Finding(
        1, 1, "missing \"WEBVTT\" signature; the first line is \"webvtt\", so the file is not read")
    ),
    Case(
      "WEBVTTX\n\n00:00.000 --> 00:01.000\nx\n",
      Finding(
        1, 7,
        "\"WEBVTT\" is followed by \"X\", not a space, a tab or a line break; the file is not read")
    ),
    Case(
      "WEBVTT\u{0C}\n",
      Finding(
        1, 7,
        "\"WEBVTT\" is followed by a form feed (U+000C), not a space, a tab or a line break;"
          + " the file is not read")),
  ]

  static let blockCases: [Case] = [
    Case(
      "WEBVTT\nmade by hand\n\n\(timing)\nx\n",
      Finding(2, 1, "missing blank line after the \"WEBVTT\" line")),
    // One line that is not `Name: value` makes the whole header the error.
    Case(
      "WEBVTT\nKind: captions\nmade by hand\n\n\(timing)\nx\n",
      Finding(2, 1, "missing blank line after the \"WEBVTT\" line")),
    Case("WEBVTT\n\n\(timing)\nA\u{0}B\n", Finding(4, 2, "NUL character, read as U+FFFD")),
    Case("WEBVTT\n\n\(timing)\nHello", Finding(4, 6, "missing line break at the end of the file")),
    Case(
      "WEBVTT\n\nSTYLE\n::cue { color: red }\n/* --> */\n",
      Finding(5, 1, "expected a timestamp, found \"/\"; the cue is dropped"),
      Finding(5, 4, "STYLE block contains \"-->\", which ends the style sheet early")),
    Case(
      "WEBVTT\n\nREGION\nid:a\nwidth:50% -->\n",
      Finding(5, 1, "expected a timestamp, found \"w\"; the cue is dropped"),
      Finding(5, 11, "REGION block contains \"-->\", which ends the region settings early")),
    Case(
      "WEBVTT\n\n\(timing)\nx\n\nSTYLE\n::cue { color: red }\n",
      Finding(6, 1, "STYLE block after the first cue is ignored")),
    Case(
      "WEBVTT\n\n\(timing)\nx\n\nREGION\nid:a\n",
      Finding(6, 1, "REGION block after the first cue is ignored")),
    Case(
      "WEBVTT\n\n\(timing)\nx\n\nSTYLE\n\nREGION\n",
      Finding(6, 1, "STYLE block after the first cue is ignored"),
      Finding(8, 1, "REGION block after the first cue is ignored")),
    Case(
      "WEBVTT\n\nNOTE\nsome\nA --> B\n",
      Finding(5, 1, "expected a timestamp, found \"A\"; the cue is dropped"),
      Finding(5, 3, "NOTE block contains \"-->\", which ends the comment")),
    Case(
      "WEBVTT\n\nREGION\nwidth:50%\n",
      Finding(3, 1, "REGION block has no id setting, so no cue can use it")),
    Case(
      "WEBVTT\n\nREGION\n\n\(timing)\nx\n",
      Finding(3, 1, "REGION block has no id setting, so no cue can use it")),
    Case(
      "WEBVTT\n\nATTRIBUTES\n\n\(timing)\nx\n\nATTRIBUTES\n",
      Finding(8, 1, "text \"ATTRIBUTES\" is outside any cue and is ignored")),
    Case(
      "WEBVTT\n\nhello world\n\n\(timing)\nx\n",
      Finding(3, 1, "text \"hello world\" is outside any cue and is ignored")),
    Case(
      "WEBVTT\n\nNOTE\n\(timing)\nx\n",
      Finding(4, 11, "NOTE block contains \"-->\" on its second line, so it is read as a cue")),
    Case(
      "WEBVTT\n\nNOTE\nsee -> and --> here\n",
      Finding(
        4, 12, "NOTE block contains \"-->\" on its second line, so the block is dropped")),
    Case(
      "WEBVTT\n\na\n\(timing)\nx\n\na\n00:01.000 --> 00:02.000\ny\n",
      Finding(7, 1, "cue identifier \"a\" is already used by cue 1")),
    Case(
      "WEBVTT\n\n\(timing)\nx\n00:01.000 --> 00:02.000\ny\n",
      Finding(5, 1, "missing blank line before \"00:01.000 --> 00:02.000\", which ends the cue")),
    Case(
      "WEBVTT\n\nintro-->\n\(timing)\nx\n",
      Finding(3, 6, "cue identifier \"intro-->\" contains \"-->\"")),
    Case(
      "WEBVTT\n\nREGION\nid:a\n\nREGION\nid:a\n",
      Finding(6, 1, "region id \"a\" is already defined on line 3")),
  ]

  static let timingCases: [Case] = [
    Case(
      "WEBVTT\n\n00:00.000\u{0C}--> 00:01.000\nx\n",
      Finding(3, 10, "a form feed (U+000C) in the cue timing line")),
    Case(
      "WEBVTT\n\n \(timing)\nx\n", Finding(3, 1, "cue timing line starts with whitespace")),
    Case(
      "WEBVTT\n\n\u{0B}\(timing)\nx\n",
      Finding(3, 1, "expected a timestamp, found a vertical tab (U+000B); the cue is dropped")),
    Case(
      "WEBVTT\n\n00:00.000--> 00:01.000\nx\n", Finding(3, 10, "missing space before \"-->\"")),
    Case(
      "WEBVTT\n\n00:00.000 -> 00:01.000 -->\nx\n",
      Finding(
        3, 11, "expected \"-->\" after timestamp \"00:00.000\", found \"->\"; the cue is dropped")),
    Case(
      "WEBVTT\n\n00:00.000 -->00:01.000\nx\n", Finding(3, 14, "missing space after \"-->\"")),
    Case(
      "WEBVTT\n\n\(timing)align:end\nx\n",
      Finding(3, 24, "missing space between the end timestamp and the cue settings")),
    Case(
      "WEBVTT\n\n0:00:00.000 --> 00:01.000\nx\n",
      Finding(3, 1, "timestamp \"0:00:00.000\" has 1-digit hours; expected at least 2")),
    Case(
      "WEBVTT\n\n--> 00:01.000\nx\n",
      Finding(3, 1, "missing start timestamp before \"-->\"; the cue is dropped")),
    Case(
      "WEBVTT\n\n00:00.000 -->\nx\n", Finding(3, 14, "missing end timestamp; the cue is dropped")),
    Case(
      "WEBVTT\n\nx00:00.000 --> 00:01.000\ny\n",
      Finding(3, 1, "expected a timestamp, found \"x\"; the cue is dropped")),
    Case(
      "WEBVTT\n\n00.000 --> 00:01.000\nx\n",
      Finding(
        3, 1, "timestamp \"00.000\" has no minutes; expected mm:ss.ttt; the cue is dropped")),
    Case(
      "WEBVTT\n\n00::00.000 --> 00:01.000\nx\n",
      Finding(
        3, 1, "timestamp \"00::00.000\" is not of the form [hh:]mm:ss.ttt; the cue is dropped")),
    Case(
      "WEBVTT\n\n00:000:00.000 --> 00:01.000\nx\n",
      Finding(
        3, 1, "timestamp \"00:000:00.000\" has 3-digit minutes; expected 2; the cue is dropped")),
    Case(
      "WEBVTT\n\n00:00:0.000 --> 00:01.000\nx\n",
      Finding(
        3, 1, "timestamp \"00:00:0.000\" has 1-digit seconds; expected 2; the cue is dropped")),
    Case(
      "WEBVTT\n\n00:00:00 --> 00:01.000\nx\n",
      Finding(
        3, 1,
        "timestamp \"00:00:00\" has no milliseconds; expected .ttt after the seconds;"
          + " the cue is dropped")),
    Case(
      "WEBVTT\n\n00:00:00. --> 00:01.000\nx\n",
      Finding(
        3, 1, "timestamp \"00:00:00.\" has no digits after \".\"; expected 3; the cue is dropped")),
    Case(
      "WEBVTT\n\n00:00:00.00 --> 00:01.000\nx\n",
      Finding(
        3, 1,
        "timestamp \"00:00:00.00\" has 2-digit milliseconds; expected 3; the cue is dropped")),
    Case(
      "WEBVTT\n\n00:00.000 --> 00:61.000\nx\n",
      Finding(
        3, 15, "timestamp \"00:61.000\" has minutes or seconds over 59; the cue is dropped")),
  ]

  static let settingCases: [Case] = [
    Case(
      "WEBVTT\n\n\(timing) align\nx\n",
      Finding(3, 25, "cue setting \"align\" has no \":\" and is ignored")),
    Case(
      "WEBVTT\n\n\(timing) :end\nx\n",
      Finding(3, 25, "cue setting \":end\" has no name and is ignored")
    ),
    Case(
      "WEBVTT\n\n\(timing) align:\nx\n",
      Finding(3, 25, "cue setting \"align:\" has no value and is ignored")),
    Case("WEBVTT\n\n\(timing) color:red\nx\n", Finding(3, 25, "unknown cue setting \"color\"")),
    Case(
      "WEBVTT\n\n\(timing) align:start align:end\nx\n",
      Finding(3, 37, "duplicate cue setting \"align\"")),
    Case("WEBVTT\n\n\(timing) region:nope\nx\n", Finding(3, 25, "region \"nope\" is not defined")),
    Case(
      "WEBVTT\n\n\(timing) vertical:up\nx\n",
      Finding(3, 25, "invalid value \"up\" for cue setting \"vertical\"; expected rl or lr")),
    Case(
      "WEBVTT\n\n\(timing) line:1.5\nx\n",
      Finding(
        3, 25,
        "invalid value \"1.5\" for cue setting \"line\"; expected a line number or a percentage"
          + " from 0% to 100%, optionally followed by ,start ,center or ,end")),
    Case(
      "WEBVTT\n\n\(timing) position:50\nx\n",
      Finding(
        3, 25,
        "invalid value \"50\" for cue setting \"position\"; expected a percentage from 0% to"
          + " 100%, optionally followed by ,line-left ,center or ,line-right")),
    Case(
      "WEBVTT\n\n\(timing) size:150%\nx\n",
      Finding(
        3, 25,
        "invalid value \"150%\" for cue setting \"size\"; expected a percentage from 0% to 100%")),
    Case(
      "WEBVTT\n\n\(timing) align:middle\nx\n",
      Finding(
        3, 25,
        "invalid value \"middle\" for cue setting \"align\"; expected start, center, end, left or"
          + " right")),
    Case(
      "WEBVTT\n\nREGION\nid:a\n\n\(timing) region:a line:0\nx\n",
      Finding(
        6, 25, "region \"a\" is ignored because the cue also has a line setting")),
  ]

  static let regionCases: [Case] = [
    Case(
      "WEBVTT\n\nREGION\nid:a width\n",
      Finding(4, 6, "region setting \"width\" has no \":\" and is ignored")),
    Case(
      "WEBVTT\n\nREGION\nid:a :50%\n",
      Finding(4, 6, "region setting \":50%\" has no name and is ignored")),
    Case(
      "WEBVTT\n\nREGION\nid:a width:\n",
      Finding(4, 6, "region setting \"width:\" has no value and is ignored")),
    Case("WEBVTT\n\nREGION\nid:a color:red\n", Finding(4, 6, "unknown region setting \"color\"")),
    Case(
      "WEBVTT\n\nREGION\nid:a width:10% width:20%\n",
      Finding(4, 16, "duplicate region setting \"width\"")),
    Case(
      "WEBVTT\n\nREGION\nid:a width:120%\n",
      Finding(
        4, 6,
        "invalid value \"120%\" for region setting \"width\"; expected a percentage from 0% to 100%"
      )),
    Case(
      "WEBVTT\n\nREGION\nid:a\nlines:two\n",
      Finding(
        5, 1, "invalid value \"two\" for region setting \"lines\"; expected a whole number of lines"
      )
    ),
    Case(
      "WEBVTT\n\nREGION\nid:a regionanchor:50%\n",
      Finding(
        4, 6,
        "invalid value \"50%\" for region setting \"regionanchor\"; expected two percentages from"
          + " 0% to 100% separated by a comma, such as 0%,100%")),
    Case(
      "WEBVTT\n\nREGION\nid:a scroll:down\n",
      Finding(4, 6, "invalid value \"down\" for region setting \"scroll\"; expected up")),
  ]

  @Test(arguments: signatureCases + blockCases + timingCases + settingCases + regionCases)
  func reportsEachProblem(_ testCase: Case) {
    let result = WebVTTReader.read(testCase.input, path: "t.vtt")
    #expect(Self.findings(result) == testCase.expected)
    for diagnostic in result.diagnostics {
      #expect(diagnostic.rule == "parse.webvtt")
      #expect(diagnostic.severity == .error)
      #expect(diagnostic.file == "t.vtt")
    }
  }

  @Test func secondByteOrderMarkRejectsTheFile() {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("WEBVTT\n".utf8)
    let result = WebVTTReader.read(TextDecoding.decode(bytes))
    #expect(
      Self.findings(result) == [
        Finding(1, 1, "second byte order mark before \"WEBVTT\"; the file is not read")
      ])
    #expect(result.track.cues.isEmpty)
  }

  @Test func invalidSignatureGivesNoCuesAndOneError() {
    let result = WebVTTReader.read("WEBVTTX\n\n00:00.000 --> 00:01.000\nx\n\nbad\n")
    #expect(result.track.cues.isEmpty)
    #expect(result.diagnostics.count == 1)
  }

  @Test func findingsInACueNameTheCue() throws {
    let result = WebVTTReader.read(
      "WEBVTT\n\n00:00.000 --> 00:01.000\nx\n\nsecond\n00:01.000 --> 00:02.500 align:middle\ny\n")
    let diagnostic = try #require(result.diagnostics.first)
    let cue = try #require(diagnostic.cue)
    #expect(cue.index == 2)
    #expect(cue.id == "second")
    #expect(cue.start == MediaTime(milliseconds: 1000))
    #expect(cue.end == MediaTime(milliseconds: 2500))
    #expect(diagnostic.hint == nil)
    #expect(diagnostic.location == SourceLocation(line: 7, column: 25, offset: 66))
  }

  @Test(arguments: ["\r\n", "\r", "\n"])
  func findingsInCueTextAreAtTheirBytesWhateverEndsTheLines(_ end: String) throws {
    // The cue text is joined with LF when the file ends its lines otherwise; the findings'
    // byte offsets still point into the file.
    let text = "WEBVTT\(end)\(end)00:00.000 --> 00:01.000\(end)one\(end)two\(end)<i>x &bogus\(end)"
    let bytes = Array(text.utf8)
    let result = WebVTTReader.read(text)
    let found = result.diagnostics.compactMap(\.location)
    let italic = try #require(bytes.firstRange(of: Array("<i>".utf8))?.lowerBound)
    let reference = try #require(bytes.firstRange(of: Array("&bogus".utf8))?.lowerBound)
    #expect(found.contains(SourceLocation(line: 6, column: 1, offset: italic)))
    #expect(found.contains(SourceLocation(line: 6, column: 6, offset: reference)))
    #expect(found.allSatisfy { $0.line == 6 })
  }

  @Test func findsRepeatedIdentifiersAfterANumberedRun() {
    func file(_ ids: [String]) -> String {
      "WEBVTT\n\n"
        + ids.enumerated().map {
          "\($0.element)\n00:0\($0.offset).000 --> 00:0\($0.offset).500\nx\n"
        }
        .joined(separator: "\n")
    }
    #expect(WebVTTReader.read(file(["1", "2", "3", "4"])).diagnostics.isEmpty)
    #expect(
      WebVTTReader.read(file(["1", "2", "3", "2"])).diagnostics.map(\.message) == [
        "cue identifier \"2\" is already used by cue 2"
      ])
    #expect(
      WebVTTReader.read(file(["1", "2", "b", "b", "1", "01"])).diagnostics.map(\.message) == [
        "cue identifier \"b\" is already used by cue 3",
        "cue identifier \"1\" is already used by cue 1",
      ])
    #expect(
      WebVTTReader.read(file(["1", "", "2", "", "2"])).diagnostics.map(\.message) == [
        "cue identifier \"2\" is already used by cue 3"
      ])
  }

  @Test func dropsTheCueWhoseTimingsFail() {
    let result = WebVTTReader.read(
      "WEBVTT\n\n00:00.000 --> 00:61.000\nlost\n\n00:02.000 --> 00:03.000\nkept\n")
    #expect(result.track.cues.map(\.rawText) == ["kept"])
    #expect(result.diagnostics.count == 1)
    #expect(result.diagnostics.first?.cue == nil)
  }

  @Test func regionBeforeLineKeepsTheRegionInSettingOrder() {
    // The algorithm applies settings in order: "line" after "region" drops the region, "region"
    // after "line" sets it again.
    let result = WebVTTReader.read(
      "WEBVTT\n\nREGION\nid:a\n\n00:00.000 --> 00:01.000 line:0 region:a\nx\n")
    #expect(result.track.cues.first?.settings.region == "a")
    #expect(result.diagnostics.isEmpty)
  }

  @Test func columnsCountUTF8Bytes() {
    let result = WebVTTReader.read("WEBVTT\n\n00:00.000 --> 00:01.000 région:x\ny\n")
    #expect(Self.findings(result) == [Finding(3, 25, "unknown cue setting \"région\"")])
    let late = WebVTTReader.read("WEBVTT\n\n00:00.000 --> 00:01.000 é:x align:\ny\n")
    #expect(late.diagnostics.last?.location?.column == 30)
  }

  @Test func quotesAreCutAndEscaped() {
    let long = String(repeating: "é", count: 30)
    let result = WebVTTReader.read("WEBVTT\n\n\(long)\u{1}\n")
    #expect(
      Self.findings(result) == [
        Finding(
          3, 1, "text \"\(String(repeating: "é", count: 20))…\" is outside any cue and is ignored")
      ])
    let escaped = WebVTTReader.read("WEBVTT\n\nab\u{1}c\n")
    #expect(
      escaped.diagnostics.first?.message == "text \"ab\\u{1}c\" is outside any cue and is ignored")
  }

  @Test func validFileHasNoFindings() {
    let result = WebVTTReader.read(
      "WEBVTT Some title\n\nNOTE a comment\n\nSTYLE\n::cue { color: yellow }\n\nREGION\n"
        + "id:r width:40% lines:3 regionanchor:0%,100% viewportanchor:10%,90% scroll:up\n\n"
        + "ATTRIBUTES\n\n1\n00:00:01.000 --> 00:00:02.000 region:r align:start\nHello\n\n"
        + "2\n00:02.000 --> 00:03.000 vertical:rl line:-1,end position:10%,line-left size:50%\n"
        + "World\n")
    #expect(result.diagnostics.isEmpty)
    #expect(result.track.cues.count == 2)
  }
}
