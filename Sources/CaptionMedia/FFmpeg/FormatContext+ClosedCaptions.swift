internal import CFFmpeg

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FormatContext {
  /// The codec set-up bytes of the stream at `index` (`extradata`: an H.264 `avcC` or HEVC
  /// `hvcC` record, or parameter sets with start codes), copied; empty when it has none.
  func extradata(ofStream index: Int) -> [UInt8] {
    guard let parameters = stream(index)?.pointee.codecpar,
      let data = parameters.pointee.extradata, parameters.pointee.extradata_size > 0
    else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: Int(parameters.pointee.extradata_size)))
  }

  /// The indices of the video streams in which FFmpeg saw closed captions while it read the
  /// stream information (`FF_CODEC_PROPERTY_CLOSED_CAPTIONS`, set by the H.264 and MPEG-2
  /// decoders on the first pictures). The flag is kept in the stream's internal decoder
  /// context, which FFmpeg 5.1 does not make public: only its description of the input
  /// (`av_dump_format`, what ffprobe prints as `Closed Captions`) says it, so that is read.
  func streamsWithClosedCaptions() -> Set<Int> {
    let text = FFmpegLog.capturingUnattributed { library.dumpFormat(pointer) }
    var found: Set<Int> = []
    for line in text.split(separator: "\n") where line.contains("Closed Captions") {
      // `  Stream #0:1[0x100](eng): Video: h264 (High), ..., Closed Captions, 25 fps`
      guard let mark = line.firstRange(of: "Stream #0:") else { continue }
      if let index = Int(line[mark.upperBound...].prefix(while: \.isNumber)) {
        found.insert(index)
      }
    }
    return found
  }

  /// The container's identifier of the stream at `index` (`AVStream.id`: the PID in an MPEG
  /// transport stream, the track ID in MP4); nil out of range.
  func streamIdentifier(_ index: Int) -> Int? {
    stream(index).map { Int($0.pointee.id) }
  }

  /// Whether the file was read by `formatName`'s demuxer (one of the comma-separated names
  /// FFmpeg gives it: `mpegts`, `mov`).
  func isRead(by name: String) -> Bool {
    formatName?.split(separator: ",").contains { $0 == name } ?? false
  }

  /// The first `limit` bytes of the file at `path` (fewer when it is shorter); empty when it
  /// cannot be read. For what the demuxer reads but does not give (a transport stream's
  /// program map table descriptors).
  static func head(ofFile path: String, limit: Int) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0, limit > 0 else { return [] }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: limit)
    var filled = 0
    while filled < limit {
      let count = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return readFile(descriptor, base + filled, limit - filled)
      }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      filled += count
    }
    bytes.removeSubrange(filled...)
    return bytes
  }
}

/// `read(2)`, named apart from `FormatContext.read(into:)`, which hides it inside the type.
private func readFile(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
