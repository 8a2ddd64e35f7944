import CaptionKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `captionkit batch`: validates many inputs in parallel and writes one JSON line per input,
/// resumable and shardable across processes.
enum BatchCommand: CaptionCommand {
  static let configuration = CommandConfiguration(
    name: "batch",
    abstract: "Check many media and caption files in parallel, one JSON line per input.",
    usage:
      "batch <path> ... [--jobs <n>] [--results <file>] [--resume] [--shard <i/n>] "
      + "[--config <file>] [--profile <name>] [--locales <tags>] [--source-locale <tag>] "
      + "[--audio | --no-audio] [--audio-stream <index>] [--fail-on <severity>] "
      + "[--encoding <name>] [--locale <tag>]",
    discussion: """
      Each media file found (folders are searched recursively; its sidecars are checked with \
      it) and each other caption file is one input. Its result line is the object \
      'validate --format json' writes for it, on one line, after "input", "size", "mtime" \
      and "status" (ok, findings, or error with a "reason"); lines are written as inputs \
      finish, in no fixed order. A summary goes to standard error.

      Exit status: 0 nothing at or above --fail-on, 1 findings, 64 usage error, 65 some \
      inputs could not be read (the others were still checked), 73 the results cannot be \
      written.
      """,
    arguments: [
      .init("path", repeats: true, help: "Folders, media files or caption files to check.")
    ],
    options: [
      .init("jobs", short: "j", value: "n", help: "Inputs checked at once (default: the cores)."),
      .init(
        "results", value: "file",
        help: "Write the JSON lines to this file (default: standard output)."),
      .init(
        "resume",
        help: "Keep the results file and skip inputs it has a line for (same path, "
          + "size and modification time)."),
      .init(
        "shard", value: "i/n",
        help: "Check only shard i (0-based) of n, chosen by a hash of each input's path."),
      .init(
        "locales", value: "tags",
        help: "Locales that must have a caption or subtitle track (comma-separated)."),
      .init("source-locale", value: "tag", help: "The language translations are compared with."),
      .init("audio", help: "Analyse the audio for speech (default when the media has audio)."),
      .init("no-audio", help: "Do not analyse the audio."),
      .init("audio-stream", value: "index", help: "The audio stream to analyse."),
      .init(
        "fail-on", value: "severity",
        help: "error (default), warning or never: the findings that make an input's status "
          + "'findings' and the exit status 1."),
    ] + ConfigurationOptions.options + InputOptions.options)

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    let failOn = try ValidateCommand.failOn(arguments)
    let inputOptions = try InputOptions(arguments)
    var profile = try ConfigurationOptions(arguments).profile
    let media = try MediaOptions(arguments)
    if let locales = media.locales { profile.requiredLocales = locales }
    let jobs = try jobCount(arguments.value("jobs"))
    let shard = try arguments.value("shard").map { (text) throws(UsageError) in
      try ShardSelector(text)
    }
    let resume = arguments.flag("resume")
    let resultsPath = arguments.value("results").flatMap { $0 == "-" ? nil : $0 }
    if resume && resultsPath == nil {
      throw UsageError("'--resume' needs '--results <file>'")
    }
    if arguments.positionals.isEmpty { throw UsageError("missing path to check") }
    if arguments.positionals.contains("-") {
      throw UsageError("batch does not read standard input; give files or folders")
    }

    // Every input once, in the order found; a folder that cannot be searched is an error line.
    var inputs: [BatchInput] = []
    var failedFolders: [(BatchInput, String)] = []
    var seen: Set<String> = []
    for path in arguments.positionals {
      let files: (media: [String], captions: [String])
      do {
        files = try ValidateCommand.inputFiles(of: path)
      } catch {
        failedFolders.append((BatchInput(path: path, isMedia: false), error.message))
        continue
      }
      for file in files.media where seen.insert(file).inserted {
        inputs.append(BatchInput(path: file, isMedia: true))
      }
      for file in files.captions where seen.insert(file).inserted {
        inputs.append(BatchInput(path: file, isMedia: false))
      }
    }
    let found = inputs.count
    if let shard {
      inputs = inputs.filter { shard.contains($0.path) }
      failedFolders = failedFolders.filter { shard.contains($0.0.path) }
    }
    let inShard = inputs.count + failedFolders.count

    let results = try resultsPath.map { (path) throws(CommandFailure) in
      try BatchResultsFile(path: path, keep: resume)
    }
    if resume, let results {
      let done = try results.existingKeys()
      // A missing input's line (size and mtime null) matches while it is still missing.
      inputs = inputs.filter { !done.contains(BatchResultsFile.hash($0.key)) }
      failedFolders = failedFolders.filter { !done.contains(BatchResultsFile.hash($0.0.key)) }
    }

    let stderr = LockedSink(context.stderr)
    let stdout = context.stdout
    let emit: ([UInt8]) throws(WriteFailure) -> Void = { (line) throws(WriteFailure) in
      if let results { try results.append(line) } else { try stdout.write(line) }
    }
    var errors = 0
    for (input, reason) in failedFolders {
      errors += 1
      do {
        try emit(BatchLine.errorLine(for: input, reason: reason))
      } catch {
        throw writeFailure(error, results: resultsPath)
      }
    }
    let settings = BatchRunner.Settings(
      options: inputOptions, media: media, profile: profile, validator: Validator(),
      failOn: failOn)
    let runner = BatchRunner(inputs: inputs, settings: settings, stderr: stderr, emit: emit)
    let tally = runner.run(jobs: jobs)
    let skipped = inShard - inputs.count - failedFolders.count
    if let failure = tally.writeFailure { throw writeFailure(failure, results: resultsPath) }
    errors += tally.errors

    var summary =
      "batch: \(inputs.count + failedFolders.count) checked: \(tally.ok) ok, \(tally.findings) with findings, "
      + "\(errors) could not be read"
    if skipped > 0 { summary += "; \(skipped) already in the results" }
    if let shard {
      summary += "; shard \(shard.index)/\(shard.count) has \(inShard) of \(found) inputs"
    }
    stderr.report(summary + "\n")
    if errors > 0 { return ExitCode.dataError }
    return tally.findings > 0 ? ExitCode.findings : ExitCode.success
  }

  /// `--jobs`: a positive number; default the number of cores online.
  static func jobCount(_ text: String?) throws(UsageError) -> Int {
    guard let text else { return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
    guard let jobs = Int(text), jobs > 0 else {
      throw UsageError(
        "'--jobs' takes a number of inputs checked at once (1, 2, ...), not '\(text)'")
    }
    return jobs
  }

  private static func writeFailure(_ error: WriteFailure, results: String?) -> CommandFailure {
    CommandFailure(
      ExitCode.cannotCreate, "cannot write to \(results ?? "standard output"): \(error.reason)")
  }
}
