import CaptionKit

/// `captionkit probe`: shows what a media file holds, as text or as the probe JSON.
enum ProbeCommand: CaptionCommand {
  static let configuration = CommandConfiguration(
    name: "probe",
    abstract: "Show a media file's format, streams and chapters.",
    usage: "probe <media> [--format text|json] [--timeout <seconds>]",
    discussion: """
      Reads the container's header and as few packets as FFmpeg needs; nothing is decoded. \
      A missing file exits 66, a file that is not media or is damaged exits 65, and a \
      machine without FFmpeg's libraries exits 69. A file not read within --timeout seconds \
      exits 65.
      """,
    arguments: [.init("media", help: "The media file to read.")],
    options: [
      .init("format", value: "format", help: "text (default) or json."),
      InputTimeLimit.option,
    ])

  static let formats = ["text", "json"]

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    let format = arguments.value("format") ?? "text"
    guard formats.contains(format) else {
      throw UsageError(
        "unknown format '\(format)' for '--format'", given: format, candidates: formats)
    }
    let path = arguments.positionals[0]
    if path == "-" {
      throw UsageError("probe reads a media file by name, not standard input")
    }
    let limit = try InputTimeLimit.given(arguments)
    let info = try InputTimeLimit.run(limit, for: path) { try MediaProbe.probe(path) }
    let bytes = format == "json" ? MediaInfoJSONWriter.write(info) : MediaInfoTextWriter.write(info)
    do {
      try context.stdout.write(bytes)
    } catch {
      throw CommandFailure.standardOutput(error)
    }
    return ExitCode.success
  }
}
