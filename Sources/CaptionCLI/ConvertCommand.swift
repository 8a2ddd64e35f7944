import CaptionKit

/// `captionkit convert`: reads one caption file and writes it in another format.
enum ConvertCommand: CaptionCommand {
  static let configuration = CommandConfiguration(
    name: "convert",
    abstract: "Convert a caption file to another format.",
    usage:
      "convert <input> -o <output> [--to <format>] [--encoding <name>] [--shift <seconds>] "
      + "[--scc-mode <mode>] [--locale <tag>] [--max-findings <n>] [--fail-on <severity>]",
    discussion: """
      Reader findings and what the output format cannot carry are printed on standard error. \
      The output is written to a temporary file in the same folder and renamed into place. \
      Exits 1 when the output is written but a finding is at or above --fail-on (default \
      error: the reader dropped cues or settings it could not read), 65 when the input \
      cannot be read as captions.
      """,
    arguments: [.init("input", help: "The caption file to read, or - for standard input.")],
    options: [
      .init(
        "output", short: "o", value: "output",
        help: "The file to write, or - for standard output."),
      .init(
        "to", value: "format",
        help: "vtt, srt, ttml, ass, scc or json; by default taken from the output's extension."),
      .init(
        "shift", value: "seconds",
        help: "Move every cue by this many seconds (exact to 1 ms, may be negative)."),
      .init(
        "scc-mode", value: "mode",
        help: "How SCC captions are sent: pop-on (the default), roll-up (2 rows), roll-up-3 or "
          + "roll-up-4."),
      .init(
        "max-findings", value: "n",
        help: "Print at most this many findings of each rule (default 20; 0 prints all)."),
      FailThreshold.option,
    ] + InputOptions.options)

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    guard let output = arguments.value("output") else {
      throw UsageError("missing option '-o <output>'")
    }
    let input = arguments.positionals[0]
    let entry = try outputFormat(arguments.value("to"), output: output)
    guard var writer = entry.writer else {
      throw CommandFailure(
        ExitCode.usage, "writing \(entry.displayName) is not available yet")
    }
    if let mode = arguments.value("scc-mode") {
      guard let chosen = SCCModeOption.mode(named: mode) else {
        throw UsageError(
          "unknown SCC mode '\(mode)'; expected pop-on, roll-up, roll-up-3 or roll-up-4")
      }
      guard entry.format == .scc else {
        throw UsageError("'--scc-mode' applies only to SCC output")
      }
      writer = { SCCWriter.write($0, mode: chosen, into: &$1) }
    }
    let shift = try arguments.value("shift").map(ShiftAmount.parse)
    var failure = try FailThreshold(arguments)
    let inputOptions = try InputOptions(arguments)
    var findings = FindingPrinter(limit: try maximumFindings(arguments.value("max-findings")))
    if input != "-", output != "-", FileIdentity.same(input, output) {
      throw UsageError("the output '\(output)' is the input file; inputs are never overwritten")
    }

    var result = try inputOptions.read(input, in: context)
    findings.print(result.diagnostics, in: context)
    if result.isRejected {
      findings.finish(in: context)
      throw CommandFailure.rejected(input)
    }
    if entry.format == .srt, result.track.cues.isEmpty {
      findings.finish(in: context)
      throw CommandFailure.emptySRTRefusal(path: input)
    }
    // Every finding, printed or not, counts for the exit status.
    failure.note(result.diagnostics)
    if let shift {
      findings.print(failure.note(TrackShift.shift(&result.track, by: shift)), in: context)
    }
    let minimum = CueEndRepair.minimumDuration(for: result.track.language)
    findings.print(
      failure.note(CueEndRepair.repair(&result.track, minimum: minimum)), in: context)
    func printLossy(_ lossy: WriterLosses) {
      failure.note(lossy.diagnostics)
      // Findings past the printing limit are counted only; they are convert.lossy warnings.
      if lossy.withheld > 0 { failure.note([.warning]) }
      findings.print(
        lossy,
        naming: { diagnostic in
          var diagnostic = diagnostic
          // Writers name the track's path, which is "-" for standard input.
          if input == "-" {
            diagnostic.file = "<stdin>"
          } else if diagnostic.file == nil {
            diagnostic.file = input
          }
          return diagnostic
        }, in: context)
      findings.finish(in: context)
    }
    if let chunked = entry.chunkedWriter {
      // Written in chunks as it is made: the output is never held whole in memory.
      if output == "-" {
        var failure: WriteFailure?
        let lossy = chunked(result.track, chunkSize, findings.writerCueLimit) { bytes in
          if failure == nil {
            do throws(WriteFailure) {
              try context.stdout.write(bytes)
            } catch {
              failure = error
            }
          }
          bytes.removeAll(keepingCapacity: true)
        }
        printLossy(lossy)
        if let failure {
          throw CommandFailure.standardOutput(failure)
        }
      } else {
        let file = try AtomicFileWriter.open(output)
        let lossy = chunked(result.track, chunkSize, findings.writerCueLimit) { bytes in
          file.write(bytes)
          bytes.removeAll(keepingCapacity: true)
        }
        printLossy(lossy)
        try file.commit()
      }
      return failure.status
    }
    var bytes: [UInt8] = []
    printLossy(WriterLosses(diagnostics: writer(result.track, &bytes)))
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

  /// The value of `--max-findings`: a whole number, 0 for no limit; 20 when absent.
  private static func maximumFindings(_ value: String?) throws(UsageError) -> Int {
    guard let value else { return 20 }
    guard let number = Int(value), number >= 0 else {
      throw UsageError("'--max-findings' takes a whole number (0 for no limit), not '\(value)'")
    }
    return number
  }

  /// How many bytes of output are made before they are written.
  static let chunkSize = 256 * 1024

  /// The format named by `--to`, else the output's extension.
  private static func outputFormat(_ name: String?, output: String) throws(UsageError)
    -> FormatRegistry.Entry
  {
    let names = FormatRegistry.entries.filter(\.canWrite).map { $0.names[0] }
    let expected = names.joined(separator: ", ")
    if let name {
      guard let entry = FormatRegistry.entry(named: name) else {
        throw UsageError(
          "unknown format '\(name)' for '--to'; expected one of \(expected)", given: name,
          candidates: names)
      }
      return entry
    }
    if output != "-", let entry = FormatRegistry.entry(forPath: output) { return entry }
    throw UsageError(
      "cannot tell the output format from '\(output)'", hint: "add --to with one of \(expected)")
  }
}
