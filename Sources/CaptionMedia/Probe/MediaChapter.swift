public import CaptionCore

/// A chapter of a media file: where it starts and ends, and its title.
public struct MediaChapter: Sendable, Hashable {
  /// The start, exact in the chapter's time base.
  public var start: MediaTime
  /// The end, exact in the chapter's time base.
  public var end: MediaTime
  /// The `title` metadata, nil when absent.
  public var title: String?

  public init(start: MediaTime, end: MediaTime, title: String?) {
    self.start = start
    self.end = end
    self.title = title
  }
}
