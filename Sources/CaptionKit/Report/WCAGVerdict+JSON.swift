extension WCAGVerdict {
  /// Writes the verdict's members into an open JSON object: criterion, level, status,
  /// evidence, title, tracks, rules (the JSON report's `wcag` entries, and SARIF's).
  package func writeMembers(to json: inout JSONOutput) {
    json.key("criterion")
    json.string(criterion)
    json.key("level")
    json.string(level)
    json.key("status")
    json.string(status.rawValue)
    json.key("evidence")
    json.string(evidence)
    json.key("title")
    json.string(title)
    json.key("tracks")
    json.beginArray()
    for track in tracks { json.string(track) }
    json.endArray()
    json.key("rules")
    json.beginArray()
    for rule in rules { json.string(rule) }
    json.endArray()
  }
}
