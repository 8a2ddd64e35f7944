public import CaptionCore

/// A configuration with one profile applied: what the validator reads.
public struct ValidationProfile: Sendable {
  public var name: String
  /// Rule id → its effective setting; a rule not listed runs at its default severity.
  public var rules: [String: RuleSetting]
  public var media: MediaLimits
  public var requiredLocales: [String]
  private var baseLocales: [String: LocaleOverrides]
  private var profileLocales: [String: LocaleOverrides]
  private var defaultLimits: LocaleLimits

  init(
    name: String, rules: [String: RuleSetting], baseLocales: [String: LocaleOverrides],
    profileLocales: [String: LocaleOverrides], media: MediaLimits, requiredLocales: [String]
  ) {
    self.name = name
    self.rules = rules
    self.media = media
    self.requiredLocales = requiredLocales
    self.baseLocales = baseLocales
    self.profileLocales = profileLocales
    let key = Configuration.defaultLocaleKey
    defaultLimits = LocaleLimits.standard.applying(baseLocales[key]).applying(profileLocales[key])
  }

  /// The severity of `rule`, or nil when it is off.
  public func severity(of rule: any Rule) -> Severity? {
    guard let setting = rules[rule.id] else { return rule.defaultSeverity }
    return setting.severity
  }

  /// The limits for a language: the `default` limits, then the language's (`pt`), then the
  /// exact tag's (`pt-BR`), the profile's settings after the base's at each step.
  public func limits(for language: LanguageTag?) -> LocaleLimits {
    guard let language else { return defaultLimits }
    var limits = defaultLimits
    limits = limits.applying(baseLocales[language.language])
    limits = limits.applying(profileLocales[language.language])
    if language.rawValue != language.language {
      limits = limits.applying(baseLocales[language.rawValue])
      limits = limits.applying(profileLocales[language.rawValue])
    }
    return limits
  }
}
