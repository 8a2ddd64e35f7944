/// Gathers what the HTML report shows beyond `ValidationReport`: the time of every cue of
/// each track (not its text), then builds the report's model.
package struct HTMLReportCollector: Sendable {
  /// The cue times of each track, by report id.
  private(set) var cues: [String: [ValidationHTMLReport.CueSpan]] = [:]

  package init() {}

  /// Keeps the cue times of `track`, which the report knows by `id`.
  package mutating func add(_ track: Track, id: String) {
    var spans: [ValidationHTMLReport.CueSpan] = []
    spans.reserveCapacity(track.cues.count)
    for (index, cue) in track.cues.enumerated() {
      spans.append(.init(index: index + 1, start: cue.start, end: cue.end))
    }
    cues[id] = spans
  }

  /// The title of a report on `paths`: the path, or the first three and how many more.
  package static func title(for paths: [String]) -> String {
    if paths.count <= 3 { return paths.joined(separator: ", ") }
    return paths.prefix(3).joined(separator: ", ") + " and \(paths.count - 3) more"
  }

  /// The HTML report's model: each media with its streams, speech, coverage, verdicts and
  /// the findings about it; each track with its cues and findings; other findings last.
  package func model(of report: ValidationReport, title: String) -> ValidationHTMLReport {
    var tracks: [ValidationHTMLReport.Track] = []
    tracks.reserveCapacity(report.tracks.count)
    var position: [String: Int] = [:]
    for entry in report.tracks {
      position[entry.id] = tracks.count
      tracks.append(
        ValidationHTMLReport.Track(
          id: entry.id, path: entry.track.path, stream: entry.track.stream,
          language: entry.track.language?.rawValue,
          kind: entry.track.kind, format: entry.track.format.rawValue,
          cues: cues[entry.id] ?? [], channel: entry.track.channel))
    }
    var media = report.media.map(Self.media)
    var mediaPosition: [String: Int] = [:]
    for (index, entry) in report.media.enumerated() where mediaPosition[entry.info.path] == nil {
      mediaPosition[entry.info.path] = index
    }
    var others: [ValidationHTMLReport.Finding] = []
    for diagnostic in report.diagnostics {
      if let id = diagnostic.track, let index = position[id] {
        tracks[index].findings.append(ValidationHTMLReport.Finding(diagnostic))
      } else if let file = diagnostic.file, let index = mediaPosition[file] {
        media[index].findings.append(ValidationHTMLReport.Finding(diagnostic))
      } else {
        others.append(ValidationHTMLReport.Finding(diagnostic))
      }
    }
    return ValidationHTMLReport(title: title, media: media, tracks: tracks, findings: others)
  }

  /// A media file of the report as the HTML report shows it.
  package static func media(_ entry: ValidationReport.MediaEntry) -> ValidationHTMLReport.Media {
    let streams = entry.info.streams.map { stream in
      ValidationHTMLReport.Stream(
        index: stream.index, type: stream.kind.rawValue, codec: stream.codec,
        language: stream.language?.rawValue, title: stream.title,
        dispositions: stream.disposition.map(\.rawValue))
    }
    let coverage = entry.coverage
    let offset = coverage.estimatedOffset.map { offset in
      let magnitude = MediaTime(milliseconds: abs(offset.milliseconds)).decimalSeconds
      let direction =
        offset.milliseconds == 0 ? "in sync" : offset.milliseconds > 0 ? "late" : "early"
      let phrase =
        offset.milliseconds == 0 ? "captions in sync" : "captions \(magnitude) s \(direction)"
      return phrase + ", confidence \(Int((offset.confidence * 100).rounded())) %"
    }
    let verdicts = entry.wcag.map { verdict in
      ValidationHTMLReport.Verdict(
        criterion: verdict.criterion, level: verdict.level, title: verdict.title,
        status: ValidationHTMLReport.Verdict.Status(rawValue: verdict.status.rawValue) ?? .unknown,
        evidence: verdict.evidence)
    }
    return ValidationHTMLReport.Media(
      path: entry.info.path, duration: entry.info.programmeDuration, streams: streams,
      trackIDs: entry.trackIDs, speech: entry.speech?.segments.map(\.range),
      coverage: ValidationHTMLReport.Coverage(
        captionedDuration: coverage.captionedDuration, speechDuration: coverage.speechDuration,
        uncaptionedSpeech: coverage.uncaptionedSpeech, estimatedOffset: offset,
        track: entry.coverageTrack),
      verdicts: verdicts)
  }
}

/// Writes the accessible HTML report of a check, with a timeline per track: the page of
/// `ValidationHTMLReportWriter`. The timelines need the cue times, which the check keeps when
/// asked (`CaptionCheck.keepsCueTimes`); without them the tracks have no cues to show.
public enum HTMLReportWriter {
  /// The page of `report`, titled `title`, as UTF-8.
  public static func write(_ report: ValidationReport, title: String) -> [UInt8] {
    let collector = report.cueTimes ?? HTMLReportCollector()
    return Array(ValidationHTMLReportWriter.page(collector.model(of: report, title: title)).utf8)
  }
}
