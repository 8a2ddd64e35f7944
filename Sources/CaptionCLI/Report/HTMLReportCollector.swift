import CaptionKit

/// Gathers what the HTML report shows beyond `ValidationReport`: the time of every cue of
/// each track (not its text), then builds the report's model.
struct HTMLReportCollector {
  /// The cue times of each track, by report id.
  private(set) var cues: [String: [ValidationHTMLReport.CueSpan]] = [:]

  /// Keeps the cue times of `track`, which the report knows by `id`.
  mutating func add(_ track: Track, id: String) {
    var spans: [ValidationHTMLReport.CueSpan] = []
    spans.reserveCapacity(track.cues.count)
    for (index, cue) in track.cues.enumerated() {
      spans.append(.init(index: index + 1, start: cue.start, end: cue.end))
    }
    cues[id] = spans
  }

  /// The title of a report on `paths`: the path, or the first three and how many more.
  static func title(for paths: [String]) -> String {
    if paths.count <= 3 { return paths.joined(separator: ", ") }
    return paths.prefix(3).joined(separator: ", ") + " and \(paths.count - 3) more"
  }

  /// The HTML report's model: each track with its cues and findings; findings about no
  /// track last.
  func model(of report: ValidationReport, title: String) -> ValidationHTMLReport {
    var tracks: [ValidationHTMLReport.Track] = []
    tracks.reserveCapacity(report.tracks.count)
    var position: [String: Int] = [:]
    for entry in report.tracks {
      position[entry.id] = tracks.count
      tracks.append(
        ValidationHTMLReport.Track(
          id: entry.id, path: entry.track.path, language: entry.track.language?.rawValue,
          kind: entry.track.kind, format: entry.track.format.rawValue,
          cues: cues[entry.id] ?? []))
    }
    var others: [ValidationHTMLReport.Finding] = []
    for diagnostic in report.diagnostics {
      if let id = diagnostic.track, let index = position[id] {
        tracks[index].findings.append(ValidationHTMLReport.Finding(diagnostic))
      } else {
        others.append(ValidationHTMLReport.Finding(diagnostic))
      }
    }
    return ValidationHTMLReport(title: title, tracks: tracks, findings: others)
  }
}
