import CaptionCore
import CaptionFormats
import CaptionValidation

/// A caption file with the expected positions of findings marked inline by the keycap emoji
/// 1️⃣ … 9️⃣, as swift-format's tests mark them: the markers are removed before reading, and
/// each finding is named by the marker at its line and column.
struct MarkedInput {
  /// The file without its markers.
  let text: String
  /// Marker → its line and 1-based UTF-8 column in `text`.
  let markers: [String: (line: Int, column: Int)]

  init(_ marked: String) {
    var text = ""
    var markers: [String: (line: Int, column: Int)] = [:]
    var line = 1
    var column = 1
    for character in marked {
      if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 3,
        character.unicodeScalars.last == "\u{20E3}", ("1"..."9").contains(scalar)
      {
        markers[String(character)] = (line, column)
        continue
      }
      text.append(character)
      if character == "\n" {
        line += 1
        column = 1
      } else {
        column += character.utf8.count
      }
    }
    self.text = text
    self.markers = markers
  }
}

/// One finding as tests compare it: the marker at its place, and its message.
struct MarkedFinding: Equatable, CustomStringConvertible {
  var marker: String
  var message: String

  init(_ marker: String, _ message: String) {
    self.marker = marker
    self.message = message
  }

  var description: String { "\(marker) \(message)" }
}

/// Reads a marked file and runs rules on it.
enum RuleHarness {
  /// The findings of `rule` (run alone, at its configured severity) on the marked file.
  static func findings(
    of rule: any Rule, in marked: String, format: TrackFormat = .webvtt,
    language: String? = nil, kind: TrackKind? = nil, profile: ValidationProfile = .standard
  ) -> [MarkedFinding] {
    diagnostics(
      of: rule, in: marked, format: format, language: language, kind: kind, profile: profile
    ).findings
  }

  static func diagnostics(
    of rule: any Rule, in marked: String, format: TrackFormat = .webvtt,
    language: String? = nil, kind: TrackKind? = nil, profile: ValidationProfile = .standard
  ) -> (findings: [MarkedFinding], diagnostics: [Diagnostic]) {
    let input = MarkedInput(marked)
    var track = read(input.text, format: format)
    track.language = language.flatMap { LanguageTag($0) }
    track.kind = kind
    let context = ValidationContext(tracks: [track], profile: profile)
    let diagnostics = Validator(rules: [rule]).validate(track, in: context)
    let findings = diagnostics.map { diagnostic in
      let marker =
        input.markers.first { _, place in
          place.line == diagnostic.location?.line && place.column == diagnostic.location?.column
        }?.key
        ?? diagnostic.location.map { "\($0.line):\($0.column)" } ?? "track"
      return MarkedFinding(marker, diagnostic.message)
    }
    return (findings, diagnostics)
  }

  static func read(_ text: String, format: TrackFormat) -> Track {
    switch format {
    case .srt: return SRTReader.read(text, path: "test.srt").track
    default: return WebVTTReader.read(text, path: "test.vtt").track
    }
  }
}
