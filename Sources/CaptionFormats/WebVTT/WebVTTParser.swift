import CaptionCore

/// The W3C WebVTT parser algorithm (section 6.1) over UTF-8 bytes, with the syntax checker
/// run in the same pass.
///
/// Lines come from `LineScanner`, so CR, LF and CRLF all end a line, as the algorithm's
/// newline normalisation requires. NUL bytes are read as U+FFFD wherever text is kept.
struct WebVTTParser {
  let bytes: [UInt8]
  /// The bytes, which cue texts are kept as ranges of.
  let source: CueSource
  let file: String?
  var scanner: LineScanner
  /// A line read and put back (the algorithm's "let position be previous position").
  var pushedBack: TextLine?

  var cues: [Cue] = []
  var regions: [Region] = []
  var stylesheets: [String] = []
  var header: [String] = []
  /// The NOTE blocks, each with the number of cues before it.
  var comments: [TrackComment] = []
  var diagnostics: [Diagnostic] = []

  /// The line each region id was last defined on, and its index in `regions`.
  var regionsByID: [String: (index: Int, line: Int)] = [:]
  /// The 1-based index of the cue that first used each identifier. While the numeric
  /// identifiers come in increasing order ("1", "2", "3"…, or "2", "4", "7"…) only the others
  /// are kept here, and `lastNumericID` is the last number.
  var cueIDs: [String: Int] = [:]
  var lastNumericID = 0
  var increasingNumbers = true
  var seenCue = false
  /// Lines of the block being collected (reused between blocks).
  var buffer: [TextLine] = []

  /// True when the file holds no carriage return (see `LineScanner.lineFeedsOnly`).
  let lineFeedsOnly: Bool

  /// A parser of `bytes`.
  init(bytes: [UInt8], file: String?) {
    self.bytes = bytes
    self.source = CueSource(bytes: bytes, syntax: WebVTTCueTextMarkup.shared)
    self.file = file
    self.lineFeedsOnly = bytes.withUnsafeBufferPointer(LineScanner.holdsNoCarriageReturn)
    self.scanner = LineScanner(bytes)
    scanner.lineFeedsOnly = self.lineFeedsOnly
  }

  // MARK: - File

  mutating func run() {
    parse()
    sortDiagnostics()
  }

  private mutating func sortDiagnostics() {
    // Findings come from a few passes per block; order them by position.
    diagnostics = diagnostics.enumerated()
      .sorted {
        ($0.element.location?.offset ?? 0, $0.offset) < (
          $1.element.location?.offset ?? 0, $1.offset
        )
      }
      .map(\.element)
  }

  /// Reads the signature, the header and the blocks.
  private mutating func parse() {
    if readHeader() { readBlocks() }
  }

  /// Reads the signature and the header; false when the file ends (or is not read) before
  /// the blocks.
  private mutating func readHeader() -> Bool {
    guard checkSignature() else { return false }
    cues.reserveCapacity(estimatedCueCount())
    guard let signatureLine = scanner.next() else { return false }
    reportNULs(in: signatureLine)
    let restStart = signatureLine.range.lowerBound + min(7, signatureLine.range.count)
    let rest = string(restStart..<signatureLine.range.upperBound)
    if signatureLine.terminator == .none {
      if !rest.isEmpty { header = [rest] }
      reportMissingFinalLineBreak(signatureLine)
      return false
    }
    // Header: a non-blank line right after the signature line starts the header block.
    guard let second = nextLine() else {
      if !rest.isEmpty { header = [rest] }
      return false
    }
    if second.range.isEmpty {
      if !rest.isEmpty { header = [rest] }
    } else {
      pushedBack = second
      collectHeader(rest: rest, first: second)
    }
    return true
  }

  /// The block loop: every block up to the end of the lines.
  private mutating func readBlocks() {
    while let line = nextLine() {
      if line.range.isEmpty { continue }
      pushedBack = line
      collectBlock()
    }
  }

