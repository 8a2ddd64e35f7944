/// The UTF-8 bytes of a source file, shared by the cues read from it: each cue keeps its text
/// as a range of them instead of a string of its own. They are an array, or memory kept by
/// another owner (a file mapped into memory, `ExternalBytes`).
package final class CueSource: Sendable {
  /// Valid UTF-8, when the bytes are an array.
  private let array: [UInt8]
  /// The bytes, when another owner keeps them.
  private let external: ExternalBytes?
  /// The syntax of the texts with markup; nil when every text is plain.
  package let syntax: (any CueTextMarkup)?

  package init(bytes: [UInt8], syntax: (any CueTextMarkup)?) {
    array = bytes
    external = nil
    self.syntax = syntax
  }

  /// A source of the valid UTF-8 that `bytes` holds, kept until no cue uses them.
  package init(external bytes: ExternalBytes, syntax: (any CueTextMarkup)?) {
    array = []
    external = bytes
    self.syntax = syntax
  }

  private init(array: [UInt8], external: ExternalBytes?, syntax: (any CueTextMarkup)?) {
    self.array = array
    self.external = external
    self.syntax = syntax
  }

  /// How many bytes there are.
  package var count: Int { external?.buffer.count ?? array.count }

  /// Calls `body` with the bytes.
  package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    if let external { return try body(external.buffer) }
    return try array.withUnsafeBufferPointer(body)
  }

  /// Another source of the same bytes and syntax (for cues made on another thread, which
  /// then do not share one object's reference count).
  package func sibling() -> CueSource {
    CueSource(array: array, external: external, syntax: syntax)
  }

  /// The text of `range`.
  func string(_ range: Range<Int>) -> String {
    withBytes { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
  }
}

/// Bytes in memory that another owner keeps, such as a file mapped into memory: `release`
/// gives them back when the last user lets go of this object.
package final class ExternalBytes: @unchecked Sendable {
  package let buffer: UnsafeBufferPointer<UInt8>
  private let release: @Sendable () -> Void

  package init(_ buffer: UnsafeBufferPointer<UInt8>, release: @escaping @Sendable () -> Void) {
    self.buffer = buffer
    self.release = release
  }

  deinit { release() }
}
