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
      + "[--timeout <seconds>] [--encoding <name>] [--locale <tag>]",
    discussion: """
      A media file is checked with its embedded text tracks, its sidecar files \
      (movie.<lang>[.<kind>].vtt|srt) and chapters, and, when it has audio, the speech found \
      in it; the report ends with the WCAG 1.2.x verdicts. A folder is searched for media \
      files (checked with their sidecars) and other caption files (.vtt, .srt), in sorted \
      order. Every rule of 'captionkit rules' that applies runs, with the limits of each \
      track's language (--locale, the file name, or the file's Language header). With \
      --timeout, an input (a media file with its tracks and audio, or a caption file) not \
      read within the limit is reported as an error and the others are still checked.

      Exit status: 0 nothing at or above --fail-on, 1 findings, 64 usage error, 65 an input \
      is not a caption file or damaged media or ran out of time, 66 an input is missing, 69 FFmpeg's libraries \
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
      InputTimeLimit.option,
    ] + ConfigurationOptions.options + [ConfigurationOptions.discoveryOption]
      + InputOptions.options)

  static let formats = ["text", "json", "junit", "sarif"]

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    let format = arguments.value("format") ?? "text"
    guard formats.contains(format) else {
      throw UsageError(
        "unknown format '\(format)' for '--format'; expected one of "
          + formats.joined(separator: ", "), given: format, candidates: formats)
    }
    let failOn = try failOn(arguments)
    var check = try check(arguments)
    let htmlReport = arguments.value("report")
    if htmlReport == "-" {
      throw UsageError("'--report' needs a file name; standard output is for --format")
    }
    if arguments.positionals.filter({ $0 == "-" }).count > 1 {
      throw UsageError("standard input '-' can be read only once")
    }
    check.keepsCueTimes = htmlReport != nil
    if arguments.positionals.contains("-") {
      // Read once, here: the check asks for the bytes when it comes to `-`.
      let limit = check.reader.maximumSize
      let input = Result { () throws(CaptionFileReader.Failure) -> [UInt8] in
        try InputOptions.readStandardInput(context.stdin, limit: limit)
      }
      check.standardInput = { () throws(CaptionFileReader.Failure) -> [UInt8] in try input.get() }
    }
    let report: ValidationReport
    do {
      report = try check.validate(arguments.positionals)
    } catch {
      for message in error.messagesBefore { tell(message, in: context) }
      throw error
    }
    let inputFailure = report.messages.reduce(nil) { (worst: Int32?, message) in
      tell(message, in: context)
      guard case .failure(let failure) = message else { return worst }
      return max(worst ?? 0, exitCode(of: failure))
    }
    let counts = report.counts()
    try write(
      report, counts: counts, format: format, failOn: failOn, output: arguments.value("output"),
      in: context)
    if let htmlReport {
      let title = HTMLReportCollector.title(for: arguments.positionals)
      try AtomicFileWriter.write(HTMLReportWriter.write(report, title: title), to: htmlReport)
    }
    context.keepUntilExit(report)
    if let inputFailure { return inputFailure }
    return ValidationReport.hasFinding(atLeast: failOn, in: counts)
      ? ExitCode.findings : ExitCode.success
  }

  /// The check the options describe: profile, required locales, media options, reader.
  static func check(_ arguments: ParsedArguments) throws -> CaptionCheck {
    let inputOptions = try InputOptions(arguments)
    let configuration = try ConfigurationOptions(arguments, discovers: true)
    var profile = configuration.profile
    let media = try MediaOptions(arguments)
    if let locales = media.locales { profile.requiredLocales = locales }
    var check = media.check(profile: profile, reader: inputOptions.reader)
    if configuration.discovery != nil {
      // Each input's nearest captionkit.json, else the defaults.
      let profile = profile
      check.profileForInput = { (path) throws(CheckStopped) in
        do throws(CommandFailure) {
          return try configuration.profile(forInput: path, requiredLocales: media.locales)
            ?? profile
        } catch {
          throw CheckStopped(.badOption, error.message, hint: error.hint)
        }
      }
    }
    if let limit = try InputTimeLimit.given(arguments) {
      check.readsInput = { path, read in limit.run(read) ?? .failed(limit.failure(for: path)) }
    }
    return check
  }

  /// Prints what a check said on standard error: `error: ...` (and its hint) for an input
  /// that could not be checked, a note as it is.
  static func tell(_ message: ValidationReport.Message, in context: CommandContext) {
    switch message {
    case .failure(let failure):
      context.stderr.report("error: \(failure.message)\n")
      if let hint = failure.hint { context.stderr.report("hint: \(hint)\n") }
    case .note(let text):
      context.stderr.report("\(text)\n")
    }
  }

  /// The exit status of an input that could not be checked: 66 missing, 65 unusable.
  static func exitCode(of failure: InputFailure) -> Int32 {
    CommandFailure(failure).exitCode
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
