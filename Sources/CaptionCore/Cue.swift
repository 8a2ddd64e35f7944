/// One timed piece of text.
///
/// Laid out for large tracks: settings other than the defaults live in a shared box (nil for
/// the common cue without settings), and the source location is kept in 16 bytes.
public struct Cue: Sendable, Hashable {
  // Stored in an order that packs the location into the padding after each time.

  /// The cue identifier; empty when the cue has none. SRT counters are kept here as read.
  public var id: String
  public var start: MediaTime
  /// The location's line (0 when there is none, or when `extras` holds it) and column.
  private var locationLine: UInt32
  public var end: MediaTime
  private var locationColumn: UInt32
  private var storedRawText: String
  private var locationOffset: Int
  /// Settings that differ from the defaults, and a location too large for the compact form.
  private var extras: Extras?
  /// The text: most often `rawText` itself, plain or with its markup syntax.
  private var textStorage: TextStorage

  /// How the text is kept.
  private enum TextStorage: Sendable {
    /// `rawText` is the text, without markup.
    case raw
    /// `rawText` is the text, in this markup syntax (a `CueTextMarkup`).
    case rawMarkup(any CueTextMarkup)
    /// Another text.
    case other(TextBox)
  }

  private final class TextBox: Sendable {
    let text: CueText

    init(_ text: CueText) {
      self.text = text
    }
  }

  /// The text as a tree of spans.
  public var text: CueText {
    get {
      switch textStorage {
      case .raw: return CueText(plain: storedRawText)
      case .rawMarkup(let syntax): return CueText(markup: storedRawText, syntax: syntax)
      case .other(let box): return box.text
      }
    }
    set { textStorage = Self.storage(of: newValue, rawText: storedRawText) }
  }

  /// The cue text exactly as written in the source file (markup and character references
  /// kept, line breaks as `\n`).
  public var rawText: String {
    get { storedRawText }
    set {
      if case .other = textStorage {
      } else {
        textStorage = .other(TextBox(text))
      }
      storedRawText = newValue
    }
  }

  private static func storage(of text: CueText, rawText: String) -> TextStorage {
    if let plain = text.storedPlain, plain == rawText { return .raw }
    if let markup = text.markup, markup.text == rawText { return .rawMarkup(markup.syntax) }
    return .other(TextBox(text))
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
    self.id = id
    self.start = start
    self.end = end
    self.storedRawText = rawText
    self.textStorage = Self.storage(of: text, rawText: rawText)
    if let location, let line = UInt32(exactly: location.line), line > 0,
      let column = UInt32(exactly: location.column)
    {
      self.locationLine = line
      self.locationColumn = column
      self.locationOffset = location.offset
      self.extras = settings.isDefault ? nil : Extras(settings: settings, location: nil)
    } else {
      self.locationLine = 0
      self.locationColumn = 0
      self.locationOffset = 0
      self.extras =
        settings.isDefault && location == nil
        ? nil : Extras(settings: settings, location: location)
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
