public import CaptionCore

/// One track as rules see it: the track, what is known about its language and kind, and
/// the limits that apply to it.
public struct TrackInput: Sendable {
  /// The track; its cues are what the validator passes to cue rules one by one.
  public var track: Track
  /// The language: the track's, else the one its header declares.
  public var language: LanguageTag? {
    didSet { localeLimitName = Self.limitName("limit", language: language) }
  }
  /// How messages name the locale whose limit applies: `the ko limit`, `the limit`.
  public private(set) var localeLimitName: String
  /// The kind: the track's, else the one its header declares.
  public var kind: TrackKind?
  /// The limits for the language, from the profile.
  public var limits: LocaleLimits
  /// Frames per second: the media's, else the profile's assumed rate.
  public var frameRate: Double
  /// Letters counted per script over every cue (after the pass over the cues; empty when
  /// no rule reads cue text).
  public var scripts = ScriptCounts()
  /// The id reports give the track (`1`, `2`, ...), when it has one.
  public var id: String?

  public init(
    track: Track, language: LanguageTag?, kind: TrackKind?, limits: LocaleLimits,
    frameRate: Double
  ) {
    self.track = track
    self.language = language
    self.localeLimitName = Self.limitName("limit", language: language)
    self.kind = kind
    self.limits = limits
    self.frameRate = frameRate
  }

  /// `the ko minimum`, `the minimum gap`: a limit's name with the locale when it is known.
  public func limitName(_ noun: String) -> String {
    Self.limitName(noun, language: language)
  }

  private static func limitName(_ noun: String, language: LanguageTag?) -> String {
    guard let language else { return "the " + noun }
    return "the " + language.rawValue + " " + noun
  }

  /// True for captions and SDH, which get the SDH reading speeds.
  public var isForDeafAndHardOfHearing: Bool { kind == .captions || kind == .sdh }

  /// A value of a header line `Name: value` (WebVTT metadata headers such as `Language:`).
  /// The lines are the header's, then those of the NOTE blocks before the first cue, where
  /// captionkit writes a legacy header (`convert`, `fix`).
  public func headerValue(_ name: String) -> String? {
    let notes = track.comments.prefix { $0.beforeCue == 0 }.flatMap {
      $0.text.split(separator: "\n").dropFirst().map(String.init)
    }
    for line in track.header + notes {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let key = line[..<colon].trimmingSpaces
      if key.lowercased() == name.lowercased() {
        return String(line[line.index(after: colon)...].trimmingSpaces)
      }
    }
    return nil
  }
}

extension Substring {
  var trimmingSpaces: Substring {
    var result = self
    while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
    while let last = result.last, last == " " || last == "\t" { result.removeLast() }
    return result
  }
}
