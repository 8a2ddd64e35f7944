internal import CFFmpeg

/// An `AVFrame` of decoded audio or video, owned: freed when the last reference goes.
final class Frame {
  let library: FFmpegLibrary
  let pointer: UnsafeMutablePointer<AVFrame>

  init(library: FFmpegLibrary) throws(FFmpegError) {
    guard let pointer = library.frameAlloc() else {
      throw library.error(FFmpegLibrary.Code.outOfMemory, "allocate a frame", path: nil)
    }
    self.library = library
    self.pointer = pointer
  }

  deinit {
    var owned: UnsafeMutablePointer<AVFrame>? = pointer
    library.frameFree(&owned)
  }

  /// Drops the frame's buffers so it can be decoded into again.
  func unref() { library.frameUnref(pointer) }

  /// Samples per channel of an audio frame.
  var sampleCount: Int { Int(pointer.pointee.nb_samples) }

  var sampleRate: Int { Int(pointer.pointee.sample_rate) }

  var channelCount: Int { Int(pointer.pointee.ch_layout.nb_channels) }

  /// The presentation timestamp in the stream's time base (`best_effort_timestamp`, else
  /// `pts`); nil when unknown.
  var presentationTime: Int64? {
    let best = pointer.pointee.best_effort_timestamp
    if best != FFmpegLibrary.noTimestamp { return best }
    let pts = pointer.pointee.pts
    return pts == FFmpegLibrary.noTimestamp ? nil : pts
  }
}
