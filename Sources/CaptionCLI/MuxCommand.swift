import CaptionKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `captionkit mux`: writes a media file with caption files added as text tracks (and, in
/// MOV, as CEA-608 `c608` tracks).
enum MuxCommand: CaptionCommand {
  static let configuration = CommandConfiguration(
    name: "mux",
    abstract: "Add caption files to a media file as text tracks.",
    usage:
      "mux <media> --track <file[:options]>... -o <output> [--max-findings <n>] "
      + "[--fail-on <severity>]",
    discussion: """
      Every video, audio and subtitle stream is copied packet for packet, with its metadata, \
      dispositions and the chapters. Each --track (any caption format captionkit reads) \
      becomes a text stream: mov_text in .mp4 and .mov (converted, what it cannot hold is \
      reported), subrip (or :codec=webvtt) in .mkv, webvtt in .webm. In .mov, :codec=c608 \
      writes CEA-608 closed captions (pop-on, or :mode=roll-up, roll-up-3, roll-up-4), the \
      default for an SCC file. Language and kind come \
      from the file name (movie.en.sdh.srt) unless :lang= and :kind= say otherwise; the kind \
      sets the flags (captions, sdh and cc: captions + hearing_impaired; descriptions; forced), \
      :default sets the default flag and clears it on the other subtitle streams. A flag \
      the container does not keep is reported as a remark. The output is written to a \
      temporary file in the same folder and renamed into place. Exits 1 when it is written \
      but a finding is at or above --fail-on (default error: a reader left a cue or a \
      setting out).
      """,
    arguments: [.init("media", help: "The media file to copy (it is not changed).")],
    options: [
      .init(
        "track", value: "file[:options]", repeats: true,
        help: "A caption file to add, with :lang=, :kind=, :default, :codec= and :mode= options."
      ),
      .init(
        "output", short: "o", value: "output", help: "The file to write: .mp4, .mov, .mkv or .webm."
      ),
      .init(
        "max-findings", value: "n",
        help: "Print at most this many findings of each rule (default 20; 0 prints all)."),
      FailThreshold.option,
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    let media = arguments.positionals[0]
    guard let output = arguments.value("output") else {
      throw UsageError("missing option '-o <output>'")
    }
    if media == "-" || output == "-" {
      throw UsageError("mux reads and writes media files by name, not standard streams")
    }
    guard let container = MuxContainer(path: output) else {
      throw UsageError(
        "cannot tell the container from '\(output)'",
        hint: "name the output .mp4, .mov, .mkv or .webm")
    }
    let specs = try arguments.values("track").map(MuxTrackSpec.parse)
    if specs.isEmpty {
      throw UsageError("missing option '--track <file>'", hint: "add at least one caption file")
    }
    if specs.filter(\.isDefault).count > 1 {
      throw UsageError("only one --track can be :default")
    }
    for spec in specs {
      if spec.codec == .c608, container != .mov {
        let reason =
          container == .mp4
          ? "FFmpeg's MP4 muxer has no tag for CEA-608 captions"
          : "only FFmpeg's MOV muxer writes CEA-608 captions"
        throw UsageError(
          "\(container.displayName) cannot carry c608 captions ('--track \(spec.path)'): "
            + reason,
          hint: "name the output .mov, or use :codec=\(container.codecs[0].rawValue)")
      }
      if spec.mode != nil, spec.codec != nil, spec.codec != .c608 {
        throw UsageError(
          "':mode=' applies only to c608 captions ('--track \(spec.path)' is "
            + "\(spec.codec?.rawValue ?? ""))",
          hint: "leave :mode= out, or use :codec=c608 in a .mov")
      }
      if let codec = spec.codec, !container.codecs.contains(codec) {
        let allowed = container.codecs.map(\.rawValue).joined(separator: " or ")
        let rule = container.carriesOnlyMovText ? " [\(MediaMuxer.mp4TextCodecRule)]" : ""
        throw UsageError(
          "\(container.displayName) cannot carry \(codec.rawValue) text "
            + "('--track \(spec.path)')\(rule)",
          hint: "use :codec=\(container.codecs[0].rawValue), or leave :codec= out (\(allowed))")
      }
    }
    var limit = 20
    if let value = arguments.value("max-findings") {
      guard let number = Int(value), number >= 0 else {
        throw UsageError("'--max-findings' takes a whole number (0 for no limit), not '\(value)'")
      }
      limit = number
    }
    if FileIdentity.same(media, output) {
      throw UsageError("the output '\(output)' is the input file; inputs are never overwritten")
    }
    do throws(InputFailure) {
      try MediaInput.checkInput(media)
    } catch {
      throw CommandFailure(error)
    }

    var failure = try FailThreshold(arguments)
    var findings = FindingPrinter(limit: limit)
    var tracks: [MuxSubtitleTrack] = []
    for spec in specs {
      let named = SidecarName(fileName: spec.path)
      let language = spec.language ?? named?.language
      let reader = CaptionFileReader(language: language)
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
      // Added all the same (a stream with no packet), but said: it is nearly always a mistake.
      if let empty = EmptyTrackRule().finding(for: result.track, file: spec.path) {
        findings.print(failure.note([empty]), in: context)
      }
      let kind = spec.kind ?? named?.kind ?? result.track.kind
      if kind == .chapters || kind == .metadata {
        throw UsageError(
          "\(spec.path) holds \(kind?.rawValue ?? "chapters"), not text to show; mux copies "
            + "the media file's chapters but adds only caption and subtitle tracks",
          hint: "give it another kind with :kind=, or leave it out")
      }
      var track = result.track
      let minimum = CueEndRepair.minimumDuration(for: track.language)
      findings.print(CueEndRepair.repair(&track, minimum: minimum), in: context)
      // In MOV, an SCC file's captions stay captions, and a mode asks for captions.
      let captions = result.track.format == .scc || spec.mode != nil
      let codec = spec.codec ?? (container == .mov && captions ? .c608 : container.defaultCodec)
      if spec.mode != nil, codec != .c608 {
        throw UsageError(
          "':mode=' applies only to c608 captions, which \(container.displayName) cannot carry "
            + "('--track \(spec.path)')",
          hint: "name the output .mov and add :codec=c608, or leave :mode= out")
      }
      var made = MuxCues.cues(of: track, for: codec, mode: spec.mode ?? .popOn)
      // An SCC file's pairs go into c608 as they are, unless a mode asks to send them again.
      if codec == .c608, result.track.format == .scc, spec.mode == nil {
        do throws(CaptionFileReader.Failure) {
          made = (try MuxCues.passedThrough(sccAt: spec.path, reader: reader), [])
        } catch {
          throw InputOptions.failure(error)
        }
      }
      if codec == .movText {
        findings.print(
          [
            Diagnostic(
              rule: MediaMuxer.mp4TextCodecRule, severity: .remark,
              message:
                "\(result.track.format.rawValue) text is converted to mov_text, the text "
                + "codec \(container.displayName) carries",
              file: spec.path)
          ], in: context)
      }
      findings.print(made.diagnostics.map { $0.withFile(spec.path) }, in: context)
      tracks.append(
        MuxSubtitleTrack(
          codec: codec, language: language ?? result.track.language, kind: kind,
          isDefault: spec.isDefault, source: spec.path, cues: made.cues))
    }

    let file = try AtomicFileWriter.open(output)
    let result: MuxResult
    do {
      result = try MediaMuxer.mux(
        input: media, tracks: tracks, output: file.temporaryPath, container: container)
    } catch let error as MuxError {
      let code = error.kind == .cannotWrite ? ExitCode.cannotCreate : ExitCode.usage
      let rule = error.rule.map { " [\($0)]" } ?? ""
      // The muxer wrote to the temporary file; the user named the output.
      let message = error.message.replacing(file.temporaryPath, with: output)
      throw CommandFailure(code, message + rule, hint: error.hint)
    }
    if !result.damage.isEmpty {
      // The copy would end or skip where the input does, with an index of its own that
      // hides it: nothing is written (the temporary file goes with `file`).
      findings.finish(in: context)
      throw CommandFailure.damaged(
        result.damage, path: media,
        "a copy would hide what is missing from it; nothing was written", in: context)
    }
    try file.commit()
    findings.print(result.diagnostics, in: context)
    failure.note(result.diagnostics)
    findings.finish(in: context)

    var summary = "\(output): \(result.copied.count) "
    summary += result.copied.count == 1 ? "stream copied" : "streams copied"
    for (track, index) in zip(tracks, result.added) {
      let flags = track.dispositions.map(\.rawValue).joined(separator: "+")
      summary +=
        ", stream \(index) added (\(track.codec.rawValue), "
        + "\(track.language?.rawValue ?? "und")\(flags.isEmpty ? "" : ", " + flags))"
    }
    do {
      try context.stdout.write(Array((summary + "\n").utf8))
    } catch {
      throw CommandFailure.standardOutput(error)
    }
    return failure.status
  }

}

extension Diagnostic {
  /// The diagnostic with `file` set when it has none.
  fileprivate func withFile(_ path: String) -> Diagnostic {
    var copy = self
    if copy.file == nil { copy.file = path }
    return copy
  }
}
