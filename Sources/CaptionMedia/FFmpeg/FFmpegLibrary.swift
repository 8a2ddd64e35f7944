internal import CFFmpeg

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// FFmpeg's libraries, opened with `dlopen` at first use: the one place that calls C.
///
/// Linking FFmpeg would make every run of the tool map some 135 shared libraries before
/// `main`, so nothing links it. The sonames come from the major versions of the headers the
/// module was compiled with (`libavformat.so.59` for FFmpeg 5.1); each function is looked up
/// with `dlsym` into a `@convention(c)` value whose type the header gives (`ck_*_f`). The
/// methods below are thin: they keep FFmpeg's names and return codes, and the owners
/// (`FormatContext`, `CodecContext`, `Packet`, `Frame`, `Resampler`) build on them.
final class FFmpegLibrary: @unchecked Sendable {
  /// The directory holding FFmpeg's libraries when they are not on the loader's search path.
  static let directoryVariable = "CAPTIONKIT_FFMPEG_LIBRARY_PATH"

  /// The libraries, loaded on first use; the result is kept, so a missing library is reported
  /// the same way each time without retrying.
  private static let loaded: Result<FFmpegLibrary, FFmpegUnavailable> = {
    let directory = getenv(directoryVariable).map { String(cString: $0) }
    return Result { () throws(FFmpegUnavailable) in try FFmpegLibrary(directory: directory) }
  }()

  /// The loaded libraries, or `FFmpegUnavailable` naming the one that could not be loaded.
  static func shared() throws(FFmpegUnavailable) -> FFmpegLibrary {
    try loaded.get()
  }

  /// The sonames this build expects, in load order (each depends only on earlier ones).
  static var sonames: [String] {
    [
      "libavutil.so.\(ck_avutil_version_major())",
      "libswresample.so.\(ck_swresample_version_major())",
      "libavcodec.so.\(ck_avcodec_version_major())",
      "libavformat.so.\(ck_avformat_version_major())",
    ]
  }

  /// FFmpeg's error codes that callers compare against (macros Swift cannot import, read
  /// through the `ck_` shims).
  enum Code {
    static let again = ck_averror_eagain()
    static let endOfFile = ck_averror_eof()
    static let invalidData = ck_averror_invaliddata()
    static let exit = ck_averror_exit()
    static let decoderNotFound = ck_averror_decoder_not_found()
    static let demuxerNotFound = ck_averror_demuxer_not_found()
    static let streamNotFound = ck_averror_stream_not_found()
    static let noEntry = ck_averror(ENOENT)
    static let accessDenied = ck_averror(EACCES)
    static let notDirectory = ck_averror(ENOTDIR)
    static let outOfMemory = ck_averror(ENOMEM)
    static let isDirectory = ck_averror(EISDIR)
    static let inputOutput = ck_averror(EIO)
  }

  /// `AV_NOPTS_VALUE`: a timestamp FFmpeg does not know.
  static let noTimestamp = ck_nopts_value()

  /// `AV_TIME_BASE_Q`: the time base of container-level times (microseconds).
  static let timeBaseQ = ck_time_base_q()

  /// A timestamp or duration as read from FFmpeg; nil when it is `noTimestamp`.
  static func timestamp(_ value: Int64) -> Int64? {
    value == noTimestamp ? nil : value
  }

  // libavutil
  private let avStrerror: ck_av_strerror_f
  private let avLogSetLevel: ck_av_log_set_level_f
  private let avMalloc: ck_av_malloc_f
  private let avMallocz: ck_av_mallocz_f
  private let avFree: ck_av_free_f
  private let avStrdup: ck_av_strdup_f
  private let avDictGet: ck_av_dict_get_f
  private let avDictSet: ck_av_dict_set_f
  private let avDictFree: ck_av_dict_free_f
  private let avDictCopy: ck_av_dict_copy_f
  private let avFrameAlloc: ck_av_frame_alloc_f
  private let avFrameFree: ck_av_frame_free_f
  private let avFrameUnref: ck_av_frame_unref_f
  private let avFrameGetBuffer: ck_av_frame_get_buffer_f
  private let avChannelLayoutDefault: ck_av_channel_layout_default_f
  private let avChannelLayoutUninit: ck_av_channel_layout_uninit_f
  private let avChannelLayoutCopy: ck_av_channel_layout_copy_f
  private let avGetSampleFmtName: ck_av_get_sample_fmt_name_f
  private let avGetBytesPerSample: ck_av_get_bytes_per_sample_f
  private let avSampleFmtIsPlanar: ck_av_sample_fmt_is_planar_f
  private let avSamplesGetBufferSize: ck_av_samples_get_buffer_size_f
  private let avRescaleQ: ck_av_rescale_q_f
  private let avRescaleQRnd: ck_av_rescale_q_rnd_f
  private let avGetMediaTypeString: ck_av_get_media_type_string_f
  private let avOptSetInt: ck_av_opt_set_int_f
  private let avOptSet: ck_av_opt_set_f
  private let avutilVersion: ck_avutil_version_f

