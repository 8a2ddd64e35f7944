public import CaptionCore

/// `cea608.language`: the languages of a media file's CEA-608 channels CC1 and CC3 against
/// what the container and the sidecars say, where those are known:
///
/// - CC1 carries the programme's own language: a CC1 language that differs from the main
///   audio stream's;
/// - CC1 and CC3 declared in the same language while they carry different captions;
/// - a channel that carries the same words as a sidecar file of another language than the
///   one declared for the channel.
public struct CEA608LanguageRule: ContextRule {
  public var id: String { "cea608.language" }
  public var defaultSeverity: Severity { .warning }
  public var summary: String {
    "the language of 608 captions CC1 or CC3 disagrees with the container or the sidecars"
  }
  public var needs: RuleNeeds { [.track, .media] }

  /// The share of a channel's words a sidecar must have for the two to count as the same
  /// captions.
  static let sameWords = 0.6

  public init() {}

  public func check(_ context: ValidationContext, tracks: [TrackInput], findings: inout Findings) {
    let channels = tracks.filter {
      $0.track.cea608.map { $0.channel == .cc1 || $0.channel == .cc3 } ?? false
    }
    guard !channels.isEmpty else { return }
    let audio = context.media?.streams.filter { $0.type == .audio } ?? []
    let main = audio.first { $0.dispositions.contains("default") } ?? audio.first
    let sidecars = tracks.filter { $0.track.cea608 == nil && $0.track.source != .embedded }
    var words: [String: Set<String>] = [:]
    func wordsOf(_ track: TrackInput) -> Set<String> {
      let key = track.id ?? track.track.path ?? ""
      if let known = words[key] { return known }
      var set = Set<String>()
      for cue in track.track.cues {
        for word in cue.text.visibleText.lowercased().split(whereSeparator: {
          !$0.isLetter && !$0.isNumber
        }) where word.count > 1 {
          set.insert(String(word))
        }
      }
      words[key] = set
      return set
    }
    for track in channels {
      guard let facts = track.track.cea608 else { continue }
      let declared = track.language
      let name = facts.channel.description
      if facts.channel == .cc1, let declared, let audioLanguage = main?.language,
        declared.language != audioLanguage.language
      {
        findings.add(
          "\(name) is declared \(declared) (\(Self.source(facts))) but the main audio stream "
            + "\(main.map { "\($0.index)" } ?? "") is \(audioLanguage)",
          in: track,
          hint: "CC1 carries the programme's language; put other languages in CC3, or "
            + "correct the declared language")
      }
      if facts.channel == .cc3, let declared,
        let cc1 = channels.first(where: {
          $0.track.cea608?.channel == .cc1 && $0.track.stream == track.track.stream
        }), let other = cc1.language, other.language == declared.language,
        wordsOf(cc1) != wordsOf(track)
      {
        findings.add(
          "CC1 and CC3 are both declared \(declared) but carry different captions",
          in: track,
          hint: "CC3 usually carries a second language: declare the language it is in")
      }
      let own = wordsOf(track)
      guard own.count >= 3 else { continue }
      for sidecar in sidecars {
        guard let language = sidecar.language else { continue }
        let theirs = wordsOf(sidecar)
        let shared = Double(own.intersection(theirs).count) / Double(own.count)
        guard shared >= Self.sameWords else { continue }
        if let declared, declared.language != language.language {
          findings.add(
            "\(name) is declared \(declared) but carries the same words as "
              + "\(sidecar.track.path ?? "a sidecar") (\(language))",
            in: track,
            hint: "correct the declared language of \(name), or of the sidecar")
        }
      }
    }
  }

  private static func source(_ facts: CEA608TrackFacts) -> String {
    switch facts.languageSource {
    case .serviceDescriptor: "by the caption service descriptor"
    case .container: "by the container"
    case .none: "by the sidecar name"
    }
  }
}
