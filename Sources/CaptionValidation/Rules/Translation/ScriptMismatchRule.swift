public import CaptionCore

/// `translation.script-mismatch`: the text's dominant script does not fit the declared
/// language (a `ko` track written in Latin letters).
public struct ScriptMismatchRule: TrackRule {
  public var id: String { "translation.script-mismatch" }
  public var defaultSeverity: Severity { .error }
  public var summary: String {
    "the text's dominant Unicode script does not fit the declared language"
  }
  public var needs: RuleNeeds { [.track, .cueText] }

  /// Fewer letters than this say too little to judge.
  public static let minimumLetters = 20

  public init() {}

  /// Only a language that expects a script can be at odds with the text's.
  public func needsCues(_ track: TrackInput) -> Bool {
    guard let language = track.language else { return false }
    return Script.expected(for: language.language, script: language.script) != nil
  }

  public func check(_ track: TrackInput, findings: inout Findings) {
    guard let language = track.language,
      let expected = Script.expected(for: language.language, script: language.script)
    else { return }
    let scripts = track.scripts
    let total = scripts.total - scripts[.other]
    guard total >= Self.minimumLetters, let dominant = scripts.dominant(excluding: expected)
    else { return }
    let fitting = expected.reduce(0) { $0 + scripts[$1] }
    guard dominant.count > fitting else { return }
    let names = Script.allCases.filter { expected.contains($0) }.map(\.description)
    findings.add(
      "the track is declared \(language.rawValue), but \(dominant.count) of its \(total) "
        + "letters are \(dominant.script) script and \(fitting) are "
        + names.joined(separator: " or "),
      hint: "check the track's language (file name, header or --locale), or that the right "
        + "file was delivered")
  }
}
