import CaptionCore
import Foundation
import Testing

@testable import CaptionFormats

#if canImport(Glibc)
  import Glibc
#endif

/// An SRT file on disk, read as it loads (`FileLoading`).
enum SRTLoadingFile {
  /// A new file holding `bytes`; removed by the caller.
  static func write(_ bytes: [UInt8], name: String = "t.srt") throws -> String {
    let folder =
      FileManager.default.temporaryDirectory.path + "/captionkit-loading-"
      + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  static func remove(_ path: String) {
    try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
  }

  /// The reading of `bytes`, written to a file and read in `parts` parts on two threads while
  /// it loads `piece` bytes at a time, its size taken as `size` (the file's by default).
  static func parse(
    _ bytes: [UInt8], parts: Int, piece: Int, size: Int? = nil
  ) throws -> SRTParser {
    let path = try write(bytes)
    defer { remove(path) }
    let descriptor = open(path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let loading = FileLoading(
      descriptor: descriptor, size: size ?? bytes.count, piece: piece, searchWindow: 16)
    var parser = SRTParser(
      source: CueSource(bytes: loading.bytes, syntax: SRTCueTextMarkup.shared), path: "t.srt")
    parser.parse(threads: 2, twoPartSize: 1, parts: parts, loading: loading)
    return parser
  }
}

/// A large SRT file read while it loads gives what one pass over the loaded file gives, or,
/// when its bytes are not UTF-8 or it changes while it loads, nothing: it is then read as
/// any other file.
@Suite struct SRTLoadingTests {
  private func cue(_ number: Int, text: String = "Line of text", newline: String = "\n") -> String {
    let start = number * 2_000
    return "\(number)\(newline)\(time(start)) --> \(time(start + 1_500))\(newline)" + text
      + newline + newline
  }

  /// `hh:mm:ss,mmm` for `milliseconds`.
  private func time(_ milliseconds: Int) -> String {
    func pad(_ value: Int, _ width: Int) -> String {
      String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
    }
    return pad(milliseconds / 3_600_000, 2) + ":" + pad(milliseconds / 60_000 % 60, 2) + ":"
      + pad(milliseconds / 1000 % 60, 2) + "," + pad(milliseconds % 1000, 3)
  }

  private func onePass(_ bytes: [UInt8]) -> SRTParser {
    var parser = SRTParser(
      source: CueSource(bytes: bytes, syntax: SRTCueTextMarkup.shared), path: "t.srt")
    parser.parse()
    return parser
  }

  /// Expects `loaded` not abandoned, with the cues (times, texts, places) and findings of
  /// `one`.
  static func expectSame(
    _ loaded: SRTParser, _ one: SRTParser, _ note: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let abandoned = loaded.abandoned
    #expect(!abandoned, "\(note)", sourceLocation: sourceLocation)
    let different = Self.firstDifference(loaded.cues, one.cues)
    #expect(different == nil, "\(note): first different cue", sourceLocation: sourceLocation)
    let (findings, expected) = (loaded.sortedDiagnostics, one.sortedDiagnostics)
    #expect(findings == expected, "\(note)", sourceLocation: sourceLocation)
  }

  /// The index of the first cue of `cues` that differs from `expected`'s (in times, text or
  /// place), or of the first one missing or extra; nil when they are the same.
  static func firstDifference(_ cues: [Cue], _ expected: [Cue]) -> Int? {
    for index in 0..<max(cues.count, expected.count) {
      guard index < cues.count, index < expected.count else { return index }
      if cues[index] != expected[index] || cues[index].location != expected[index].location
        || cues[index].rawText != expected[index].rawText
      {
        return index
      }
    }
    return nil
  }

  /// Clean, with problems in a middle part, with CRLF line ends: in 2, 3 and 8 parts, loaded
  /// in pieces smaller and larger than a cue.
  @Test(arguments: ["clean", "middle problem", "crlf", "one long cue"])
  func aFileReadWhileItLoadsReadsAsOnePass(kind: String) throws {
    var text = ""
    for number in 1...600 {
      switch kind {
      case "middle problem" where number == 290:
        text += "291\n00:09:40,000 --> 00:09:39,000\nBackwards\n\n\n\n"
      case "crlf": text += cue(number, text: "Two\r\nlines", newline: "\r\n")
      case "one long cue" where number == 300:
        text += cue(number, text: String(repeating: "word ", count: 4_000))
      default: text += cue(number, text: number % 4 == 0 ? "<i>Two</i>\nlines" : "One line")
      }
    }
    let bytes = Array(text.utf8)
    let one = onePass(bytes)
    for parts in [2, 3, 8] {
      for piece in [61, 4_096, 1 << 20] {
        let loaded = try SRTLoadingFile.parse(bytes, parts: parts, piece: piece)
        Self.expectSame(loaded, one, "\(parts) parts, pieces of \(piece)")
        if kind == "clean" { #expect(loaded.readInParts, "\(parts) parts, pieces of \(piece)") }
      }
    }
  }

  /// Bytes that are not UTF-8 in a later part, or in the first: the reading is abandoned,
  /// and nothing of it is kept.
  @Test(arguments: [10, 3_000, 20_000])
  func bytesNotUTF8AbandonTheReading(at offset: Int) throws {
    var bytes = Array((1...500).map { cue($0) }.joined().utf8)
    let place = bytes[offset...].firstIndex(of: UInt8(ascii: "L"))!
    bytes[place] = 0xE9  // é in Latin-1
    for parts in [2, 5] {
      let loaded = try SRTLoadingFile.parse(bytes, parts: parts, piece: 997)
      let (abandoned, cues) = (loaded.abandoned, loaded.cues.count)
      #expect(abandoned, "\(parts) parts")
      #expect(cues == 0, "\(parts) parts")
    }
  }

  /// A file shorter than the size it had when opened (cut while it loads): abandoned.
  @Test func aFileThatEndsEarlyAbandonsTheReading() throws {
    let bytes = Array((1...500).map { cue($0) }.joined().utf8)
    let loaded = try SRTLoadingFile.parse(bytes, parts: 3, piece: 1_000, size: bytes.count + 500)
    let (abandoned, cues) = (loaded.abandoned, loaded.cues.count)
    #expect(abandoned)
    #expect(cues == 0)
  }

  /// A file just written is all in memory: read at once, whole; the rest of a file that grew
  /// after it was opened is read too, and the file is then not the size it had.
  @Test func loadingTellsAFileInMemoryAndOneThatGrew() throws {
    let bytes = Array((1...3_000).map { cue($0) }.joined().utf8)
    let path = try SRTLoadingFile.write(bytes)
    defer { SRTLoadingFile.remove(path) }
    for given in [bytes.count, bytes.count - 1_234] {
      let descriptor = open(path, O_RDONLY)
      try #require(descriptor >= 0)
      defer { close(descriptor) }
      let loading = FileLoading(descriptor: descriptor, size: given, piece: 4_096)
      #expect(loading.loadCached(), "size \(given)")
      let (all, unchanged, failure) = loading.finish(maximumSize: 1 << 30)
      #expect(failure == nil)
      #expect(all == bytes, "size \(given)")
      #expect(unchanged == (given == bytes.count), "size \(given)")
    }
  }

  /// Through the file reader: a large SRT file gives on two threads what it gives on one,
  /// whether it is in memory or has just been dropped from it, UTF-8 or not, with or without
  /// a byte order mark.
  @Test(arguments: ["utf-8", "latin-1", "bom", "dropped"])
  func theFileReaderReadsALargeFileAlikeOnTwoThreads(kind: String) throws {
    var bytes = Array((1...24_000).map { cue($0, text: "Caf\u{E9} line \($0)") }.joined().utf8)
    #expect(bytes.count > CaptionFileReader.twoPartSize)
    switch kind {
    case "latin-1":
      bytes = Array(
        (1...24_000).map { cue($0, text: "Caf\u{E9} line \($0)") }.joined()
          .unicodeScalars.map { UInt8($0.value) })
    case "bom": bytes = [0xEF, 0xBB, 0xBF] + bytes
    default: break
    }
    let path = try SRTLoadingFile.write(bytes, name: "big.fr.srt")
    defer { SRTLoadingFile.remove(path) }
    var one = CaptionFileReader()
    one.threads = 1
    var two = CaptionFileReader()
    two.threads = 2
    let expected = try one.read(path: path)
    if kind == "dropped" {
      // Asks the system to drop the file from memory, so that it loads from the disk (where
      // the file system honours it).
      let descriptor = open(path, O_RDONLY)
      try #require(descriptor >= 0)
      _ = fsync(descriptor)
      _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
      close(descriptor)
    }
    let read = try two.read(path: path)
    #expect(read.track.cues.count == 24_000)
    let different = Self.firstDifference(read.track.cues, expected.track.cues)
    #expect(different == nil, "first different cue")
    #expect(read.track.encoding == expected.track.encoding)
    #expect(read.diagnostics == expected.diagnostics)
  }
}
