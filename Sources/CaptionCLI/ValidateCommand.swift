import CaptionKit

/// `captionkit validate`: reads media files (with their embedded tracks, sidecars and
/// audio) and caption files, and reports what is wrong with them and the WCAG verdicts.
enum ValidateCommand: CaptionCommand {
  static let configuration = CommandConfiguration(
    name: "validate",
    abstract: "Check media and caption files and report what is wrong with them.",
    usage:
      "validate <path> ... [--config <file>] [--profile <name>] [--locales <tags>] "
      + "[--source-locale <tag>] [--audio | --no-audio] [--audio-stream <index>] "
      + "[--format <format>] [-o <file>] [--report <file.html>] [--fail-on <severity>] "
      + "[--encoding <name>] [--locale <tag>]",
    discussion: """
      A media file is checked with its embedded text tracks, its sidecar files \
      (movie.<lang>[.<kind>].vtt|srt) and chapters, and, when it has audio, the speech found \
      in it; the report ends with the WCAG 1.2.x verdicts. A folder is searched for media \
      files (checked with their sidecars) and other caption files (.vtt, .srt), in sorted \
      order. Every rule of 'captionkit rules' that applies runs, with the limits of each \
      track's language (--locale, the file name, or the file's Language header).

      Exit status: 0 nothing at or above --fail-on, 1 findings, 64 usage error, 65 an input \
      is not a caption file or damaged media, 66 an input is missing, 69 FFmpeg's libraries \
      are missing (media only), 73 the report cannot be written.
      """,
    arguments: [
      .init(
        "path", repeats: true,
        help: "Media files, caption files or folders to check; - reads standard input.")
    ],
    options: [
      .init(
        "locales", value: "tags",
        help: "Locales that must have a caption or subtitle track (comma-separated; "
          + "default: the configuration's requiredLocales)."),
      .init(
        "source-locale", value: "tag",
        help: "The language translations are compared with (default: the captions', else en)."),
      .init("audio", help: "Analyse the audio for speech (default when the media has audio)."),
      .init("no-audio", help: "Do not analyse the audio."),
      .init(
        "audio-stream", value: "index",
        help: "The audio stream to analyse, numbered as probe lists them."),
      .init("format", value: "format", help: "text (default), json, junit or sarif."),
      .init("output", short: "o", value: "file", help: "Write the report to this file."),
      .init(
        "report", value: "file.html",
        help: "Also write an accessible HTML report with a timeline per track to this file."),
      .init(
        "fail-on", value: "severity",
        help: "error (default), warning or never: the findings that make the exit status 1."),
    ] + ConfigurationOptions.options + InputOptions.options)

  static let formats = ["text", "json", "junit", "sarif"]

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    let format = arguments.value("format") ?? "text"
    guard formats.contains(format) else {
      throw UsageError(
        "unknown format '\(format)' for '--format'; expected one of "
          + formats.joined(separator: ", "), given: format, candidates: formats)
    }
    let failOn = try failOn(arguments)
    let inputOptions = try InputOptions(arguments)
    var profile = try ConfigurationOptions(arguments).profile
    let media = try MediaOptions(arguments)
    if let locales = media.locales { profile.requiredLocales = locales }
    var validator = Validator()
    let htmlReport = arguments.value("report")
    if htmlReport == "-" {
      throw UsageError("'--report' needs a file name; standard output is for --format")
    }
    var htmlCues = htmlReport == nil ? nil : HTMLReportCollector()
    if arguments.positionals.filter({ $0 == "-" }).count > 1 {
      throw UsageError("standard input '-' can be read only once")
    }

    var inputFailure: Int32?
    func fail(_ failure: CommandFailure) {
      context.stderr.report("error: \(failure.message)\n")
      if let hint = failure.hint { context.stderr.report("hint: \(hint)\n") }
      inputFailure = max(inputFailure ?? 0, failure.exitCode)
    }

