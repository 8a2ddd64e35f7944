public import CaptionCore

/// `translation.missing-locale`: a required locale (`--locales`, config `requiredLocales`)
/// with no caption or subtitle track.
public struct MissingLocaleRule: ContextRule {
  public var id: String { "translation.missing-locale" }
  public var defaultSeverity: Severity { .error }
  public var summary: String { "a required locale has no caption or subtitle track" }
  public var needs: RuleNeeds { .media }

  public init() {}

  public func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings) {
    let present = tracks.filter { MediaTracks.isDisplayed($0.kind) && $0.kind != .forced }
      .compactMap(\.language)
    for required in context.profile.requiredLocales {
      guard let tag = LanguageTag(required) else { continue }
      let found = present.contains { language in
        // `pt-BR` is not met by `pt`, but `pt` is met by `pt-BR`.
        language.rawValue.lowercased() == tag.rawValue.lowercased()
          || language.rawValue.lowercased().hasPrefix(tag.rawValue.lowercased() + "-")
      }
      guard !found else { continue }
      findings.add(
        "no caption or subtitle track in \(tag), a required locale", file: context.media?.path,
        hint: "add \(NoCaptionsRule.stem(context.media?.path)).\(tag).vtt, or remove \(tag) "
          + "from --locales or requiredLocales")
    }
  }
}
