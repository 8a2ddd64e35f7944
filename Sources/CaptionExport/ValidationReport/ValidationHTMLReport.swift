public import CaptionCore

/// What the HTML report of `validate` shows: media, tracks with their cue times, findings,
/// speech, coverage and WCAG verdicts.
///
/// The model holds no cue text: only times and indices, so that the report of a large folder
/// stays small.
public struct ValidationHTMLReport: Sendable, Hashable {
  /// One stream of a media file, as the probe found it.
  public struct Stream: Sendable, Hashable {
    public var index: Int
    /// `video`, `audio`, `subtitle`, `data` or `attachment`.
    public var type: String
    public var codec: String?
    /// BCP 47 tag; nil when undetermined.
    public var language: String?
    public var title: String?
    public var dispositions: [String]

    public init(
      index: Int, type: String, codec: String? = nil, language: String? = nil,
      title: String? = nil, dispositions: [String] = []
    ) {
      self.index = index
      self.type = type
      self.codec = codec
      self.language = language
      self.title = title
      self.dispositions = dispositions
    }
  }

  /// How much of a media the captions cover.
  public struct Coverage: Sendable, Hashable {
    public var captionedDuration: MediaTime
    /// Nil without audio analysis.
    public var speechDuration: MediaTime?
    /// Stretches of speech no cue covers; nil without audio analysis.
    public var uncaptionedSpeech: [TimeRange]?
    /// The estimated offset of the captions against the speech, as a phrase
    /// (`captions 0.800 s late, confidence 0.92`); nil when not estimated.
    public var estimatedOffset: String?
    /// The id of the track compared with the audio.
    public var track: String?

    public init(
      captionedDuration: MediaTime, speechDuration: MediaTime? = nil,
      uncaptionedSpeech: [TimeRange]? = nil, estimatedOffset: String? = nil, track: String? = nil
    ) {
      self.captionedDuration = captionedDuration
      self.speechDuration = speechDuration
      self.uncaptionedSpeech = uncaptionedSpeech
      self.estimatedOffset = estimatedOffset
      self.track = track
    }
  }

  /// One WCAG success criterion judged for a media.
  public struct Verdict: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable, CaseIterable {
      case pass
      case fail
      case unknown
      case notApplicable = "not-applicable"
    }

    /// `1.2.2`.
    public var criterion: String
    /// `A`, `AA` or `AAA`.
    public var level: String
    /// `Captions (Prerecorded)`.
    public var title: String
    public var status: Status
    /// What decided the status.
    public var evidence: String

    public init(criterion: String, level: String, title: String, status: Status, evidence: String) {
      self.criterion = criterion
      self.level = level
      self.title = title
      self.status = status
      self.evidence = evidence
    }
  }

  /// One media file checked, with the tracks that belong to it.
  public struct Media: Sendable, Hashable {
    public var path: String
    public var duration: MediaTime?
    public var streams: [Stream]
    /// The report ids of the media's tracks.
    public var trackIDs: [String]
    /// Detected speech; nil when the audio was not analysed.
    public var speech: [TimeRange]?
    public var coverage: Coverage?
    /// In criterion order; empty when not judged.
    public var verdicts: [Verdict]
    /// Findings about the media as a whole (not about one of its tracks).
    public var findings: [Finding]

    public init(
      path: String, duration: MediaTime? = nil, streams: [Stream] = [], trackIDs: [String] = [],
      speech: [TimeRange]? = nil, coverage: Coverage? = nil, verdicts: [Verdict] = [],
      findings: [Finding] = []
    ) {
      self.path = path
      self.duration = duration
      self.streams = streams
      self.trackIDs = trackIDs
      self.speech = speech
      self.coverage = coverage
      self.verdicts = verdicts
      self.findings = findings
    }
  }

  /// The time of one cue and its 1-based position in its track.
  public struct CueSpan: Sendable, Hashable {
    public var index: Int
    public var start: MediaTime
    public var end: MediaTime

    public init(index: Int, start: MediaTime, end: MediaTime) {
      self.index = index
      self.start = start
      self.end = end
    }
  }

  /// One finding, as the report lists it.
  public struct Finding: Sendable, Hashable {
    public var rule: String
    public var severity: Severity
    public var message: String
    /// 1-based line and column (UTF-8 bytes) in the track's file.
    public var line: Int?
    public var column: Int?
    /// The 1-based index of the cue it is about.
    public var cue: Int?
    /// The time of the cue it is about, or of the stretch of media it is about.
    public var range: TimeRange?
    public var hint: String?

    public init(
      rule: String, severity: Severity, message: String, line: Int? = nil, column: Int? = nil,
      cue: Int? = nil, range: TimeRange? = nil, hint: String? = nil
    ) {
      self.rule = rule
      self.severity = severity
      self.message = message
      self.line = line
      self.column = column
      self.cue = cue
      self.range = range
      self.hint = hint
    }

    /// The finding of a diagnostic: its position, and the cue's time when about a cue.
    public init(_ diagnostic: Diagnostic) {
      self.init(
        rule: diagnostic.rule, severity: diagnostic.severity, message: diagnostic.message,
        line: diagnostic.location?.line, column: diagnostic.location?.column,
        cue: diagnostic.cue?.index,
        range: diagnostic.cue.map { TimeRange(start: $0.start, end: $0.end) },
        hint: diagnostic.hint)
    }
  }

  /// One track checked.
  public struct Track: Sendable, Hashable {
    /// The id findings and verdicts refer to it by (`1`, `2`, …).
    public var id: String
    public var path: String?
    /// The stream's index in the media, for a track embedded in it.
    public var stream: Int?
    public var language: String?
    public var kind: TrackKind?
    /// `webvtt`, `srt`, …
    public var format: String
    public var cues: [CueSpan]
    /// The CEA-608 channel (`CC1`) of a track of 608 captions.
    public var channel: String?
    /// Sorted as the text report sorts them.
    public var findings: [Finding]

    public init(
      id: String, path: String? = nil, stream: Int? = nil, language: String? = nil,
      kind: TrackKind? = nil, format: String, cues: [CueSpan] = [], findings: [Finding] = [],
      channel: String? = nil
    ) {
      self.id = id
      self.channel = channel
      self.path = path
      self.stream = stream
      self.language = language
      self.kind = kind
      self.format = format
      self.cues = cues
      self.findings = findings
    }
  }

  /// The page's title and `h1`.
  public var title: String
  public var media: [Media]
  public var tracks: [Track]
  /// Findings about neither a media nor a track.
  public var findings: [Finding]

  public init(
    title: String, media: [Media] = [], tracks: [Track] = [], findings: [Finding] = []
  ) {
    self.title = title
    self.media = media
    self.tracks = tracks
    self.findings = findings
  }

  /// The number of findings of `severity` in the whole report.
  public func count(_ severity: Severity) -> Int {
    var total = 0
    for finding in findings where finding.severity == severity { total += 1 }
    for media in media {
      for finding in media.findings where finding.severity == severity { total += 1 }
    }
    for track in tracks {
      for finding in track.findings where finding.severity == severity { total += 1 }
    }
    return total
  }
}
