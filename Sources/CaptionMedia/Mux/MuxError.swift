/// A mux that cannot be done as asked, or an output that cannot be written.
public struct MuxError: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// The container cannot store a stream of the input or a codec asked for.
    case unsupported
    /// The output file cannot be created or written.
    case cannotWrite
  }

  public var kind: Kind
  /// The rule behind the refusal (`container.mp4-text-codec`), when there is one.
  public var rule: String?
  /// One lowercase phrase.
  public var message: String
  public var hint: String?

  public init(kind: Kind, rule: String? = nil, message: String, hint: String? = nil) {
    self.kind = kind
    self.rule = rule
    self.message = message
    self.hint = hint
  }

  public var description: String { message }
}
