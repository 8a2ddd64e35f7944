/// The one list of rules, written out by hand: nothing registers itself. A new rule is a new
/// line here, a `Docs/rules/<id>.md` page, and an entry in `Config/captionkit.json`; a test
/// keeps the three in step.
public enum RuleRegistry {
  static let overlap = OverlapRule()

  /// Every rule, in the order reports and `captionkit rules` list them.
  public static let rules: [any Rule] = [
    ParseWebVTTRule(),
    ParseWebVTTLegacyHeaderRule(),
    ParseSRTRule(),
    ParseTTMLRule(),
    ParseASSRule(),
    ParseSCCRule(),
    ParseHLSRule(),
    ParseDASHRule(),
    ParseEncodingRule(),
    ConvertLossyRule(),
    ConvertShiftRule(),
    ConvertEndBeforeStartRule(),
    SyncAlignmentRule(),
    overlap,
    ZeroDurationRule(),
    OutOfOrderRule(),
    MinDurationRule(),
    MaxDurationRule(),
    MinGapRule(),
    BeyondMediaRule(),
    SyncOffsetRule(),
    CharactersPerSecondRule(),
    LineLengthRule(),
    LineCountRule(),
    EmptyCueRule(),
    ControlCharacterRule(),
    UnbalancedTagsRule(),
    ItalicsRule(),
    ScriptMismatchRule(),
    LanguageTagRule(),
    BidiRule(),
    MissingLocaleRule(),
    CueAlignmentRule(),
    UntranslatedRule(),
    NoCaptionsRule(),
    EmptyTrackRule(),
    LongGapRule(),
    UncaptionedSpeechRule(),
    CaptionOverSilenceRule(),
    SpanRule(),
    DescriptionMissingRule(),
    OverlapsDialogueRule(),
    DoesNotFitRule(),
    NeedsExtendedRule(),
    DispositionRule(),
    LanguageUndeterminedRule(),
    ImageSubtitlesRule(),
    SubtitleStreamRule(),
    MP4TextCodecRule(),
    NotKeptRule(),
    DamagedRule(),
    ClosedCaptionDataRule(),
    CEA608LayoutRule(),
    CEA608RollUpDepthRule(),
    CEA608LanguageRule(),
    CEA608PastEndRule(),
    HLSURIRule(),
    HLSLanguageRule(),
    HLSNameRule(),
    HLSFlagsRule(),
    HLSCharacteristicsRule(),
    HLSClosedCaptionsRule(),
    HLSGroupsRule(),
    HLSMediaPlaylistRule(),
    HLSTimestampMapRule(),
    HLSSegmentCuesRule(),
    DASHURIRule(),
    DASHLanguageRule(),
    DASHRoleRule(),
    DASHAccessibilityRule(),
    DASHFragmentsRule(),
  ]

  private static let byID: [String: any Rule] = {
    var table: [String: any Rule] = [:]
    for rule in rules { table[rule.id] = rule }
    return table
  }()

  /// The rule with this id, or nil.
  public static func rule(id: String) -> (any Rule)? {
    byID[id]
  }
}
