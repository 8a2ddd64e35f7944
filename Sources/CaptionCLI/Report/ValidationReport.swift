import CaptionKit

/// What `validate` found: the tracks it read and every diagnostic, for the report writers.
struct ValidationReport {
  /// One track read, with the id diagnostics refer to it by.
  struct Entry {
    var id: String
    /// The track's metadata; its cues, style sheets, regions and header are not kept.
    var track: Track
    var cueCount: Int
    /// The rules that ran on the track, in registry order; empty when not known.
    var checkedRules: [String] = []
  }

  var tracks: [Entry] = []
  /// Every diagnostic, grouped by track in input order, each group sorted by position.
  var diagnostics: [Diagnostic] = []

  /// Adds a track read and its diagnostics.
  mutating func add(_ result: ReadResult, checkedRules: [String] = []) {
    let id = String(tracks.count + 1)
    // Only metadata is kept, so that a folder of large files is not held in memory at once.
    var track = result.track
    let cueCount = track.cues.count
    track.cues = []
    track.stylesheets = []
    track.regions = []
    track.header = []
    tracks.append(
      Entry(id: id, track: track, cueCount: cueCount, checkedRules: checkedRules))
    let sorted = result.diagnostics.enumerated().sorted { a, b in
      switch (a.element.location, b.element.location) {
      case (nil, nil): return a.offset < b.offset
      case (nil, _): return true
      case (_, nil): return false
      case (let x?, let y?): return x == y ? a.offset < b.offset : x < y
      }
    }
    for (_, diagnostic) in sorted {
      var diagnostic = diagnostic
      diagnostic.track = id
      diagnostics.append(diagnostic)
    }
  }

  func count(_ severity: Severity) -> Int {
    diagnostics.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
  }

  /// True when some diagnostic is at least `severity`; never true for nil (`--fail-on never`).
  func hasFinding(atLeast severity: Severity?) -> Bool {
    guard let severity else { return false }
    return diagnostics.contains { $0.severity >= severity }
  }
}
