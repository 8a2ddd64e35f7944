import CaptionKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `captionkit transcript`: merges captions, descriptions and chapters into one transcript
/// and writes it as HTML, Markdown, plain text or JSON.
enum TranscriptCommand: CaptionCommand {
  static let configuration = CommandConfiguration(
    name: "transcript",
    abstract: "Merge captions, descriptions and chapters into an accessible transcript.",
    usage:
      "transcript <path> ... [--captions <file>]... [--descriptions <file>]... "
      + "[--chapters <file>] [--locale <tag>] [--title <text>] [--to <format>] "
      + "[--timeout <seconds>] -o <output>",
    discussion: """
      A media file brings its sidecars (movie.en.vtt, movie.en.descriptions.vtt, \
      movie.chapters.vtt) or, without caption sidecars, its text subtitle streams, and its \
      chapters. A caption file named as a sidecar says what it holds: \
      movie.en.descriptions.vtt is read as descriptions, movie.chapters.vtt as chapters, any \
      other as captions; --captions, --descriptions and --chapters say it instead. Every \
      track must be in the transcript's language (--locale, by default the captions' \
      language). The start of each paragraph links to the media file (given, or next to the \
      captions: movie.mp4 for movie.en.vtt), or to --media. --timeout bounds the time the \
      media file (with its sidecars) may take to read.

      Exit status: 0 written, 1 written but a finding is at or above --fail-on (default error: \
      a cue the reader could not read is not in the transcript), 64 usage error, 65 an input \
      is not a caption file, holds no cue of captions or descriptions, or the media cannot be \
      read in time, 66 an input is missing, 69 FFmpeg is needed and missing, 73 the output \
      cannot be written.
      """,
    arguments: [
      .init(
        "path", repeats: true,
        help: "A media file, or caption, description and chapter files; - reads standard input.")
    ],
    options: [
      .init(
        "output", short: "o", value: "output",
        help: "The file to write, or - for standard output."),
      .init(
        "to", value: "format",
        help: "html, md, txt or json; by default taken from the output's extension."),
      .init("captions", value: "file", repeats: true, help: "A caption or subtitle file."),
      .init("descriptions", value: "file", repeats: true, help: "An audio description file."),
      .init("chapters", value: "file", help: "A chapter file (WebVTT cues of chapter titles)."),
      .init(
        "title", value: "text",
        help: "The title and top heading; by default made from the media's name."),
      .init(
        "media", value: "file",
        help:
          "The media file the time links play (linked relative to the output), or an http(s) "
          + "URL."),
      .init(
        "pause", value: "seconds",
        help: "A silence longer than this starts a new paragraph (default 2)."),
      InputTimeLimit.option,
      FailThreshold.option,
    ] + InputOptions.options)

  /// Extensions of media files looked for next to the captions, in this order.
  static let linkedExtensions = ["mp4", "m4v", "mov", "mkv", "webm", "mp3", "m4a", "ogg", "wav"]

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    guard let output = arguments.value("output") else {
      throw UsageError("missing option '-o <output>'")
    }
    let format = try outputFormat(arguments.value("to"), output: output)
    let inputOptions = try InputOptions(arguments)
    let pause = try arguments.value("pause").map(parsePause) ?? MediaTime(milliseconds: 2000)
    let timeLimit = try InputTimeLimit.given(arguments)
    var failure = try FailThreshold(arguments)

    var inputs: [(path: String, role: TranscriptTrack.Role?)] = arguments.positionals.map {
      ($0, nil)
    }
    inputs += arguments.values("captions").map { ($0, .captions) }
    inputs += arguments.values("descriptions").map { ($0, .descriptions) }
    inputs += arguments.values("chapters").map { ($0, .chapters) }
    if inputs.filter({ $0.path == "-" }).count > 1 {
      throw UsageError("standard input (-) can be read only once")
    }
    for input in inputs where input.path != "-" && output != "-" {
      if FileIdentity.same(input.path, output) {
        throw UsageError(
          "the output '\(output)' is the input file; inputs are never overwritten")
      }
    }

