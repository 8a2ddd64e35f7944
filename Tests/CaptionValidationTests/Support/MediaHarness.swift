import CaptionCore
import CaptionFormats
import CaptionValidation

/// Runs a rule that sees a media and all its tracks on marked caption files.
enum MediaHarness {
  /// One marked file, with what its name would say.
  struct File {
    var marked: String
    var language: String?
    var kind: TrackKind?
    var source: TrackSource = .sidecar
    var stream: Int?
  }

  /// Speech detected from `start` to `end` seconds, each pair.
  static func speech(_ stretches: [(Double, Double)], duration: Double) -> AudioActivity {
    AudioActivity(
      segments: stretches.map {
        .init(
          start: MediaTime(milliseconds: Int64($0.0 * 1000)),
          end: MediaTime(milliseconds: Int64($0.1 * 1000)), level: -20)
      }, duration: MediaTime(milliseconds: Int64(duration * 1000)))
  }

  /// The findings of `rule` as (file index, marker or `track`, message).
  static func findings(
    of rule: any Rule, files: [File],
    media: MediaFacts? = MediaFacts(
      duration: MediaTime(milliseconds: 60_000), hasAudio: true, hasVideo: true,
      path: "movie.mp4"),
    audio: AudioActivity? = nil, profile: ValidationProfile = .standard
  ) -> [String] {
    let inputs = files.map { MarkedInput($0.marked) }
    var tracks: [Track] = []
    for (index, file) in files.enumerated() {
      var track = WebVTTReader.read(inputs[index].text, path: "file\(index + 1).vtt").track
      track.language = file.language.flatMap { LanguageTag($0) }
      track.kind = file.kind
      track.source = file.source
      track.stream = file.stream
      tracks.append(track)
    }
    let context = ValidationContext(tracks: tracks, media: media, audio: audio, profile: profile)
    let ids = tracks.indices.map { String($0 + 1) }
    return Validator(rules: [rule]).validateTogether(context, ids: ids).map { diagnostic in
      guard let id = diagnostic.track, let index = Int(id) else {
        return "media: \(diagnostic.message)"
      }
      let marker =
        inputs[index - 1].markers.first { _, place in
          place.line == diagnostic.location?.line && place.column == diagnostic.location?.column
        }?.key ?? "track"
      return "\(id) \(marker) \(diagnostic.message)"
    }
  }
}
