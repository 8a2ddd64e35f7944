import CaptionKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `captionkit fix`: repairs what can be repaired without changing a word, and writes a copy.
enum FixCommand: CaptionCommand {
  static let configuration = CommandConfiguration(
    name: "fix",
    abstract: "Repair timing, line breaks and file-level problems of a caption file.",
    usage:
      "fix <input> -o <output> [--to <format>] [--media <media>] [--fps <n>] [--dry-run] "
      + "[--rules <ids>] [--except <ids>] [--profile <name>] [--format text|json]",
    discussion: """
      No word is changed and the input is never modified. Every change is printed on \
      standard error as a 'fixed:' line, with the rule it repairs; what could not be \
      repaired is printed as a warning or error, with the reason. The output is then read \
      back and checked with the same rules: findings still there are printed as they are \
      in the output. '--dry-run' prints a unified diff of the input and the output instead \
      of writing. The minimum gap is counted in frames of the media (--media, or the video \
      the caption file is named after) or of --fps; without either it is not repaired. \
      Exit status 0 when every finding was repaired, 1 when some are left at or above \
      --fail-on (default error), 65 when the input cannot be read as captions.
      """,
    arguments: [.init("input", help: "The caption file to repair, or - for standard input.")],
    options: [
      .init(
        "output", short: "o", value: "output",
        help: "The file to write, or - for standard output."),
      .init(
        "to", value: "format",
        help: "vtt, srt, ttml, ass, scc or json; by default the output's extension, else the "
          + "input's format."),
      .init(
        "media", value: "media",
        help: "The media the captions belong to, for its frame rate and duration (default: "
          + "the media file the caption file's name belongs to, when there is one)."),
      .init("fps", value: "n", help: "Frames per second for the minimum gap."),
      .init(
        "dry-run", help: "Print a unified diff of the changes on standard output; write nothing."),
      .init(
        "rules", value: "ids",
        help: "Repair only these rules (comma-separated; 'captionkit fix --rules list' lists them)."
      ),
      .init("except", value: "ids", help: "Do not repair these rules (comma-separated)."),
      .init(
        "format", value: "format",
        help: "text (default): findings on standard error; json: a report on standard output."),
      .init(
        "fail-on", value: "severity",
        help: "error (default), warning or never: what a finding left unrepaired fails with."),
    ] + ConfigurationOptions.options + InputOptions.options)

  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
    let input = arguments.positionals[0]
    if arguments.value("rules") == "list" {
      try write(CaptionFix.repairableRules.joined(separator: "\n") + "\n", in: context)
      return ExitCode.success
    }
    let dryRun = arguments.flag("dry-run")
    let output = arguments.value("output")
    if output == nil, !dryRun {
      throw UsageError("missing option '-o <output>'", hint: "or give --dry-run to see the changes")
    }
    let format = arguments.value("format") ?? "text"
    guard ["text", "json"].contains(format) else {
      throw UsageError(
        "unknown format '\(format)' for '--format'", given: format, candidates: ["text", "json"])
    }
    if format == "json", output == "-" || dryRun {
      throw UsageError(
        "'--format json' prints its report on standard output, which "
          + (dryRun ? "--dry-run's diff uses" : "'-o -' uses"))
    }
    let failOn = try FailThreshold.level(arguments.value("fail-on"))
    let rules = try chosenRules(only: arguments.value("rules"), except: arguments.value("except"))
    let frameRate = try arguments.value("fps").map(parseFrameRate)
    if let output, input != "-", output != "-", FileIdentity.same(input, output) {
      throw UsageError("the output '\(output)' is the input file; inputs are never overwritten")
    }
    let options = try ConfigurationOptions(arguments)
    let inputOptions = try InputOptions(arguments)

    let (result, bytes) = try inputOptions.readKeepingBytes(input, in: context)
    if result.isRejected {
      var printer = FindingPrinter(limit: 20)
      printer.print(result.diagnostics, in: context)
      printer.finish(in: context)
      throw CommandFailure.rejected(input)
    }
    try CommandFailure.refuseUnreadParts(of: result, path: input, copy: "fixed", in: context)
    let entry = try outputFormat(
      arguments.value("to"), output: output, input: result.track.format)
    if entry.format == .srt, result.track.cues.isEmpty {
      throw CommandFailure.emptySRTRefusal(path: input)
    }

    // The media: its frame rate (unless --fps says) and duration.
    var mediaDuration: MediaTime?
    var mediaRate: Double?
    if let media = try mediaPath(arguments.value("media"), input: input) {
      (mediaRate, mediaDuration) = try timing(ofMedia: media)
    }
    let profile =
      input == "-"
      ? options.profile
      : try options.profile(forInput: input, requiredLocales: nil) ?? options.profile
    let fix = CaptionFix(
      profile: profile, rules: rules, frameRate: frameRate ?? mediaRate,
      mediaDuration: mediaDuration)
    let outcome = fix.run(result, inputBytes: bytes, format: entry, outputPath: output)

