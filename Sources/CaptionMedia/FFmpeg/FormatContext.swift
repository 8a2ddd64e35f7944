internal import CFFmpeg

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An opened media file (`AVFormatContext` from `avformat_open_input`), owned: closed when
/// the last reference goes.
final class FormatContext {
  let library: FFmpegLibrary
  let pointer: UnsafeMutablePointer<AVFormatContext>
  /// The path as the user gave it, for errors.
  let path: String
  /// The read deadline FFmpeg polls; kept alive here because FFmpeg holds its address.
  let deadline: InterruptDeadline
  /// The bytes read when the media is in memory; freed after the context that reads them.
  private var input: MemoryInput?

  /// Opens `path` as a local file and reads its header.
  ///
  /// Only the `file` protocol is allowed, so a playlist or a name such as `http:x` never
  /// makes FFmpeg open anything else. Reads stop with `FFmpegError.Kind.interrupted` after
  /// `timeLimit` seconds. With `decoders`, FFmpeg may open only the decoders of those names for
  /// this file (its `codec_whitelist`): `findStreamInfo()` then reads the packets of the other
  /// streams without decoding them.
  init(
    openingInput path: String, library: FFmpegLibrary, timeLimit: Double? = nil,
    decoders: [String]? = nil
  ) throws(FFmpegError) {
    let deadline = InterruptDeadline(seconds: timeLimit)
    guard var context = library.formatContextAlloc() else {
      throw library.error(FFmpegLibrary.Code.outOfMemory, "open", path: path)
    }
    // Messages logged by an earlier object at the same address (one FFmpeg allocated and
    // freed itself, so nobody took them) are not about this file.
    _ = FFmpegLog.take(from: context)
    context.pointee.interrupt_callback = AVIOInterruptCB(
      callback: InterruptDeadline.callback,
      opaque: Unmanaged.passUnretained(deadline).toOpaque())
    var options: OpaquePointer?
    defer { library.dictionaryFree(&options) }
    _ = library.dictionarySet(&options, "protocol_whitelist", "file")
    if let decoders {
      _ = library.dictionarySet(&options, "codec_whitelist", decoders.joined(separator: ","))
    }
    var opened: UnsafeMutablePointer<AVFormatContext>? = context
    // `file:` keeps a colon in the path from being read as a protocol name.
    let status = library.openInput(&opened, "file:" + path, options: &options)
    guard status >= 0, let opened else {
      throw Self.openingError(status, context: context, path: path, library: library)
    }
    context = opened
    Self.openings += 1
    self.library = library
    self.pointer = context
    self.path = path
    self.deadline = deadline
  }

  /// Opens media read from `input` (bytes in memory) and reads its header; `name` stands for
  /// the path in errors. FFmpeg may open no protocol at all, so a playlist or a reference
  /// among the bytes opens nothing. Reads stop after `timeLimit` seconds as for a file.
  init(
    reading input: MemoryInput, name: String, library: FFmpegLibrary, timeLimit: Double? = nil
  ) throws(FFmpegError) {
    let deadline = InterruptDeadline(seconds: timeLimit)
    guard var context = library.formatContextAlloc() else {
      throw library.error(FFmpegLibrary.Code.outOfMemory, "open", path: name)
    }
    _ = FFmpegLog.take(from: context)
    context.pointee.interrupt_callback = AVIOInterruptCB(
      callback: InterruptDeadline.callback,
      opaque: Unmanaged.passUnretained(deadline).toOpaque())
    // FFmpeg reads through `input` and leaves it to its owner to free.
    context.pointee.pb = input.pointer
    context.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
    var options: OpaquePointer?
    defer { library.dictionaryFree(&options) }
    // No protocol has this name, so none is on the list.
    _ = library.dictionarySet(&options, "protocol_whitelist", "none")
    var opened: UnsafeMutablePointer<AVFormatContext>? = context
    let status = library.openInput(&opened, "", options: &options)
    guard status >= 0, let opened else {
      throw Self.openingError(status, context: context, path: name, library: library)
    }
    context = opened
    Self.openings += 1
    self.library = library
    self.pointer = context
    self.path = name
    self.deadline = deadline
    self.input = input
  }

