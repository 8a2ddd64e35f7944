import CaptionKit
import Testing

@testable import CaptionCLI

struct MuxTrackSpecTests {
  @Test func aPlainFileHasNoOptions() throws {
    #expect(try MuxTrackSpec.parse("movie.en.srt") == MuxTrackSpec(path: "movie.en.srt"))
  }

  @Test func everyOptionIsRead() throws {
    let spec = try MuxTrackSpec.parse("subs/a.vtt:lang=pt-BR:kind=cc:default:codec=webvtt")
    #expect(spec.path == "subs/a.vtt")
    #expect(spec.language == LanguageTag("pt-BR"))
    #expect(spec.kind == .captions)
    #expect(spec.isDefault)
    #expect(spec.codec == .webvtt)
  }

  @Test func c608TakesAMode() throws {
    let spec = try MuxTrackSpec.parse("a.scc:codec=c608:mode=roll-up-3")
    #expect(spec.codec == .c608)
    #expect(spec.mode == .rollUp(rows: 3))
    #expect(try MuxTrackSpec.parse("a.vtt:mode=pop-on").mode == .popOn)
    #expect(try MuxTrackSpec.parse("a.vtt").mode == nil)
  }

  @Test func kindsAcceptTheSidecarNames() throws {
    #expect(try MuxTrackSpec.parse("a.srt:kind=ad").kind == .descriptions)
    #expect(try MuxTrackSpec.parse("a.srt:kind=SDH").kind == .sdh)
    #expect(try MuxTrackSpec.parse("a.srt:kind=forced").kind == .forced)
  }

  @Test func anExistingFileWithAColonIsTakenWhole() throws {
    let folder = try TemporaryFolder()
    let path = try folder.file("a:lang=xx.srt", "1\n00:00:01,000 --> 00:00:02,000\nHi\n")
    #expect(try MuxTrackSpec.parse(path) == MuxTrackSpec(path: path))
  }

  @Test func aMisspelledOptionSuggestsTheRightOne() {
    #expect(throws: UsageError.self) { try MuxTrackSpec.parse("a.srt:lnag=en") }
    do {
      _ = try MuxTrackSpec.parse("a.srt:lnag=en")
    } catch {
      #expect(error.hint == "did you mean 'lang'?")
    }
  }
}