    let name = input == "-" ? "<stdin>" : input
    let report = FixReport(
      input: name, output: dryRun ? "\(name) (fixed)" : output ?? "-", track: result.track,
      outcome: outcome)
    if dryRun {
      let old = String(decoding: bytes, as: UTF8.self)
      let new = String(decoding: outcome.bytes, as: UTF8.self)
      let diff = UnifiedDiff.make(
        old: result.track.encoding == TextEncoding.utf8.rawValue || result.track.encoding == nil
          ? old : decodedInput(bytes, reader: inputOptions.reader, name: name),
        new: new, oldName: name, newName: output ?? "\(name) (fixed)")
      try write(diff, in: context)
    } else if let output {
      if output == "-" {
        do throws(WriteFailure) {
          try context.stdout.write(outcome.bytes)
        } catch {
          throw CommandFailure.standardOutput(error)
        }
      } else {
        try AtomicFileWriter.write(outcome.bytes, to: output)
      }
    }
    if format == "json" {
      try write(report.json(), in: context)
    } else {
      context.stderr.report(report.text())
    }
    return report.fails(at: failOn) ? ExitCode.findings : ExitCode.success
  }

  /// The input's text as the reader decoded it, for the diff of a file not in UTF-8.
  private static func decodedInput(_ bytes: [UInt8], reader: CaptionFileReader, name: String)
    -> String
  {
    let decoded = TextDecoding.decode(
      bytes, encoding: reader.encoding, language: reader.language, file: name)
    return String(decoding: decoded.utf8, as: UTF8.self)
  }

  private static func write(_ text: String, in context: CommandContext) throws {
    do throws(WriteFailure) {
      try context.stdout.write(Array(text.utf8))
    } catch {
      throw CommandFailure.standardOutput(error)
    }
  }

  /// `--rules` and `--except`, checked against the rules fix repairs.
  static func chosenRules(only: String?, except: String?) throws(UsageError) -> Set<String> {
    let known = CaptionFix.repairableRules
    func parse(_ list: String, option: String) throws(UsageError) -> [String] {
      var ids: [String] = []
      for part in list.split(separator: ",", omittingEmptySubsequences: false) {
        let id = String(
          part.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
        guard known.contains(id) else {
          let other = RuleRegistry.rule(id: id) != nil
          if other {
            throw UsageError(
              "'\(option)': fix does not repair \(id)",
              hint: "'captionkit fix - --rules list' lists the rules fix repairs")
          }
          throw UsageError("unknown rule '\(id)' for '\(option)'", given: id, candidates: known)
        }
        ids.append(id)
      }
      return ids
    }
    var chosen = Set(known)
    if let only { chosen = Set(try parse(only, option: "--rules")) }
    if let except { chosen.subtract(try parse(except, option: "--except")) }
    return chosen
  }

  /// `--fps`: a positive number of frames per second, or a ratio like 30000/1001.
  static func parseFrameRate(_ text: String) throws(UsageError) -> Double {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    var rate: Double?
    if parts.count == 1 {
      rate = Double(text)
    } else if parts.count == 2, let n = Double(parts[0]), let d = Double(parts[1]), d > 0 {
      rate = n / d
    }
    guard let rate, rate.isFinite, rate > 0, rate <= 1000 else {
      throw UsageError(
        "'--fps' takes frames per second, such as 25, 23.976 or 30000/1001, not '\(text)'")
    }
    return rate
  }

  /// The frame rate and duration of a media file, as the repairs take them.
  static func timing(ofMedia path: String) throws -> (frameRate: Double?, duration: MediaTime?) {
    let info = try MediaProbe.probe(path)
    guard let rate = info.frameRate, rate.numerator > 0, rate.denominator > 0 else {
      return (nil, info.programmeDuration)
    }
    return (Double(rate.numerator) / Double(rate.denominator), info.programmeDuration)
  }

  /// `--media`, else the media file in the input's folder that its name belongs to
  /// (`movie.en.vtt` belongs to `movie.mp4`); nil when there is none.
  private static func mediaPath(_ given: String?, input: String) throws -> String? {
    if let given { return given }
    guard input != "-" else { return nil }
    return mediaFile(forCaptions: input)
  }

  /// The media file beside `path` whose sidecar `path` is by name: for `movie.en.vtt`,
  /// `movie.mp4` (or any media extension) when it exists; the longest name wins.
  static func mediaFile(forCaptions path: String) -> String? {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = String(slash.map { path[path.index(after: $0)...] } ?? path[...])
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 2 else { return nil }
    for count in stride(from: parts.count - 1, through: 1, by: -1) {
      let base = parts[..<count].joined(separator: ".")
      for fileExtension in MediaInput.extensions.sorted() {
        let candidate = folder + base + "." + fileExtension
        var status = stat()
        guard stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
          !SidecarDiscovery.sidecars(forMedia: candidate, among: [name]).isEmpty
        else { continue }
        return candidate
      }
    }
    return nil
  }

  /// The format named by `--to`, else the output's extension, else the input's format.
  private static func outputFormat(_ name: String?, output: String?, input: TrackFormat)
    throws(UsageError) -> FormatRegistry.Entry
  {
    let names = FormatRegistry.entries.filter(\.canWrite).map { $0.names[0] }
    if let name {
      guard let entry = FormatRegistry.entry(named: name), entry.canWrite else {
        throw UsageError(
          "unknown format '\(name)' for '--to'; expected one of "
            + names.joined(separator: ", "), given: name, candidates: names)
      }
      return entry
    }
    if let output, output != "-", let entry = FormatRegistry.entry(forPath: output),
      entry.canWrite
    {
      return entry
    }
    guard let entry = FormatRegistry.entry(for: input), entry.canWrite else {
      throw UsageError(
        "cannot write the input's format",
        hint: "add --to with one of "
          + names.joined(separator: ", "))
    }
    return entry
  }
}
