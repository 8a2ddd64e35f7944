public import CaptionCore

/// `description.missing`: video with no description track, no described audio stream and
/// no transcript (WCAG 1.2.3, 1.2.5).
public struct DescriptionMissingRule: ContextRule {
  public var id: String { "description.missing" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "video with no audio description" }
  public var needs: RuleNeeds { .media }

  public init() {}

  public func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings) {
    guard let media = context.media, Self.findsNone(context, tracks: tracks) else { return }
    let empty = tracks.filter(Self.counts).map { input in
      input.track.stream.map { "stream \($0)" } ?? input.track.path ?? "a track"
    }
    let hint =
      "add \(NoCaptionsRule.stem(media.path)).en.descriptions.vtt, an audio description "
      + "stream, or a transcript"
    if empty.isEmpty {
      findings.add(
        "the media has video but no description track and no described audio stream",
        file: media.path, hint: hint)
    } else {
      let which =
        empty.count == 1
        ? "track \(empty[0]) has" : "tracks \(empty.joined(separator: ", ")) have"
      findings.add(
        "the media has video and no described audio stream, and its description \(which) no "
          + "cues", file: media.path, hint: "check that the right file was delivered; " + hint)
    }
  }

  /// True for a description track.
  public static func counts(_ track: TrackInput) -> Bool { track.kind == .descriptions }

  /// True when the media of `context` has video, no audio stream marked as described, and
  /// no description track of `tracks` with a cue: the rule then names every description
  /// track (one without a cue describes nothing).
  public static func findsNone(_ context: ValidationContext, tracks: [TrackInput]) -> Bool {
    guard let media = context.media, media.hasVideo, !media.hasDescribedAudio else {
      return false
    }
    return tracks.filter(counts).allSatisfy { $0.track.cues.isEmpty }
  }
}
