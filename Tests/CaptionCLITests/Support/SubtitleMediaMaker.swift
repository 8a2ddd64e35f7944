import Foundation

/// Makes media with subtitle streams for the `extract` tests: 5 seconds of a 160x90 test
/// picture (no B-frames) and a FLAC tone in Matroska, so no stream is shifted and cue times
/// stay as written in the subtitle files.
enum SubtitleMediaMaker {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// One subtitle stream: a file in the folder, its codec, language and disposition.
  struct Stream {
    var file: String
    var codec: String
    var language: String? = nil
    var disposition: String = "0"
  }

  /// Writes `name` in `folder` with the streams given and returns its path.
  static func make(_ name: String, in folder: TemporaryFolder, streams: [Stream]) throws
    -> String
  {
    var arguments = [
      "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=160x90:r=10:d=5", "-f",
      "lavfi", "-i", "sine=d=5",
    ]
    for stream in streams { arguments += ["-i", folder.path + "/" + stream.file] }
    arguments += ["-map", "0:v", "-map", "1:a"]
    for index in streams.indices { arguments += ["-map", "\(index + 2)"] }
    arguments += ["-c:v", "libx264", "-bf", "0", "-c:a", "flac"]
    for (index, stream) in streams.enumerated() {
      arguments += ["-c:s:\(index)", stream.codec, "-disposition:s:\(index)", stream.disposition]
      if let language = stream.language {
        arguments += ["-metadata:s:s:\(index)", "language=\(language)"]
      }
    }
    let output = folder.path + "/" + name
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["ffmpeg"] + arguments + [output]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "ffmpeg failed: " + String(decoding: message, as: UTF8.self))
    }
    return output
  }
}
