import CaptionCore
import CaptionFormats
import Testing

@Suite("SidecarName")
struct SidecarNameTests {
  @Test(
    arguments: [
      ("movie.en.vtt", "movie", "en", nil, TrackFormat.webvtt),
      ("movie.pt-BR.srt", "movie", "pt-BR", nil, .srt),
      ("movie.zh-Hant.sdh.vtt", "movie", "zh-Hant", TrackKind.sdh, .webvtt),
      ("movie.ko.captions.vtt", "movie", "ko", .captions, .webvtt),
      ("movie.ko.cc.srt", "movie", "ko", .captions, .srt),
      ("movie.en.subtitles.srt", "movie", "en", .subtitles, .srt),
      ("movie.fr.forced.srt", "movie", "fr", .forced, .srt),
      ("movie.en.descriptions.vtt", "movie", "en", .descriptions, .webvtt),
      ("movie.en.ad.vtt", "movie", "en", .descriptions, .webvtt),
      ("movie.chapters.vtt", "movie", nil, .chapters, .webvtt),
      ("movie.ja.ttml", "movie", "ja", nil, .ttml),
      ("movie.ja.dfxp", "movie", "ja", nil, .ttml),
      ("movie.ja.xml", "movie", "ja", nil, .ttml),
      ("The.Big.Movie.2019.EN.SDH.VTT", "The.Big.Movie.2019", "en", .sdh, .webvtt),
      ("movie.sdh.en.srt", "movie", "en", .sdh, .srt),
      ("movie.srt", "movie", nil, nil, .srt),
      ("dir/sub.dir/movie.ar.srt", "movie", "ar", nil, .srt),
      ("movie.en.hi.srt", "movie", "en", .sdh, .srt),
      ("movie.hi.srt", "movie", "hi", nil, .srt),
      ("movie.hi.sdh.srt", "movie", "hi", .sdh, .srt),
      ("movie.eng.srt", "movie", "en", nil, .srt),
      ("movie.ger.forced.srt", "movie", "de", .forced, .srt),
      ("movie.yue.srt", "movie", "yue", nil, .srt),
    ] as [(String, String, String?, TrackKind?, TrackFormat)])
  func parsesNames(
    _ name: String, _ base: String, _ language: String?, _ kind: TrackKind?,
    _ format: TrackFormat
  ) throws {
    let parsed = try #require(SidecarName(fileName: name))
    #expect(parsed.baseName == base)
    #expect(parsed.language?.rawValue == language)
    #expect(parsed.kind == kind)
    #expect(parsed.format == format)
  }

  @Test func rejectsWhatIsNotACaptionFile() {
    #expect(SidecarName(fileName: "movie.mp4") == nil)
    #expect(SidecarName(fileName: "movie.en.txt") == nil)
    #expect(SidecarName(fileName: "vtt") == nil)
    #expect(SidecarName(fileName: ".vtt") == nil)
    #expect(SidecarName(fileName: "") == nil)
  }

  @Test func titleWordsAreNotLanguages() throws {
    let parsed = try #require(SidecarName(fileName: "Back.to.the.Future.srt"))
    #expect(parsed.baseName == "Back.to.the.Future")
    #expect(parsed.language == nil)
    // A short word that is no ISO 639 code is no language.
    for name in ["Ice.Age.srt", "c2.out.vtt", "movie.cut.srt", "movie.sub.srt", "movie.web.vtt"] {
      #expect(SidecarName(fileName: name)?.language == nil, "\(name)")
    }
    // Alone, a last word that is also a code is ambiguous; the media file name settles it.
    #expect(SidecarName(fileName: "Huckleberry.Fin.srt")?.language?.rawValue == "fi")
    let relative = try #require(
      SidecarName(fileName: "Huckleberry.Fin.srt", mediaFileName: "Huckleberry.Fin.mkv"))
    #expect(relative.language == nil)
    #expect(relative.baseName == "Huckleberry.Fin")
  }

  @Test func languageCodesOfISO639AreLanguages() {
    let cases = [
      ("movie.yue.srt", "yue"), ("movie.cmn-Hant.srt", "cmn-Hant"), ("movie.und.vtt", "und"),
      ("movie.fil.srt", "fil"), ("movie.haw.vtt", "haw"), ("movie.EN.vtt", "en"),
      ("movie.pt-BR.vtt", "pt-BR"), ("movie.ger.srt", "de"),
    ]
    for (name, tag) in cases {
      #expect(SidecarName(fileName: name)?.language?.rawValue == tag, "\(name)")
    }
  }

  @Test func belongsToItsMediaFile() {
    let media = "/videos/movie.mp4"
    #expect(SidecarName.belongs("movie.en.vtt", to: media))
    #expect(SidecarName.belongs("/videos/movie.pt-BR.sdh.srt", to: media))
    #expect(SidecarName.belongs("movie.chapters.vtt", to: media))
    #expect(SidecarName.belongs("movie.vtt", to: media))
    #expect(SidecarName.belongs("movie.en.forced.dfxp", to: media))
    #expect(!SidecarName.belongs("movie2.en.vtt", to: media))
    #expect(!SidecarName.belongs("movie.director.en.vtt", to: media))
    #expect(!SidecarName.belongs("movie.en.sdh.extra.vtt", to: media))
    #expect(!SidecarName.belongs("movie.en.vtt.bak", to: media))
    #expect(!SidecarName.belongs("Movie.en.vtt", to: media))
    #expect(!SidecarName.belongs("movie.en.en.vtt", to: media))
    #expect(!SidecarName.belongs("movie.mp4", to: media))
    #expect(SidecarName.belongs("The.Film.2019.ko.vtt", to: "The.Film.2019.mkv"))
    #expect(!SidecarName.belongs("The.Film.ko.vtt", to: "The.Film.2019.mkv"))
  }

  @Test func relativeParseKeepsTheMediaBase() throws {
    let parsed = try #require(
      SidecarName(fileName: "show.s01e02.ko.sdh.srt", mediaFileName: "show.s01e02.mkv"))
    #expect(parsed.baseName == "show.s01e02")
    #expect(parsed.language == LanguageTag("ko"))
    #expect(parsed.kind == .sdh)
    #expect(parsed.fileExtension == "srt")
  }

  @Test func writesNamesThatReadBack() throws {
    let name = SidecarName(
      baseName: "movie", language: LanguageTag("pt-br"), kind: .descriptions, format: .webvtt)
    #expect(name.fileName == "movie.pt-BR.descriptions.vtt")
    #expect(SidecarName(fileName: name.fileName) == name)
    #expect(
      SidecarName(baseName: "movie", kind: .chapters, format: .webvtt).fileName
        == "movie.chapters.vtt")
    #expect(
      SidecarName(baseName: "m", language: LanguageTag("en"), format: .ttml).fileName
        == "m.en.ttml")
    for kind in TrackKind.allCases {
      let written = SidecarName(
        baseName: "a.b", language: LanguageTag("ko"), kind: kind, format: .srt)
      #expect(SidecarName(fileName: written.fileName, mediaFileName: "a.b.mp4") == written)
    }
  }

  @Test func mediaBaseName() {
    #expect(SidecarName.baseName(ofMedia: "/x/y/movie.final.mp4") == "movie.final")
    #expect(SidecarName.baseName(ofMedia: "movie") == "movie")
    #expect(SidecarName.baseName(ofMedia: ".hidden") == ".hidden")
  }
}
