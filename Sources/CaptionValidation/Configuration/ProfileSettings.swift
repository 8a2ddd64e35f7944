/// What a profile (`web`, `broadcast`, `streaming`) changes over the base configuration.
public struct ProfileSettings: Sendable, Hashable {
  /// One line: what the profile is for.
  public var summary: String
  public var rules: [String: RuleSetting]
  /// Locale key (`default`, a language, a full tag) → fields it changes.
  public var locales: [String: LocaleOverrides]
  public var media: MediaOverrides

  public init(
    summary: String = "", rules: [String: RuleSetting] = [:],
    locales: [String: LocaleOverrides] = [:], media: MediaOverrides = [:]
  ) {
    self.summary = summary
    self.rules = rules
    self.locales = locales
    self.media = media
  }
}
