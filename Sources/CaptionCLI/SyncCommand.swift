import CaptionKit

/// `captionkit sync`: aligns a caption file to the speech of a media file, or to another
/// caption file, and writes the aligned copy.
enum SyncCommand: CaptionCommand {
  static let configuration = CommandConfiguration(
    name: "sync",
    abstract: "Align a caption file to the speech of a media file or to another caption file.",
    usage:
      "sync <captions> --to <media|captions> -o <output> [--force] [--format text|json] "
      + "[--audio-stream N]",
    discussion: """
      Finds a constant offset, a frame-rate ratio (23.976, 24, 25 and 29.97 to each other, \
      or one found by search) and, where the media had a stretch cut or inserted, one offset \
      per piece, then moves every cue. What it found is printed on standard error (or as \
      JSON on standard output), with a confidence from 0 to 1. Below 0.3 nothing is written \
      unless --force is given. Exit status 1, with nothing written, when the media has no \
      audio or no speech, when the captions have fewer than 5 cues of speech, or when the \
      alignment is below the threshold; 65 when an input cannot be read.
      """,
    arguments: [.init("captions", help: "The caption file to align, or - for standard input.")],
    options: [
      .init(
        "to", value: "reference",
        help: "The media file whose speech the captions follow, or a caption file whose "
          + "timing they should take (a translation aligned to the original)."),
      .init(
        "output", short: "o", value: "output",
        help: "The file to write, or - for standard output."),
      .init("force", help: "Write the alignment even when its confidence is below 0.3."),
      .init(
        "format", value: "format",
        help: "text (default): the result on standard error; json: on standard output."),
      .init(
        "audio-stream", value: "index",
        help: "The audio stream to find speech in (default: FFmpeg's default audio stream)."),
    ] + InputOptions.options)

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    let input = arguments.positionals[0]
    guard let target = arguments.value("to") else {
      throw UsageError("missing option '--to <media|captions>'")
    }
    guard let output = arguments.value("output") else {
      throw UsageError("missing option '-o <output>'")
    }
    let format = arguments.value("format") ?? "text"
    guard ["text", "json"].contains(format) else {
      throw UsageError(
        "unknown format '\(format)' for '--format'", given: format, candidates: ["text", "json"])
    }
    if format == "json", output == "-" {
      throw UsageError("'--format json' prints its report on standard output, which '-o -' uses")
    }
    if input != "-", output != "-", FileIdentity.same(input, output) {
      throw UsageError("the output '\(output)' is the input file; inputs are never overwritten")
    }
    var streamIndex: Int?
    if let text = arguments.value("audio-stream") {
      guard let index = Int(text), index >= 0 else {
        throw UsageError("'--audio-stream' takes a stream index (0, 1, ...), not '\(text)'")
      }
      streamIndex = index
    }
    let inputOptions = try InputOptions(arguments)
    let (result, inputBytes) = try inputOptions.readKeepingBytes(input, in: context)
    if result.isRejected { throw CommandFailure.rejected(input) }
    // Text the reader left out would be lost from the synced copy without a word.
    try CommandFailure.refuseUnreadParts(of: result, path: input, copy: "synced", in: context)
    let entry = try outputEntry(output: output, input: result.track.format)
    let name = input == "-" ? "<stdin>" : input

    // The reference: speech of the media, or the cues of another caption file.
    let reference: Timeline
    if MediaInput.isMedia(target) || FormatRegistry.entry(forPath: target) == nil {
      let file = try MediaFile(opening: target)
      let contents = try file.read(
        subtitles: [], audio: streamIndex.map { .stream($0) } ?? .defaultStream)
      if !contents.damage.isEmpty {
        // Speech found in part of the audio would align the captions to the wrong timeline
        // (a cut-off end looks like a removed stretch), so nothing is guessed.
        throw CommandFailure.damaged(
          contents.damage, path: target, "its speech is only partly known; nothing was written",
          in: context)
      }
      let activity: AudioActivity
      do {
        guard let audio = contents.audio else {
          throw AudioActivityError(.noAudioStream, path: target)
        }
        activity = try audio.get()
      } catch let error as AudioActivityError {
        // Damaged audio (FFmpegError) is input that cannot be read and keeps its own status.
        switch error.reason {
        case .noAudioStream:
          return refuse(
            name, "\(target) has no audio to find speech in; nothing was written", format,
            in: context)
        case .noSuchStream, .notAudio:
          throw UsageError("\(error)", hint: "'captionkit probe \(target)' lists the streams")
        }
      }
      reference = Timeline(activity: activity)
      if reference.duration == 0 {
        return refuse(
          name, "no speech was found in the audio of \(target); nothing was written", format,
          in: context)
      }
    } else {
      let other = try inputOptions.read(target, in: context)
      if other.isRejected { throw CommandFailure.rejected(target) }
      reference = CaptionSync.reference(of: other.track)
      if reference.duration == 0 {
        let what = other.track.cues.isEmpty ? "no cues" : "no cue of speech"
        return refuse(
          name, "\(target) has \(what) to align the captions to; nothing was written", format,
          in: context)
      }
    }

