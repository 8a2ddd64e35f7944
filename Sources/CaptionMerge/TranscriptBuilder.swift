public import CaptionCore

/// Makes a transcript from caption, description and chapter tracks.
///
/// One k-way merge by start time over every track (on equal starts: chapter, then
/// description, then caption; then track order, then cue order), in one pass: each caption
/// cue gives its speakers (`<v Name>`, `NAME:`, dialogue dashes, `>>`), its sound labels, and
/// its text without the lines it repeats from the cue before (roll-up, overlaps), and entries
/// are grouped into paragraphs as they come.
public struct TranscriptBuilder: Sendable {
  /// A gap between cues longer than this starts a new paragraph (default 2 s).
  public var pause: MediaTime
  /// Whether text a caption repeats from the cue before is removed (default true).
  public var removesRepeatedText: Bool

  public init(pause: MediaTime = MediaTime(milliseconds: 2000), removesRepeatedText: Bool = true) {
    self.pause = pause
    self.removesRepeatedText = removesRepeatedText
  }

  /// The transcript of the tracks. `language` defaults to the first track's language
  /// (captions first, then descriptions).
  public func build(
    captions: [Track], descriptions: [Track] = [], chapters: [Track] = [],
    language: LanguageTag? = nil
  ) -> Transcript {
    var inputs: [(track: Track, role: TranscriptTrack.Role)] = []
    inputs += captions.map { ($0, .captions) }
    inputs += descriptions.map { ($0, .descriptions) }
    inputs += chapters.map { ($0, .chapters) }
    let tracks = inputs.map {
      TranscriptTrack(role: $0.role, path: $0.track.path, language: $0.track.language)
    }
    let language =
      language ?? captions.lazy.compactMap(\.language).first
      ?? descriptions.lazy.compactMap(\.language).first

    var cursors = inputs.enumerated().map { index, input in
      Cursor(track: index, role: input.role, cues: input.track.cues)
    }
    var filters = inputs.map { _ in RepeatedLineFilter(window: pause) }
    var assembler = ParagraphAssembler(pause: pause)
    while let next = Self.earliest(cursors) {
      let (position, cue) = cursors[next].advance()
      let source = TranscriptSource(track: next, cue: position + 1)
      switch cursors[next].role {
      case .chapters:
        var text = Self.joinedText(VoicedLine.lines(of: cue.text))
        if text.isEmpty { text = cue.start.timestamp() }
        assembler.addChapter(
          TranscriptEntry(kind: .chapter, text: text, range: cue.range, source: source))
      case .descriptions:
        let text = Self.joinedText(VoicedLine.lines(of: cue.text))
        if text.isEmpty { continue }
        assembler.addDescription(
          TranscriptEntry(kind: .description, text: text, range: cue.range, source: source))
      case .captions:
        var lines = VoicedLine.lines(of: cue.text)
        if removesRepeatedText {
          lines = filters[next].newLines(lines, start: cue.start, end: cue.end)
        }
        addCaption(lines, cue: cue, source: source, to: &assembler)
      }
    }
    return Transcript(language: language, tracks: tracks, paragraphs: assembler.finish())
  }

  /// One caption cue's lines as entries: split into speaker turns, then into speech and
  /// sound labels.
  private func addCaption(
    _ lines: [VoicedLine], cue: Cue, source: TranscriptSource,
    to assembler: inout ParagraphAssembler
  ) {
    var turns: [Turn] = []
    for line in lines {
      var (marker, text) = SpeakerMarker.parse(line.text)
      if let voice = line.voice {
        if case .name = marker {} else { marker = .name(voice) }
      }
      switch marker {
      case .none:
        if turns.isEmpty {
          turns.append(Turn(speaker: nil, marked: false, text: text))
        } else {
          TranscriptParagraph.append(text, to: &turns[turns.count - 1].text)
        }
      case .unnamed:
        turns.append(Turn(speaker: nil, marked: true, text: text))
      case .name(let name):
        if turns.last?.marked == true, turns.last?.speaker == name {
          TranscriptParagraph.append(text, to: &turns[turns.count - 1].text)
        } else {
          turns.append(Turn(speaker: name, marked: true, text: text))
        }
      }
    }
    for turn in turns {
      let pieces = SoundLabel.pieces(of: turn.text)
      let hasSpeech = pieces.contains { !$0.isSound }
      for (index, piece) in pieces.enumerated() {
        let entry = TranscriptEntry(
          kind: piece.isSound ? .sound : .speech, speaker: turn.speaker, text: piece.text,
          range: cue.range, source: source)
        if !hasSpeech, !turn.marked {
          assembler.addSound(entry)
        } else {
          assembler.addDialogue(entry, startsTurn: turn.marked && index == 0)
        }
      }
    }
  }

  /// The lines' texts trimmed and joined.
  private static func joinedText(_ lines: [VoicedLine]) -> String {
    var text = ""
    for line in lines {
      TranscriptParagraph.append(VoicedLine.trimmed(line.text), to: &text)
    }
    return text
  }

  /// The cursor whose next cue comes first, by start, then role, then track order.
  private static func earliest(_ cursors: [Cursor]) -> Int? {
    var best: Int?
    var bestStart = MediaTime.zero
    var bestRank = 0
    for index in cursors.indices {
      guard let start = cursors[index].nextStart else { continue }
      let rank = cursors[index].rank
      if best == nil || start < bestStart || (start == bestStart && rank < bestRank) {
        best = index
        bestStart = start
        bestRank = rank
      }
    }
    return best
  }

  /// One speaker's part of a cue.
  private struct Turn {
    var speaker: String?
    /// True when the caption marked the turn (a name, a voice, a dash).
    var marked: Bool
    var text: String
  }

  /// A track's cues in start order, and the next one to merge.
  private struct Cursor {
    let track: Int
    let role: TranscriptTrack.Role
    let cues: [Cue]
    /// Cue positions in start order; nil when the track is already in order.
    let order: [Int]?
    var next = 0

    init(track: Int, role: TranscriptTrack.Role, cues: [Cue]) {
      self.track = track
      self.role = role
      self.cues = cues
      var sorted = true
      var index = 1
      while index < cues.count, sorted {
        sorted = cues[index - 1].start <= cues[index].start
        index += 1
      }
      // A stable sort keeps cues that start together in file order.
      order =
        sorted
        ? nil
        : cues.indices.sorted { (cues[$0].start, $0) < (cues[$1].start, $1) }
    }

    /// Chapters first, then descriptions, then captions, on equal starts.
    var rank: Int {
      switch role {
      case .chapters: return 0
      case .descriptions: return 1
      case .captions: return 2
      }
    }

    var nextStart: MediaTime? {
      guard next < cues.count else { return nil }
      return cues[order?[next] ?? next].start
    }

    /// The next cue and its position in the track.
    mutating func advance() -> (Int, Cue) {
      let position = order?[next] ?? next
      next += 1
      return (position, cues[position])
    }
  }
}