    var findings = FindingPrinter(limit: 20)
    var captions: [Track] = []
    var descriptions: [Track] = []
    var chapters: [Track] = []
    var language = inputOptions.reader.language
    var media: String?
    for input in inputs {
      if input.role == nil, TranscriptTracks.isMedia(input.path) {
        if media != nil {
          throw UsageError("a transcript is of one media file; '\(input.path)' is a second one")
        }
        media = input.path
        continue
      }
      let result = try inputOptions.read(input.path, in: context)
      findings.print(result.diagnostics, in: context)
      failure.note(result.diagnostics)
      if result.isRejected {
        findings.finish(in: context)
        throw CommandFailure.rejected(input.path)
      }
      switch input.role ?? role(of: result.track) {
      case .captions: captions.append(result.track)
      case .descriptions: descriptions.append(result.track)
      case .chapters: chapters.append(result.track)
      }
    }
    if language == nil {
      language =
        captions.lazy.compactMap(\.language).first
        ?? descriptions.lazy.compactMap(\.language).first
    }
    if let media {
      // Files named on the command line come first; the media's own tracks fill the roles
      // they leave empty.
      let (reader, wanted) = (inputOptions.reader, language)
      let (outcome, read) = try InputTimeLimit.run(timeLimit, for: media) {
        var read: [Diagnostic] = []
        let outcome = Result {
          try TranscriptTracks.find(
            forMedia: media, language: wanted, reader: reader, findings: &read)
        }
        return (outcome, read)
      }
      findings.print(read, in: context)
      failure.note(read)
      let found: TranscriptTracks
      switch outcome {
      case .success(let tracks): found = tracks
      case .failure(let failure as InputFailure): throw CommandFailure(failure)
      case .failure(let error): throw error
      }
      language = language ?? found.language
      if captions.isEmpty { captions = found.captions }
      if descriptions.isEmpty { descriptions = found.descriptions }
      if chapters.isEmpty { chapters = found.chapters }
    }
    findings.finish(in: context)
    if let media, captions.isEmpty, descriptions.isEmpty {
      throw noTracks(media, language: language)
    }
    if (captions + descriptions).allSatisfy(\.cues.isEmpty) {
      // An empty transcript is nothing to publish.
      let named = inputs.map { $0.path == "-" ? "<stdin>" : $0.path } + (media.map { [$0] } ?? [])
      throw CommandFailure(
        ExitCode.dataError,
        "\(named.joined(separator: ", ")): no cue of captions or descriptions to make a "
          + "transcript of; nothing was written",
        hint: "check the files with captionkit validate")
    }

    captions = chooseOne(captions, language: language, in: context)

    if let language {
      for track in captions + descriptions {
        if let other = track.language, other.language != language.language {
          throw UsageError(
            "'\(track.path ?? "-")' is in \(other), the transcript is in \(language)",
            hint: "a transcript has one language: leave the file out or give --locale \(other)")
        }
      }
    }