    var report = ValidationReport()
    // The caption file read last: freed before the next input is read, else kept to the end.
    var lastRead: ReadResult?
    for path in arguments.positionals {
      lastRead = nil
      let inputs: (media: [String], captions: [String])
      do {
        inputs = try inputFiles(of: path)
      } catch {
        fail(error)
        continue
      }
      for file in inputs.media {
        do {
          try validateMedia(
            file, options: media, reader: inputOptions.reader, profile: profile,
            validator: validator, report: &report, htmlCues: &htmlCues, in: context)
        } catch let error as CommandFailure {
          fail(error)
        } catch let error as FFmpegError {
          fail(
            CommandFailure(
              error.kind == .inputMissing ? ExitCode.noInput : ExitCode.dataError, "\(error)"))
        }
      }
      // One caption file and nothing else: its cues are kept to the end anyway, so its
      // findings read what they need of their cues from them instead of keeping a copy.
      validator.findingsKeepCues =
        arguments.positionals.count == 1 && inputs.media.isEmpty && inputs.captions.count == 1
      for file in inputs.captions {
        lastRead = nil
        do {
          lastRead = try validateCaptionFile(
            file, options: inputOptions, profile: profile, validator: validator,
            report: &report, htmlCues: &htmlCues, in: context)
        } catch {
          fail(error)
        }
      }
    }