  mutating func nextLine() -> TextLine? {
    if let line = pushedBack {
      pushedBack = nil
      return line
    }
    return scanner.next()
  }

  /// Checks the signature; on failure reports one error and returns false (no cues).
  mutating func checkSignature() -> Bool {
    let signature: [UInt8] = Array("WEBVTT".utf8)
    let start = SourceLocation(line: 1, column: 1, offset: 0)
    guard bytes.count >= 6, bytes[0..<6].elementsEqual(signature) else {
      let shown = quote(0..<firstLineEnd())
      let message =
        bytes.isEmpty
        ? "file is empty; a WebVTT file starts with \"WEBVTT\""
        : bytes.starts(with: [0xEF, 0xBB, 0xBF])
          ? "second byte order mark before \"WEBVTT\"; the file is not read"
          : "missing \"WEBVTT\" signature; the first line is \(shown), so the file is not read"
      report(
        message, at: start, hint: "start the file with the line WEBVTT")
      return false
    }
    if bytes.count > 6 {
      let next = bytes[6]
      if next != 0x20, next != 0x09, next != 0x0A, next != 0x0D {
        report(
          "\"WEBVTT\" is followed by \(describe(byte: next)), not a space, a tab or a line break;"
            + " the file is not read",
          at: SourceLocation(line: 1, column: 7, offset: 6),
          hint: "put a space between WEBVTT and any text after it")
        return false
      }
    }
    return true
  }

  private func firstLineEnd() -> Int {
    var index = 0
    while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
    return index
  }

  /// A cheap guess of the number of cues: arrows in the first 64 KiB, scaled to the file.
  private func estimatedCueCount() -> Int {
    let sample = min(bytes.count, 65_536)
    guard sample > 0 else { return 0 }
    var arrows = 0
    bytes.withUnsafeBufferPointer { buffer in
      var index = 2
      while index < sample {
        if buffer[index] == 0x3E, buffer[index - 1] == 0x2D, buffer[index - 2] == 0x2D {
          arrows += 1
        }
        index += 1
      }
    }
    return arrows * (bytes.count / sample) + arrows
  }

  // MARK: - Header

  /// Collects the header block (the lines after the signature line up to a blank line or a
  /// line with "-->"), which the algorithm reads and ignores.
  ///
  /// Lines that are all `Name: value` (`Kind: captions`, `Language: en`, as YouTube and many
  /// tools write them) are the legacy header of WebVTT's early drafts: a warning of their own
  /// rule (`parse.webvtt-legacy-header`). Anything else is the `parse.webvtt` error.
  mutating func collectHeader(rest: String, first: TextLine) {
    var lines: [String] = [rest]
    let place = diagnostics.count
    var legacy: [String] = []
    var onlyLegacy = true
    while true {
      guard let line = nextLine() else { break }
      if line.range.isEmpty { break }
      reportNULs(in: line)
      if findArrow(line.range) != nil {
        pushedBack = line
        break
      }
      let text = string(line.range)
      lines.append(text)
      // HLS (RFC 8216 section 3.5) puts the timestamp map of a segment here: expected.
      if text.hasPrefix(WebVTTParser.timestampMapPrefix) {
      } else if WebVTTParser.isLegacyHeaderLine(text) {
        legacy.append(text)
      } else {
        onlyLegacy = false
      }
      if line.terminator == .none {
        reportMissingFinalLineBreak(line)
        break
      }
    }
    header = lines
    // Only an HLS timestamp map after the signature line: no finding.
    if lines.dropFirst().allSatisfy({ $0.hasPrefix(WebVTTParser.timestampMapPrefix) }),
      lines.count > 1
    {
      return
    }
    let location = SourceLocation(
      line: first.number, column: 1, offset: first.range.lowerBound)
    let finding: Diagnostic
    if onlyLegacy, !legacy.isEmpty {
      let named = legacy.map { "'\($0.count > 40 ? String($0.prefix(40)) + "…" : $0)'" }
      finding = Diagnostic(
        rule: WebVTTReader.legacyHeaderRule, severity: .warning,
        message:
          "legacy header \(named.joined(separator: ", ")) after the \"WEBVTT\" line, with no "
          + "blank line; WebVTT has no header lines (players skip them)",
        file: file, location: location,
        hint: "put a blank line after the WEBVTT line and move the lines into a NOTE block, or "
          + "drop them")
    } else {
      finding = Diagnostic(
        rule: WebVTTReader.rule, severity: .error,
        message: "missing blank line after the \"WEBVTT\" line", file: file, location: location,
        hint: "insert a blank line after the WEBVTT line; header text goes on the WEBVTT line")
    }
    diagnostics.insert(finding, at: place)
  }

