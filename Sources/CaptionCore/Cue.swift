/// One timed piece of text.
///
/// Laid out for large tracks: a cue read from a file keeps its text as a range of the file's
/// bytes (shared by all its cues), settings other than the defaults live in a shared box (nil
/// for the common cue without settings), and the source location is kept in 16 bytes.
public struct Cue: Sendable, Hashable {
  // Stored in an order that packs the location into the padding after each time.

  /// The cue identifier; empty when the cue has none. SRT counters are kept here as read.
  public var id: String
  public var start: MediaTime
  /// The location's line (0 when there is none, or when `extras` holds it) and column.
  private var locationLine: UInt32
  public var end: MediaTime
  private var locationColumn: UInt32
  private var locationOffset: Int
  /// Settings that differ from the defaults, and a location too large for the compact form.
  private var extrasSlot: ExtrasSlot

  /// `extrasSlot` as an optional.
  private var extras: Extras? {
    get {
      switch extrasSlot {
      case .none: return nil
      case .some(let extras): return extras
      }
    }
    set { extrasSlot = ExtrasSlot(newValue) }
  }

  /// An optional `Extras`, spelled as an enum of its own: with an `Optional` stored property,
  /// the compiler builds every new cue aside and copies it into place (a reference count
  /// more, and one less, for each of its references).
  private enum ExtrasSlot: Sendable {
    case none
    case some(Extras)

    init(_ extras: Extras?) {
      if let extras { self = .some(extras) } else { self = .none }
    }
  }
  /// The raw text, and the text when it is not the raw text read plainly or in its syntax.
  private var body: Body

  /// How the raw text and the text are kept.
  private enum Body: Sendable {
    /// The raw text is the text, without markup.
    case plain(String)
    /// The raw text is the text, in a markup syntax.
    case markup(MarkupBox)
    /// A raw text and another text.
    case other(TextBox)
    /// A range of the bytes of a source file (`SourceRange`), read plainly, or in the
    /// source's syntax when the range has markup.
    case slice(CueSource, SourceRange)
  }

  private final class MarkupBox: Sendable {
    let raw: String
    let syntax: any CueTextMarkup

    init(raw: String, syntax: any CueTextMarkup) {
      self.raw = raw
      self.syntax = syntax
    }
  }

  private final class TextBox: Sendable {
    let raw: String
    let text: CueText

    init(raw: String, text: CueText) {
      self.raw = raw
      self.text = text
    }
  }

  /// A cue text's place in its source: start and count of its bytes, a markup flag and a
  /// written-form flag, in one word.
  private struct SourceRange: Sendable {
    var packed: UInt64

    init?(_ range: Range<Int>, markup: Bool, writtenForm: Bool) {
      guard let start = UInt32(exactly: range.lowerBound), range.count < 1 << 30 else {
        return nil
      }
      packed =
        UInt64(start) << 32 | UInt64(range.count) << 2 | (writtenForm ? 2 : 0) | (markup ? 1 : 0)
    }

    var range: Range<Int> {
      let start = Int(packed >> 32)
      return start..<start + Int(packed >> 2 & 0x3FFF_FFFF)
    }

    var hasMarkup: Bool { packed & 1 == 1 }
    var isWrittenForm: Bool { packed & 2 == 2 }
  }

  /// The text as a tree of spans.
  public var text: CueText {
    get {
      switch body {
      case .plain(let raw): return CueText(plain: raw)
      case .markup(let box): return CueText(markup: box.raw, syntax: box.syntax)
      case .other(let box): return box.text
      case .slice(let source, let range):
        let raw = source.string(range.range)
        if range.hasMarkup, let syntax = source.syntax {
          return CueText(markup: raw, syntax: syntax)
        }
        return CueText(plain: raw)
      }
    }
    set { body = Self.body(of: newValue, rawText: rawText) }
  }

  /// The cue text exactly as written in the source file (markup and character references
  /// kept, line breaks as `\n`).
  public var rawText: String {
    get {
      switch body {
      case .plain(let raw): return raw
      case .markup(let box): return box.raw
      case .other(let box): return box.raw
      case .slice(let source, let range): return source.string(range.range)
      }
    }
    set {
      if case .other(let box) = body {
        body = .other(TextBox(raw: newValue, text: box.text))
      } else {
        body = .other(TextBox(raw: newValue, text: text))
      }
    }
  }

