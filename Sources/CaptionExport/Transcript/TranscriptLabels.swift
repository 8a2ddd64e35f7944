public import CaptionCore

/// The words a transcript document adds around the captions' text, in the transcript's
/// language where captionkit has them, else in English.
public struct TranscriptLabels: Sendable, Hashable {
  /// The language of these labels.
  public var language: String
  /// "Transcript", before the media name in a title made from it.
  public var transcript: String
  public var skipToTranscript: String
  public var chapters: String
  /// "Chapter", before a chapter title in plain text.
  public var chapter: String
  /// "Description:", before each description.
  public var description: String
  /// "Play from", before a time in a link's accessible name.
  public var playFrom: String
  /// True when `playFrom` comes after the time (`1:23부터 재생`).
  public var playFromFollowsTime: Bool

  /// The accessible name of a link that plays from `time` (`Play from 1:23`).
  public func play(from time: String) -> String {
    playFromFollowsTime ? time + playFrom : playFrom + " " + time
  }

  /// The labels for `language` (its primary subtag), English when there are none.
  public init(language: LanguageTag?) {
    self = language.flatMap { TranscriptLabels.table[$0.language] } ?? TranscriptLabels.english
  }

  private init(
    _ language: String, _ transcript: String, _ skip: String, _ chapters: String,
    _ chapter: String, _ description: String, _ playFrom: String, after: Bool = false
  ) {
    self.language = language
    self.transcript = transcript
    self.skipToTranscript = skip
    self.chapters = chapters
    self.chapter = chapter
    self.description = description
    self.playFrom = playFrom
    self.playFromFollowsTime = after
  }

  static let english = TranscriptLabels(
    "en", "Transcript", "Skip to the transcript", "Chapters", "Chapter", "Description:",
    "Play from")

  private static let table: [String: TranscriptLabels] = [
    "en": english,
    "ar": TranscriptLabels(
      "ar", "النص الكامل", "انتقل إلى النص الكامل", "الفصول", "الفصل", "وصف:", "تشغيل من"),
    "he": TranscriptLabels("he", "תמליל", "דילוג לתמליל", "פרקים", "פרק", "תיאור:", "הפעלה מ־"),
    "fr": TranscriptLabels(
      "fr", "Transcription", "Aller à la transcription", "Chapitres", "Chapitre",
      "Description :", "Lire à partir de"),
    "de": TranscriptLabels(
      "de", "Transkript", "Zum Transkript springen", "Kapitel", "Kapitel", "Beschreibung:",
      "Abspielen ab"),
    "es": TranscriptLabels(
      "es", "Transcripción", "Saltar a la transcripción", "Capítulos", "Capítulo",
      "Descripción:", "Reproducir desde"),
    "ko": TranscriptLabels(
      "ko", "대본", "대본으로 건너뛰기", "챕터", "챕터", "화면 해설:", "부터 재생", after: true),
    "ja": TranscriptLabels(
      "ja", "書き起こし", "書き起こしへ移動", "チャプター", "チャプター", "音声解説:", "から再生",
      after: true),
  ]
}
