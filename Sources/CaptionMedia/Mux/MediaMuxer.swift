internal import CFFmpeg
import CaptionCore

/// Writes a media file with added text tracks: every video, audio and subtitle stream of the
/// input copied packet for packet (bit-exact, with its metadata and dispositions), the
/// container's metadata and chapters, and one new stream per track.
///
/// Nothing is decoded but the added cues (`mov_text` goes through FFmpeg's SubRip decoder
/// and `mov_text` encoder, as `ffmpeg -c:s mov_text` does). After writing, the output is
/// probed, and each flag the container did not keep is reported as a remark.
public enum MediaMuxer {
  /// The rule of a text codec MP4 cannot carry.
  public static let mp4TextCodecRule = "container.mp4-text-codec"
  /// The rule of a flag the container does not keep.
  public static let dispositionRule = "container.disposition"
  /// The rule of something else the container does not keep: a language's region or script,
  /// a data stream.
  public static let notKeptRule = "container.not-kept"

  /// Writes `input` with `tracks` added as `output` in `container` (the file at `output` is
  /// created or replaced; write to a temporary name and rename it for an atomic result).
  ///
  /// Throws `FFmpegUnavailable` without FFmpeg, `FFmpegError` when the input cannot be read,
  /// `MuxError` when the container cannot hold a stream or the output cannot be written.
  public static func mux(
    input: String, tracks: [MuxSubtitleTrack], output: String, container: MuxContainer
  ) throws -> MuxResult {
    let library = try FFmpegLibrary.shared()
    let source = try FormatContext(openingInput: input, library: library)
    try source.findStreamInfo()
    let sink: OutputFormatContext
    do {
      sink = try OutputFormatContext(
        writing: output, formatName: container.formatName, library: library)
    } catch {
      throw MuxError(kind: .cannotWrite, message: "cannot write \(output): \(error.message)")
    }
    guard let format = sink.pointer.pointee.oformat else {
      throw MuxError(kind: .cannotWrite, message: "cannot write \(output): no muxer")
    }
    var diagnostics: [Diagnostic] = []
    let clearsDefault = tracks.contains(where: \.isDefault)

    // Copied streams.
    var mapping = [Int](repeating: -1, count: source.streamCount)
    var converters = [SubtitleTranscoder?](repeating: nil, count: source.streamCount)
    var expected: [Expected] = []
    var copied: [(input: Int, output: Int)] = []
    for index in 0..<source.streamCount {
      guard let stream = source.stream(index), let parameters = stream.pointee.codecpar else {
        continue
      }
      let type = parameters.pointee.codec_type
      let codecName = library.codecName(parameters.pointee.codec_id)
      // A stream the demuxer itself hides: an MP4's chapter track, copied as chapters.
      if stream.pointee.discard == AVDISCARD_ALL { continue }
      guard
        type == AVMEDIA_TYPE_VIDEO || type == AVMEDIA_TYPE_AUDIO
          || type == AVMEDIA_TYPE_SUBTITLE || type == AVMEDIA_TYPE_ATTACHMENT
      else {
        diagnostics.append(
          Diagnostic(
            rule: notKeptRule, severity: .remark,
            message: "stream \(index) (\(codecName) data) is not copied", file: input,
            hint: "only video, audio, subtitle and attachment streams are copied"))
        continue
      }
      let fits = library.queryCodec(format, parameters.pointee.codec_id, compliance: 0)
      let isText =
        type == AVMEDIA_TYPE_SUBTITLE
        && (library.codecDescriptor(parameters.pointee.codec_id)?.pointee.props ?? 0)
          & AV_CODEC_PROP_TEXT_SUB != 0
      if fits == 0, !isText {
        throw unsupported(
          stream: index, codec: codecName, type: type, container: container, input: input)
      }
      let outputIndex: Int
      if fits == 0 {
        // Text the container cannot carry is converted to its text codec, as ffmpeg does.
        let target = container.defaultCodec.rawValue
        let converter = try SubtitleTranscoder(
          decoding: stream, encoderName: target, library: library, path: input)
        guard let made = library.newStream(sink.pointer, nil),
          let madeParameters = made.pointee.codecpar
        else {
          throw MuxError(kind: .cannotWrite, message: "cannot write \(output): out of memory")
        }
        let status = library.parametersFromContext(madeParameters, converter.encoder)
        if status < 0 { throw library.error(status, "set up \(target) for", path: output) }
        made.pointee.time_base = stream.pointee.time_base
        outputIndex = Int(made.pointee.index)
        converters[index] = converter
        diagnostics.append(
          Diagnostic(
            rule: container == .mp4 ? mp4TextCodecRule : notKeptRule, severity: .remark,
            message:
              "stream \(index) (\(codecName)) is converted to \(target): "
              + "\(container.displayName) cannot carry \(codecName); its styling may change",
            file: input,
            hint: "extract it and add it back with --track to see what is lost, cue by cue"))
      } else {
        do {
          outputIndex = try sink.addStream(copying: stream)
        } catch {
          throw MuxError(kind: .cannotWrite, message: "cannot write \(output): \(error.message)")
        }
      }
      guard let copy = sink.stream(outputIndex) else { continue }
      _ = library.dictionaryCopy(&copy.pointee.metadata, stream.pointee.metadata)
      copy.pointee.disposition = stream.pointee.disposition
      if clearsDefault, type == AVMEDIA_TYPE_SUBTITLE {
        copy.pointee.disposition &= ~AV_DISPOSITION_DEFAULT
      }
      copy.pointee.avg_frame_rate = stream.pointee.avg_frame_rate
      copy.pointee.r_frame_rate = stream.pointee.r_frame_rate
      copy.pointee.sample_aspect_ratio = stream.pointee.sample_aspect_ratio
      mapping[index] = outputIndex
      copied.append((index, outputIndex))
      expected.append(
        Expected(
          output: outputIndex, flags: MediaProbe.dispositions(copy.pointee.disposition),
          name: converters[index] == nil
            ? "stream \(outputIndex) (\(codecName), copied from stream \(index))"
            : "stream \(outputIndex) (\(container.defaultCodec.rawValue), converted from "
              + "stream \(index))",
          codec: nil, file: input))
    }
    _ = library.dictionaryCopy(&sink.pointer.pointee.metadata, source.pointer.pointee.metadata)
    try copyChapters(from: source, to: sink, library: library, output: output)

    // Added tracks, their packets made before the header is written.
    let millisecond = AVRational(num: 1, den: 1000)
    let startTime = source.pointer.pointee.start_time
    let origin =
      startTime == FFmpegLibrary.noTimestamp
      ? 0 : library.rescale(startTime, from: FFmpegLibrary.timeBaseQ, to: millisecond)
    var pending: [PendingCue] = []
    var added: [Int] = []
    for (number, track) in tracks.enumerated() {
      guard container.codecs.contains(track.codec) else {
        throw MuxError(
          kind: .unsupported, rule: container == .mp4 ? mp4TextCodecRule : nil,
          message:
            "\(container.displayName) cannot carry \(track.codec.rawValue) text "
            + "(track \(number + 1)\(track.source.map { ", \($0)" } ?? ""))",
          hint: "use " + container.codecs.map(\.rawValue).joined(separator: " or "))
      }
      guard let stream = library.newStream(sink.pointer, nil),
        let parameters = stream.pointee.codecpar
      else {
        throw MuxError(kind: .cannotWrite, message: "cannot write \(output): out of memory")
      }
      let outputIndex = Int(stream.pointee.index)
      parameters.pointee.codec_type = AVMEDIA_TYPE_SUBTITLE
      stream.pointee.time_base = millisecond
      var transcoder: SubtitleTranscoder?
      switch track.codec {
      case .movText:
        let made = try SubtitleTranscoder(
          encoderName: "mov_text", library: library, path: track.source ?? output)
        let status = library.parametersFromContext(parameters, made.encoder)
        if status < 0 { throw library.error(status, "set up mov_text for", path: output) }
        transcoder = made
      case .subrip:
        parameters.pointee.codec_id = AV_CODEC_ID_SUBRIP
      case .webvtt:
        parameters.pointee.codec_id = AV_CODEC_ID_WEBVTT
      }
      let code = ISO639.containerCode(for: track.language)
      _ = library.dictionarySet(&stream.pointee.metadata, "language", code)
      if let title = track.title {
        _ = library.dictionarySet(&stream.pointee.metadata, "title", title)
      }
      stream.pointee.disposition = track.dispositions.reduce(0) { $0 | flag($1) }
      if let language = track.language, language.rawValue.lowercased() != language.language {
        diagnostics.append(
          Diagnostic(
            rule: notKeptRule, severity: .remark,
            message:
              "stream \(outputIndex) is stored with the language code \(code); "
              + "\(container.displayName) keeps no script or region of \(language.rawValue)",
            file: track.source))
      }
      for cue in track.cues {
        let start = cue.start.converted(to: 1000).value
        let duration = max(0, cue.end.converted(to: 1000).value - start)
        let payload: [UInt8]
        if let transcoder {
          payload = try transcoder.transcode(
            cue.text, duration: duration, path: track.source ?? output)
        } else {
          payload = Array(cue.text.utf8)
        }
        pending.append(
          PendingCue(
            stream: outputIndex, start: start + origin, duration: duration, payload: payload,
            identifier: track.codec == .webvtt ? cue.identifier : "",
            settings: track.codec == .webvtt ? cue.settings : ""))
      }
      added.append(outputIndex)
      expected.append(
        Expected(
          output: outputIndex, flags: track.dispositions,
          name:
            "stream \(outputIndex) (\(track.codec.rawValue)"
            + "\(track.kind.map { ", \($0.rawValue)" } ?? ""))",
          codec: track.codec, file: track.source))
    }
    // Stable: cues of one time keep their track order.
    pending = pending.enumerated().sorted {
      ($0.element.start, $0.offset) < ($1.element.start, $1.offset)
    }.map(\.element)

    do {
      try sink.writeHeader()
    } catch {
      // Creating the file failed, or the muxer refused the streams (FLAC in MP4 is
      // "experimental" in FFmpeg 5.1): it says why in its log.
      // FFmpeg's advice names its command's options ("add '-strict -2'"), which mux has not.
      let reason = FFmpegLog.reason(from: sink.pointer).map { text in
        text.firstRange(of: ", add '-").map { String(text[..<$0.lowerBound]) } ?? text
      }
      _ = FFmpegLog.take(from: sink.pointer)
      if error.operation == "create" || reason == nil {
        throw MuxError(kind: .cannotWrite, message: "cannot write \(output): \(error.message)")
      }
      throw MuxError(
        kind: .unsupported,
        message:
          "FFmpeg's \(container.displayName) muxer refuses these streams: "
          + (reason ?? error.message),
        hint: "write another container (.mp4, .mkv or .webm)")
    }
    let packet = try Packet(library: library)
    let cuePacket = try Packet(library: library)
    var next = 0
    func writeCues(until time: Int64?) throws {
      while next < pending.count, time.map({ pending[next].start <= $0 }) ?? true {
        try write(
          pending[next], packet: cuePacket, to: sink, library: library, output: output,
          timeBase: millisecond)
        next += 1
      }
    }
    while try source.read(into: packet) {
      let index = packet.streamIndex
      guard index >= 0, index < mapping.count, mapping[index] >= 0,
        let stream = source.stream(index)
      else { continue }
      let base = stream.pointee.time_base
      if let time = packet.decodingTime ?? packet.presentationTime {
        try writeCues(until: library.rescale(time, from: base, to: millisecond))
      }
      if let converter = converters[index] {
        guard let payload = try converter.transcode(packet, path: input) else { continue }
        try write(
          PendingCue(
            stream: mapping[index], start: packet.presentationTime ?? packet.decodingTime ?? 0,
            duration: packet.duration, payload: payload, identifier: "", settings: ""),
          packet: cuePacket, to: sink, library: library, output: output, timeBase: base)
        continue
      }
      do {
        try sink.write(packet, stream: mapping[index], timeBase: base)
      } catch {
        throw MuxError(kind: .cannotWrite, message: "cannot write \(output): \(error.message)")
      }
    }
    try writeCues(until: nil)
    do {
      try sink.writeTrailer()
    } catch {
      throw MuxError(kind: .cannotWrite, message: "cannot write \(output): \(error.message)")
    }
    _ = consume sink

    diagnostics += try keptFlags(output, expected: expected, container: container)
    return MuxResult(copied: copied, added: added, diagnostics: diagnostics)
  }

