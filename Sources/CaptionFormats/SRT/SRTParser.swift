import CaptionCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The state of reading one SRT file, line by line, in one pass over its UTF-8 bytes.
///
/// A cue starts at a timing line (a line that starts with a digit and holds `-->`), or at the
/// line before it when that line is all digits or follows a blank line (the counter). Every
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
  /// The cues read; when reading into a `region`, those that did not fit there.
  private(set) var cues: [Cue] = []
  /// Where the cues are made while the file is read in two parts (see `parse(threads:)`):
  /// they go there first, and to `cues` when it is full.
  private var region = CueRegion()
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
  /// The number of cues of the file before the first this reading makes (`stream`).
  private var indexBase = 0
  /// True when the file was read in parts (`parse(threads:)`) and every part was kept.
  private(set) var readInParts = false
  /// True when a file read as it loaded turned out not to be UTF-8, or ended early: nothing
  /// read is kept (`parse(threads:loading:)`).
  private(set) var abandoned = false
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
      parseInOnePass(bytes, from: start(bytes))
    }
  }

  /// Reads the lines from `position` to the end of `bytes` in one pass, finding them with
  /// `memchr` when those bytes hold no carriage return.
  private mutating func parseInOnePass(_ bytes: UnsafeBufferPointer<UInt8>, from position: Int) {
    lineFeedsOnly = LineScanner.holdsNoCarriageReturn(
      UnsafeBufferPointer(rebasing: bytes[position...]))
    parse(bytes, from: position)
  }

  /// Reads every cue of `source`; with `threads` > 1, a large file in parts, two at a time.
  ///
  /// Each part after the first starts at a cue that follows one blank line, and is read as if
  /// the cues before it ended there in sequence; the two threads take the parts in turn, so
  /// that neither waits long for the other. A part is kept when the parts before it end in
  /// just that state and it has nothing to report: then one pass would have read the same
  /// cues. At the first part that is not, the reading goes on from its start to the end of
  /// the file in one pass, as one pass does. `parts` is how many to cut the file into (nil:
  /// one for every `partSize` bytes, from 2 to 8).
  ///
  /// With `loading`, `source` holds the bytes of a file still being read: each part is read
  /// as soon as its bytes are loaded, once they are found to be UTF-8. When they are not, or
  /// the file ends early, the reading is `abandoned`.
  mutating func parse(
    threads: Int, twoPartSize: Int = CaptionFileReader.twoPartSize,
    partSize: Int = CaptionFileReader.partSize, parts: Int? = nil, loading: FileLoading? = nil
  ) {
    let size = source.count
    guard threads > 1, size >= twoPartSize else {
      if let loading {
        let loaded = loading.load(upTo: size)
        let valid = source.withBytes {
          UTF8Validation.scan(UnsafeBufferPointer(rebasing: $0[..<loaded])) == nil
        }
        guard loaded == size, valid else {
          abandoned = true
          return
        }
      }
      parse()
      return
    }
    source.withBytes { bytes in
      let sampled = min(loading?.load(upTo: Self.estimateSample) ?? size, Self.estimateSample)
      guard sampled == min(size, Self.estimateSample) else {
        abandoned = true
        return
      }
      let estimate = SRTParser.estimatedCueCount(
        UnsafeBufferPointer(rebasing: bytes[..<sampled]), fileSize: size)
      let position = start(bytes)
      let wanted = max(2, parts ?? min(8, size / max(1, partSize)))
      // The cues of every part are made straight into the storage of one array, reserved for
      // the whole file: the first part's from its start, each later part's from the place its
      // first counter gives it. When the parts before it end there, a part's cues are kept as
      // they lie, with no copy; else they are moved down next to them.
      let capacity = estimate + estimate / 8 + 16
      nonisolated(unsafe) let whole = bytes
      let plan = PartPlan(
        bytes: whole, position: position, wanted: wanted, capacity: capacity, loading: loading)
      let (source, path, diagnostics) = (self.source, self.path, self.diagnostics)
      let template = SRTParser(source: source, path: path)
      var allKept = true
      var abandoned = false
      let made = [Cue](unsafeUninitializedCapacity: capacity) { storage, initialized in
        initialized = 0
        guard let base = storage.baseAddress else {
          parseInOnePass(bytes, from: position)
          return
        }
        nonisolated(unsafe) let storageBase = base
        var kept = 0
        var consumed = 0
        var stopped: Int?
        OrderedParallelMap.run(blocks: wanted, threads: threads, window: wanted) {
          index -> PartOutcome in
          guard let part = plan.part(index) else { return .none }
          if let loading {
            let from = index == 0 ? 0 : part.first
            guard loading.load(upTo: part.end) >= part.end,
              UTF8Validation.scan(UnsafeBufferPointer(rebasing: whole[from..<part.end])) == nil
            else {
              plan.abandon()
              return .abandoned
            }
          }
          // A later part's cues keep the same bytes through a source of their own.
          var parser = index == 0 ? template : template.sibling()
          parser.region = CueRegion(storageBase + part.place, capacity: part.room)
          // Each part looks for carriage returns in its own bytes, on its own thread.
          parser.lineFeedsOnly = LineScanner.holdsNoCarriageReturn(
            UnsafeBufferPointer(rebasing: whole[part.first..<part.end]))
          if index > 0 { parser.assumeCuesBefore(counter: part.counter) }
          parser.parse(UnsafeBufferPointer(rebasing: whole[..<part.end]), from: part.first)
          return .read(parser, part)
        } consume: { (outcome: PartOutcome) in
          let index = consumed
          consumed += 1
          guard case .read(let parser, let part) = outcome else {
            if case .abandoned = outcome { abandoned = true }
            return
          }
          let count = parser.region.count
          if abandoned {
            (base + part.place).deinitialize(count: count)
            return
          }
          if index == 0 {
            // The first part: its state is this reading's.
            self = parser
            self.diagnostics = diagnostics + parser.diagnostics
            kept = count
            return
          }
          if stopped == nil, parser.diagnostics.isEmpty, parser.cues.isEmpty, cues.isEmpty,
            lastCounter == part.counter - 1, blankCount == 1, sawBlock,
            !hasCurrent, stray == nil, textLines.isEmpty
          {
            if kept < part.place {
              (base + kept).moveInitialize(from: base + part.place, count: count)
            }
            for cue in kept..<kept + count { base[cue].moveDown(lines: lineNumber) }
            kept += count
            continueAfter(parser)
          } else {
            if stopped == nil { stopped = part.first }
            (base + part.place).deinitialize(count: count)
          }
        }
        if let stopped, !abandoned {
          // The reading goes on from the part not kept, through the rest of the file, in
          // the room left when no cue has been kept outside the storage so far.
          allKept = false
          region = CueRegion(base, capacity: cues.isEmpty ? capacity : kept, count: kept)
          parseInOnePass(bytes, from: stopped)
          initialized = region.count
        } else {
          initialized = kept
        }
        region = CueRegion()
      }
      if abandoned {
        self.abandoned = true
        return
      }
      // Cues that did not fit in the storage come after it.
      let rest = cues
      cues = made
      cues += rest
      readInParts = allKept
    }
  }

  /// Reads every cue of `source` in parts on `threads` threads (2), as `parse(threads:)` does,
  /// but hands each part's cues to `handle` as soon as they are known to be what one pass
  /// would read, and keeps none: `consume` gets what `handle` made of each part, in the order
  /// of the file, on this thread; `handle` runs on either thread.
  ///
  /// Each part is first read as if the cues before it ended there in sequence; it is kept
  /// when the parts before it end in just that state and it has nothing to report. Else it
  /// is read again from the state they end in, as one pass goes on through it, before the
  /// part after it is looked at. Returns the number of cues read.
  @discardableResult
  mutating func stream<Output>(
    threads: Int, partSize: Int = CaptionFileReader.streamPartSize, parts: Int? = nil,
    handle: @escaping @Sendable (CueRun) -> Output, consume: (Output) -> Void
  ) -> Int {
    let size = source.count
    return source.withBytes { bytes -> Int in
      let sampled = min(size, Self.estimateSample)
      let estimate = SRTParser.estimatedCueCount(
        UnsafeBufferPointer(rebasing: bytes[..<sampled]), fileSize: size)
      let position = start(bytes)
      let wanted = max(2, parts ?? size / max(1, partSize))
      nonisolated(unsafe) let whole = bytes
      let plan = PartPlan(
        bytes: whole, position: position, wanted: wanted, capacity: estimate, loading: nil)
      let chain = PartChain(count: wanted)
      let first = self
      var count = 0
      OrderedParallelMap.run(blocks: wanted, threads: threads, window: 8) { index -> Output? in
        guard let part = plan.part(index) else {
          chain.publish(index, nil)
          return nil
        }
        let bytes = UnsafeBufferPointer(rebasing: whole[part.first..<part.end])
        let noCarriageReturn = LineScanner.holdsNoCarriageReturn(bytes)
        // Room for the part's cues, at the file's rate of cues per byte.
        let room = Int(Double(estimate) * Double(bytes.count) / Double(max(1, size)) * 1.125) + 16
        // The part read by `parser`, set to start in some state.
        func read(_ parser: SRTParser, from state: (inout SRTParser) -> Void) -> SRTParser {
          var parser = parser
          parser.cues.reserveCapacity(room)
          parser.lineFeedsOnly = noCarriageReturn
          state(&parser)
          parser.parse(UnsafeBufferPointer(rebasing: whole[..<part.end]), from: part.first)
          return parser
        }
        var parser = read(index == 0 ? first : first.sibling()) {
          if index > 0 { $0.assumeCuesBefore(counter: part.counter) }
        }
        let before = index == 0 ? nil : chain.end(of: index - 1)
        var linesBefore = 0
        if let before {
          if parser.diagnostics.isEmpty, before.lastCounter == part.counter - 1,
            before.blankCount == 1, before.sawBlock
          {
            // One pass would have read the same cues: their lines are counted after the
            // parts before.
            linesBefore = before.lineNumber
          } else {
            parser = read(first.sibling()) { $0.continueFrom(before) }
          }
        }
        var cues = parser.cues
        parser.cues = []
        if linesBefore > 0 {
          for cue in cues.indices { cues[cue].moveDown(lines: linesBefore) }
        }
        chain.publish(
          index, PartEnd(after: before, reading: parser, linesBefore: linesBefore, cues: cues))
        return handle(
          CueRun(
            cues: cues, range: cues.indices, base: before?.cueCount ?? 0,
            diagnostics: parser.sortedDiagnostics, previous: before?.previous,
            latestEnd: before?.latestEnd, isFirst: index == 0))
      } consume: { (output: Output?) in
        if let output { consume(output) }
      }
      for index in stride(from: wanted - 1, through: 0, by: -1) {
        if let end = chain.end(of: index) {
          count = end.cueCount
          break
        }
      }
      return count
    }
  }

  /// A new reading of the same bytes through a `CueSource` of its own: every cue made takes
  /// a reference to its source, and one source shared by two threads would have them contend
  /// for its count.
  private func sibling() -> SRTParser {
    SRTParser(source: source.sibling(), path: path)
  }

  /// Reads as if the cues before had ended in sequence just before the counter `counter`,
  /// after one blank line: how a later part is first read.
  private mutating func assumeCuesBefore(counter: Int) {
    lastCounter = counter - 1
    sawBlock = true
    lastBlockWasCue = true
    blankCount = 1
  }

  /// Takes on the state the parts of a file end in, to read the next part as one pass goes
  /// on through it (its lines and cues counted after theirs).
  private mutating func continueFrom(_ end: PartEnd) {
    lastCounter = end.lastCounter
    blankCount = end.blankCount
    firstBlank = end.firstBlank
    secondBlank = end.secondBlank
    sawBlock = end.sawBlock
    lastBlockWasCue = end.lastBlockWasCue
    dropping = end.dropping
    lineNumber = end.lineNumber
    indexBase = end.cueCount
  }

  /// The state the parts of a streamed file end in, up to and with a part: what the next
  /// part needs to go on from it.
  private struct PartEnd: Sendable {
    var lastCounter: Int?
    var blankCount: Int
    var firstBlank: SourceLocation?
    var secondBlank: SourceLocation?
    var sawBlock: Bool
    var lastBlockWasCue: Bool
    var dropping: Bool
    /// Lines and cues up to the end of the part.
    var lineNumber: Int
    var cueCount: Int
    /// The last cue, and the one that ends last (the first of those that end last).
    var previous: (index: Int, start: MediaTime, end: MediaTime)?
    var latestEnd: (index: Int, end: MediaTime)?

    /// The state after a part read by `part`, its lines counted after `linesBefore` more,
    /// with `cues` (its cues, their lines counted in the file), after the parts that end in
    /// `before`.
    init(after before: PartEnd?, reading part: SRTParser, linesBefore lines: Int, cues: [Cue]) {
      func moved(_ location: SourceLocation?) -> SourceLocation? {
        location.map {
          SourceLocation(line: $0.line + lines, column: $0.column, offset: $0.offset)
        }
      }
      lastCounter = part.lastCounter
      blankCount = part.blankCount
      firstBlank = moved(part.firstBlank)
      secondBlank = moved(part.secondBlank)
      sawBlock = part.sawBlock
      lastBlockWasCue = part.lastBlockWasCue
      dropping = part.dropping
      lineNumber = lines + part.lineNumber
      let base = before?.cueCount ?? 0
      cueCount = base + cues.count
      previous = before?.previous
      latestEnd = before?.latestEnd
      for (offset, cue) in cues.enumerated() {
        if latestEnd.map({ cue.end > $0.end }) ?? true { latestEnd = (base + offset + 1, cue.end) }
      }
      if let last = cues.last { previous = (cueCount, last.start, last.end) }
    }
  }

  /// The end states of the parts of a streamed file, published by the thread that read each
  /// part and awaited by the thread reading the next.
  private final class PartChain: @unchecked Sendable {
    private let lock = ConditionLock()
    /// Guarded by `lock`: for each part, whether it is known, and its end state when kept.
    private var known: [Bool]
    private var ends: [PartEnd?]

    init(count: Int) {
      known = Array(repeating: false, count: count)
      ends = Array(repeating: nil, count: count)
    }

    /// Makes the end state of part `index` known: nil when it is not kept, or not there.
    func publish(_ index: Int, _ end: PartEnd?) {
      lock.lock()
      ends[index] = end
      known[index] = true
      lock.broadcast()
      lock.unlock()
    }

    /// The end state of part `index` once known; nil when it was not kept.
    func end(of index: Int) -> PartEnd? {
      lock.lock()
      defer { lock.unlock() }
      while !known[index] { lock.wait(turning: OrderedParallelMap.turning) }
      return ends[index]
    }
  }

  /// What reading one part of a file read in parts gives.
  private enum PartOutcome {
    /// The part's reading, and where it lies.
    case read(SRTParser, PartPlan.Part)
    /// No such part: the file has fewer.
    case none
    /// The part's bytes are not UTF-8, or the file ended before them.
    case abandoned
  }

  /// Where the parts of a file read in parts start and end, and where their cues go, each
  /// found when a thread first asks for it (of a file still loading, once the bytes around
  /// its start are there).
  private final class PartPlan: @unchecked Sendable {
    struct Part {
      /// Where the part's first line starts, and where the part ends.
      var first: Int
      var end: Int
      /// Where its cues go in the storage, and how many fit there.
      var place: Int
      var room: Int
      /// The counter of its first cue (0 for the first part).
      var counter: Int
    }

    private nonisolated(unsafe) let bytes: UnsafeBufferPointer<UInt8>
    private let position: Int
    private let wanted: Int
    private let capacity: Int
    private let loading: FileLoading?
    private let lock = ConditionLock()
    /// Guarded by `lock`: the first line, counter and storage place of each part found, the
    /// first part's first; true once no more parts are to be found, or once the reading is
    /// abandoned.
    private var firsts: [Int]
    private var counters = [0]
    private var places = [0]
    private var complete = false
    private var abandoned = false

    init(
      bytes: UnsafeBufferPointer<UInt8>, position: Int, wanted: Int, capacity: Int,
      loading: FileLoading?
    ) {
      self.bytes = bytes
      self.position = position
      self.wanted = wanted
      self.capacity = capacity
      self.loading = loading
      firsts = [position]
    }

    /// The part at `index`; nil when the file has fewer parts, or the reading is abandoned.
    func part(_ index: Int) -> Part? {
      lock.lock()
      defer { lock.unlock() }
      while firsts.count <= index + 1, !complete { findNext() }
      guard !abandoned, index < firsts.count else { return nil }
      let last = index + 1 == firsts.count
      let room = (last ? capacity : places[index + 1]) - places[index]
      return Part(
        first: firsts[index], end: last ? bytes.count : firsts[index + 1],
        place: places[index], room: room, counter: counters[index])
    }

    /// Stops the reading: no part is given from now on.
    func abandon() {
      lock.lock()
      abandoned = true
      complete = true
      lock.unlock()
    }

    /// Finds where the next part starts, with the lock held.
    private func findNext() {
      let part = firsts.count
      let from = max(position, bytes.count / wanted * part, part > 1 ? firsts[part - 1] + 1 : 0)
      guard part < wanted, from < bytes.count, let split = search(from: from) else {
        complete = true
        return
      }
      firsts.append(split.offset)
      counters.append(split.counter)
      places.append(min(max(split.counter - 1, places[places.count - 1]), capacity))
    }

    /// Where a later part may start from `from` on (`laterPart`), looked for in the bytes
    /// loaded: up to the last line feed among them, as many more as needed.
    private func search(from: Int) -> (offset: Int, counter: Int)? {
      guard let loading else { return SRTParser.laterPart(bytes, from: from) }
      var window = loading.searchWindow
      while true {
        let loaded = loading.load(upTo: from + window)
        if loaded == bytes.count { return SRTParser.laterPart(bytes, from: from) }
        // Lines that end before the bytes loaded end read as they do in the whole file.
        var end = loaded
        while end > from, bytes[end - 1] != 0x0A { end -= 1 }
        if end > from,
          let found = SRTParser.laterPart(UnsafeBufferPointer(rebasing: bytes[..<end]), from: from)
        {
          return found
        }
        if loaded < from + window {
          // The file ended early: the reading is abandoned when a part reaches there.
          return nil
        }
        window *= 4
      }
    }
  }

  /// Takes on the state a later part, kept, ends in, with its lines counted after this
  /// reading's.
  private mutating func continueAfter(_ part: SRTParser) {
    continueFrom(PartEnd(after: nil, reading: part, linesBefore: lineNumber, cues: []))
  }

  /// Where a later part of the file may start, from `start` on: a counter line (a number
  /// that fits 18 digits) after exactly one empty line, followed by a timing line; the offset
  /// of the counter line and the counter. Nil when there is none.
  private static func laterPart(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int)
    -> (offset: Int, counter: Int)?
  {
    var value = 0
    let found = LineScanner.lineAfterOneEmptyLine(in: bytes, from: start) { index in
      // A line of spaces before the empty line reads as a blank line too: the part would
      // then start after two, and what is reported about them lies in the part before.
      guard hasContentBeforeEmptyLine(bytes, before: index) else { return false }
      let counter = line(bytes, at: index, number: 0)
      let digits = slice(bytes, counter.start, counter.rawEnd)
      guard counter.next < bytes.count, isCounter(digits), digits.count <= 18 else {
        return false
      }
      let timing = line(bytes, at: counter.next, number: 0)
      guard SRTTiming.isCandidate(slice(bytes, timing.start, timing.end)) else { return false }
      value = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
      return true
    }
    return found.map { ($0, value) }
  }

  /// True when the line before the empty line that ends just before `index` (found by
  /// `LineScanner.lineAfterOneEmptyLine`) holds more than spaces and tabs.
  private static func hasContentBeforeEmptyLine(
    _ bytes: UnsafeBufferPointer<UInt8>, before index: Int
  ) -> Bool {
    // The end of that line's content: before its LF, or its CRLF.
    var position = bytes[index - 2] == 0x0D ? index - 4 : index - 2
    while position > 0 {
      position -= 1
      switch bytes[position] {
      case 0x0A, 0x0D: return false
      case 0x20, 0x09: continue
      default: return true
      }
    }
    return false
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
      if SRTTiming.isCandidate(content) {
        startCue(bytes, counter: nil, timing: line)
        continue
      }
      if position < bytes.count,
        SRTParser.isCounter(content) || blankCount > 0 || !sawBlock
      {
        let next = SRTParser.line(
          bytes, at: position, number: number + 1, lineFeedsOnly: lineFeedsOnly)
        if SRTTiming.isCandidate(SRTParser.slice(bytes, next.start, next.end)) {
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
    estimatedCueCount(bytes, fileSize: bytes.count)
  }

  /// The guess of `estimatedCueCount(_:)` for a file of `fileSize` bytes, of which `bytes`
  /// holds at least the first 64 KiB (or all).
  private static func estimatedCueCount(_ bytes: UnsafeBufferPointer<UInt8>, fileSize: Int)
    -> Int
  {
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

  private static func isCounter(_ content: UnsafeBufferPointer<UInt8>) -> Bool {
    !content.isEmpty && content.allSatisfy(SRTTiming.isDigit)
  }

  private mutating func startCue(
    _ bytes: UnsafeBufferPointer<UInt8>, counter: Line?, timing timingLine: Line
  ) {
    finishCue(bytes)
    reportStray()
    let index = indexBase + region.count + cues.count + 1
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
    guard let timing = SRTTiming(timingContent, cue: index, issues: &timingIssues) else {
      error(
        "timing '\(SRTText.excerpt(timingContent))' cannot be read, the cue is dropped with its text",
        at: timingLine.location, hint: "write the timing as hh:mm:ss,mmm --> hh:mm:ss,mmm")
      dropping = true
      sawBlock = true
      lastBlockWasCue = true
      blankCount = 0
      return
    }
    let first = counter ?? timingLine
    let pending = PendingCue(
      id: counterText, start: timing.start, end: timing.end, location: first.location,
      index: index)
    var cue: CueReference { pending.reference }
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
    error(message, at: stray.location, hint: "give the text a counter and a timing line")
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

  /// Keeps a cue read: in the region while it has room, else in `cues`.
  @inline(__always)
  private mutating func store(_ cue: consuming Cue) {
    if region.hasRoom { region.append(cue) } else { cues.append(cue) }
  }

  /// Empties `textLines`, keeping its storage: a cue has a line or two, dropped one by one
  /// faster than a general removal.
  private mutating func clearTextLines() {
    while !textLines.isEmpty { textLines.removeLast() }
  }

  private static func hasMarkup(_ content: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = content.baseAddress else { return false }
    return memchr(base, 0x3C, content.count) != nil || memchr(base, 0x7B, content.count) != nil
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

  private mutating func error(_ message: String, at location: SourceLocation, hint: String?) {
    diagnostics.append(
      Diagnostic(
        rule: SRTReader.rule, severity: .error, message: message, file: path,
        location: location, hint: hint))
  }

}
