extension LocaleLimits {
  /// The limits for a locale with no entry of its own (RULES.md; Netflix Timed Text Style
  /// Guide, General Requirements).
  public static let standard = LocaleLimits(
    charactersPerSecond: 17, charactersPerSecondSDH: 20, charactersPerLine: 42, linesPerCue: 2,
    minimumDurationMilliseconds: 833, maximumDurationMilliseconds: 7000, minimumGapFrames: 2,
    counting: .graphemes, discouragesItalics: false, rightToLeft: false,
    descriptionWordsPerMinute: 160)
}

extension MediaLimits {
  /// The media-level numbers of RULES.md.
  public static let standard = MediaLimits(
    assumedFrameRate: 24, longGapMilliseconds: 20_000, uncaptionedSpeechMilliseconds: 2000,
    speechToleranceMilliseconds: 500, captionOverSilenceMilliseconds: 2000,
    spanMilliseconds: 30_000, syncOffsetMilliseconds: 500, descriptionOverlapFrames: 2)
}

extension Configuration {
  /// The compiled-in defaults; `Config/captionkit.json` holds the same, and a test keeps
  /// them equal.
  public static let defaults: Configuration = {
    var rules: [String: RuleSetting] = [:]
    for rule in RuleRegistry.rules { rules[rule.id] = .severity(rule.defaultSeverity) }
    let cjk: LocaleOverrides = [.counting: .string("cjk"), .discourageItalics: .bool(true)]
    func cps(_ adult: Double, _ sdh: Double) -> LocaleOverrides {
      [.charactersPerSecond: .number(adult), .charactersPerSecondSDH: .number(sdh)]
    }
    let rightToLeft: LocaleOverrides = [.rightToLeft: .bool(true)]
    let noItalics: LocaleOverrides = [.discourageItalics: .bool(true)]
    // Description speaking rates for ko, ja and zh count characters a minute (about 7, 6 and
    // 4.5 a second): an assumption documented in Docs/rules/description.does-not-fit.md.
    func describedAt(_ rate: Double) -> LocaleOverrides {
      [.descriptionWordsPerMinute: .number(rate)]
    }
    let locales: [String: LocaleOverrides] = [
      defaultLocaleKey: LocaleLimits.standard.overrides,
      "en": cps(20, 20),
      "ar": cps(20, 23).merging(rightToLeft) { $1 }.merging(noItalics) { $1 },
      "fa": rightToLeft,
      "he": rightToLeft.merging(noItalics) { $1 },
      "ur": rightToLeft,
      "hi": cps(22, 25).merging(noItalics) { $1 },
      "th": noItalics,
      "ko": cps(12, 14).merging(cjk) { $1 }.merging([.charactersPerLine: .number(16)]) { $1 }
        .merging(describedAt(420)) { $1 },
      "zh": cps(9, 11).merging(cjk) { $1 }.merging([.charactersPerLine: .number(16)]) { $1 }
        .merging(describedAt(270)) { $1 },
      "ja": cps(4, 7).merging([
        .counting: .string("cjk"), .charactersPerLine: .number(13),
        .minDurationMs: .number(500), .descriptionWordsPerMinute: .number(360),
      ]) { $1 },
    ]
    let strict = [
      RuleRegistry.overlap.id: RuleSetting.severity(.error),
      ParseWebVTTLegacyHeaderRule().id: .severity(.error),
    ]
    return Configuration(
      rules: rules, locales: locales, media: .standard, requiredLocales: [],
      profiles: [
        "web": ProfileSettings(summary: "captions and subtitles played in browsers"),
        "broadcast": ProfileSettings(
          summary: "broadcast delivery: overlapping cues and legacy WebVTT headers are errors",
          rules: strict),
        "streaming": ProfileSettings(
          summary:
            "streaming services' delivery specs: overlapping cues and legacy WebVTT headers "
            + "are errors",
          rules: strict),
      ])
  }()
}
