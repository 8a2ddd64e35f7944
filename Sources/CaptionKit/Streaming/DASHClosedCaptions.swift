import CaptionCore
import CaptionFormats

/// The closed captions a DASH package declares on its video adaptation sets (SCTE 214-1:
/// `Accessibility` of `urn:scte:dash:cc:cea-608:2015`, `CC1=eng;CC3=spa`, and
/// `urn:scte:dash:cc:cea-708:2015`, `1=lang:eng;2=lang:spa`), held against the captions the
/// video carries.
enum DASHClosedCaptions {
  static let cea608Scheme = "urn:scte:dash:cc:cea-608:2015"
  static let cea708Scheme = "urn:scte:dash:cc:cea-708:2015"

  /// One declared channel or service: `CC1`-`CC4` or `SERVICE1`-`SERVICE63`, its language
  /// as written, and the line of its descriptor.
  struct Declaration: Equatable {
    var id: String
    var language: String?
    var line: Int
  }

  /// The declarations of the video sets of `period`, and a phrase for each descriptor value
  /// that cannot be read (with its line).
  static func declarations(in period: DASHManifest.Period) -> (
    declared: [Declaration], unread: [(value: String, line: Int)]
  ) {
    var declared: [Declaration] = []
    var unread: [(String, Int)] = []
    for set in period.adaptationSets {
      for descriptor in set.accessibility {
        guard descriptor.scheme == cea608Scheme || descriptor.scheme == cea708Scheme else {
          continue
        }
        let is608 = descriptor.scheme == cea608Scheme
        let value = descriptor.value ?? ""
        let entries = value.split(separator: ";").map {
          $0.trimmingPrefix(" ").split(separator: "=", maxSplits: 1).map(String.init)
        }
        for entry in entries {
          if let parsed = is608 ? channel608(entry) : service708(entry) {
            declared.append(
              Declaration(id: parsed.id, language: parsed.language, line: descriptor.line))
          } else {
            unread.append((entry.joined(separator: "="), descriptor.line))
          }
        }
        if entries.isEmpty { unread.append((value, descriptor.line)) }
      }
    }
    return (declared, unread)
  }

  /// `CC1=eng` (or a lone `eng`, which is CC1).
  private static func channel608(_ entry: [String]) -> (id: String, language: String?)? {
    if entry.count == 1 {
      let language = entry[0]
      return language.allSatisfy(\.isLetter) && !language.isEmpty ? ("CC1", language) : nil
    }
    let channel = entry[0].uppercased()
    guard channel.count == 3, channel.hasPrefix("CC"), let number = Int(channel.dropFirst(2)),
      (1...4).contains(number)
    else { return nil }
    return (channel, entry[1].isEmpty ? nil : entry[1])
  }

  /// `1=lang:eng,war:1` (or `1=eng`).
  private static func service708(_ entry: [String]) -> (id: String, language: String?)? {
    guard entry.count == 2, let number = Int(entry[0]), (1...63).contains(number) else {
      return nil
    }
    var language: String?
    for part in entry[1].split(separator: ",") {
      let pair = part.split(separator: ":", maxSplits: 1).map(String.init)
      if pair.count == 2, pair[0] == "lang" { language = pair[1] }
      if pair.count == 1, language == nil { language = pair[0] }
    }
    return (CEA708ServiceCaptions.name(of: number), language)
  }

  /// The tracks of the captions the video carries (`decoded`), named by their declarations
  /// (language from the declaration), and the findings: a declaration the video does not
  /// carry (an error), captions in the video no declaration names (a warning; still a track,
  /// as DASH players read in-band captions whether declared or not), a value that cannot be
  /// read (a warning).
  static func tracks(
    _ decoded: ClosedCaptionTracks, in period: DASHManifest.Period, path: String
  ) -> (results: [ReadResult], diagnostics: [Diagnostic]) {
    let (declared, unread) = declarations(in: period)
    var diagnostics: [Diagnostic] = []
    func report(_ severity: Severity, _ message: String, line: Int, hint: String? = nil) {
      diagnostics.append(
        Diagnostic(
          rule: DASHPackage.Rule.accessibility, severity: severity, message: message,
          file: path, location: SourceLocation(line: line, column: 1, offset: 0), hint: hint))
    }
    for (value, line) in unread {
      report(
        .warning,
        "the closed-caption declaration \"\(value)\" cannot be read; it is CC1=eng for 608 "
          + "captions or 1=lang:eng for 708 ones", line: line)
    }
    var results: [ReadResult] = []
    var used: Set<String> = []
    for declaration in declared where !used.contains(declaration.id) {
      guard var result = decoded.results.first(where: { $0.track.channel == declaration.id })
      else {
        report(
          .error,
          "the video is declared to carry \(declaration.id) captions, but it carries none; "
            + "players offer a choice that shows nothing", line: declaration.line,
          hint: "declare the channel or service the video carries, or caption the video")
        continue
      }
      used.insert(declaration.id)
      if let language = declaration.language.flatMap(ISO639.languageTag(for:))
        ?? declaration.language.flatMap({ LanguageTag($0) })
      {
        result.track.language = language
      }
      results.append(result)
    }
    for result in decoded.results {
      guard let id = result.track.channel, !used.contains(id) else { continue }
      let cues = result.track.cues.count
      report(
        .warning,
        "the video carries \(id) captions (\(cues) cue\(cues == 1 ? "" : "s")) that no "
          + "Accessibility descriptor declares; players do not know their language",
        line: period.line,
        hint: id.hasPrefix("CC")
          ? "add <Accessibility schemeIdUri=\"\(cea608Scheme)\" value=\"\(id)=eng\"/> to the "
            + "video adaptation set"
          : "add <Accessibility schemeIdUri=\"\(cea708Scheme)\" "
            + "value=\"\(id.dropFirst(7))=lang:eng\"/> to the video adaptation set")
      results.append(result)
    }
    return (results, diagnostics)
  }
}