  // libavcodec
  private let avPacketAlloc: ck_av_packet_alloc_f
  private let avPacketFree: ck_av_packet_free_f
  private let avPacketUnref: ck_av_packet_unref_f
  private let avPacketRef: ck_av_packet_ref_f
  private let avPacketRescaleTs: ck_av_packet_rescale_ts_f
  private let avNewPacket: ck_av_new_packet_f
  private let avPacketNewSideData: ck_av_packet_new_side_data_f
  private let avcodecFindDecoder: ck_avcodec_find_decoder_f
  private let avcodecFindEncoder: ck_avcodec_find_encoder_f
  private let avcodecFindEncoderByName: ck_avcodec_find_encoder_by_name_f
  private let avcodecAllocContext3: ck_avcodec_alloc_context3_f
  private let avcodecFreeContext: ck_avcodec_free_context_f
  private let avcodecParametersToContext: ck_avcodec_parameters_to_context_f
  private let avcodecParametersFromContext: ck_avcodec_parameters_from_context_f
  private let avcodecParametersCopy: ck_avcodec_parameters_copy_f
  private let avcodecOpen2: ck_avcodec_open2_f
  private let avcodecSendPacket: ck_avcodec_send_packet_f
  private let avcodecReceiveFrame: ck_avcodec_receive_frame_f
  private let avcodecSendFrame: ck_avcodec_send_frame_f
  private let avcodecReceivePacket: ck_avcodec_receive_packet_f
  private let avcodecFlushBuffers: ck_avcodec_flush_buffers_f
  private let avcodecDecodeSubtitle2: ck_avcodec_decode_subtitle2_f
  private let avcodecEncodeSubtitle: ck_avcodec_encode_subtitle_f
  private let avsubtitleFree: ck_avsubtitle_free_f
  private let avcodecGetName: ck_avcodec_get_name_f
  private let avcodecDescriptorGet: ck_avcodec_descriptor_get_f
  private let avcodecVersion: ck_avcodec_version_f

  // libavformat
  private let avformatAllocContext: ck_avformat_alloc_context_f
  private let avformatFreeContext: ck_avformat_free_context_f
  private let avformatOpenInput: ck_avformat_open_input_f
  private let avformatCloseInput: ck_avformat_close_input_f
  private let avformatFindStreamInfo: ck_avformat_find_stream_info_f
  private let avFindBestStream: ck_av_find_best_stream_f
  private let avReadFrame: ck_av_read_frame_f
  private let avDumpFormat: ck_av_dump_format_f
  private let avformatIndexGetEntriesCount: ck_avformat_index_get_entries_count_f
  private let avformatIndexGetEntry: ck_avformat_index_get_entry_f
  private let avioSize: ck_avio_size_f
  private let avSeekFrame: ck_av_seek_frame_f
  private let avformatSeekFile: ck_avformat_seek_file_f
  private let avformatAllocOutputContext2: ck_avformat_alloc_output_context2_f
  private let avformatNewStream: ck_avformat_new_stream_f
  private let avformatWriteHeader: ck_avformat_write_header_f
  private let avInterleavedWriteFrame: ck_av_interleaved_write_frame_f
  private let avWriteFrame: ck_av_write_frame_f
  private let avWriteTrailer: ck_av_write_trailer_f
  private let avformatQueryCodec: ck_avformat_query_codec_f
  private let avGuessFormat: ck_av_guess_format_f
  private let avioOpen2: ck_avio_open2_f
  private let avioClosep: ck_avio_closep_f
  private let avioAllocContext: ck_avio_alloc_context_f
  private let avioContextFree: ck_avio_context_free_f
  private let avformatVersion: ck_avformat_version_f

  // libswresample
  private let swrAllocSetOpts2: ck_swr_alloc_set_opts2_f
  private let swrInit: ck_swr_init_f
  private let swrConvert: ck_swr_convert_f
  private let swrGetDelay: ck_swr_get_delay_f
  private let swrFree: ck_swr_free_f
  private let swresampleVersion: ck_swresample_version_f

