import Foundation

/// Makes the inputs of the `mux` tests with the `ffmpeg` command: 3 seconds of a test
/// picture and a tone, in containers whose timestamps start at zero (no B-frames; AAC in
/// MP4, FLAC in Matroska, Vorbis in WebM), so cue times read back exactly.
enum MuxMediaMaker {
  /// An MP4 (H.264, AAC) with a title, a French audio language and two chapters.
  static func mp4(in folder: TemporaryFolder) throws -> String {
    try folder.file(
      "chapters.txt",
      ";FFMETADATA1\ntitle=Sample film\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=1500\n"
        + "title=Opening\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=1500\nEND=3000\ntitle=Ending\n")
    return try make(
      "movie.mp4", in: folder,
      [
        "-f", "lavfi", "-i", "testsrc2=s=160x90:r=10:d=3", "-f", "lavfi", "-i",
        "sine=d=3:sample_rate=48000", "-i", folder.path + "/chapters.txt", "-map", "0",
        "-map", "1", "-map_metadata", "2", "-map_chapters", "2", "-c:v", "libx264", "-bf", "0",
        "-c:a", "aac", "-metadata:s:a:0", "language=fre", "-t", "3",
      ])
  }

  /// A Matroska file (H.264 and FLAC, or the audio codec given) with a default English
  /// subtitle stream already in it.
  static func mkv(in folder: TemporaryFolder, audio: String = "flac") throws -> String {
    try folder.file("old.srt", "1\n00:00:00,200 --> 00:00:00,900\nOld\n")
    return try make(
      "movie-\(audio).mkv", in: folder,
      [
        "-f", "lavfi", "-i", "testsrc2=s=160x90:r=10:d=3", "-f", "lavfi", "-i", "sine=d=3",
        "-i", folder.path + "/old.srt", "-map", "0", "-map", "1", "-map", "2", "-c:v",
        "libx264", "-bf", "0", "-c:a", audio, "-c:s", "subrip", "-metadata:s:s:0",
        "language=eng", "-disposition:s:0", "default", "-t", "3",
      ])
  }

  /// A MOV file (H.264 at 29.97 frames per second, AAC), with the SCC file `captions`
  /// copied in as an English `c608` track when given.
  static func mov(in folder: TemporaryFolder, captions: String? = nil) throws -> String {
    var arguments = [
      "-f", "lavfi", "-i", "testsrc2=s=160x90:r=30000/1001:d=5", "-f", "lavfi", "-i",
      "sine=d=5:sample_rate=48000",
    ]
    if let captions { arguments += ["-i", captions] }
    arguments += ["-map", "0", "-map", "1"]
    if let captions {
      arguments += ["-map", "2", "-c:s", "copy", "-metadata:s:s:0", "language=eng"]
    }
    arguments += ["-c:v", "libx264", "-bf", "0", "-c:a", "aac", "-t", "5"]
    return try make(captions == nil ? "movie.mov" : "captioned.mov", in: folder, arguments)
  }

  /// A WebM file (VP8, Vorbis).
  static func webm(in folder: TemporaryFolder) throws -> String {
    try make(
      "movie.webm", in: folder,
      [
        "-f", "lavfi", "-i", "testsrc2=s=160x90:r=10:d=3", "-f", "lavfi", "-i", "sine=d=3",
        "-c:v", "libvpx", "-b:v", "100k", "-c:a", "libvorbis", "-t", "3",
      ])
  }

  static func make(_ name: String, in folder: TemporaryFolder, _ arguments: [String]) throws
    -> String
  {
    let output = folder.path + "/" + name
    try run("ffmpeg", ["-nostdin", "-v", "error", "-y"] + arguments + [output])
    return output
  }

  /// `ffmpeg -f streamhash` of the video and audio packets: one `index,type,SHA256=...` line
  /// per stream.
  static func packetHashes(_ path: String) throws -> [String] {
    let output = try run(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-i", path, "-map", "0:v", "-map", "0:a", "-c", "copy", "-f",
        "streamhash", "-hash", "sha256", "-",
      ])
    return output.split(separator: "\n").map(String.init)
  }

  /// ffprobe's view of each stream: `index codec language flags`, flags among default,
  /// forced, hearing_impaired, visual_impaired, captions, descriptions.
  static func streams(_ path: String) throws -> [String] {
    let output = try run(
      "ffprobe",
      [
        "-v", "error", "-show_entries",
        "stream=index,codec_name:stream_tags=language:stream_disposition=default,forced,"
          + "hearing_impaired,visual_impaired,captions,descriptions",
        "-of", "json", path,
      ])
    guard
      let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
      let streams = object["streams"] as? [[String: Any]]
    else { return [] }
    let flags = [
      "default", "forced", "hearing_impaired", "visual_impaired", "captions", "descriptions",
    ]
    return streams.map { stream in
      let disposition = stream["disposition"] as? [String: Int] ?? [:]
      let tags = stream["tags"] as? [String: String] ?? [:]
      let set = flags.filter { disposition[$0] == 1 }
      return "\(stream["index"] ?? "?") \(stream["codec_name"] ?? "?") "
        + "\(tags["language"] ?? "-") \(set.isEmpty ? "-" : set.joined(separator: "+"))"
    }
  }

  @discardableResult
  static func run(_ program: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw SubtitleMediaMaker.Failure(
        description: "\(program) failed: " + String(decoding: message, as: UTF8.self))
    }
    return String(decoding: data, as: UTF8.self)
  }
}
