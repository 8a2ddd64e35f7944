import Foundation
import Testing

@testable import CaptionCLI

struct ConvertCommandTests {
  /// The JSON track of a WebVTT file that has a header and no cue.
  static let emptyWebVTTTrack = """
    {
      "format": "webvtt",
      "language": null,
      "kind": null,
      "encoding": "UTF-8",
      "regions": [],
      "stylesheets": [],
      "cues": []
    }

    """

  @Test func cuesTheReaderDropsMakeTheExitStatusOneButTheRestIsWritten() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file(
      "in.vtt",
      "WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nComma\n\n"
        + "00:03.000 --> 00:04.000 position:30%\nKept\n")
    let output = folder.path + "/out.srt"
    let run = ToolRun(["convert", input, "-o", output])
    #expect(run.status == 1)
    #expect(run.stderr.contains("the cue is dropped [parse.webvtt]"))
    #expect(try folder.contents("out.srt") == "1\n00:00:03,000 --> 00:00:04,000\nKept\n\n")
    #expect(ToolRun(["convert", input, "-o", output, "--fail-on", "never"]).status == 0)
    // The position SRT cannot carry is a warning: it fails only at --fail-on warning.
    let kept = try folder.file("kept.vtt", "WEBVTT\n\n00:03.000 --> 00:04.000 position:30%\nKept\n")
    #expect(ToolRun(["convert", kept, "-o", output]).status == 0)
    #expect(ToolRun(["convert", kept, "-o", output, "--fail-on", "warning"]).status == 1)
    #expect(ToolRun(["convert", kept, "-o", output, "--fail-on", "often"]).status == 64)
  }

  @Test func infersJSONFromTheOutputExtension() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("empty.vtt", "WEBVTT\n")
    let run = ToolRun(["convert", input, "-o", folder.path + "/out.json"])
    #expect(run.status == 0)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.isEmpty)
    #expect(try folder.contents("out.json") == Self.emptyWebVTTTrack)
    #expect(try folder.listing() == ["empty.vtt", "out.json"])
    #expect(try folder.contents("empty.vtt") == "WEBVTT\n")
  }

  @Test func writesStandardOutputForDash() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("empty.vtt", "WEBVTT\n")
    let run = ToolRun(["convert", input, "-o", "-", "--to", "json"])
    #expect(run.status == 0)
    #expect(run.stdout == Self.emptyWebVTTTrack)
  }

  @Test func readsStandardInputForDash() {
    let run = ToolRun(["convert", "-", "-o", "-", "--to=json"], stdin: "WEBVTT\n")
    #expect(run.status == 0)
    #expect(run.stdout == Self.emptyWebVTTTrack)
  }

  @Test func takesTheLocaleAsTheTrackLanguage() {
    let run = ToolRun(
      ["convert", "-", "-o", "-", "--to", "json", "--locale", "pt-br"], stdin: "WEBVTT\n")
    #expect(run.status == 0)
    #expect(run.stdout.contains("\"language\": \"pt-BR\","))
  }

  @Test func replacesAnExistingOutputWholesale() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("empty.vtt", "WEBVTT\n")
    try folder.file("out.json", String(repeating: "old ", count: 1000))
    let run = ToolRun(["convert", input, "-o", folder.path + "/out.json"])
    #expect(run.status == 0)
    #expect(try folder.contents("out.json") == Self.emptyWebVTTTrack)
    #expect(try folder.listing() == ["empty.vtt", "out.json"])
  }

  @Test func refusesToOverwriteItsInput() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("a.vtt", "WEBVTT\n")
    let run = ToolRun(["convert", input, "-o", folder.path + "/./a.vtt"])
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("error: the output '\(folder.path)/./a.vtt' is the input file"))
    #expect(try folder.contents("a.vtt") == "WEBVTT\n")
  }

  @Test func unknownTargetFormatSuggestsOne() {
    let run = ToolRun(["convert", "a.vtt", "-o", "out", "--to", "strr"])
    #expect(run.status == 64)
    #expect(
      run.stderr == """
        error: unknown format 'strr' for '--to'; expected one of vtt, srt, ttml, ass, scc, json
        hint: did you mean 'srt'?
        usage: captionkit convert <input> -o <output> [--to <format>] [--encoding <name>] \
        [--shift <seconds>] [--scc-mode <mode>] [--locale <tag>] [--max-findings <n>] \
        [--fail-on <severity>]

        """)
  }

  @Test func needsAFormatItCanTell() {
    let run = ToolRun(["convert", "a.vtt", "-o", "out.txt"])
    #expect(run.status == 64)
    #expect(
      run.stderr.hasPrefix(
        "error: cannot tell the output format from 'out.txt'\n"
          + "hint: add --to with one of vtt, srt, ttml, ass, scc, json\n"))
  }

  @Test func writesSCCInTheModeAsked() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("a.vtt", "WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n")
    let popOn = ToolRun(["convert", input, "-o", folder.path + "/pop.scc"])
    #expect(popOn.status == 0)
    #expect(try folder.contents("pop.scc").contains("\t94ae 94ae 9420 9420 "))
    let rollUp = ToolRun([
      "convert", input, "-o", folder.path + "/roll.scc", "--scc-mode", "roll-up-3",
    ])
    #expect(rollUp.status == 0)
    #expect(try folder.contents("roll.scc").contains("\t9426 9426 94ad 94ad "))
    let wrong = ToolRun(["convert", input, "-o", folder.path + "/x.scc", "--scc-mode", "paint"])
    #expect(wrong.status == 64)
    #expect(
      wrong.stderr.hasPrefix(
        "error: unknown SCC mode 'paint'; expected pop-on, roll-up, roll-up-3 or roll-up-4\n"))
    let notSCC = ToolRun(["convert", input, "-o", folder.path + "/x.srt", "--scc-mode", "pop-on"])
    #expect(notSCC.status == 64)
    #expect(notSCC.stderr.hasPrefix("error: '--scc-mode' applies only to SCC output\n"))
  }

  @Test func infersTTMLFromTheOutputExtension() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("a.vtt", "WEBVTT\n")
    let run = ToolRun(["convert", input, "-o", folder.path + "/a.ttml", "--locale", "en"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    #expect(try folder.contents("a.ttml").contains("<body region=\"bottom\">"))
  }

  @Test func requiresAnOutput() {
    let run = ToolRun(["convert", "a.vtt"])
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("error: missing option '-o <output>'\nusage: "))
  }

  @Test func rejectsBadOptionValues() {
    let shift = ToolRun(["convert", "a.vtt", "-o", "b.srt", "--shift", "1,5"])
    #expect(shift.status == 64)
    #expect(shift.stderr.hasPrefix("error: '--shift' takes seconds such as 1.5 or -0.250"))
    let encoding = ToolRun(["convert", "a.vtt", "-o", "b.srt", "--encoding", "utf-9"])
    #expect(encoding.status == 64)
    #expect(
      encoding.stderr.hasPrefix(
        "error: unknown encoding 'utf-9' for '--encoding'; expected one of auto, UTF-8, "))
    #expect(encoding.stderr.contains("\nhint: did you mean 'UTF-8'?\n"))
    let locale = ToolRun(["convert", "a.vtt", "-o", "b.srt", "--locale", "pt_BR"])
    #expect(locale.status == 64)
    #expect(
      locale.stderr.hasPrefix("error: 'pt_BR' is not a BCP 47 language tag for '--locale'\n"))
    let size = ToolRun(["convert", "a.vtt", "-o", "b.srt", "--max-input-size", "lots"])
    #expect(size.status == 64)
    #expect(size.stderr.hasPrefix("error: '--max-input-size' takes a number of bytes"))
  }

  @Test func missingInputExits66() throws {
    let folder = try TemporaryFolder()
    let run = ToolRun(["convert", folder.path + "/nope.vtt", "-o", folder.path + "/out.srt"])
    #expect(run.status == 66)
    #expect(run.stderr == "error: \(folder.path)/nope.vtt: no such file\n")
    #expect(try folder.listing().isEmpty)
  }

  @Test func folderInputExits66() throws {
    let folder = try TemporaryFolder()
    let run = ToolRun(["convert", folder.path, "-o", "-", "--to", "json"])
    #expect(run.status == 66)
    #expect(run.stderr == "error: \(folder.path): cannot read: it is a folder\n")
  }

  @Test func notACaptionFileExits65() throws {
    let folder = try TemporaryFolder()
    let text = try folder.file("notes.txt", "just some notes\n")
    let binary = try folder.file("clip.vtt", bytes: [0x00, 0x00, 0x00, 0x18, 0x66, 0x74])
    let empty = try folder.file("empty.srt", "\n\n")
    let noCues = try folder.file("words.vtt", "hello\nworld\n")
    let cases = [
      (text, "unknown format (no WEBVTT signature, no SRT cue)"),
      (binary, "binary data (a zero byte at offset 0)"),
      (empty, "the file is empty"),
      (noCues, "no cues found"),
    ]
    for (path, reason) in cases {
      let run = ToolRun(["convert", path, "-o", "-", "--to", "json"])
      #expect(run.status == 65)
      #expect(run.stdout.isEmpty)
      #expect(run.stderr == "error: \(path): not a caption file: \(reason)\n")
    }
  }

  /// A file the reader read nothing from (it reported an error and found no cue) writes
  /// nothing, to any writer, and leaves an existing output as it was.
  @Test(arguments: ["vtt", "srt", "ttml", "json"])
  func aRejectedInputWritesNothingAndExits65(to format: String) throws {
    let folder = try TemporaryFolder()
    let unsigned = try folder.file("unsigned.vtt", "WEBVTX\n\n00:00:01.000 --> 00:00:02.000\nHi\n")
    let notXML = try folder.file("notxml.ttml", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n")
    for input in [unsigned, notXML] {
      let output = try folder.file("old.\(format)", "kept\n")
      let run = ToolRun(["convert", input, "-o", output])
      #expect(run.status == 65, "\(input)")
      #expect(run.stdout.isEmpty)
      #expect(run.stderr.contains("error: \(input): not read as captions; nothing was written\n"))
      #expect(try folder.contents("old.\(format)") == "kept\n")
      let piped = ToolRun(["convert", input, "-o", "-", "--to", format])
      #expect(piped.status == 65)
      #expect(piped.stdout.isEmpty)
    }
    #expect(try folder.listing() == ["notxml.ttml", "old.\(format)", "unsigned.vtt"])
  }

  @Test func aFileWithAHeaderAndNoCueIsStillWritten() throws {
    let run = ToolRun(["convert", "-", "-o", "-", "--to", "ass"], stdin: "WEBVTT\n\nNOTE empty\n")
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("[Script Info]\n"))
    #expect(
      run.stdout.hasSuffix(
        "[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, "
          + "MarginR, MarginV, Effect, Text\n"))
    // The comment has no place in ASS, and that is said.
    #expect(
      run.stderr
        == "<stdin>: warning: 1 NOTE comment not kept in ASS [convert.lossy]\n"
        + "    hint: convert to WebVTT to keep it\n")
    // As SRT it would be an empty file, which is no caption file: nothing is written.
    let srt = ToolRun(["convert", "-", "-o", "-", "--to", "srt"], stdin: "WEBVTT\n\nNOTE empty\n")
    #expect(srt.status == 65)
    #expect(srt.stdoutBytes.isEmpty)
  }

  /// A cue that ends before its start (or at it) is written to end the minimum duration
  /// after it, with a warning; `validate` of the output has no timing error.
  @Test func aCueEndingBeforeItsStartIsWrittenWithAValidEnd() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file(
      "movie.srt",
      "1\n00:00:02,500 --> 00:00:02,000\nBackwards\n\n2\n00:00:04,000 --> 00:00:04,000\nNone\n")
    let run = ToolRun(["convert", input, "-o", folder.path + "/movie.vtt"])
    #expect(run.status == 0)
    #expect(
      run.stderr == """
        \(input):1:1: warning: cue 1 ends at 00:00:02.000, before its start 00:00:02.500; \
        written to end at 00:00:03.333, its start plus the minimum duration \
        [convert.end-before-start]
            hint: give the cue its real end time
        \(input):5:1: warning: cue 2 ends at 00:00:04.000, as it starts; written to end at \
        00:00:04.833, its start plus the minimum duration [convert.end-before-start]
            hint: give the cue its real end time

        """)
    #expect(
      try folder.contents("movie.vtt") == """
        WEBVTT

        1
        00:00:02.500 --> 00:00:03.333
        Backwards

        2
        00:00:04.000 --> 00:00:04.833
        None

        """)
    let check = ToolRun(["validate", folder.path + "/movie.vtt", "--format", "json"])
    #expect(!check.stdout.contains("timing.zero-duration"))
  }

  @Test func refusesInputsOverTheLimitBeforeReading() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("a.vtt", SampleText.webvtt)
    let run = ToolRun(["convert", input, "-o", "-", "--to", "json", "--max-input-size", "20"])
    #expect(run.status == 65)
    #expect(
      run.stderr == """
        error: \(input): 44 bytes is over the input limit of 20 bytes
        hint: raise the limit with --max-input-size 44

        """)
    let stdin = ToolRun(
      ["convert", "-", "-o", "-", "--to", "json", "--max-input-size=20"],
      stdin: SampleText.webvtt)
    #expect(stdin.status == 65)
    #expect(
      stdin.stderr.hasPrefix(
        "error: <stdin>: more than the input limit of 20 bytes\n"
          + "hint: raise the limit with --max-input-size\n"))
  }

  @Test func unwritableOutputExits73AndLeavesNoTemporaryFile() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("a.vtt", "WEBVTT\n")
    let missing = ToolRun(["convert", input, "-o", folder.path + "/no/such/out.json"])
    #expect(missing.status == 73)
    #expect(
      missing.stderr
        == "error: cannot write \(folder.path)/no/such/out.json: no such file or directory\n")
    // A folder where the output should go: the rename fails and the folder stays.
    try folder.file("out.json/keep.txt", "kept")
    let blocked = ToolRun(["convert", input, "-o", folder.path + "/out.json"])
    #expect(blocked.status == 73)
    #expect(blocked.stderr.hasPrefix("error: cannot write \(folder.path)/out.json: "))
    #expect(try folder.contents("out.json/keep.txt") == "kept")
    #expect(try folder.listing() == ["a.vtt", "out.json"])
  }

  /// Needs the real SRT reader: the placeholder returns no cues.
  @Test func convertsSRTToTheJSONTrack() {
    let run = ToolRun(["convert", "-", "-o", "-", "--to", "json"], stdin: SampleText.srt)
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        {
          "format": "srt",
          "language": null,
          "kind": null,
          "encoding": "UTF-8",
          "regions": [],
          "stylesheets": [],
          "cues": [
            {
              "id": "1",
              "start": 1.000,
              "end": 2.000,
              "text": "Hello",
              "settings": {
                "region": null,
                "vertical": "",
                "line": "auto",
                "snapToLines": true,
                "lineAlign": "start",
                "position": "auto",
                "positionAlign": "auto",
                "size": 100,
                "align": "center"
              }
            }
          ]
        }

        """)
  }
}

struct ConvertFindingLimitTests {
  /// Three cues whose voices SRT cannot carry.
  static let voices = """
    WEBVTT

    00:01.000 --> 00:02.000
    <v Ann>one

    00:02.000 --> 00:03.000
    <v Ann>two

    00:03.000 --> 00:04.000
    <v Ann>three

    """

  @Test func printsAtMostTheLimitOfEachRuleAndCountsTheRest() {
    let run = ToolRun(
      ["convert", "-", "-o", "-", "--to", "srt", "--max-findings", "1"], stdin: Self.voices)
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("1\n00:00:01,000 --> 00:00:02,000\none\n"))
    #expect(
      run.stderr == """
        <stdin>:3:1: warning: cue 1 loses voice 'Ann' in SRT [convert.lossy]
            hint: SRT cannot carry it; convert to WebVTT to keep it
        note: 2 more [convert.lossy] warnings not shown (--max-findings 0 shows all)

        """)
  }

  @Test func zeroPrintsEveryFinding() {
    let run = ToolRun(
      ["convert", "-", "-o", "-", "--to", "srt", "--max-findings", "0"], stdin: Self.voices)
    #expect(run.status == 0)
    #expect(run.stderr.components(separatedBy: "[convert.lossy]").count == 4)
    #expect(!run.stderr.contains("not shown"))
  }

  @Test func rejectsANegativeLimit() {
    let run = ToolRun(
      ["convert", "-", "-o", "-", "--to", "srt", "--max-findings", "-2"], stdin: Self.voices)
    #expect(run.status == 64)
    #expect(
      run.stderr.hasPrefix(
        "error: '--max-findings' takes a whole number (0 for no limit), not '-2'\n"))
  }
}
