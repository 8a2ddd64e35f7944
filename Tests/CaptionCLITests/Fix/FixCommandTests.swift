import Foundation
import Testing

@testable import CaptionCLI

/// `captionkit fix` as a user runs it: what it writes, what it says, and its exit status.
struct FixCommandTests {
  /// A legacy header with a malformed language tag, and a cue with an unclosed tag.
  static let legacy = """
    WEBVTT
    Kind: captions
    Language: en_US

    00:00:01.000 --> 00:00:02.000
    <i>Hello there

    00:00:03.000 --> 00:00:04.000
    Bye

    """

  @Test func repairsTheFileLevelFindingsAndSaysSo() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("in.vtt", Self.legacy)
    let output = folder.path + "/out.vtt"
    let run = ToolRun(["fix", input, "-o", output, "--fps", "25"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      try folder.contents("out.vtt") == """
        WEBVTT

        NOTE
        Kind: captions
        Language: en-US

        00:00:01.000 --> 00:00:02.000
        <i>Hello there</i>

        00:00:03.000 --> 00:00:04.000
        Bye

        """)
    #expect(
      run.stderr == """
        \(input):1:1: fixed: moved the legacy header lines into a NOTE block under the WEBVTT line [parse.webvtt-legacy-header]
        \(input):1:1: fixed: wrote the header's Language en_US as the BCP 47 tag en-US [translation.language-tag]
        \(input):5:1: fixed: closed the <i> left open in cue 1 [readability.unbalanced-tags]
        \(input):6:1: fixed: rewritten as read: cue 1 leaves <i> open at its end [parse.webvtt]
        4 fixed

        """)
    #expect(try folder.contents("in.vtt") == Self.legacy)
  }

  @Test func sortsAndTrimsOverlapsToTheGapInFramesOfFPS() throws {
    let input = """
      WEBVTT

      00:00:04.000 --> 00:00:06.000
      Third

      00:00:01.000 --> 00:00:02.500
      First

      00:00:02.000 --> 00:00:03.500
      Second

      """
    let run = ToolRun(["fix", "-", "-o", "-", "--fps", "25"], stdin: input)
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        WEBVTT

        00:00:01.000 --> 00:00:01.920
        First

        00:00:02.000 --> 00:00:03.500
        Second

        00:00:04.000 --> 00:00:06.000
        Third

        """)
    #expect(
      run.stderr == """
        <stdin>:6:1: fixed: moved cue 2, starting at 00:00:01.000, before cue 1 at 00:00:04.000 [timing.out-of-order]
        <stdin>:6:1: fixed: moved the end of cue 2 from 00:00:02.500 to 00:00:01.920 to leave the 2-frame gap before cue 3 [timing.overlap]
        <stdin>:9:1: fixed: moved cue 3, starting at 00:00:02.000, before cue 1 at 00:00:04.000 [timing.out-of-order]
        3 fixed

        """)
    // Fixed once, nothing is left to fix.
    let again = ToolRun(["fix", "-", "-o", "-", "--fps", "25"], stdin: run.stdout)
    #expect(again.stdout == run.stdout)
    #expect(again.stderr == "0 fixed\n")
  }

  /// The sample film of 30 s at 5 frames per second.
  static let film = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Samples/flawed/flawed.mp4")

  @Test func takesTheFrameRateAndDurationFromTheMediaTheFileBelongsTo() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.copyItem(atPath: Self.film.path, toPath: folder.path + "/movie.mp4")
    let input = try folder.file(
      "movie.en.vtt",
      """
      WEBVTT

      00:00:01.000 --> 00:00:03.000
      First words here

      00:00:03.100 --> 00:00:05.000
      Then more words

      00:00:31.000 --> 00:00:33.000
      After the end

      """)
    let run = ToolRun(["fix", input, "-o", folder.path + "/out.vtt"])
    #expect(run.status == 0, "\(run.stderr)")
    // Two frames at 5 fps: 400 ms.
    #expect(
      try folder.contents("out.vtt") == """
        WEBVTT

        00:00:01.000 --> 00:00:02.700
        First words here

        00:00:03.100 --> 00:00:05.000
        Then more words

        00:00:29.167 --> 00:00:30.000
        After the end

        """)
    #expect(
      run.stderr == """
        \(input):3:1: fixed: moved the end of cue 1 from 00:00:03.000 to 00:00:02.700 to leave the 2-frame gap before cue 2 [timing.min-gap]
        \(input):9:1: fixed: moved cue 3 from 00:00:31.000–00:00:33.000 to 00:00:29.167–00:00:30.000, before the media ends at 00:00:30.000 [timing.beyond-media]
        2 fixed

        """)
    // --fps wins over the media's rate: two frames at 25 fps are 80 ms, and 100 ms is enough.
    let fps = ToolRun(["fix", input, "-o", "-", "--fps", "25"])
    #expect(fps.stdout.contains("00:00:01.000 --> 00:00:03.000\n"))
  }

  @Test func batchWritesAFixedCopyOfEachCaptionFile() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.path + "/a", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: folder.path + "/b", withIntermediateDirectories: true)
    let overlap =
      "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nOne\n\n00:00:02.000 --> 00:00:04.000\nTwo\n"
    let first = try folder.file("a/talk.en.vtt", overlap)
    let second = try folder.file("b/talk.en.vtt", overlap)
    let unique = try folder.file("b/other.srt", "1\n00:00:01,000 --> 00:00:02,000\nFine\n")
    let run = ToolRun([
      "batch", folder.path + "/a", folder.path + "/b", "--fix", folder.path + "/fixed",
      "--quiet", "--no-audio",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }
    let fixed = Dictionary(
      uniqueKeysWithValues: lines.compactMap { line -> (String, [[String: Any]])? in
        guard let input = line["input"] as? String, let fixed = line["fixed"] as? [[String: Any]]
        else { return nil }
        return (input, fixed)
      })
    #expect(fixed.count == 3)
    // The two files of one name go into folders named by a hash of their paths.
    let outputs = [first, second].compactMap { fixed[$0]?.first?["output"] as? String }
    #expect(outputs.count == 2)
    #expect(Set(outputs).count == 2)
    for output in outputs {
      #expect(output.hasPrefix(folder.path + "/fixed/") && output.hasSuffix("/talk.en.vtt"))
      #expect(
        (try? String(contentsOfFile: output, encoding: .utf8))
          == "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOne\n\n00:00:02.000 --> 00:00:04.000\nTwo\n")
    }
    #expect(fixed[first]?.first?["fixed"] as? Int == 1)
    #expect(fixed[unique]?.first?["output"] as? String == folder.path + "/fixed/other.srt")
    #expect(fixed[unique]?.first?["fixed"] as? Int == 0)
    // The inputs are untouched.
    #expect(try folder.contents("a/talk.en.vtt") == overlap)
  }

  @Test func aDryRunPrintsTheDiffAndWritesNothing() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("in.vtt", Self.legacy)
    let run = ToolRun(["fix", input, "--dry-run", "--fps", "25"])
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        --- \(input)
        +++ \(input) (fixed)
        @@ -1,9 +1,11 @@
         WEBVTT
        +
        +NOTE
         Kind: captions
        -Language: en_US
        +Language: en-US
         
         00:00:01.000 --> 00:00:02.000
        -<i>Hello there
        +<i>Hello there</i>
         
         00:00:03.000 --> 00:00:04.000
         Bye

        """)
    #expect(try folder.listing() == ["in.vtt"])
  }

  @Test func aFileWithNothingToFixIsWrittenAsItWasAndKeepsItsLineBreaks() throws {
    let folder = try TemporaryFolder()
    // CR LF line breaks and no blank line after the last cue, as many tools write SRT.
    let clean =
      "1\r\n00:00:01,000 --> 00:00:02,500\r\nHello world\r\n\r\n"
      + "2\r\n00:00:03,000 --> 00:00:04,000\r\nSecond line\r\n"
    let input = try folder.file("clean.srt", clean)
    let run = ToolRun(["fix", input, "-o", folder.path + "/out.srt", "--fps", "25"])
    #expect(run.stderr == "0 fixed\n")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: folder.path + "/out.srt")) == Data(clean.utf8))
    let dry = ToolRun(["fix", input, "--dry-run", "--fps", "25"])
    #expect(dry.stdout == "")

    // With a repair, the file is written again, and keeps its CR LF line breaks.
    let overlapping = clean.replacingOccurrences(of: "00:00:03,000", with: "00:00:02,000")
    let second = try folder.file("overlap.srt", overlapping)
    let fixed = ToolRun(["fix", second, "-o", "-", "--fps", "25"])
    #expect(fixed.stderr.hasSuffix("1 fixed\n"))
    #expect(
      fixed.stdout
        == "1\r\n00:00:01,000 --> 00:00:01,920\r\nHello world\r\n\r\n"
        + "2\r\n00:00:02,000 --> 00:00:04,000\r\nSecond line\r\n\r\n")
    // Converted to another format, the file takes that writer's line breaks.
    let converted = ToolRun(["fix", second, "-o", "-", "--to", "vtt", "--fps", "25"])
    #expect(!converted.stdout.contains("\r"))
  }

  @Test func aFileWithPartsTheReaderCannotReadIsNotFixedWithoutThem() throws {
    let folder = try TemporaryFolder()
    // An SRT-style timestamp in WebVTT: the reader drops the cue; a fixed copy would lose it.
    let input = try folder.file(
      "mixed.vtt",
      "WEBVTT\n\n00:00:03,000 --> 00:00:04,000\nComma cue\n\n"
        + "00:00:05.000 --> 00:00:07.000\nFirst\n\n00:00:06.000 --> 00:00:08.000\nOverlap\n")
    let run = ToolRun(["fix", input, "-o", folder.path + "/out.vtt", "--fps", "25"])
    #expect(run.status == 65)
    #expect(
      run.stderr == """
        \(input):3:1: error: timestamp "00:00:03,000" is not of the form [hh:]mm:ss.ttt; the cue is dropped [parse.webvtt]
            hint: write timestamps as hh:mm:ss.ttt or mm:ss.ttt, such as 00:01:02.500
        error: \(input): a part the reader could not read would be left out of a fixed copy; nothing was written
        hint: correct what the findings above name, then run the command again

        """)
    #expect(!folder.exists("out.vtt"))
  }

  @Test func reencodesToUTF8AndDropsTheByteOrderMark() throws {
    let folder = try TemporaryFolder()
    // "Café" in windows-1252.
    let legacy = try folder.file(
      "legacy.srt", bytes: Array("1\n00:00:01,000 --> 00:00:02,000\nCaf".utf8) + [0xE9, 0x0A])
    var run = ToolRun(["fix", legacy, "-o", folder.path + "/legacy.out.srt", "--fps", "25"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try folder.contents("legacy.out.srt") == "1\n00:00:01,000 --> 00:00:02,000\nCafé\n\n")
    #expect(
      run.stderr.hasPrefix(
        "\(legacy):1:1: fixed: re-encoded the text from windows-1252 to UTF-8 [parse.encoding]\n"))

    let marked = try folder.file(
      "bom.vtt",
      bytes: [0xEF, 0xBB, 0xBF] + Array("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n".utf8))
    run = ToolRun(["fix", marked, "-o", folder.path + "/bom.out.vtt", "--fps", "25"])
    #expect(run.status == 0)
    #expect(try folder.contents("bom.out.vtt") == "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n")
    #expect(
      run.stderr == "\(marked):1:1: fixed: dropped the byte order mark [parse.encoding]\n1 fixed\n")
  }

  @Test func rewritesTheSyntaxFaultsTheReaderReadPastAndSaysWhichItKeeps() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file(
      "in.srt",
      "1\n00:00:01,000 --> 00:00:02,000\nHello\n\n\nthere\n\n5\n00:00:05,000 --> 00:00:06,000  \n"
        + "Third\n3\n00:00:07,000 --> 00:00:08.000\nFour\n")
    var run = ToolRun(["fix", input, "-o", folder.path + "/out.srt", "--fps", "25"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      try folder.contents("out.srt") == """
        1
        00:00:01,000 --> 00:00:02,000
        Hello
        there

        2
        00:00:05,000 --> 00:00:06,000
        Third

        3
        00:00:07,000 --> 00:00:08,000
        Four


        """)
    #expect(
      run.stderr == """
        \(input):4:1: fixed: rewritten as read: 2 blank lines inside cue 1 removed [parse.srt]
        \(input):8:1: fixed: rewritten as read: counter 5 of cue 2 is out of sequence, expected 2 [parse.srt]
        \(input):9:30: fixed: rewritten as read: trailing spaces after the timing of cue 2 [parse.srt]
        \(input):11:1: fixed: rewritten as read: missing blank line before cue 3 [parse.srt]
        \(input):11:1: fixed: rewritten as read: counter 3 of cue 3 is out of sequence, expected 6 [parse.srt]
        \(input):12:18: fixed: rewritten as read: end time of cue 3 '00:00:08.000' has '.' before the milliseconds, expected ',' [parse.srt]
        6 fixed

        """)
    #expect(
      ToolRun(["validate", folder.path + "/out.srt"]).stdout.hasPrefix(
        "checked 1 file: 0 errors, 0 warnings"))

    // A fault that is the cue's text as read is written again, and said to be.
    let voice = try folder.file("voice.vtt", "WEBVTT\n\n00:01.000 --> 00:02.000 size:abc\n<v>Ok\n")
    run = ToolRun(["fix", voice, "-o", folder.path + "/voice.out.vtt", "--fps", "25"])
    #expect(run.status == 1)
    #expect(
      try folder.contents("voice.out.vtt") == "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v>Ok</v>\n"
    )
    #expect(
      run.stderr.hasPrefix(
        """
        \(voice):3:25: fixed: rewritten as read: invalid value "abc" for cue setting "size"; expected a percentage from 0% to 100% [parse.webvtt]
        \(voice):4:1: error: kept as read: cue 1 has <v> without a voice name [parse.webvtt]

        """))
    #expect(run.stderr.hasSuffix("1 fixed, 1 not fixed, 1 left in \(folder.path)/voice.out.vtt\n"))

    // With nothing else to repair, the file is written as it was.
    let alone = "WEBVTT\n\n00:01.000 --> 00:02.000\n<v>Ok\n"
    let kept = try folder.file("alone.vtt", alone)
    run = ToolRun(["fix", kept, "-o", folder.path + "/alone.out.vtt", "--fps", "25"])
    #expect(run.status == 1)
    #expect(try folder.contents("alone.out.vtt") == alone)
    #expect(
      run.stderr.hasPrefix(
        "\(kept):4:1: error: kept as read: cue 1 has <v> without a voice name [parse.webvtt]\n"))
    #expect(run.stderr.hasSuffix("0 fixed, 1 not fixed, 1 left in \(folder.path)/alone.out.vtt\n"))
  }

  @Test func reportsInJSONWithFixedFlags() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("in.vtt", Self.legacy)
    let run = ToolRun(
      ["fix", input, "-o", folder.path + "/out.vtt", "--fps", "25", "--format", "json"])
    #expect(run.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let findings = try #require(object["findings"] as? [[String: Any]])
    #expect(
      findings.map { $0["rule"] as? String } == [
        "parse.webvtt-legacy-header", "translation.language-tag", "readability.unbalanced-tags",
        "parse.webvtt",
      ])
    #expect(findings.allSatisfy { $0["fixed"] as? Bool == true })
    let cue = try #require(findings[2]["cue"] as? [String: Any])
    #expect(cue["index"] as? Int == 1)
    #expect(findings[2]["line"] as? Int == 5)
    #expect(findings[3]["line"] as? Int == 6)
    #expect(findings[3]["column"] as? Int == 1)
    #expect((object["summary"] as? [String: Any])?["fixed"] as? Int == 4)
    #expect(run.stderr.isEmpty)
  }

  @Test func withoutAFrameRateTheGapIsNotRepairedAndItSaysWhy() throws {
    let run = ToolRun(
      ["fix", "-", "-o", "-"], stdin: "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n")
    #expect(run.status == 0)
    #expect(run.stdout == "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n")
    #expect(
      run.stderr == """
        note: [timing.min-gap] not repaired: the minimum gap is counted in frames; give --media or --fps
        0 fixed

        """)
  }

  /// A cue too fast to read even at the maximum duration is lengthened to it: a repair that
  /// goes part of the way is written, and reported as not fixed.
  @Test func writesARepairThatGoesPartOfTheWay() throws {
    let words = Array(repeating: "word", count: 30).joined(separator: " ")
    let input = "WEBVTT\n\n00:01.000 --> 00:03.000\n\(words)\n"
    let run = ToolRun(["fix", "-", "-o", "-", "--rules", "readability.cps"], stdin: input)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "WEBVTT\n\n00:00:01.000 --> 00:00:08.000\n\(words)\n")
    #expect(
      run.stderr.hasPrefix(
        "<stdin>:3:1: warning: moved the end of cue 1 from 00:00:03.000 to 00:00:08.000 to read "
          + "it at 17 characters per second; it would need 8.765 s, over the maximum 7.000 s "
          + "[readability.cps]\n"), "\(run.stderr)")
    #expect(run.stderr.hasSuffix("0 fixed, 1 not fixed, 1 left in <stdout>\n"), "\(run.stderr)")
    // Fixed again, it stays as it is.
    let again = ToolRun(["fix", "-", "-o", "-", "--rules", "readability.cps"], stdin: run.stdout)
    #expect(again.stdout == run.stdout)
    // What is left is checked as the input was repaired: the output's name is no language.
    let folder = try TemporaryFolder()
    let named = ToolRun(
      ["fix", "-", "-o", folder.path + "/c2.out.vtt", "--rules", "readability.cps"], stdin: input)
    #expect(
      named.stderr.contains(
        "c2.out.vtt:3:1: warning: cue 1 is 21.3 characters per second; the limit is 17 "),
      "\(named.stderr)")
  }

  @Test func refusesWhatItCannotDo() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("in.vtt", Self.legacy)
    var run = ToolRun(["fix", input, "-o", input])
    #expect(run.status == 64)
    #expect(run.stderr.contains("is the input file; inputs are never overwritten"))
    run = ToolRun(["fix", input])
    #expect(run.status == 64)
    #expect(run.stderr.contains("missing option '-o <output>'"))
    run = ToolRun(["fix", input, "-o", "-", "--rules", "timing.overlapp"])
    #expect(run.status == 64)
    #expect(run.stderr.contains("unknown rule 'timing.overlapp' for '--rules'"))
    run = ToolRun(["fix", input, "-o", "-", "--rules", "coverage.long-gap"])
    #expect(run.status == 64)
    #expect(run.stderr.contains("'--rules': fix does not repair coverage.long-gap"))
    run = ToolRun(["fix", input, "-o", "-", "--fps", "0"])
    #expect(run.status == 64)
    run = ToolRun(["fix", input, "--dry-run", "--format", "json"])
    #expect(run.status == 64)
    #expect(try folder.listing() == ["in.vtt"])
  }

  @Test func inputThatIsNotCaptionsExits65AndWritesNothing() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("noise.vtt", bytes: [0x00, 0x01, 0xFF, 0x7F, 0x00, 0x00, 0x12])
    let run = ToolRun(["fix", input, "-o", folder.path + "/out.vtt"])
    #expect(run.status == 65, "\(run.stderr)")
    #expect(try folder.listing() == ["noise.vtt"])
  }

  @Test func aMissingMediaFileExits66() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("in.vtt", Self.legacy)
    let run = ToolRun(
      ["fix", input, "-o", folder.path + "/out.vtt", "--media", folder.path + "/none.mp4"])
    #expect(run.status == 66, "\(run.stderr)")
    #expect(try folder.listing() == ["in.vtt"])
  }
}
