public import CaptionCore

/// `translation.untranslated`: a translated cue whose text is the source cue's text, once
/// names, numbers and punctuation are set aside.
public struct UntranslatedRule: ContextRule {
  public var id: String { "translation.untranslated" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String { "a translated cue's text is the same as the source's" }
  public var needs: RuleNeeds { [.track, .relatedTracks, .cueText] }

  public init() {}

  public func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings) {
    let media = MediaTracks(tracks)
    guard let source = media.dialogue(source: media.sourceLocale(given: context.sourceLocale))
    else { return }
    let sourceCues = source.track.cues
    for translation in CueAlignmentRule.translations(of: source, in: media) {
      var next = 0
      for (offset, cue) in translation.track.cues.enumerated() {
        // The source cues that overlap this one; both tracks are mostly in time order.
        while next < sourceCues.count, sourceCues[next].end <= cue.start { next += 1 }
        var index = next
        while index < sourceCues.count, sourceCues[index].start < cue.end {
          let words = Self.words(cue)
          if !words.isEmpty, words == Self.words(sourceCues[index]) {
            findings.add(
              "cue \(offset + 1) reads the same as cue \(index + 1) of the \(source.language.map(\.rawValue) ?? "source") track: "
                + "\"\(Self.excerpt(cue))\"",
              in: translation, cue: offset + 1,
              hint: "translate the cue, or check that the right file is in the track")
            break
          }
          index += 1
        }
      }
    }
  }

  /// The cue's words that need translating: lowercased, without those that start with a
  /// capital letter (names), numbers and punctuation.
  static func words(_ cue: Cue) -> [String] {
    let text = cue.text.visibleText
    var result: [String] = []
    for word in text.split(whereSeparator: { !$0.isLetter && $0 != "'" }) {
      guard let first = word.first, first.isLetter, !first.isUppercase || word.count == 1
      else { continue }
      result.append(word.lowercased())
    }
    // A cue of names alone (one capitalised word per sentence) is not reported.
    return result.count >= 2 ? result : []
  }

  static func excerpt(_ cue: Cue) -> String {
    let text = cue.text.visibleText.split(separator: "\n").joined(separator: " ")
    return text.count > 40 ? String(text.prefix(40)) + "…" : text
  }
}
