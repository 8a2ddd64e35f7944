/// A unified diff of two texts by line, as `diff -u` prints it: what `fix --dry-run` shows.
///
/// Lines are matched by patience: lines that occur once in each text, in the same order,
/// anchor the match, and the stretches between anchors are matched by Myers' shortest edit
/// script. A stretch with no anchor and more than `maximumEdits` differences is shown as
/// removed and added whole: still a correct diff, made in bounded time.
public enum UnifiedDiff {
  /// The most differences matched line by line in one stretch without anchors.
  public static let maximumEdits = 2_000

  /// The diff of `old` and `new` with `context` lines around each change, headed by the
  /// two names; empty when the texts are the same.
  public static func make(
    old: String, new: String, oldName: String, newName: String, context: Int = 3
  ) -> String {
    let a = lines(of: old)
    let b = lines(of: new)
    // A line is compared with its break: a last line gaining one is a change.
    let operations = script(
      a.map { $0.endsWithBreak ? $0.text + "\n" : $0.text },
      b.map { $0.endsWithBreak ? $0.text + "\n" : $0.text })
    guard operations.contains(where: { $0 != .same }) else { return "" }
    var output = "--- \(oldName)\n+++ \(newName)\n"
    // Positions of every operation in both texts.
    var positions: [(old: Int, new: Int)] = []
    positions.reserveCapacity(operations.count)
    var i = 0
    var j = 0
    for operation in operations {
      positions.append((i, j))
      switch operation {
      case .same:
        i += 1
        j += 1
      case .remove: i += 1
      case .add: j += 1
      }
    }
    var index = 0
    while index < operations.count {
      guard let firstChange = operations[index...].firstIndex(where: { $0 != .same }) else {
        break
      }
      // A hunk runs from `context` lines before its first change to `context` lines after
      // its last, joining changes closer than twice the context.
      let start = max(index, firstChange - context)
      var end = firstChange
      var sameRun = 0
      var cursor = firstChange
      while cursor < operations.count {
        if operations[cursor] == .same {
          sameRun += 1
          if sameRun > 2 * context { break }
        } else {
          sameRun = 0
          end = cursor
        }
        cursor += 1
      }
      let stop = min(operations.count, end + context + 1)
      var oldCount = 0
      var newCount = 0
      var body = ""
      for k in start..<stop {
        let (p, q) = positions[k]
        switch operations[k] {
        case .same:
          oldCount += 1
          newCount += 1
          body += " " + a[p].text + "\n"
        case .remove:
          oldCount += 1
          body += "-" + a[p].text + "\n"
          if !a[p].endsWithBreak { body += "\\ No newline at end of file\n" }
        case .add:
          newCount += 1
          body += "+" + b[q].text + "\n"
          if !b[q].endsWithBreak { body += "\\ No newline at end of file\n" }
        }
      }
      let oldStart = oldCount == 0 ? positions[start].old : positions[start].old + 1
      let newStart = newCount == 0 ? positions[start].new : positions[start].new + 1
      output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n" + body
      index = stop
    }
    return output
  }

  private static func range(_ start: Int, _ count: Int) -> String {
    count == 1 ? "\(start)" : "\(start),\(count)"
  }

  /// One step of an edit script: a line kept, removed from the old text or added from the new.
  enum Operation: Equatable {
    case same, remove, add
  }

  /// The text's lines without their `\n`, and whether each ended with one. A line ending in
  /// `\r\n` keeps its `\r`, as `diff -u` shows it; a lone `\r` ends a line too.
  private static func lines(of text: String) -> [(text: String, endsWithBreak: Bool)] {
    var result: [(text: String, endsWithBreak: Bool)] = []
    var current = ""
    var scalars = text.unicodeScalars.makeIterator()
    var pending = scalars.next()
    while let scalar = pending {
      pending = scalars.next()
      if scalar == "\n" {
        result.append((current, true))
        current = ""
      } else if scalar == "\r" {
        if pending == "\n" { pending = scalars.next() }
        result.append((current + "\r", true))
        current = ""
      } else {
        current.unicodeScalars.append(scalar)
      }
    }
    if !current.isEmpty { result.append((current, false)) }
    return result
  }

  /// An edit script turning `a` into `b`.
  static func script(_ a: [String], _ b: [String]) -> [Operation] {
    var operations: [Operation] = []
    operations.reserveCapacity(max(a.count, b.count))
    patience(a, 0..<a.count, b, 0..<b.count, into: &operations)
    return operations
  }

