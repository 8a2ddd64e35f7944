import CaptionCore

/// Everything a validation can be told: rule severities, per-locale limits, media limits,
/// required locales and profiles. `Configuration.defaults` is compiled in and equals
/// `Config/captionkit.json`; `merging(json:)` applies a user's file over it.
public struct Configuration: Sendable, Hashable {
  /// The version of the file format this code reads and writes.
  public static let currentVersion = 1
  /// The profile used when none is named.
  public static let defaultProfileName = "web"
  /// The key of the limits used for every locale not listed.
  public static let defaultLocaleKey = "default"

  /// Rule id → its setting.
  public var rules: [String: RuleSetting]
  /// Locale key (`default`, a language such as `ko`, or a full tag such as `pt-BR`) → the
  /// fields it sets; `default` sets every field.
  public var locales: [String: LocaleOverrides]
  public var media: MediaLimits
  /// Locales that must have a track (`translation.missing-locale`).
  public var requiredLocales: [String]
  public var profiles: [String: ProfileSettings]

  public init(
    rules: [String: RuleSetting], locales: [String: LocaleOverrides], media: MediaLimits,
    requiredLocales: [String] = [], profiles: [String: ProfileSettings] = [:]
  ) {
    self.rules = rules
    self.locales = locales
    self.media = media
    self.requiredLocales = requiredLocales
    self.profiles = profiles
  }

  /// Profile names: the built-in ones first, then any other in name order.
  public var profileNames: [String] {
    let builtIn = ["web", "broadcast", "streaming"].filter { profiles[$0] != nil }
    return builtIn + profiles.keys.filter { !builtIn.contains($0) }.sorted()
  }

  /// The settings of the profile `name` applied over the base, ready for a validation;
  /// nil when there is no such profile.
  public func profile(named name: String = Configuration.defaultProfileName)
    -> ValidationProfile?
  {
    guard let profile = profiles[name] else { return nil }
    var settings = rules
    for (id, setting) in profile.rules { settings[id] = setting }
    return ValidationProfile(
      name: name, rules: settings, baseLocales: locales, profileLocales: profile.locales,
      media: media.applying(profile.media), requiredLocales: requiredLocales)
  }
}