    let found: CaptionSync.Result
    do throws(CaptionSync.Failure) {
      found = try CaptionSync.align(result.track, to: reference)
    } catch {
      return refuse(name, "\(error); nothing was written", format, in: context)
    }
    let alignment = found.alignment
    let confident = alignment.confidence >= CaptionSync.confidenceThreshold
    let write = confident || arguments.flag("force")
    if write {
      var track = result.track
      CaptionSync.apply(found, to: &track)
      var bytes: [UInt8] = []
      var printer = FindingPrinter(limit: 20)
      let losses = entry.writer.map { $0(track, &bytes) } ?? []
      if entry.format == result.track.format {
        // The same format keeps the input's line breaks, as `fix` does.
        bytes = CaptionFix.keepingLineBreaks(bytes, of: inputBytes)
      }
      printer.print(losses, in: context)
      printer.finish(in: context)
      if output == "-" {
        do throws(WriteFailure) {
          try context.stdout.write(bytes)
        } catch {
          throw CommandFailure.standardOutput(error)
        }
      } else {
        try AtomicFileWriter.write(bytes, to: output)
      }
    }
    let summary = describe(found)
    if format == "json" {
      try writeJSON(found, written: write ? output : nil, in: context)
    } else {
      context.stderr.report("\(name): \(summary)\n")
    }
    guard write else {
      return refuse(
        name,
        "the alignment's confidence \(decimal(alignment.confidence)) is below "
          + "\(decimal(CaptionSync.confidenceThreshold)); nothing was written (--force writes it)",
        format == "json" ? "quiet" : format, in: context)
    }
    return ExitCode.success
  }

  /// Prints why nothing was written, as an error finding, and returns exit status 1.
  private static func refuse(
    _ name: String, _ message: String, _ format: String, in context: CommandContext
  ) -> Int32 {
    context.stderr.report("\(name): error: \(message) [timing.sync-alignment]\n")
    if format == "json" {
      var json = JSONOutput()
      json.beginObject()
      json.key("written")
      json.null()
      json.key("error")
      json.string(message)
      json.endObject()
      json.finish()
      try? context.stdout.write(json.bytes)
    }
    return ExitCode.findings
  }

  /// `offset +2.350 s, no ratio, agreement 87%, confidence 0.93` and the pieces.
  static func describe(_ found: CaptionSync.Result) -> String {
    let alignment = found.alignment
    var text: String
    if alignment.pieces.count == 1 {
      text = "offset \(signed(alignment.pieces[0].offset))"
    } else {
      let parts = zip(found.pieceStarts, alignment.pieces).map { start, piece in
        "from \(start): \(signed(piece.offset))"
      }
      text = "\(alignment.pieces.count) pieces (" + parts.joined(separator: "; ") + ")"
    }
    text += alignment.ratio == 1 ? ", no rate change" : ", ratio \(decimal(alignment.ratio, 6))"
    text +=
      ", agreement \(Int((alignment.agreement * 100).rounded()))%, confidence "
      + decimal(alignment.confidence)
    return text
  }

  private static func signed(_ milliseconds: Int64) -> String {
    let sign = milliseconds < 0 ? "-" : "+"
    let value = abs(milliseconds)
    let fraction = String(1000 + value % 1000).dropFirst()
    return "\(sign)\(value / 1000).\(fraction) s"
  }

  private static func decimal(_ value: Double, _ places: Int = 2) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = String(Int(scale) + abs(scaled) % Int(scale)).dropFirst()
    return "\(scaled < 0 && whole == 0 ? "-" : "")\(whole).\(fraction)"
  }

  private static func writeJSON(
    _ found: CaptionSync.Result, written: String?, in context: CommandContext
  )
    throws
  {
    let alignment = found.alignment
    var json = JSONOutput()
    json.beginObject()
    json.key("written")
    json.string(written)
    json.key("ratio")
    json.number(alignment.ratio)
    json.key("pieces")
    json.beginArray()
    for (piece, start) in zip(alignment.pieces, found.pieceStarts) {
      json.beginObject()
      json.key("from")
      json.seconds(milliseconds: start.milliseconds)
      json.key("offset")
      json.seconds(milliseconds: piece.offset)
      json.endObject()
    }
    json.endArray()
    json.key("agreement")
    json.number(alignment.agreement)
    json.key("confidence")
    json.number(alignment.confidence)
    json.key("threshold")
    json.number(CaptionSync.confidenceThreshold)
    json.endObject()
    json.finish()
    do throws(WriteFailure) {
      try context.stdout.write(json.bytes)
    } catch {
      throw CommandFailure.standardOutput(error)
    }
  }

  /// The output's format: its extension's, else the input's.
  private static func outputEntry(output: String, input: TrackFormat) throws(UsageError)
    -> FormatRegistry.Entry
  {
    if output != "-", let entry = FormatRegistry.entry(forPath: output), entry.canWrite {
      return entry
    }
    guard let entry = FormatRegistry.entry(for: input), entry.canWrite else {
      throw UsageError("cannot write the input's format; name the output with an extension")
    }
    return entry
  }
}
