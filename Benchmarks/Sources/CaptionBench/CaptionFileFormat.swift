/// The caption formats the benchmark generates and times.
public enum CaptionFileFormat: String, Sendable, Hashable, CaseIterable {
  case srt
  case vtt

  /// The format a path names by its extension, or nil.
  public init?(path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    self.init(rawValue: path[path.index(after: dot)...].lowercased())
  }

  /// The name users know the format by.
  public var displayName: String {
    switch self {
    case .srt: return "SRT"
    case .vtt: return "WebVTT"
    }
  }
}
