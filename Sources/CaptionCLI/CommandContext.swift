import CaptionKit

/// The world a command runs in: its standard streams and environment.
final class CommandContext {
  let stdin: ByteSource
  let stdout: ByteSink
  let stderr: ByteSink
  let environment: [String: String]
  /// True when standard error is a terminal, where progress is shown.
  let stderrIsTerminal: Bool

  init(
    stdin: ByteSource, stdout: ByteSink, stderr: ByteSink, environment: [String: String],
    stderrIsTerminal: Bool = false
  ) {
    self.stdin = stdin
    self.stdout = stdout
    self.stderr = stderr
    self.environment = environment
    self.stderrIsTerminal = stderrIsTerminal
  }

}
