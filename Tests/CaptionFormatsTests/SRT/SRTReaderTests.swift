import CaptionCore
import CaptionFormats
import Testing

/// What `SRTReader` recovers from real-world SRT, and the `parse.srt` finding for each repair.
@Suite struct SRTReaderTests {
  private func read(_ text: String) -> ReadResult { SRTReader.read(text, path: "t.srt") }

  private func summaries(_ text: String) -> [String] { read(text).diagnostics.map(\.summary) }

  private func ms(_ value: Int64) -> MediaTime { MediaTime(milliseconds: value) }

  @Test func readsAWellFormedFileWithoutFindings() throws {
    let result = read(
      "1\n00:00:01,000 --> 00:00:02,500\nHello\nworld\n\n2\n01:02:03,004 --> 01:02:04,000\nBye\n")
    #expect(result.diagnostics.isEmpty)
    #expect(result.track.format == .srt)
    #expect(result.track.path == "t.srt")
    #expect(result.track.encoding == "UTF-8")
    let cues = result.track.cues
    try #require(cues.count == 2)
    #expect(cues[0].id == "1")
    #expect(cues[0].start == ms(1000))
    #expect(cues[0].end == ms(2500))
    #expect(cues[0].rawText == "Hello\nworld")
    #expect(cues[0].text.plainString == "Hello\nworld")
    #expect(cues[0].settings == .default)
    #expect(cues[0].location == SourceLocation(line: 1, column: 1, offset: 0))
    #expect(cues[1].id == "2")
    #expect(cues[1].start == ms(3_723_004))
    #expect(cues[1].location == SourceLocation(line: 6, column: 1, offset: 45))
  }

  /// A timing read without a finding is written exactly `hh:mm:ss,mmm --> hh:mm:ss,mmm`
  /// (minutes and seconds up to 59) and read as its digits say: checked with every byte of a
  /// timing replaced by digits, letters and separators.
  @Test func readsATimingSilentlyOnlyWhenItIsWrittenTheSRTWay() throws {
    let clean = Array("12:34:56,789 --> 01:02:03,004".utf8)
    let replacements = Array("0569a;/.:, -".utf8)
    func time(_ bytes: ArraySlice<UInt8>) -> Int64? {
      let text = Array(bytes)
      guard text.count == 12, text[2] == 0x3A, text[5] == 0x3A, text[8] == 0x2C else {
        return nil
      }
      var digits: [Int64] = []
      for index in [0, 1, 3, 4, 6, 7, 9, 10, 11] {
        guard text[index] >= 0x30, text[index] <= 0x39 else { return nil }
        digits.append(Int64(text[index] - 0x30))
      }
      guard digits[2] <= 5, digits[4] <= 5 else { return nil }
      let seconds =
        ((digits[0] * 10 + digits[1]) * 60 + digits[2] * 10 + digits[3]) * 60 + digits[4] * 10
        + digits[5]
      return seconds * 1000 + digits[6] * 100 + digits[7] * 10 + digits[8]
    }
    var silent = 0
    for position in clean.indices {
      for byte in replacements where byte != clean[position] {
        var timing = clean
        timing[position] = byte
        let result = read("1\n" + String(decoding: timing, as: UTF8.self) + "\nHello\n")
        guard result.diagnostics.isEmpty else { continue }
        silent += 1
        let cue = try #require(result.track.cues.first)
        let start = try #require(time(timing[0..<12]), "\(String(decoding: timing, as: UTF8.self))")
        let end = try #require(time(timing[17...]), "\(String(decoding: timing, as: UTF8.self))")
        #expect(timing[12..<17] == clean[12..<17])
        #expect(cue.start == ms(start) && cue.end == ms(end))
      }
    }
    // The digits replaced by digits (and the lower minutes and seconds) are read silently.
    #expect(silent > 40)
  }

  @Test func removesASecondByteOrderMark() throws {
    let bytes: [UInt8] =
      [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("1\n00:00:01,000 --> 00:00:02,000\nHi\n".utf8)
    let result = SRTReader.read(TextDecoding.decode(bytes), path: "t.srt")
    #expect(result.track.cues.map(\.rawText) == ["Hi"])
    #expect(result.track.cues.first?.id == "1")
    #expect(
      result.diagnostics.map(\.summary) == [
        "1:1: warning: second byte order mark at the start of the file removed"
      ])
  }