  /// Matches `a[x]` with `b[y]`: common ends, then anchors of unique lines, then Myers.
  private static func patience(
    _ a: [String], _ x: Range<Int>, _ b: [String], _ y: Range<Int>,
    into operations: inout [Operation]
  ) {
    var lowA = x.lowerBound
    var lowB = y.lowerBound
    var highA = x.upperBound
    var highB = y.upperBound
    while lowA < highA, lowB < highB, a[lowA] == b[lowB] {
      operations.append(.same)
      lowA += 1
      lowB += 1
    }
    var tail = 0
    while highA > lowA, highB > lowB, a[highA - 1] == b[highB - 1] {
      highA -= 1
      highB -= 1
      tail += 1
    }
    let anchors = uniqueAnchors(a, lowA..<highA, b, lowB..<highB)
    if anchors.isEmpty {
      myers(a, lowA..<highA, b, lowB..<highB, into: &operations)
    } else {
      var i = lowA
      var j = lowB
      for (p, q) in anchors {
        patience(a, i..<p, b, j..<q, into: &operations)
        operations.append(.same)
        i = p + 1
        j = q + 1
      }
      patience(a, i..<highA, b, j..<highB, into: &operations)
    }
    operations.append(contentsOf: repeatElement(.same, count: tail))
  }

  /// Lines occurring exactly once in each stretch, as (index in a, index in b), reduced to
  /// the longest run in the same order in both.
  private static func uniqueAnchors(
    _ a: [String], _ x: Range<Int>, _ b: [String], _ y: Range<Int>
  ) -> [(Int, Int)] {
    guard !x.isEmpty, !y.isEmpty else { return [] }
    var counts: [String: (a: Int, b: Int, index: Int)] = [:]
    for i in x { counts[a[i], default: (0, 0, 0)].a += 1 }
    for j in y {
      if var entry = counts[b[j]] {
        entry.b += 1
        entry.index = j
        counts[b[j]] = entry
      }
    }
    var pairs: [(Int, Int)] = []
    for i in x {
      if let entry = counts[a[i]], entry.a == 1, entry.b == 1 { pairs.append((i, entry.index)) }
    }
    guard !pairs.isEmpty else { return [] }
    // Longest increasing subsequence of the b indices (patience sorting).
    var tops: [Int] = []  // index into pairs of the smallest top of each pile
    var previous = [Int](repeating: -1, count: pairs.count)
    for (k, pair) in pairs.enumerated() {
      var low = 0
      var high = tops.count
      while low < high {
        let middle = (low + high) / 2
        if pairs[tops[middle]].1 < pair.1 { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[k] = tops[low - 1] }
      if low == tops.count { tops.append(k) } else { tops[low] = k }
    }
    var result: [(Int, Int)] = []
    var k = tops.last ?? -1
    while k >= 0 {
      result.append(pairs[k])
      k = previous[k]
    }
    return result.reversed()
  }

  /// Myers' shortest edit script for `a[x]` and `b[y]`, or all removed then all added when
  /// it needs more than `maximumEdits` edits.
  private static func myers(
    _ a: [String], _ x: Range<Int>, _ b: [String], _ y: Range<Int>,
    into operations: inout [Operation]
  ) {
    let n = x.count
    let m = y.count
    if n == 0 || m == 0 {
      operations.append(contentsOf: repeatElement(.remove, count: n))
      operations.append(contentsOf: repeatElement(.add, count: m))
      return
    }
    let limit = min(n + m, maximumEdits)
    let offset = limit + 1
    var v = [Int](repeating: 0, count: 2 * limit + 3)
    var trace: [[Int]] = []
    var found = false
    search: for d in 0...limit {
      trace.append(v)
      for k in stride(from: -d, through: d, by: 2) {
        var i: Int
        if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
          i = v[offset + k + 1]
        } else {
          i = v[offset + k - 1] + 1
        }
        var j = i - k
        while i < n, j < m, a[x.lowerBound + i] == b[y.lowerBound + j] {
          i += 1
          j += 1
        }
        v[offset + k] = i
        if i >= n, j >= m {
          found = true
          break search
        }
      }
    }
    guard found else {
      operations.append(contentsOf: repeatElement(.remove, count: n))
      operations.append(contentsOf: repeatElement(.add, count: m))
      return
    }
    // Walk the trace back from (n, m).
    var reversed: [Operation] = []
    var i = n
    var j = m
    for d in stride(from: trace.count - 1, through: 0, by: -1) {
      let v = trace[d]
      let k = i - j
      let previousK: Int
      if d == 0 {
        previousK = 0
      } else if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
        previousK = k + 1
      } else {
        previousK = k - 1
      }
      let previousI = d == 0 ? 0 : v[offset + previousK]
      let previousJ = previousI - previousK
      while i > previousI, j > previousJ {
        reversed.append(.same)
        i -= 1
        j -= 1
      }
      if d > 0 {
        reversed.append(i == previousI ? .add : .remove)
        i = previousI
        j = previousJ
      }
    }
    operations.append(contentsOf: reversed.reversed())
  }
}
