import CaptionKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `captionkit extract`: writes the text subtitle streams of a media file as caption files,
/// named as sidecars of the media file.
enum ExtractCommand: CaptionCommand {
  static let configuration = CommandConfiguration(
    name: "extract",
    abstract: "Write the text subtitle streams of a media file as caption files.",
    usage:
      "extract <media> [-o <folder>] [--to <format>] [--stream <index>]... [--force] "
      + "[--max-findings <n>] [--timeout <seconds>] [--fail-on <severity>]",
    discussion: """
      Each text stream (mov_text, subrip, webvtt, ass) becomes <stem>.<lang>[.<kind>].<ext>, \
      the sidecar naming: the language from the container (und when it has none), the kind \
      from the stream's dispositions, a number before the extension when two streams would \
      get the same name. Existing files are not replaced without --force. Image subtitles (PGS, VobSub, DVB) are listed with a remark. Only \
      the subtitle streams are read; video and audio are not decoded. CEA-608 and CEA-708 captions \
      (A/53 data in the video, a c608 track) are written too, one file per 608 channel and \
      per 708 service; --stream names the video stream for them. Damaged media (truncated, corrupt packets) is extracted as \
      far as it can be read, and exits 1 (--fail-on). A missing file exits \
      66, a file that is not media or is not read within --timeout seconds exits 65, a \
      machine without FFmpeg's libraries exits 69.
      """,
    arguments: [.init("media", help: "The media file to read.")],
    options: [
      .init(
        "output", short: "o", value: "folder",
        help: "The folder to write to (default: the media file's folder)."),
      .init("to", value: "format", help: "vtt (default), srt, ttml, ass or json."),
      .init(
        "stream", value: "index", repeats: true,
        help: "Extract only this stream (repeat for more; default: every text stream)."),
      .init("force", help: "Replace files of the same names (by default they are kept)."),
      .init(
        "max-findings", value: "n",
        help: "Print at most this many findings of each rule (default 20; 0 prints all)."),
      InputTimeLimit.option,
      FailThreshold.option,
    ])

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    let media = arguments.positionals[0]
    if media == "-" {
      throw UsageError("extract reads a media file by name, not standard input")
    }
    let entry = try outputFormat(arguments.value("to"))
    let requested = try streams(arguments.values("stream"))
    let limit = try maximumFindings(arguments.value("max-findings"))
    let timeLimit = try InputTimeLimit.given(arguments)
    var failure = try FailThreshold(arguments)
    let folder = arguments.value("output") ?? folderPath(of: media)
    if folder == "-" {
      throw UsageError("extract writes files: '-o' takes a folder, not standard output")
    }
    do throws(InputFailure) {
      try MediaInput.checkInput(media)
    } catch {
      throw CommandFailure(error)
    }
    try checkFolder(folder ?? ".")

    // One pass: the text streams, and the CEA-608 captions of the video or a caption stream.
    let (read, captions, damage) = try InputTimeLimit.run(timeLimit, for: media) {
      () throws -> (EmbeddedSubtitles, ClosedCaptionTracks, MediaDamageReport) in
      let file = try MediaFile(opening: media)
      let contents = try file.read(
        subtitles: requested, webVTT: EmbeddedWebVTT.reader, ttml: EmbeddedTTML.reader,
        audio: .none,
        closedCaptions: MediaInput.mayCarryClosedCaptions(file.info))
      return (
        contents.subtitles, ClosedCaptionTracks(contents, info: file.info, path: media),
        contents.damage
      )
    }
    let captioned = Set(captions.results.compactMap(\.track.stream))
    try checkRequested(requested, in: read, captioned: captioned, media: media)
    var findings = FindingPrinter(limit: limit)
    // Damage is said as such (the subtitles' note on FFmpeg's errors would repeat it).
    // The streams are written as far as they could be read, and the status says when not
    // all of them could.
    findings.print(
      failure.note(MediaDamageFindings.diagnostics(damage, path: media)), in: context)
    findings.print(failure.note(read.diagnostics), in: context)
    var tracks = read.tracks
    for result in captions.results
    where requested?.contains(result.track.stream ?? -1) ?? true {
      findings.print(failure.note(result.diagnostics), in: context)
      tracks.append(result.track)
    }
    if tracks.isEmpty {
      findings.finish(in: context)
      throw CommandFailure(
        ExitCode.dataError, "\(media) has no text subtitle stream to extract; nothing was written",
        hint: "'captionkit probe \(media)' lists its streams")
    }

