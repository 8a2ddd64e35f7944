import CaptionCore

/// The state of reading one ASS or SSA script, line by line.
///
/// Sections are read as they come: `[Script Info]` for the script type, `PlayResY` and
/// `Language`; `[V4+ Styles]` or `[V4 Styles]` for the styles; `[Events]` for the events,
/// each line read by the section's `Format:` line (or the default one of the script type).
/// Other sections (`[Fonts]`, `[Graphics]`, an editor's own) are skipped. The cues are made
/// once every style is known, and sorted by start time, then layer, then file order.
struct ASSParser {
  private enum Section: Equatable {
    case none
    case scriptInfo
    case styles(legacy: Bool)
    case events
    case other
  }

  /// One `Dialogue:` line, read.
  private struct Event {
    var order: Int
    var layer: Int
    var start: MediaTime
    var end: MediaTime
    var style: String
    var styleLocation: SourceLocation
    var name: String
    var marginV: Int
    var text: String
    var location: SourceLocation
  }

  /// A field of a line: the byte range of its content, spaces around it removed, and of
  /// the field as written.
  private struct Field {
    var range: Range<Int>
    var raw: Range<Int>
    var location: SourceLocation
  }

  /// The fields of an `[Events]` `Format:` line in ASS (`Layer` first) and in SSA (`Marked`).
  static let defaultEventFormat = [
    "Layer", "Start", "End", "Style", "Name", "MarginL", "MarginR", "MarginV", "Effect", "Text",
  ]
  static let legacyEventFormat = ["Marked"] + defaultEventFormat.dropFirst()

  let bytes: [UInt8]
  let path: String?
  private(set) var cues: [Cue] = []
  /// The `Language` of `[Script Info]`, when it is a well-formed tag.
  private(set) var language: LanguageTag?
  private var diagnostics: [Diagnostic] = []
  private var section = Section.none
  /// True for an SSA v4 script (`ScriptType: v4.00`).
  private var legacy = false
  private var playResY: Int?
  /// The names of the current section's `Format:` line, lowercased; nil until there is one.
  private var styleFormat: [String]?
  private var eventFormat: [String]?
  /// False when the events' `Format:` line cannot be used to read events.
  private var eventFormatUsable = true
  private var reportedMissingEventFormat = false
  private var styles: [String: ASSStyle] = [:]
  private var events: [Event] = []
  /// The line being read: its number and where it starts.
  private var lineNumber = 0
  private var lineStart = 0

