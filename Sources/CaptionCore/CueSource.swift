/// The UTF-8 bytes of a source file, shared by the cues read from it: each cue keeps its text
/// as a range of them instead of a string of its own.
package final class CueSource: Sendable {
  /// Valid UTF-8.
  private let array: [UInt8]
  /// The syntax of the texts with markup; nil when every text is plain.
  package let syntax: (any CueTextMarkup)?

  package init(bytes: [UInt8], syntax: (any CueTextMarkup)?) {
    array = bytes
    self.syntax = syntax
  }

  /// How many bytes there are.
  package var count: Int { array.count }

  /// Calls `body` with the bytes.
  package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    try array.withUnsafeBufferPointer(body)
  }

  /// The text of `range`.
  func string(_ range: Range<Int>) -> String {
    withBytes { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
  }
}
