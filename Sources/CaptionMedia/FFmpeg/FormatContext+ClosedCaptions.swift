internal import CFFmpeg

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
}
