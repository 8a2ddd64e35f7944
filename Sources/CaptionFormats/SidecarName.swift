public import CaptionCore

/// The name of a caption file that sits next to a media file, `movie.<lang>[.<kind>].<ext>`
/// (the Plex/Jellyfin convention): `movie.en.vtt`, `movie.pt-BR.sdh.srt`,
/// `movie.ko.descriptions.vtt`, `movie.chapters.vtt`.
///
/// The language and the kind are both optional and may come in either order; `hi` after a
/// language is the hearing-impaired flag (`movie.en.hi.srt`, read as `sdh`), alone it is
/// Hindi. Parsing a name alone cannot tell a language code from the end of a dotted title
/// (`Ice.Age.srt`); give the media file name (`init?(fileName:mediaFileName:)`) to decide
/// for sure.
public struct SidecarName: Sendable, Hashable, CustomStringConvertible {
  /// The media file's name without its extension (`movie` for `movie.mp4`).
  public var baseName: String
  public var language: LanguageTag?
  public var kind: TrackKind?
  public var format: TrackFormat
  /// The extension as written (`vtt`, `srt`, `ttml`, `dfxp`, `xml`, `ass`, `ssa`), without the
  /// dot.
  public var fileExtension: String
  /// The language part as written, when it is not a well-formed BCP 47 tag and `language`
  /// was read from it (`en_US` read as `en-US`, `English` as `en`); nil otherwise.
  public var writtenLanguage: String?

  public init(
    baseName: String, language: LanguageTag? = nil, kind: TrackKind? = nil,
    format: TrackFormat, fileExtension: String? = nil
  ) {
    self.baseName = baseName
    self.language = language
    self.kind = kind
    self.format = format
    self.fileExtension = fileExtension ?? SidecarName.defaultExtension(for: format)
  }

  /// Parses a caption file name (a path's last component is used); nil when the extension
  /// is not a caption format or nothing is left for the media name.
  public init?(fileName: String) {
    let name = SidecarName.lastComponent(fileName)
    var parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 2, let ext = parts.popLast(), let format = SidecarName.format(for: ext)
    else { return nil }
    var language: LanguageTag?
    var kind: TrackKind?
    while parts.count > 1, let last = parts.last {
      if kind == nil, SidecarName.isHearingImpairedFlag(last, after: parts.dropLast().last) {
        kind = .sdh
      } else if kind == nil, let parsed = SidecarName.kind(for: last) {
        kind = parsed
      } else if language == nil, let parsed = SidecarName.language(for: last) {
        language = parsed
      } else {
        break
      }
      parts.removeLast()
    }
    let base = parts.joined(separator: ".")
    guard !base.isEmpty else { return nil }
    self.init(baseName: base, language: language, kind: kind, format: format, fileExtension: ext)
  }

  /// Parses `fileName` as a sidecar of `mediaFileName` (paths allowed; only the last
  /// components are compared, case-sensitively); nil when it does not belong to it.
  public init?(fileName: String, mediaFileName: String) {
    let base = SidecarName.baseName(ofMedia: mediaFileName)
    let name = SidecarName.lastComponent(fileName)
    guard !base.isEmpty, name.hasPrefix(base + ".") else { return nil }
    var parts = name.dropFirst(base.count + 1)
      .split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard let ext = parts.popLast(), let format = SidecarName.format(for: ext), parts.count <= 2
    else { return nil }
    var language: LanguageTag?
    var kind: TrackKind?
    var written: String?
    for (index, part) in parts.enumerated() {
      if kind == nil, index == 1, SidecarName.isHearingImpairedFlag(part, after: parts[0]) {
        kind = .sdh
      } else if kind == nil, let parsed = SidecarName.kind(for: part) {
        kind = parsed
      } else if language == nil, let parsed = SidecarName.language(for: part) {
        language = parsed
      } else if language == nil, let repaired = SidecarName.repairedLanguage(for: part) {
        // Beside its media file the part can only be a language: one written wrongly is read
        // as the tag meant, and said (`Sidecar.read`).
        language = repaired
        written = part
      } else {
        return nil
      }
    }
    self.init(baseName: base, language: language, kind: kind, format: format, fileExtension: ext)
    writtenLanguage = written
  }

  /// True when the caption file `fileName` belongs to the media file `mediaFileName`.
  public static func belongs(_ fileName: String, to mediaFileName: String) -> Bool {
    SidecarName(fileName: fileName, mediaFileName: mediaFileName) != nil
  }

