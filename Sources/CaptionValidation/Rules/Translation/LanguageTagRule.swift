public import CaptionCore

/// `translation.language-tag`: a declared language that is not a well-formed BCP 47 tag, or
/// two declarations of one track that disagree.
public struct LanguageTagRule: TrackRule {
  public var id: String { "translation.language-tag" }
  public var defaultSeverity: Severity { .error }
  public var summary: String {
    "a language that is not a well-formed BCP 47 tag, or declarations of a track that disagree"
  }
  public var trackKinds: Set<TrackKind> { Set(TrackKind.allCases) }
  public var needs: RuleNeeds { .track }

  public init() {}

  public func check(_ track: TrackInput, findings: inout Findings) {
    guard let declared = track.headerValue("Language"), !declared.isEmpty else { return }
    guard let tag = LanguageTag(declared) else {
      let suggestion = LanguageTag(declared.replacingUnderscores).map { " such as \($0)" } ?? ""
      findings.add(
        "the header declares Language \(declared), which is not a well-formed BCP 47 tag",
        hint:
          "write a BCP 47 tag\(suggestion.isEmpty ? " such as en, pt-BR or zh-Hant" : suggestion)")
      return
    }
    guard let language = track.track.language, !Self.agree(language, tag) else { return }
    // An embedded track's language is the container's tag; a file's, its name's or --locale.
    let embedded = track.track.source == .embedded
    findings.add(
      "the track's language is \(language) "
        + (embedded ? "(from the container's stream tag)" : "(from its file name or --locale)")
        + ", but its header declares Language \(tag)",
      hint: embedded
        ? "make the stream's language tag and the header name the same language"
        : "make the file name and the header name the same language")
  }

  /// True when one tag is the other or a more specific form of it (`pt` and `pt-BR`).
  public static func agree(_ a: LanguageTag, _ b: LanguageTag) -> Bool {
    if a == b { return true }
    let x = a.rawValue.lowercased()
    let y = b.rawValue.lowercased()
    return x.hasPrefix(y + "-") || y.hasPrefix(x + "-")
  }
}

extension String {
  var replacingUnderscores: String {
    String(map { $0 == "_" ? "-" : $0 })
  }
}
