import CaptionCore
import Testing

@testable import CaptionMedia

struct MuxContainerTests {
  @Test(arguments: [
    ("out.mp4", MuxContainer.mp4), ("a/b.M4V", .mp4), ("x.mkv", .matroska), ("x.webm", .webm),
    ("master.MOV", .mov),
  ])
  func theExtensionChoosesTheContainer(_ path: String, _ container: MuxContainer) {
    #expect(MuxContainer(path: path) == container)
  }

  @Test func otherNamesChooseNone() {
    #expect(MuxContainer(path: "out.avi") == nil)
    #expect(MuxContainer(path: "out") == nil)
    #expect(MuxContainer(path: "folder.mkv/out") == nil)
  }

  @Test func eachContainerHasItsTextCodecs() {
    #expect(MuxContainer.mp4.codecs == [.movText])
    #expect(MuxContainer.mov.codecs == [.movText, .c608])
    #expect(MuxContainer.matroska.codecs == [.subrip, .webvtt])
    #expect(MuxContainer.webm.codecs == [.webvtt])
    #expect(MuxContainer.allCases.allSatisfy { $0.codecs.first == $0.defaultCodec })
  }

  @Test func kindsGiveTheirDispositions() {
    #expect(MuxSubtitleTrack.dispositions(for: .sdh) == [.hearingImpaired, .captions])
    #expect(MuxSubtitleTrack.dispositions(for: .captions) == [.hearingImpaired, .captions])
    #expect(MuxSubtitleTrack.dispositions(for: .descriptions) == [.descriptions])
    #expect(MuxSubtitleTrack.dispositions(for: .forced) == [.forced])
    #expect(MuxSubtitleTrack.dispositions(for: .subtitles) == [])
    #expect(MuxSubtitleTrack.dispositions(for: nil) == [])
    let track = MuxSubtitleTrack(codec: .subrip, kind: .forced, isDefault: true, cues: [])
    #expect(track.dispositions == [.default, .forced])
  }
}