    let firstPath = inputs.first { $0.path != "-" }?.path
    let link = arguments.value("media") ?? media ?? firstPath.flatMap(mediaNextTo)
    let bytes = try document(
      TranscriptTracks(
        captions: captions, descriptions: descriptions, chapters: chapters, language: language),
      pause: pause, title: arguments.value("title"),
      name: link.map(SidecarName.baseName(ofMedia:))
        ?? firstPath.map { SidecarName(fileName: $0)?.baseName ?? $0 }, link: link,
      output: output, format: format)
    if output == "-" {
      do {
        try context.stdout.write(bytes)
      } catch {
        throw CommandFailure.standardOutput(error)
      }
    } else {
      try AtomicFileWriter.write(bytes, to: output)
    }
    return failure.status
  }

  /// The transcript of `tracks` in `format`, as written to `output`: titled `title`, else
  /// after `name`; its times linking to `link` (relative to the output).
  static func document(
    _ tracks: TranscriptTracks, pause: MediaTime, title: String?, name: String?, link: String?,
    output: String, format: TranscriptFormat
  ) throws(CommandFailure) -> [UInt8] {
    let transcript = TranscriptBuilder(pause: pause).build(
      captions: tracks.captions, descriptions: tracks.descriptions, chapters: tracks.chapters,
      language: tracks.language)
    // Cues whose text shows nothing (only markup, spaces or zero-width characters) leave
    // chapter headings at most: nothing to publish.
    guard transcript.entries.contains(where: { $0.kind != .chapter }) else {
      let named = (tracks.captions + tracks.descriptions).map { track in
        track.path.map { $0 == "-" ? "<stdin>" : $0 } ?? "-"
      }
      throw CommandFailure(
        ExitCode.dataError,
        "\(named.joined(separator: ", ")): no cue of captions or descriptions has text to make "
          + "a transcript of; nothing was written",
        hint: "check the files with captionkit validate")
    }
    let options = TranscriptExportOptions(
      title: title ?? defaultTitle(name: name, transcript: transcript),
      mediaLink: link.map { mediaLink($0, output: output) })
    var bytes: [UInt8] = []
    format.write(transcript, options: options, into: &bytes)
    return bytes
  }

  /// One caption track of those in `language` (or of no language): two caption tracks of a
  /// language are two versions of the same dialogue, and a transcript of both would say
  /// every sentence twice. Captions and SDH come first (they carry speakers and sounds), then
  /// tracks of no kind, then subtitles; among equals, the first given. A note on standard
  /// error says which was used. Tracks of other languages are kept, for the language check.
  static func chooseOne(_ captions: [Track], language: LanguageTag?, in context: CommandContext)
    -> [Track]
  {
    let same = captions.indices.filter { index in
      guard let language, let other = captions[index].language else { return true }
      return other.language == language.language
    }
    guard same.count > 1 else { return captions }
    func rank(_ kind: TrackKind?) -> Int {
      switch kind {
      case .captions, .sdh: return 0
      case nil: return 1
      default: return 2
      }
    }
    let chosen = same.min { rank(captions[$0].kind) < rank(captions[$1].kind) } ?? same[0]
    let names = same.map { captions[$0].path ?? "-" }
    let what =
      language.map { "\(same.count) caption tracks in \($0)" } ?? "\(same.count) caption tracks"
    let note =
      "note: \(what) (\(names.joined(separator: ", "))); the transcript uses "
      + "\(captions[chosen].path ?? "-") only, as the same dialogue twice would repeat every "
      + "sentence\n"
    try? context.stderr.write(Array(note.utf8))
    return captions.indices.filter { !same.contains($0) || $0 == chosen }.map { captions[$0] }
  }

  /// The failure for a media file with nothing to make a transcript of.
  static func noTracks(_ media: String, language: LanguageTag?) -> CommandFailure {
    CommandFailure(
      ExitCode.noInput,
      "\(media): no captions or descriptions\(language.map { " in \($0)" } ?? "") found",
      hint: "give caption files, or name them as sidecars of the media (movie.en.vtt)")
  }

  /// What a track read from a file is used as: its kind from the file name, captions when
  /// it has none.
  private static func role(of track: Track) -> TranscriptTrack.Role {
    switch track.kind {
    case .descriptions: return .descriptions
    case .chapters: return .chapters
    default: return .captions
    }
  }

  /// `Transcript: <name>` in the transcript's language; `Transcript` without a name.
  private static func defaultTitle(name: String?, transcript: Transcript) -> String {
    let word = TranscriptLabels(language: transcript.language).transcript
    guard let name, !name.isEmpty, name != "-" else { return word }
    let last = name.split(separator: "/").last.map(String.init) ?? name
    return word + ": " + last
  }

  /// The media file next to a caption file: `movie.mp4` for `movie.en.captions.vtt`, the
  /// first of `mediaExtensions` that exists.
  private static func mediaNextTo(_ captionPath: String) -> String? {
    let folderEnd = captionPath.lastIndex(of: "/")
    let folder = folderEnd.map { String(captionPath[...$0]) } ?? ""
    guard let name = SidecarName(fileName: captionPath) else { return nil }
    for ext in linkedExtensions {
      let candidate = folder + name.baseName + "." + ext
      if access(candidate, F_OK) == 0 { return candidate }
    }
    return nil
  }

  /// An http(s) URL as given; a path as a link relative to the output.
  private static func mediaLink(_ media: String, output: String) -> String {
    let lower = media.lowercased()
    if lower.hasPrefix("https://") || lower.hasPrefix("http://") { return media }
    return TranscriptExportOptions.link(forPath: relativePath(media, from: output))
  }

  /// `path` relative to the folder of `output` (the current folder for `-`).
  static func relativePath(_ path: String, from output: String) -> String {
    let target = absoluteComponents(path)
    var base = absoluteComponents(output == "-" ? "./-" : output)
    base.removeLast()
    var common = 0
    while common < min(target.count - 1, base.count), target[common] == base[common] {
      common += 1
    }
    let ups = Array(repeating: "..", count: base.count - common)
    return (ups + target[common...]).joined(separator: "/")
  }

  /// The components of `path` made absolute from the current folder, `.` and `..` resolved
  /// by name (symbolic links are not followed).
  private static func absoluteComponents(_ path: String) -> [String] {
    var full = path
    if !path.hasPrefix("/") {
      var buffer = [CChar](repeating: 0, count: 4096)
      let cwd =
        getcwd(&buffer, buffer.count) != nil
        ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        : "."
      full = cwd + "/" + path
    }
    var components: [String] = []
    for part in full.split(separator: "/") {
      if part == "." { continue }
      if part == ".." {
        if !components.isEmpty { components.removeLast() }
        continue
      }
      components.append(String(part))
    }
    return components.isEmpty ? [""] : components
  }

  private static func parsePause(_ text: String) throws(UsageError) -> MediaTime {
    let invalid = UsageError("'--pause' takes seconds such as 2 or 1.5, not '\(text)'")
    guard !text.hasPrefix("-"), !text.hasPrefix("+") else { throw invalid }
    do {
      return try ShiftAmount.parse(text)
    } catch {
      throw invalid
    }
  }

  /// The format named by `--to`, else the output's extension.
  private static func outputFormat(_ name: String?, output: String) throws(UsageError)
    -> TranscriptFormat
  {
    let names = TranscriptFormat.allCases.map(\.rawValue)
    let expected = names.joined(separator: ", ")
    if let name {
      guard let format = TranscriptFormat(name: name) else {
        throw UsageError(
          "unknown format '\(name)' for '--to'; expected one of \(expected)", given: name,
          candidates: names)
      }
      return format
    }
    if output != "-", let format = TranscriptFormat(path: output) { return format }
    throw UsageError(
      "cannot tell the output format from '\(output)'", hint: "add --to with one of \(expected)")
  }
}
