import CaptionKit

/// Values kept until the process exits (`CommandContext.keepUntilExit`). Only the context
/// of the program's own run, on its main thread, adds to it.
nonisolated(unsafe) private var keptUntilExit: [Any] = []

/// The world a command runs in: its standard streams and environment.
final class CommandContext {
  let stdin: ByteSource
  let stdout: ByteSink
  let stderr: ByteSink
  let environment: [String: String]
  /// True when standard error is a terminal, where progress is shown.
  let stderrIsTerminal: Bool
  /// True when the process exits as soon as the command returns (the `captionkit` program),
  /// so that memory the command is done with need not be given back first.
  let exitsAfterRun: Bool

  init(
    stdin: ByteSource, stdout: ByteSink, stderr: ByteSink, environment: [String: String],
    stderrIsTerminal: Bool = false, exitsAfterRun: Bool = false
  ) {
    self.stdin = stdin
    self.stdout = stdout
    self.stderr = stderr
    self.environment = environment
    self.stderrIsTerminal = stderrIsTerminal
    self.exitsAfterRun = exitsAfterRun
  }

  /// Takes a value the command is done with: when the process exits right after the
  /// command, it is kept until then, because freeing a large track or report (a release per
  /// cue or finding) would only delay the exit that gives all memory back at once; else it
  /// is freed now.
  func keepUntilExit<Value>(_ value: consuming Value) {
    guard exitsAfterRun else { return }
    keptUntilExit.append(value)
  }

}