  /// A cue packet waiting for its place between the copied packets.
  private struct PendingCue {
    var stream: Int
    /// On the input's time line (in milliseconds for added cues).
    var start: Int64
    var duration: Int64
    var payload: [UInt8]
    var identifier: String
    var settings: String
  }

  /// Writes a made packet; its times are in `timeBase`.
  private static func write(
    _ cue: PendingCue, packet: Packet, to sink: OutputFormatContext, library: FFmpegLibrary,
    output: String, timeBase: AVRational
  ) throws {
    packet.unref()
    let status = library.packetAllocatePayload(packet.pointer, size: Int32(cue.payload.count))
    if status < 0 { throw library.error(status, "make a cue packet for", path: output) }
    if let data = packet.pointer.pointee.data, !cue.payload.isEmpty {
      data.update(from: cue.payload, count: cue.payload.count)
    }
    for (type, text) in [
      (AV_PKT_DATA_WEBVTT_IDENTIFIER, cue.identifier), (AV_PKT_DATA_WEBVTT_SETTINGS, cue.settings),
    ] where !text.isEmpty {
      let bytes = Array(text.utf8)
      guard let data = library.packetNewSideData(packet.pointer, type, size: bytes.count) else {
        throw library.error(FFmpegLibrary.Code.outOfMemory, "make a cue packet for", path: output)
      }
      data.update(from: bytes, count: bytes.count)
    }
    packet.pointer.pointee.pts = cue.start
    packet.pointer.pointee.dts = cue.start
    packet.pointer.pointee.duration = cue.duration
    packet.pointer.pointee.flags |= AV_PKT_FLAG_KEY
    do {
      try sink.write(packet, stream: cue.stream, timeBase: timeBase)
    } catch {
      throw MuxError(kind: .cannotWrite, message: "cannot write \(output): \(error.message)")
    }
  }

