/// A full transcript of a programme: what is said and by whom, the sounds, what is shown
/// (audio descriptions) and the chapters, in time order, as paragraphs.
///
/// A transcript has one language; every track it was made from is listed in `tracks`, and
/// each entry names its track and cue there.
public struct Transcript: Sendable, Hashable {
  /// The language of the text; nil when no track declared one.
  public var language: LanguageTag?
  /// The tracks the transcript was made from; `TranscriptSource.track` indexes this list.
  public var tracks: [TranscriptTrack]
  /// The paragraphs in time order.
  public var paragraphs: [TranscriptParagraph]

  public init(
    language: LanguageTag? = nil, tracks: [TranscriptTrack] = [],
    paragraphs: [TranscriptParagraph] = []
  ) {
    self.language = language
    self.tracks = tracks
    self.paragraphs = paragraphs
  }

  /// Every entry of every paragraph, in order.
  public var entries: [TranscriptEntry] { paragraphs.flatMap(\.entries) }

  /// The writing direction of the transcript's language.
  public var direction: TextDirection { TextDirection(language: language) }
}
