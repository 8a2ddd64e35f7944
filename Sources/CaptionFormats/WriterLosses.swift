public import CaptionCore

/// What a writer could not carry (`convert.lossy` warnings), with a bound on how many of the
/// findings about single cues are built: past `cueLimit` they are only counted, so that a
/// file in which every cue loses something does not cost a message per cue when only a few
/// are shown.
public struct WriterLosses: Sendable {
  /// The findings built: those about the whole track, and the first `cueLimit` about cues.
  public var diagnostics: [Diagnostic] = []
  /// The findings about cues past the limit: counted, not built.
  public private(set) var withheld = 0
  /// How many findings about cues are built.
  public let cueLimit: Int
  private var cueFindings = 0

  public init(cueLimit: Int = .max) {
    self.cueLimit = cueLimit
  }

  /// The findings of a writer that builds them all.
  public init(diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics
    self.cueLimit = .max
  }

  /// Adds a finding about the track.
  mutating func add(_ diagnostic: Diagnostic) {
    diagnostics.append(diagnostic)
  }

  /// True when the next finding about a cue is to be built; otherwise it is counted.
  mutating func buildsNextCueFinding() -> Bool {
    guard cueFindings < cueLimit else {
      withheld += 1
      return false
    }
    cueFindings += 1
    return true
  }
}
