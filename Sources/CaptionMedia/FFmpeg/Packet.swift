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

  /// Whether the demuxer marked the packet as corrupt (`AV_PKT_FLAG_CORRUPT`).
  var isCorrupt: Bool { pointer.pointee.flags & AV_PKT_FLAG_CORRUPT != 0 }

  /// Side data a packet may carry beside its payload.
  enum SideData {
    /// A WebVTT cue's identifier (`AV_PKT_DATA_WEBVTT_IDENTIFIER`).
    case webVTTIdentifier
    /// A WebVTT cue's settings (`AV_PKT_DATA_WEBVTT_SETTINGS`).
    case webVTTSettings

    var type: AVPacketSideDataType {
      switch self {
      case .webVTTIdentifier: return AV_PKT_DATA_WEBVTT_IDENTIFIER
      case .webVTTSettings: return AV_PKT_DATA_WEBVTT_SETTINGS
      }
    }
  }

  /// The side data of `kind` as text; nil when the packet has none.
  func sideDataText(_ kind: SideData) -> String? {
    let count = Int(pointer.pointee.side_data_elems)
    guard count > 0, let entries = pointer.pointee.side_data else { return nil }
    for index in 0..<count where entries[index].type == kind.type {
      guard let data = entries[index].data, entries[index].size > 0 else { return "" }
      let bytes = UnsafeBufferPointer(start: data, count: Int(entries[index].size))
      return String(decoding: bytes, as: UTF8.self)
    }
    return nil
  }

  /// Replaces what the packet holds with `payload` and, for each non-empty text of
  /// `sideData`, that side data; a failure is reported as `operation` on `path`.
  func fill(
    payload: [UInt8], sideData: [(SideData, String)], operation: String, path: String
  ) throws(FFmpegError) {
    unref()
    let status = library.packetAllocatePayload(pointer, size: Int32(payload.count))
    if status < 0 { throw library.error(status, operation, path: path) }
    if let data = pointer.pointee.data, !payload.isEmpty {
      data.update(from: payload, count: payload.count)
    }
    for (kind, text) in sideData where !text.isEmpty {
      let bytes = Array(text.utf8)
      guard let data = library.packetNewSideData(pointer, kind.type, size: bytes.count) else {
        throw library.error(FFmpegLibrary.Code.outOfMemory, operation, path: path)
      }
      data.update(from: bytes, count: bytes.count)
    }
  }

  /// Times the packet as a key frame presented and decoded at `time`, lasting `duration`.
  func setKeyFrame(at time: Int64, duration: Int64) {
    pointer.pointee.pts = time
    pointer.pointee.dts = time
    pointer.pointee.duration = duration
    pointer.pointee.flags |= AV_PKT_FLAG_KEY
  }

  /// Calls `body` with the payload, which is valid only during the call (the packet's
  /// buffer is FFmpeg's and is replaced by the next read).
  func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try body(
      UnsafeRawBufferPointer(start: pointer.pointee.data, count: Int(max(0, pointer.pointee.size))))
  }
}