    // SRT has no header: a track without a cue would be an empty file, read as no caption
    // file. Such tracks are not written; the others are.
    let empty = entry.format == .srt ? tracks.filter(\.cues.isEmpty) : []
    if !empty.isEmpty {
      findings.print(
        failure.note(
          empty.map { track in
            Diagnostic(
              rule: EmptyTrackRule().id, severity: .error,
              message: CommandFailure.emptySRT(
                "stream \(track.stream.map(String.init) ?? "?")"
                  + (track.channel.map { " \($0)" } ?? ""))
                + "; it was not written",
              file: media, hint: CommandFailure.emptySRTHint)
          }), in: context)
      tracks.removeAll { $0.cues.isEmpty }
      if tracks.isEmpty {
        findings.finish(in: context)
        throw CommandFailure(
          ExitCode.dataError, "\(media): no stream to extract has cues; nothing was written",
          hint: CommandFailure.emptySRTHint)
      }
    }

    let stem = SidecarName.baseName(ofMedia: media)
    var taken: Set<String> = []
    let paths = tracks.map { track in
      let name = fileName(for: track, stem: stem, fileExtension: entry.extensions[0], taken: &taken)
      return folder.map { $0.hasSuffix("/") ? $0 + name : $0 + "/" + name } ?? name
    }
    // Nothing is written when a file would be replaced: an edited sidecar is not lost.
    if !arguments.flag("force"), let existing = paths.filter(exists).first {
      let others = paths.filter(exists).count - 1
      throw CommandFailure(
        ExitCode.cannotCreate,
        "\(existing) exists\(others > 0 ? " (and \(others) more)" : ""); nothing was written",
        hint: "add --force to replace, or write elsewhere with -o")
    }
    var written = ""
    for (embedded, path) in zip(tracks, paths) {
      var track = embedded
      let minimum = CueEndRepair.minimumDuration(for: track.language)
      findings.print(failure.note(CueEndRepair.repair(&track, minimum: minimum)), in: context)
      let lossy = try write(track, to: path, entry: entry, cueLimit: findings.writerCueLimit)
      failure.note(lossy.diagnostics)
      if lossy.withheld > 0 { failure.note([.warning]) }
      findings.print(lossy, naming: { $0.withFile(path) }, in: context)
      let stream = read.stream(of: embedded)
      let cues = track.cues.count == 1 ? "1 cue" : "\(track.cues.count) cues"
      let channel = track.channel.map { " \($0)" } ?? ""
      written +=
        "\(path): \(cues) from stream \(track.stream.map(String.init) ?? "?")\(channel)"
        + " (\(track.cea608 != nil || track.cea708Service != nil ? track.codec ?? "" : stream?.codec ?? "text"))\n"
    }
    findings.finish(in: context)
    do {
      try context.stdout.write(Array(written.utf8))
    } catch {
      throw CommandFailure.standardOutput(error)
    }
    return failure.status
  }

  /// `<stem>.<lang>[.<kind>][.<n>].<ext>`: `und` when the language is unknown, no kind for
  /// plain subtitles, a number from 2 on when the name is taken already.
  static func fileName(
    for track: Track, stem: String, fileExtension: String, taken: inout Set<String>
  ) -> String {
    let kind = track.kind == .subtitles ? nil : track.kind
    let sidecar = SidecarName(
      baseName: stem, language: track.language ?? LanguageTag("und"), kind: kind,
      format: track.format, fileExtension: fileExtension)
    var name = sidecar.fileName
    if taken.contains(name) {
      let base = name.dropLast(fileExtension.count + 1)
      var number = 2
      while taken.contains("\(base).\(number).\(fileExtension)") { number += 1 }
      name = "\(base).\(number).\(fileExtension)"
    }
    taken.insert(name)
    return name
  }

  /// Writes one track as a file, atomically; returns what the format could not carry, with
  /// the findings about cues past `cueLimit` counted.
  private static func write(
    _ track: Track, to path: String, entry: FormatRegistry.Entry, cueLimit: Int
  ) throws(CommandFailure) -> WriterLosses {
    if let chunked = entry.chunkedWriter {
      let file = try AtomicFileWriter.open(path)
      let lossy = chunked(track, ConvertCommand.chunkSize, cueLimit) { bytes in
        file.write(bytes)
        bytes.removeAll(keepingCapacity: true)
      }
      try file.commit()
      return lossy
    }
    guard let writer = entry.writer else { return WriterLosses() }
    var bytes: [UInt8] = []
    let lossy = writer(track, &bytes)
    try AtomicFileWriter.write(bytes, to: path)
    return WriterLosses(diagnostics: lossy)
  }

  /// The format named by `--to`; WebVTT by default.
  private static func outputFormat(_ name: String?) throws(UsageError) -> FormatRegistry.Entry {
    let names = FormatRegistry.entries.filter(\.canWrite).map { $0.names[0] }
    guard let name else {
      if let entry = FormatRegistry.entry(for: .webvtt) { return entry }
      throw UsageError("no WebVTT writer")
    }
    guard let entry = FormatRegistry.entry(named: name), entry.canWrite else {
      throw UsageError(
        "unknown format '\(name)' for '--to'; expected one of "
          + names.joined(separator: ", "), given: name, candidates: names)
    }
    return entry
  }

  /// The stream indices of `--stream`; nil when none is given.
  private static func streams(_ values: [String]) throws(UsageError) -> Set<Int>? {
    guard !values.isEmpty else { return nil }
    var indices: Set<Int> = []
    for value in values {
      guard let index = Int(value), index >= 0 else {
        throw UsageError("'--stream' takes a stream index (0, 1, ...), not '\(value)'")
      }
      indices.insert(index)
    }
    return indices
  }

  private static func maximumFindings(_ value: String?) throws(UsageError) -> Int {
    guard let value else { return 20 }
    guard let number = Int(value), number >= 0 else {
      throw UsageError("'--max-findings' takes a whole number (0 for no limit), not '\(value)'")
    }
    return number
  }

  /// Every stream asked for with `--stream` must be a text subtitle stream.
  private static func checkRequested(
    _ requested: Set<Int>?, in read: EmbeddedSubtitles, captioned: Set<Int>, media: String
  ) throws(UsageError) {
    guard let requested else { return }
    let text = read.streams.filter { $0.content == .text }.map(\.index)
    var parts: [String] = []
    if !text.isEmpty {
      parts.append("its text streams: " + text.map(String.init).joined(separator: ", "))
    }
    if !captioned.isEmpty {
      let streams = captioned.sorted().map(String.init).joined(separator: ", ")
      parts.append("closed captions in stream\(captioned.count == 1 ? "" : "s") \(streams)")
    }
    let available = parts.isEmpty ? "it has none" : parts.joined(separator: "; ")
    for index in requested.sorted() where !captioned.contains(index) {
      guard let stream = read.streams.first(where: { $0.index == index }) else {
        if let count = read.streamCount, index >= count {
          let has = count == 1 ? "1 stream, 0" : "\(count) streams, 0 to \(count - 1)"
          throw UsageError(
            "stream \(index) of \(media) does not exist: it has \(has) (\(available))")
        }
        throw UsageError("stream \(index) of \(media) is not a subtitle stream (\(available))")
      }
      switch stream.content {
      case .text: continue
      case .image:
        throw UsageError(
          "stream \(index) of \(media) holds image subtitles (\(stream.codec)), not text "
            + "(\(available))")
      case .unsupportedText:
        throw UsageError(
          "stream \(index) of \(media) holds \(stream.codec) subtitles, which are not read "
            + "(\(available))")
      }
    }
  }

  /// Whether something (a file, a folder, a dangling link) has this path.
  private static func exists(_ path: String) -> Bool { PathEntry(path).exists }

  /// The output folder must exist.
  private static func checkFolder(_ path: String) throws(CommandFailure) {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw CommandFailure(
        ExitCode.cannotCreate, "cannot write to \(path): \(SystemError.describe(errno))",
        hint: "create the folder first")
    }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      throw CommandFailure(ExitCode.cannotCreate, "cannot write to \(path): it is not a folder")
    }
  }

  /// The folder part of a path (`/` at the root); nil for a bare name.
  private static func folderPath(of path: String) -> String? {
    guard let slash = path.lastIndex(of: "/") else { return nil }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}

extension Diagnostic {
  /// The diagnostic said of the file written, `path`: what it lost is lost there (the cues
  /// of an embedded stream have no place in the media to point at).
  fileprivate func withFile(_ path: String) -> Diagnostic {
    var copy = self
    copy.file = path
    return copy
  }
}
