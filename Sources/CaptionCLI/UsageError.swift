/// A mistake in the command line: printed with the command's usage line, exit 64.
struct UsageError: Error, Equatable {
  var message: String
  var hint: String?

  init(_ message: String, hint: String? = nil) {
    self.message = message
    self.hint = hint
  }

  /// A usage error that suggests the candidate nearest to `given`, when one is near.
  init(_ message: String, given: String, candidates: [String]) {
    self.message = message
    self.hint = NearestName.find(given, among: candidates).map { "did you mean '\($0)'?" }
  }
}