  @Test func reportsACounterThatIsNotANumber() {
    let result = read(
      "1\n00:00:01,000 --> 00:00:02,000\nA\n\nx2\n00:00:03,000 --> 00:00:04,000\nB\n")
    #expect(
      result.diagnostics.map(\.summary) == ["5:1: warning: counter 'x2' of cue 2 is not a number"])
    #expect(result.track.cues.map(\.id) == ["1", "x2"])
    let diagnostic = result.diagnostics.first
    #expect(diagnostic?.rule == "parse.srt")
    #expect(diagnostic?.file == "t.srt")
    #expect(diagnostic?.location?.offset == 35)
    #expect(diagnostic?.cue == CueReference(index: 2, id: "x2", start: ms(3000), end: ms(4000)))
    #expect(diagnostic?.hint != nil)
  }

  @Test func reportsCountersOutOfSequenceOnce() {
    let text =
      "1\n00:00:01,000 --> 00:00:02,000\nA\n\n5\n00:00:03,000 --> 00:00:04,000\nB\n\n"
      + "6\n00:00:05,000 --> 00:00:06,000\nC\n"
    #expect(summaries(text) == ["5:1: warning: counter 5 of cue 2 is out of sequence, expected 2"])
    #expect(read(text).track.cues.map(\.id) == ["1", "5", "6"])
  }

  @Test func reportsAFirstCounterOtherThanOne() {
    #expect(
      summaries("0\n00:00:01,000 --> 00:00:02,000\nA\n")
        == ["1:1: warning: counter 0 of cue 1 is out of sequence, expected 1"])
  }

  @Test func reportsADuplicatedCounter() {
    let text = "1\n00:00:01,000 --> 00:00:02,000\nA\n\n1\n00:00:03,000 --> 00:00:04,000\nB\n"
    #expect(summaries(text) == ["5:1: warning: counter 1 of cue 2 repeats the previous counter"])
    #expect(read(text).track.cues.count == 2)
  }

  @Test func reportsAMissingCounter() {
    let result = read("00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n")
    #expect(result.diagnostics.map(\.summary) == ["1:1: warning: cue 1 has no counter"])
    #expect(result.track.cues.map(\.id) == ["", "2"])
    #expect(result.diagnostics.first?.cue?.id == nil)
  }

  @Test func reportsATimingLineRightAfterText() {
    let result = read("1\n00:00:01,000 --> 00:00:02,000\nA\n00:00:03,000 --> 00:00:04,000\nB\n")
    #expect(
      result.diagnostics.map(\.summary) == [
        "4:1: warning: missing blank line before cue 2", "4:1: warning: cue 2 has no counter",
      ])
    #expect(result.track.cues.map(\.rawText) == ["A", "B"])
  }

  @Test func reportsACounterRightAfterText() {
    let result = read("1\n00:00:01,000 --> 00:00:02,000\nA\n2\n00:00:03,000 --> 00:00:04,000\nB")
    #expect(result.diagnostics.map(\.summary) == ["4:1: warning: missing blank line before cue 2"])
    #expect(result.track.cues.map(\.rawText) == ["A", "B"])
    #expect(result.track.cues.map(\.id) == ["1", "2"])
  }

  @Test func keepsANumberInTheTextWhenNoTimingFollows() {
    let result = read("1\n00:00:01,000 --> 00:00:02,000\nRoom\n101\n")
    #expect(result.diagnostics.isEmpty)
    #expect(result.track.cues.map(\.rawText) == ["Room\n101"])
  }

  @Test func reportsADotBeforeTheMilliseconds() {
    let result = read("1\n00:00:01.000 --> 00:00:02.500\nA\n")
    #expect(
      result.diagnostics.map(\.summary) == [
        "2:1: warning: start time of cue 1 '00:00:01.000' has '.' before the milliseconds, expected ','",
        "2:18: warning: end time of cue 1 '00:00:02.500' has '.' before the milliseconds, expected ','",
      ])
    #expect(result.track.cues.first?.end == ms(2500))
  }

  @Test func reportsMissingAndExtraDigits() {
    let result = read("1\n0:0:1,5 --> 00:00:02,12345\nA\n\n2\n01:02,30 --> 00:01:03\nB\n")
    #expect(
      result.diagnostics.map(\.summary) == [
        "2:1: warning: start time of cue 1 '0:0:1,5' has 1-digit hours, expected 2",
        "2:1: warning: start time of cue 1 '0:0:1,5' has 1-digit minutes, expected 2",
        "2:1: warning: start time of cue 1 '0:0:1,5' has 1-digit seconds, expected 2",
        "2:1: warning: start time of cue 1 '0:0:1,5' has 1-digit milliseconds, read as 00:00:01,500",
        "2:13: warning: end time of cue 1 '00:00:02,12345' has 5-digit milliseconds, read as 00:00:02,123",
        "6:1: warning: start time of cue 2 '01:02,30' has no hours, read as 00:01:02,300",
        "6:1: warning: start time of cue 2 '01:02,30' has 2-digit milliseconds, read as 00:01:02,300",
        "6:14: warning: end time of cue 2 '00:01:03' has no milliseconds, read as 00:01:03,000",
      ])
    let cues = read("1\n0:0:1,5 --> 00:00:02,12345\nA\n\n2\n01:02,30 --> 00:01:03\nB\n").track.cues
    #expect(cues.map(\.start) == [ms(1500), ms(62_300)])
    #expect(cues.map(\.end) == [ms(2123), ms(63_000)])
  }

  @Test func reportsFieldsOverFiftyNine() {
    let result = read("1\n00:00:75,000 --> 00:01:20,000\nA\n")
    #expect(
      result.diagnostics.map(\.summary) == [
        "2:1: warning: start time of cue 1 '00:00:75,000' has seconds over 59, read as 00:01:15,000"
      ])
    #expect(result.track.cues.first?.start == ms(75_000))
  }

  @Test func reportsTrailingSpaces() {
    let result = read(
      "1 \n00:00:01,000 --> 00:00:02,000\t \nA  \n \n2\n00:00:03,000 --> 00:00:04,000\nB\n")
    #expect(
      result.diagnostics.map(\.summary) == [
        "1:2: warning: trailing spaces after the counter of cue 1",
        "2:30: warning: trailing spaces after the timing of cue 1",
        "4:1: warning: line of only spaces read as a blank line",
      ])
    #expect(result.track.cues.map(\.id) == ["1", "2"])
    #expect(result.track.cues.map(\.rawText) == ["A  ", "B"])
  }

  @Test func reportsExtraBlankLinesBetweenCues() {
    let result = read(
      "\n\n1\n00:00:01,000 --> 00:00:02,000\nA\n\n\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n\n\n")
    #expect(
      result.diagnostics.map(\.summary) == [
        "1:1: warning: extra blank line before cue 1",
        "7:1: warning: 2 extra blank lines before cue 2",
      ])
    #expect(result.track.cues.count == 2)
  }

  @Test func joinsTextAfterABlankLineToItsCue() {
    let result = read(
      "1\n00:00:01,000 --> 00:00:02,000\n\nA\n\n\nB\n\n2\n00:00:03,000 --> 00:00:04,000\nC\n")
    #expect(
      result.diagnostics.map(\.summary) == [
        "3:1: warning: blank line inside cue 1 removed",
        "5:1: warning: 2 blank lines inside cue 1 removed",
      ])
    #expect(result.track.cues.map(\.rawText) == ["A\nB", "C"])
  }

  @Test func keepsACueWithNoText() {
    let result = read("1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n")
    #expect(result.diagnostics.isEmpty)
    #expect(result.track.cues.map(\.rawText) == ["", "B"])
  }

  @Test func dropsAndReportsTextBeforeTheFirstCue() {
    let result = read(
      "Subtitles by someone\nwww.example.com\n\n1\n00:00:01,000 --> 00:00:02,000\nA\n")
    #expect(
      result.diagnostics.map(\.summary) == [
        "1:1: error: 2 lines of text with no timing dropped, starting 'Subtitles by someone'"
      ])
    #expect(result.track.cues.map(\.rawText) == ["A"])
    #expect(
      summaries("Hello\n\n1\n00:00:01,000 --> 00:00:02,000\nA\n")
        == ["1:1: error: text 'Hello' has no timing, dropped"])
  }

  @Test func readsANonNumberCounterAfterStrayText() {
    let result = read("Hello\n\nfirst\n00:00:01,000 --> 00:00:02,000\nA\n")
    #expect(
      result.diagnostics.map(\.summary) == [
        "1:1: error: text 'Hello' has no timing, dropped",
        "3:1: warning: counter 'first' of cue 1 is not a number",
      ])
    #expect(result.track.cues.map(\.id) == ["first"])
  }

  @Test func reportsPositionCoordinatesAndOtherTextAfterTheEndTime() {
    let result = read(
      "1\n00:00:01,000 --> 00:00:02,000  X1:100 X2:600 Y1:50 Y2:100\nA\n\n"
        + "2\n00:00:03,000 --> 00:00:04,000 align:top\nB\n")
    #expect(
      result.diagnostics.map(\.summary) == [
        "2:32: warning: position coordinates 'X1:100 X2:600 Y1:50 Y2:100' of cue 1 ignored",
        "6:31: warning: text 'align:top' after the end time of cue 2 ignored",
      ])
    #expect(result.track.cues.map(\.end) == [ms(2000), ms(4000)])
    #expect(result.track.cues.allSatisfy { $0.settings == .default })
  }

  @Test func reportsAnArrowWithoutSpaces() {
    let result = read("1\n00:00:01,000-->00:00:02,000\nA\n")
    #expect(
      result.diagnostics.map(\.summary) == [
        "2:13: warning: timing of cue 1 has no space around '-->'"
      ])
    #expect(result.track.cues.first?.end == ms(2000))
  }

  @Test func dropsACueWhoseTimingCannotBeReadAndReportsIt() {
    let text =
      "1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:0x,000 --> 00:00:04,000\nB\n\nC\n\n"
      + "3\n00:00:05,000 --> 00:00:06,000\nD\n\n4\n00:00:07,000 --> later\nE\n"
    let result = read(text)
    #expect(
      result.diagnostics.map(\.summary) == [
        "6:1: error: timing '00:00:0x,000 --> 00:00:04,000' cannot be read, the cue is dropped with its text",
        "16:1: error: timing '00:00:07,000 --> later' cannot be read, the cue is dropped with its text",
      ])
    #expect(result.diagnostics.allSatisfy { $0.cue == nil })
    #expect(result.track.cues.map(\.rawText) == ["A", "D"])
    #expect(result.track.cues.map(\.id) == ["1", "3"])
  }

  @Test func dropsABlockWhoseTimingLineIsNoTimingInsteadOfJoiningIt() {
    let text =
      "1\r\n00:00:01,000 --> 00:00:02,000\r\nHello there\r\n\r\n2\r\nabc --> def\r\n"
      + "Lost line\r\n\r\n3\r\n00:00:05,000 --> 00:00:06,000\r\nThird\r\n"
    let result = read(text)
    #expect(
      result.diagnostics.map(\.summary) == [
        "6:1: error: timing 'abc --> def' cannot be read, the cue is dropped with its text"
      ])
    #expect(result.track.cues.map(\.rawText) == ["Hello there", "Third"])
  }

  @Test func keepsDialogueWithAnArrowAsText() {
    let result = read("1\n00:00:01,000 --> 00:00:02,000\nPress 5\nthen --> go\n")
    #expect(result.diagnostics.isEmpty)
    #expect(result.track.cues.map(\.rawText) == ["Press 5\nthen --> go"])
  }

  @Test func keepsACueThatEndsBeforeItStarts() {
    let result = read("1\n00:00:05,000 --> 00:00:02,000\nA\n")
    #expect(result.diagnostics.isEmpty)
    #expect(result.track.cues.first?.end == ms(2000))
  }

  @Test func readsCRLFAndCRLineEndsLikeLF() {
    let lf =
      "1\n00:00:01,000 --> 00:00:02,000\nA\nB\n\n2\n00:00:03,000 --> 00:00:04,000\n<i>C</i>\n"
    let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
    let cr = lf.replacingOccurrences(of: "\n", with: "\r")
    let expected = read(lf).track.cues
    for text in [crlf, cr] {
      let result = read(text)
      #expect(result.diagnostics.isEmpty)
      #expect(result.track.cues.map(\.rawText) == expected.map(\.rawText))
      #expect(result.track.cues.map(\.text) == expected.map(\.text))
      #expect(result.track.cues.map(\.start) == expected.map(\.start))
    }
    #expect(read(crlf).track.cues.map(\.location?.offset) == [0, 42])
    #expect(read(cr).track.cues.map(\.location?.offset) == [0, 37])
  }

  @Test func readsAFinalCueWithoutANewline() {
    let result = read("1\n00:00:01,000 --> 00:00:02,000\nLast words")
    #expect(result.diagnostics.isEmpty)
    #expect(result.track.cues.map(\.rawText) == ["Last words"])
  }

  @Test func readsAnEmptyFile() {
    #expect(read("").track.cues.isEmpty)
    #expect(read("").diagnostics.isEmpty)
    #expect(read("\n\n").diagnostics.isEmpty)
  }

  @Test func placesFindingsInTheSecondLineOfACue() {
    let result = read("1\r\n00:00:01,000 --> 00:00:02,000\r\nFirst line\r\nthen <B>bold</B>\r\n")
    #expect(
      result.diagnostics.map(\.summary) == [
        "4:6: warning: uppercase tag '<B>' in cue 1 read as <b>",
        "4:13: warning: uppercase tag '</B>' in cue 1 read as </b>",
      ])
    #expect(result.diagnostics.first?.location?.offset == 51)
  }

  @Test func keepsTheDecodersFindingsFirst() {
    let finding = Diagnostic(rule: "parse.encoding", severity: .warning, message: "m")
    let text = DecodedText(
      utf8: Array("00:00:01,000 --> 00:00:02,000\nA\n".utf8), encoding: .windows1252,
      diagnostics: [finding])
    let result = SRTReader.read(text)
    #expect(result.diagnostics.map(\.rule) == ["parse.encoding", "parse.srt"])
    #expect(result.track.encoding == "windows-1252")
  }

  @Test func printsTheExampleOfTheRulePage() {
    let text =
      "3\n0:00:03.000 --> 00:00:04,000\nCounter out of sequence\n"
      + "4\n00:00:05,000 --> 00:00:06,000\nNo blank line before this cue\n\n"
      + "5\n00:00:07,000 --> 00:00:0x,000\nDropped\n"
    let result = SRTReader.read(text, path: "movie.srt")
    #expect(
      result.diagnostics.map(\.compilerStyle) == [
        "movie.srt:1:1: warning: counter 3 of cue 1 is out of sequence, expected 1 [parse.srt]",
        "movie.srt:2:1: warning: start time of cue 1 '0:00:03.000' has 1-digit hours, expected 2 [parse.srt]",
        "movie.srt:2:1: warning: start time of cue 1 '0:00:03.000' has '.' before the milliseconds, expected ',' [parse.srt]",
        "movie.srt:4:1: warning: missing blank line before cue 2 [parse.srt]",
        "movie.srt:9:1: error: timing '00:00:07,000 --> 00:00:0x,000' cannot be read, the cue is dropped with its text [parse.srt]",
      ])
  }

  /// `mm:ss,mmm` with two-digit fields was read without a word.
  @Test func timesWithoutHoursAreReported() {
    #expect(
      summaries("1\n00:05,000 --> 00:06,000\nA\n") == [
        "2:1: warning: start time of cue 1 '00:05,000' has no hours, read as 00:00:05,000",
        "2:15: warning: end time of cue 1 '00:06,000' has no hours, read as 00:00:06,000",
      ])
    #expect(read("1\n00:05,000 --> 00:06,000\nA\n").track.cues.first?.start == ms(5000))
  }
}
