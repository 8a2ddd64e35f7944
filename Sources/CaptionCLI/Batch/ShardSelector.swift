/// `--shard I/N`: keeps the inputs whose path hashes to shard `I` of `N` (0-based), so `N`
/// processes given the same paths cover every input exactly once.
struct ShardSelector: Equatable {
  var index: Int
  var count: Int

  init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Parses `I/N` with `0 <= I < N`.
  init(_ text: String) throws(UsageError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count > 0,
      index >= 0, index < count
    else {
      throw UsageError(
        "'--shard' takes I/N with 0 <= I < N, such as 0/4, not '\(text)'")
    }
    self.init(index: index, count: count)
  }

  /// True when `path` belongs to this shard.
  func contains(_ path: String) -> Bool {
    Int(Self.fnv1a(path) % UInt64(count)) == index
  }

  /// The 64-bit FNV-1a hash of the path's UTF-8 bytes: the same in every process and
  /// on every machine, unlike `hashValue`.
  static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}
