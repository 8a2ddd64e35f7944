internal import CFFmpeg

/// An `AVPacket` and its payload, owned: freed when the last reference goes.
final class Packet {
  let library: FFmpegLibrary
  let pointer: UnsafeMutablePointer<AVPacket>

  init(library: FFmpegLibrary) throws(FFmpegError) {
    guard let pointer = library.packetAlloc() else {
      throw library.error(FFmpegLibrary.Code.outOfMemory, "allocate a packet", path: nil)
    }
    self.library = library
    self.pointer = pointer
  }

  deinit {
    var owned: UnsafeMutablePointer<AVPacket>? = pointer
    library.packetFree(&owned)
  }

  /// Drops the payload so the packet can be read into again.
  func unref() { library.packetUnref(pointer) }

  var streamIndex: Int { Int(pointer.pointee.stream_index) }

  /// The presentation timestamp in the stream's time base; nil when FFmpeg does not know it.
  var presentationTime: Int64? {
    let pts = pointer.pointee.pts
    return pts == FFmpegLibrary.noTimestamp ? nil : pts
  }

  /// The decoding timestamp in the stream's time base; nil when unknown.
  var decodingTime: Int64? {
    let dts = pointer.pointee.dts
    return dts == FFmpegLibrary.noTimestamp ? nil : dts
  }

  /// The duration in the stream's time base; 0 when unknown.
  var duration: Int64 { pointer.pointee.duration }

  /// The payload, valid until the next `unref` or read.
  var bytes: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: pointer.pointee.data, count: Int(max(0, pointer.pointee.size)))
  }
}
