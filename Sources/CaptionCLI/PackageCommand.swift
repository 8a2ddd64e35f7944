import CaptionKit

/// `captionkit package`: writes caption files as the subtitle renditions of a copy of a
/// local HLS package.
enum PackageCommand: CaptionCommand {
  static let configuration = CommandConfiguration(
    name: "package",
    abstract: "Write caption files as the subtitle renditions of an HLS package.",
    usage: "package <master.m3u8> --track <file[:options]>... -o <folder> [--fail-on <severity>]",
    discussion: """
      Writes a new package into the folder -o names: each --track as a WebVTT media \
      playlist cut at the segment boundaries of the package's first variant, every segment \
      mapping its times to the video's first PTS (X-TIMESTAMP-MAP), with an EXT-X-MEDIA \
      entry (LANGUAGE, a NAME in the language itself, AUTOSELECT, the caption \
      characteristics for captions and SDH, FORCED for forced subtitles) in the group \
      "subs", which every variant names. The package's own subtitle renditions are left \
      out; its other playlists and segments are linked into the new folder at the same \
      paths (hard links, or copies), never rewritten, and the input is not changed. The \
      folder is built under a temporary name and renamed into place when complete. \
      Language and kind come from the file name (movie.en.sdh.vtt) unless :lang= and \
      :kind= say otherwise; :default makes a rendition the default. Exits 1 when the package \
      is written but a finding is at or above --fail-on (default error: the reader left a \
      cue or a setting out), 66 when the playlist or a track is missing.
      """,
    arguments: [.init("master.m3u8", help: "The package's multivariant playlist (not changed).")],
    options: [
      .init(
        "track", value: "file[:options]", repeats: true,
        help: "A caption file to write as a rendition, with :lang=, :kind= and :default."),
      .init("output", short: "o", value: "folder", help: "The folder to write; it must not exist."),
      FailThreshold.option,
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    let master = arguments.positionals[0]
    guard let output = arguments.value("output") else {
      throw UsageError("missing option '-o <folder>'")
    }
    if master == "-" || output == "-" {
      throw UsageError("package reads and writes files by name, not standard streams")
    }
    let specs = try arguments.values("track").map(MuxTrackSpec.parse)
    if specs.isEmpty {
      throw UsageError("missing option '--track <file>'", hint: "add at least one caption file")
    }
    if specs.filter(\.isDefault).count > 1 {
      throw UsageError("only one --track can be :default")
    }
    if let spec = specs.first(where: { $0.codec != nil || $0.mode != nil }) {
      throw UsageError(
        "':codec=' and ':mode=' do not apply to HLS renditions ('--track \(spec.path)')",
        hint: "renditions are WebVTT; leave them out")
    }
    var failure = try FailThreshold(arguments)
    do throws(InputFailure) {
      try MediaInput.checkInput(master)
    } catch {
      throw CommandFailure(error)
    }
    var findings = FindingPrinter(limit: 20)
    var renditions: [HLSPackageWriter.Rendition] = []
    for spec in specs {
      let named = SidecarName(fileName: spec.path)
      let reader = CaptionFileReader(language: spec.language ?? named?.language)
      let result: ReadResult
      do throws(CaptionFileReader.Failure) {
        result = try reader.read(path: spec.path)
      } catch {
        throw InputOptions.failure(error)
      }
      findings.print(result.diagnostics, in: context)
      failure.note(result.diagnostics)
      if result.isRejected {
        findings.finish(in: context)
        throw CommandFailure.rejected(spec.path)
      }
      // Packaged all the same (segments of only a header), but said.
      if let empty = EmptyTrackRule().finding(for: result.track, file: spec.path) {
        findings.print(failure.note([empty]), in: context)
      }
      guard let language = spec.language ?? named?.language ?? result.track.language else {
        throw UsageError(
          "the language of \(spec.path) is not known; HLS renditions need one",
          hint: "name the file movie.en.vtt, or add :lang=en")
      }
      let kind = spec.kind ?? named?.kind ?? result.track.kind ?? .subtitles
      guard [.captions, .sdh, .subtitles, .forced].contains(kind) else {
        throw UsageError(
          "\(spec.path) holds \(kind.rawValue); an HLS subtitle rendition holds captions, "
            + "sdh, subtitles or forced subtitles",
          hint: "give it one of those kinds with :kind=")
      }
      renditions.append(
        HLSPackageWriter.Rendition(
          track: result.track, language: language, kind: kind, isDefault: spec.isDefault))
    }
    findings.finish(in: context)
    let written: HLSPackageWriter.Written
    do throws(HLSPackageWriter.Failure) {
      written = try HLSPackageWriter.write(package: master, renditions: renditions, to: output)
    } catch {
      throw CommandFailure(
        error.kind == .input ? ExitCode.dataError : ExitCode.cannotCreate, error.description)
    }
    var summary = "\(output): \(written.mirrored) files of the package linked"
    for rendition in written.renditions {
      summary +=
        ", \(rendition.playlist) (\(rendition.name), \(rendition.segments) "
        + "\(rendition.segments == 1 ? "segment" : "segments"))"
    }
    do {
      try context.stdout.write(Array((summary + "\n").utf8))
    } catch {
      throw CommandFailure.standardOutput(error)
    }
    return failure.status
  }
}
