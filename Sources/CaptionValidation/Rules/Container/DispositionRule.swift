public import CaptionCore

/// `container.disposition`: a stream whose dispositions do not say what it is: an SDH or
/// captions track without `hearing_impaired`/`captions`, a description track (text or
/// audio) without `descriptions`/`visual_impaired`, a forced track without `forced`.
///
/// Embedded text tracks get their kind from their dispositions, so what else says what a
/// stream is counts: its title (`SDH`, `Audio Description`, `Forced`) and, for text, the
/// `Kind:` header of its WebVTT text.
public struct DispositionRule: ContextRule {
  public var id: String { "container.disposition" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "a stream's dispositions do not say it is SDH, described or forced" }
  public var needs: RuleNeeds { .media }

  public init() {}

  public func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings) {
    guard let media = context.media else { return }
    for stream in media.streams where stream.type == .subtitle || stream.type == .audio {
      let track = tracks.first { $0.track.stream == stream.index }
      var claimed = stream.title.flatMap { Self.kind(fromTitle: $0) }
      if claimed == nil, let header = track?.headerValue("Kind") {
        claimed = TrackKind(rawValue: header.lowercased())
      }
      guard let claimed, let wanted = Self.dispositions(for: claimed, type: stream.type),
        stream.dispositions.isDisjoint(with: wanted)
      else { continue }
      let named = stream.title.map { " (\"\($0)\")" } ?? ""
      findings.add(
        "\(stream.type.rawValue) stream \(stream.index)\(named) is \(claimed.rawValue) but has "
          + "no \(wanted.sorted().joined(separator: " or ")) disposition",
        file: media.path,
        hint: "set the disposition when muxing (captionkit mux, or ffmpeg -disposition:s:N "
          + "\(wanted.sorted()[0]))")
    }
  }

  /// The kind a stream's title names, if any.
  static func kind(fromTitle title: String) -> TrackKind? {
    let words = title.lowercased().split { !$0.isLetter }.map(String.init)
    if words.contains("sdh") || title.lowercased().contains("hard of hearing") { return .sdh }
    if words.contains("cc") || words.contains("captions") { return .captions }
    if words.contains("ad") || words.contains("description") || words.contains("descriptions")
      || words.contains("described")
    {
      return .descriptions
    }
    if words.contains("forced") { return .forced }
    return nil
  }

  /// The dispositions that mark a kind, for a stream type; nil when none is needed.
  static func dispositions(for kind: TrackKind, type: MediaStreamFacts.StreamType) -> Set<String>? {
    switch (kind, type) {
    case (.sdh, .subtitle), (.captions, .subtitle): return ["hearing_impaired", "captions"]
    case (.descriptions, _): return ["descriptions", "visual_impaired"]
    case (.forced, .subtitle): return ["forced"]
    default: return nil
    }
  }
}