  /// Copies the input's chapters (times, titles and other metadata) to the output.
  private static func copyChapters(
    from source: FormatContext, to sink: OutputFormatContext, library: FFmpegLibrary,
    output: String
  ) throws {
    let count = source.chapterCount
    guard count > 0 else { return }
    let pointerSize = MemoryLayout<UnsafeMutablePointer<AVChapter>?>.stride
    guard let array = library.mallocZeroed(count * pointerSize) else {
      throw library.error(FFmpegLibrary.Code.outOfMemory, "copy chapters to", path: output)
    }
    let chapters = array.bindMemory(to: UnsafeMutablePointer<AVChapter>?.self, capacity: count)
    // Freed by avformat_free_context with the output: the array, each chapter, its metadata.
    sink.pointer.pointee.chapters = chapters
    for index in 0..<count {
      guard let original = source.chapter(index),
        let raw = library.mallocZeroed(MemoryLayout<AVChapter>.stride)
      else { continue }
      let chapter = raw.bindMemory(to: AVChapter.self, capacity: 1)
      chapter.pointee.id = original.pointee.id
      chapter.pointee.time_base = original.pointee.time_base
      chapter.pointee.start = original.pointee.start
      chapter.pointee.end = original.pointee.end
      _ = library.dictionaryCopy(&chapter.pointee.metadata, original.pointee.metadata)
      chapters[Int(sink.pointer.pointee.nb_chapters)] = chapter
      sink.pointer.pointee.nb_chapters += 1
    }
  }