  /// Opens the four libraries (from `directory` when given) and resolves every function.
  /// The handles are never closed: the functions stay valid for the life of the process.
  init(directory: String?) throws(FFmpegUnavailable) {
    var handles: [UnsafeMutableRawPointer] = []
    for soname in FFmpegLibrary.sonames {
      let path = directory.map { $0.hasSuffix("/") ? $0 + soname : $0 + "/" + soname } ?? soname
      guard let handle = dlopen(path, RTLD_LAZY | RTLD_LOCAL) else {
        let reason = dlerror().map { String(cString: $0) } ?? "not found"
        throw FFmpegUnavailable(library: soname, reason: reason)
      }
      handles.append(handle)
    }
    let util = Symbols(handle: handles[0], library: FFmpegLibrary.sonames[0])
    let swresample = Symbols(handle: handles[1], library: FFmpegLibrary.sonames[1])
    let codec = Symbols(handle: handles[2], library: FFmpegLibrary.sonames[2])
    let format = Symbols(handle: handles[3], library: FFmpegLibrary.sonames[3])

    avStrerror = try util.resolve("av_strerror")
    avLogSetLevel = try util.resolve("av_log_set_level")
    let setLogCallback: ck_av_log_set_callback_f = try util.resolve("av_log_set_callback")
    avMalloc = try util.resolve("av_malloc")
    avMallocz = try util.resolve("av_mallocz")
    avFree = try util.resolve("av_free")
    avStrdup = try util.resolve("av_strdup")
    avDictGet = try util.resolve("av_dict_get")
    avDictSet = try util.resolve("av_dict_set")
    avDictFree = try util.resolve("av_dict_free")
    avDictCopy = try util.resolve("av_dict_copy")
    avFrameAlloc = try util.resolve("av_frame_alloc")
    avFrameFree = try util.resolve("av_frame_free")
    avFrameUnref = try util.resolve("av_frame_unref")
    avFrameGetBuffer = try util.resolve("av_frame_get_buffer")
    avChannelLayoutDefault = try util.resolve("av_channel_layout_default")
    avChannelLayoutUninit = try util.resolve("av_channel_layout_uninit")
    avChannelLayoutCopy = try util.resolve("av_channel_layout_copy")
    avGetSampleFmtName = try util.resolve("av_get_sample_fmt_name")
    avGetBytesPerSample = try util.resolve("av_get_bytes_per_sample")
    avSampleFmtIsPlanar = try util.resolve("av_sample_fmt_is_planar")
    avSamplesGetBufferSize = try util.resolve("av_samples_get_buffer_size")
    avRescaleQ = try util.resolve("av_rescale_q")
    avRescaleQRnd = try util.resolve("av_rescale_q_rnd")
    avGetMediaTypeString = try util.resolve("av_get_media_type_string")
    avOptSetInt = try util.resolve("av_opt_set_int")
    avOptSet = try util.resolve("av_opt_set")
    avutilVersion = try util.resolve("avutil_version")

    avPacketAlloc = try codec.resolve("av_packet_alloc")
    avPacketFree = try codec.resolve("av_packet_free")
    avPacketUnref = try codec.resolve("av_packet_unref")
    avPacketRef = try codec.resolve("av_packet_ref")
    avPacketRescaleTs = try codec.resolve("av_packet_rescale_ts")
    avNewPacket = try codec.resolve("av_new_packet")
    avPacketNewSideData = try codec.resolve("av_packet_new_side_data")
    avcodecFindDecoder = try codec.resolve("avcodec_find_decoder")
    avcodecFindEncoder = try codec.resolve("avcodec_find_encoder")
    avcodecFindEncoderByName = try codec.resolve("avcodec_find_encoder_by_name")
    avcodecAllocContext3 = try codec.resolve("avcodec_alloc_context3")
    avcodecFreeContext = try codec.resolve("avcodec_free_context")
    avcodecParametersToContext = try codec.resolve("avcodec_parameters_to_context")
    avcodecParametersFromContext = try codec.resolve("avcodec_parameters_from_context")
    avcodecParametersCopy = try codec.resolve("avcodec_parameters_copy")
    avcodecOpen2 = try codec.resolve("avcodec_open2")
    avcodecSendPacket = try codec.resolve("avcodec_send_packet")
    avcodecReceiveFrame = try codec.resolve("avcodec_receive_frame")
    avcodecSendFrame = try codec.resolve("avcodec_send_frame")
    avcodecReceivePacket = try codec.resolve("avcodec_receive_packet")
    avcodecFlushBuffers = try codec.resolve("avcodec_flush_buffers")
    avcodecDecodeSubtitle2 = try codec.resolve("avcodec_decode_subtitle2")
    avcodecEncodeSubtitle = try codec.resolve("avcodec_encode_subtitle")
    avsubtitleFree = try codec.resolve("avsubtitle_free")
    avcodecGetName = try codec.resolve("avcodec_get_name")
    avcodecDescriptorGet = try codec.resolve("avcodec_descriptor_get")
    avcodecVersion = try codec.resolve("avcodec_version")

    avformatAllocContext = try format.resolve("avformat_alloc_context")
    avformatFreeContext = try format.resolve("avformat_free_context")
    avformatOpenInput = try format.resolve("avformat_open_input")
    avformatCloseInput = try format.resolve("avformat_close_input")
    avformatFindStreamInfo = try format.resolve("avformat_find_stream_info")
    avFindBestStream = try format.resolve("av_find_best_stream")
    avReadFrame = try format.resolve("av_read_frame")
    avDumpFormat = try format.resolve("av_dump_format")
    avformatIndexGetEntriesCount = try format.resolve("avformat_index_get_entries_count")
    avformatIndexGetEntry = try format.resolve("avformat_index_get_entry")
    avioSize = try format.resolve("avio_size")
    avSeekFrame = try format.resolve("av_seek_frame")
    avformatSeekFile = try format.resolve("avformat_seek_file")
    avformatAllocOutputContext2 = try format.resolve("avformat_alloc_output_context2")
    avformatNewStream = try format.resolve("avformat_new_stream")
    avformatWriteHeader = try format.resolve("avformat_write_header")
    avInterleavedWriteFrame = try format.resolve("av_interleaved_write_frame")
    avWriteFrame = try format.resolve("av_write_frame")
    avWriteTrailer = try format.resolve("av_write_trailer")
    avformatQueryCodec = try format.resolve("avformat_query_codec")
    avGuessFormat = try format.resolve("av_guess_format")
    avioOpen2 = try format.resolve("avio_open2")
    avioClosep = try format.resolve("avio_closep")
    avioAllocContext = try format.resolve("avio_alloc_context")
    avioContextFree = try format.resolve("avio_context_free")
    avformatVersion = try format.resolve("avformat_version")

    swrAllocSetOpts2 = try swresample.resolve("swr_alloc_set_opts2")
    swrInit = try swresample.resolve("swr_init")
    swrConvert = try swresample.resolve("swr_convert")
    swrGetDelay = try swresample.resolve("swr_get_delay")
    swrFree = try swresample.resolve("swr_free")
    swresampleVersion = try swresample.resolve("swresample_version")

    // FFmpeg's own log never reaches the terminal: it goes to `FFmpegLog`, which keeps the
    // recent warnings and errors for diagnostics.
    avLogSetLevel(AV_LOG_WARNING)
    FFmpegLog.install { setLogCallback($0) }
  }