  /// The error for a failed `avformat_open_input`. FFmpeg has freed the context it was given;
  /// what it logged is still keyed by it.
  private static func openingError(
    _ status: Int32, context: UnsafeMutablePointer<AVFormatContext>, path: String,
    library: FFmpegLibrary
  ) -> FFmpegError {
    let detail = FFmpegLog.reason(from: context)
    if status == FFmpegLibrary.Code.inputOutput {
      // What demuxers return when the header runs past the end of the file.
      return FFmpegError(
        code: status, message: "the file ends early or is damaged", operation: "open",
        path: path, detail: detail ?? "input/output error")
    }
    let code = status < 0 ? status : FFmpegLibrary.Code.invalidData
    return FFmpegError(
      code: code, message: library.errorText(code), operation: "open", path: path,
      detail: detail)
  }

  /// How many media files the calling thread has opened (with success) so far: what shows
  /// that a check opens each media file once. Kept per thread, in a thread-specific value as
  /// `MediaReadCancellation` keeps its own, so that checks running at once on other threads
  /// (tests in parallel, `batch` workers) do not count here; a counter costs nothing beside
  /// an opening.
  static var openingsOnThisThread: Int { openings }

  private static var openings: Int {
    get { pthread_getspecific(openingsKey).map { Int(bitPattern: $0) } ?? 0 }
    set { pthread_setspecific(openingsKey, UnsafeRawPointer(bitPattern: newValue)) }
  }

  private static let openingsKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  deinit {
    var owned: UnsafeMutablePointer<AVFormatContext>? = pointer
    library.closeInput(&owned)
    _ = FFmpegLog.take(from: pointer)
  }

  /// The error for a failed call on this file, with what FFmpeg logged about it.
  func error(_ status: Int32, _ operation: String) -> FFmpegError {
    var error = library.error(status, operation, path: path)
    error.detail = FFmpegLog.reason(from: pointer)
    return error
  }

  /// Reads packets to fill in what the header leaves out (codec details, frame rates,
  /// durations), within FFmpeg's probe size and analysis duration.
  func findStreamInfo() throws(FFmpegError) {
    let status = library.findStreamInfo(pointer)
    if status < 0 { throw error(status, "read stream information") }
  }

  var streamCount: Int { Int(pointer.pointee.nb_streams) }

  /// The stream at `index` (0 ..< streamCount).
  func stream(_ index: Int) -> UnsafeMutablePointer<AVStream>? {
    guard index >= 0, index < streamCount else { return nil }
    return pointer.pointee.streams?[index]
  }

  /// What FFmpeg knows of the stream at `index` (0 ..< streamCount); nil out of range.
  func streamDescription(_ index: Int) -> StreamDescription? {
    stream(index).map { StreamDescription($0, index: index, library: library) }
  }

  /// The time base of the stream at `index`, read when asked (a stream's time base is the
  /// demuxer's to set); nil out of range.
  func timeBase(ofStream index: Int) -> FFmpegRational? {
    stream(index).map { FFmpegRational($0.pointee.time_base) }
  }

  /// The index of the stream FFmpeg would pick for `type` (`av_find_best_stream`); nil
  /// when there is none.
  func bestStream(of type: MediaType) -> Int? {
    let best = library.findBestStream(pointer, type.avMediaType)
    return best >= 0 ? Int(best) : nil
  }

  var chapterCount: Int { Int(pointer.pointee.nb_chapters) }

  func chapter(_ index: Int) -> UnsafeMutablePointer<AVChapter>? {
    guard index >= 0, index < chapterCount else { return nil }
    return pointer.pointee.chapters?[index]
  }

  /// The chapter at `index` (0 ..< chapterCount); nil out of range.
  func chapterDescription(_ index: Int) -> ChapterDescription? {
    chapter(index).map { ChapterDescription($0, library: library) }
  }

  /// The name of the demuxer that read the file (`mov,mp4,m4a,3gp,3g2,mj2`); nil when
  /// unknown.
  var formatName: String? {
    pointer.pointee.iformat.flatMap { $0.pointee.name }.map { String(cString: $0) }
  }