  /// A stream of the output whose flags are checked after writing.
  private struct Expected {
    var output: Int
    /// The flags asked for (an added track) or copied (a stream of the input).
    var flags: [StreamDisposition]
    /// `stream 2 (subrip, sdh)`; `stream 2 (mov_text, copied from stream 2)`.
    var name: String
    var codec: MuxSubtitleCodec?
    var file: String?
  }

  /// The flags a user can see a player use, checked on every stream.
  static let checkedFlags: Set<StreamDisposition> = [
    .default, .forced, .hearingImpaired, .visualImpaired, .captions, .descriptions, .comment,
    .dub, .original,
  ]

  /// Remarks for each flag asked for or copied that the written file does not have.
  private static func keptFlags(
    _ output: String, expected: [Expected], container: MuxContainer
  ) throws -> [Diagnostic] {
    let written: MediaInfo
    do {
      written = try MediaProbe.probe(output)
    } catch {
      throw MuxError(
        kind: .cannotWrite, message: "cannot read back \(output): \(error)")
    }
    var diagnostics: [Diagnostic] = []
    for entry in expected {
      guard let stream = written.streams.first(where: { $0.index == entry.output }) else {
        continue
      }
      let lost = entry.flags.filter { checkedFlags.contains($0) && !stream.has($0) }
      guard !lost.isEmpty else { continue }
      let names = lost.map(\.rawValue).joined(separator: ", ")
      diagnostics.append(
        Diagnostic(
          rule: dispositionRule, severity: .remark,
          message:
            "\(entry.name) loses the \(names) \(lost.count == 1 ? "flag" : "flags"): FFmpeg's "
            + "\(container.displayName) muxer does not store \(lost.count == 1 ? "it" : "them")",
          file: entry.file,
          hint: hint(for: lost, container: container, codec: entry.codec).nilIfEmpty))
    }
    return diagnostics
  }