  /// The header line of an HLS WebVTT segment that maps its times to the MPEG-2 timestamps
  /// of the media (`X-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000`).
  static let timestampMapPrefix = "X-TIMESTAMP-MAP="

  /// `Name: value`: a name of letters, digits, `-`, `_` and `.` that starts with a letter, a
  /// colon, then anything.
  static func isLegacyHeaderLine(_ line: String) -> Bool {
    let bytes = Array(line.utf8)
    func isLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte | 0x20) }
    guard let colon = bytes.firstIndex(of: 0x3A), colon > 0, isLetter(bytes[0]) else {
      return false
    }
    return bytes[..<colon].allSatisfy { byte in
      isLetter(byte) || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F
        || byte == 0x2E
    }
  }

  // MARK: - Blocks

  /// How a block's first line marks it.
  enum Opening {
    case note, style, region, attributes, other
  }

  func opening(of line: TextLine) -> Opening {
    let range = line.range
    func keyword(_ word: StaticString, spaceOnly: Bool) -> Bool {
      let count = word.utf8CodeUnitCount
      guard range.count >= count else { return false }
      let matches = word.withUTF8Buffer { keyword in
        keyword.indices.allSatisfy { bytes[range.lowerBound + $0] == keyword[$0] }
      }
      guard matches else { return false }
      let after = range.lowerBound + count
      if spaceOnly {
        return (after..<range.upperBound).allSatisfy { isASCIIWhitespace(bytes[$0]) }
      }
      return after == range.upperBound || bytes[after] == 0x20 || bytes[after] == 0x09
    }
    if keyword("NOTE", spaceOnly: false) { return .note }
    if keyword("STYLE", spaceOnly: true) { return .style }
    if keyword("REGION", spaceOnly: true) { return .region }
    if keyword("ATTRIBUTES", spaceOnly: true) { return .attributes }
    return .other
  }

  /// The spec's "collect a WebVTT block" (without the header flag), plus its checks.
  mutating func collectBlock() {
    if !buffer.isEmpty { buffer.removeAll(keepingCapacity: true) }
    var lineCount = 0
    var seenArrow = false
    var firstLine: TextLine?
    var timingLine: TextLine?
    var timings: Timings?
    var identifier: TextLine?
    var isStyle = false
    var isRegion = false
    var lateBlock: Opening?
    var endingArrow: TextLine?

    while true {
      guard let line = nextLine() else { break }
      lineCount += 1
      if firstLine == nil { firstLine = line }
      let scan = scanLine(line.range)
      if let nul = scan.nul { reportNUL(line: line, at: nul) }
      if scan.arrow != nil {
        if lineCount == 1 || (lineCount == 2 && !seenArrow) {
          seenArrow = true
          timingLine = line
          identifier = buffer.first
          if let parsed = parseTimings(line) {
            timings = parsed
            if !buffer.isEmpty { buffer.removeAll(keepingCapacity: true) }
            seenCue = true
          } else {
            timings = nil
          }
        } else {
          pushedBack = line
          endingArrow = line
          break
        }
      } else if line.range.isEmpty {
        break
      } else {
        if lineCount == 2, let first = buffer.first, buffer.count == 1 {
          let kind = opening(of: first)
          if kind == .style || kind == .region {
            if seenCue {
              lateBlock = kind
            } else {
              if kind == .style { isStyle = true } else { isRegion = true }
              if !buffer.isEmpty { buffer.removeAll(keepingCapacity: true) }
            }
          }
        }
        buffer.append(line)
      }
      if line.terminator == .none {
        if !line.range.isEmpty { reportMissingFinalLineBreak(line) }
        break
      }
    }
    guard let firstLine else { return }

    if let timingLine {
      if let timings {
        finishCue(
          timings, timingLine: timingLine, identifier: identifier, firstLine: firstLine,
          endingArrow: endingArrow)
      } else {
        reportDroppedCue(
          timingLine: timingLine, identifier: identifier, endingArrow: endingArrow)
      }
      return
    }
    if isStyle {
      stylesheets.append(joined(buffer))
      if let endingArrow {
        report(
          "STYLE block contains \"-->\", which ends the style sheet early",
          line: endingArrow, at: findArrow(endingArrow.range) ?? endingArrow.range.lowerBound,
          hint: "remove \"-->\" from the style sheet, or escape it in CSS as --\\>")
      }
      return
    }
    if isRegion {
      finishRegion(blockLine: firstLine)
      if let endingArrow {
        report(
          "REGION block contains \"-->\", which ends the region settings early",
          line: endingArrow, at: findArrow(endingArrow.range) ?? endingArrow.range.lowerBound,
          hint: "remove \"-->\" from the region settings")
      }
      return
    }
    let kind = opening(of: firstLine)
    if seenCue, lateBlock == nil, kind == .style || kind == .region {
      lateBlock = kind  // A STYLE or REGION line alone, after the first cue.
    }
    if let lateBlock {
      let name = lateBlock == .style ? "STYLE" : "REGION"
      report(
        "\(name) block after the first cue is ignored",
        line: firstLine, at: firstLine.range.lowerBound,
        hint: "move the \(name) block before the first cue")
      return
    }
    switch kind {
    case .note:
      comments.append(TrackComment(text: joined(buffer), beforeCue: cues.count))
      if let endingArrow {
        report(
          "NOTE block contains \"-->\", which ends the comment",
          line: endingArrow, at: findArrow(endingArrow.range) ?? endingArrow.range.lowerBound,
          hint: "remove \"-->\" from the comment, or end the comment with a blank line")
      }
    case .style:
      break  // An empty STYLE block: valid, and it creates nothing.
    case .region:
      report(
        "REGION block has no id setting, so no cue can use it",
        line: firstLine, at: firstLine.range.lowerBound,
        hint: "add a line such as id:bottom after REGION")
    case .attributes:
      if seenCue {
        report(
          "text \(quote(firstLine.range)) is outside any cue and is ignored",
          line: firstLine, at: firstLine.range.lowerBound,
          hint: "remove it, or make it a NOTE block", losesText: true)
      }
    case .other:
      report(
        "text \(quote(firstLine.range)) is outside any cue and is ignored",
        line: firstLine, at: firstLine.range.lowerBound,
        hint: "remove it, or add a cue timing line, or start the block with NOTE", losesText: true)
    }
  }

  /// Builds the cue of a block whose timing line parsed.
  mutating func finishCue(
    _ timings: Timings, timingLine: TextLine, identifier: TextLine?, firstLine: TextLine,
    endingArrow: TextLine?
  ) {
    let id = identifier.map { string($0.range) } ?? ""
    let index = cues.count + 1
    let reference = CueReference(
      index: index, id: id.isEmpty ? nil : id, start: timings.start, end: timings.end)
    for issue in timings.issues {
      report(issue.message, line: timingLine, at: issue.index, cue: reference, hint: issue.hint)
    }
    if let identifier {
      switch opening(of: identifier) {
      case .note, .style, .region:
        let word = string(identifier.range).prefix(while: { $0 != " " && $0 != "\t" })
        report(
          "\(word) block contains \"-->\" on its second line, so it is read as a cue",
          line: timingLine, at: findArrow(timingLine.range) ?? timingLine.range.lowerBound,
          cue: reference, hint: "remove \"-->\" from the block, or add a blank line before it")
      default:
        if !id.isEmpty {
          if let previous = firstUse(of: id, by: index) {
            report(
              "cue identifier \(quoteString(id)) is already used by cue \(previous)",
              line: identifier, at: identifier.range.lowerBound, cue: reference,
              hint: "give each cue a unique identifier")
          }
        }
      }
    }
    var settings: CueSettings?
    if timings.settingsStart < timingLine.range.upperBound {
      var parsed = CueSettings.default
      parseCueSettings(timingLine, from: timings.settingsStart, into: &parsed, cue: reference)
      settings = parsed
    }

    let textLocation = buffer.first.map {
      SourceLocation(line: $0.number, column: 1, offset: $0.range.lowerBound)
    }
    let cueRange = TimeRange(start: timings.start, end: timings.end)
    let location = SourceLocation(
      line: firstLine.number, column: 1, offset: firstLine.range.lowerBound)
    if let range = contiguousRange(buffer) {
      // The text sits in the file as it is read: kept as a range of it.
      let checked = bytes.withUnsafeBufferPointer {
        CueTextParser.check(
          UnsafeBufferPointer(rebasing: $0[range]), location: textLocation, cueRange: cueRange,
          file: file, cue: reference)
      }
      add(checked.diagnostics, cue: reference)
      cues.append(
        Cue(
          id: id, start: timings.start, end: timings.end, settings: settings, source: source,
          range: range, hasMarkup: checked.hasMarkup, writtenForm: checked.writtenForm,
          location: location))
    } else {
      let rawText = joined(buffer)
      let parsed = CueTextParser.check(
        rawText, location: textLocation, lineOffsets: buffer.map(\.range.lowerBound),
        cueRange: cueRange, file: file, cue: reference)
      add(parsed.diagnostics, cue: reference)
      cues.append(
        Cue(
          id: id, start: timings.start, end: timings.end, settings: settings ?? .default,
          text: parsed.text, rawText: rawText, location: location))
    }
    if let endingArrow {
      report(
        "missing blank line before \(quote(endingArrow.range)), which ends the cue",
        line: endingArrow, at: endingArrow.range.lowerBound, cue: reference,
        hint: "end each cue with a blank line; cue text cannot contain \"-->\"")
    }
  }

  /// Adds the findings of a cue's text.
  private mutating func add(_ found: [Diagnostic], cue: CueReference) {
    for var diagnostic in found {
      if diagnostic.cue == nil { diagnostic.cue = cue }
      if diagnostic.file == nil { diagnostic.file = file }
      diagnostics.append(diagnostic)
    }
  }

  /// Reports a block whose timing line did not parse: the algorithm drops the whole block.
  mutating func reportDroppedCue(
    timingLine: TextLine, identifier: TextLine?, endingArrow: TextLine?
  ) {
    if let identifier, [.note, .style, .region].contains(opening(of: identifier)) {
      let word = string(identifier.range).prefix(while: { $0 != " " && $0 != "\t" })
      report(
        "\(word) block contains \"-->\" on its second line, so the block is dropped",
        line: timingLine, at: findArrow(timingLine.range) ?? timingLine.range.lowerBound,
        hint: "remove \"-->\" from the block", losesText: true)
      return
    }
    // A first line with "-->" followed by a good timing line: an identifier with "-->".
    if timingLine.number == endingArrow.map({ $0.number - 1 }),
      let next = endingArrow, parseTimings(next) != nil
    {
      report(
        "cue identifier \(quote(timingLine.range)) contains \"-->\"",
        line: timingLine, at: findArrow(timingLine.range) ?? timingLine.range.lowerBound,
        hint: "remove \"-->\" from the identifier", losesText: true)
      return
    }
    let failure = timingFailure(timingLine)
    report(
      failure.message + "; the cue is dropped", line: timingLine, at: failure.index,
      hint: failure.hint, losesText: true)
  }

  /// The cue that already used `id`, or nil after recording `index` as its first user.
  /// Numbers in increasing order need no table: each new one cannot repeat an earlier one,
  /// nor any identifier that is not a number.
  mutating func firstUse(of id: String, by index: Int) -> Int? {
    if increasingNumbers {
      let number = decimalValue(id)
      if let number, number > lastNumericID {
        lastNumericID = number
        return nil
      }
      if number != nil {
        // A number out of order: record the numbers seen.
        increasingNumbers = false
        for (position, cue) in cues.enumerated() where decimalValue(cue.id) != nil {
          cueIDs[cue.id] = position + 1
        }
      }
    }
    if let previous = cueIDs[id] { return previous }
    cueIDs[id] = index
    return nil
  }

  /// The value of `text` when it is a decimal number of at most 18 digits without leading
  /// zeros (so that no other text names the same number); else nil.
  private func decimalValue(_ text: String) -> Int? {
    var text = text
    return text.withUTF8 { utf8 -> Int? in
      guard !utf8.isEmpty, utf8.count <= 18, utf8[0] != 0x30 else { return nil }
      var value = 0
      for byte in utf8 {
        guard isASCIIDigit(byte) else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
  }

  // MARK: - Regions

  mutating func finishRegion(blockLine: TextLine) {
    var region = Region()
    var hasID = false
    parseRegionSettings(buffer, into: &region, hasID: &hasID)
    if !hasID {
      report(
        "REGION block has no id setting, so no cue can use it",
        line: blockLine, at: blockLine.range.lowerBound,
        hint: "add a line such as id:bottom after REGION")
    } else if let previous = regionsByID[region.id] {
      report(
        "region id \(quoteString(region.id)) is already defined on line \(previous.line)",
        line: blockLine, at: blockLine.range.lowerBound,
        hint: "give each region a unique id; cues use the last one defined")
    }
    regionsByID[region.id] = (regions.count, blockLine.number)
    regions.append(region)
  }

  // MARK: - Reporting

  /// Reports an error at `index` of `line`; `losesText` when the text it is about is left
  /// out of the track.
  mutating func report(
    _ message: String, line: TextLine, at index: Int, cue: CueReference? = nil,
    hint: String? = nil, losesText: Bool = false
  ) {
    let location = SourceLocation(
      line: line.number, column: index - line.range.lowerBound + 1, offset: index)
    report(message, at: location, cue: cue, hint: hint, losesText: losesText)
  }

  mutating func report(
    _ message: String, at location: SourceLocation, cue: CueReference? = nil, hint: String? = nil,
    losesText: Bool = false
  ) {
    diagnostics.append(
      Diagnostic(
        rule: WebVTTReader.rule, severity: .error, message: message, file: file,
        location: location, cue: cue, hint: hint, losesText: losesText))
  }

  mutating func reportNULs(in line: TextLine) {
    if let nul = scanLine(line.range).nul { reportNUL(line: line, at: nul) }
  }

  mutating func reportNUL(line: TextLine, at index: Int) {
    report(
      "NUL character, read as U+FFFD", line: line, at: index,
      hint: "remove the NUL character; the file may not be text")
  }

  mutating func reportMissingFinalLineBreak(_ line: TextLine) {
    report(
      "missing line break at the end of the file", line: line, at: line.range.upperBound,
      hint: "end the file with a line break")
  }
}
