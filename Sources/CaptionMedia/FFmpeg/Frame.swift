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

  /// FFmpeg's number for the sample format of an audio frame (`AVSampleFormat`), only to
  /// tell whether two frames have the same format.
  var sampleFormat: Int32 { pointer.pointee.format }

  /// Whether each channel of an audio frame has a plane of its own.
  var isPlanar: Bool { library.isPlanar(AVSampleFormat(rawValue: pointer.pointee.format)) }

  /// The bytes of one sample of one channel of an audio frame.
  var bytesPerSample: Int {
    Int(library.bytesPerSample(AVSampleFormat(rawValue: pointer.pointee.format)))
  }

  /// Calls `body` with the first `count` planes of the frame's samples, which are valid only
  /// during the call; nil, without calling it, when the frame has fewer planes.
  func withPlanes<Result>(
    _ count: Int, _ body: ([UnsafePointer<UInt8>]) throws -> Result
  ) rethrows -> Result? {
    guard let data = pointer.pointee.extended_data else { return nil }
    var planes: [UnsafePointer<UInt8>] = []
    for plane in 0..<count {
      guard let start = data[plane] else { return nil }
      planes.append(UnsafePointer(start))
    }
    return try body(planes)
  }

  /// The presentation timestamp in the stream's time base (`best_effort_timestamp`, else
  /// `pts`); nil when unknown.
  var presentationTime: Int64? {
    let best = pointer.pointee.best_effort_timestamp
    if best != FFmpegLibrary.noTimestamp { return best }
    let pts = pointer.pointee.pts
    return pts == FFmpegLibrary.noTimestamp ? nil : pts
  }
}
