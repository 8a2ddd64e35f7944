import CaptionKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `captionkit` tool: finds the command, parses its arguments, runs it, and turns every
/// outcome into an exit code.
public enum CaptionKitCommand {
  /// The commands, in the order help lists them.
  static let commands: [CommandConfiguration] = [
    ConvertCommand.configuration, ValidateCommand.configuration, FixCommand.configuration,
    SyncCommand.configuration, ProbeCommand.configuration,
    ExtractCommand.configuration, MuxCommand.configuration, PackageCommand.configuration,
    SpeechCommand.configuration,
    RulesCommand.configuration,
    TranscriptCommand.configuration, BatchCommand.configuration,
    CompletionsCommand.configuration,
  ]

  private static func runCommand(
    _ name: String, _ arguments: ParsedArguments, in context: CommandContext
  ) throws -> Int32 {
    switch name {
    case ConvertCommand.configuration.name: return try ConvertCommand.run(arguments, in: context)
    case FixCommand.configuration.name: return try FixCommand.run(arguments, in: context)
    case SyncCommand.configuration.name: return try SyncCommand.run(arguments, in: context)
    case ProbeCommand.configuration.name: return try ProbeCommand.run(arguments, in: context)
    case ExtractCommand.configuration.name: return try ExtractCommand.run(arguments, in: context)
    case MuxCommand.configuration.name: return try MuxCommand.run(arguments, in: context)
    case PackageCommand.configuration.name: return try PackageCommand.run(arguments, in: context)
    case RulesCommand.configuration.name: return try RulesCommand.run(arguments, in: context)
    case SpeechCommand.configuration.name: return try SpeechCommand.run(arguments, in: context)
    case BatchCommand.configuration.name: return try BatchCommand.run(arguments, in: context)
    case CompletionsCommand.configuration.name:
      return try CompletionsCommand.run(arguments, in: context)
    case TranscriptCommand.configuration.name:
      return try TranscriptCommand.run(arguments, in: context)
    default: return try ValidateCommand.run(arguments, in: context)
    }
  }

  /// Runs the tool with the real standard streams and exits with its status.
  public static func main() -> Never {
    // A closed pipe or a full disk becomes a write error (exit 73), not a silent death.
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
    var environment: [String: String] = [:]
    if let noColor = getenv("NO_COLOR") { environment["NO_COLOR"] = String(cString: noColor) }
    let status = run(
      arguments: Array(CommandLine.arguments.dropFirst()),
      stdin: FileDescriptorSource(descriptor: 0), stdout: FileDescriptorSink(descriptor: 1),
      stderr: FileDescriptorSink(descriptor: 2), environment: environment,
      stderrIsTerminal: isatty(2) == 1, exitsAfterRun: true)
    exit(status)
  }

  /// Runs the tool in process. `arguments` excludes the program name. `exitsAfterRun` says
  /// that the process exits as soon as this returns, so that a command need not free the
  /// large tracks and reports it is done with (see `CommandContext.keepUntilExit`).
  public static func run(
    arguments: [String], stdin: ByteSource, stdout: ByteSink, stderr: ByteSink,
    environment: [String: String] = [:], stderrIsTerminal: Bool = false,
    exitsAfterRun: Bool = false
  ) -> Int32 {
    let context = CommandContext(
      stdin: stdin, stdout: stdout, stderr: stderr, environment: environment,
      stderrIsTerminal: stderrIsTerminal, exitsAfterRun: exitsAfterRun)
    let toolUsage = "captionkit <command> [options]"
    guard let first = arguments.first else {
      return usageError(
        UsageError("missing command", hint: "see 'captionkit --help'"), usage: toolUsage,
        context: context)
    }
    switch first {
    case "-V", "--version":
      context.stdout.report("captionkit \(CaptionKitVersion.current)\n")
      return ExitCode.success
    case "-h", "--help":
      context.stdout.report(HelpFormatter.toolHelp(commands: commands))
      return ExitCode.success
    case "help":
      guard arguments.count > 1 else {
        context.stdout.report(HelpFormatter.toolHelp(commands: commands))
        return ExitCode.success
      }
      if arguments[1] == "--man" {
        // The manual page, for Scripts/install; not listed in the help.
        guard arguments.count == 2 else {
          return usageError(
            UsageError("unexpected argument '\(arguments[2])'"), usage: "captionkit help --man",
            context: context)
        }
        context.stdout.report(ManPage.page(commands: commands))
        return ExitCode.success
      }
      return run(
        arguments: [arguments[1], "--help"], stdin: stdin, stdout: stdout, stderr: stderr,
        environment: environment)
    default: break
    }
    let names = commands.map(\.name)
    guard let configuration = commands.first(where: { $0.name == first }) else {
      let error =
        first.hasPrefix("-")
        ? UsageError(
          "unknown option '\(first)'", given: first, candidates: ["--help", "--version", "-V"])
        : UsageError("unknown command '\(first)'", given: first, candidates: names)
      return usageError(error, usage: toolUsage, context: context)
    }
    let usage = "captionkit \(configuration.usage)"
    do {
      let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: configuration)
      if parsed.helpRequested {
        context.stdout.report(HelpFormatter.help(for: configuration))
        return ExitCode.success
      }
      return try runCommand(configuration.name, parsed, in: context)
    } catch let error as UsageError {
      return usageError(error, usage: usage, context: context)
    } catch let failure as CommandFailure {
      if failure.exitCode == ExitCode.usage {
        return usageError(
          UsageError(failure.message, hint: failure.hint), usage: usage,
          context: context)
      }
      var text = "error: \(failure.message)\n"
      if let hint = failure.hint { text += "hint: \(hint)\n" }
      context.stderr.report(text)
      return failure.exitCode
    } catch let stopped as CheckStopped {
      switch stopped.kind {
      case .badOption:
        return usageError(
          UsageError(stopped.message, hint: stopped.hint), usage: usage, context: context)
      case .ffmpegUnavailable:
        var text = "error: \(stopped.message)\n"
        if let hint = stopped.hint { text += "hint: \(hint)\n" }
        context.stderr.report(text)
        return ExitCode.unavailable
      }
    } catch let error as FFmpegUnavailable {
      context.stderr.report("error: \(error)\nhint: \(error.hint)\n")
      return ExitCode.unavailable
    } catch let error as FFmpegError {
      context.stderr.report("error: \(error)\n")
      return error.kind == .inputMissing ? ExitCode.noInput : ExitCode.dataError
    } catch {
      context.stderr.report("error: internal error: \(error)\n")
      return ExitCode.software
    }
  }

  private static func usageError(
    _ error: UsageError, usage: String, context: CommandContext
  ) -> Int32 {
    var text = "error: \(error.message)\n"
    if let hint = error.hint { text += "hint: \(hint)\n" }
    text += "usage: \(usage)\n"
    context.stderr.report(text)
    return ExitCode.usage
  }
}
