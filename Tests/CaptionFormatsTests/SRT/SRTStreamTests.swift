import CaptionCore
import Foundation
import Testing

@testable import CaptionFormats

/// `CaptionFileReader.stream`: a large SRT file in UTF-8 is handed over in runs of cues as it
/// is read, which together are what `read(path:)` reads; any other file is read whole.
struct SRTStreamTests {
  typealias Folder = CaptionFileReaderTests.Folder

  /// An SRT file of `count` cues (about 90 bytes each), damaged at the cues of `damaged`: a
  /// missing blank line, a counter out of sequence, an unreadable timing, in turn.
  static func largeSRT(cues count: Int, damaged: Set<Int> = []) -> [UInt8] {
    var text = ""
    text.reserveCapacity(count * 96)
    for number in 1...count {
      let start = number * 2_000
      let blank = damaged.contains(number) && number % 3 == 0 ? "" : "\n"
      let counter = damaged.contains(number) && number % 3 == 1 ? number + 5 : number
      var timing = "\(stamp(start)) --> \(stamp(start + 1_500 + number % 7 * 400))"
      if damaged.contains(number) && number % 3 == 2 { timing = "\(number) --> soon" }
      let words = number % 5 == 0 ? "A much longer line of dialogue for this cue" : "Hello there"
      let second = number % 4 == 0 ? "\n<i>and a second line</i>" : ""
      text += "\(counter)\n\(timing)\n\(words) \(number)\(second)\n\(blank)"
    }
    return Array(text.utf8)
  }

  static func stamp(_ milliseconds: Int) -> String {
    func pad(_ value: Int, _ width: Int) -> String {
      String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
    }
    return "\(pad(milliseconds / 3_600_000, 2)):\(pad(milliseconds / 60_000 % 60, 2)):"
      + "\(pad(milliseconds / 1000 % 60, 2)),\(pad(milliseconds % 1000, 3))"
  }

  /// True when `path` opens for writing at once: no read lease is held on it (a mapping).
  private static func writable(_ path: String) -> Bool {
    FileMappingTests.openForWriting(path) == 0
  }

  /// The runs `stream` hands over for the file at `path`, and what it says it did.
  private func streamed(_ path: String, threads: Int = 2, accept: Bool = true) throws
    -> (runs: [CueRun], outcome: CaptionFileReader.Streamed)
  {
    var reader = CaptionFileReader()
    reader.threads = threads
    var runs: [CueRun] = []
    let outcome = try reader.stream(path: path) { _ in
      accept
    } handle: { run, _ in
      run
    } consume: {
      runs.append($0)
    }
    return (runs, outcome)
  }

