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

  /// Whether a muxer was chosen (`oformat`).
  var hasMuxer: Bool { pointer.pointee.oformat != nil }

  /// A new stream with the codec parameters of the stream at `index` of `input` (stream
  /// copy); its index.
  func addStream(copying index: Int, of input: FormatContext) throws(FFmpegError) -> Int {
    guard let source = input.stream(index), let stream = library.newStream(pointer, nil),
      let parameters = stream.pointee.codecpar, let sourceParameters = source.pointee.codecpar
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

  /// Whether the muxer can store the codec of the stream at `index` of `input`: false only
  /// when FFmpeg says it cannot (when FFmpeg does not know, writing the header decides).
  func canStore(codecOfStream index: Int, in input: FormatContext) -> Bool {
    guard let format = pointer.pointee.oformat,
      let parameters = input.stream(index)?.pointee.codecpar
    else { return true }
    return library.queryCodec(format, parameters.pointee.codec_id, compliance: 0) != 0
  }

  /// Copies to the stream at `outputIndex` what describes the stream at `index` of `input`
  /// beside its codec: metadata, dispositions (without `default` when `clearingDefault`),
  /// frame rates and sample aspect ratio. The dispositions it then has; nil when either
  /// stream does not exist.
  func copyProperties(
    ofStream index: Int, of input: FormatContext, to outputIndex: Int, clearingDefault: Bool
  ) -> [StreamDisposition]? {
    guard let copy = stream(outputIndex), let original = input.stream(index) else {
      return nil
    }
    _ = library.dictionaryCopy(&copy.pointee.metadata, original.pointee.metadata)
    copy.pointee.disposition = original.pointee.disposition
    if clearingDefault {
      copy.pointee.disposition &= ~AV_DISPOSITION_DEFAULT
    }
    copy.pointee.avg_frame_rate = original.pointee.avg_frame_rate
    copy.pointee.r_frame_rate = original.pointee.r_frame_rate
    copy.pointee.sample_aspect_ratio = original.pointee.sample_aspect_ratio
    return StreamDisposition.dispositions(in: copy.pointee.disposition)
  }

  /// A new subtitle stream with times in `timeBase`, its codec set next by one of the
  /// `setCodec` methods; its index, nil when out of memory.
  func addSubtitleStream(timeBase: FFmpegRational) -> Int? {
    guard let stream = library.newStream(pointer, nil), let parameters = stream.pointee.codecpar
    else { return nil }
    parameters.pointee.codec_type = AVMEDIA_TYPE_SUBTITLE
    stream.pointee.time_base = timeBase.avRational
    return Int(stream.pointee.index)
  }

  /// The subtitle codecs a stream can be written in without an encoder.
  enum TextCodec {
    case subrip
    case webvtt
    /// CEA-608 `cc_data` triplets, which FFmpeg's MOV muxer stores as `c608`.
    case eia608
  }

  /// Stores the packets of the stream at `index` as `codec`, as they are.
  func setCodec(ofStream index: Int, to codec: TextCodec) {
    guard let parameters = stream(index)?.pointee.codecpar else { return }
    switch codec {
    case .subrip: parameters.pointee.codec_id = AV_CODEC_ID_SUBRIP
    case .webvtt: parameters.pointee.codec_id = AV_CODEC_ID_WEBVTT
    case .eia608: parameters.pointee.codec_id = AV_CODEC_ID_EIA_608
    }
  }

  /// Stores the packets of the stream at `index` in the codec of `transcoder`'s encoder,
  /// with its parameters (such as the ASS header); a failure is reported as `operation`.
  func setCodec(
    ofStream index: Int, encodedBy transcoder: SubtitleTranscoder, operation: String
  ) throws(FFmpegError) {
    guard let parameters = stream(index)?.pointee.codecpar else {
      throw library.error(FFmpegLibrary.Code.streamNotFound, operation, path: path)
    }
    let status = library.parametersFromContext(parameters, transcoder.encoder)
    if status < 0 { throw library.error(status, operation, path: path) }
  }

  /// Sets a metadata key of the stream at `index` (`language`, `title`).
  func setMetadata(ofStream index: Int, _ key: String, _ value: String) {
    guard let stream = stream(index) else { return }
    _ = library.dictionarySet(&stream.pointee.metadata, key, value)
  }

  /// Sets the dispositions of the stream at `index` to exactly `dispositions`.
  func setDispositions(ofStream index: Int, _ dispositions: [StreamDisposition]) {
    stream(index)?.pointee.disposition = StreamDisposition.field(for: dispositions)
  }

  /// Copies the container's metadata of `input` (title and the rest).
  func copyMetadata(from input: FormatContext) {
    _ = library.dictionaryCopy(&pointer.pointee.metadata, input.pointer.pointee.metadata)
  }

  /// Copies the chapters of `input` (times, titles and other metadata).
  func copyChapters(from input: FormatContext) throws(FFmpegError) {
    let count = input.chapterCount
    guard count > 0 else { return }
    let pointerSize = MemoryLayout<UnsafeMutablePointer<AVChapter>?>.stride
    guard let array = library.mallocZeroed(count * pointerSize) else {
      throw library.error(FFmpegLibrary.Code.outOfMemory, "copy chapters to", path: path)
    }
    let chapters = array.bindMemory(to: UnsafeMutablePointer<AVChapter>?.self, capacity: count)
    // Freed by avformat_free_context with the output: the array, each chapter, its metadata.
    pointer.pointee.chapters = chapters
    for index in 0..<count {
      guard let original = input.chapter(index),
        let raw = library.mallocZeroed(MemoryLayout<AVChapter>.stride)
      else { continue }
      let chapter = raw.bindMemory(to: AVChapter.self, capacity: 1)
      chapter.pointee.id = original.pointee.id
      chapter.pointee.time_base = original.pointee.time_base
      chapter.pointee.start = original.pointee.start
      chapter.pointee.end = original.pointee.end
      _ = library.dictionaryCopy(&chapter.pointee.metadata, original.pointee.metadata)
      chapters[Int(pointer.pointee.nb_chapters)] = chapter
      pointer.pointee.nb_chapters += 1
    }
  }

  /// The last error (or warning) FFmpeg logged about this file, as one line; the messages
  /// are taken.
  func loggedReason() -> String? { FFmpegLog.reason(from: pointer) }

  /// Takes the messages FFmpeg logged about this file so far.
  func takeLog() -> [FFmpegLog.Message] { FFmpegLog.take(from: pointer) }

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
  func write(_ packet: Packet, stream index: Int, timeBase: FFmpegRational) throws(FFmpegError) {
    guard let stream = stream(index) else {
      throw library.error(FFmpegLibrary.Code.streamNotFound, "write a packet to", path: path)
    }
    packet.pointer.pointee.stream_index = Int32(index)
    library.packetRescaleTimestamps(
      packet.pointer, from: timeBase.avRational, to: stream.pointee.time_base)
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
