import CaptionKit

/// `captionkit validate`: reads caption files and reports what is wrong with them.
enum ValidateCommand: CaptionCommand {
  static let configuration = CommandConfiguration(
    name: "validate",
    abstract: "Check caption files and report what is wrong with them.",
    usage:
      "validate <path> ... [--config <file>] [--profile <name>] [--format <format>] [-o <file>] "
      + "[--fail-on <severity>] [--encoding <name>] [--locale <tag>]",
    discussion: """
      A folder is searched for caption files (.vtt, .srt), which are checked in sorted order. \
      Every rule of 'captionkit rules' that applies to a caption file runs, with the limits of \
      the track's language (--locale, the file name, or the file's Language header).

      Exit status: 0 nothing at or above --fail-on, 1 findings, 64 usage error, 65 an input \
      is not a caption file, 66 an input is missing, 73 the report cannot be written.
      """,
    arguments: [
      .init(
        "path", repeats: true,
        help: "Caption files or folders to check; - reads standard input.")
    ],
    options: [
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
    let failOn: Severity?
    switch arguments.value("fail-on") ?? "error" {
    case "error": failOn = .error
    case "warning": failOn = .warning
    case "never": failOn = nil
    case let other:
      let names = ["error", "warning", "never"]
      throw UsageError(
        "unknown severity '\(other)' for '--fail-on'; expected one of error, warning, never",
        given: other, candidates: names)
    }
    let inputOptions = try InputOptions(arguments)
    let profile = try ConfigurationOptions(arguments).profile
    let validator = Validator()
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
    for path in arguments.positionals {
      let files: [String]
      if path != "-", FolderWalker.isFolder(path) {
        do {
          files = try FolderWalker.files(in: path).filter {
            FormatRegistry.entry(forPath: $0)?.canRead == true
          }
        } catch {
          fail(error)
          continue
        }
        if files.isEmpty {
          fail(CommandFailure(ExitCode.noInput, "\(path): no caption files in the folder"))
        }
      } else {
        files = [path]
      }
      for file in files {
        do {
          var result = try inputOptions.read(file, in: context)
          let context = ValidationContext(tracks: [result.track], profile: profile)
          let findings = validator.validate(result.track, in: context, id: report.nextTrackID)
          result.diagnostics = Validator.configure(result.diagnostics, profile: profile)
          // The reader's rules, then every rule that ran: one JUnit test case each.
          let readerRules = ["parse.\(result.track.format.rawValue)", "parse.encoding"].filter {
            id in RuleRegistry.rule(id: id).map { profile.severity(of: $0) != nil } ?? false
          }
          let rules =
            readerRules + validator.applicableRules(to: result.track, in: context).map(\.id)
          htmlCues?.add(result.track, id: report.nextTrackID)
          // The report takes the findings over, so that they are not held twice.
          report.add(result, findings: consume findings, checkedRules: rules)
        } catch {
          fail(error)
        }
      }
    }

    try write(
      report, format: format, failOn: failOn, output: arguments.value("output"), in: context)
    if let htmlReport, let htmlCues {
      let model = htmlCues.model(
        of: report, title: HTMLReportCollector.title(for: arguments.positionals))
      try AtomicFileWriter.write(Array(ValidationHTMLReportWriter.page(model).utf8), to: htmlReport)
    }
    if let inputFailure { return inputFailure }
    return report.hasFinding(atLeast: failOn) ? ExitCode.findings : ExitCode.success
  }

  /// Size of the pieces the text report is written in.
  static let chunkSize = 1 << 18

  /// Writes the report to `output` (atomically) or to standard output; text is written as
  /// it is made, in chunks, so a report of a million findings is never held whole.
  private static func write(
    _ report: ValidationReport, format: String, failOn: Severity?, output: String?,
    in context: CommandContext
  ) throws(CommandFailure) {
    let bytes: [UInt8]
    switch format {
    case "json": bytes = JSONReportWriter.write(report)
    case "junit": bytes = JUnitReportWriter.write(report, failOn: failOn)
    case "sarif": bytes = SARIFReportWriter.write(report)
    default:
      if let output, output != "-" {
        let file = try AtomicFileWriter.open(output)
        TextReportWriter.write(report, chunkSize: chunkSize) { file.write($0) }
        try file.commit()
        return
      }
      do {
        try TextReportWriter.write(report, chunkSize: chunkSize) {
          (bytes) throws(WriteFailure) in try context.stdout.write(bytes)
        }
      } catch {
        throw CommandFailure(
          ExitCode.cannotCreate, "cannot write to standard output: \(error.reason)")
      }
      return
    }
    if let output, output != "-" {
      try AtomicFileWriter.write(bytes, to: output)
      return
    }
    do {
      try context.stdout.write(bytes)
    } catch {
      throw CommandFailure(
        ExitCode.cannotCreate, "cannot write to standard output: \(error.reason)")
    }
  }
}
