import CaptionKit
import Foundation
import Testing

@testable import CaptionCLI

/// ASS and SSA files as inputs of `validate`, `convert`, `transcript` and `mux`, named on the
/// command line or found next to a media file.
struct ASSInputTests {
  static let script = """
    [Script Info]
    Title: Talk
    ScriptType: v4.00+
    PlayResY: 288

    [V4+ Styles]
    Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
    Style: Default,Arial,16,&Hffffff,&Hffffff,&H0,&H0,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,0

    [Events]
    Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
    Dialogue: 0,0:00:01.20,0:00:02.40,Default,Jonas,0,0,0,,I see it.
    Dialogue: 0,0:00:00.10,0:00:01.10,Default,Mara,0,0,0,,Out, {\\i1}again{\\i0}.
    Dialogue: 0,0:00:02.50,0:00:02.95,Default,,0,0,0,,{\\an8}[waves]

    """

  @Test func convertWritesWebVTT() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("talk.ass", Self.script)
    let run = ToolRun(["convert", input, "-o", folder.path + "/talk.vtt"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    #expect(
      try folder.contents("talk.vtt") == """
        WEBVTT

        00:00:00.100 --> 00:00:01.100
        <v Mara>Out, <i>again</i>.</v>

        00:00:01.200 --> 00:00:02.400
        <v Jonas>I see it.</v>

        00:00:02.500 --> 00:00:02.950 line:0
        [waves]

        """)
  }

  @Test func convertWritesSRTAndSaysWhatItLoses() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("talk.ssa", Self.script)
    let run = ToolRun(["convert", input, "-o", "-", "--to", "srt"])
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        1
        00:00:00,100 --> 00:00:01,100
        Out, <i>again</i>.

        2
        00:00:01,200 --> 00:00:02,400
        I see it.

        3
        00:00:02,500 --> 00:00:02,950
        {\\an8}[waves]


        """)
    #expect(
      run.stderr == """
        \(input):13:1: warning: cue 1 loses voice 'Mara' in SRT [convert.lossy]
            hint: SRT cannot carry it; convert to WebVTT to keep it
        \(input):12:1: warning: cue 2 loses voice 'Jonas' in SRT [convert.lossy]
            hint: SRT cannot carry it; convert to WebVTT to keep it

        """)
  }

  @Test func validateReportsTheReaderAndTheRules() throws {
    let folder = try TemporaryFolder()
    let broken = Self.script.replacingOccurrences(of: "0:00:02.50,", with: "0:00:2.5x,")
    let input = try folder.file("talk.en.ass", broken)
    let run = ToolRun(["validate", input])
    #expect(run.status == 1)
    #expect(
      run.stdout == """
        \(input):14:13: error: event start '0:00:2.5x' is not a time H:MM:SS.cc; event dropped [parse.ass]
            hint: write hours, minutes, seconds and centiseconds: 0:00:01.50
        checked 1 file: 1 error, 0 warnings, 0 remarks

        """)
    let json = ToolRun(["validate", input, "--format", "json"])
    #expect(json.stdout.contains("\"format\": \"ass\""))
    #expect(json.stdout.contains("\"rule\": \"parse.ass\""))
  }

  @Test func validateFindsAnASSSidecarNextToTheMedia() throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.mp4(in: folder)
    try folder.file("movie.en.ass", Self.script)
    try folder.file(
      "movie.fr.ssa", Self.script.replacingOccurrences(of: "I see it.", with: "Je vois."))
    let run = ToolRun(["validate", media, "--no-audio", "--format", "json"])
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
    let tracks = try #require(report["tracks"] as? [[String: Any]])
    let found = tracks.map { track in
      [
        "\(track["source"] ?? "-")", "\(track["format"] ?? "-")",
        "\(track["language"] ?? "-")", "\(track["cueCount"] ?? "-")",
        String("\(track["path"] ?? "-")".split(separator: "/").last ?? ""),
      ].joined(separator: " ")
    }
    #expect(found == ["sidecar ass en 3 movie.en.ass", "sidecar ass fr 3 movie.fr.ssa"])
  }

  @Test func transcriptNamesTheSpeakers() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("talk.en.ass", Self.script)
    let run = ToolRun(["transcript", input, "-o", "-", "--to", "txt"])
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        Transcript: talk

        0:00 Mara: Out, again.

        0:01 Jonas: I see it.

        0:02 [waves]

        """)
  }

  @Test func muxAddsTheScriptAsATextStream() throws {
    let folder = try TemporaryFolder()
    let media = try MuxMediaMaker.mkv(in: folder)
    let input = try folder.file("talk.en.ass", Self.script)
    let output = folder.path + "/out.mkv"
    let run = ToolRun(["mux", media, "--track", input + ":codec=webvtt", "-o", output])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    #expect(try MuxMediaMaker.streams(output).last == "3 webvtt eng -")
    #expect(try MuxCommandTests.embeddedCues(output, stream: 3) == MuxCommandTests.cues(input))
    // WebVTT keeps the voices and the position.
    let read = try MediaSubtitles.read(path: output, streams: [3], webVTT: EmbeddedWebVTT.reader)
    let original = try CaptionFileReader().read(path: input).track
    let cues = try #require(read.tracks.first).cues
    #expect(cues.map(\.settings) == original.cues.map(\.settings))
    #expect(cues.map(\.rawText) == original.cues.map(\.rawText))
  }
}

extension ASSInputTests {
  @Test func convertWritesASSFromSRT() throws {
    let folder = try TemporaryFolder()
    let input = try folder.file("x.srt", "1\n00:00:01,000 --> 00:00:02,500\n<i>Hi</i>,\nyou\n")
    let run = ToolRun(["convert", input, "-o", folder.path + "/x.ass"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let written = try folder.contents("x.ass")
    #expect(written.hasPrefix("[Script Info]\n; Script generated by captionkit\n"))
    #expect(
      written.hasSuffix(
        "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"
          + "Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,{\\i1}Hi{\\i0},\\Nyou\n"))
    let back = ToolRun(["convert", folder.path + "/x.ass", "-o", "-", "--to", "srt"])
    #expect(back.stdout == "1\n00:00:01,000 --> 00:00:02,500\n<i>Hi</i>,\nyou\n\n")
  }
}
