import CaptionKit
import Foundation
import Testing

@testable import CaptionCLI

/// What each container keeps of the flags, as `MuxContainer.keeps(_:)` and the mux page say,
/// checked on files FFmpeg writes: a flag the table keeps is read back, a flag it drops is
/// not and is reported.
struct MediaMuxerFlagsTests {
  static let cues = [
    MuxCue(start: MediaTime(milliseconds: 500), end: MediaTime(milliseconds: 1500), text: "Hi")
  ]

  @Test(arguments: [
    (MuxContainer.mp4, MuxSubtitleCodec.movText), (.mov, .movText), (.matroska, .subrip),
    (.matroska, .webvtt), (.webm, .webvtt),
  ])
  func theTableOfKeptFlagsIsWhatFFmpegWrites(
    _ container: MuxContainer, _ codec: MuxSubtitleCodec
  ) throws {
    let folder = try TemporaryFolder()
    let media =
      try container == .webm ? MuxMediaMaker.webm(in: folder) : MuxMediaMaker.mp4(in: folder)
    for kind in [TrackKind.sdh, .descriptions, .forced] {
      let track = MuxSubtitleTrack(
        codec: codec, language: LanguageTag("en"), kind: kind, isDefault: true, source: "x",
        cues: Self.cues)
      let output =
        folder.path + "/out-\(kind.rawValue)."
        + (container == .matroska ? "mkv" : container.rawValue)
      let result = try MediaMuxer.mux(
        input: media, tracks: [track], output: output, container: container)
      let index = try #require(result.added.first)
      let stream = try #require(try MediaProbe.probe(output).streams.first { $0.index == index })
      let kept = container.keeps(codec)
      for flag in track.dispositions {
        #expect(stream.has(flag) == kept.contains(flag), "\(container) \(codec) \(flag)")
      }
      let lost = track.dispositions.filter { !kept.contains($0) }
      let remarks = result.diagnostics.filter { $0.rule == MediaMuxer.dispositionRule }
      #expect(remarks.count == (lost.isEmpty ? 0 : 1))
      for flag in lost {
        #expect(remarks.first?.message.contains(flag.rawValue) == true)
      }
    }
  }
}
