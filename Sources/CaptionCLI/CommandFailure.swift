/// A command that cannot finish: a one-line reason and the exit code that classifies it.
struct CommandFailure: Error, Equatable {
  var exitCode: Int32
  var message: String
  var hint: String?

  init(_ exitCode: Int32, _ message: String, hint: String? = nil) {
    self.exitCode = exitCode
    self.message = message
    self.hint = hint
  }
}

extension CommandFailure {
  /// Standard output refused the command's output (a closed pipe, a full disk).
  static func standardOutput(_ failure: WriteFailure) -> CommandFailure {
    CommandFailure(ExitCode.cannotCreate, "cannot write to standard output: \(failure.reason)")
  }
}
