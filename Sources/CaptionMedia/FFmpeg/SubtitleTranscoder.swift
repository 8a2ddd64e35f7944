internal import CFFmpeg

/// Text subtitle packets turned into another text codec's packets, as FFmpeg's own command
/// does it: the decoder (SubRip for added cues, or the codec of a copied stream) makes ASS
/// events, the encoder (`mov_text`, `subrip`, `webvtt`) stores them. Owns both codec
/// contexts.
final class SubtitleTranscoder {
  let library: FFmpegLibrary
  let decoder: UnsafeMutablePointer<AVCodecContext>
  let encoder: UnsafeMutablePointer<AVCodecContext>
  private let packet: Packet

  /// Converts the packets of the stream at `index` of `input` (its codec and time base) to
  /// the encoder named `encoderName`.
  convenience init(
    decodingStream index: Int, of input: FormatContext, encoderName: String
  ) throws(FFmpegError) {
    guard let source = input.stream(index) else {
      throw input.library.error(
        FFmpegLibrary.Code.streamNotFound, "convert subtitles for", path: input.path)
    }
    try self.init(
      decoding: source, encoderName: encoderName, library: input.library, path: input.path)
  }

  /// Converts SubRip cue text, with times in milliseconds, to the encoder named
  /// `encoderName`.
  convenience init(encoderName: String, library: FFmpegLibrary, path: String)
    throws(FFmpegError)
  {
    try self.init(decoding: nil, encoderName: encoderName, library: library, path: path)
  }

  /// Opens a decoder (for `source`'s codec, else SubRip with times in milliseconds) and the
  /// encoder named `encoderName`. The encoder gets the decoder's ASS header (allocated with
  /// `av_malloc`, which FFmpeg frees with the context).
  private init(
    decoding source: UnsafeMutablePointer<AVStream>?, encoderName: String,
    library: FFmpegLibrary, path: String
  ) throws(FFmpegError) {
    let millisecond = AVRational(num: 1, den: 1000)
    let parameters = source?.pointee.codecpar
    let id = parameters?.pointee.codec_id ?? AV_CODEC_ID_SUBRIP
    guard let decoding = library.findDecoder(id),
      let encoding = library.findEncoder(named: encoderName)
    else {
      throw FFmpegError(
        code: FFmpegLibrary.Code.decoderNotFound,
        message: "FFmpeg has no \(library.codecName(id)) decoder or \(encoderName) encoder",
        operation: "convert subtitles for", path: path)
    }
    guard let decoder = library.codecContextAlloc(decoding) else {
      throw library.error(FFmpegLibrary.Code.outOfMemory, "allocate a decoder for", path: path)
    }
    guard let encoder = library.codecContextAlloc(encoding) else {
      var owned: UnsafeMutablePointer<AVCodecContext>? = decoder
      library.codecContextFree(&owned)
      throw library.error(FFmpegLibrary.Code.outOfMemory, "allocate an encoder for", path: path)
    }
    self.library = library
    self.decoder = decoder
    self.encoder = encoder
    self.packet = try Packet(library: library)
    var status: Int32 = 0
    if let parameters {
      status = library.parametersToContext(decoder, parameters)
      if status < 0 { throw library.error(status, "configure the decoder for", path: path) }
    }
    decoder.pointee.pkt_timebase = source?.pointee.time_base ?? millisecond
    status = library.codecOpen(decoder, decoding)
    if status < 0 { throw library.error(status, "open the decoder for", path: path) }
    encoder.pointee.time_base = millisecond
    let size = Int(decoder.pointee.subtitle_header_size)
    if size > 0, let header = decoder.pointee.subtitle_header,
      let copy = library.mallocZeroed(size + 1)
    {
      copy.copyMemory(from: header, byteCount: size)
      encoder.pointee.subtitle_header = copy.assumingMemoryBound(to: UInt8.self)
      encoder.pointee.subtitle_header_size = Int32(size)
    }
    status = library.codecOpen(encoder, encoding)
    if status < 0 { throw library.error(status, "open the \(encoderName) encoder for", path: path) }
  }

  deinit {
    var owned: UnsafeMutablePointer<AVCodecContext>? = decoder
    library.codecContextFree(&owned)
    owned = encoder
    library.codecContextFree(&owned)
  }

  /// The encoded payload of one cue's SubRip text lasting `duration` milliseconds; an empty
  /// sample for text the decoder finds nothing in.
  func transcode(_ text: String, duration: Int64, path: String) throws(FFmpegError) -> [UInt8] {
    let bytes = Array(text.utf8)
    packet.unref()
    let status = library.packetAllocatePayload(packet.pointer, size: Int32(bytes.count))
    if status < 0 { throw library.error(status, "convert a cue of", path: path) }
    if let data = packet.pointer.pointee.data, !bytes.isEmpty {
      data.update(from: bytes, count: bytes.count)
    }
    packet.pointer.pointee.pts = 0
    packet.pointer.pointee.duration = duration
    return try transcode(packet, path: path) ?? [0, 0]
  }

  /// The encoded payload of one packet of the decoder's codec; nil when it holds no text.
  func transcode(_ packet: Packet, path: String) throws(FFmpegError) -> [UInt8]? {
    var subtitle = AVSubtitle()
    var got: Int32 = 0
    let status = library.decodeSubtitle(decoder, &subtitle, gotSubtitle: &got, packet.pointer)
    if status < 0 { throw library.error(status, "convert a cue of", path: path) }
    guard got != 0 else { return nil }
    defer { library.subtitleFree(&subtitle) }
    if subtitle.num_rects == 0 { return nil }
    subtitle.start_display_time = 0
    let capacity = Int(max(0, packet.pointer.pointee.size)) * 8 + 4096
    var output = [UInt8](repeating: 0, count: capacity)
    let written = output.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return FFmpegLibrary.Code.outOfMemory }
      return withUnsafePointer(to: &subtitle) {
        library.encodeSubtitle(encoder, buffer: base, size: Int32(capacity), $0)
      }
    }
    if written < 0 { throw library.error(written, "convert a cue of", path: path) }
    output.removeSubrange(Int(written)...)
    return output
  }
}
