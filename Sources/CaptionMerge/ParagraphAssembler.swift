import CaptionCore

/// Groups entries that arrive in time order into paragraphs: a new paragraph for each
/// chapter, for a description after something else, for a new speaker, for sounds alone, and
/// after a pause longer than `pause`.
struct ParagraphAssembler: Sendable {
  var pause: MediaTime
  private(set) var paragraphs: [TranscriptParagraph] = []
  private var current: TranscriptParagraph?
  /// The latest end of the open paragraph's entries.
  private var currentEnd = MediaTime.zero
  /// True when the open dialogue paragraph holds sounds only.
  private var soundsOnly = false

  init(pause: MediaTime) {
    self.pause = pause
  }

  /// Adds a chapter title: always its own paragraph.
  mutating func addChapter(_ entry: TranscriptEntry) {
    close()
    paragraphs.append(TranscriptParagraph(kind: .chapter, entries: [entry]))
  }

  /// Adds a description: it joins a description paragraph it follows closely.
  mutating func addDescription(_ entry: TranscriptEntry) {
    if current?.kind != .description || isPause(before: entry) {
      open(TranscriptParagraph(kind: .description), soundsOnly: false)
    }
    append(entry)
  }

  /// Adds a sound heard alone (no speech, no speaker): sounds in a row share a paragraph.
  mutating func addSound(_ entry: TranscriptEntry) {
    if current?.kind != .dialogue || !soundsOnly || isPause(before: entry) {
      open(TranscriptParagraph(kind: .dialogue), soundsOnly: true)
    }
    append(entry)
  }

  /// Adds speech, or a sound within speech. `startsTurn` is true when the caption marked a
  /// speaker here (a name, a voice, a dash): a dash or another name starts a new paragraph,
  /// the same name continues; otherwise the entry continues the turn and takes its speaker.
  mutating func addDialogue(_ entry: TranscriptEntry, startsTurn: Bool) {
    var entry = entry
    let continues =
      current?.kind == .dialogue && !soundsOnly && !isPause(before: entry)
      && (!startsTurn || (entry.speaker != nil && entry.speaker == current?.speaker))
    if continues {
      if entry.speaker == nil { entry.speaker = current?.speaker }
    } else {
      open(TranscriptParagraph(kind: .dialogue, speaker: entry.speaker), soundsOnly: false)
    }
    append(entry)
  }

  /// Closes the open paragraph and returns every paragraph.
  mutating func finish() -> [TranscriptParagraph] {
    close()
    return paragraphs
  }

  private func isPause(before entry: TranscriptEntry) -> Bool {
    current != nil && entry.range.start > currentEnd + pause
  }

  private mutating func open(_ paragraph: TranscriptParagraph, soundsOnly: Bool) {
    close()
    current = paragraph
    self.soundsOnly = soundsOnly
  }

  private mutating func append(_ entry: TranscriptEntry) {
    if current?.entries.isEmpty ?? true || entry.range.end > currentEnd {
      currentEnd = entry.range.end
    }
    current?.entries.append(entry)
  }

  private mutating func close() {
    if let current, !current.entries.isEmpty { paragraphs.append(current) }
    current = nil
  }
}
