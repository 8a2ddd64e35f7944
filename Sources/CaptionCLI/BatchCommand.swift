import CaptionKit
import CaptionRuntime

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
      "batch <path> ... | --manifest <file> [--jobs <n>] [--timeout <seconds>] "
      + "[--results <file>] [--resume [--retry-errors]] [--shard <i/n>] [--transcripts <dir>] [--fix <dir>] "
      + "[--transcript-format <format>] [--progress <mode>] [--quiet] "
      + "[--config <file>] [--profile <name>] [--locales <tags>] [--source-locale <tag>] "
      + "[--audio | --no-audio] [--audio-stream <index>] [--fail-on <severity>] "
      + "[--encoding <name>] [--locale <tag>]",
    discussion: """
      Each media file found (folders are searched recursively; its sidecars are checked with \
      it) and each other caption file is one input; a path with *, ? or [abc] that the shell \
      left alone is expanded (** for any number of folders). Its result line is the object \
      'validate --format json' writes for it, on one line, after "input", "size", "mtime" \
      and "status" (ok, findings, or error with a "reason"); lines are written as inputs \
      finish, in no fixed order. An input still running after --timeout seconds gets an \
      error line and the run goes on. Progress is shown on standard error when it is a \
      terminal, then a summary.

      Exit status: 0 nothing at or above --fail-on, 1 findings, 64 usage error, 65 some \
      inputs could not be read or ran out of time (the others were still checked), 73 the \
      results cannot be written.
      """,
    arguments: [
      .init(
        "path", repeats: true, optional: true,
        help: "Folders, media files, caption files or patterns (lib/**/*.mp4) to check.")
    ],
    options: [
      .init(
        "manifest", value: "file",
        help: "A JSON Lines file of inputs ({\"media\": ..., \"tracks\": [...], \"locales\": "
          + "..., \"profile\": ...}); - reads standard input."),
      .init("jobs", short: "j", value: "n", help: "Inputs checked at once (default: the cores)."),
      .init(
        "timeout", value: "seconds",
        help: "Time an input may take before it is stopped with an error line (default 600; "
          + "0: no limit)."),
      .init(
        "results", value: "file",
        help: "Write the JSON lines to this file (default: standard output)."),
      .init(
        "resume",
        help: "Keep the results file and skip inputs it has a line for (same path, "
          + "size and modification time)."),
      .init(
        "retry-errors",
        help: "With --resume: check again the inputs whose line is an error (unreadable or out "
          + "of time); their old lines are removed first."),
      .init(
        "shard", value: "i/n",
        help: "Check only shard i (0-based) of n, chosen by a hash of each input's path."),
      .init(
        "transcripts", value: "dir",
        help: "Also write each media input's transcript into this folder (<name>.html)."),
      .init(
        "fix", value: "dir",
        help: "Also write a fixed copy of each caption file into this folder (see 'fix')."),
      .init(
        "transcript-format", value: "format",
        help: "html (default), md, txt or json: the transcripts' format."),
      .init(
        "progress", value: "mode",
        help: "auto (default: a line on standard error when it is a terminal), json (one "
          + "object per finished input) or none."),
      .init("quiet", short: "q", help: "Show no progress and no summary."),
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
    ] + ConfigurationOptions.options + [ConfigurationOptions.discoveryOption]
      + InputOptions.options)

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    let failOn = try ValidateCommand.failOn(arguments)
    let inputOptions = try InputOptions(arguments)
    let configuration = try ConfigurationOptions(arguments, discovers: true)
    var profile = configuration.profile
    let media = try MediaOptions(arguments)
    if let locales = media.locales { profile.requiredLocales = locales }
    let jobs = try jobCount(arguments.value("jobs"))
    let timeout = try timeLimit(arguments.value("timeout"))
    let shard = try arguments.value("shard").map { (text) throws(UsageError) in
      try ShardSelector(text)
    }
    let resume = arguments.flag("resume")
    let quiet = arguments.flag("quiet")
    let progressMode = try progressMode(
      arguments.value("progress"), quiet: quiet, terminal: context.stderrIsTerminal)
    let transcriptFormat = try transcriptFormat(arguments)
    let resultsPath = arguments.value("results").flatMap { $0 == "-" ? nil : $0 }
    if resume && resultsPath == nil {
      throw UsageError("'--resume' needs '--results <file>'")
    }
    let retryErrors = arguments.flag("retry-errors")
    if retryErrors && !resume {
      throw UsageError("'--retry-errors' needs '--resume' (and '--results <file>')")
    }
    let manifest = arguments.value("manifest")
    if arguments.positionals.isEmpty && manifest == nil {
      throw UsageError(
        "missing argument <path>", hint: "give files or folders to check, or --manifest <file>")
    }
    if arguments.positionals.contains("-") {
      throw UsageError(
        "batch does not read paths from standard input; give files, folders or --manifest -")
    }

    // Every input once, in the order found; a folder that cannot be searched, a pattern that
    // matches nothing or a bad manifest line is an error line.
    var collector = InputCollector(
      settings: BatchSettings(arguments: arguments, configurationDigest: configuration.fileDigest))
    if let discovery = configuration.discovery {
      collector.foundDigest = { file in try? discovery.configuration(forInput: file)?.digest }
    }
    if configuration.discovery != nil {
      // Each input's nearest captionkit.json, with the manifest's profile and locales.
      collector.discovered = { (file, profileName, locales) throws(CommandFailure) in
        guard let discovery = configuration.discovery else { return nil }
        return try discovery.profile(
          forInput: file, named: profileName ?? configuration.profileName,
          requiredLocales: locales ?? media.locales)
      }
    }
    for path in arguments.positionals {
      guard let pattern = PathPattern(path) else {
        collector.add(path)
        continue
      }
      let matches = pattern.matches()
      if matches.isEmpty {
        collector.fail(path, "\(path): no file matches the pattern")
      }
      for match in matches { collector.add(match) }
    }
    if let manifest {
      let bytes = try readManifest(manifest, in: context)
      let name = manifest == "-" ? "-" : manifest
      let folder = manifest == "-" ? nil : BatchManifest.folder(of: manifest)
      var lines: [String: Int] = [:]
      for result in BatchManifest.entries(bytes, folder: folder) {
        switch result {
        case .failure(let bad):
          collector.fail("\(name):\(bad.line)", "\(name):\(bad.line): \(bad.message)")
        case .success(let entry):
          var entryProfile: ValidationProfile?
          if entry.profile != nil || entry.locales != nil {
            let profileName = entry.profile ?? arguments.value("profile")
            var chosen = profile
            if let profileName {
              guard let named = configuration.configuration.profile(named: profileName) else {
                collector.fail(
                  "\(name):\(entry.line)",
                  "\(name):\(entry.line): unknown profile '\(profileName)'; expected one of "
                    + configuration.configuration.profileNames.joined(separator: ", "))
                continue
              }
              chosen = named
              if let locales = media.locales { chosen.requiredLocales = locales }
            }
            if let locales = entry.locales { chosen.requiredLocales = locales }
            entryProfile = chosen
          }
          if entry.tracks != nil && !MediaInput.isMedia(entry.media) {
            collector.fail(
              "\(name):\(entry.line)",
              "\(name):\(entry.line): 'tracks' are for a media file; '\(entry.media)' is not one")
            continue
          }
          if let first = lines[entry.media] {
            context.stderr.report(
              "\(name):\(entry.line): warning: '\(entry.media)' is also on line \(first); "
                + "checked once, as there\n")
            continue
          }
          lines[entry.media] = entry.line
          collector.add(
            entry.media, tracks: entry.tracks, profile: entryProfile,
            profileName: entry.profile, locales: entry.locales)
        }
      }
    }
    var inputs = collector.inputs
    var failedFolders = collector.failed
    let found = inputs.count

    var transcripts: BatchTranscripts?
    if let folder = arguments.value("transcripts") {
      try makeFolder(folder)
      transcripts = BatchTranscripts(
        folder: folder, format: transcriptFormat,
        inputs: inputs.filter(\.isMedia).map(\.path))
    }

    var fixes: BatchFixes?
    if let folder = arguments.value("fix") {
      try makeFolder(folder)
      fixes = BatchFixes(folder: folder, inputs: inputs)
    }

    if let shard {
      inputs = inputs.filter { shard.contains($0.path) }
      failedFolders = failedFolders.filter { shard.contains($0.0.path) }
    }
    let inShard = inputs.count + failedFolders.count

    if retryErrors, let resultsPath {
      _ = try BatchResultsFile.removeErrorLines(at: resultsPath)
    }
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
    let noColor = !(context.environment["NO_COLOR"] ?? "").isEmpty
    let progress = BatchProgress(
      mode: progressMode, total: inputs.count + failedFolders.count, sink: stderr,
      color: !noColor)
    var errors = 0
    for (input, reason) in failedFolders {
      errors += 1
      do {
        try emit(BatchLine.errorLine(for: input, reason: reason))
      } catch {
        throw writeFailure(error, results: resultsPath)
      }
      progress.finished(input.path, status: .error)
    }
    let check = media.check(profile: profile, reader: inputOptions.reader)
    let settings = BatchRunner.Settings(
      options: inputOptions, check: check, failOn: failOn, timeout: timeout,
      transcripts: transcripts, fixes: fixes)
    let runner = BatchRunner(
      inputs: inputs, settings: settings, stderr: stderr, progress: progress, emit: emit)
    let tally = inputs.isEmpty ? BatchRunner.Tally() : runner.run(jobs: jobs)
    progress.finish()
    let skipped = inShard - inputs.count - failedFolders.count
    if let failure = tally.writeFailure { throw writeFailure(failure, results: resultsPath) }
    errors += tally.errors

    var summary =
      "batch: \(inputs.count + failedFolders.count) checked: \(tally.ok) ok, "
      + "\(tally.findings) with findings, \(errors) could not be read"
    if tally.timedOut > 0 {
      summary += " (\(tally.timedOut) stopped at the time limit)"
    }
    if skipped > 0 { summary += "; \(skipped) already in the results" }
    if let shard {
      summary += "; shard \(shard.index)/\(shard.count) has \(inShard) of \(found) inputs"
    }
    if !quiet && progressMode != .json { stderr.report(summary + "\n") }
    if errors > 0 { return ExitCode.dataError }
    return tally.findings > 0 ? ExitCode.findings : ExitCode.success
  }

  /// The inputs of a run, each once, in the order found.
  private struct InputCollector {
    var inputs: [BatchInput] = []
    var failed: [(BatchInput, String)] = []
    var seen: Set<String> = []
    /// What the inputs are checked with, for their lines.
    let settings: BatchSettings
    /// The digest of a file's nearest configuration file; nil when none is looked for.
    var foundDigest: ((_ file: String) -> UInt64?)?

    init(settings: BatchSettings) { self.settings = settings }
    /// The profile of a file from its nearest configuration file, given the manifest's
    /// profile name and locales; nil when it has none or none is looked for.
    var discovered:
      (
        (_ file: String, _ profileName: String?, _ locales: [String]?) throws(CommandFailure) ->
          ValidationProfile?
      )?

    /// A path argument or a manifest's media: a folder's files, or the file itself, each
    /// with `profile` (nil: the run's) unless its own configuration file gives one.
    mutating func add(
      _ path: String, tracks: [String]? = nil, profile: ValidationProfile? = nil,
      profileName: String? = nil, locales: [String]? = nil
    ) {
      let files: (media: [String], captions: [String])
      do {
        files = try CaptionCheck.inputFiles(of: path)
      } catch {
        fail(path, error.message)
        return
      }
      for file in files.media where seen.insert(file).inserted {
        guard let own = ownProfile(file, profile, profileName, locales) else { continue }
        var input = BatchInput(path: file, isMedia: true)
        input.tracks = tracks
        input.profile = own
        input.settings = settings.digest(
          configuration: foundDigest?(file), profileName: profileName, locales: locales,
          tracks: tracks)
        inputs.append(input)
      }
      for file in files.captions where seen.insert(file).inserted {
        guard let own = ownProfile(file, profile, profileName, locales) else { continue }
        var input = BatchInput(path: file, isMedia: false)
        input.profile = own
        input.settings = settings.digest(
          configuration: foundDigest?(file), profileName: profileName, locales: locales,
          tracks: nil)
        inputs.append(input)
      }
    }

    /// The profile of one file: its configuration file's, else `profile`; nil (and an error
    /// line) when its configuration file cannot be used.
    private mutating func ownProfile(
      _ file: String, _ profile: ValidationProfile?, _ profileName: String?,
      _ locales: [String]?
    ) -> ValidationProfile?? {
      guard let discovered else { return .some(profile) }
      do {
        return .some(try discovered(file, profileName, locales) ?? profile)
      } catch {
        fail(file, "\(file): \(error.message)")
        return nil
      }
    }

    /// Something that names no input: it gets an `error` line.
    mutating func fail(_ name: String, _ reason: String) {
      var input = BatchInput(path: name, isMedia: false)
      input.settings = settings.digest(
        configuration: nil, profileName: nil, locales: nil, tracks: nil)
      failed.append((input, reason))
    }
  }

  /// The manifest's bytes, from a file or standard input (`-`).
  private static func readManifest(
    _ path: String, in context: CommandContext
  ) throws(CommandFailure) -> [UInt8] {
    let limit = 1 << 30
    if path == "-" {
      do {
        return try context.stdin.readAll(limit: limit)
      } catch {
        throw CommandFailure(ExitCode.noInput, "cannot read the manifest from standard input")
      }
    }
    do {
      return try CaptionFileReader.loadBytes(path: path, maximumSize: limit)
    } catch {
      throw InputOptions.failure(error)
    }
  }

  /// Creates the transcripts' folder when it is missing.
  private static func makeFolder(_ path: String) throws(CommandFailure) {
    if FolderWalker.isFolder(path) { return }
    guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
      throw CommandFailure(
        ExitCode.cannotCreate, "\(path): cannot create the folder: \(SystemError.describe(errno))")
    }
  }

  /// `--timeout`: seconds (decimals allowed) an input may take; 0 for no limit; default 600.
  static func timeLimit(_ text: String?) throws(UsageError) -> Double? {
    guard let text else { return defaultTimeout }
    guard let seconds = InputTimeLimit.seconds(text), seconds >= 0 else {
      throw UsageError(
        "'--timeout' takes the seconds an input may take (600, 2.5, or 0 for no limit), "
          + "not '\(text)'")
    }
    return seconds == 0 ? nil : seconds
  }

  /// The time limit of an input when `--timeout` is not given: 10 minutes.
  static let defaultTimeout: Double = 600

  /// `--progress auto|json|none` and `--quiet`: a line on a terminal by default.
  static func progressMode(
    _ text: String?, quiet: Bool, terminal: Bool
  ) throws(UsageError) -> BatchProgress.Mode {
    switch text ?? "auto" {
    case "auto": return quiet || !terminal ? .none : .line
    case "json": return .json
    case "none": return .none
    case let other:
      throw UsageError(
        "unknown value '\(other)' for '--progress'; expected one of auto, json, none",
        given: other, candidates: ["auto", "json", "none"])
    }
  }

  /// `--transcript-format`: html (default), md, txt or json.
  static func transcriptFormat(_ arguments: ParsedArguments) throws(UsageError)
    -> TranscriptFormat
  {
    guard let name = arguments.value("transcript-format") else { return .html }
    guard let format = TranscriptFormat(name: name) else {
      let names = TranscriptFormat.allCases.map(\.rawValue)
      throw UsageError(
        "unknown format '\(name)' for '--transcript-format'; expected one of "
          + names.joined(separator: ", "), given: name, candidates: names)
    }
    return format
  }

  /// `--jobs`: a positive number; default the number of cores online.
  static func jobCount(_ text: String?) throws(UsageError) -> Int {
    guard let text else { return WorkerThread.processorCount }
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
