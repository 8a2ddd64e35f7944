import CaptionKit

/// `captionkit probe`: shows what a media file holds, as text or as the probe JSON.
enum ProbeCommand: CaptionCommand {
  static let configuration = CommandConfiguration(
    name: "probe",
    abstract: "Show a media file's format, streams and chapters.",
    usage: "probe <media> [--format text|json] [--header-only] [--timeout <seconds>]",
    discussion: """
      Reads the container's header and as few packets as FFmpeg needs, then the packets \
      (not decoded) to find damage: streams that end before the container says they do, \
      corrupt packets. A missing file exits 66, a file that is not media or is damaged exits \
      65 (what was read is still shown), and a machine without FFmpeg's libraries exits 69. \
      A file not read within --timeout seconds exits 65.
      """,
    arguments: [.init("media", help: "The media file to read.")],
    options: [
      .init("format", value: "format", help: "text (default) or json."),
      .init(
        "header-only",
        help: "Read only the header and the first packets: faster, but damage is not looked for."),
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
    let headerOnly = arguments.flag("header-only")
    let (info, damage, captions) = try InputTimeLimit.run(limit, for: path) {
      () throws -> (MediaInfo, MediaDamageReport?, [ClosedCaptionTracks.StreamSummary]?) in
      if headerOnly { return (try MediaProbe.probe(path), nil, nil) }
      let file = try MediaFile(opening: path)
      let contents = try file.read(
        subtitles: [], audio: .none,
        closedCaptions: MediaInput.mayCarryClosedCaptions(file.info))
      let captions = ClosedCaptionTracks(contents, info: file.info, path: path).streams
      return (file.info, contents.damage, captions)
    }
    let bytes =
      format == "json"
      ? MediaInfoJSONWriter.write(info, damage: damage, closedCaptions: captions ?? [])
      : MediaInfoTextWriter.write(info, damage: damage, closedCaptions: captions ?? [])
    do {
      try context.stdout.write(bytes)
    } catch {
      throw CommandFailure.standardOutput(error)
    }
    guard let damage, !damage.isEmpty else { return ExitCode.success }
    let count = damage.items.count + damage.omitted
    throw CommandFailure(
      ExitCode.dataError,
      "\(path) is damaged: \(count == 1 ? "1 problem" : "\(count) problems") in its data, "
        + "the first: \(damage.items.first.map(MediaDamageFindings.describe) ?? "")")
  }
}
