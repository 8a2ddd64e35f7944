/// Why a configuration file cannot be used: one phrase naming the key and the value.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  /// Line and column, for JSON syntax errors.
  public var line: Int?
  public var column: Int?

  public init(_ message: String, line: Int? = nil, column: Int? = nil) {
    self.message = message
    self.line = line
    self.column = column
  }

  public var description: String {
    guard let line, let column else { return message }
    return "\(line):\(column): \(message)"
  }
}