  private static func body(of text: CueText, rawText: String) -> Body {
    if let plain = text.storedPlain, plain == rawText { return .plain(rawText) }
    if let markup = text.markup, markup.text == rawText {
      return .markup(MarkupBox(raw: rawText, syntax: markup.syntax))
    }
    return .other(TextBox(raw: rawText, text: text))
  }

  /// The source file the raw text is a range of, when it is one (nil for a cue made or
  /// changed in memory).
  package var source: CueSource? {
    if case .slice(let source, _) = body { return source }
    return nil
  }

  /// Where the raw text of the cue at `cue` lies in the bytes of `source`, and whether it is
  /// read in the source's syntax; nil when the cue's text is not a range of `source`. Read
  /// where the cue lies, it takes no copy of the cue and no reference to the source, so
  /// threads reading the cues of one file do not contend.
  fileprivate static func slice(at cue: UnsafePointer<Cue>, of source: CueSource) -> (
    range: Range<Int>, markup: Bool
  )? {
    guard case .slice(let own, let range) = cue.pointee.body, own === source else { return nil }
    return (range.range, range.hasMarkup)
  }

  /// Calls `body` with the bytes of the raw text and, when the text is the raw text read in
  /// a markup syntax, that syntax (nil for plain text), without making a string. Returns nil,
  /// calling nothing, when the text is not the raw text read plainly or in its syntax.
  package func withRawTextBytes<Result>(
    _ body: (UnsafeBufferPointer<UInt8>, (any CueTextMarkup)?) -> Result
  ) -> Result? {
    switch self.body {
    case .plain(var raw): return raw.withUTF8 { body($0, nil) }
    case .markup(let box):
      var raw = box.raw
      return raw.withUTF8 { body($0, box.syntax) }
    case .other: return nil
    case .slice(let source, let range):
      let syntax = range.hasMarkup ? source.syntax : nil
      return source.withBytes {
        body(UnsafeBufferPointer(rebasing: $0[range.range]), syntax)
      }
    }
  }

  /// What most cues do not need, shared between copies and replaced, never changed.
  private final class Extras: Sendable {
    let settings: CueSettings
    let location: SourceLocation?

    init(settings: CueSettings, location: SourceLocation?) {
      self.settings = settings
      self.location = location
    }
  }

  public init(
    id: String = "", start: MediaTime, end: MediaTime, settings: CueSettings = .default,
    text: CueText, rawText: String, location: SourceLocation? = nil
  ) {
    self.init(
      id: id, start: start, end: end, settings: settings,
      body: Self.body(of: text, rawText: rawText), location: location)
  }

  /// A cue whose raw text is `range` of `source`'s bytes, valid UTF-8: plain text, or text in
  /// the source's syntax when `hasMarkup`. The text is kept as that range, without a copy.
  /// `settings` nil stands for the defaults. `writtenForm` says that the reader found the
  /// markup in the simplest form of its syntax (see `hasMarkupInWrittenForm`).
  package init(
    id: String, start: MediaTime, end: MediaTime, settings: CueSettings?,
    source: borrowing CueSource, range: Range<Int>, hasMarkup: Bool, writtenForm: Bool = false,
    location: SourceLocation
  ) {
    self.id = id
    self.start = start
    self.end = end
    let markup = hasMarkup && source.syntax != nil
    if let packed = SourceRange(range, markup: markup, writtenForm: markup && writtenForm) {
      // The one reference the cue takes to its source.
      body = .slice(copy source, packed)
    } else {
      let raw = source.string(range)
      if hasMarkup, let syntax = source.syntax {
        body = .markup(MarkupBox(raw: raw, syntax: syntax))
      } else {
        body = .plain(raw)
      }
    }
    if let line = UInt32(exactly: location.line), line > 0,
      let column = UInt32(exactly: location.column)
    {
      locationLine = line
      locationColumn = column
      locationOffset = location.offset
      if let settings, !settings.isDefault {
        extrasSlot = .some(Extras(settings: settings, location: nil))
      } else {
        extrasSlot = .none
      }
    } else {
      locationLine = 0
      locationColumn = 0
      locationOffset = 0
      extrasSlot = .some(Extras(settings: settings ?? .default, location: location))
    }
  }

