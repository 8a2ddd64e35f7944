import Foundation
import Testing

@testable import CaptionKit

/// The front door checks what it is given and says, in its report, what it could not check.
final class CaptionCheckTests {
  /// The folders this test made, removed when it ends.
  private var folders: [String] = []

  deinit {
    for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
  }

  /// A fresh folder for one test.
  private func folder() throws -> String {
    let path = NSTemporaryDirectory() + "captionkit-check-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    folders.append(path)
    return path
  }

  @Test func aCaptionFileGivesItsTrackAndFindingsAtTheirPlaces() throws {
    let path = try folder() + "/talk.en.srt"
    // Cue 2 ends before it starts.
    let text = "1\n00:00:01,000 --> 00:00:02,000\nHello\n\n2\n00:00:05,000 --> 00:00:04,000\nBye\n"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let report = try CaptionCheck().validate([path])
    #expect(report.failures.isEmpty)
    #expect(report.tracks.map(\.cueCount) == [2])
    #expect(report.tracks.first?.track.language?.rawValue == "en")
    #expect(
      report.diagnostics.map { "\($0.location?.line ?? 0) \($0.rule) \($0.message)" } == [
        "5 timing.zero-duration cue 2 ends at 00:00:04.000, before its start 00:00:05.000"
      ])
    #expect(
      String(decoding: TextReportWriter.write(report), as: UTF8.self) == """
        \(path):5:1: error: cue 2 ends at 00:00:04.000, before its start 00:00:05.000 \
        [timing.zero-duration]
            hint: make the end later than the start
        checked 1 file: 1 error, 0 warnings, 0 remarks

        """)
  }

  @Test func inputsThatCannotBeCheckedAreFailuresAndTheOthersAreChecked() throws {
    let empty = try folder()
    let good = try folder() + "/a.vtt"
    try "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n".write(
      toFile: good, atomically: true, encoding: .utf8)
    let report = try CaptionCheck().validate([empty + "/missing.vtt", empty, good, "-"])
    #expect(
      report.failures == [
        InputFailure(.missing, "\(empty)/missing.vtt: no such file"),
        InputFailure(.missing, "\(empty): no media or caption files in the folder"),
        InputFailure(.missing, "<stdin>: cannot read: there is no standard input to read"),
      ])
    #expect(report.tracks.map(\.track.path) == [good])
  }

  @Test func standardInputIsReadThroughTheGivenReader() throws {
    var check = CaptionCheck()
    check.standardInput = { Array("WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHi\n".utf8) }
    let report = try check.validate(["-"])
    #expect(report.failures.isEmpty)
    #expect(report.tracks.map(\.track.path) == ["-"])
    #expect(report.tracks.map(\.cueCount) == [1])
  }

  @Test func aFileThatIsNotCaptionsIsUnusable() throws {
    let path = try folder() + "/notes.srt"
    try "just some words\n".write(toFile: path, atomically: true, encoding: .utf8)
    let report = try CaptionCheck().validate([path])
    #expect(report.failures.map(\.kind) == [.unusable])
    #expect(report.tracks.isEmpty)
  }

  /// Makes `name` in `folder` with the ffmpeg command: 12 s of a test picture, a modulated
  /// tone in the first and the last 4 s, and an SRT subtitle stream.
  private func movie(_ name: String, in folder: String) throws -> String {
    let subtitles = folder + "/stream.srt"
    try "1\n00:00:01,000 --> 00:00:03,000\nHello\n\n2\n00:00:09,000 --> 00:00:11,000\nBye\n"
      .write(toFile: subtitles, atomically: true, encoding: .utf8)
    let path = folder + "/" + name
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=160x90:r=10:d=12",
      "-f", "lavfi", "-i",
      "aevalsrc=if(between(t\\,4\\,8)\\,0\\,0.4*sin(2*PI*300*t)*(0.6+0.4*sin(2*PI*3*t))):s=16000:d=12",
      "-i", subtitles, "-map", "0:v", "-map", "1:a", "-map", "2", "-c:v", "libx264", "-c:a",
      "aac", "-c:s", "srt", path,
    ]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "ffmpeg could not make \(name)")
    return path
  }

  @Test func aMovieIsOpenedOnceForItsStreamsSubtitlesAndSpeech() throws {
    let dir = try folder()
    let path = try movie("movie.mkv", in: dir)
    try "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello\n".write(
      toFile: dir + "/movie.en.vtt", atomically: true, encoding: .utf8)
    let before = MediaFile.openingsOnThisThread
    let report = try CaptionCheck().validate([path])
    #expect(MediaFile.openingsOnThisThread == before + 1)
    #expect(report.failures.isEmpty)
    // The embedded stream, then the sidecar.
    #expect(report.tracks.map(\.track.source) == [.embedded, .sidecar])
    #expect(report.tracks.map(\.cueCount) == [2, 1])
    let media = try #require(report.media.first)
    #expect(media.info.streams.map(\.kind) == [.video, .audio, .subtitle])
    let speech = try #require(media.speech)
    #expect(abs(speech.duration.seconds - 12) < 0.1)
    #expect(!speech.segments.isEmpty)
  }

  @Test func aTranscriptOpensTheMovieOnce() throws {
    let dir = try folder()
    let path = try movie("talk.mkv", in: dir)
    let before = MediaFile.openingsOnThisThread
    var findings: [Diagnostic] = []
    let tracks = try TranscriptTracks.find(
      forMedia: path, language: nil, reader: CaptionFileReader(), findings: &findings)
    #expect(MediaFile.openingsOnThisThread == before + 1)
    #expect(tracks.captions.map(\.cues.count) == [2])
  }
}
