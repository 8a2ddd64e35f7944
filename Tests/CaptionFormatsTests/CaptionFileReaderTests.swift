import CaptionCore
import Foundation
import Testing

@testable import CaptionFormats

struct CaptionFileReaderTests {
  final class Folder {
    let path: String

    init() throws {
      path = FileManager.default.temporaryDirectory.path + "/captionkit-reader-" + UUID().uuidString
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
      let full = path + "/" + name
      try Data(bytes).write(to: URL(fileURLWithPath: full))
      return full
    }
  }

  @Test func readsByExtensionAndKeepsThePath() throws {
    let folder = try Folder()
    let path = try folder.file("a.vtt", Array("WEBVTT\n".utf8))
    let result = try CaptionFileReader().read(path: path)
    #expect(result.track.format == .webvtt)
    #expect(result.track.path == path)
    #expect(result.track.encoding == "UTF-8")
  }

  @Test func takesLanguageAndKindFromASidecarName() throws {
    // "천둥" in CP949: not UTF-8, so the language in the file name picks the code page.
    let cp949: [UInt8] = [0xC3, 0xB5, 0xB5, 0xD5]
    let bytes = Array("1\n00:00:01,000 --> 00:00:02,000\n".utf8) + cp949 + [0x0A]
    let result = try CaptionFileReader().read(bytes: bytes, path: "media/movie.ko.sdh.srt")
    #expect(result.track.language == LanguageTag("ko"))
    #expect(result.track.kind == .sdh)
    #expect(result.track.encoding == "CP949")
    #expect(result.track.cues.first?.rawText == "천둥")
    #expect(
      result.diagnostics.map(\.message) == [
        "file is not UTF-8; decoded as CP949 (guessed from the content and language ko, "
          + "confidence 0.52)"
      ])
  }

  @Test func anExplicitLanguageWinsOverTheFileName() throws {
    let bytes = Array("1\n00:00:01,000 --> 00:00:02,000\n".utf8) + [0xE9, 0x0A]
    let result = try CaptionFileReader(language: LanguageTag("fr")).read(
      bytes: bytes, path: "movie.ko.srt")
    #expect(result.track.language == LanguageTag("fr"))
    #expect(result.track.encoding == "windows-1252")
    #expect(result.track.cues.first?.rawText == "é")
  }

  @Test func sniffsTheFormatWhenTheExtensionSaysNothing() throws {
    let reader = CaptionFileReader(language: LanguageTag("ko"))
    let srt = try reader.read(
      bytes: Array("1\n00:00:01,000 --> 00:00:02,000\nx\n".utf8), path: "captions.txt")
    #expect(srt.track.format == .srt)
    #expect(srt.track.language == LanguageTag("ko"))
    let vtt = try reader.read(bytes: Array("\u{FEFF}WEBVTT\n".utf8), path: "-")
    #expect(vtt.track.format == .webvtt)
  }

  @Test func refusesWhatIsNotCaptions() {
    let reader = CaptionFileReader()
    let cases: [([UInt8], String, String)] = [
      (Array("hello\n".utf8), "a.txt", "unknown format (no WEBVTT signature, no SRT cue)"),
      (
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], "a.srt",
        "binary data (a zero byte at offset 8)"
      ),
      ([], "a.vtt", "the file is empty"),
      (Array(" \r\n\t\n".utf8), "a.srt", "the file is empty"),
      (Array("hello\nworld\n".utf8), "a.srt", "no cues found"),
    ]
    for (bytes, path, reason) in cases {
      #expect(throws: CaptionFileReader.Failure.notCaptionFile(path: path, reason: reason)) {
        try reader.read(bytes: bytes, path: path)
      }
    }
  }

  /// UTF-16 of the text, high byte first or last, without a byte order mark.
  static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
    text.utf16.flatMap { unit in
      let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
      return bigEndian ? [high, low] : [low, high]
    }
  }

  @Test(arguments: [false, true])
  func readsUTF16WithoutAByteOrderMark(bigEndian: Bool) throws {
    let name = bigEndian ? "UTF-16BE" : "UTF-16LE"
    for (text, path, format) in [
      ("WEBVTT\n\n00:01.000 --> 00:02.000\nHéllo there\n", "a.vtt", TrackFormat.webvtt),
      ("1\n00:00:01,000 --> 00:00:02,000\nHéllo there\n", "a.srt", .srt),
    ] {
      let bytes = Self.utf16(text, bigEndian: bigEndian)
      let result = try CaptionFileReader().read(bytes: bytes, path: path)
      #expect(result.track.format == format)
      #expect(result.track.cues.map(\.text) == [CueText(plain: "Héllo there")])
      #expect(result.track.encoding == name)
      #expect(
        result.diagnostics.map(\.message) == [
          "file is not UTF-8; decoded as \(name) (guessed from the content, confidence 0.99)"
        ])
      // Named with --encoding, it is read the same, as requested.
      let named = try CaptionFileReader(encoding: bigEndian ? .utf16BE : .utf16LE)
        .read(bytes: bytes, path: path)
      #expect(named.track.cues.count == 1)
      #expect(
        named.diagnostics.map(\.message) == ["file is not UTF-8; decoded as \(name) (as requested)"]
      )
    }
    // Wide text that is no caption file is still refused as binary.
    #expect(
      throws: CaptionFileReader.Failure.notCaptionFile(
        path: "b.vtt", reason: "binary data (a zero byte at offset \(bigEndian ? 0 : 1))")
    ) {
      try CaptionFileReader().read(
        bytes: Self.utf16("hello there\n", bigEndian: bigEndian), path: "b.vtt")
    }
  }

  @Test func leavesAStrayZeroByteOfACaptionFileToItsReader() throws {
    let bytes = Array("WEBVTT\n\n00:01.000 --> 00:02.000\na\u{0}b\n".utf8)
    let result = try CaptionFileReader().read(bytes: bytes, path: "a.vtt")
    #expect(result.track.format == .webvtt)
    let srt = Array("1\n00:00:01,000 --> 00:00:02,000\na\u{0}b\n".utf8)
    #expect(try CaptionFileReader().read(bytes: srt, path: "a.srt").track.format == .srt)
    #expect(
      throws: CaptionFileReader.Failure.notCaptionFile(
        path: "a.vtt", reason: "binary data (a zero byte at offset 3)")
    ) {
      try CaptionFileReader().read(bytes: Array("abc\u{0}def\n00:01 --> 00:02".utf8), path: "a.vtt")
    }
  }

  @Test func acceptsAWebVTTFileWithoutCues() throws {
    let result = try CaptionFileReader().read(
      bytes: Array("WEBVTT\n\nNOTE x\n".utf8), path: "a.vtt")
    #expect(result.track.cues.isEmpty)
  }

  @Test func describesEachFailureInOneLine() {
    #expect(CaptionFileReader.Failure.missing(path: "a.vtt").description == "a.vtt: no such file")
    #expect(
      CaptionFileReader.Failure.tooLarge(path: "a.vtt", size: 30, limit: 20).description
        == "a.vtt: 30 bytes is over the input limit of 20 bytes")
    #expect(
      CaptionFileReader.Failure.unreadable(path: "d", reason: "it is a folder").description
        == "d: cannot read: it is a folder")
  }

  @Test func refusesLargeFilesBeforeReadingThem() throws {
    let folder = try Folder()
    let path = try folder.file("big.vtt", Array(repeating: 0x41, count: 4096))
    #expect(throws: CaptionFileReader.Failure.tooLarge(path: path, size: 4096, limit: 4095)) {
      try CaptionFileReader(maximumSize: 4095).read(path: path)
    }
    #expect(try CaptionFileReader.loadBytes(path: path, maximumSize: 4096).count == 4096)
    #expect(throws: CaptionFileReader.Failure.tooLarge(path: "-", size: 10, limit: 9)) {
      try CaptionFileReader(maximumSize: 9).read(
        bytes: Array(repeating: 0x41, count: 10), path: "-")
    }
  }

  @Test func reportsMissingAndUnreadablePaths() throws {
    let folder = try Folder()
    #expect(throws: CaptionFileReader.Failure.missing(path: folder.path + "/none.vtt")) {
      try CaptionFileReader().read(path: folder.path + "/none.vtt")
    }
    #expect(throws: CaptionFileReader.Failure.missing(path: folder.path + "/none/a.vtt")) {
      try CaptionFileReader().read(path: folder.path + "/none/a.vtt")
    }
    #expect(
      throws: CaptionFileReader.Failure.unreadable(path: folder.path, reason: "it is a folder")
    ) {
      try CaptionFileReader().read(path: folder.path)
    }
  }

  @Test func neverModifiesItsInput() throws {
    let folder = try Folder()
    let bytes = Array("WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nx\r\n".utf8)
    let path = try folder.file("a.vtt", bytes)
    let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    _ = try CaptionFileReader().read(path: path)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
    let after = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    #expect(before == after)
  }
}
