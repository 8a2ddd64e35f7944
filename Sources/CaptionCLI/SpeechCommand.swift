import CaptionKit

/// `captionkit speech`: lists where a media file's audio holds speech.
enum SpeechCommand: CaptionCommand {
  static let configuration = CommandConfiguration(
    name: "speech",
    abstract: "List where a media file's audio holds speech.",
    usage: "speech <media> [--audio-stream N] [--format text|json]",
    discussion: """
      Decodes one audio stream, resamples it to mono 16 kHz and finds speech against an \
      adaptive noise floor (see Docs/audio-activity.md). Times are relative to the start of \
      the media. A missing file exits 66, a file that is not media, is damaged or has no \
      audio exits 65 (for damage, after the speech that could be read and one line per \
      problem on standard error), and a machine without FFmpeg's libraries exits 69.
      """,
    arguments: [.init("media", help: "The media file to read.")],
    options: [
      .init(
        "audio-stream", value: "index",
        help: "The audio stream to analyse, numbered as probe lists them (default: FFmpeg's "
          + "default audio stream)."),
      .init("format", value: "format", help: "text (default) or json."),
    ])

  static let formats = ["text", "json"]

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    let format = arguments.value("format") ?? "text"
    guard formats.contains(format) else {
      throw UsageError(
        "unknown format '\(format)' for '--format'", given: format, candidates: formats)
    }
    var streamIndex: Int?
    if let text = arguments.value("audio-stream") {
      guard let index = Int(text), index >= 0 else {
        throw UsageError(
          "'--audio-stream' takes a stream index (0, 1, ...), not '\(text)'")
      }
      streamIndex = index
    }
    let path = arguments.positionals[0]
    if path == "-" {
      throw UsageError("speech reads a media file by name, not standard input")
    }
    let activity: AudioActivity
    let damage: MediaDamageReport
    do {
      let file = try MediaFile(opening: path)
      let contents = try file.read(
        subtitles: [], audio: streamIndex.map { .stream($0) } ?? .defaultStream)
      damage = contents.damage
      guard let audio = contents.audio else {
        throw AudioActivityError(.noAudioStream, path: path)
      }
      activity = try audio.get()
    } catch let error as AudioActivityError {
      switch error.reason {
      case .noAudioStream:
        throw CommandFailure(ExitCode.dataError, "\(error)")
      case .noSuchStream, .notAudio:
        throw UsageError("\(error)", hint: "'captionkit probe \(path)' lists the streams")
      }
    }
    let text = format == "json" ? json(activity, damage: damage) : plain(activity)
    do {
      try context.stdout.write(Array(text.utf8))
    } catch {
      throw CommandFailure.standardOutput(error)
    }
    guard !damage.isEmpty else { return ExitCode.success }
    // The speech found is what could be read; each problem is said as validate says it.
    throw CommandFailure.damaged(
      damage, path: path, "the speech listed is only what could be read", in: context)
  }

  /// One segment a line: `00:00:01.250 --> 00:00:04.520  -23.4 dBFS`.
  static func plain(_ activity: AudioActivity) -> String {
    var text = ""
    for segment in activity.segments {
      text += "\(segment.start) --> \(segment.end)  \(decibels(segment.level)) dBFS\n"
    }
    return text
  }

  /// `{"duration", "speechDuration", "segments": [{"start", "end", "level"}], "damage"}`,
  /// times in seconds; `damage` as in the probe JSON.
  static func json(_ activity: AudioActivity, damage: MediaDamageReport) -> String {
    let segments = activity.segments.map { segment in
      "{\"start\": \(segment.start.decimalSeconds), \"end\": \(segment.end.decimalSeconds), "
        + "\"level\": \(segment.level.isFinite ? decibels(segment.level) : "null")}"
    }
    return "{\"duration\": \(activity.duration.decimalSeconds), \"speechDuration\": "
      + "\(activity.activeDuration.decimalSeconds), \"segments\": ["
      + segments.joined(separator: ", ") + "], \"damage\": "
      + String(decoding: MediaInfoJSONWriter.damageJSON(damage), as: UTF8.self) + "}\n"
  }

  /// A level with one decimal (`-23.4`).
  static func decibels(_ level: Double) -> String {
    guard level.isFinite else { return "-inf" }
    let tenths = Int((level * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
  }
}
