/// The UTF-8 bytes of a source file, shared by the cues read from it: each cue keeps its text
/// as a range of them instead of a string of its own.
package final class CueSource: Sendable {
  /// Valid UTF-8.
  package let bytes: [UInt8]
  /// The syntax of the texts with markup; nil when every text is plain.
  package let syntax: (any CueTextMarkup)?

  package init(bytes: [UInt8], syntax: (any CueTextMarkup)?) {
    self.bytes = bytes
    self.syntax = syntax
  }

  /// The text of `range`.
  func string(_ range: Range<Int>) -> String {
    bytes.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
    }
  }
}