  /// One library's symbol table.
  private struct Symbols {
    let handle: UnsafeMutableRawPointer
    let library: String

    func resolve<Function>(_ name: String) throws(FFmpegUnavailable) -> Function {
      guard let address = dlsym(handle, name) else {
        throw FFmpegUnavailable(library: library, reason: "it has no function \(name)")
      }
      return unsafeBitCast(address, to: Function.self)
    }
  }

  // MARK: Versions

  /// The versions of the loaded libraries, as `major.minor.micro`.
  var versions: [String: String] {
    func text(_ version: UInt32) -> String {
      "\(version >> 16).\((version >> 8) & 0xFF).\(version & 0xFF)"
    }
    return [
      "libavutil": text(avutilVersion()), "libavcodec": text(avcodecVersion()),
      "libavformat": text(avformatVersion()), "libswresample": text(swresampleVersion()),
    ]
  }

  // MARK: Errors, log, memory

  /// FFmpeg's text for an error code (`av_strerror`).
  func errorText(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    let found = buffer.withUnsafeMutableBufferPointer { avStrerror(code, $0.baseAddress, 256) }
    if found < 0 { return "error \(code)" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The error for a negative return code of `operation` on `path`.
  func error(_ code: Int32, _ operation: String, path: String?) -> FFmpegError {
    FFmpegError(code: code, message: errorText(code), operation: operation, path: path)
  }

  func setLogLevel(_ level: Int32) { avLogSetLevel(level) }

  func malloc(_ size: Int) -> UnsafeMutableRawPointer? { avMalloc(size) }

  func mallocZeroed(_ size: Int) -> UnsafeMutableRawPointer? { avMallocz(size) }

  func free(_ pointer: UnsafeMutableRawPointer?) { avFree(pointer) }

  /// A copy of `string` in FFmpeg's allocator, for fields FFmpeg frees itself.
  func strdup(_ string: String) -> UnsafeMutablePointer<CChar>? {
    string.withCString { avStrdup($0) }
  }

  // MARK: Dictionaries

  /// The value of `key` (case-insensitive, FFmpeg's default) in a metadata dictionary.
  func dictionaryValue(_ dictionary: OpaquePointer?, _ key: String) -> String? {
    guard let dictionary, let entry = avDictGet(dictionary, key, nil, 0),
      let value = entry.pointee.value
    else { return nil }
    return String(cString: value)
  }

  /// Every entry of a metadata dictionary, in order.
  func dictionaryEntries(_ dictionary: OpaquePointer?) -> [(key: String, value: String)] {
    guard let dictionary else { return [] }
    var entries: [(key: String, value: String)] = []
    var previous: UnsafeMutablePointer<AVDictionaryEntry>?
    while let entry = avDictGet(dictionary, "", previous, AV_DICT_IGNORE_SUFFIX) {
      if let key = entry.pointee.key, let value = entry.pointee.value {
        entries.append((String(cString: key), String(cString: value)))
      }
      previous = entry
    }
    return entries
  }

  func dictionarySet(
    _ dictionary: UnsafeMutablePointer<OpaquePointer?>, _ key: String, _ value: String,
    flags: Int32 = 0
  ) -> Int32 {
    avDictSet(dictionary, key, value, flags)
  }

  func dictionaryFree(_ dictionary: UnsafeMutablePointer<OpaquePointer?>) {
    avDictFree(dictionary)
  }

  /// Copies every entry of `source` into `*destination` (created when nil).
  func dictionaryCopy(
    _ destination: UnsafeMutablePointer<OpaquePointer?>, _ source: OpaquePointer?
  ) -> Int32 {
    avDictCopy(destination, source, 0)
  }

  // MARK: Options

  func setOption(
    _ object: UnsafeMutableRawPointer, _ name: String, _ value: Int64, searchFlags: Int32 = 0
  ) -> Int32 {
    avOptSetInt(object, name, value, searchFlags)
  }

  func setOption(
    _ object: UnsafeMutableRawPointer, _ name: String, _ value: String, searchFlags: Int32 = 0
  ) -> Int32 {
    avOptSet(object, name, value, searchFlags)
  }

  // MARK: Names and arithmetic

  /// FFmpeg's name of a codec (`h264`, `mov_text`); `none` for an unknown id.
  func codecName(_ id: AVCodecID) -> String {
    avcodecGetName(id).map { String(cString: $0) } ?? "none"
  }

  func codecDescriptor(_ id: AVCodecID) -> UnsafePointer<AVCodecDescriptor>? {
    avcodecDescriptorGet(id)
  }

  func mediaTypeName(_ type: AVMediaType) -> String? {
    avGetMediaTypeString(type).map { String(cString: $0) }
  }

  /// FFmpeg's name of a media type (`audio`, `subtitle`); nil for an unknown one.
  func mediaTypeName(_ type: MediaType) -> String? {
    mediaTypeName(type.avMediaType)
  }

  func sampleFormatName(_ format: AVSampleFormat) -> String? {
    avGetSampleFmtName(format).map { String(cString: $0) }
  }

  func bytesPerSample(_ format: AVSampleFormat) -> Int32 { avGetBytesPerSample(format) }

  func isPlanar(_ format: AVSampleFormat) -> Bool { avSampleFmtIsPlanar(format) != 0 }

  func samplesBufferSize(
    channels: Int32, samples: Int32, format: AVSampleFormat, align: Int32
  ) -> Int32 {
    avSamplesGetBufferSize(nil, channels, samples, format, align)
  }

  func rescale(_ value: Int64, from: AVRational, to: AVRational) -> Int64 {
    avRescaleQ(value, from, to)
  }

  /// `value` in the time base `from` converted to `to`, rounded to the nearest (ties away
  /// from zero), as FFmpeg rescales timestamps.
  func rescale(_ value: Int64, from: FFmpegRational, to: FFmpegRational) -> Int64 {
    avRescaleQ(value, from.avRational, to.avRational)
  }

  func rescale(
    _ value: Int64, from: AVRational, to: AVRational, rounding: AVRounding
  ) -> Int64 {
    avRescaleQRnd(value, from, to, rounding)
  }

  // MARK: Packets and frames

  func packetAlloc() -> UnsafeMutablePointer<AVPacket>? { avPacketAlloc() }

  func packetFree(_ packet: UnsafeMutablePointer<UnsafeMutablePointer<AVPacket>?>) {
    avPacketFree(packet)
  }

  func packetUnref(_ packet: UnsafeMutablePointer<AVPacket>) { avPacketUnref(packet) }

  func packetRef(
    _ destination: UnsafeMutablePointer<AVPacket>, _ source: UnsafePointer<AVPacket>
  ) -> Int32 {
    avPacketRef(destination, source)
  }

  func packetRescaleTimestamps(
    _ packet: UnsafeMutablePointer<AVPacket>, from: AVRational, to: AVRational
  ) {
    avPacketRescaleTs(packet, from, to)
  }

  func packetAllocatePayload(_ packet: UnsafeMutablePointer<AVPacket>, size: Int32) -> Int32 {
    avNewPacket(packet, size)
  }

  /// Adds side data of `type` and `size` bytes to a packet; its payload, nil when out of
  /// memory.
  func packetNewSideData(
    _ packet: UnsafeMutablePointer<AVPacket>, _ type: AVPacketSideDataType, size: Int
  ) -> UnsafeMutablePointer<UInt8>? {
    avPacketNewSideData(packet, type, size)
  }

  func frameAlloc() -> UnsafeMutablePointer<AVFrame>? { avFrameAlloc() }

  func frameFree(_ frame: UnsafeMutablePointer<UnsafeMutablePointer<AVFrame>?>) {
    avFrameFree(frame)
  }

  func frameUnref(_ frame: UnsafeMutablePointer<AVFrame>) { avFrameUnref(frame) }

  func frameGetBuffer(_ frame: UnsafeMutablePointer<AVFrame>, align: Int32) -> Int32 {
    avFrameGetBuffer(frame, align)
  }

  // MARK: Channel layouts

  func channelLayoutDefault(_ layout: UnsafeMutablePointer<AVChannelLayout>, channels: Int32) {
    avChannelLayoutDefault(layout, channels)
  }

  func channelLayoutUninit(_ layout: UnsafeMutablePointer<AVChannelLayout>) {
    avChannelLayoutUninit(layout)
  }

  func channelLayoutCopy(
    _ destination: UnsafeMutablePointer<AVChannelLayout>,
    _ source: UnsafePointer<AVChannelLayout>
  ) -> Int32 {
    avChannelLayoutCopy(destination, source)
  }

  // MARK: Codecs

  func findDecoder(_ id: AVCodecID) -> UnsafePointer<AVCodec>? { avcodecFindDecoder(id) }

  func findEncoder(_ id: AVCodecID) -> UnsafePointer<AVCodec>? { avcodecFindEncoder(id) }

  func findEncoder(named name: String) -> UnsafePointer<AVCodec>? {
    avcodecFindEncoderByName(name)
  }

  func codecContextAlloc(_ codec: UnsafePointer<AVCodec>?) -> UnsafeMutablePointer<
    AVCodecContext
  >? {
    avcodecAllocContext3(codec)
  }

  func codecContextFree(
    _ context: UnsafeMutablePointer<UnsafeMutablePointer<AVCodecContext>?>
  ) {
    avcodecFreeContext(context)
  }

  func parametersToContext(
    _ context: UnsafeMutablePointer<AVCodecContext>,
    _ parameters: UnsafePointer<AVCodecParameters>
  ) -> Int32 {
    avcodecParametersToContext(context, parameters)
  }

  func parametersFromContext(
    _ parameters: UnsafeMutablePointer<AVCodecParameters>,
    _ context: UnsafePointer<AVCodecContext>
  ) -> Int32 {
    avcodecParametersFromContext(parameters, context)
  }

  func parametersCopy(
    _ destination: UnsafeMutablePointer<AVCodecParameters>,
    _ source: UnsafePointer<AVCodecParameters>
  ) -> Int32 {
    avcodecParametersCopy(destination, source)
  }

  func codecOpen(
    _ context: UnsafeMutablePointer<AVCodecContext>, _ codec: UnsafePointer<AVCodec>?,
    options: UnsafeMutablePointer<OpaquePointer?>? = nil
  ) -> Int32 {
    avcodecOpen2(context, codec, options)
  }

  func sendPacket(
    _ context: UnsafeMutablePointer<AVCodecContext>, _ packet: UnsafePointer<AVPacket>?
  ) -> Int32 {
    avcodecSendPacket(context, packet)
  }

  func receiveFrame(
    _ context: UnsafeMutablePointer<AVCodecContext>, _ frame: UnsafeMutablePointer<AVFrame>
  ) -> Int32 {
    avcodecReceiveFrame(context, frame)
  }

  func sendFrame(
    _ context: UnsafeMutablePointer<AVCodecContext>, _ frame: UnsafePointer<AVFrame>?
  ) -> Int32 {
    avcodecSendFrame(context, frame)
  }

  func receivePacket(
    _ context: UnsafeMutablePointer<AVCodecContext>, _ packet: UnsafeMutablePointer<AVPacket>
  ) -> Int32 {
    avcodecReceivePacket(context, packet)
  }

  func flushBuffers(_ context: UnsafeMutablePointer<AVCodecContext>) {
    avcodecFlushBuffers(context)
  }

  /// Decodes one subtitle packet; `gotSubtitle` is set when `subtitle` was filled.
  func decodeSubtitle(
    _ context: UnsafeMutablePointer<AVCodecContext>,
    _ subtitle: UnsafeMutablePointer<AVSubtitle>, gotSubtitle: UnsafeMutablePointer<Int32>,
    _ packet: UnsafeMutablePointer<AVPacket>
  ) -> Int32 {
    avcodecDecodeSubtitle2(context, subtitle, gotSubtitle, packet)
  }

  func encodeSubtitle(
    _ context: UnsafeMutablePointer<AVCodecContext>, buffer: UnsafeMutablePointer<UInt8>,
    size: Int32, _ subtitle: UnsafePointer<AVSubtitle>
  ) -> Int32 {
    avcodecEncodeSubtitle(context, buffer, size, subtitle)
  }

  func subtitleFree(_ subtitle: UnsafeMutablePointer<AVSubtitle>) { avsubtitleFree(subtitle) }

  // MARK: Demuxing

  func formatContextAlloc() -> UnsafeMutablePointer<AVFormatContext>? {
    avformatAllocContext()
  }

  func formatContextFree(_ context: UnsafeMutablePointer<AVFormatContext>?) {
    avformatFreeContext(context)
  }

  /// `avformat_open_input`: on failure FFmpeg frees `*context` and sets it to nil.
  func openInput(
    _ context: UnsafeMutablePointer<UnsafeMutablePointer<AVFormatContext>?>, _ url: String,
    options: UnsafeMutablePointer<OpaquePointer?>?
  ) -> Int32 {
    avformatOpenInput(context, url, nil, options)
  }

  func closeInput(_ context: UnsafeMutablePointer<UnsafeMutablePointer<AVFormatContext>?>) {
    avformatCloseInput(context)
  }

  func findStreamInfo(_ context: UnsafeMutablePointer<AVFormatContext>) -> Int32 {
    avformatFindStreamInfo(context, nil)
  }

  func findBestStream(
    _ context: UnsafeMutablePointer<AVFormatContext>, _ type: AVMediaType,
    wanted: Int32 = -1, related: Int32 = -1
  ) -> Int32 {
    avFindBestStream(context, type, wanted, related, nil, 0)
  }

  func readFrame(
    _ context: UnsafeMutablePointer<AVFormatContext>, _ packet: UnsafeMutablePointer<AVPacket>
  ) -> Int32 {
    avReadFrame(context, packet)
  }

  /// Logs FFmpeg's description of an opened input, as ffprobe prints it (`av_dump_format`).
  func dumpFormat(_ context: UnsafeMutablePointer<AVFormatContext>) {
    avDumpFormat(context, 0, "", 0)
  }

  /// How many entries the demuxer's index holds for `stream` (every sample, for MP4 and MOV).
  func indexEntryCount(_ stream: UnsafeMutablePointer<AVStream>) -> Int {
    Int(avformatIndexGetEntriesCount(stream))
  }

  /// The position, size and timestamp of index entry `index` of `stream`; nil out of range.
  func indexEntry(_ stream: UnsafeMutablePointer<AVStream>, _ index: Int)
    -> (position: Int64, size: Int64, timestamp: Int64)?
  {
    guard let entry = avformatIndexGetEntry(stream, Int32(index)) else { return nil }
    return (entry.pointee.pos, Int64(entry.pointee.size), entry.pointee.timestamp)
  }

  /// The size of the file `context` reads, in bytes; nil when unknown.
  func inputSize(_ context: UnsafeMutablePointer<AVFormatContext>) -> Int64? {
    guard let io = context.pointee.pb else { return nil }
    let size = avioSize(io)
    return size >= 0 ? size : nil
  }

  func seekFrame(
    _ context: UnsafeMutablePointer<AVFormatContext>, stream: Int32, timestamp: Int64,
    flags: Int32
  ) -> Int32 {
    avSeekFrame(context, stream, timestamp, flags)
  }

  func seekFile(
    _ context: UnsafeMutablePointer<AVFormatContext>, stream: Int32, minimum: Int64,
    target: Int64, maximum: Int64, flags: Int32
  ) -> Int32 {
    avformatSeekFile(context, stream, minimum, target, maximum, flags)
  }

  // MARK: Muxing

  func outputContextAlloc(
    _ context: UnsafeMutablePointer<UnsafeMutablePointer<AVFormatContext>?>,
    formatName: String?, path: String
  ) -> Int32 {
    if let formatName {
      return avformatAllocOutputContext2(context, nil, formatName, path)
    }
    return avformatAllocOutputContext2(context, nil, nil, path)
  }

  func newStream(
    _ context: UnsafeMutablePointer<AVFormatContext>, _ codec: UnsafePointer<AVCodec>?
  ) -> UnsafeMutablePointer<AVStream>? {
    avformatNewStream(context, codec)
  }

  /// Whether the output format can store `codec` (1 yes, 0 no, negative unknown).
  func queryCodec(
    _ format: UnsafePointer<AVOutputFormat>, _ codec: AVCodecID, compliance: Int32
  ) -> Int32 {
    avformatQueryCodec(format, codec, compliance)
  }

  func guessFormat(name: String?, path: String?) -> UnsafePointer<AVOutputFormat>? {
    avGuessFormat(name, path, nil)
  }

  func ioOpen(
    _ io: UnsafeMutablePointer<UnsafeMutablePointer<AVIOContext>?>, _ url: String,
    flags: Int32
  ) -> Int32 {
    avioOpen2(io, url, flags, nil, nil)
  }

  func ioClose(_ io: UnsafeMutablePointer<UnsafeMutablePointer<AVIOContext>?>) -> Int32 {
    avioClosep(io)
  }

  /// `avio_alloc_context` for reading only: FFmpeg fills `buffer` (from `malloc`) through
  /// `read` and moves with `seek`, passing them `opaque`.
  func ioAllocReadContext(
    buffer: UnsafeMutablePointer<UInt8>, size: Int32, opaque: UnsafeMutableRawPointer,
    read: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32,
    seek: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64
  ) -> UnsafeMutablePointer<AVIOContext>? {
    avioAllocContext(buffer, size, 0, opaque, read, nil, seek)
  }

  /// `avio_context_free`: frees the context, not its buffer.
  func ioContextFree(_ io: UnsafeMutablePointer<UnsafeMutablePointer<AVIOContext>?>) {
    avioContextFree(io)
  }

  func writeHeader(
    _ context: UnsafeMutablePointer<AVFormatContext>,
    options: UnsafeMutablePointer<OpaquePointer?>? = nil
  ) -> Int32 {
    avformatWriteHeader(context, options)
  }

  func interleavedWriteFrame(
    _ context: UnsafeMutablePointer<AVFormatContext>, _ packet: UnsafeMutablePointer<AVPacket>?
  ) -> Int32 {
    avInterleavedWriteFrame(context, packet)
  }

  func writeFrame(
    _ context: UnsafeMutablePointer<AVFormatContext>, _ packet: UnsafeMutablePointer<AVPacket>?
  ) -> Int32 {
    avWriteFrame(context, packet)
  }

  func writeTrailer(_ context: UnsafeMutablePointer<AVFormatContext>) -> Int32 {
    avWriteTrailer(context)
  }

  // MARK: Resampling

  func resamplerAlloc(
    _ context: UnsafeMutablePointer<OpaquePointer?>,
    outputLayout: UnsafeMutablePointer<AVChannelLayout>, outputFormat: AVSampleFormat,
    outputRate: Int32, inputLayout: UnsafeMutablePointer<AVChannelLayout>,
    inputFormat: AVSampleFormat, inputRate: Int32
  ) -> Int32 {
    swrAllocSetOpts2(
      context, outputLayout, outputFormat, outputRate, inputLayout, inputFormat, inputRate, 0,
      nil)
  }

  func resamplerInit(_ context: OpaquePointer) -> Int32 { swrInit(context) }

  /// `swr_convert`: returns the samples written per channel, or a negative error.
  func resamplerConvert(
    _ context: OpaquePointer, output: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
    outputCount: Int32, input: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, inputCount: Int32
  ) -> Int32 {
    swrConvert(context, output, outputCount, input, inputCount)
  }

  func resamplerDelay(_ context: OpaquePointer, base: Int64) -> Int64 {
    swrGetDelay(context, base)
  }

  func resamplerFree(_ context: UnsafeMutablePointer<OpaquePointer?>) { swrFree(context) }
}
