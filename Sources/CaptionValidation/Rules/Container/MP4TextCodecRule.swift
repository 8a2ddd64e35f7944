public import CaptionCore

/// `container.mp4-text-codec`: text that MP4 cannot carry is converted to `mov_text`, and an explicit request for another text codec is refused; emitted by `mux`.
public struct MP4TextCodecRule: Rule {
  public var id: String { "container.mp4-text-codec" }
  public var defaultSeverity: Severity { .error }
  public var summary: String { "a text codec MP4 cannot carry: converted to mov_text, or refused" }
  public var needs: RuleNeeds { .external }

  public init() {}
}
