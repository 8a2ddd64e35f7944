/// Finds the name a user probably meant, by edit distance, for "did you mean" hints.
enum NearestName {
  /// The candidate closest to `given` ignoring case, when it is within a third of its length
  /// (at least 2 edits); nil when nothing is that close.
  static func find(_ given: String, among candidates: [String]) -> String? {
    let typed = Array(given.lowercased().utf8)
    guard !typed.isEmpty, typed.count <= 64 else { return nil }
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(typed, Array(candidate.lowercased().utf8))
      if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    guard let best else { return nil }
    let allowed = max(2, min(typed.count, best.name.utf8.count) / 3)
    return best.distance <= allowed ? best.name : nil
  }

  /// The Levenshtein distance (insertions, deletions, substitutions, and swaps of two
  /// neighbours) between two byte strings.
  static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }
}
