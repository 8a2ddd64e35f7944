internal import CFFmpeg

/// One chapter of an opened file (`AVChapter`), copied into Swift values.
struct ChapterDescription: Sendable {
  /// The time base of `start` and `end`.
  var timeBase: FFmpegRational
  /// The start and end, in the time base; nil when FFmpeg does not know them.
  var start: Int64?
  var end: Int64?
  /// The `title` metadata; nil when absent.
  var title: String?

  init(_ chapter: UnsafeMutablePointer<AVChapter>, library: FFmpegLibrary) {
    timeBase = FFmpegRational(chapter.pointee.time_base)
    start = FFmpegLibrary.timestamp(chapter.pointee.start)
    end = FFmpegLibrary.timestamp(chapter.pointee.end)
    title = library.dictionaryValue(chapter.pointee.metadata, "title")
  }
}
