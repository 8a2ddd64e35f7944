public import CaptionCore

/// `container.language-undetermined`: an audio or subtitle stream whose language is `und`
/// or missing, so players cannot offer it by language.
public struct LanguageUndeterminedRule: ContextRule {
  public var id: String { "container.language-undetermined" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "an audio or subtitle stream has no language" }
  public var needs: RuleNeeds { .media }

  public init() {}

  public func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings) {
    guard let media = context.media else { return }
    for stream in media.streams where stream.type == .subtitle || stream.type == .audio {
      guard stream.language == nil else { continue }
      let code = stream.languageCode.map { "is \($0)" } ?? "is not set"
      findings.add(
        "\(stream.type.rawValue) stream \(stream.index) (\(stream.codec ?? "unknown codec")): "
          + "its language \(code)",
        file: media.path,
        hint: "set the stream's language when muxing (ffmpeg -metadata:s:\(stream.index) "
          + "language=eng)")
    }
  }
}