  /// The container's start time and duration in microseconds; nil when FFmpeg does not
  /// know them.
  var startTime: Int64? { FFmpegLibrary.timestamp(pointer.pointee.start_time) }
  var duration: Int64? { FFmpegLibrary.timestamp(pointer.pointee.duration) }

  /// The container's bit rate in bits per second; 0 or less when unknown.
  var bitRate: Int64 { pointer.pointee.bit_rate }

  /// How many bytes FFmpeg reads at most to find the streams' details (`probesize`).
  var probeSize: Int64 { pointer.pointee.probesize }

  /// How far into the file reading has come, in bytes; 0 before any I/O.
  var bytePosition: Int64 { pointer.pointee.pb?.pointee.pos ?? 0 }

  /// Takes the messages FFmpeg logged about this file so far.
  func takeLog() -> [FFmpegLog.Message] { FFmpegLog.take(from: pointer) }

  /// Makes the demuxer skip every stream not in `kept` (packets already buffered may still
  /// arrive: filter by stream index too).
  func discardStreams(except kept: Set<Int>) {
    for index in 0..<streamCount {
      stream(index)?.pointee.discard = kept.contains(index) ? AVDISCARD_DEFAULT : AVDISCARD_ALL
    }
  }

  /// Reads the next packet into `packet` (unreferencing what it held); false at the end of
  /// the file.
  func read(into packet: Packet) throws(FFmpegError) -> Bool {
    packet.unref()
    let status = library.readFrame(pointer, packet.pointer)
    if status == FFmpegLibrary.Code.endOfFile { return false }
    if status < 0 { throw error(status, "read a packet") }
    return true
  }

  /// Seeks to `timestamp` in the time base of `stream` (or in microseconds with stream -1),
  /// to the key frame at or before it.
  func seek(stream: Int32, to timestamp: Int64) throws(FFmpegError) {
    let status = library.seekFrame(
      pointer, stream: stream, timestamp: timestamp, flags: AVSEEK_FLAG_BACKWARD)
    if status < 0 { throw error(status, "seek") }
  }

  /// Whether the container declares its duration (read from the header or the streams, not
  /// estimated from timestamps or the bit rate).
  var declaresDuration: Bool {
    pointer.pointee.duration_estimation_method == AVFMT_DURATION_FROM_STREAM
  }

  /// The size of the file in bytes; nil when unknown.
  var fileSize: Int64? { library.inputSize(pointer) }

  /// How many entries the demuxer's index of the stream at `index` holds (one a sample in
  /// MP4 and MOV, where the index is read with the header); 0 when it has none.
  func indexEntryCount(ofStream index: Int) -> Int {
    stream(index).map { library.indexEntryCount($0) } ?? 0
  }

  /// Entry `entry` of the demuxer's index of the stream at `index`: where its data lies in
  /// the file, its size, and its timestamp in the stream's time base; nil out of range.
  func indexEntry(ofStream index: Int, at entry: Int) -> (
    position: Int64, size: Int64, timestamp: Int64
  )? {
    guard let stream = stream(index), entry >= 0 else { return nil }
    return library.indexEntry(stream, entry)
  }

  /// The first entry of the demuxer's index of `stream` whose data does not lie wholly
  /// within the first `size` bytes: its timestamp in the stream's time base, and how many
  /// entries the index has. Nil when every entry lies within them or there is no index.
  func firstIndexEntry(ofStream index: Int, beyond size: Int64) -> (timestamp: Int64, count: Int)? {
    guard let stream = stream(index) else { return nil }
    let count = library.indexEntryCount(stream)
    for entry in 0..<count {
      guard let (position, length, timestamp) = library.indexEntry(stream, entry) else { break }
      if position >= 0, length > 0, position + length > size { return (timestamp, count) }
    }
    return nil
  }

  /// The value of a metadata key of the stream at `index` (`DURATION`), nil when absent.
  func streamMetadata(_ index: Int, _ key: String) -> String? {
    stream(index).flatMap { library.dictionaryValue($0.pointee.metadata, key) }
  }

  /// The value of a metadata key of the container (`title`), nil when absent.
  func metadata(_ key: String) -> String? {
    library.dictionaryValue(pointer.pointee.metadata, key)
  }
}