  private static func hint(
    for lost: [StreamDisposition], container: MuxContainer, codec: MuxSubtitleCodec?
  ) -> String {
    if container == .matroska, codec == .webvtt, lost.contains(.descriptions) {
      return "use :codec=subrip, which keeps descriptions in Matroska, or write .mp4"
    }
    return container == .mp4 ? "" : "write .mp4 to keep every flag"
  }

  private static func flag(_ disposition: StreamDisposition) -> Int32 {
    switch disposition {
    case .default: return AV_DISPOSITION_DEFAULT
    case .forced: return AV_DISPOSITION_FORCED
    case .hearingImpaired: return AV_DISPOSITION_HEARING_IMPAIRED
    case .visualImpaired: return AV_DISPOSITION_VISUAL_IMPAIRED
    case .captions: return AV_DISPOSITION_CAPTIONS
    case .descriptions: return AV_DISPOSITION_DESCRIPTIONS
    default: return 0
    }
  }

  private static func unsupported(
    stream index: Int, codec: String, type: AVMediaType, container: MuxContainer, input: String
  ) -> MuxError {
    let typeName: String
    switch type {
    case AVMEDIA_TYPE_VIDEO: typeName = "video"
    case AVMEDIA_TYPE_AUDIO: typeName = "audio"
    case AVMEDIA_TYPE_SUBTITLE: typeName = "subtitles"
    default: typeName = "data"
    }
    if type == AVMEDIA_TYPE_SUBTITLE {
      return MuxError(
        kind: .unsupported, rule: container == .mp4 ? mp4TextCodecRule : nil,
        message:
          "stream \(index) of \(input) holds \(codec) subtitles, which "
          + "\(container.displayName) cannot carry",
        hint:
          "extract it (captionkit extract) and add the file back with --track, which converts "
          + "it, or write .mkv")
    }
    let others = MuxContainer.allCases.filter { $0 != container }
      .map { $0 == .matroska ? ".mkv" : "." + $0.rawValue }
    return MuxError(
      kind: .unsupported,
      message:
        "stream \(index) of \(input) holds \(codec) \(typeName), which "
        + "\(container.displayName) cannot carry",
      hint: "write " + others.joined(separator: " or ") + " instead")
  }
}

extension String {
  fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
