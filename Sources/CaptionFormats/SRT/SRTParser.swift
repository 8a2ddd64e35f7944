import CaptionCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The state of reading one SRT file, line by line, in one pass over its UTF-8 bytes.
///
/// A cue starts at a timing line (a line that starts with a digit and holds `-->`), or at the
/// line before it when that line is all digits or follows a blank line (the counter). A
/// counter after a blank line followed by any line holding `-->` also starts a cue, whose
/// timing cannot be read: it is dropped with its text and reported. Every
/// other line is text: of the cue before it, even after a blank line, or, before the first
/// cue, text with no timing, which is dropped and reported.
struct SRTParser {
  private struct Line {
    var start: Int
    /// End of the content without trailing spaces and tabs.
    var end: Int
    /// End of the content with them, before the line terminator.
    var rawEnd: Int
    var next: Int
    var number: Int

    var isBlank: Bool { start == end }
    var location: SourceLocation { SourceLocation(line: number, column: 1, offset: start) }
    var trailingLocation: SourceLocation {
      SourceLocation(line: number, column: end - start + 1, offset: end)
    }
  }

  /// A text line of the cue being read; `joined` is where it starts in the cue text.
  private struct TextLine {
    var start: Int
    var end: Int
    var number: Int
    var joined: Int
  }

  private struct PendingCue {
    var id: String
    var start: MediaTime
    var end: MediaTime
    var location: SourceLocation
    var index: Int

    var reference: CueReference {
      CueReference(index: index, id: id.isEmpty ? nil : id, start: start, end: end)
    }

    /// What `current` holds while no cue is being read.
    static let none = PendingCue(
      id: "", start: .zero, end: .zero, location: SourceLocation(line: 0, column: 0, offset: 0),
      index: 0)
  }

  private struct Stray {
    var location: SourceLocation
    var excerpt: String
    var lines: Int
  }

  let path: String?
  /// The bytes being read, which cue texts are kept as ranges of.
  let source: CueSource
  /// The cues read.
  private(set) var cues: [Cue] = []
  private var diagnostics: [Diagnostic] = []
  /// The cue whose timing line was read last, while its text is read (`hasCurrent`). Kept in
  /// place rather than as an optional, which is copied and destroyed through the generic
  /// optional's value witnesses: twice a cue, a tenth of the parser's time.
  private var current = PendingCue.none
  private var hasCurrent = false
  private var textLines: [TextLine] = []
  private var scratch: [UInt8] = []
  /// What the last timing line read has that is not written the SRT way.
  private var timingIssues: [SRTTiming.Issue] = []
  private var dropping = false
  private var blankCount = 0
  private var firstBlank: SourceLocation?
  private var secondBlank: SourceLocation?
  private var stray: Stray?
  private var lastCounter: Int?
  private var sawBlock = false
  private var lastBlockWasCue = false
  /// The number of the last line read.
  private var lineNumber = 0
  /// True when the file has no carriage return: every line ends at a line feed, found with
  /// `memchr`.
  private var lineFeedsOnly = false

  init(source: CueSource, path: String?) {
    self.source = source
    self.path = path
  }

  /// The findings in the order of their place in the file.
  var sortedDiagnostics: [Diagnostic] {
    diagnostics.enumerated()
      .sorted {
        ($0.element.location?.offset ?? 0, $0.offset) < (
          $1.element.location?.offset ?? 0, $1.offset
        )
      }
      .map(\.element)
  }

  /// Reads every cue of `source`.
  mutating func parse() {
    source.withBytes { bytes in
      cues.reserveCapacity(SRTParser.estimatedCueCount(bytes))
      let position = start(bytes)
      lineFeedsOnly = LineScanner.holdsNoCarriageReturn(
        UnsafeBufferPointer(rebasing: bytes[position...]))
      parse(bytes, from: position)
    }
  }

