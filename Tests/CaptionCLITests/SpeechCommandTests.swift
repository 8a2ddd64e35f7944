import Foundation
import Testing

@testable import CaptionCLI

struct SpeechCommandTests {
  /// A 16 kHz mono WAV file: quiet noise at -60 dBFS with one-second bursts of noise at
  /// -20 dBFS RMS starting at `bursts` seconds.
  static func wav(seconds: Int, bursts: [Int]) -> [UInt8] {
    let rate = 16_000
    var state: UInt64 = 5
    func noise(_ amplitude: Double) -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (Double(state >> 40) / Double(1 << 24) * 2 - 1) * amplitude * 3.0.squareRoot()
    }
    var samples = [Int16]()
    for i in 0..<(seconds * rate) {
      var x = noise(0.001)
      if bursts.contains(where: { i >= $0 * rate && i < ($0 + 1) * rate }) { x += noise(0.1) }
      samples.append(Int16(max(-32768, min(32767, (x * 32767).rounded()))))
    }
    var bytes: [UInt8] = []
    func u32(_ v: Int) { bytes += (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
    func u16(_ v: Int) { bytes += (0..<2).map { UInt8((v >> (8 * $0)) & 0xFF) } }
    bytes += Array("RIFF".utf8)
    u32(36 + samples.count * 2)
    bytes += Array("WAVEfmt ".utf8)
    u32(16)
    u16(1)
    u16(1)
    u32(rate)
    u32(rate * 2)
    u16(2)
    u16(16)
    bytes += Array("data".utf8)
    u32(samples.count * 2)
    for s in samples { u16(Int(UInt16(bitPattern: s))) }
    return bytes
  }

  @Test func listsTheBurstsAsText() throws {
    let folder = try TemporaryFolder()
    let path = try folder.file("bursts.wav", bytes: Self.wav(seconds: 10, bursts: [2, 6]))
    let run = ToolRun(["speech", path])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let lines = run.stdout.split(separator: "\n")
    try #require(lines.count == 2)
    // Times are in 20 ms frames; a frame at the edge of a burst holds part of it.
    let starts = ["00:00:01.980", "00:00:02.000", "00:00:05.980", "00:00:06.000"]
    for (line, second) in zip(lines, [2, 6]) {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      try #require(fields.count == 5)
      #expect(starts.contains(String(fields[0])), "\(line)")
      #expect(fields[1] == "-->")
      #expect(fields[2].hasPrefix("00:00:0\(second + 1)."), "\(line)")
      let level = try #require(Double(fields[3]))
      #expect(abs(level - -20) <= 0.5, "\(line)")
      #expect(fields[4] == "dBFS")
    }
  }

  @Test func writesJSON() throws {
    let folder = try TemporaryFolder()
    let path = try folder.file("bursts.wav", bytes: Self.wav(seconds: 10, bursts: [4]))
    let run = ToolRun(["speech", path, "--format", "json", "--audio-stream", "0"])
    #expect(run.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
    #expect(object["duration"] as? Double == 10)
    let segments = try #require(object["segments"] as? [[String: Any]])
    try #require(segments.count == 1)
    let start = try #require(segments[0]["start"] as? Double)
    #expect(start >= 3.98 && start <= 4.0)
    let end = try #require(segments[0]["end"] as? Double)
    #expect(end > 5 && end < 5.3)
    let total = try #require(object["speechDuration"] as? Double)
    #expect(abs(total - (end - start)) < 0.0005)
  }

  @Test func reportsBadInputWithItsExitCode() throws {
    let folder = try TemporaryFolder()
    let wav = try folder.file("bursts.wav", bytes: Self.wav(seconds: 1, bursts: []))
    let missing = ToolRun(["speech", folder.path + "/none.mp4"])
    #expect(missing.status == 66)
    let text = try folder.file("notes.mp4", "not media at all\n")
    let invalid = ToolRun(["speech", text])
    #expect(invalid.status == 65)
    #expect(invalid.stderr.hasPrefix("error: cannot open '\(text)': "))
    let stream = ToolRun(["speech", wav, "--audio-stream", "2"])
    #expect(stream.status == 64)
    #expect(
      stream.stderr.hasPrefix("error: '\(wav)' has no stream 2 (it has 1, numbered from 0)\n"))
    let index = ToolRun(["speech", wav, "--audio-stream", "first"])
    #expect(index.status == 64)
    #expect(
      index.stderr.hasPrefix(
        "error: '--audio-stream' takes a stream index (0, 1, ...), not 'first'\n"))
  }
}
