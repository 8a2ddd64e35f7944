import CaptionCore
import CaptionFormats
import Foundation
import Testing

@Suite("SidecarDiscovery")
struct SidecarDiscoveryTests {
  /// A fresh folder holding empty files with the given names.
  final class Folder {
    let path: String

    init(_ names: [String]) throws {
      path =
        FileManager.default.temporaryDirectory.path + "/captionkit-sidecars-"
        + UUID().uuidString
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      for name in names {
        try Data("WEBVTT\n".utf8).write(to: URL(fileURLWithPath: path + "/" + name))
      }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
  }

  /// The found sidecars as `file name|language|kind|format`.
  private func summary(_ sidecars: [Sidecar], folder: String) -> [String] {
    sidecars.map { sidecar in
      let name =
        sidecar.path.hasPrefix(folder + "/")
        ? String(sidecar.path.dropFirst(folder.count + 1)) : "?" + sidecar.path
      return
        "\(name)|\(sidecar.language?.rawValue ?? "-")|\(sidecar.kind?.rawValue ?? "-")|"
        + sidecar.format.rawValue
    }
  }

  @Test func findsTheCaptionFilesOfAMovie() throws {
    let folder = try Folder([
      "movie.mp4", "movie.en.vtt", "movie.ko.srt", "movie.pt-BR.sdh.srt", "movie.zh-Hant.vtt",
      "movie.en.descriptions.vtt", "movie.chapters.vtt", "movie.ja.forced.ttml",
      "movie.fr.cc.dfxp", "movie.srt",
    ])
    let found = try SidecarDiscovery.sidecars(forMedia: folder.path + "/movie.mp4")
    #expect(
      summary(found, folder: folder.path) == [
        "movie.chapters.vtt|-|chapters|webvtt",
        "movie.en.descriptions.vtt|en|descriptions|webvtt",
        "movie.en.vtt|en|-|webvtt",
        "movie.fr.cc.dfxp|fr|captions|ttml",
        "movie.ja.forced.ttml|ja|forced|ttml",
        "movie.ko.srt|ko|-|srt",
        "movie.pt-BR.sdh.srt|pt-BR|sdh|srt",
        "movie.srt|-|-|srt",
        "movie.zh-Hant.vtt|zh-Hant|-|webvtt",
      ])
    #expect(found.first?.isChapters == true)
    #expect(found.dropFirst().allSatisfy { !$0.isChapters })
  }

