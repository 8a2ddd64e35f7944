/// Writes the JSON report of the command-line contract: `tool`, `media`, `tracks`,
/// `diagnostics`, `coverage`, `wcag`, `summary`, in that order.
///
/// `media`, `coverage` and `wcag` are those of the media file when the run checked exactly
/// one; caption files alone have no media (null, null, empty). `mediaFiles` (an addition to
/// the contract) lists `{media, coverage, wcag}` for every media file checked, so a run over
/// a folder of several keeps each one's.
public enum JSONReportWriter {
  public static func write(_ report: ValidationReport) -> [UInt8] {
    var result: [UInt8] = []
    write(report, chunkSize: .max) { result.append(contentsOf: $0) }
    return result
  }

  /// Writes the report in pieces of about `chunkSize` bytes, handing each to `flush`, so a
  /// report of a million findings is never held whole as JSON. `counts`, when given, is the
  /// report's `counts()`, for the summary.
  package static func write<E: Error>(
    _ report: ValidationReport, counts: [Severity: Int]? = nil, chunkSize: Int,
    flush: ([UInt8]) throws(E) -> Void
  ) throws(E) {
    var json = JSONOutput(
      reservingCapacity: min(chunkSize, 512 + report.diagnostics.count * 300) + 4096)
    json.beginObject()
    json.key("tool")
    json.beginObject()
    json.key("name")
    json.string("captionkit")
    json.key("version")
    json.string(CaptionKitVersion.current)
    json.endObject()
    let single = report.media.count == 1 ? report.media.first : nil
    json.key("media")
    if let single {
      MediaInfoJSONWriter.write(
        single.info, damage: single.damage, closedCaptions: single.closedCaptions, to: &json)
    } else {
      json.null()
    }
    json.key("tracks")
    json.beginArray()
    for entry in report.tracks {
      writeTrack(entry, to: &json)
    }
    json.endArray()
    json.key("diagnostics")
    json.beginArray()
    for diagnostic in report.diagnostics {
      writeDiagnostic(diagnostic, to: &json)
      if json.bytes.count >= chunkSize { try json.flush(flush) }
    }
    json.endArray()
    json.key("coverage")
    if let single { writeCoverage(single, to: &json) } else { json.null() }
    json.key("wcag")
    writeVerdicts(single?.wcag ?? [], to: &json)
    json.key("mediaFiles")
    json.beginArray()
    for entry in report.media {
      json.beginObject()
      json.key("media")
      MediaInfoJSONWriter.write(
        entry.info, damage: entry.damage, closedCaptions: entry.closedCaptions, to: &json)
      json.key("coverage")
      writeCoverage(entry, to: &json)
      json.key("wcag")
      writeVerdicts(entry.wcag, to: &json)
      json.endObject()
    }
    json.endArray()
    json.key("summary")
    let counts = counts ?? report.counts()
    json.beginObject()
    json.key("errors")
    json.integer(counts[.error, default: 0])
    json.key("warnings")
    json.integer(counts[.warning, default: 0])
    json.key("remarks")
    json.integer(counts[.remark, default: 0])
    json.endObject()
    json.endObject()
    json.finish()
    try json.flush(flush)
  }

  /// `{mediaDuration, captionedDuration, speechDuration, uncaptionedSpeech, estimatedOffset}`
  /// plus `offsetConfidence` and `track` (the track compared with the audio).
  private static func writeCoverage(
    _ entry: ValidationReport.MediaEntry, to json: inout JSONOutput
  ) {
    let coverage = entry.coverage
    json.beginObject()
    json.key("mediaDuration")
    time(coverage.mediaDuration, to: &json)
    json.key("captionedDuration")
    time(coverage.captionedDuration, to: &json)
    json.key("speechDuration")
    time(coverage.speechDuration, to: &json)
    json.key("uncaptionedSpeech")
    if let stretches = coverage.uncaptionedSpeech {
      json.beginArray()
      for stretch in stretches {
        json.beginObject()
        json.key("start")
        time(stretch.start, to: &json)
        json.key("end")
        time(stretch.end, to: &json)
        json.endObject()
      }
      json.endArray()
    } else {
      json.null()
    }
    json.key("estimatedOffset")
    if let offset = coverage.estimatedOffset {
      json.seconds(milliseconds: offset.milliseconds)
    } else {
      json.null()
    }
    json.key("offsetConfidence")
    if let offset = coverage.estimatedOffset {
      json.number((offset.confidence * 100).rounded() / 100)
    } else {
      json.null()
    }
    json.key("track")
    json.string(entry.coverageTrack)
    json.endObject()
  }

  private static func time(_ time: MediaTime?, to json: inout JSONOutput) {
    if let time { json.raw(MediaInfoJSONWriter.decimalSeconds(time)) } else { json.null() }
  }

  /// `[{criterion, level, status, evidence, title, tracks, rules}]`.
  private static func writeVerdicts(_ verdicts: [WCAGVerdict], to json: inout JSONOutput) {
    json.beginArray()
    for verdict in verdicts {
      json.beginObject()
      verdict.writeMembers(to: &json)
      json.endObject()
    }
    json.endArray()
  }

  private static func writeTrack(_ entry: ValidationReport.Entry, to json: inout JSONOutput) {
    let track = entry.track
    json.beginObject()
    json.key("id")
    json.string(entry.id)
    json.key("path")
    json.string(track.path)
    json.key("stream")
    if let stream = track.stream { json.integer(stream) } else { json.null() }
    json.key("channel")
    json.string(track.channel)
    json.key("source")
    json.string(track.source.rawValue)
    json.key("format")
    // An embedded track is named by its codec: its cues are held as WebVTT, whatever it is.
    json.string(
      track.source == .embedded ? track.codec ?? track.format.rawValue : track.format.rawValue)
    json.key("language")
    json.string(track.language?.rawValue)
    json.key("kind")
    json.string(track.kind?.rawValue)
    json.key("encoding")
    json.string(track.encoding)
    json.key("cueCount")
    json.integer(entry.cueCount)
    json.endObject()
  }

  private static func writeDiagnostic(_ diagnostic: Diagnostic, to json: inout JSONOutput) {
    let location = diagnostic.location
    json.beginObject()
    json.key("rule")
    json.string(diagnostic.rule)
    json.key("severity")
    json.string(diagnostic.severity.rawValue)
    json.key("message")
    json.string(diagnostic.message)
    json.key("track")
    json.string(diagnostic.track)
    json.key("file")
    json.string(diagnostic.file)
    json.key("line")
    if let location { json.integer(location.line) } else { json.null() }
    json.key("column")
    if let location { json.integer(location.column) } else { json.null() }
    json.key("cue")
    if let cue = diagnostic.cue {
      json.beginObject()
      json.key("index")
      json.integer(cue.index)
      json.key("id")
      json.string(cue.id)
      json.key("start")
      json.seconds(milliseconds: cue.start.milliseconds)
      json.key("end")
      json.seconds(milliseconds: cue.end.milliseconds)
      json.endObject()
    } else {
      json.null()
    }
    json.key("hint")
    json.string(diagnostic.hint)
    json.endObject()
  }
}
