/// A named section of a media file: from a container's chapter list or a chapters track.
public struct Chapter: Sendable, Hashable {
  public var start: MediaTime
  public var end: MediaTime
  /// The title; nil when the source gives none.
  public var title: String?

  public init(start: MediaTime, end: MediaTime, title: String? = nil) {
    self.start = start
    self.end = end
    self.title = title
  }

  public var range: TimeRange { TimeRange(start: start, end: end) }
}
