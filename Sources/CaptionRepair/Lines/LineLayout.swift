/// Lays the segments of a `BreakMap` out on lines of at most `width` half characters: a
/// stretch of text on the fewest lines, and among the layouts with that many the one whose
/// lines are most balanced and whose breaks are best; a text that needs more than `lines`
/// lines cut into parts that each fit.
struct LineLayout {
  let map: BreakMap
  /// The longest line, in half characters.
  let width: Int
  /// The most lines of a cue.
  let lines: Int

  /// What one more part costs, in the units of the balance cost: enough that a text is cut
  /// into the fewest parts unless that means cutting inside a phrase.
  static let partCost = 400.0

  /// What cutting at a boundary costs, besides the break's own penalty.
  static func cutCost(_ boundary: LineBreaker.Boundary) -> Double {
    switch boundary {
    case .speaker, .sentence: return 0
    case .phrase: return 150
    case .word: return 500
    }
  }

  /// The cost of a line of `halves` against the balanced length `target`: the square of the
  /// distance in characters, half as much again for a line above the last that is longer
  /// than the balanced length, so that two lines are bottom-heavy rather than top-heavy.
  static func balance(_ halves: Int, target: Double, isLast: Bool) -> Double {
    let distance = (Double(halves) - target) / 2
    let square = distance * distance
    return !isLast && distance > 0 ? 0.75 * square : 0.5 * square
  }

  /// The lines `segments` need when each line takes as many as fit (the fewest lines); nil
  /// when a segment is wider than a line.
  func fewestLines(_ segments: Range<Int>) -> Int? {
    guard let first = segments.first, map.widths[first] <= width else { return nil }
    var count = 1
    var current = map.widths[first]
    for segment in segments.dropFirst() {
      let point = map.points[segment - 1]
      let next = map.widths[segment]
      guard next <= width else { return nil }
      if point.forced {
        count += 1
        current = next
      } else if current + point.gap + next <= width {
        current += point.gap + next
      } else {
        count += 1
        current = next
      }
    }
    return count
  }

  /// The cheapest cut of all segments into consecutive parts of at most `lines` lines each:
  /// the ranges of segments of each part. Nil when a segment is wider than a line.
  func parts() -> [Range<Int>]? {
    let count = map.segments.count
    guard count > 0, map.widths.allSatisfy({ $0 <= width }) else { return nil }
    var cost = [Double](repeating: .infinity, count: count + 1)
    var from = [Int](repeating: -1, count: count + 1)
    cost[0] = 0
    let capacity = Double(max(width * lines, 1)) / 2
    for start in 0..<count where cost[start] < .infinity {
      var used = 1
      var current = map.widths[start]
      var halves = current
      var end = start + 1
      while true {
        let characters = Double(halves) / 2
        var total = cost[start] + Self.partCost + characters * characters / capacity
        if end < count {
          let point = map.points[end - 1]
          total += Self.cutCost(point.boundary) + point.penalty
        }
        if total < cost[end] {
          cost[end] = total
          from[end] = start
        }
        guard end < count else { break }
        let point = map.points[end - 1]
        let next = map.widths[end]
        if point.forced {
          used += 1
          current = next
        } else if current + point.gap + next <= width {
          current += point.gap + next
        } else {
          used += 1
          current = next
        }
        guard used <= lines else { break }
        halves += next
        end += 1
      }
    }
    var result: [Range<Int>] = []
    var end = count
    while end > 0 {
      let start = from[end]
      guard start >= 0 else { return nil }
      result.append(start..<end)
      end = start
    }
    return result.reversed()
  }

  /// The best layout of `segments` on the fewest lines: for each break point between them
  /// (`map.points[segments.lowerBound..<segments.upperBound - 1]`), true where the line
  /// breaks; and each line's width. Nil when a segment is wider than a line.
  func best(_ segments: Range<Int>) -> (breaks: [Bool], lineWidths: [Int])? {
    guard !segments.isEmpty else { return ([], [0]) }
    var breaks: [Bool] = []
    var lineWidths: [Int] = []
    // Blocks between forced breaks are laid out apart, each balanced on its own.
    var blockStart = segments.lowerBound
    for segment in segments.dropFirst() where map.points[segment - 1].forced {
      guard let block = best(block: blockStart..<segment) else { return nil }
      breaks += block.breaks + [true]
      lineWidths += block.lineWidths
      blockStart = segment
    }
    guard let block = best(block: blockStart..<segments.upperBound) else { return nil }
    breaks += block.breaks
    lineWidths += block.lineWidths
    return (breaks, lineWidths)
  }

  /// `best(_:)` of segments with no forced break between them.
  private func best(block segments: Range<Int>) -> (breaks: [Bool], lineWidths: [Int])? {
    guard let count = fewestLines(segments) else { return nil }
    let base = segments.lowerBound
    let size = segments.count
    var total = map.widths[base]
    for segment in segments.dropFirst() {
      total += map.points[segment - 1].gap + map.widths[segment]
    }
    if count == 1 { return ([Bool](repeating: false, count: size - 1), [total]) }
    let target = Double(total) / Double(count)
    // cost[end][used]: the cheapest layout of the first `end` segments on `used` lines, the
    // last of them ending with segment `end - 1`.
    var cost = [[Double]](
      repeating: [Double](repeating: .infinity, count: count + 1), count: size + 1)
    var from = [[Int]](repeating: [Int](repeating: -1, count: count + 1), count: size + 1)
    cost[0][0] = 0
    for end in 1...size {
      let isLast = end == size
      let penalty = isLast ? 0 : map.points[base + end - 1].penalty
      var halves = 0
      for start in stride(from: end - 1, through: 0, by: -1) {
        halves += map.widths[base + start]
        if start < end - 1 { halves += map.points[base + start].gap }
        if halves > width { break }
        let line = Self.balance(halves, target: target, isLast: isLast) + penalty
        for used in 1...count where cost[start][used - 1] < .infinity {
          let candidate = cost[start][used - 1] + line
          if candidate < cost[end][used] {
            cost[end][used] = candidate
            from[end][used] = start
          }
        }
      }
    }
    guard cost[size][count] < .infinity else { return nil }
    var breaks = [Bool](repeating: false, count: size - 1)
    var lineWidths: [Int] = []
    var end = size
    var used = count
    while end > 0 {
      let start = from[end][used]
      var halves = map.widths[base + start]
      for segment in start + 1..<end {
        halves += map.points[base + segment - 1].gap + map.widths[base + segment]
      }
      lineWidths.append(halves)
      if start > 0 { breaks[start - 1] = true }
      end = start
      used -= 1
    }
    return (breaks, lineWidths.reversed())
  }
}
