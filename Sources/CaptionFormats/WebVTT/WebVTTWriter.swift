public import CaptionCore

/// Writes a track as WebVTT that reads back to the same model.
///
/// The output is canonical: the `WEBVTT` line (with the first header line's text), a NOTE
/// block with the other header lines when the track has any (WebVTT has no header lines of
/// its own), REGION blocks, STYLE blocks, then the cues; timestamps as `hh:mm:ss.ttt`; only settings that differ from the defaults, in the
/// order `vertical line position size align region` (region last, so that a reader keeps it
/// next to a line, size or vertical setting); numbers without needless decimals.
public enum WebVTTWriter {
  /// Appends the WebVTT form of `track` to `output` and returns what WebVTT could not carry
  /// (`convert.lossy` warnings).
  @discardableResult
  public static func write(_ track: Track, into output: inout [UInt8]) -> [Diagnostic] {
    var writer = Writer(losses: WriterLosses())
    output.reserveCapacity(output.count + track.cues.count * 64)
    writer.write(track, into: &output, chunkSize: .max) { _ in }
    return writer.losses.diagnostics
  }

  /// Writes the WebVTT form of `track` in chunks: `flush` gets the output each time it holds
  /// `chunkSize` bytes or more, and once at the end, and must empty it. Returns what WebVTT
  /// could not carry.
  @discardableResult
  public static func write(
    _ track: Track, chunkSize: Int, flush: (inout [UInt8]) -> Void
  ) -> [Diagnostic] {
    write(track, chunkSize: chunkSize, cueLimit: .max, flush: flush).diagnostics
  }

  /// Writes the WebVTT form of `track` in chunks, as `write(_:chunkSize:flush:)` does, and
  /// returns what WebVTT could not carry, with the findings about cues past the first
  /// `cueLimit` counted instead of kept.
  public static func write(
    _ track: Track, chunkSize: Int, cueLimit: Int, flush: (inout [UInt8]) -> Void
  ) -> WriterLosses {
    var writer = Writer(losses: WriterLosses(cueLimit: cueLimit))
    var output: [UInt8] = []
    output.reserveCapacity(chunkSize + 4096)
    writer.write(track, into: &output, chunkSize: chunkSize, flush: flush)
    flush(&output)
    return writer.losses
  }

