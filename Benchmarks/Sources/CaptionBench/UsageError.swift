/// A mistake in how the benchmark was invoked.
public struct UsageError: Error, CustomStringConvertible {
  public var message: String

  public init(message: String) {
    self.message = message
  }

  public var description: String { message }
}
