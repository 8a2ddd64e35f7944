internal import CFFmpeg

/// A media file being written (`AVFormatContext` from `avformat_alloc_output_context2`) and
/// its output file, owned: the file is closed and the context freed when the last reference
/// goes, whether or not the trailer was written.
final class OutputFormatContext {
  let library: FFmpegLibrary
  let pointer: UnsafeMutablePointer<AVFormatContext>
  /// The path being written, for errors.
  let path: String

  /// A muxer for `path`, chosen by `formatName` (`matroska`, `mp4`) or else by the
  /// extension; the file itself is opened by `open()`.
  init(writing path: String, formatName: String? = nil, library: FFmpegLibrary)
    throws(FFmpegError)
  {
    var context: UnsafeMutablePointer<AVFormatContext>?
    let status = library.outputContextAlloc(&context, formatName: formatName, path: path)
    guard status >= 0, let context else {
      throw library.error(
        status < 0 ? status : FFmpegLibrary.Code.invalidData, "choose a muxer for", path: path)
    }
    self.library = library
    self.pointer = context
    self.path = path
  }

  deinit {
    // Only a file this owner opened is in `pb` (a muxer with AVFMT_NOFILE has none).
    if pointer.pointee.pb != nil {
      _ = library.ioClose(&pointer.pointee.pb)
    }
    library.formatContextFree(pointer)
  }

  /// A new stream with the codec parameters of `source` (stream copy); its index.
  func addStream(copying source: UnsafeMutablePointer<AVStream>) throws(FFmpegError) -> Int {
    guard let stream = library.newStream(pointer, nil), let parameters = stream.pointee.codecpar,
      let sourceParameters = source.pointee.codecpar
    else {
      throw library.error(FFmpegLibrary.Code.outOfMemory, "add a stream to", path: path)
    }
    let status = library.parametersCopy(parameters, sourceParameters)
    if status < 0 { throw library.error(status, "copy codec parameters to", path: path) }
    parameters.pointee.codec_tag = 0
    stream.pointee.time_base = source.pointee.time_base
    return Int(stream.pointee.index)
  }

  /// The stream at `index`.
  func stream(_ index: Int) -> UnsafeMutablePointer<AVStream>? {
    guard index >= 0, index < Int(pointer.pointee.nb_streams) else { return nil }
    return pointer.pointee.streams?[index]
  }

  /// Opens the output file (unless the muxer writes none) and writes the header; the muxer
  /// may change each stream's time base.
  func writeHeader() throws(FFmpegError) {
    let flags = pointer.pointee.oformat.map { $0.pointee.flags } ?? 0
    if flags & AVFMT_NOFILE == 0 {
      let status = library.ioOpen(&pointer.pointee.pb, "file:" + path, flags: AVIO_FLAG_WRITE)
      if status < 0 { throw library.error(status, "create", path: path) }
    }
    let status = library.writeHeader(pointer)
    if status < 0 { throw library.error(status, "write the header of", path: path) }
  }

  /// Writes `packet` to stream `index`, its times converted from `timeBase` to the stream's.
  /// The packet's payload is taken (it is empty afterwards).
  func write(_ packet: Packet, stream index: Int, timeBase: AVRational) throws(FFmpegError) {
    guard let stream = stream(index) else {
      throw library.error(FFmpegLibrary.Code.streamNotFound, "write a packet to", path: path)
    }
    packet.pointer.pointee.stream_index = Int32(index)
    library.packetRescaleTimestamps(packet.pointer, from: timeBase, to: stream.pointee.time_base)
    packet.pointer.pointee.pos = -1
    let status = library.interleavedWriteFrame(pointer, packet.pointer)
    if status < 0 { throw library.error(status, "write a packet to", path: path) }
  }

  /// Flushes what the muxer holds and writes the trailer (the index of an MP4 file).
  func writeTrailer() throws(FFmpegError) {
    let status = library.writeTrailer(pointer)
    if status < 0 { throw library.error(status, "finish", path: path) }
  }
}