  /// Expects `runs` to hold the cues and findings of `whole`, in order.
  private func expectRuns(
    _ runs: [CueRun], like whole: ReadResult,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let cues = runs.flatMap { Array($0.cues[$0.range]) }
    // Compared as a whole, without a description of every cue when they differ.
    #expect(cues.count == whole.track.cues.count, sourceLocation: sourceLocation)
    #expect(cues == whole.track.cues ? true : false, sourceLocation: sourceLocation)
    #expect(
      cues.map(\.location) == whole.track.cues.map(\.location), sourceLocation: sourceLocation)
    #expect(
      runs.flatMap(\.diagnostics).map(\.compilerStyle) == whole.diagnostics.map(\.compilerStyle),
      sourceLocation: sourceLocation)
    #expect(runs.count > 2, "\(runs.count) runs", sourceLocation: sourceLocation)
  }

  @Test(arguments: [Set<Int>(), [2, 5_001, 9_000], Set(stride(from: 7, to: 32_000, by: 1_511))])
  func aLargeFileIsHandedOverInRunsThatReadAsTheWhole(damaged: Set<Int>) throws {
    let folder = try Folder()
    let path = try folder.file("movie.en.srt", Self.largeSRT(cues: 32_000, damaged: damaged))
    let whole = try CaptionFileReader().read(path: path)
    let (runs, outcome) = try streamed(path)
    guard case .streamed(let track, let cueCount) = outcome else {
      Issue.record("read whole: \(outcome)")
      return
    }
    #expect(cueCount == whole.track.cues.count)
    #expect(track.cues.isEmpty)
    #expect(track.path == path)
    #expect(track.format == .srt)
    #expect(track.encoding == "UTF-8")
    #expect(track.language == LanguageTag("en"))
    expectRuns(runs, like: whole)
    if !damaged.isEmpty { #expect(!whole.diagnostics.isEmpty) }
  }

  @Test func aFileWithAByteOrderMarkIsHandedOverWithoutIt() throws {
    let folder = try Folder()
    let path = try folder.file("bom.srt", [0xEF, 0xBB, 0xBF] + Self.largeSRT(cues: 32_000))
    let (runs, outcome) = try streamed(path)
    guard case .streamed = outcome else {
      Issue.record("read whole")
      return
    }
    expectRuns(runs, like: try CaptionFileReader().read(path: path))
  }

  /// A plain large file in memory is mapped, not read, while its runs are handed over: a
  /// writer is kept out (the lease) until the last run is done, then let in. A file with a
  /// byte order mark is read into memory instead and keeps no writer out.
  @Test func aPlainFileIsMappedWhileItIsHandedOver() throws {
    #if os(Linux)
      let folder = try Folder()
      let plain = try folder.file("plain.srt", Self.largeSRT(cues: 32_000))
      let marked = try folder.file("marked.srt", [0xEF, 0xBB, 0xBF] + Self.largeSRT(cues: 32_000))
      for (path, mapped) in [(plain, true), (marked, false)] {
        var writable: [Bool] = []
        var reader = CaptionFileReader()
        reader.threads = 2
        let outcome = try reader.stream(path: path) { _ in
          true
        } handle: { run, _ in
          run
        } consume: { _ in
          writable.append(Self.writable(path))
        }
        guard case .streamed = outcome else {
          Issue.record("\(path) read whole")
          continue
        }
        #expect(writable.count > 2, "\(path)")
        #expect(writable.allSatisfy { $0 == !mapped }, "\(path)")
        #expect(Self.writable(path), "\(path)")
      }
    #endif
  }

  /// A file the system has just dropped from memory is read as it loads instead (where the
  /// file system honours the drop), and gives the same cues either way.
  @Test func aFileDroppedFromMemoryReadsAlike() throws {
    let folder = try Folder()
    let path = try folder.file("a.srt", Self.largeSRT(cues: 32_000, damaged: [9, 20_000]))
    let whole = try CaptionFileReader().read(path: path)
    let descriptor = open(path, O_RDONLY)
    try #require(descriptor >= 0)
    let loading = FileLoading(descriptor: descriptor, size: Int(lseek(descriptor, 0, SEEK_END)))
    #expect(loading.residentShare() > 0.9)
    _ = fsync(descriptor)
    _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
    close(descriptor)
    let (runs, outcome) = try streamed(path)
    switch outcome {
    case .streamed: expectRuns(runs, like: whole)
    case .read(let result):
      #expect(runs.count == 0)
      #expect(result.track.cues == whole.track.cues ? true : false)
      #expect(result.diagnostics == whole.diagnostics)
    }
  }

  /// A file whose track the caller declines is read whole, as `read(path:)` reads it; a plain
  /// one in memory from its mapping, which the result's cues hold (writers wait) until they
  /// are let go.
  @Test func aFileTheCallerDeclinesIsReadWhole() throws {
    let folder = try Folder()
    let plain = try folder.file(
      "movie.en.srt", Self.largeSRT(cues: 32_000, damaged: [4, 15_000, 31_000]))
    let marked = try folder.file("marked.srt", [0xEF, 0xBB, 0xBF] + Self.largeSRT(cues: 32_000))
    for (path, mapped) in [(plain, true), (marked, false)] {
      // The result is let go at the end of this block.
      do {
        let (runs, outcome) = try streamed(path, accept: false)
        #expect(runs.count == 0)
        guard case .read(let result) = outcome else {
          Issue.record("\(path) streamed")
          continue
        }
        let whole = try CaptionFileReader().read(path: path)
        #expect(result.track.cues == whole.track.cues ? true : false, "\(path)")
        #expect(
          result.track.cues.map(\.location) == whole.track.cues.map(\.location), "\(path)")
        #expect(result.diagnostics == whole.diagnostics, "\(path)")
        #expect(result.track.path == whole.track.path)
        #expect(result.track.encoding == whole.track.encoding)
        #expect(result.track.language == whole.track.language)
        #expect(result.track.kind == whole.track.kind)
        #if os(Linux)
          #expect(Self.writable(path) == !mapped, "\(path)")
        #endif
      }
      #if os(Linux)
        #expect(Self.writable(path), "\(path)")
      #endif
    }
  }

  @Test func smallFilesOtherEncodingsAndOneThreadAreReadWhole() throws {
    let folder = try Folder()
    let large = Self.largeSRT(cues: 32_000)
    var latin = large
    latin[latin.count / 2] = 0xE9  // é in Latin-1: not UTF-8
    let cases = [
      (try folder.file("small.srt", Self.largeSRT(cues: 100)), 2),
      (try folder.file("latin.srt", latin), 2),
      (try folder.file("large.srt", large), 1),
      (try folder.file("large.vtt", Array("WEBVTT\n\n".utf8) + large), 2),
    ]
    for (path, threads) in cases {
      let (runs, outcome) = try streamed(path, threads: threads)
      #expect(runs.count == 0, "\(path)")
      guard case .read(let result) = outcome else {
        Issue.record("\(path) was streamed")
        continue
      }
      let whole = try CaptionFileReader().read(path: path)
      #expect(result.track.cues == whole.track.cues ? true : false, "\(path)")
      #expect(result.diagnostics == whole.diagnostics, "\(path)")
    }
  }

  @Test func failuresAreThrownBeforeAnyRun() throws {
    let folder = try Folder()
    // Media, say: bytes of every value, a zero among the first.
    var state: UInt64 = 7
    let binary = (0..<(2 << 20)).map { index -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return index == 10 ? 0 : UInt8(truncatingIfNeeded: state >> 56)
    }
    let noCues = try folder.file("none.srt", Array(repeating: UInt8(ascii: "a"), count: 1 << 21))
    let failures: [(String, CaptionFileReader.Failure)] = [
      (folder.path + "/missing.srt", .missing(path: folder.path + "/missing.srt")),
      (
        try folder.file("binary.srt", binary),
        .notCaptionFile(
          path: folder.path + "/binary.srt", reason: "binary data (a zero byte at offset 10)")
      ),
      (noCues, .notCaptionFile(path: noCues, reason: "no cues found")),
    ]
    for (path, failure) in failures {
      var runs = 0
      var reader = CaptionFileReader()
      reader.threads = 2
      #expect(throws: failure) {
        _ = try reader.stream(path: path) { _ in
          true
        } handle: { run, _ in
          run
        } consume: {
          _ in
          runs += 1
        }
      }
      #expect(runs == 0)
    }
  }
}
