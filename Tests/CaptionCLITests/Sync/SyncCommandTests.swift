import Foundation
import Testing

@testable import CaptionCLI

/// `captionkit sync` on the bundled film: captions moved away from its speech are moved
/// back, and what cannot be aligned is refused with nothing written.
struct SyncCommandTests {
  static let samples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Samples")
  static let film = samples.appendingPathComponent("lighthouse/lighthouse.mp4").path
  static let captions = samples.appendingPathComponent("lighthouse/lighthouse.en.captions.vtt")
    .path

  /// The timing lines of a WebVTT text.
  static func timings(_ text: String) -> [Substring] {
    text.split(separator: "\n").filter { $0.contains("-->") }
  }

  @Test func movesShiftedCaptionsBackOntoTheSpeech() throws {
    let folder = try TemporaryFolder()
    let shifted = folder.path + "/shifted.vtt"
    #expect(ToolRun(["convert", Self.captions, "-o", shifted, "--shift", "3.2"]).status == 0)
    let run = ToolRun(["sync", shifted, "--to", Self.film, "-o", folder.path + "/synced.vtt"])
    #expect(run.status == 0, "\(run.stderr)")
    // Under these few cues the speech fits equally well from -3.400 to -3.120 s: the middle
    // of that run is taken, 60 ms from the true -3.200.
    #expect(
      run.stderr
        == "\(shifted): offset -3.260 s, no rate change, agreement 76%, confidence 0.76\n")
    let original = try String(contentsOfFile: Self.captions, encoding: .utf8)
    let synced = Self.times(Self.timings(try folder.contents("synced.vtt")))
    let truth = Self.times(Self.timings(original))
    #expect(synced.count == truth.count && synced.count >= 5)
    #expect(zip(synced, truth).allSatisfy { abs($0 - $1 + 0.06) < 0.0005 })
  }

  /// The start and end of each timing line, in seconds to the millisecond.
  static func times(_ lines: [Substring]) -> [Double] {
    lines.flatMap { line in
      line.split(separator: " ").filter { $0.contains(":") }.prefix(2).map { stamp in
        let parts = stamp.split(separator: ":").compactMap { Double($0) }
        let seconds = parts.reduce(0) { $0 * 60 + $1 }
        return (seconds * 1000).rounded() / 1000
      }
    }
  }

  @Test func takesTheTimingOfAnotherCaptionFile() throws {
    let folder = try TemporaryFolder()
    let shifted = folder.path + "/late.vtt"
    #expect(ToolRun(["convert", Self.captions, "-o", shifted, "--shift", "-1.25"]).status == 0)
    let run = ToolRun(
      ["sync", shifted, "--to", Self.captions, "-o", folder.path + "/out.vtt", "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(object["written"] as? String == folder.path + "/out.vtt")
    #expect(object["ratio"] as? Double == 1)
    let pieces = try #require(object["pieces"] as? [[String: Any]])
    #expect(pieces.count == 1)
    #expect(pieces.first?["offset"] as? Double == 1.25)
    let original = try String(contentsOfFile: Self.captions, encoding: .utf8)
    #expect(Self.timings(try folder.contents("out.vtt")) == Self.timings(original))
  }

  @Test func keepsTheInputsCRLFLineBreaksInTheSameFormat() throws {
    let folder = try TemporaryFolder()
    let shifted = folder.path + "/late.srt"
    #expect(ToolRun(["convert", Self.captions, "-o", shifted, "--shift", "-1.25"]).status == 0)
    let lf = try folder.contents("late.srt")
    try Data(lf.replacingOccurrences(of: "\n", with: "\r\n").utf8)
      .write(to: URL(fileURLWithPath: shifted))
    var run = ToolRun(["sync", shifted, "--to", Self.captions, "-o", folder.path + "/out.srt"])
    #expect(run.status == 0, "\(run.stderr)")
    let synced = Array(try folder.contents("out.srt").utf8)
    let feeds = synced.indices.filter { synced[$0] == 0x0A }
    #expect(feeds.count > 10)
    #expect(feeds.allSatisfy { $0 > 0 && synced[$0 - 1] == 0x0D })
    // Another format is written with its own line breaks.
    run = ToolRun(["sync", shifted, "--to", Self.captions, "-o", folder.path + "/out.vtt"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!(try folder.contents("out.vtt")).utf8.contains(0x0D))
  }

  @Test func refusesCaptionsWhoseReaderLeftTextOut() throws {
    let folder = try TemporaryFolder()
    let shifted = folder.path + "/shifted.vtt"
    #expect(ToolRun(["convert", Self.captions, "-o", shifted, "--shift", "3.2"]).status == 0)
    // One more cue, with an SRT-style timestamp the WebVTT reader cannot read.
    let text = try String(contentsOfFile: shifted, encoding: .utf8)
    try (text + "\n00:01:00,000 --> 00:01:01,000\nLast words\n").write(
      toFile: shifted, atomically: true, encoding: .utf8)
    let run = ToolRun(["sync", shifted, "--to", Self.film, "-o", folder.path + "/synced.vtt"])
    #expect(run.status == 65)
    #expect(run.stderr.contains("the cue is dropped [parse.webvtt]"))
    #expect(
      run.stderr.contains(
        "error: \(shifted): a part the reader could not read would be left out of a synced "
          + "copy; nothing was written\n"))
    #expect(!folder.exists("synced.vtt"))
  }

  @Test func refusesTooFewCuesAndMediaWithoutSpeech() throws {
    let folder = try TemporaryFolder()
    let few = try folder.file(
      "few.vtt",
      "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOne\n\n00:00:05.000 --> 00:00:06.000\nTwo\n")
    var run = ToolRun(["sync", few, "--to", Self.film, "-o", folder.path + "/out.vtt"])
    #expect(run.status == 1)
    #expect(
      run.stderr
        == "\(few): error: the captions have 2 cues of speech; aligning needs at least 5; "
        + "nothing was written [timing.sync-alignment]\n")
    let silent = Self.samples.appendingPathComponent("flawed/bare.mp4").path
    run = ToolRun(["sync", Self.captions, "--to", silent, "-o", folder.path + "/out.vtt"])
    #expect(run.status == 1)
    #expect(
      run.stderr.contains(
        "error: no speech was found in the audio of \(silent); nothing was written"))
    // A caption file to align to that has no cue, or only sound labels.
    let empty = try folder.file("empty.vtt", "WEBVTT\n")
    let sounds = try folder.file(
      "sounds.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n[thunder]\n")
    for (target, what) in [(empty, "no cues"), (sounds, "no cue of speech")] {
      run = ToolRun(["sync", Self.captions, "--to", target, "-o", folder.path + "/out.vtt"])
      #expect(run.status == 1)
      #expect(
        run.stderr
          == "\(Self.captions): error: \(target) has \(what) to align the captions to; nothing "
          + "was written [timing.sync-alignment]\n")
    }
    #expect(try folder.listing() == ["empty.vtt", "few.vtt", "sounds.vtt"])
  }

  @Test func refusesMediaWithoutAudio() throws {
    let folder = try TemporaryFolder()
    let video = folder.path + "/video.mp4"
    try MediaSample.run(
      "ffmpeg",
      [
        "-y", "-hide_banner", "-loglevel", "error", "-nostdin", "-f", "lavfi", "-i",
        "testsrc2=s=160x90:r=10:d=3", "-c:v", "mpeg4", video,
      ])
    var run = ToolRun(["sync", Self.captions, "--to", video, "-o", folder.path + "/out.vtt"])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(
      run.stderr
        == "\(Self.captions): error: \(video) has no audio to find speech in; nothing was "
        + "written [timing.sync-alignment]\n")
    // A stream that is not audio is a mistake on the command line instead.
    run = ToolRun(
      ["sync", Self.captions, "--to", video, "-o", folder.path + "/out.vtt", "--audio-stream", "0"])
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("error: stream 0 of '\(video)' is video, not audio\n"))
    #expect(try folder.listing() == ["video.mp4"])
  }

  @Test func refusesDamagedMedia() throws {
    let folder = try TemporaryFolder()
    // The film cut off after 300,000 bytes: its audio stops at 34.6 s of 54 s.
    let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.film)).prefix(300_000)
    let cut = folder.path + "/cut.mp4"
    try bytes.write(to: URL(fileURLWithPath: cut))
    let run = ToolRun(["sync", Self.captions, "--to", cut, "-o", folder.path + "/out.vtt"])
    #expect(run.status == 65, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "\(cut): error: stream 1 (aac) ends at 00:00:34.598, before its declared end at "
          + "00:00:54.000: the rest is missing"))
    #expect(
      run.stderr.contains(
        "error: \(cut) is damaged: its speech is only partly known; nothing was written\n"))
    #expect(try folder.listing() == ["cut.mp4"])
  }

  @Test func refusesAnUnclearAlignmentUnlessForced() throws {
    let folder = try TemporaryFolder()
    // Cues that cover the film evenly, 4.5 s of every 5 s: every offset fits them about as
    // well as any other (confidence 0.08).
    var text = "WEBVTT\n"
    for index in 0..<10 {
      let start = 500 + index * 5000
      text += "\n\(stamp(start)) --> \(stamp(start + 4500))\nWords \(index)\n"
    }
    let input = try folder.file("odd.vtt", text)
    var run = ToolRun(["sync", input, "--to", Self.film, "-o", folder.path + "/out.vtt"])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(run.stderr.contains("nothing was written (--force writes it) [timing.sync-alignment]"))
    #expect(try folder.listing() == ["odd.vtt"])
    run = ToolRun(["sync", input, "--to", Self.film, "-o", folder.path + "/out.vtt", "--force"])
    #expect(run.status == 0)
    #expect(try folder.listing() == ["odd.vtt", "out.vtt"])
  }

  private func stamp(_ milliseconds: Int) -> String {
    let seconds = milliseconds / 1000
    let rest = String(1000 + milliseconds % 1000).dropFirst()
    let minutes = String(100 + seconds / 60).dropFirst()
    return "00:\(minutes):\(String(100 + seconds % 60).dropFirst()).\(rest)"
  }

  @Test func refusesUsageErrors() {
    var run = ToolRun(["sync", Self.captions, "-o", "-"])
    #expect(run.status == 64)
    #expect(run.stderr.contains("missing option '--to <media|captions>'"))
    run = ToolRun(["sync", Self.captions, "--to", Self.film])
    #expect(run.status == 64)
    run = ToolRun(["sync", Self.captions, "--to", Self.film, "-o", Self.captions])
    #expect(run.status == 64)
  }
}
