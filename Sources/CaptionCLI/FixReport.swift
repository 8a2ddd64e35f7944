import CaptionKit

/// What `fix` says about a run: each change as a `fixed:` line (or a JSON finding with
/// `"fixed": true`), each repair it could not make with its reason, the rules it could not
/// run, and the findings of the output as written.
struct FixReport {
  let input: String
  /// The output's name: "-" for standard output, "<input> (fixed)" for a dry run.
  let output: String
  let track: Track
  let outcome: CaptionFix.Outcome

  /// The severity a finding of `rule` has when it is not repaired.
  private func severity(of rule: String) -> Severity {
    let base = RuleRegistry.rule(id: rule)?.defaultSeverity ?? .warning
    return outcome.profile.rules[rule]?.severity ?? base
  }

  /// The input's line and column for a change: its own, its cue's, or 1:1 for the whole
  /// file.
  private func location(of change: RepairChange) -> SourceLocation {
    if let location = change.location { return location }
    if let index = change.cueIndex, track.cues.indices.contains(index),
      let location = track.cues[index].location
    {
      return location
    }
    return SourceLocation(line: 1, column: 1, offset: 0)
  }

  var fixedCount: Int { outcome.changes.count(where: \.fixed) }
  var notFixedCount: Int { outcome.changes.count(where: { !$0.fixed }) }

  /// True when a finding left in the output is at or above `level`.
  func fails(at level: Severity?) -> Bool {
    guard let level else { return false }
    return outcome.remaining.contains { $0.severity >= level }
      || outcome.changes.contains { !$0.fixed && severity(of: $0.rule) >= level }
  }

  /// The report for standard error.
  func text() -> String {
    var text = ""
    for change in outcome.changes {
      let place = location(of: change)
      let label = change.fixed ? "fixed" : severity(of: change.rule).rawValue
      text +=
        "\(input):\(place.line):\(place.column): \(label): \(change.message) [\(change.rule)]\n"
    }
    for entry in outcome.skipped {
      text += "note: [\(entry.rule)] not repaired: \(entry.reason)\n"
    }
    let written = output == "-" ? "<stdout>" : output
    for diagnostic in outcome.losses + outcome.remaining {
      var diagnostic = diagnostic
      diagnostic.file = written
      text += TextReportWriter.line(for: diagnostic)
    }
    var summary = "\(fixedCount) fixed"
    if notFixedCount > 0 { summary += ", \(notFixedCount) not fixed" }
    if !outcome.remaining.isEmpty {
      summary += ", \(outcome.remaining.count) left in \(written)"
    }
    return text + summary + "\n"
  }

  /// The report for standard output (`--format json`).
  func json() -> String {
    var json = JSONOutput()
    json.beginObject()
    json.key("tool")
    json.beginObject()
    json.key("name")
    json.string("captionkit")
    json.key("version")
    json.string(CaptionKitVersion.current)
    json.endObject()
    json.key("input")
    json.string(input)
    json.key("output")
    json.string(output)
    json.key("findings")
    json.beginArray()
    for change in outcome.changes {
      json.beginObject()
      json.key("rule")
      json.string(change.rule)
      json.key("fixed")
      json.bool(change.fixed)
      if !change.fixed {
        json.key("severity")
        json.string(severity(of: change.rule).rawValue)
      }
      json.key("message")
      json.string(change.message)
      json.key("file")
      json.string(input)
      let place = location(of: change)
      json.key("line")
      json.integer(place.line)
      json.key("column")
      json.integer(place.column)
      json.key("cue")
      if let index = change.cueIndex, track.cues.indices.contains(index) {
        let cue = track.cues[index]
        json.beginObject()
        json.key("index")
        json.integer(index + 1)
        json.key("id")
        json.string(cue.id.isEmpty ? nil : cue.id)
        json.key("start")
        json.seconds(milliseconds: cue.start.milliseconds)
        json.key("end")
        json.seconds(milliseconds: cue.end.milliseconds)
        json.endObject()
      } else {
        json.null()
      }
      json.endObject()
    }
    json.endArray()
    json.key("skipped")
    json.beginArray()
    for entry in outcome.skipped {
      json.beginObject()
      json.key("rule")
      json.string(entry.rule)
      json.key("reason")
      json.string(entry.reason)
      json.endObject()
    }
    json.endArray()
    json.key("remaining")
    json.beginArray()
    for diagnostic in outcome.losses + outcome.remaining {
      json.beginObject()
      json.key("rule")
      json.string(diagnostic.rule)
      json.key("severity")
      json.string(diagnostic.severity.rawValue)
      json.key("message")
      json.string(diagnostic.message)
      json.key("line")
      if let line = diagnostic.location?.line { json.integer(line) } else { json.null() }
      json.key("column")
      if let column = diagnostic.location?.column { json.integer(column) } else { json.null() }
      json.endObject()
    }
    json.endArray()
    json.key("summary")
    json.beginObject()
    json.key("fixed")
    json.integer(fixedCount)
    json.key("notFixed")
    json.integer(notFixedCount)
    json.key("remaining")
    json.integer(outcome.remaining.count + outcome.losses.count)
    json.endObject()
    json.endObject()
    json.finish()
    return String(decoding: json.bytes, as: UTF8.self)
  }
}
