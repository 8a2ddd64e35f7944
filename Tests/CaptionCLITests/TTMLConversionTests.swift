import Foundation
import Testing

/// `convert` between WebVTT, SRT and TTML in every direction, and real tools reading what it
/// writes: FFmpeg reads our SRT and WebVTT with the same cues; FFmpeg 5.1 has no TTML demuxer
/// (only a muxer), so our TTML is checked with xmllint and our reader, and FFmpeg's own TTML is
/// read by our reader instead.
@Suite struct TTMLConversionTests {
  static let webVTT = """
    WEBVTT

    00:00:01.000 --> 00:00:02.500
    Hello <i>brave</i> &amp; <b>new</b>
    world

    00:00:03.000 --> 00:00:04.000 line:0 align:left
    <v Alice>At the top</v>

    00:00:04.500 --> 00:00:06.000
    Third &lt;cue&gt;

    """

  @Test func convertsInEveryDirection() throws {
    let folder = try TemporaryFolder()
    let vtt = try folder.file("x.vtt", Self.webVTT)
    func convert(_ input: String, _ output: String, _ extra: [String] = []) -> ToolRun {
      ToolRun(["convert", input, "-o", folder.path + "/" + output] + extra)
    }
    var run = convert(vtt, "x.ttml", ["--locale", "en"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let ttml = try folder.contents("x.ttml")
    #expect(ttml.contains(#"<tt xmlns="http://www.w3.org/ns/ttml""#))
    #expect(ttml.contains(#"xml:lang="en">"#))
    #expect(
      ttml.contains(
        #"<p begin="00:00:03.000" end="00:00:04.000" region="top" tts:textAlign="left">"#
          + #"<span ttm:agent="agent1">At the top</span></p>"#))

    run = convert(folder.path + "/x.ttml", "back.vtt")
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    #expect(
      try folder.contents("back.vtt")
        == "WEBVTT\n\nNOTE\nttp:contentProfiles: http://www.w3.org/ns/ttml/profile/imsc1.1/text\n\n"
          + """
          00:00:01.000 --> 00:00:02.500
          Hello <i>brave</i> &amp; <b>new</b>
          world

          00:00:03.000 --> 00:00:04.000 line:0 align:left
          <v Alice>At the top</v>

          00:00:04.500 --> 00:00:06.000
          Third &lt;cue&gt;

          """)

    run = convert(folder.path + "/x.ttml", "x.srt")
    #expect(run.status == 0)
    #expect(
      run.stderr == """
        \(folder.path)/x.ttml: warning: header text not kept in SRT [convert.lossy]
            hint: convert to WebVTT to keep it
        \(folder.path)/x.ttml:15:7: warning: cue 2 loses voice 'Alice' in SRT [convert.lossy]
            hint: SRT cannot carry it; convert to WebVTT to keep it

        """)
    let srt = try folder.contents("x.srt")
    #expect(
      srt == """
        1
        00:00:01,000 --> 00:00:02,500
        Hello <i>brave</i> & <b>new</b>
        world

        2
        00:00:03,000 --> 00:00:04,000
        {\\an7}At the top

        3
        00:00:04,500 --> 00:00:06,000
        Third <cue>


        """)

    run = convert(folder.path + "/x.srt", "y.dfxp", ["--locale", "en"])
    #expect(run.status == 0)
    #expect(run.stderr.contains("3 cue ids are not XML names or repeated (such as 1); not kept"))
    run = convert(folder.path + "/y.dfxp", "y.srt")
    #expect(run.status == 0)
    #expect(try folder.contents("y.srt") == srt)

    run = convert(folder.path + "/x.ttml", "x.json")
    #expect(run.status == 0)
    #expect(try folder.contents("x.json").contains(#""format": "ttml""#))
  }

