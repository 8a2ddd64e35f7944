public import CaptionCore

/// `coverage.no-captions`: media with an audio stream and no caption or subtitle track in
/// any locale (WCAG 1.2.2), nor captions in a form captionkit does not decode (CEA-708).
public struct NoCaptionsRule: ContextRule {
  public var id: String { "coverage.no-captions" }
  public var defaultSeverity: Severity { .error }
  public var summary: String { "media with audio has no caption or subtitle track" }
  public var needs: RuleNeeds { .media }

  public init() {}

  public func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings) {
    guard let media = context.media, Self.findsNone(context, tracks: tracks) else { return }
    let displayed = tracks.filter(Self.counts)
    let hint =
      "add captions as a sidecar file (\(Self.sidecarExample(media.path))) or a text "
      + "subtitle stream"
    if displayed.isEmpty {
      findings.add(
        "the media has an audio stream but no caption or subtitle track", file: media.path,
        hint: hint)
    } else {
      let names = displayed.map { input in
        input.track.stream.map { "stream \($0)" } ?? input.track.path ?? "a track"
      }
      let which =
        names.count == 1
        ? "track \(names[0]) has" : "tracks \(names.joined(separator: ", ")) have"
      findings.add(
        "the media has an audio stream, but its caption and subtitle \(which) no cues",
        file: media.path, hint: "check that the right file was delivered; " + hint)
    }
  }

  /// True for a track that captions the dialogue when it has cues: captions, SDH and
  /// subtitles (forced subtitles show only part of it).
  public static func counts(_ track: TrackInput) -> Bool {
    MediaTracks.isDisplayed(track.kind) && track.kind != .forced
  }

  /// True when the media of `context` has audio and no track of `tracks` that counts has a
  /// cue: the rule then names every such track (a track without a cue captions nothing).
  public static func findsNone(_ context: ValidationContext, tracks: [TrackInput]) -> Bool {
    guard let media = context.media, media.hasAudio else { return false }
    return tracks.filter(counts).allSatisfy { $0.track.cues.isEmpty }
  }

  static func sidecarExample(_ path: String?) -> String {
    stem(path) + ".en.captions.vtt"
  }

  /// The media file's name without folder and extension (`movie` for `a/movie.mp4`).
  static func stem(_ path: String?) -> String {
    guard let path else { return "movie" }
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let stem = name.split(separator: ".").dropLast().joined(separator: ".")
    return stem.isEmpty ? name : stem
  }
}
