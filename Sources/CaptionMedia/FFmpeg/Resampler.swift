internal import CFFmpeg

/// A configured `SwrContext` converting decoded audio to another layout, sample format and
/// rate; owned: freed when the last reference goes.
final class Resampler {
  let library: FFmpegLibrary
  let pointer: OpaquePointer

  /// A resampler from the decoder's audio to `outputChannels` channels (FFmpeg's default
  /// layout for that count) of interleaved 32-bit float samples at `outputRate` Hz.
  /// `filterSize` shortens swresample's low-pass filter (default 32 taps) when a wider
  /// transition band is fine.
  init(
    from decoder: CodecContext, outputChannels: Int32, outputRate: Int32,
    filterSize: Int64? = nil
  ) throws(FFmpegError) {
    let outputFormat = AV_SAMPLE_FMT_FLT
    let library = decoder.library
    var outputLayout = AVChannelLayout()
    library.channelLayoutDefault(&outputLayout, channels: outputChannels)
    defer { library.channelLayoutUninit(&outputLayout) }
    var inputLayout = AVChannelLayout()
    var status = library.channelLayoutCopy(&inputLayout, &decoder.pointer.pointee.ch_layout)
    defer { library.channelLayoutUninit(&inputLayout) }
    if status < 0 { throw library.error(status, "read the channel layout", path: decoder.path) }
    if inputLayout.nb_channels <= 0 {
      library.channelLayoutDefault(&inputLayout, channels: 1)
    }
    var context: OpaquePointer?
    status = library.resamplerAlloc(
      &context, outputLayout: &outputLayout, outputFormat: outputFormat, outputRate: outputRate,
      inputLayout: &inputLayout, inputFormat: decoder.pointer.pointee.sample_fmt,
      inputRate: decoder.pointer.pointee.sample_rate)
    guard status >= 0, let context else {
      var owned = context
      library.resamplerFree(&owned)
      throw library.error(
        status < 0 ? status : FFmpegLibrary.Code.outOfMemory, "set up resampling",
        path: decoder.path)
    }
    self.library = library
    self.pointer = context
    if let filterSize {
      status = library.setOption(UnsafeMutableRawPointer(context), "filter_size", filterSize)
      if status < 0 { throw library.error(status, "set up resampling", path: decoder.path) }
    }
    status = library.resamplerInit(context)
    if status < 0 { throw library.error(status, "set up resampling", path: decoder.path) }
  }

  deinit {
    var owned: OpaquePointer? = pointer
    library.resamplerFree(&owned)
  }

  /// Converts the samples of `frame` (nil flushes) into `output`, one pointer per output
  /// plane, room for `capacity` samples per channel; returns the samples written per channel.
  func convert(
    _ frame: Frame?, into output: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
    capacity: Int32
  ) throws(FFmpegError) -> Int32 {
    let written: Int32
    if let frame {
      written = frame.pointer.withMemoryRebound(to: AVFrame.self, capacity: 1) { avFrame in
        let planes = UnsafeMutableRawPointer(avFrame.pointee.extended_data)
          .map { $0.assumingMemoryBound(to: UnsafePointer<UInt8>?.self) }
        return library.resamplerConvert(
          pointer, output: output, outputCount: capacity, input: planes,
          inputCount: avFrame.pointee.nb_samples)
      }
    } else {
      written = library.resamplerConvert(
        pointer, output: output, outputCount: capacity, input: nil, inputCount: 0)
    }
    if written < 0 { throw library.error(written, "resample audio", path: nil) }
    return written
  }

  /// Converts `count` samples per channel read from `planes` (one pointer per input plane,
  /// in the input's format and layout) into `output`; returns the samples written per
  /// channel. For samples copied out of their frames, such as on another thread.
  func convert(
    planes: UnsafeMutablePointer<UnsafePointer<UInt8>?>, count: Int32,
    into output: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, capacity: Int32
  ) throws(FFmpegError) -> Int32 {
    let written = library.resamplerConvert(
      pointer, output: output, outputCount: capacity, input: planes, inputCount: count)
    if written < 0 { throw library.error(written, "resample audio", path: nil) }
    return written
  }

  /// Samples still buffered, counted at `rate` Hz.
  func delay(at rate: Int64) -> Int64 { library.resamplerDelay(pointer, base: rate) }
}
