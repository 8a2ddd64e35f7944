import CaptionKit

/// A made-up programme for the transcript benchmark: captions, audio descriptions and
/// chapters as WebVTT, the same bytes for the same seed.
///
/// The captions mix what real caption files hold: `<v>` voices, `NAME:` prefixes, dialogue
/// dashes, sound labels and two-row roll-up cues that repeat the line before.
public struct TranscriptProgramme: Sendable {
  public var duration: Int64
  public var captionCount: Int
  public var descriptionCount: Int
  public var chapterCount: Int
  public var seed: UInt64

  /// The benchmark's programme: 2 hours, 2,000 captions, 300 descriptions, 12 chapters.
  public init(
    durationMilliseconds: Int64 = 7_200_000, captions: Int = 2000, descriptions: Int = 300,
    chapters: Int = 12, seed: UInt64 = 20_251_129
  ) {
    self.duration = durationMilliseconds
    self.captionCount = captions
    self.descriptionCount = descriptions
    self.chapterCount = chapters
    self.seed = seed
  }

  static let names = ["Mara", "Jonas", "Anna", "Lee", "Dr. Okafor"]
  static let sounds = ["[door slams]", "[thunder rumbles]", "(music)", "[laughter]", "♪ ♪"]

  /// The three files' texts.
  public func webVTT() -> (captions: String, descriptions: String, chapters: String) {
    var random = SplitMix64(seed: seed)
    func words(_ count: Int) -> String {
      var text = ""
      for index in 0..<count {
        let word = random.pick(
          index == 0 ? CaptionVocabulary.englishCapitalized : CaptionVocabulary.english)
        if index > 0 { text += " " }
        text += String(decoding: word, as: UTF8.self)
      }
      return text + "."
    }
    func timing(_ start: Int64, _ end: Int64) -> String {
      MediaTime(milliseconds: start).timestamp() + " --> "
        + MediaTime(milliseconds: end).timestamp()
    }

    var captions = "WEBVTT\n"
    let step = duration / Int64(max(captionCount, 1))
    var lastLine = words(4)
    for index in 0..<captionCount {
      let start = Int64(index) * step + Int64(random.below(300))
      let end = start + step * 8 / 10
      let text: String
      switch random.below(10) {
      case 0, 1, 2, 3:
        lastLine = words(random.int(in: 3...9))
        text = "<v \(random.pick(Self.names))>" + lastLine
      case 4:
        lastLine = words(random.int(in: 3...9))
        text = random.pick(Self.names).uppercased() + ": " + lastLine
      case 5:
        lastLine = words(random.int(in: 2...5))
        text = "- " + words(random.int(in: 2...5)) + "\n- " + lastLine
      case 6:
        text = random.pick(Self.sounds)
      case 7:
        let next = words(random.int(in: 3...7))
        text = lastLine + "\n" + next
        lastLine = next
      default:
        lastLine = words(random.int(in: 4...10))
        text = lastLine
      }
      captions += "\n\(index + 1)\n\(timing(start, end))\n\(text)\n"
    }

    var descriptions = "WEBVTT\n"
    let gap = duration / Int64(max(descriptionCount, 1))
    for index in 0..<descriptionCount {
      let start = Int64(index) * gap + gap / 2
      descriptions += "\nd\(index + 1)\n\(timing(start, start + 3000))\n"
      descriptions += words(random.int(in: 6...16)) + "\n"
    }

    var chapters = "WEBVTT\n"
    let length = duration / Int64(max(chapterCount, 1))
    for index in 0..<chapterCount {
      let start = Int64(index) * length
      chapters += "\n\(timing(start, start + length))\nChapter \(index + 1): \(words(3))\n"
    }
    return (captions, descriptions, chapters)
  }

  /// The three tracks, read by captionkit's WebVTT reader.
  public func tracks() -> (captions: Track, descriptions: Track, chapters: Track) {
    let files = webVTT()
    func read(_ text: String, _ name: String) -> Track {
      WebVTTReader.read(TextDecoding.decode(Array(text.utf8), file: name), path: name).track
    }
    return (
      read(files.captions, "programme.en.captions.vtt"),
      read(files.descriptions, "programme.en.descriptions.vtt"),
      read(files.chapters, "programme.chapters.vtt")
    )
  }
}
