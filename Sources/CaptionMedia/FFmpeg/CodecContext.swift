internal import CFFmpeg

/// An opened decoder (`AVCodecContext`), owned: freed when the last reference goes.
final class CodecContext {
  /// What `receive(_:)` found.
  enum Received: Equatable {
    /// A frame was decoded into the frame given.
    case frame
    /// The decoder needs another packet first.
    case needsInput
    /// The decoder is drained: no frame will come.
    case endOfStream
  }

  let library: FFmpegLibrary
  let pointer: UnsafeMutablePointer<AVCodecContext>
  /// The media file, for errors.
  let path: String?

  /// Opens the decoder for the stream at `index` of `input`, with packet timestamps in the
  /// stream's time base.
  init(decoderForStream index: Int, of input: FormatContext) throws(FFmpegError) {
    let library = input.library
    let path: String? = input.path
    guard let stream = input.stream(index) else {
      throw library.error(FFmpegLibrary.Code.streamNotFound, "open a decoder", path: path)
    }
    guard let parameters = stream.pointee.codecpar else {
      throw library.error(FFmpegLibrary.Code.invalidData, "read codec parameters", path: path)
    }
    let id = parameters.pointee.codec_id
    guard let codec = library.findDecoder(id) else {
      throw FFmpegError(
        code: FFmpegLibrary.Code.decoderNotFound,
        message: "no decoder for \(library.codecName(id))", operation: "open a decoder",
        path: path)
    }
    guard let pointer = library.codecContextAlloc(codec) else {
      throw library.error(FFmpegLibrary.Code.outOfMemory, "allocate a decoder", path: path)
    }
    self.library = library
    self.pointer = pointer
    self.path = path
    var status = library.parametersToContext(pointer, parameters)
    if status < 0 { throw library.error(status, "configure the decoder", path: path) }
    pointer.pointee.pkt_timebase = stream.pointee.time_base
    status = library.codecOpen(pointer, codec)
    if status < 0 { throw library.error(status, "open the decoder", path: path) }
  }

  deinit {
    var owned: UnsafeMutablePointer<AVCodecContext>? = pointer
    library.codecContextFree(&owned)
  }

  /// Sends one packet to the decoder; nil drains it. Returns false when the decoder is full
  /// (receive frames first, then send the same packet again).
  func send(_ packet: Packet?) throws(FFmpegError) -> Bool {
    let status = library.sendPacket(pointer, packet?.pointer)
    if status == FFmpegLibrary.Code.again { return false }
    if status == FFmpegLibrary.Code.endOfFile { return true }
    if status < 0 { throw library.error(status, "decode a packet", path: path) }
    return true
  }

  /// Receives the next decoded frame into `frame`.
  func receive(_ frame: Frame) throws(FFmpegError) -> Received {
    let status = library.receiveFrame(pointer, frame.pointer)
    if status == FFmpegLibrary.Code.again { return .needsInput }
    if status == FFmpegLibrary.Code.endOfFile { return .endOfStream }
    if status < 0 { throw library.error(status, "decode a frame", path: path) }
    return .frame
  }

  /// One text piece of a decoded subtitle (an `AVSubtitleRect` holding text).
  enum SubtitleText: Equatable {
    /// An ASS event line (`SUBTITLE_ASS`): `0,0,Default,,0,0,0,,Hello`.
    case assEvent(String)
    /// Plain text (`SUBTITLE_TEXT`).
    case plain(String)
  }

  /// Decodes one subtitle packet into its text pieces, in order (image rectangles are
  /// skipped); nil when the packet held no subtitle. The decoded subtitle is freed before
  /// this returns: only copies of its text leave.
  func decodeSubtitleTexts(_ packet: Packet) throws(FFmpegError) -> [SubtitleText]? {
    var subtitle = AVSubtitle()
    var got: Int32 = 0
    let status = library.decodeSubtitle(pointer, &subtitle, gotSubtitle: &got, packet.pointer)
    if status < 0 { throw library.error(status, "decode a subtitle", path: path) }
    guard got != 0 else { return nil }
    defer { library.subtitleFree(&subtitle) }
    var texts: [SubtitleText] = []
    let count = Int(subtitle.num_rects)
    guard count > 0, let rects = subtitle.rects else { return texts }
    for index in 0..<count {
      guard let rect = rects[index] else { continue }
      if rect.pointee.type == SUBTITLE_ASS, let ass = rect.pointee.ass {
        texts.append(.assEvent(String(cString: ass)))
      } else if rect.pointee.type == SUBTITLE_TEXT, let text = rect.pointee.text {
        texts.append(.plain(String(cString: text)))
      }
    }
    return texts
  }
}
