import CaptionCore

/// Removes the text a caption repeats from the cue before it: the lines roll-up captions
/// carry up from one cue to the next (`A` / `A B` / `B C`), a cue repeated whole (overlapping
/// or duplicated cues), and the words a paint-on caption grows from (`HELLO` / `HELLO THERE`).
///
/// One filter per track; it keeps only the previous cue's lines, so it works as cues stream.
struct RepeatedLineFilter: Sendable {
  /// The most lines compared at the seam between two cues (roll-up uses up to four rows).
  static let maximumOverlap = 16

  /// A cue starting more than this after the previous cue ended repeats on purpose.
  var window: MediaTime
  private var previous: [[UInt8]] = []
  private var previousEnd: MediaTime?

  init(window: MediaTime) {
    self.window = window
  }

  /// The lines of a cue starting at `start` that are new, the repeated ones removed.
  mutating func newLines(_ lines: [VoicedLine], start: MediaTime, end: MediaTime)
    -> [VoicedLine]
  {
    var kept: [VoicedLine] = []
    var normalized: [[UInt8]] = []
    for line in lines {
      let bytes = Self.normalized(line.text)
      if bytes.isEmpty { continue }
      kept.append(line)
      normalized.append(bytes)
    }
    defer {
      previous = normalized
      previousEnd = end
    }
    guard let previousEnd, !previous.isEmpty, !normalized.isEmpty,
      start <= previousEnd + window
    else { return kept }
    if normalized == previous { return [] }
    let limit = min(Self.maximumOverlap, previous.count, normalized.count)
    var overlap = 0
    if limit > 0 {
      for count in stride(from: limit, through: 1, by: -1)
      where previous.suffix(count).elementsEqual(normalized.prefix(count)) {
        overlap = count
        break
      }
    }
    if overlap > 0 {
      kept.removeFirst(overlap)
      return kept
    }
    // Paint-on growth: the first line starts with the whole last line of the cue before.
    if let last = previous.last, let first = normalized.first, first.count > last.count,
      first[last.count] == 0x20, first.starts(with: last)
    {
      let words = last.split(separator: 0x20).count
      kept[0].text = Self.droppingWords(words, from: kept[0].text)
    }
    return kept
  }

  /// The bytes of `text` with ASCII white space trimmed and runs of it made one space.
  static func normalized(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var pendingSpace = false
    for byte in text.utf8 {
      if VoicedLine.isASCIIWhiteSpace(byte) {
        pendingSpace = !bytes.isEmpty
      } else {
        if pendingSpace { bytes.append(0x20) }
        pendingSpace = false
        bytes.append(byte)
      }
    }
    return bytes
  }

  /// `text` without its first `count` words (separated by ASCII white space).
  private static func droppingWords(_ count: Int, from text: String) -> String {
    var rest = Substring(text).utf8[...]
    for _ in 0..<count {
      rest = rest.drop(while: VoicedLine.isASCIIWhiteSpace)
      rest = rest.drop { !VoicedLine.isASCIIWhiteSpace($0) }
    }
    return String(Substring(rest.drop(while: VoicedLine.isASCIIWhiteSpace)))
  }
}