  @Test func readsTTMLFromStandardInputByItsContent() {
    let ttml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body>
      <p begin="1s" end="2s">from stdin</p></body></tt>
      """
    let run = ToolRun(["convert", "-", "-o", "-", "--to", "srt"], stdin: ttml)
    #expect(run.status == 0)
    #expect(run.stdout == "1\n00:00:01,000 --> 00:00:02,000\nfrom stdin\n\n")
    let back = ToolRun(["convert", "-", "-o", "-", "--to", "ttml"], stdin: run.stdout)
    #expect(back.status == 0)
    #expect(back.stdout.contains(#"<p begin="00:00:01.000" end="00:00:02.000">from stdin</p>"#))
  }

  @Test func validatesTTMLFiles() throws {
    let folder = try TemporaryFolder()
    let good = try folder.file(
      "movie.en.ttml",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body>
      <p begin="1s" end="2s">fine</p></body></tt>
      """)
    #expect(ToolRun(["validate", good]).status == 0)
    let bad = try folder.file(
      "bad.ttml",
      """
      <tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body>
      <p begin="soon" end="2s">x</p></body></tt>
      """)
    let run = ToolRun(["validate", bad])
    #expect(run.status == 1)
    #expect(
      run.stdout.contains(
        "bad.ttml:2:4: error: cue 1 begin 'soon' is not a TTML time expression; read as the begin of the element around it [parse.ttml]"
      ))
  }

  // MARK: Real tools

  /// Runs a program and returns its exit status and standard output.
  private func tool(_ program: String, _ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// The start times FFmpeg reads from a subtitle file, one per cue.
  private func ffmpegCueStarts(_ path: String) throws -> [String] {
    let (status, output) = try tool(
      "ffprobe",
      ["-v", "error", "-show_entries", "packet=pts_time", "-of", "csv=p=0", path])
    #expect(status == 0)
    return output.split(separator: "\n").map(String.init)
  }

  @Test func ffmpegReadsOurSRTAndWebVTTWithTheSameCues() throws {
    let folder = try TemporaryFolder()
    let ttml = try folder.file(
      "in.ttml",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
      ttp:frameRate="25" xml:lang="en"><body><div>
      <p begin="00:00:01:00" end="00:00:02:12">one</p>
      <p begin="3s" end="4s">two<br/>lines</p>
      <p begin="4.5s" dur="1s">three &amp; more</p>
      </div></body></tt>
      """)
    for name in ["out.srt", "out.vtt", "out.ttml"] {
      #expect(ToolRun(["convert", ttml, "-o", folder.path + "/" + name]).status == 0)
    }
    let expected = ["1.000000", "3.000000", "4.500000"]
    #expect(try ffmpegCueStarts(folder.path + "/out.srt") == expected)
    #expect(try ffmpegCueStarts(folder.path + "/out.vtt") == expected)

    // FFmpeg 5.1 cannot read TTML (it only writes it): our TTML is checked for
    // well-formedness by xmllint, and read back by captionkit itself.
    let (formatsStatus, formats) = try tool("ffmpeg", ["-hide_banner", "-formats"])
    #expect(formatsStatus == 0)
    let ttmlFormat = formats.split(separator: "\n").first { $0.contains(" ttml ") }
    #expect(ttmlFormat?.hasPrefix("  E ") == true)
    let (lintStatus, _) = try tool("xmllint", ["--noout", folder.path + "/out.ttml"])
    #expect(lintStatus == 0)
    let back = ToolRun(["convert", folder.path + "/out.ttml", "-o", "-", "--to", "srt"])
    #expect(back.status == 0)
    #expect(back.stdout == (try folder.contents("out.srt")))

    // The other way: FFmpeg's TTML, made from our SRT, reads with the same cues.
    let (status, _) = try tool(
      "ffmpeg",
      [
        "-hide_banner", "-nostdin", "-y", "-i", folder.path + "/out.srt", "-f", "ttml",
        folder.path + "/ffmpeg.ttml",
      ])
    #expect(status == 0)
    let fromFFmpeg = ToolRun(["convert", folder.path + "/ffmpeg.ttml", "-o", "-", "--to", "srt"])
    #expect(fromFFmpeg.status == 0)
    #expect(
      fromFFmpeg.stdout.components(separatedBy: " --> ").count
        == (try folder.contents("out.srt")).components(separatedBy: " --> ").count)
  }
}
