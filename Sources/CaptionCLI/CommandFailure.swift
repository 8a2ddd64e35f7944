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
