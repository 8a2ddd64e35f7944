/// Writes a report as SARIF 2.1.0, the format code-scanning services read: one run, the
/// rules that fired, one result per diagnostic with its file, line, column and byte offset.
public enum SARIFReportWriter {
  package static let schema =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

  public static func write(_ report: ValidationReport) -> [UInt8] {
    var rules: [String] = []
    var ruleIndex: [String: Int] = [:]
    for diagnostic in report.diagnostics where ruleIndex[diagnostic.rule] == nil {
      ruleIndex[diagnostic.rule] = rules.count
      rules.append(diagnostic.rule)
    }
    var json = JSONOutput(reservingCapacity: 1024 + report.diagnostics.count * 400)
    json.beginObject()
    json.key("$schema")
    json.string(schema)
    json.key("version")
    json.string("2.1.0")
    json.key("runs")
    json.beginArray()
    json.beginObject()
    json.key("tool")
    json.beginObject()
    json.key("driver")
    json.beginObject()
    json.key("name")
    json.string("captionkit")
    json.key("version")
    json.string(CaptionKitVersion.current)
    json.key("rules")
    json.beginArray()
    for id in rules {
      json.beginObject()
      json.key("id")
      json.string(id)
      if let rule = RuleRegistry.rule(id: id) {
        json.key("shortDescription")
        json.beginObject()
        json.key("text")
        json.string(rule.summary)
        json.endObject()
        json.key("helpUri")
        json.string(helpURI(id))
        json.key("defaultConfiguration")
        json.beginObject()
        json.key("level")
        json.string(level(rule.defaultSeverity))
        json.endObject()
        json.key("properties")
        json.beginObject()
        json.key("area")
        json.string(rule.area.rawValue)
        json.endObject()
      }
      json.endObject()
    }
    json.endArray()
    json.endObject()
    json.endObject()
    let artifacts = Artifacts(report)
    json.key("artifacts")
    json.beginArray()
    for artifact in artifacts.list {
      json.beginObject()
      json.key("location")
      json.beginObject()
      json.key("uri")
      json.string(artifact.uri)
      json.endObject()
      if let parent = artifact.parent {
        json.key("parentIndex")
        json.integer(parent)
      }
      if let description = artifact.description {
        json.key("description")
        json.beginObject()
        json.key("text")
        json.string(description)
        json.endObject()
      }
      if let encoding = artifact.encoding {
        json.key("encoding")
        json.string(encoding)
      }
      json.endObject()
    }
    json.endArray()
    json.key("results")
    json.beginArray()
    for diagnostic in report.diagnostics {
      writeResult(
        diagnostic, ruleIndex: ruleIndex[diagnostic.rule] ?? 0, artifacts: artifacts, to: &json)
    }
    json.endArray()
    if !report.media.isEmpty {
      // WCAG verdicts are not findings at a place: they go in the run's property bag.
      json.key("properties")
      json.beginObject()
      json.key("wcag")
      json.beginArray()
      for entry in report.media {
        for verdict in entry.wcag {
          json.beginObject()
          json.key("media")
          json.string(entry.info.path)
          verdict.writeMembers(to: &json)
          json.endObject()
        }
      }
      json.endArray()
      json.endObject()
    }
    json.endObject()
    json.endArray()
    json.endObject()
    json.finish()
    return json.bytes
  }

  private static func writeResult(
    _ diagnostic: Diagnostic, ruleIndex: Int, artifacts: Artifacts, to json: inout JSONOutput
  ) {
    json.beginObject()
    json.key("ruleId")
    json.string(diagnostic.rule)
    json.key("ruleIndex")
    json.integer(ruleIndex)
    json.key("level")
    json.string(level(diagnostic.severity))
    json.key("message")
    json.beginObject()
    json.key("text")
    json.string(diagnostic.message)
    json.endObject()
    if let file = diagnostic.file {
      json.key("locations")
      json.beginArray()
      json.beginObject()
      json.key("physicalLocation")
      json.beginObject()
      json.key("artifactLocation")
      json.beginObject()
      let index = artifacts.index(track: diagnostic.track, file: file)
      json.key("uri")
      json.string(index.map { artifacts.list[$0].uri } ?? uri(file))
      if let index {
        json.key("index")
        json.integer(index)
      }
      json.endObject()
      if let location = diagnostic.location {
        json.key("region")
        json.beginObject()
        json.key("startLine")
        json.integer(location.line)
        json.key("startColumn")
        json.integer(location.column)
        json.key("byteOffset")
        json.integer(location.offset)
        json.endObject()
      }
      json.endObject()
      json.endObject()
      json.endArray()
    }
    let hint = diagnostic.hint
    if hint != nil || diagnostic.cue != nil {
      json.key("properties")
      json.beginObject()
      if let hint {
        json.key("hint")
        json.string(hint)
      }
      if let cue = diagnostic.cue {
        json.key("cue")
        json.integer(cue.index)
      }
      json.endObject()
    }
    json.endObject()
  }

  /// The run's artifacts: each file once, and each stream embedded in a media file as an
  /// artifact of its own inside the file's (`parentIndex`), its URI the file's with the
  /// stream in the fragment (`film.mkv#stream=2`).
  struct Artifact {
    var uri: String
    var parent: Int?
    var description: String?
    var encoding: String?
  }

  struct Artifacts {
    private(set) var list: [Artifact] = []
    private var byFile: [String: Int] = [:]
    private var byTrack: [String: Int] = [:]

    init(_ report: ValidationReport) {
      for entry in report.tracks {
        let track = entry.track
        let path = track.path ?? "-"
        if track.source == .embedded, let stream = track.stream {
          let parent = file(path, encoding: nil)
          byTrack[entry.id] = list.count
          let codec = track.codec.map { " (\($0))" } ?? ""
          let channel = track.channel.map { " \($0)" } ?? ""
          let fragment = "#stream=\(stream)" + (track.channel.map { "&channel=\($0)" } ?? "")
          list.append(
            Artifact(
              uri: uri(path) + fragment, parent: parent,
              description: "stream \(stream)\(channel)\(codec) of \(path)",
              encoding: track.encoding))
        } else {
          byTrack[entry.id] = file(path, encoding: track.encoding)
        }
      }
    }

    /// The index of the artifact of `path`, added when new.
    private mutating func file(_ path: String, encoding: String?) -> Int {
      if let index = byFile[path] {
        if list[index].encoding == nil { list[index].encoding = encoding }
        return index
      }
      byFile[path] = list.count
      list.append(Artifact(uri: uri(path), encoding: encoding))
      return list.count - 1
    }

    /// The artifact of a finding: its track's, else its file's.
    func index(track: String?, file: String) -> Int? {
      track.flatMap { byTrack[$0] } ?? byFile[file]
    }
  }

  /// The page that documents a rule, relative to the root of captionkit's repository.
  package static func helpURI(_ id: String) -> String {
    "Docs/rules/" + uri(id) + ".md"
  }

  package static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: return "error"
    case .warning: return "warning"
    case .remark: return "note"
    }
  }

  /// A relative URI reference for a path: bytes other than unreserved characters and `/`
  /// percent-encoded (`my file.vtt` → `my%20file.vtt`).
  package static func uri(_ path: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        bytes.append(byte)
      default:
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
