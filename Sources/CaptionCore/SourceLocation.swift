/// A position in a source file.
///
/// `line` and `column` are 1-based; the column counts UTF-8 bytes from the start of the line,
/// as compilers and editors expect. `offset` is the 0-based byte offset from the start of the
/// decoded text (after any byte order mark; for a file in a legacy encoding, of its UTF-8 form).
public struct SourceLocation: Sendable, Hashable, Comparable {
  public var line: Int
  public var column: Int
  public var offset: Int

  public init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column, lhs.offset) < (rhs.line, rhs.column, rhs.offset)
  }

  /// True when place `a` sorts before place `b`, no place first: the order of findings.
  package static func precedes(_ a: SourceLocation?, _ b: SourceLocation?) -> Bool {
    switch (a, b) {
    case (nil, nil): return false
    case (nil, _): return true
    case (_, nil): return false
    case (let x?, let y?): return x < y
    }
  }
}