  /// The file name: `baseName[.language][.kind].fileExtension`.
  public var fileName: String {
    var name = baseName
    if let language { name += "." + language.rawValue }
    if let kind { name += "." + kind.rawValue }
    return name + "." + fileExtension
  }

  public var description: String { fileName }

  /// The media file's name without path and extension: `movie` for `dir/movie.mp4`.
  public static func baseName(ofMedia mediaFileName: String) -> String {
    let name = lastComponent(mediaFileName)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }

  /// The caption format an extension names (`vtt`, `srt`, `ttml`, `dfxp`, `xml`, `ass`, `ssa`,
  /// `scc`; any case).
  public static func format(for fileExtension: String) -> TrackFormat? {
    switch fileExtension.lowercased() {
    case "vtt": return .webvtt
    case "srt": return .srt
    case "ttml", "dfxp", "xml": return .ttml
    case "ass", "ssa": return .ass
    case "scc": return .scc
    default: return nil
    }
  }

  /// The extension written for a format.
  public static func defaultExtension(for format: TrackFormat) -> String {
    switch format {
    case .webvtt: return "vtt"
    case .srt: return "srt"
    case .ttml: return "ttml"
    case .ass: return "ass"
    case .scc: return "scc"
    case .json: return "json"
    }
  }

  /// The track kind a name part stands for (`captions`/`cc`, `sdh`, `subtitles`, `forced`,
  /// `descriptions`/`ad`, `chapters`, `metadata`; any case).
  public static func kind(for part: String) -> TrackKind? {
    switch part.lowercased() {
    case "captions", "cc": return .captions
    case "sdh": return .sdh
    case "subtitles": return .subtitles
    case "forced": return .forced
    case "descriptions", "ad": return .descriptions
    case "chapters": return .chapters
    case "metadata": return .metadata
    default: return nil
    }
  }

  /// True when `part` is `hi` after a language part (`movie.en.hi.srt`): the flag for the
  /// hearing impaired that subtitle downloaders and media servers write, read as `sdh`.
  /// Alone (`movie.hi.srt`) it is Hindi.
  static func isHearingImpairedFlag(_ part: String, after previous: String?) -> Bool {
    guard part.lowercased() == "hi", let previous else { return false }
    return language(for: previous) != nil || repairedLanguage(for: previous) != nil
  }

  /// A name part read as a language: a well-formed tag whose primary language is an ISO 639
  /// code (`en`, `pt-BR`, `zh-Hant`, `yue`: `ISO639.isKnown`), so that words of a title
  /// (`Movie`) and other words of a name (`movie.cut.srt`, `c2.out.vtt`) are not taken for
  /// one. An ISO 639-2 code that has a two-letter twin (`eng`, `fre`, `ger`), as media
  /// servers accept in names, is read as that tag (`en`), as a container's code is.
  static func language(for part: String) -> LanguageTag? {
    guard let tag = LanguageTag(part), ISO639.isKnown(tag.language) else { return nil }
    if tag.language.count == 3, tag.rawValue.count == 3,
      let short = ISO639.twoLetter[tag.language.lowercased()]
    {
      return LanguageTag(short)
    }
    return tag
  }

  /// The tag meant by a language part that is not a well-formed tag: underscores for
  /// hyphens (`en_US`, `pt_BR`, `zh_Hant_TW`), or a language's English name (`English`,
  /// `french`); nil when it is neither.
  static func repairedLanguage(for part: String) -> LanguageTag? {
    if part.contains("_"), let tag = language(for: String(part.map { $0 == "_" ? "-" : $0 })) {
      return tag
    }
    return languageNames[part.lowercased()].flatMap { LanguageTag($0) }
  }

  /// Languages named in English, as file names often give them.
  static let languageNames: [String: String] = [
    "arabic": "ar", "chinese": "zh", "czech": "cs", "danish": "da", "dutch": "nl",
    "english": "en", "finnish": "fi", "french": "fr", "german": "de", "greek": "el",
    "hebrew": "he", "hindi": "hi", "hungarian": "hu", "indonesian": "id", "italian": "it",
    "japanese": "ja", "korean": "ko", "norwegian": "no", "polish": "pl", "portuguese": "pt",
    "romanian": "ro", "russian": "ru", "spanish": "es", "swedish": "sv", "thai": "th",
    "turkish": "tr", "ukrainian": "uk", "vietnamese": "vi",
  ]

  private static func lastComponent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }
}
