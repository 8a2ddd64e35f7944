/// One piece of a transcript: a speaker's words, a sound, a description or a chapter title,
/// with its time range and source.
public struct TranscriptEntry: Sendable, Hashable {
  /// What an entry holds.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// Words someone says.
    case speech
    /// A sound or music label (`[door slams]`, `(music)`, `♪ ... ♪`): not speech.
    case sound
    /// An audio description: what is shown.
    case description
    /// A chapter title.
    case chapter
  }

  public var kind: Kind
  /// The speaker's name; nil when unknown or not speech.
  public var speaker: String?
  /// The text without markup, its lines joined, sound labels with their brackets.
  public var text: String
  public var range: TimeRange
  public var source: TranscriptSource

  public init(
    kind: Kind, speaker: String? = nil, text: String, range: TimeRange, source: TranscriptSource
  ) {
    self.kind = kind
    self.speaker = speaker
    self.text = text
    self.range = range
    self.source = source
  }
}
