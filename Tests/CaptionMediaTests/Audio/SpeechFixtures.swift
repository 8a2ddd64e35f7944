import CaptionCore
import CaptionMedia
import Foundation

/// The audio written by `Scripts/make-speech-fixtures.py`, generated once per test run.
enum SpeechFixtures {
  static let beds = ["music", "noise", "babble"]
  static let snrs = [20, 10, 5]

  /// The repository's root folder, found from this file's path.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// The folder holding the generated files, or why they could not be made.
  static let folder: Result<String, FixtureError> = generate()

  struct FixtureError: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs the generator once per version of the script: the files go to a folder named
  /// after a hash of the script, written under a temporary name and renamed into place, so
  /// later runs (and test processes running at the same time) reuse them.
  private static func generate() -> Result<String, FixtureError> {
    let script = root + "/Scripts/make-speech-fixtures.py"
    guard let source = FileManager.default.contents(atPath: script) else {
      return .failure(FixtureError(description: "cannot read \(script)"))
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in source {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    let base = FileManager.default.temporaryDirectory.path
    let path = base + "/captionkit-speech-" + String(hash, radix: 16)
    if FileManager.default.fileExists(atPath: path + "/noise.snr.tsv") { return .success(path) }
    let staging = path + "-" + UUID().uuidString
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, staging]
    let errors = Pipe()
    process.standardError = errors
    do {
      try process.run()
    } catch {
      return .failure(FixtureError(description: "cannot run the generator: \(error)"))
    }
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let text = String(decoding: message, as: UTF8.self)
      return .failure(FixtureError(description: "the generator failed: \(text)"))
    }
    // Another process may have finished first; then its folder stays and this one goes.
    if rename(staging, path) != 0 {
      try? FileManager.default.removeItem(atPath: staging)
    }
    return .success(path)
  }

  /// The path of a generated mix.
  static func mix(_ bed: String, snr: Int) throws -> String {
    try folder.get() + "/\(bed)-\(snr)db.wav"
  }

  /// The true speech intervals of a bed's scene, in seconds.
  static func truth(_ bed: String) throws -> [(Double, Double)] {
    let text = try String(contentsOfFile: folder.get() + "/\(bed).truth.tsv", encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      let parts = line.split(separator: "\t")
      guard parts.count == 2, let start = Double(parts[0]), let end = Double(parts[1]) else {
        return nil
      }
      return (start, end)
    }
  }

  /// The share of 10 ms frames, over `duration` seconds, on which the segments and the truth
  /// agree about speech.
  static func agreement(
    _ segments: [AudioActivity.Segment], truth: [(Double, Double)], duration: Double
  ) -> Double {
    let frames = Int(duration * 100)
    guard frames > 0 else { return 0 }
    func labels(_ ranges: [(Double, Double)]) -> [Bool] {
      var result = [Bool](repeating: false, count: frames)
      for (start, end) in ranges {
        // A frame is speech when its centre lies inside the range.
        let first = max(0, Int((start * 100 - 0.5).rounded(.up)))
        let last = min(frames, Int((end * 100 - 0.5).rounded(.up)))
        if first < last { for i in first..<last { result[i] = true } }
      }
      return result
    }
    let detected = labels(segments.map { ($0.start.seconds, $0.end.seconds) })
    let expected = labels(truth)
    let same = zip(detected, expected).filter { $0 == $1 }.count
    return Double(same) / Double(frames)
  }
}

/// Reads the samples of a 16-bit PCM mono WAV file as floats.
func readMonoWAV(_ path: String) throws -> (rate: Int, samples: [Float]) {
  let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
  struct WAVError: Error {}
  func u32(_ at: Int) -> Int {
    Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
  }
  func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
  guard bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46] else { throw WAVError() }
  var offset = 12
  var rate = 0
  while offset + 8 <= bytes.count {
    let size = u32(offset + 4)
    let body = offset + 8
    let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    if id == "fmt " {
      guard u16(body) == 1, u16(body + 2) == 1, u16(body + 14) == 16 else { throw WAVError() }
      rate = u32(body + 4)
    } else if id == "data" {
      let end = min(bytes.count, body + size)
      var samples = [Float]()
      samples.reserveCapacity((end - body) / 2)
      var i = body
      while i + 1 < end {
        samples.append(Float(Int16(bitPattern: UInt16(u16(i)))) / 32768)
        i += 2
      }
      return (rate, samples)
    }
    offset = body + size + (size & 1)
  }
  throw WAVError()
}
