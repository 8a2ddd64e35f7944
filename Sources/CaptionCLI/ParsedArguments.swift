/// The arguments of one command line, sorted by the command's configuration.
struct ParsedArguments: Sendable {
  /// The values of each option given, by long name, in the order given.
  var options: [String: [String]] = [:]
  /// The flags given, by long name.
  var flags: Set<String> = []
  var positionals: [String] = []
  /// True when `-h` or `--help` was given.
  var helpRequested = false

  /// The value of an option given at most once.
  func value(_ long: String) -> String? { options[long]?.last }

  func values(_ long: String) -> [String] { options[long] ?? [] }

  func flag(_ long: String) -> Bool { flags.contains(long) }
}