  private init(
    id: String, start: MediaTime, end: MediaTime, settings: CueSettings, body: Body,
    location: SourceLocation?
  ) {
    self.id = id
    self.start = start
    self.end = end
    self.body = body
    let plainSettings = settings.isDefault
    if let location, let line = UInt32(exactly: location.line), line > 0,
      let column = UInt32(exactly: location.column)
    {
      self.locationLine = line
      self.locationColumn = column
      self.locationOffset = location.offset
      self.extrasSlot = plainSettings ? .none : .some(Extras(settings: settings, location: nil))
    } else {
      self.locationLine = 0
      self.locationColumn = 0
      self.locationOffset = 0
      self.extrasSlot =
        plainSettings && location == nil
        ? .none : .some(Extras(settings: settings, location: location))
    }
  }

  /// Where and how the cue is shown.
  public var settings: CueSettings {
    get { extras?.settings ?? .default }
    set {
      let location = extras?.location
      if newValue.isDefault, location == nil {
        extras = nil
      } else {
        extras = Extras(settings: newValue, location: location)
      }
    }
  }

  /// True when the text is the raw text in its syntax, and the reader that made the cue found
  /// that markup in the simplest form of the syntax (for WebVTT, known tags with classes and
  /// voices, all closed, and `&amp;`, `&lt;`, `&gt;`; for SRT, `<b>`, `<i>`, `<u>` closed in
  /// order and at most one `{\anN}`): writers need not check it again.
  package var hasMarkupInWrittenForm: Bool {
    if case .slice(_, let range) = body { return range.isWrittenForm }
    return false
  }

  /// True when the settings are the defaults, found without copying them.
  package var hasDefaultSettings: Bool {
    guard let extras else { return true }
    return extras.settings.isDefault
  }

  /// Where the cue begins in its source file (its identifier line, or its timing line).
  public var location: SourceLocation? {
    get {
      if locationLine > 0 {
        return SourceLocation(
          line: Int(locationLine), column: Int(locationColumn), offset: locationOffset)
      }
      return extras?.location
    }
    set {
      let settings = self.settings
      if let newValue, let line = UInt32(exactly: newValue.line), line > 0,
        let column = UInt32(exactly: newValue.column)
      {
        locationLine = line
        locationColumn = column
        locationOffset = newValue.offset
        if extras?.location != nil {
          extras = settings.isDefault ? nil : Extras(settings: settings, location: nil)
        }
      } else {
        locationLine = 0
        locationColumn = 0
        locationOffset = 0
        if newValue == nil, settings.isDefault {
          extras = nil
        } else {
          extras = Extras(settings: settings, location: newValue)
        }
      }
    }
  }

  public var range: TimeRange { TimeRange(start: start, end: end) }

  /// A reference to this cue for diagnostics; `index` is 1-based.
  public func reference(index: Int) -> CueReference {
    CueReference(index: index, id: id.isEmpty ? nil : id, start: start, end: end)
  }

  public static func == (lhs: Cue, rhs: Cue) -> Bool {
    lhs.id == rhs.id && lhs.start == rhs.start && lhs.end == rhs.end
      && lhs.rawText == rhs.rawText && lhs.location == rhs.location
      && lhs.settings == rhs.settings && lhs.text == rhs.text
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(start)
    hasher.combine(end)
    hasher.combine(settings)
    hasher.combine(text)
    hasher.combine(rawText)
    hasher.combine(location)
  }
}

extension UnsafeBufferPointer where Element == Cue {
  /// Where the raw text of the cue at `index` lies in the bytes of `source`, and whether it
  /// is read in the source's syntax; nil when it is not a range of `source`. Read where the
  /// cue lies, without a copy of it.
  package func slice(at index: Int, of source: CueSource) -> (range: Range<Int>, markup: Bool)? {
    precondition(index >= 0 && index < count, "cue index out of range")
    guard let base = baseAddress else { return nil }
    return Cue.slice(at: base + index, of: source)
  }

  /// The identifier of the cue at `index`, read where the cue lies, without a copy of it.
  package func id(at index: Int) -> String {
    precondition(index >= 0 && index < count, "cue index out of range")
    return self[index].id
  }

  /// The place of the cue at `index`, read where the cue lies, without a copy of it.
  package func location(at index: Int) -> SourceLocation? {
    precondition(index >= 0 && index < count, "cue index out of range")
    return self[index].location
  }
}
