import CaptionTestSupport
import Foundation
import Testing

@testable import CaptionMedia

/// Damaged and hostile input: every outcome is a result or an `FFmpegError` with a one-line
/// reason, never a crash or a hang.
@Suite struct MediaProbeBadInputTests {
  /// Probes `path`; when it fails, checks the error is about bad data and fits on one line.
  func probeOrReject(_ path: String) -> MediaInfo? {
    do {
      return try MediaProbe.probe(path, timeLimit: 20)
    } catch let error as FFmpegError {
      #expect(error.kind == .invalidData, "\(path): \(error)")
      #expect(!error.description.contains("\n"))
      #expect(error.path == path)
      return nil
    } catch {
      Issue.record("\(path): unexpected \(error)")
      return nil
    }
  }

  @Test(arguments: ["mp4", "mkv", "ts", "webm"])
  func truncatedFilesProbeOrFailWithAReason(_ container: String) throws {
    let source = try MediaFixtures.sample(container)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
    let offsets = [0, 1, 16, 100, 1000, 4096, bytes.count / 3, bytes.count / 2, bytes.count - 100]
    var rejected: [Int] = []
    for offset in offsets {
      let path = try MediaFixtures.file(
        "cut-\(offset).\(container)", contents: bytes.prefix(offset))
      if probeOrReject(path) == nil { rejected.append(offset) }
    }
    // An empty file and a 16-byte stub are never media.
    #expect(rejected.starts(with: [0, 1, 16]))
    if container == "mp4" {
      // The index (moov) is at the end: every cut before it loses the whole file.
      #expect(rejected == offsets.dropLast())
    }
  }

  @Test(arguments: ["mp4", "mkv", "ts", "webm", "mov", "mp3", "m4a", "avi"])
  func randomBytesWithAMediaExtensionAreRejected(_ ext: String) throws {
    var generator = SeededGenerator(seed: UInt64(ext.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) }))
    let bytes = (0..<300_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let path = try MediaFixtures.file("random.\(ext)", contents: Data(bytes))
    #expect(probeOrReject(path) == nil)
  }

  @Test func corruptedBytesInTheMiddleStillProbeOrFailCleanly() throws {
    let source = try MediaFixtures.sample("mkv")
    var bytes = try Data(contentsOf: URL(fileURLWithPath: source))
    var generator = SeededGenerator(seed: 42)
    for _ in 0..<200 {
      let index = Int.random(in: 0..<bytes.count, using: &generator)
      bytes[index] = UInt8.random(in: 0...255, using: &generator)
    }
    let path = try MediaFixtures.file("corrupt.mkv", contents: bytes)
    _ = probeOrReject(path)
  }

  @Test func anEndlessDeviceIsBounded() {
    #expect(probeOrReject("/dev/zero") == nil)
  }

  @Test func aMissingFileIsInputMissing() {
    let path = MediaFixtures.folder + "/missing.mkv"
    let error = #expect(throws: FFmpegError.self) { try MediaProbe.probe(path) }
    #expect(error?.kind == .inputMissing)
  }

  @Test func theTimeLimitStopsTheRead() throws {
    let path = try MediaFixtures.sample("mkv")
    let error = #expect(throws: FFmpegError.self) { try MediaProbe.probe(path, timeLimit: 0) }
    #expect(error?.kind == .interrupted)
    #expect(error?.description == "cannot open '\(path)': immediate exit requested")
  }
}
