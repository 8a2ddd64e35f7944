/// The attribute list of an HLS tag (RFC 8216 section 4.2): comma-separated `NAME=value`
/// pairs, each value a quoted string, or a bare value (decimal integer or float, hexadecimal
/// sequence, resolution, or enumerated string), in the order written.
public struct HLSAttributeList: Sendable, Hashable {
  /// One attribute: its name, its value and the 1-based column where its name starts.
  public struct Attribute: Sendable, Hashable {
    public var name: String
    public var value: String
    /// True when the value was a quoted string (its quotes removed).
    public var isQuoted: Bool
    public var column: Int

    public init(name: String, value: String, isQuoted: Bool, column: Int) {
      self.name = name
      self.value = value
      self.isQuoted = isQuoted
      self.column = column
    }
  }

  /// The attributes in the order written (a repeated name included: a grammar error the
  /// parser reports).
  public var attributes: [Attribute]

  public init(attributes: [Attribute] = []) {
    self.attributes = attributes
  }

  /// The first attribute named `name`.
  public subscript(name: String) -> Attribute? {
    attributes.first { $0.name == name }
  }
}
