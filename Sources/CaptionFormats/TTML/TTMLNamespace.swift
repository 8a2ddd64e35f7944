/// The XML namespaces of TTML and what each prefix conventionally names.
enum TTMLNamespace {
  static let ttml = "http://www.w3.org/ns/ttml"
  static let parameter = "http://www.w3.org/ns/ttml#parameter"
  static let styling = "http://www.w3.org/ns/ttml#styling"
  static let metadata = "http://www.w3.org/ns/ttml#metadata"
  static let xml = "http://www.w3.org/XML/1998/namespace"
  /// The profile a written document declares: IMSC 1.1 Text.
  static let imsc11Text = "http://www.w3.org/ns/ttml/profile/imsc1.1/text"

  /// The namespaces of TTML 1's drafts (DFXP), read as their TTML equivalents.
  private static let legacy: [String: String] = [
    "http://www.w3.org/2006/10/ttaf1": ttml,
    "http://www.w3.org/2006/10/ttaf1#parameter": parameter,
    "http://www.w3.org/2006/10/ttaf1#styling": styling,
    "http://www.w3.org/2006/10/ttaf1#metadata": metadata,
    "http://www.w3.org/2006/04/ttaf1": ttml,
    "http://www.w3.org/2006/04/ttaf1#parameter": parameter,
    "http://www.w3.org/2006/04/ttaf1#styling": styling,
    "http://www.w3.org/2006/04/ttaf1#metadata": metadata,
  ]

  /// `uri`, with a DFXP draft namespace replaced by its TTML equivalent.
  static func canonical(_ uri: String) -> String { legacy[uri] ?? uri }

  /// The conventional prefix of a namespace (`tts` for styling), to name attributes in
  /// messages the way the specifications do.
  static func prefix(of uri: String) -> String? {
    switch uri {
    case ttml: return "tt"
    case parameter: return "ttp"
    case styling: return "tts"
    case metadata: return "ttm"
    case xml: return "xml"
    default: return nil
    }
  }
}