    let counts = report.counts()
    try write(
      report, counts: counts, format: format, failOn: failOn, output: arguments.value("output"),
      in: context)
    if let htmlReport, let htmlCues {
      let model = htmlCues.model(
        of: report, title: HTMLReportCollector.title(for: arguments.positionals))
      try AtomicFileWriter.write(Array(ValidationHTMLReportWriter.page(model).utf8), to: htmlReport)
    }
    context.keepUntilExit(lastRead)
    context.keepUntilExit(report)
    if let inputFailure { return inputFailure }
    return ValidationReport.hasFinding(atLeast: failOn, in: counts)
      ? ExitCode.findings : ExitCode.success
  }

  /// `--fail-on`: the least severity that makes the exit status 1; nil for `never`.
  static func failOn(_ arguments: ParsedArguments) throws(UsageError) -> Severity? {
    switch arguments.value("fail-on") ?? "error" {
    case "error": return .error
    case "warning": return .warning
    case "never": return nil
    case let other:
      let names = ["error", "warning", "never"]
      throw UsageError(
        "unknown severity '\(other)' for '--fail-on'; expected one of error, warning, never",
        given: other, candidates: names)
    }
  }

  /// The media files and the caption files a path names: a folder's media files and the
  /// caption files that are not their sidecars, or the path itself.
  static func inputFiles(
    of path: String
  ) throws(CommandFailure) -> (media: [String], captions: [String]) {
    guard path != "-", FolderWalker.isFolder(path) else {
      return path != "-" && MediaInput.isMedia(path) ? ([path], []) : ([], [path])
    }
    let files = try FolderWalker.files(in: path)
    let mediaFiles = files.filter(MediaInput.isMedia)
    // Caption files that belong to a media file are checked with it, not twice.
    let sidecars = Self.sidecars(of: mediaFiles, among: files)
    // A `.xml` file is read only when it is TTML: libraries hold other XML (packing lists,
    // player metadata) that is not captions.
    let captionFiles = files.filter { file in
      FormatRegistry.entry(forPath: file)?.canRead == true && !sidecars.contains(file)
        && (!file.lowercased().hasSuffix(".xml") || TTMLSniffer.looksLikeTTML(path: file))
    }
    if mediaFiles.isEmpty && captionFiles.isEmpty {
      throw CommandFailure(ExitCode.noInput, "\(path): no media or caption files in the folder")
    }
    return (mediaFiles, captionFiles)
  }

  /// Checks one caption file and adds its track and findings to the report; returns what was
  /// read (the report keeps only the track's metadata).
  @discardableResult
  static func validateCaptionFile(
    _ file: String, options: InputOptions, profile: ValidationProfile,
    validator: Validator, report: inout ValidationReport, htmlCues: inout HTMLReportCollector?,
    in context: CommandContext
  ) throws(CommandFailure) -> ReadResult {
    var result = try options.read(file, in: context)
    let context = ValidationContext(tracks: [result.track], profile: profile)
    let findings = validator.validate(result.track, in: context, id: report.nextTrackID)
    result.diagnostics = Validator.configure(result.diagnostics, profile: profile)
    // The reader's rules, then every rule that ran: one JUnit test case each.
    let rules =
      readerRules(result.track, profile: profile)
      + validator.applicableRules(to: result.track, in: context).map(\.id)
    htmlCues?.add(result.track, id: report.nextTrackID)
    // The report takes the findings over, so that they are not held twice.
    report.add(result, findings: consume findings, checkedRules: rules)
    return result
  }

  /// The files among `files` that are sidecars of one of `media` (in the same folder, named
  /// after it); linear in the number of files: each file's name is looked up by the stems it
  /// could belong to (`movie`, `movie.en` for `movie.en.vtt`).
  static func sidecars(of media: [String], among files: [String]) -> Set<String> {
    func split(_ path: String) -> (folder: Substring, name: Substring) {
      guard let slash = path.lastIndex(of: "/") else { return ("", path[...]) }
      return (path[..<slash], path[path.index(after: slash)...])
    }
    var byStem: [String: [String]] = [:]
    for path in media {
      let (folder, name) = split(path)
      byStem[folder + "/" + SidecarName.baseName(ofMedia: String(name)), default: []]
        .append(String(name))
    }
    var result: Set<String> = []
    for file in files where !MediaInput.isMedia(file) {
      let (folder, name) = split(file)
      var index = name.startIndex
      while let dot = name[index...].firstIndex(of: ".") {
        let stem = folder + "/" + name[..<dot]
        if let names = byStem[String(stem)],
          names.contains(where: { SidecarName.belongs(String(name), to: $0) })
        {
          result.insert(file)
          break
        }
        index = name.index(after: dot)
      }
    }
    return result
  }

  /// The reader's rules that are on for a track.
  static func readerRules(_ track: Track, profile: ValidationProfile) -> [String] {
    ["parse.\(track.format.rawValue)", "parse.encoding"].filter { id in
      RuleRegistry.rule(id: id).map { profile.severity(of: $0) != nil } ?? false
    }
  }

  /// Checks one media file with its tracks (`tracks` instead of its sidecars when given) and
  /// adds them, the media-level findings, the coverage and the WCAG verdicts to the report.
  static func validateMedia(
    _ path: String, options: MediaOptions, reader: CaptionFileReader, profile: ValidationProfile,
    validator: Validator, report: inout ValidationReport,
    htmlCues: inout HTMLReportCollector?, tracks: [String]? = nil, in context: CommandContext
  ) throws {
    let input = try MediaInput.read(
      path, reader: reader, audio: options.audio, audioStream: options.audioStream,
      tracks: tracks, in: context)
    let facts = input.facts
    let tracks = input.results.map(\.track)
    let validation = ValidationContext(
      tracks: tracks, media: facts, audio: input.audio, profile: profile,
      sourceLocale: options.sourceLocale)
    let firstDiagnostic = report.diagnostics.count
    var ids: [String] = []
    for var result in input.results {
      let id = report.nextTrackID
      ids.append(id)
      let findings = validator.validate(result.track, in: validation, id: id)
      result.diagnostics = Validator.configure(result.diagnostics, profile: profile)
      let rules =
        readerRules(result.track, profile: profile)
        + validator.applicableRules(to: result.track, in: validation).map(\.id)
      htmlCues?.add(result.track, id: id)
      report.add(result, findings: consume findings, checkedRules: rules)
    }
    var together = Validator.configure(input.diagnostics, profile: profile)
    together += validator.validateTogether(validation, ids: ids)
    report.addMediaFindings(together, trackIDs: ids, from: firstDiagnostic)
    let coverage = CoverageSummary(validation)
    let mediaFindings = Array(report.diagnostics[firstDiagnostic...])
    let wcag = WCAGEvaluator(
      media: facts, tracks: zip(ids, tracks).map { ($0, $1) }, audioAnalysed: input.audio != nil,
      diagnostics: mediaFindings
    ).verdicts()
    report.media.append(
      ValidationReport.MediaEntry(
        info: input.info, trackIDs: ids, coverage: coverage,
        coverageTrack: coverage.track.map { ids[$0] }, wcag: wcag,
        checkedRules: validator.contextRules(in: validation).map(\.id), speech: input.audio))
  }

  /// Size of the pieces the text and JSON reports are written in.
  static let chunkSize = 1 << 18

  /// Writes the report to `output` (atomically) or to standard output; text and JSON are
  /// written as they are made, in chunks, so a report of a million findings is never held
  /// whole.
  private static func write(
    _ report: ValidationReport, counts: [Severity: Int], format: String, failOn: Severity?,
    output: String?, in context: CommandContext
  ) throws(CommandFailure) {
    let out = ReportOutput(path: output, context: context)
    // A writer stops at the first failure, which `finish` throws.
    switch format {
    case "json":
      try? JSONReportWriter.write(report, counts: counts, chunkSize: chunkSize, flush: out.flush)
    case "junit": out.write(JUnitReportWriter.write(report, failOn: failOn))
    case "sarif": out.write(SARIFReportWriter.write(report))
    default:
      try? TextReportWriter.write(
        report, counts: counts, chunkSize: chunkSize, flush: out.flush)
    }
    try out.finish()
  }
}
