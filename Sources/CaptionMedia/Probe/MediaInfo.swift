public import CaptionCore

/// What a media file holds, as its container describes it: format, timing, streams and
/// chapters. Made by `MediaProbe`; no FFmpeg type appears in it.
public struct MediaInfo: Sendable, Hashable {
  /// The path as given.
  public var path: String
  /// FFmpeg's demuxer name (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, `mpegts`).
  public var format: String
  /// The duration, nil when unknown.
  public var duration: MediaTime?
  /// The presentation start time, nil when unknown.
  public var startTime: MediaTime?
  /// The overall bit rate in bits per second, nil when unknown.
  public var bitRate: Int?
  /// The container's `title` metadata, nil when absent.
  public var title: String?
  public var streams: [MediaStream]
  public var chapters: [MediaChapter]

  public init(
    path: String, format: String, duration: MediaTime?, startTime: MediaTime?, bitRate: Int?,
    title: String?, streams: [MediaStream], chapters: [MediaChapter]
  ) {
    self.path = path
    self.format = format
    self.duration = duration
    self.startTime = startTime
    self.bitRate = bitRate
    self.title = title
    self.streams = streams
    self.chapters = chapters
  }

  /// How long the programme runs: to the end of its longest audio or video stream (not a
  /// cover picture), when every such stream's duration is known; else the container's
  /// duration. A container's duration also counts its subtitle streams (Matroska, MP4),
  /// so captions that run past the picture and the sound would otherwise make the media
  /// as long as they are.
  public var programmeDuration: MediaTime? {
    let programme = streams.filter {
      ($0.kind == .audio || $0.kind == .video) && !$0.has(.attachedPicture)
        && !$0.has(.stillImage)
    }
    guard !programme.isEmpty else { return duration }
    var longest = MediaTime.zero
    for stream in programme {
      guard let length = stream.duration else { return duration }
      var end = length
      if let start = stream.startTime, let origin = startTime, start > origin {
        end = end + (start - origin)
      }
      longest = max(longest, end)
    }
    guard longest > .zero else { return duration }
    return duration.map { min($0, longest) } ?? longest
  }

  /// The streams of one kind, in file order.
  public func streams(_ kind: MediaStream.Kind) -> [MediaStream] {
    streams.filter { $0.kind == kind }
  }

  /// The frame rate of the first video stream that is not a cover picture.
  public var frameRate: Rational? {
    streams.first { $0.kind == .video && !$0.has(.attachedPicture) }?.frameRate
  }
}