  /// Where reading starts: after a second byte order mark (decoding removes only the first),
  /// which is reported; U+FEFF is text anywhere else.
  private mutating func start(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF else {
      return 0
    }
    warn(
      "second byte order mark at the start of the file removed",
      at: SourceLocation(line: 1, column: 1, offset: 0),
      hint: "save the file with one byte order mark")
    return 3
  }

  /// Reads the lines from `position` to the end of `bytes`, then ends the cue being read.
  private mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>, from position: Int) {
    var position = position
    var number = lineNumber
    defer { lineNumber = number }
    while position < bytes.count {
      number += 1
      let line = SRTParser.line(bytes, at: position, number: number, lineFeedsOnly: lineFeedsOnly)
      position = line.next
      if line.isBlank {
        if line.rawEnd > line.start {
          warn(
            "line of only spaces read as a blank line", at: line.location,
            hint: "remove the spaces")
        }
        blankCount += 1
        if blankCount == 1 { firstBlank = line.location }
        if blankCount == 2 { secondBlank = line.location }
        continue
      }
      let content = SRTParser.slice(bytes, line.start, line.end)
      if SRTParser.isTiming(content) {
        startCue(bytes, counter: nil, timing: line)
        continue
      }
      if position < bytes.count,
        SRTParser.isCounter(content) || blankCount > 0 || !sawBlock
      {
        let next = SRTParser.line(
          bytes, at: position, number: number + 1, lineFeedsOnly: lineFeedsOnly)
        let nextContent = SRTParser.slice(bytes, next.start, next.end)
        // A counter opening a block, then a line with an arrow: the block is a cue whose
        // timing cannot be read (`abc --> def`), dropped and reported, not text of the cue
        // before it.
        if SRTParser.isTiming(nextContent)
          || (SRTParser.isCounter(content) && (blankCount > 0 || !sawBlock)
            && SRTTiming.holdsArrow(nextContent))
        {
          position = next.next
          number += 1
          startCue(bytes, counter: line, timing: next)
          continue
        }
      }
      addText(bytes, line)
    }
    finishCue(bytes)
    reportStray()
  }

  /// The bytes `estimatedCueCount` looks at.
  private static let estimateSample = 65_536

  /// A cheap guess of the number of cues: arrows in the first 64 KiB, scaled to the file.
  private static func estimatedCueCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let fileSize = bytes.count
    let sample = min(bytes.count, estimateSample)
    guard sample > 0 else { return 0 }
    var arrows = 0
    var index = 2
    while index < sample {
      if bytes[index] == 0x3E, bytes[index - 1] == 0x2D, bytes[index - 2] == 0x2D { arrows += 1 }
      index += 1
    }
    return arrows * (fileSize / sample) + arrows
  }

  /// The line starting at `start`; `lineFeedsOnly` says that the bytes hold no carriage
  /// return, so that the line ends at the next line feed.
  @inline(__always)
  private static func line(
    _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, number: Int, lineFeedsOnly: Bool = false
  ) -> Line {
    let count = bytes.count
    if lineFeedsOnly {
      let rawEnd = LineScanner.lineFeed(in: bytes, from: start)
      let next = rawEnd < count ? rawEnd + 1 : count
      var end = rawEnd
      while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
      return Line(start: start, end: end, rawEnd: rawEnd, next: next, number: number)
    }
    var index = SRTParser.skip(bytes, from: start, unless: 0x0A, 0x0D)
    while index < count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
    let rawEnd = index
    var next = index
    if index < count {
      next =
        bytes[index] == 0x0D && index + 1 < count && bytes[index + 1] == 0x0A
        ? index + 2 : index + 1
    }
    var end = rawEnd
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    return Line(start: start, end: end, rawEnd: rawEnd, next: next, number: number)
  }

  /// The index of the first group of eight bytes from `index` on that may hold `first` or
  /// `second` (or of the last bytes, fewer than eight): the bytes before it hold neither.
  @inline(__always)
  private static func skip(
    _ bytes: UnsafeBufferPointer<UInt8>, from index: Int, unless first: UInt8, _ second: UInt8
  ) -> Int {
    guard let base = bytes.baseAddress else { return index }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let firsts = ones &* UInt64(first)
    let seconds = ones &* UInt64(second)
    var index = index
    while index + 8 <= bytes.count {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      let a = word ^ firsts
      let b = word ^ seconds
      if ((a &- ones) & ~a | (b &- ones) & ~b) & highs != 0 { break }
      index += 8
    }
    return index
  }

  private static func slice(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> UnsafeBufferPointer<UInt8>
  {
    UnsafeBufferPointer(rebasing: bytes[start..<end])
  }

  /// True when `content` is a timing line, readable or not (`SRTTiming.isCandidate`), or
  /// nearly one (`SRTNearTiming`).
  @inline(__always)
  private static func isTiming(_ content: UnsafeBufferPointer<UInt8>) -> Bool {
    SRTTiming.isCandidate(content) || SRTNearTiming(content) != nil
  }

  private static func isCounter(_ content: UnsafeBufferPointer<UInt8>) -> Bool {
    !content.isEmpty && content.allSatisfy(SRTTiming.isDigit)
  }

  private mutating func startCue(
    _ bytes: UnsafeBufferPointer<UInt8>, counter: Line?, timing timingLine: Line
  ) {
    finishCue(bytes)
    reportStray()
    let index = cues.count + 1
    var name: String { "cue \(index)" }
    var counterValue: Int?
    var counterText = ""
    if let counter {
      let content = SRTParser.slice(bytes, counter.start, counter.end)
      counterText = String(decoding: content, as: UTF8.self)
      if SRTParser.isCounter(content), content.count <= 18 {
        counterValue = content.reduce(0) { $0 * 10 + Int($1 - 0x30) }
      }
    }
    let previous = lastCounter
    let expected = (previous ?? 0) + 1
    lastCounter = counterValue ?? expected
    let timingContent = SRTParser.slice(bytes, timingLine.start, timingLine.end)
    if !timingIssues.isEmpty { timingIssues.removeAll(keepingCapacity: true) }
    let timingHint = "write the timing as hh:mm:ss,mmm --> hh:mm:ss,mmm"
    let times: (start: MediaTime, end: MediaTime)
    var nearly: SRTNearTiming?
    let timing = SRTTiming(timingContent, cue: index, issues: &timingIssues)
    let near = timing == nil ? SRTNearTiming(timingContent) : nil
    if let timing {
      times = (timing.start, timing.end)
    } else if let near, let read = near.times {
      times = read
      nearly = near
      timingIssues.removeAll(keepingCapacity: true)
    } else {
      let why = near.map { ": \($0.fault), which can be read more than one way" }
      error(
        "timing '\(SRTText.excerpt(timingContent))' cannot be read\(why ?? ""), the cue is dropped "
          + "with its text", at: timingLine.location, hint: timingHint, losesText: true)
      dropping = true
      sawBlock = true
      lastBlockWasCue = true
      blankCount = 0
      return
    }
    let first = counter ?? timingLine
    let pending = PendingCue(
      id: counterText, start: times.start, end: times.end, location: first.location,
      index: index)
    var cue: CueReference { pending.reference }
    if let nearly {
      error(
        "timing of \(name) is nearly right: \(nearly.fault); read as "
          + "\(times.start.timestamp(separator: ",")) --> \(times.end.timestamp(separator: ","))",
        at: SourceLocation(
          line: timingLine.number, column: nearly.column + 1,
          offset: timingLine.start + nearly.column), cue: cue, hint: timingHint)
    }
    if lastBlockWasCue && blankCount == 0 {
      warn(
        "missing blank line before \(name)", at: first.location, cue: cue,
        hint: "put a blank line between cues")
    } else if !sawBlock, blankCount > 0, let firstBlank {
      warn(
        "extra blank line before \(name)", at: firstBlank, cue: cue, hint: "remove the blank line")
    } else if blankCount > 1, let secondBlank {
      warn(
        "\(blankCount - 1) extra blank \(blankCount == 2 ? "line" : "lines") before \(name)",
        at: secondBlank, cue: cue, hint: "keep one blank line between cues")
    }
    if let counter {
      if counter.rawEnd > counter.end {
        warn(
          "trailing spaces after the counter of \(name)", at: counter.trailingLocation, cue: cue,
          hint: "remove the spaces")
      }
      let hint = "number cues 1, 2, 3 in order (captionkit convert renumbers them)"
      if let counterValue {
        if counterValue == previous {
          warn(
            "counter \(counterText) of \(name) repeats the previous counter", at: counter.location,
            cue: cue,
            hint: hint)
        } else if counterValue != expected {
          warn(
            "counter \(counterText) of \(name) is out of sequence, expected \(expected)",
            at: counter.location, cue: cue, hint: hint)
        }
      } else {
        warn(
          "counter '\(SRTText.excerpt(counterText))' of \(name) is not a number",
          at: counter.location, cue: cue, hint: hint)
      }
    } else {
      warn(
        "\(name) has no counter", at: timingLine.location, cue: cue,
        hint: "write the cue number on the line before the timing")
    }
    for issue in timingIssues {
      warn(
        issue.message,
        at: SourceLocation(
          line: timingLine.number, column: issue.column + 1,
          offset: timingLine.start + issue.column), cue: cue, hint: issue.hint)
    }
    if timingLine.rawEnd > timingLine.end {
      warn(
        "trailing spaces after the timing of \(name)", at: timingLine.trailingLocation, cue: cue,
        hint: "remove the spaces")
    }
    current = pending
    hasCurrent = true
    dropping = false
    sawBlock = true
    lastBlockWasCue = true
    blankCount = 0
  }

  private mutating func addText(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Line) {
    if hasCurrent {
      if blankCount > 0, let firstBlank {
        let what = blankCount == 1 ? "blank line" : "\(blankCount) blank lines"
        warn(
          "\(what) inside cue \(current.index) removed", at: firstBlank, cue: current.reference,
          hint: "a blank line ends an SRT cue; remove it")
      }
      let joined = textLines.last.map { $0.joined + $0.end - $0.start + 1 } ?? 0
      textLines.append(
        TextLine(start: line.start, end: line.rawEnd, number: line.number, joined: joined))
    } else if !dropping {
      if stray == nil {
        let excerpt = SRTText.excerpt(SRTParser.slice(bytes, line.start, line.end))
        stray = Stray(location: line.location, excerpt: excerpt, lines: 0)
      }
      stray?.lines += 1
      lastBlockWasCue = false
    }
    sawBlock = true
    blankCount = 0
  }

  private mutating func reportStray() {
    guard let stray else { return }
    self.stray = nil
    let message =
      stray.lines == 1
      ? "text '\(stray.excerpt)' has no timing, dropped"
      : "\(stray.lines) lines of text with no timing dropped, starting '\(stray.excerpt)'"
    error(
      message, at: stray.location, hint: "give the text a counter and a timing line",
      losesText: true)
  }

  private mutating func finishCue(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard hasCurrent else { return }
    hasCurrent = false
    let pending = current
    // The text is kept as a range of the file when its lines sit there joined by LF.
    var contiguous = true
    var index = 1
    while index < textLines.count {
      let previous = textLines[index - 1]
      if previous.end + 1 != textLines[index].start || bytes[previous.end] != 0x0A {
        contiguous = false
        break
      }
      index += 1
    }
    if contiguous {
      var range = 0..<0
      var hasMarkup = false
      var writtenForm = false
      // Handed over to the cue, not copied: a copy goes through the optional's generic value
      // witness.
      let settings: CueSettings?
      if let first = textLines.first, let last = textLines.last {
        range = first.start..<last.end
        let content = SRTParser.slice(bytes, range.lowerBound, range.upperBound)
        hasMarkup = SRTParser.hasMarkup(content)
        if !hasMarkup {
          settings = nil
        } else if let clean = SRTMarkup.cleanSettings(content) {
          settings = clean
          writtenForm = true
        } else {
          settings = markup(content, pending)
        }
      } else {
        settings = nil
      }
      store(
        Cue(
          id: pending.id, start: pending.start, end: pending.end, settings: consume settings,
          source: source, range: range, hasMarkup: hasMarkup, writtenForm: writtenForm,
          location: pending.location))
      clearTextLines()
      return
    }
    var hasMarkup = false
    var settings: CueSettings?
    scratch.removeAll(keepingCapacity: true)
    for (position, line) in textLines.enumerated() {
      if position > 0 { scratch.append(0x0A) }
      let content = SRTParser.slice(bytes, line.start, line.end)
      if !hasMarkup { hasMarkup = SRTParser.hasMarkup(content) }
      scratch.append(contentsOf: content)
    }
    let rawText = String(decoding: scratch, as: UTF8.self)
    if hasMarkup {
      var joined: [UInt8] = []
      swap(&joined, &scratch)
      settings = joined.withUnsafeBufferPointer { markup($0, pending) }
      swap(&joined, &scratch)
    }
    // Text with markup is kept as written; its tree is built when asked for.
    let text =
      hasMarkup
      ? CueText(markup: rawText, syntax: SRTCueTextMarkup.shared) : CueText(plain: rawText)
    clearTextLines()
    store(
      Cue(
        id: pending.id, start: pending.start, end: pending.end, settings: settings ?? .default,
        text: text, rawText: rawText, location: pending.location))
  }

  /// Keeps a cue read, taken rather than copied.
  @inline(__always)
  private mutating func store(_ cue: consuming Cue) {
    cues.append(cue)
  }

  /// Empties `textLines`, keeping its storage: a cue has a line or two, dropped one by one
  /// faster than a general removal.
  private mutating func clearTextLines() {
    while !textLines.isEmpty { textLines.removeLast() }
  }

  private static func hasMarkup(_ content: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = content.baseAddress else { return false }
    return memchr(base, 0x3C, content.count) != nil || memchr(base, 0x7B, content.count) != nil
      || memchr(base, 0x5C, content.count) != nil
  }

  private mutating func markup(_ content: UnsafeBufferPointer<UInt8>, _ pending: PendingCue)
    -> CueSettings
  {
    if let settings = SRTMarkup.cleanSettings(content) { return settings }
    let markup = SRTMarkup(content, cue: "cue \(pending.index)")
    for issue in markup.issues {
      warn(
        issue.message, at: textLocation(issue.offset), cue: pending.reference, hint: issue.hint)
    }
    return markup.settings
  }

  /// The place in the file of byte `offset` of the cue text being read.
  private func textLocation(_ offset: Int) -> SourceLocation {
    var low = 0
    var high = textLines.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if textLines[middle].joined <= offset { low = middle } else { high = middle - 1 }
    }
    let line = textLines[low]
    let column = offset - line.joined
    return SourceLocation(line: line.number, column: column + 1, offset: line.start + column)
  }

  private mutating func warn(
    _ message: String, at location: SourceLocation, cue: CueReference? = nil, hint: String?
  ) {
    diagnostics.append(
      Diagnostic(
        rule: SRTReader.rule, severity: .warning, message: message, file: path,
        location: location, cue: cue, hint: hint))
  }

  private mutating func error(
    _ message: String, at location: SourceLocation, cue: CueReference? = nil, hint: String?,
    losesText: Bool = false
  ) {
    diagnostics.append(
      Diagnostic(
        rule: SRTReader.rule, severity: .error, message: message, file: path,
        location: location, cue: cue, hint: hint, losesText: losesText))
  }

}
