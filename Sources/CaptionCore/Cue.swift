/// One timed piece of text.
public struct Cue: Sendable, Hashable {
  /// The cue identifier; empty when the cue has none. SRT counters are kept here as read.
  public var id: String
  public var start: MediaTime
  public var end: MediaTime
  public var settings: CueSettings
  /// The text as a tree of spans.
  public var text: CueText
  /// The cue text exactly as written in the source file (markup and character references
  /// kept, line breaks as `\n`).
  public var rawText: String
  /// Where the cue begins in its source file (its identifier line, or its timing line).
  public var location: SourceLocation?

  public init(
    id: String = "", start: MediaTime, end: MediaTime, settings: CueSettings = .default,
    text: CueText, rawText: String, location: SourceLocation? = nil
  ) {
    self.id = id
    self.start = start
    self.end = end
    self.settings = settings
    self.text = text
    self.rawText = rawText
    self.location = location
  }

  public var range: TimeRange { TimeRange(start: start, end: end) }

  /// A reference to this cue for diagnostics; `index` is 1-based.
  public func reference(index: Int) -> CueReference {
    CueReference(index: index, id: id.isEmpty ? nil : id, start: start, end: end)
  }
}
