internal import CFFmpeg

/// FFmpeg's numbers for some sample formats (`AVSampleFormat`): float, which the decoders
/// of AAC, AC-3, Opus and most other codecs give, and 16-bit integers.
enum SampleFormat {
  /// Interleaved float (`AV_SAMPLE_FMT_FLT`).
  static let float = AV_SAMPLE_FMT_FLT.rawValue
  /// One plane of float a channel (`AV_SAMPLE_FMT_FLTP`).
  static let floatPlanar = AV_SAMPLE_FMT_FLTP.rawValue
  /// Interleaved 16-bit integers (`AV_SAMPLE_FMT_S16`), as PCM and FLAC decode.
  static let signed16 = AV_SAMPLE_FMT_S16.rawValue
}

extension FFmpegLibrary {
  /// Whether samples of `format` (FFmpeg's number) have a plane a channel.
  func isPlanar(format: Int32) -> Bool { isPlanar(AVSampleFormat(rawValue: format)) }

  /// The bytes of one sample of one channel in `format` (FFmpeg's number).
  func bytesPerSample(format: Int32) -> Int {
    Int(bytesPerSample(AVSampleFormat(rawValue: format)))
  }
}

extension CodecContext {
  /// The sample format, channels and rate an opened audio decoder gives.
  var audioLayout: AudioLayout {
    AudioLayout(
      format: pointer.pointee.sample_fmt.rawValue,
      channels: Int(pointer.pointee.ch_layout.nb_channels),
      rate: Int(pointer.pointee.sample_rate))
  }

  /// Whether what a packet decodes to depends on no packet before the one before it: AAC LC
  /// (whose frames overlap by half), AC-3 and E-AC-3. Not HE-AAC (its spectral band
  /// replication looks further back), MP3 (its bit reservoir reaches back up to 511 bytes
  /// over several frames), Opus or Vorbis.
  var dependsOnPreviousPacketOnly: Bool {
    let context = pointer.pointee
    switch context.codec_id {
    case AV_CODEC_ID_AAC: return context.profile == Self.aacLowProfile
    case AV_CODEC_ID_AC3, AV_CODEC_ID_EAC3: return true
    default: return false
    }
  }

  /// FFmpeg's number for the AAC LC profile (`FF_PROFILE_AAC_LOW`, `AV_PROFILE_AAC_LOW`
  /// from FFmpeg 6.1).
  static let aacLowProfile: Int32 = 1
}

extension Packet {
  /// A new packet sharing this one's payload (a reference, not a copy) and its fields.
  func reference() throws(FFmpegError) -> Packet {
    let copy = try Packet(library: library)
    let status = library.packetRef(copy.pointer, pointer)
    if status < 0 { throw library.error(status, "keep a packet", path: nil) }
    return copy
  }
}
