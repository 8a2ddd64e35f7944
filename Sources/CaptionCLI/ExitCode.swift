/// The exit codes of the command-line contract (sysexits values).
enum ExitCode {
  /// Success: no finding at or above `--fail-on`.
  static let success: Int32 = 0
  /// Findings at or above `--fail-on`.
  static let findings: Int32 = 1
  /// The command line is wrong.
  static let usage: Int32 = 64
  /// An input is not readable as its format.
  static let dataError: Int32 = 65
  /// An input is missing.
  static let noInput: Int32 = 66
  /// A needed system library is not available.
  static let unavailable: Int32 = 69
  /// A bug in captionkit.
  static let software: Int32 = 70
  /// An output cannot be written.
  static let cannotCreate: Int32 = 73
}
