/// A command of the tool: a static configuration and a run function.
protocol CaptionCommand {
  static var configuration: CommandConfiguration { get }

  /// Runs with arguments already sorted by the configuration; returns the exit code. Throws
  /// `UsageError` for a bad value (exit 64) and `CommandFailure` for anything else that stops
  /// the command.
  static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32
}
