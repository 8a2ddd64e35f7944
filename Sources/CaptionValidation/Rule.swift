public import CaptionCore

/// A check with a stable id (`area.kebab-name`), a default severity and what it needs to run.
///
/// A rule is one type in one file under `Rules/<Area>/`, listed once in `RuleRegistry`. Rules
/// that check cues adopt `CueRule`, rules that look at a whole track adopt `TrackRule`; rules
/// whose findings another component emits (the readers' `parse.*`, the writers'
/// `convert.*`) adopt only `Rule`, so that they are listed, documented and configured alike.
public protocol Rule: Sendable {
  /// The id reports, suppressions and configuration use; never renamed once shipped.
  var id: String { get }
  var defaultSeverity: Severity { get }
  /// One line: what the rule finds.
  var summary: String { get }
  var area: RuleArea { get }
  /// What the rule needs to run; a rule runs only when the context has all of it.
  var needs: RuleNeeds { get }
  /// The kinds of track the rule checks (a track of unknown kind is checked as captions).
  var trackKinds: Set<TrackKind> { get }
  /// The rule as a `CueRule`, `TrackRule` or `ContextRule` when it is one (given by those
  /// protocols): read without a dynamic cast, which the first time for each rule looks
  /// through every conformance of the program.
  var cueRule: (any CueRule)? { get }
  var trackRule: (any TrackRule)? { get }
  var contextRule: (any ContextRule)? { get }
}

extension Rule {
  /// Tracks shown on screen: captions, SDH, subtitles and forced subtitles.
  public static var displayedKinds: Set<TrackKind> { [.captions, .sdh, .subtitles, .forced] }
  /// Tracks of timed text read by people or by speech synthesis: displayed ones and
  /// descriptions.
  public static var timedTextKinds: Set<TrackKind> { displayedKinds.union([.descriptions]) }

  public var trackKinds: Set<TrackKind> { Self.timedTextKinds }

  public var cueRule: (any CueRule)? { nil }
  public var trackRule: (any TrackRule)? { nil }
  public var contextRule: (any ContextRule)? { nil }

  public var area: RuleArea {
    let prefix = id.prefix { $0 != "." }
    return RuleArea(rawValue: String(prefix)) ?? .parse
  }
}

/// The group a rule belongs to: the part of its id before the dot.
public enum RuleArea: String, Sendable, Hashable, CaseIterable {
  case parse
  case convert
  case timing
  case readability
  case coverage
  case translation
  case description
  case container
  /// CEA-608 captions as sent: layout, roll-up, channels, programme end.
  case cea608
  /// HLS packages: renditions, playlists, segments and their timestamp maps.
  case hls
  /// DASH packages: adaptation sets, their languages, roles and accessibility descriptors.
  case dash
}

/// What a rule needs to run.
public struct RuleNeeds: OptionSet, Sendable, Hashable {
  public let rawValue: Int

  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// A caption track: its cue times and metadata.
  public static let track = RuleNeeds(rawValue: 1 << 0)
  /// The visible text of each cue (markup stripped, counted per locale).
  public static let cueText = RuleNeeds(rawValue: 1 << 1)
  /// Facts about the media: duration, frame rate, streams.
  public static let media = RuleNeeds(rawValue: 1 << 2)
  /// Speech and sound detected in the audio.
  public static let audio = RuleNeeds(rawValue: 1 << 3)
  /// The other tracks of the same media (translations, descriptions).
  public static let relatedTracks = RuleNeeds(rawValue: 1 << 4)
  /// Emitted by another component (a reader or a writer), not run by the validator.
  public static let external = RuleNeeds(rawValue: 1 << 5)

  /// The names used in `captionkit rules`.
  public var names: [String] {
    var names: [String] = []
    if contains(.track) { names.append("track") }
    if contains(.cueText) { names.append("cue-text") }
    if contains(.media) { names.append("media") }
    if contains(.audio) { names.append("audio") }
    if contains(.relatedTracks) { names.append("related-tracks") }
    if contains(.external) { names.append("external") }
    return names
  }
}
