public import CaptionCore

/// The tracks of one media sorted by role, as the media-level rules see them: the captions
/// that are compared with the audio, the source of translations, the translations and the
/// descriptions.
public struct MediaTracks: Sendable {
  public var all: [TrackInput]

  public init(_ tracks: [TrackInput]) {
    self.all = tracks
  }

  /// Tracks shown on screen (captions, SDH, subtitles, forced); unknown kinds count.
  public var displayed: [TrackInput] {
    all.filter { Self.isDisplayed($0.kind) }
  }

  /// Text description tracks.
  public var descriptions: [TrackInput] {
    all.filter { $0.kind == .descriptions }
  }

  static func isDisplayed(_ kind: TrackKind?) -> Bool {
    guard let kind else { return true }
    return kind == .captions || kind == .sdh || kind == .subtitles || kind == .forced
  }

  /// The language translations are compared with: the one given, else the captions'
  /// (captions or SDH first), else `en`.
  public func sourceLocale(given: LanguageTag?) -> LanguageTag? {
    if let given { return given }
    let captions = all.first { ($0.kind == .captions || $0.kind == .sdh) && $0.language != nil }
    return captions?.language ?? LanguageTag("en")
  }

  /// The track of the source language whose cues stand for the dialogue: captions or SDH
  /// in that language, else its subtitles, else any captions or SDH, else the first
  /// displayed track that is not forced. A track without a cue stands for nothing
  /// (`coverage.empty-track` reports it).
  public func dialogue(source: LanguageTag?) -> TrackInput? {
    let full = displayed.filter { $0.kind != .forced && !$0.track.cues.isEmpty }
    let inSource = full.filter { track in
      guard let source, let language = track.language else { return false }
      return Self.sameLanguage(language, source)
    }
    return inSource.first { $0.kind == .captions || $0.kind == .sdh } ?? inSource.first
      ?? full.first { $0.kind == .captions || $0.kind == .sdh } ?? full.first
  }

  /// True when two tags name the same language (`pt` and `pt-BR`; case ignored).
  public static func sameLanguage(_ a: LanguageTag, _ b: LanguageTag) -> Bool {
    a.language.lowercased() == b.language.lowercased()
  }

  /// True when a cue holds speech: text left after removing sound descriptions (`[door
  /// slams]`, `(laughs)`), music notes and speaker labels (`JOHN:`).
  public static func isSpeech(_ cue: Cue) -> Bool {
    var depth = 0
    var lineLetters = 0
    for character in cue.text.visibleText {
      switch character {
      case "[", "(": depth += 1
      case "]", ")": depth = max(0, depth - 1)
      case "\n":
        if lineLetters > 0 { return true }
      case ":" where depth == 0:
        // A speaker label in capitals (no lowercase letter came before it on its line):
        // not speech by itself.
        lineLetters = 0
      default:
        guard depth == 0 else { continue }
        // A lowercase letter outside brackets is speech: no speaker label can follow it on
        // its line.
        if let ascii = character.asciiValue {
          if (0x61...0x7A).contains(ascii) { return true }
          if (0x41...0x5A).contains(ascii) { lineLetters += 1 }
          continue
        }
        guard character.isLetter else { continue }
        if character.isLowercase { return true }
        lineLetters += 1
      }
    }
    return lineLetters > 0
  }
}