  init(bytes: [UInt8], path: String?) {
    self.bytes = bytes
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

  mutating func parse() {
    var lines = LineScanner(bytes)
    var first = true
    while let line = lines.next() {
      lineNumber = line.number
      lineStart = line.range.lowerBound
      let content = trimmed(line.range)
      guard !content.isEmpty else { continue }
      let location = place(content.lowerBound)
      if bytes[content.lowerBound] == UInt8(ascii: "["),
        bytes[content.upperBound - 1] == UInt8(ascii: "]")
      {
        let name = string(trimmed(content.lowerBound + 1..<content.upperBound - 1))
        enter(name, at: location, first: first)
        first = false
        continue
      }
      if bytes[content.lowerBound] == UInt8(ascii: ";")
        || bytes[content].starts(with: "!:".utf8)
      {
        continue
      }
      if first {
        warn(
          "the script does not start with [Script Info]; lines before the first section are "
            + "ignored", at: location, hint: "start the file with the line [Script Info]")
        first = false
      }
      guard section != .none, section != .other else { continue }
      guard let colon = content.first(where: { bytes[$0] == UInt8(ascii: ":") }) else {
        // In [Events] such a line may be an event's text cut off: content lost, an error.
        report(
          section == .events ? .error : .warning,
          "line '\(excerpt(content))' is not a 'Name: value' line; ignored", at: location,
          hint: "write a key, a colon and a value, or start a comment with ;",
          losesText: section == .events)
        continue
      }
      let name = string(trimmed(content.lowerBound..<colon))
      let key = name.lowercased()
      let value = trimmed(colon + 1..<content.upperBound)
      switch section {
      case .scriptInfo: scriptInfo(key, value)
      case .styles(let legacySection):
        styleLine(key, name: name, value, legacy: legacySection, at: location)
      case .events:
        eventLine(key, name: name, value, whole: colon + 1..<content.upperBound, at: location)
      case .none, .other: break
      }
    }
    finish()
  }

  // MARK: Sections

  private mutating func enter(_ name: String, at location: SourceLocation, first: Bool) {
    switch name.lowercased() {
    case "script info": section = .scriptInfo
    case "v4+ styles", "v4 styles+":
      // The section's name says the script type, whatever `ScriptType` said (as libass).
      section = .styles(legacy: false)
      legacy = false
      styleFormat = nil
    case "v4 styles":
      section = .styles(legacy: true)
      legacy = true
      styleFormat = nil
    case "events":
      section = .events
      eventFormat = nil
      eventFormatUsable = true
    default: section = .other
    }
    if first, section != .scriptInfo {
      warn(
        "the script starts with [\(name)], not [Script Info]", at: location,
        hint: "start the file with the line [Script Info]")
    }
  }

  private mutating func scriptInfo(_ key: String, _ value: Range<Int>) {
    let text = string(value)
    switch key {
    case "scripttype":
      switch text.lowercased() {
      case "v4.00+": legacy = false
      case "v4.00": legacy = true
      default:
        warn(
          "ScriptType '\(text)' is not v4.00+ (ASS) or v4.00 (SSA); read as v4.00+",
          at: place(value.lowerBound), hint: "write ScriptType: v4.00+")
      }
    case "playresy", "playresx":
      guard let number = Int(text), number > 0 else {
        warn(
          "\(key == "playresy" ? "PlayResY" : "PlayResX") '\(text)' is not a positive "
            + "whole number; ignored", at: place(value.lowerBound),
          hint: "give the script's height and width in pixels")
        return
      }
      if key == "playresy" { playResY = number }
    case "language":
      guard let tag = LanguageTag(text) else {
        warn(
          "Language '\(text)' is not a BCP 47 language tag; ignored",
          at: place(value.lowerBound), hint: "write a tag such as en, pt-BR or zh-Hant")
        return
      }
      language = tag
    default:
      break
    }
  }

  // MARK: Styles

  private mutating func styleLine(
    _ key: String, name: String, _ value: Range<Int>, legacy legacySection: Bool,
    at location: SourceLocation
  ) {
    switch key {
    case "format":
      styleFormat = fields(value, count: .max).map { string($0.range).lowercased() }
      if styleFormat?.contains("name") != true {
        warn(
          "the styles' Format line has no Name field; styles cannot be used",
          at: place(value.lowerBound), hint: "start the Format line with Name")
      }
    case "style":
      let format =
        styleFormat
        ?? (legacySection ? ASSStyle.legacyFormat : ASSStyle.defaultFormat).map {
          $0.lowercased()
        }
      let values = fields(value, count: .max)
      if values.count != format.count {
        warn(
          "Style has \(values.count) fields; the Format line names \(format.count)",
          at: location, hint: "give one value for each field of the Format line")
      }
      var style = ASSStyle(name: "")
      var hasName = false
      // The name first, so that the findings about the other fields can name the style.
      if let index = format.firstIndex(of: "name"), index < values.count {
        style.name = string(values[index].range)
      }
      for (name, field) in zip(format, values) {
        readStyleField(name, field, legacy: legacySection, into: &style, hasName: &hasName)
      }
      guard hasName else { return }
      if styles[style.name] != nil {
        warn(
          "style '\(style.name)' is defined again; the later one is used", at: location,
          hint: "give each style its own name")
      }
      styles[style.name] = style
    default:
      warn(
        "'\(name)' line in a styles section is not a Format or Style line; ignored",
        at: location, hint: "move it to the section it belongs to")
    }
  }

  private mutating func readStyleField(
    _ name: String, _ field: Field, legacy legacySection: Bool, into style: inout ASSStyle,
    hasName: inout Bool
  ) {
    let text = string(field.range)
    switch name {
    case "name":
      style.name = text
      hasName = true
    case "bold", "italic", "underline":
      guard let number = Int(text) else {
        warn(
          "style '\(style.name)' \(name) '\(text)' is not a number; read as 0",
          at: field.location,
          hint: "write -1 for on and 0 for off")
        return
      }
      switch name {
      case "bold": style.text.bold = number == -1 || number == 1 || number >= 600
      case "italic": style.text.italic = number != 0
      default: style.text.underline = number != 0
      }
    case "primarycolour", "primarycolor":
      guard let color = ASSTextStyle.colorClass(text[...]) else {
        warn(
          "style '\(style.name)' PrimaryColour '\(text)' is not a colour; read as white",
          at: field.location, hint: "write the colour as &HAABBGGRR, such as &H0000FFFF for yellow")
        return
      }
      style.text.color = color
    case "alignment":
      let keypad = Int(text).flatMap { number -> Int? in
        if legacySection { return ASSStyle.keypad(legacy: number) }
        return (1...9).contains(number) ? number : nil
      }
      guard let keypad else {
        let range = legacySection ? "1-3, 5-7 or 9-11" : "1-9"
        warn(
          "style '\(style.name)' alignment '\(text)' is not \(range); read as bottom centre",
          at: field.location, hint: "write an alignment of \(range)")
        return
      }
      style.alignment = keypad
    case "marginv":
      guard let number = Int(text) else {
        warn(
          "style '\(style.name)' MarginV '\(text)' is not a whole number; read as 0",
          at: field.location,
          hint: "give the margin in pixels")
        return
      }
      style.marginV = number
    default:
      break
    }
  }

  // MARK: Events

  private mutating func eventLine(
    _ key: String, name: String, _ value: Range<Int>, whole: Range<Int>,
    at location: SourceLocation
  ) {
    switch key {
    case "format":
      let names = fields(value, count: .max).map { string($0.range).lowercased() }
      eventFormat = names
      eventFormatUsable = false
      for needed in ["Start", "End", "Text"] where !names.contains(needed.lowercased()) {
        error(
          "the events' Format line has no \(needed) field; events cannot be read",
          at: place(value.lowerBound),
          hint: "write Format: " + Self.defaultEventFormat.joined(separator: ", "),
          losesText: true)
        return
      }
      if names.last != "text" {
        error(
          "Text is not the last field of the events' Format line; events cannot be read",
          at: place(value.lowerBound), hint: "move Text to the end of the Format line",
          losesText: true)
        return
      }
      eventFormatUsable = true
    case "dialogue":
      dialogue(whole, at: location)
    case "comment":
      break
    case "picture", "sound", "movie", "command":
      remark(
        "\(name) events are not kept", at: location,
        hint: "captions carry text only")
    default:
      error(
        "'\(name)' line in [Events] is not an event or a Format line; ignored",
        at: location, hint: "write Dialogue: or Comment: lines", losesText: true)
    }
  }

  private mutating func dialogue(_ value: Range<Int>, at location: SourceLocation) {
    guard eventFormatUsable else { return }
    let format: [String]
    if let eventFormat {
      format = eventFormat
    } else {
      let defaults = legacy ? Self.legacyEventFormat : Self.defaultEventFormat
      format = defaults.map { $0.lowercased() }
      if !reportedMissingEventFormat {
        reportedMissingEventFormat = true
        warn(
          "[Events] has no Format line before its first event; fields read as "
            + defaults.joined(separator: ", "),
          at: location, hint: "write Format: " + defaults.joined(separator: ", "))
      }
    }
    // Spaces after `Dialogue:` are not part of the first field, those of the text are kept.
    var start = value.lowerBound
    while start < value.upperBound, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    let values = fields(start..<value.upperBound, count: format.count)
    guard values.count == format.count else {
      error(
        "Dialogue has \(values.count) fields; the Format line names \(format.count); event "
          + "dropped", at: place(value.upperBound),
        hint: "give a value (empty if need be) for each field before the text", losesText: true)
      return
    }
    var event = Event(
      order: events.count, layer: 0, start: .zero, end: .zero, style: "Default",
      styleLocation: location, name: "", marginV: 0, text: "", location: location)
    for (name, field) in zip(format, values) {
      switch name {
      case "layer": event.layer = Int(string(field.range)) ?? 0
      case "start", "end":
        guard let time = readTime(name, field) else { return }
        if name == "start" { event.start = time } else { event.end = time }
      case "style":
        var style = string(field.range)
        while style.hasPrefix("*") { style.removeFirst() }
        if !style.isEmpty { event.style = style }
        event.styleLocation = field.location
      case "name": event.name = string(field.range)
      case "marginv": event.marginV = Int(string(field.range)) ?? 0
      case "text":
        // The text as written, spaces and commas included, up to the end of the line.
        event.text = string(field.raw)
      default: break
      }
    }
    events.append(event)
  }

  private mutating func readTime(_ name: String, _ field: Field) -> MediaTime? {
    let written = string(field.range)
    switch ASSTime.read(bytes[field.range]) {
    case .written(let time): return time
    case .nearly(let time):
      warn(
        "event \(name) '\(written)' is not written H:MM:SS.cc; read as \(time)",
        at: field.location, hint: "write hours, minutes, seconds and centiseconds: 0:00:01.50")
      return time
    case .unreadable:
      error(
        "event \(name) '\(written)' is not a time H:MM:SS.cc; event dropped",
        at: field.location, hint: "write hours, minutes, seconds and centiseconds: 0:00:01.50",
        losesText: true)
      return nil
    }
  }

  // MARK: Cues

  /// Makes the cues of the events read, sorted by start, then layer, then file order.
  private mutating func finish() {
    let textStyles = styles.mapValues(\.text)
    var undefined: [String: (location: SourceLocation, count: Int)] = [:]
    var made: [(event: Event, cue: Cue)] = []
    made.reserveCapacity(events.count)
    for event in events {
      let style: ASSStyle
      if let defined = styles[event.style] {
        style = defined
      } else {
        if event.style != "Default" {
          let seen = undefined[event.style]
          undefined[event.style] = (seen?.location ?? event.styleLocation, (seen?.count ?? 0) + 1)
        }
        style = styles["Default"] ?? ASSStyle.fallback
      }
      let text = ASSEventText(
        text: event.text, style: style.text, styles: textStyles, voice: event.name)
      if text.rawText.isEmpty {
        if text.hasDrawing {
          warn(
            "Dialogue at \(event.start) is a drawing (\\p1), not text; left out",
            at: event.location, hint: "captions carry text only")
        } else {
          remark(
            "Dialogue at \(event.start) has no text; left out", at: event.location,
            hint: "remove the event or give it text")
        }
        continue
      }
      if text.hasDrawing {
        remark(
          "drawing (\\p1) in the Dialogue at \(event.start) left out", at: event.location,
          hint: "captions carry text only")
      }
      let cue = Cue(
        start: event.start, end: event.end,
        settings: settings(alignment: text.alignment ?? style.alignment, event, style),
        text: text.text, rawText: text.rawText, location: event.location)
      made.append((event, cue))
    }
    for (name, use) in undefined {
      let count = use.count == 1 ? "" : " (\(use.count) events; this is the first)"
      warn(
        "style '\(name)' is not defined; read as Default\(count)", at: use.location,
        hint: "define the style under [V4+ Styles] or use one that is")
    }
    made.sort {
      ($0.event.start, $0.event.layer, $0.event.order) < (
        $1.event.start, $1.event.layer, $1.event.order
      )
    }
    cues = made.map(\.cue)
  }

  /// The settings of an event: its alignment as a keypad position, and its own vertical
  /// margin, when it sets one other than its style's, as a line percentage of `PlayResY`
  /// (288 when the script gives none) from the top or the bottom.
  private func settings(alignment: Int, _ event: Event, _ style: ASSStyle) -> CueSettings {
    var settings = CueSettings(keypadAlignment: alignment)
    let row = (alignment - 1) / 3
    guard event.marginV != 0, event.marginV != style.marginV, row != 1 else { return settings }
    let height = Double(playResY ?? 288)
    let share = min(100, max(0, (Double(event.marginV) * 100 / height * 100).rounded() / 100))
    settings.snapToLines = false
    if row == 2 {
      settings.line = share
      settings.lineAlign = .start
    } else {
      settings.line = 100 - share
      settings.lineAlign = .end
    }
    return settings
  }

  // MARK: Bytes

  /// The comma-separated fields of `range`, spaces around each removed; the last of `count`
  /// fields holds the rest of the range, commas included.
  private func fields(_ range: Range<Int>, count: Int) -> [Field] {
    var result: [Field] = []
    var start = range.lowerBound
    var index = range.lowerBound
    while index < range.upperBound, result.count < count - 1 {
      if bytes[index] == UInt8(ascii: ",") {
        result.append(field(start..<index))
        start = index + 1
      }
      index += 1
    }
    if !range.isEmpty { result.append(field(start..<range.upperBound)) }
    return result
  }

  private func field(_ range: Range<Int>) -> Field {
    let content = trimmed(range)
    return Field(range: content, raw: range, location: place(content.lowerBound))
  }

  private func trimmed(_ range: Range<Int>) -> Range<Int> {
    var start = range.lowerBound
    var end = range.upperBound
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    return start..<end
  }

  private func string(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  /// The start of a line's text for messages: up to 30 characters.
  private func excerpt(_ range: Range<Int>) -> String {
    let text = string(range)
    return text.count > 30 ? String(text.prefix(30)) + "…" : text
  }

  /// The place of byte `offset` of the current line.
  private func place(_ offset: Int) -> SourceLocation {
    SourceLocation(line: lineNumber, column: offset - lineStart + 1, offset: offset)
  }

  // MARK: Findings

  /// Reports a finding; `losesText` when the events it is about are left out of the track.
  private mutating func report(
    _ severity: Severity, _ message: String, at location: SourceLocation, hint: String?,
    losesText: Bool = false
  ) {
    diagnostics.append(
      Diagnostic(
        rule: ASSReader.rule, severity: severity, message: message, file: path,
        location: location, hint: hint, losesText: losesText))
  }

  private mutating func error(
    _ message: String, at location: SourceLocation, hint: String?, losesText: Bool = false
  ) {
    report(.error, message, at: location, hint: hint, losesText: losesText)
  }

  private mutating func warn(
    _ message: String, at location: SourceLocation, hint: String?, losesText: Bool = false
  ) {
    report(.warning, message, at: location, hint: hint, losesText: losesText)
  }

  private mutating func remark(_ message: String, at location: SourceLocation, hint: String?) {
    report(.remark, message, at: location, hint: hint)
  }
}