  public static func string(_ track: Track) -> String {
    var bytes: [UInt8] = []
    write(track, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The rule id of what a format cannot carry.
  public static let lossyRule = "convert.lossy"
}

/// Names a cue in messages (`cue 3`), built into a string only when a message is.
private struct CueName: CustomStringConvertible {
  var index: Int
  var description: String { "cue \(index)" }
}

private struct Writer {
  var losses: WriterLosses
  /// Region ids as written, by their id in the model.
  var regionIds: [String: String] = [:]
  /// The cue identifiers written so far.
  var writtenIDs: Set<String> = []

  mutating func write(
    _ track: Track, into output: inout [UInt8], chunkSize: Int, flush: (inout [UInt8]) -> Void
  ) {
    writeHeader(track.header, into: &output)
    // NOTE blocks go where they stood among the cues; those before the first cue, with the
    // header's, before the regions and style sheets.
    var comments = track.comments[...]
    func writeComments(before cue: Int) {
      while let comment = comments.first, comment.beforeCue <= cue {
        comments.removeFirst()
        writeComment(comment, into: &output)
      }
    }
    writeComments(before: 0)
    for (index, region) in track.regions.enumerated() {
      writeRegion(region, number: index + 1, into: &output)
    }
    for (index, stylesheet) in track.stylesheets.enumerated() {
      writeStylesheet(stylesheet, number: index + 1, into: &output)
    }
    var text: [UInt8] = []
    for (index, cue) in track.cues.enumerated() {
      writeComments(before: index)
      writeCue(cue, index: index + 1, text: &text, into: &output)
      if output.count >= chunkSize { flush(&output) }
    }
    writeComments(before: .max)
  }

  /// A NOTE block as read: its lines, without empty lines or `-->`, which would end it.
  mutating func writeComment(_ comment: TrackComment, into output: inout [UInt8]) {
    var lines: [String] = []
    for line in comment.text.split(separator: "\n", omittingEmptySubsequences: true) {
      let clean = String(line).replacingArrows()
      if clean.utf8.count != line.utf8.count {
        lossy("a NOTE block contains -->; written without it", cue: nil)
      }
      lines.append(clean)
    }
    guard let first = lines.first, first.hasPrefix("NOTE") else { return }
    output.append(0x0A)
    for line in lines {
      output.append(contentsOf: line.utf8)
      output.append(0x0A)
    }
  }

  // MARK: Header, regions, style sheets

  mutating func writeHeader(_ header: [String], into output: inout [UInt8]) {
    output.append(contentsOf: "WEBVTT".utf8)
    if let first = header.first, !first.isEmpty {
      let line = oneLine(first)
      if line != first {
        lossy("header line 1 has a line break; written on one line", cue: nil)
      }
      if let space = line.utf8.first, space != 0x20, space != 0x09 { output.append(0x20) }
      output.append(contentsOf: line.utf8)
    }
    output.append(0x0A)
    // WebVTT has no header lines under the WEBVTT line: what a track has there (a TTML
    // profile, a legacy `Kind:` or `Language:` line) goes into a NOTE block.
    var noteStarted = false
    for (index, line) in header.dropFirst().enumerated() {
      let number = index + 2
      var written = oneLine(line)
      if written != line {
        lossy("header line \(number) has a line break; written on one line", cue: nil)
      }
      if written.contains("-->") {
        lossy("header line \(number) contains -->; written without it", cue: nil)
        written = written.replacingArrows()
      }
      if written.isEmpty {
        lossy("header line \(number) is empty, which would end the header; left out", cue: nil)
        continue
      }
      if !noteStarted {
        output.append(contentsOf: "\nNOTE\n".utf8)
        noteStarted = true
      }
      output.append(contentsOf: written.utf8)
      output.append(0x0A)
    }
  }

  mutating func writeRegion(_ region: Region, number: Int, into output: inout [UInt8]) {
    var id = ""
    for scalar in region.id.unicodeScalars {
      switch scalar {
      case "\t", "\n", "\u{0C}", "\r", " ": id.append("_")
      default: id.unicodeScalars.append(scalar)
      }
    }
    id = id.replacingArrows()
    let name = region.id.isEmpty ? "region \(number)" : "region \(region.id)"
    if id != region.id {
      lossy("\(name) id has white space or -->; written as \(id)", cue: nil)
    }
    regionIds[region.id] = id
    if id.isEmpty {
      // A region without an id is one no cue can use: readers report it.
      lossy("\(name) has no id, so no cue can use it; left out", cue: nil)
      return
    }
    output.append(contentsOf: "\nREGION\n".utf8)
    if !id.isEmpty { appendLine("id:" + id, to: &output) }
    if region.width != 100 {
      appendLine("width:" + percentage(region.width, of: "\(name) width"), to: &output)
    }
    if region.lines != 3 {
      var lines = region.lines
      if lines.isNaN || lines < 0 {
        let problem = lines.isNaN ? "is not a number" : "is negative"
        lossy("\(name) lines \(Self.decimal(lines)) \(problem); written as 0", cue: nil)
        lines = 0
      } else if lines.isInfinite {
        lines = Double(UInt64.max)
        lossy("\(name) lines is infinite; written as \(Self.decimal(lines))", cue: nil)
      } else if lines != lines.rounded(.down) {
        lines.round(.down)
        lossy(
          "\(name) lines \(Self.decimal(region.lines)) is not a whole number; written as "
            + Self.decimal(lines), cue: nil)
      }
      appendLine("lines:" + Self.decimal(lines), to: &output)
    }
    if region.regionAnchorX != 0 || region.regionAnchorY != 100 {
      let x = percentage(region.regionAnchorX, of: "\(name) region anchor x")
      let y = percentage(region.regionAnchorY, of: "\(name) region anchor y")
      appendLine("regionanchor:\(x),\(y)", to: &output)
    }
    if region.viewportAnchorX != 0 || region.viewportAnchorY != 100 {
      let x = percentage(region.viewportAnchorX, of: "\(name) viewport anchor x")
      let y = percentage(region.viewportAnchorY, of: "\(name) viewport anchor y")
      appendLine("viewportanchor:\(x),\(y)", to: &output)
    }
    if region.scroll == .up { appendLine("scroll:up", to: &output) }
    if id.isEmpty, region.width == 100, region.lines == 3, region.regionAnchorX == 0,
      region.regionAnchorY == 100, region.viewportAnchorX == 0, region.viewportAnchorY == 100,
      region.scroll == .none
    {
      // A REGION block needs a settings line to be read as a region.
      appendLine("width:100%", to: &output)
    }
  }

  mutating func writeStylesheet(_ css: String, number: Int, into output: inout [UInt8]) {
    var lines: [Substring] = []
    var changed = false
    for line in css.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      if line.isEmpty {
        changed = true
        continue
      }
      lines.append(line)
    }
    var text = lines.joined(separator: "\n")
    guard !text.isEmpty else {
      lossy("style sheet \(number) is empty, which a STYLE block cannot be; left out", cue: nil)
      return
    }
    if text.contains("-->") {
      text = text.replacingOccurrences(of: "-->", with: "--\\>")
      changed = true
    }
    if changed || text.utf8.count != css.utf8.count {
      lossy(
        "style sheet \(number) has empty lines or -->; written without them (--> as --\\>)",
        cue: nil)
    }
    output.append(contentsOf: "\nSTYLE\n".utf8)
    appendLine(text, to: &output)
  }

  // MARK: Cues

  mutating func writeCue(_ cue: Cue, index: Int, text: inout [UInt8], into output: inout [UInt8]) {
    let subject = CueName(index: index)
    var reference: CueReference { cue.reference(index: index) }
    output.append(0x0A)
    if !cue.id.isEmpty {
      var id = cue.id
      if !isClean(id) {
        id = oneLine(cue.id)
        if id != cue.id {
          lossy("\(subject) id has a line break; written on one line", cue: reference)
        }
        if id.contains("-->") {
          let written = id.replacingArrows()
          lossy("\(subject) id \(id) contains -->; written as \(written)", cue: reference)
          id = written
        }
      }
      // Identifiers are unique in WebVTT: a repeated one is left out (readers report it).
      if writtenIDs.insert(id).inserted {
        appendLine(id, to: &output)
      } else {
        lossy("\(subject) id \(id) repeats an earlier cue's; written without it", cue: reference)
      }
    }
    if !CueTextSerializer.appendTimings(
      cue.start, cue.end, separator: UInt8(ascii: "."), to: &output)
    {
      appendTime(cue.start, of: "\(subject) start", cue: reference, to: &output)
      output.append(contentsOf: " --> ".utf8)
      appendTime(cue.end, of: "\(subject) end", cue: reference, to: &output)
    }
    if !cue.hasDefaultSettings {
      appendSettings(cue.settings, subject: subject, cue: reference, to: &output)
    }
    output.append(0x0A)

    // The text goes straight to the output, and is copied out again only to remove an
    // empty line.
    let textStart = output.count
    for loss in CueTextSerializer.serializeText(of: cue, into: &output) {
      lossy(message(for: loss, subject: subject), cue: reference)
    }
    let hasEmptyLine = output.withUnsafeBufferPointer {
      EmptyLines.exist(in: UnsafeBufferPointer(rebasing: $0[textStart...]))
    }
    if hasEmptyLine {
      text.removeAll(keepingCapacity: true)
      text.append(contentsOf: output[textStart...])
      output.removeSubrange(textStart...)
      _ = removeEmptyLines(&text)
      lossy(
        "\(subject) text has an empty line, which would end the cue; written without it",
        cue: reference)
      output.append(contentsOf: text)
    }
    if output.count > textStart { output.append(0x0A) }
  }

  mutating func appendTime(
    _ time: MediaTime, of what: @autoclosure () -> String, cue: CueReference,
    to output: inout [UInt8]
  ) {
    if time < .zero {
      lossy("\(what()) \(time) is negative; written as 00:00:00.000", cue: cue)
    } else if time.converted(to: 1000) != time {
      lossy("\(what()) is finer than a millisecond; rounded to \(time)", cue: cue)
    }
    CueTextSerializer.appendTimestamp(time, to: &output)
  }

  mutating func appendSettings(
    _ settings: CueSettings, subject: CueName, cue: CueReference, to output: inout [UInt8]
  ) {
    /// Appends ` name:value[,alignment]` as bytes.
    func setting(_ name: StaticString, _ value: String, _ alignment: String? = nil) {
      output.append(0x20)
      output.append(
        contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
      output.append(UInt8(ascii: ":"))
      output.append(contentsOf: value.utf8)
      if let alignment {
        output.append(UInt8(ascii: ","))
        output.append(contentsOf: alignment.utf8)
      }
    }
    if settings.vertical != .horizontal { setting("vertical", settings.vertical.rawValue) }
    if let line = settings.line {
      let value =
        settings.snapToLines
        ? number(line, of: "\(subject) line", cue: cue)
        : percentage(line, of: "\(subject) line", cue: cue)
      setting("line", value, settings.lineAlign != .start ? settings.lineAlign.rawValue : nil)
    } else {
      if settings.lineAlign != .start {
        lossy(
          "\(subject) line alignment \(settings.lineAlign.rawValue) needs a line; left out",
          cue: cue)
      }
      if !settings.snapToLines {
        lossy("\(subject) snap-to-lines off needs a line; left out", cue: cue)
      }
    }
    if let position = settings.position {
      let value = percentage(position, of: "\(subject) position", cue: cue)
      let alignment = settings.positionAlign != .auto ? settings.positionAlign.rawValue : nil
      setting("position", value, alignment)
    } else if settings.positionAlign != .auto {
      lossy(
        "\(subject) position alignment \(settings.positionAlign.rawValue) needs a position; "
          + "left out", cue: cue)
    }
    if settings.size != 100 {
      setting("size", percentage(settings.size, of: "\(subject) size", cue: cue))
    }
    if settings.align != .center { setting("align", settings.align.rawValue) }
    if let region = settings.region {
      if let id = regionIds[region], !id.isEmpty {
        setting("region", id)
      } else {
        lossy("\(subject) region \(region) is not declared; left out", cue: cue)
      }
    }
  }

  // MARK: Values

  /// A percentage from 0 to 100 with its `%`; out-of-range values are clamped and reported.
  mutating func percentage(
    _ value: Double, of what: @autoclosure () -> String, cue: CueReference? = nil
  ) -> String {
    var written = value
    if !value.isFinite || value < 0 || value > 100 {
      written = value.isNaN ? 0 : min(max(value, 0), 100)
      lossy(
        "\(what()) \(Self.decimal(value)) is outside 0–100; written as \(Self.decimal(written))",
        cue: cue)
    }
    return Self.decimal(written) + "%"
  }

  /// A line number; a value that is not finite is reported and written as 0.
  mutating func number(
    _ value: Double, of what: @autoclosure () -> String, cue: CueReference
  ) -> String {
    guard value.isFinite else {
      lossy("\(what()) \(value) is not a number; written as 0", cue: cue)
      return "0"
    }
    return Self.decimal(value)
  }

  /// A number without needless decimals and without exponent: `50`, `50.5`, `-1`,
  /// `0.000001`. The digits are Swift's shortest form that reads back to the same `Double`,
  /// with the decimal point moved instead of an exponent.
  static func decimal(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    if abs(value) < 1e15, value == Double(Int64(value)) { return String(Int64(value)) }
    let text = "\(value)"
    guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text }
    guard let exponent = Int(text[text.index(after: e)...]) else { return text }
    var mantissa = text[..<e]
    var sign = ""
    if mantissa.hasPrefix("-") {
      sign = "-"
      mantissa = mantissa.dropFirst()
    }
    let point = mantissa.firstIndex(of: ".").map {
      mantissa.distance(from: mantissa.startIndex, to: $0)
    }
    let digits = Array(mantissa.filter { $0 != "." })
    // Where the decimal point falls in `digits` once the exponent is applied.
    let position = (point ?? digits.count) + exponent
    var integer: String
    var fraction: String
    if position <= 0 {
      integer = "0"
      fraction = String(repeating: "0", count: -position) + String(digits)
    } else if position >= digits.count {
      integer = String(digits) + String(repeating: "0", count: position - digits.count)
      fraction = ""
    } else {
      integer = String(digits[..<position])
      fraction = String(digits[position...])
    }
    while fraction.hasSuffix("0") { fraction.removeLast() }
    while integer.count > 1, integer.hasPrefix("0") { integer.removeFirst() }
    return sign + integer + (fraction.isEmpty ? "" : "." + fraction)
  }

  func message(for loss: CueTextSerializer.Loss, subject: CueName) -> String {
    switch loss {
    case .className(let name, let written):
      return written.isEmpty
        ? "\(subject) class \(name.debugDescription) cannot be written; left out"
        : "\(subject) class \(name) has characters a class cannot hold; written as \(written)"
    case .annotation(let annotation, let written):
      return "\(subject) annotation \(annotation.debugDescription) has white space readers "
        + "collapse; written as \(written.debugDescription)"
    case .annotationDropped(let kind):
      return "\(subject) <\(kind.rawValue)> has an annotation, which only <v> and <lang> take; "
        + "left out"
    case .rubyTextOutsideRuby:
      return "\(subject) has <rt> outside <ruby>, which readers ignore; written without the tag"
    case .tooDeep:
      return "\(subject) nests tags more than \(CueText.maximumDepth) deep; readers flatten them"
    case .carriageReturn:
      return "\(subject) text has a carriage return; written as a line break"
    case .nul: return "\(subject) text has a NUL character; written as U+FFFD"
    case .negativeTimestamp(let time):
      return "\(subject) timestamp \(time) is negative; written as 00:00:00.000"
    }
  }

  mutating func lossy(_ message: String, cue: CueReference?) {
    if cue != nil, !losses.buildsNextCueFinding() { return }
    losses.add(
      Diagnostic(
        rule: WebVTTWriter.lossyRule, severity: .warning, message: message, cue: cue))
  }

  // MARK: Helpers

  func appendLine(_ line: String, to output: inout [UInt8]) {
    var line = line
    line.withUTF8 { output.append(contentsOf: $0) }
    output.append(0x0A)
  }

  /// True when `text` has no line break and no `-->`, checked on its bytes.
  func isClean(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var dashes = 0
      for byte in bytes {
        switch byte {
        case 0x0A, 0x0D: return false
        case UInt8(ascii: "-"): dashes += 1
        case UInt8(ascii: ">") where dashes >= 2: return false
        default: dashes = 0
        }
      }
      return true
    }
  }

  /// `text` with every line break (CR, LF, CRLF) turned into a space.
  func oneLine(_ text: String) -> String {
    guard text.contains(where: \.isNewline) else { return text }
    return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .joined(separator: " ")
  }

  /// Removes empty lines (a leading or trailing line break, or two in a row), which would end
  /// the cue; true when there were any.
  func removeEmptyLines(_ text: inout [UInt8]) -> Bool {
    let needed = text.withUnsafeBufferPointer { EmptyLines.exist(in: $0) }
    if !needed { return false }
    var previous: UInt8 = 0x0A
    var cleaned: [UInt8] = []
    cleaned.reserveCapacity(text.count)
    for byte in text {
      if byte == 0x0A, previous == 0x0A { continue }
      cleaned.append(byte)
      previous = byte
    }
    if cleaned.last == 0x0A { cleaned.removeLast() }
    text = cleaned
    return true
  }
}

extension String {
  /// The string with each `-->` written as `->`, so that it cannot read as a timing line.
  fileprivate func replacingArrows() -> String {
    guard contains("-->") else { return self }
    return replacingOccurrences(of: "-->", with: "->")
  }

  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    var result = ""
    var rest = self[...]
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
