import CaptionCore
import CaptionExport
import CaptionFormats
import CaptionMerge

/// Transcripts of the demo samples, and of made-up cues.
enum SampleTranscripts {
  /// The track of a file of the repository, its path as given (relative to the root).
  static func read(_ path: String) throws -> Track {
    var track = try CaptionFileReader().read(path: repositoryRoot() + "/" + path).track
    track.path = path
    return track
  }

  /// The lighthouse demo: captions, descriptions and chapters.
  static func lighthouse() throws -> Transcript {
    TranscriptBuilder().build(
      captions: [try read("Samples/lighthouse/lighthouse.en.captions.vtt")],
      descriptions: [try read("Samples/lighthouse/lighthouse.en.descriptions.vtt")],
      chapters: [try read("Samples/lighthouse/lighthouse.chapters.vtt")])
  }

  static let lighthouseOptions = TranscriptExportOptions(
    title: "Transcript: lighthouse", mediaLink: "lighthouse.mp4")

  /// Captions of `texts`, one cue per second.
  static func captions(_ texts: [String], language: String = "en") -> Transcript {
    let cues = texts.enumerated().map { index, text in
      Cue(
        start: MediaTime(milliseconds: Int64(index) * 1000),
        end: MediaTime(milliseconds: Int64(index) * 1000 + 900), text: CueText(plain: text),
        rawText: text)
    }
    return TranscriptBuilder().build(
      captions: [Track(format: .webvtt, language: LanguageTag(language), cues: cues)])
  }
}
