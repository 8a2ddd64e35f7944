import CaptionKit

/// Writes the JSON report of the command-line contract: `tool`, `media`, `tracks`,
/// `diagnostics`, `coverage`, `wcag`, `summary`, in that order.
///
/// Caption files alone have no media, so `media` and `coverage` are null and `wcag` is empty:
/// those need a media file (duration, audio), which `validate` does not read yet.
enum JSONReportWriter {
  static func write(_ report: ValidationReport) -> [UInt8] {
    var json = JSONOutput(reservingCapacity: 512 + report.diagnostics.count * 300)
    json.beginObject()
    json.key("tool")
    json.beginObject()
    json.key("name")
    json.string("captionkit")
    json.key("version")
    json.string(CaptionKitVersion.current)
    json.endObject()
    json.key("media")
    json.null()
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
    }
    json.endArray()
    json.key("coverage")
    json.null()
    json.key("wcag")
    json.beginArray()
    json.endArray()
    json.key("summary")
    json.beginObject()
    json.key("errors")
    json.integer(report.count(.error))
    json.key("warnings")
    json.integer(report.count(.warning))
    json.key("remarks")
    json.integer(report.count(.remark))
    json.endObject()
    json.endObject()
    json.finish()
    return json.bytes
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
    json.key("source")
    json.string(track.source.rawValue)
    json.key("format")
    json.string(track.format.rawValue)
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
    if let location = diagnostic.location { json.integer(location.line) } else { json.null() }
    json.key("column")
    if let location = diagnostic.location { json.integer(location.column) } else { json.null() }
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
