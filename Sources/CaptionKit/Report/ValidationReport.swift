public import CaptionCore
public import CaptionMedia
public import CaptionValidation

/// What a check found (`CaptionCheck.validate`): the tracks it read, every diagnostic, each
/// media file's coverage and WCAG verdicts, and the inputs it could not check.
public struct ValidationReport: Sendable {
  /// One track read, with the id diagnostics refer to it by.
  public struct Entry: Sendable {
    public var id: String
    /// The track's metadata; its cues, style sheets, regions and header are not kept.
    public var track: Track
    public var cueCount: Int
    /// The rules that ran on the track, in registry order; empty when not known.
    public var checkedRules: [String] = []

    package init(id: String, track: Track, cueCount: Int, checkedRules: [String] = []) {
      self.id = id
      self.track = track
      self.cueCount = cueCount
      self.checkedRules = checkedRules
    }
  }

  /// One media file checked: what the probe found, the ids of its tracks, how much the
  /// captions cover and the WCAG verdicts.
  public struct MediaEntry: Sendable {
    public var info: MediaInfo
    public var trackIDs: [String]
    public var coverage: CoverageSummary
    /// The id of the track `coverage` is about, when there is one.
    public var coverageTrack: String?
    public var wcag: [WCAGVerdict]
    /// The rules that looked at the media and all its tracks together.
    public var checkedRules: [String]
    /// The speech detected in the audio (for timelines); nil when it was not analysed.
    public var speech: AudioActivity?
    /// The damage found in the media's data (also given as `container.damaged` findings).
    public var damage = MediaDamageReport()
    /// The streams that carry closed captions, as read: 608 channels, 708 services, XDS facts.
    public var closedCaptions: [ClosedCaptionTracks.StreamSummary] = []

    package init(
      info: MediaInfo, trackIDs: [String], coverage: CoverageSummary, coverageTrack: String?,
      wcag: [WCAGVerdict], checkedRules: [String], speech: AudioActivity?
    ) {
      self.info = info
      self.trackIDs = trackIDs
      self.coverage = coverage
      self.coverageTrack = coverageTrack
      self.wcag = wcag
      self.checkedRules = checkedRules
      self.speech = speech
    }
  }

  public var tracks: [Entry] = []
  /// Every diagnostic, grouped by track in input order, each group sorted by position.
  public var diagnostics: [Diagnostic] = []
  /// The media files checked, in input order.
  public var media: [MediaEntry] = []
  /// What was said while checking, in order: inputs that could not be checked, and notes
  /// (`warning: ...`, `note: ...`) about the others.
  public var messages: [Message] = []
  /// The times of every track's cues, for the HTML report's timeline, when kept
  /// (`CaptionCheck.keepsCueTimes`).
  package var cueTimes: HTMLReportCollector?

  /// One thing said while checking.
  public enum Message: Sendable, Equatable {
    /// An input that could not be checked.
    case failure(InputFailure)
    /// A note about an input checked, with its `warning:` or `note:` prefix.
    case note(String)
  }

  /// The inputs that could not be checked.
  public var failures: [InputFailure] {
    messages.compactMap {
      if case .failure(let failure) = $0 { return failure }
      return nil
    }
  }

  public init() {}

  /// Adds a track read and its diagnostics.
  /// The id the next track added gets.
  package var nextTrackID: String { String(tracks.count + 1) }

  /// Adds a track read, its reader's diagnostics, and the findings of the rules run on it
  /// (sorted by position, with the track's id already set, as `Validator` gives them).
  package mutating func add(
    _ result: ReadResult, findings: consuming [Diagnostic] = [], checkedRules: [String] = []
  ) {
    let id = nextTrackID
    // Only metadata is kept, so that a folder of large files is not held in memory at once.
    var track = result.track
    let cueCount = track.cues.count
    track.cues = []
    track.stylesheets = []
    track.regions = []
    track.header = []
    tracks.append(
      Entry(id: id, track: track, cueCount: cueCount, checkedRules: checkedRules))
    var read = Validator.sorted(result.diagnostics)
    for index in read.indices where read[index].track != id { read[index].track = id }
    // The findings of a first track become the report's list as they are, the reader's few
    // put in at their places, so that a large list is not copied.
    if diagnostics.isEmpty, read.count <= 64, Diagnostic.all(findings, inTrack: id) {
      diagnostics = findings
      findings = []
      var low = 0
      for diagnostic in read {
        // After every finding at an earlier or the same position: the reader's come first
        // only among equals, so find the first finding that does not precede it.
        var high = diagnostics.count
        while low < high {
          let middle = (low + high) / 2
          if Validator.precedes(diagnostics[middle], diagnostic) {
            low = middle + 1
          } else {
            high = middle
          }
        }
        diagnostics.insert(diagnostic, at: low)
        low += 1
      }
      return
    }
    // Else one linear merge of the two sorted lists into the report; at one position the
    // reader's findings come first.
    diagnostics.reserveCapacity(diagnostics.count + read.count + findings.count)
    var i = 0
    var j = 0
    while i < read.count, j < findings.count {
      if Validator.precedes(findings[j], read[i]) {
        diagnostics.append(findings[j])
        j += 1
      } else {
        diagnostics.append(read[i])
        i += 1
      }
    }
    diagnostics.append(contentsOf: read[i...])
    for index in j..<findings.count {
      var finding = findings[index]
      if finding.track != id { finding.track = id }
      diagnostics.append(finding)
    }
  }

  /// Adds the findings about a media and its tracks as a whole (those of the container and
  /// of the rules that look at every track), after the media's tracks were added from
  /// `firstDiagnostic` on: findings about the media come first, then each track's, each
  /// group sorted by position.
  package mutating func addMediaFindings(
    _ findings: [Diagnostic], trackIDs: [String], from firstDiagnostic: Int
  ) {
    guard !findings.isEmpty else { return }
    var groups: [String: [Diagnostic]] = [:]
    var mediaLevel: [Diagnostic] = []
    for diagnostic in diagnostics[firstDiagnostic...] + findings {
      if let track = diagnostic.track, trackIDs.contains(track) {
        groups[track, default: []].append(diagnostic)
      } else {
        mediaLevel.append(diagnostic)
      }
    }
    diagnostics.removeSubrange(firstDiagnostic...)
    diagnostics += mediaLevel
    for id in trackIDs { diagnostics += Validator.sorted(groups[id] ?? []) }
  }

  /// The diagnostics of each severity, counted in one walk.
  public func counts() -> [Severity: Int] {
    // Counted in three numbers, then put in a dictionary once.
    let (errors, warnings, remarks) = Diagnostic.severityCounts(in: diagnostics)
    return [.error: errors, .warning: warnings, .remark: remarks]
  }

  /// True when some diagnostic is at least `severity`; never true for nil (`--fail-on never`).
  public func hasFinding(atLeast severity: Severity?) -> Bool {
    Self.hasFinding(atLeast: severity, in: counts())
  }

  /// True when `counts` (of `counts()`) has a diagnostic at least `severity`; never true for
  /// nil (`--fail-on never`).
  public static func hasFinding(atLeast severity: Severity?, in counts: [Severity: Int])
    -> Bool
  {
    guard let severity else { return false }
    return counts.contains { $0.key >= severity && $0.value > 0 }
  }
}