  @Test func comparesTheMovieNameExactlyAndTheRestInAnyCase() throws {
    let folder = try Folder([
      "movie.mkv", "Movie.en.vtt", "MOVIE.fr.srt", "movie.EN.SDH.VTT", "movie.Ko.Srt",
      "movie.pt-br.vtt",
    ])
    let found = try SidecarDiscovery.sidecars(forMedia: folder.path + "/movie.mkv")
    #expect(
      summary(found, folder: folder.path) == [
        "movie.EN.SDH.VTT|en|sdh|webvtt",
        "movie.Ko.Srt|ko|-|srt",
        "movie.pt-br.vtt|pt-BR|-|webvtt",
      ])
  }

  @Test func keepsEveryDotOfAMultiDotStem() throws {
    let folder = try Folder([
      "my.movie.mp4", "my.movie.en.vtt", "my.movie.2019.en.vtt", "my.en.vtt", "my.movie.vtt",
      "The.Film.2019.mkv", "The.Film.2019.ko.sdh.srt",
    ])
    let mine = try SidecarDiscovery.sidecars(forMedia: folder.path + "/my.movie.mp4")
    #expect(
      summary(mine, folder: folder.path) == [
        "my.movie.en.vtt|en|-|webvtt", "my.movie.vtt|-|-|webvtt",
      ])
    let film = try SidecarDiscovery.sidecars(forMedia: folder.path + "/The.Film.2019.mkv")
    #expect(summary(film, folder: folder.path) == ["The.Film.2019.ko.sdh.srt|ko|sdh|srt"])
  }

  @Test func skipsUnknownKindsOtherMediaAndWhatIsNotAFile() throws {
    let folder = try Folder([
      "movie.mp4", "movie.mkv", "movie.en.mp4", "movie.en.commentary.srt", "movie.en.sdh.x.vtt",
      "movie.en.vtt.bak", "movie.en.txt", "movie.en.en.vtt", "movie.sdh.captions.vtt",
      "movie2.en.vtt", ".movie.en.vtt.captionkit-AbC123", "movie.de.vtt",
    ])
    try FileManager.default.createDirectory(
      atPath: folder.path + "/movie.it.vtt", withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/movie.es.srt", withDestinationPath: folder.path + "/movie.de.vtt")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/movie.nl.srt", withDestinationPath: folder.path + "/gone.srt")
    let found = try SidecarDiscovery.sidecars(forMedia: folder.path + "/movie.mp4")
    // A link that leads to no file is kept, so that reading it reports the sidecar missing;
    // a folder is not a file.
    #expect(
      summary(found, folder: folder.path) == [
        "movie.de.vtt|de|-|webvtt", "movie.es.srt|es|-|srt", "movie.nl.srt|nl|-|srt",
      ])
    // The other media file of the same name shares them.
    let other = try SidecarDiscovery.sidecars(forMedia: folder.path + "/movie.mkv")
    #expect(other.map(\.path) == found.map(\.path))
  }

  @Test func namesTheCaptionFilesNamedNearlyLikeASidecar() throws {
    let folder = try Folder([
      "movie.mp4", "movie.en.vtt", "movie.en.commentary.srt", "movie.sdh.captions.vtt",
      "movie.en.vtt.bak", "movie2.en.vtt", "movie.extended.mkv", "movie.extended.en.srt",
      "movie.fr.hi.srt", "movie.hi.srt", "movie.eng.srt", "movie.en.nfo",
    ])
    let scan = try SidecarDiscovery.scan(
      forMedia: folder.path + "/movie.mp4",
      isMedia: { $0.hasSuffix(".mkv") || $0.hasSuffix(".mp4") })
    #expect(
      summary(scan.sidecars, folder: folder.path) == [
        "movie.en.vtt|en|-|webvtt", "movie.eng.srt|en|-|srt", "movie.fr.hi.srt|fr|sdh|srt",
        "movie.hi.srt|hi|-|srt",
      ])
    // A name that starts with another media file's (movie.extended.mkv) belongs to it; one
    // that starts with another file's (movie.en.nfo) still is named.
    #expect(
      scan.unread == [
        folder.path + "/movie.en.commentary.srt", folder.path + "/movie.sdh.captions.vtt",
      ])
  }

  @Test func aNumberTellsApartFilesOfTheSameLanguageAndKind() throws {
    let folder = try Folder([
      "movie.mkv", "movie.en.vtt", "movie.en.2.vtt", "movie.en.sdh.3.srt", "movie.und.12.vtt",
      "movie.en.1.vtt", "movie.en.02.vtt", "movie.en.1000.vtt", "movie.en.2.2.vtt",
      "movie.2.en.vtt",
    ])
    let found = try SidecarDiscovery.sidecars(forMedia: folder.path + "/movie.mkv")
    #expect(
      summary(found, folder: folder.path) == [
        "movie.en.2.vtt|en|-|webvtt", "movie.en.sdh.3.srt|en|sdh|srt", "movie.en.vtt|en|-|webvtt",
        "movie.und.12.vtt|und|-|webvtt",
      ])
    #expect(found.map(\.number) == [2, 3, nil, 12])
  }

  @Test func theOrderDoesNotDependOnTheListing() {
    let names = ["movie.ko.vtt", "movie.en.vtt", "movie.chapters.vtt", "movie.en.sdh.vtt"]
    let forward = SidecarDiscovery.sidecars(forMedia: "/v/movie.mp4", among: names)
    let backward = SidecarDiscovery.sidecars(forMedia: "/v/movie.mp4", among: names.reversed())
    #expect(forward == backward)
    #expect(
      forward.map(\.path) == [
        "/v/movie.chapters.vtt", "/v/movie.en.sdh.vtt", "/v/movie.en.vtt", "/v/movie.ko.vtt",
      ])
  }

  @Test func pathsFollowTheMediaPathAsGiven() {
    #expect(
      SidecarDiscovery.sidecars(forMedia: "movie.mp4", among: ["movie.en.vtt"]).map(\.path)
        == ["movie.en.vtt"])
    #expect(
      SidecarDiscovery.sidecars(forMedia: "/movie.mp4", among: ["movie.en.vtt"]).map(\.path)
        == ["/movie.en.vtt"])
    #expect(
      SidecarDiscovery.sidecars(forMedia: "a/b/movie.mp4", among: ["movie.en.vtt", "movie.mp4"])
        .map(\.path) == ["a/b/movie.en.vtt"])
  }

  @Test func readsASidecarWithTheLanguageAndKindOfItsName() throws {
    let folder = try Folder(["Ice.Age.mkv"])
    let cue = "1\n00:00:01,000 --> 00:00:02,000\nHi\n"
    try Data(cue.utf8).write(to: URL(fileURLWithPath: folder.path + "/Ice.Age.srt"))
    // 안녕 in CP949: the name's language chooses the code page.
    let korean: [UInt8] =
      Array("1\n00:00:01,000 --> 00:00:02,000\n".utf8) + [0xBE, 0xC8, 0xB3, 0xE7, 0x0A]
    try Data(korean).write(to: URL(fileURLWithPath: folder.path + "/Ice.Age.ko.sdh.srt"))
    let found = try SidecarDiscovery.sidecars(forMedia: folder.path + "/Ice.Age.mkv")
    #expect(found.count == 2)
    #expect(found.map(\.name.fileName) == ["Ice.Age.ko.sdh.srt", "Ice.Age.srt"])
    let plain = try found[1].read()
    // Alone, `Ice.Age.srt` would read as language `age`; next to `Ice.Age.mkv` it has none.
    #expect(plain.track.language == nil)
    #expect(plain.track.kind == nil)
    #expect(plain.track.source == .sidecar)
    #expect(plain.track.path == folder.path + "/Ice.Age.srt")
    let ko = try found[0].read()
    #expect(ko.track.language == LanguageTag("ko"))
    #expect(ko.track.kind == .sdh)
    #expect(ko.track.encoding == "CP949")
    #expect(ko.track.cues.map(\.rawText) == ["안녕"])
    #expect(ko.diagnostics.map(\.rule) == ["parse.encoding"])
    let given = try found[1].read(with: CaptionFileReader(language: LanguageTag("fr")))
    #expect(given.track.language == LanguageTag("fr"))
  }

  @Test func aMissingFolderIsAnError() {
    #expect(throws: SidecarDiscovery.Failure.self) {
      try SidecarDiscovery.sidecars(forMedia: "/nonexistent-captionkit-folder/movie.mp4")
    }
    do {
      _ = try SidecarDiscovery.sidecars(forMedia: "/nonexistent-captionkit-folder/movie.mp4")
    } catch {
      #expect(
        error.description
          == "/nonexistent-captionkit-folder: cannot list the folder: no such file or directory")
    }
  }
}
