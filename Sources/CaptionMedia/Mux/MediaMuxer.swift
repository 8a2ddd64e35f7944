import CaptionCore

/// Writes a media file with added text tracks: every video, audio and subtitle stream of the
/// input copied packet for packet (bit-exact, with its metadata and dispositions), the
/// container's metadata and chapters, and one new stream per track.
///
/// Nothing is decoded but the added cues (`mov_text` goes through FFmpeg's SubRip decoder
/// and `mov_text` encoder, as `ffmpeg -c:s mov_text` does). A `c608` track is written as
/// FFmpeg's SCC demuxer gives `eia_608`: `cc_data` triplets (`0xFC`, then the pair), one
/// packet a frame, so that every pair (an End Of Caption above all) keeps its frame. After
/// writing, the output is probed, and each flag the container did not keep is reported as a
/// remark.
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
    guard sink.hasMuxer else {
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
      guard let stream = source.streamDescription(index) else { continue }
      let type = stream.mediaType
      let codecName = stream.codecName
      // A stream the demuxer itself hides: an MP4's chapter track, copied as chapters.
      if stream.isDiscarded { continue }
      if stream.isTTMLSamples {
        // Captions would be lost: a warning, with the way to keep them.
        diagnostics.append(
          Diagnostic(
            rule: notKeptRule, severity: .warning,
            message:
              "stream \(index) (TTML subtitles in MP4 samples, stpp) is not copied: FFmpeg "
              + "cannot write it back",
            file: input,
            hint:
              "extract it (captionkit extract) and add the file with --track to keep the "
              + "subtitles"))
        continue
      }
      guard type == .video || type == .audio || type == .subtitle || type == .attachment else {
        diagnostics.append(
          Diagnostic(
            rule: notKeptRule, severity: .remark,
            message: "stream \(index) (\(codecName) data) is not copied", file: input,
            hint: "only video, audio, subtitle and attachment streams are copied"))
        continue
      }
      let fits = sink.canStore(codecOfStream: index, in: source)
      let isText = type == .subtitle && stream.isTextSubtitle
      if !fits, !isText {
        throw unsupported(
          stream: index, codec: codecName, type: type, container: container, input: input)
      }
      let outputIndex: Int
      if !fits {
        // Text the container cannot carry is converted to its text codec, as ffmpeg does.
        let target = container.defaultCodec.rawValue
        let converter = try SubtitleTranscoder(
          decodingStream: index, of: source, encoderName: target)
        guard let made = sink.addSubtitleStream(timeBase: stream.timeBase) else {
          throw MuxError(kind: .cannotWrite, message: "cannot write \(output): out of memory")
        }
        try sink.setCodec(
          ofStream: made, encodedBy: converter, operation: "set up \(target) for")
        outputIndex = made
        converters[index] = converter
        diagnostics.append(
          Diagnostic(
            rule: container.carriesOnlyMovText ? mp4TextCodecRule : notKeptRule,
            severity: .remark,
            message:
              "stream \(index) (\(codecName)) is converted to \(target): "
              + "\(container.displayName) cannot carry \(codecName); its styling may change",
            file: input,
            hint: "extract it and add it back with --track to see what is lost, cue by cue"))
      } else {
        do {
          outputIndex = try sink.addStream(copying: index, of: source)
        } catch {
          throw MuxError(kind: .cannotWrite, message: "cannot write \(output): \(error.message)")
        }
      }
      guard
        let flags = sink.copyProperties(
          ofStream: index, of: source, to: outputIndex,
          clearingDefault: clearsDefault && type == .subtitle)
      else { continue }
      if container == .mov, let language = stream.language, ISO639.movCode(language) != language {
        sink.setMetadata(ofStream: outputIndex, "language", ISO639.movCode(language))
      }
      mapping[index] = outputIndex
      copied.append((index, outputIndex))
      expected.append(
        Expected(
          output: outputIndex, flags: flags,
          name: converters[index] == nil
            ? "stream \(outputIndex) (\(codecName), copied from stream \(index))"
            : "stream \(outputIndex) (\(container.defaultCodec.rawValue), converted from "
              + "stream \(index))",
          codec: nil, file: input, language: stream.language))
    }
    sink.copyMetadata(from: source)
    try sink.copyChapters(from: source)

    // Added tracks, their packets made before the header is written.
    let millisecond = FFmpegRational.millisecond
    let origin =
      source.startTime.map { library.rescale($0, from: .microsecond, to: millisecond) } ?? 0
    let frame = FFmpegRational.ntscFrame
    let frameOrigin =
      source.startTime.map { library.rescale($0, from: .microsecond, to: frame) } ?? 0
    var pending: [PendingCue] = []
    var added: [Int] = []
    for (number, track) in tracks.enumerated() {
      guard container.codecs.contains(track.codec) else {
        throw MuxError(
          kind: .unsupported, rule: container.carriesOnlyMovText ? mp4TextCodecRule : nil,
          message:
            "\(container.displayName) cannot carry \(track.codec.rawValue) text "
            + "(track \(number + 1)\(track.source.map { ", \($0)" } ?? ""))",
          hint: "use " + container.codecs.map(\.rawValue).joined(separator: " or "))
      }
      let timeBase = track.codec == .c608 ? frame : millisecond
      guard let outputIndex = sink.addSubtitleStream(timeBase: timeBase) else {
        throw MuxError(kind: .cannotWrite, message: "cannot write \(output): out of memory")
      }
      var transcoder: SubtitleTranscoder?
      switch track.codec {
      case .movText:
        let made = try SubtitleTranscoder(
          encoderName: "mov_text", library: library, path: track.source ?? output)
        try sink.setCodec(
          ofStream: outputIndex, encodedBy: made, operation: "set up mov_text for")
        transcoder = made
      case .subrip:
        sink.setCodec(ofStream: outputIndex, to: .subrip)
      case .webvtt:
        sink.setCodec(ofStream: outputIndex, to: .webvtt)
      case .c608:
        sink.setCodec(ofStream: outputIndex, to: .eia608)
      }
      let stored = ISO639.containerCode(for: track.language)
      let code = container == .mov ? ISO639.movCode(stored) : stored
      sink.setMetadata(ofStream: outputIndex, "language", code)
      if let title = track.title {
        sink.setMetadata(ofStream: outputIndex, "title", title)
      }
      sink.setDispositions(
        ofStream: outputIndex, track.dispositions.filter(writtenFlags.contains))
      if let language = track.language, language.rawValue.lowercased() != language.language {
        diagnostics.append(
          Diagnostic(
            rule: notKeptRule, severity: .remark,
            message:
              "stream \(outputIndex) is stored with the language code \(code); "
              + "\(container.displayName) keeps no script or region of \(language.rawValue)",
            file: track.source))
      }
      if track.codec == .c608 {
        for cue in track.cues {
          let first = library.rescale(
            cue.start.value, from: FFmpegRational(1, cue.start.timescale), to: frame)
          for (offset, pair) in cue.pairs.enumerated() {
            let start = first + Int64(offset) + frameOrigin
            pending.append(
              PendingCue(
                stream: outputIndex, start: start, duration: 1, timeBase: frame,
                key: library.rescale(start, from: frame, to: millisecond),
                payload: [0xFC, UInt8(pair >> 8), UInt8(pair & 0xFF)], identifier: "",
                settings: ""))
          }
        }
      }
      for cue in track.cues where track.codec != .c608 {
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
            stream: outputIndex, start: start + origin, duration: duration,
            timeBase: millisecond, key: start + origin, payload: payload,
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
          codec: track.codec, file: track.source, language: code))
    }
    // Stable: cues of one time keep their track order.
    pending = pending.enumerated().sorted {
      ($0.element.key, $0.offset) < ($1.element.key, $1.offset)
    }.map(\.element)

    do {
      try sink.writeHeader()
    } catch {
      // Creating the file failed, or the muxer refused the streams (FLAC in MP4 is
      // "experimental" in FFmpeg 5.1): it says why in its log.
      // FFmpeg's advice names its command's options ("add '-strict -2'"), which mux has not.
      let reason = sink.loggedReason().map { text in
        text.firstRange(of: ", add '-").map { String(text[..<$0.lowerBound]) } ?? text
      }
      _ = sink.takeLog()
      if error.operation == "create" || reason == nil {
        throw MuxError(kind: .cannotWrite, message: "cannot write \(output): \(error.message)")
      }
      throw MuxError(
        kind: .unsupported,
        message:
          "FFmpeg's \(container.displayName) muxer refuses these streams: "
          + (reason ?? error.message),
        hint: "write another container (.mp4, .mov, .mkv or .webm)")
    }
    let packet = try Packet(library: library)
    let cuePacket = try Packet(library: library)
    var next = 0
    func writeCues(until time: Int64?) throws {
      while next < pending.count, time.map({ pending[next].key <= $0 }) ?? true {
        try write(pending[next], packet: cuePacket, to: sink, output: output)
        next += 1
      }
    }
    var damage = DamageWatch(context: source)
    while try source.read(into: packet) {
      damage.observe(packet)
      let index = packet.streamIndex
      guard index >= 0, index < mapping.count, mapping[index] >= 0,
        let base = source.timeBase(ofStream: index)
      else { continue }
      if let time = packet.decodingTime ?? packet.presentationTime {
        try writeCues(until: library.rescale(time, from: base, to: millisecond))
      }
      if let converter = converters[index] {
        guard let payload = try converter.transcode(packet, path: input) else { continue }
        try write(
          PendingCue(
            stream: mapping[index], start: packet.presentationTime ?? packet.decodingTime ?? 0,
            duration: packet.duration, timeBase: base, key: 0, payload: payload,
            identifier: "", settings: ""),
          packet: cuePacket, to: sink, output: output)
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

    let report = damage.finish()
    diagnostics += try keptProperties(output, expected: expected, container: container)
    return MuxResult(copied: copied, added: added, diagnostics: diagnostics, damage: report)
  }

  /// A cue packet waiting for its place between the copied packets.
  private struct PendingCue {
    var stream: Int
    /// On the input's time line, in `timeBase`.
    var start: Int64
    var duration: Int64
    /// Milliseconds for added text cues, one frame for added CEA-608 pairs.
    var timeBase: FFmpegRational
    /// `start` in milliseconds: the order of the packets of all added tracks.
    var key: Int64
    var payload: [UInt8]
    var identifier: String
    var settings: String
  }

  /// Writes a made packet; its times are in its `timeBase`.
  private static func write(
    _ cue: PendingCue, packet: Packet, to sink: OutputFormatContext, output: String
  ) throws {
    try packet.fill(
      payload: cue.payload,
      sideData: [(.webVTTIdentifier, cue.identifier), (.webVTTSettings, cue.settings)],
      operation: "make a cue packet for", path: output)
    packet.setKeyFrame(at: cue.start, duration: cue.duration)
    do {
      try sink.write(packet, stream: cue.stream, timeBase: cue.timeBase)
    } catch {
      throw MuxError(kind: .cannotWrite, message: "cannot write \(output): \(error.message)")
    }
  }

  /// A stream of the output whose flags and language are checked after writing.
  private struct Expected {
    var output: Int
    /// The flags asked for (an added track) or copied (a stream of the input).
    var flags: [StreamDisposition]
    /// `stream 2 (subrip, sdh)`; `stream 2 (mov_text, copied from stream 2)`.
    var name: String
    var codec: MuxSubtitleCodec?
    var file: String?
    /// The language code given to the muxer, nil when none.
    var language: String?
  }

  /// The flags a user can see a player use, checked on every stream.
  static let checkedFlags: Set<StreamDisposition> = [
    .default, .forced, .hearingImpaired, .visualImpaired, .captions, .descriptions, .comment,
    .dub, .original,
  ]

  /// Findings for each flag and language asked for or copied that the written file does not
  /// have: a remark for a flag, a warning for a language.
  private static func keptProperties(
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
      if let code = entry.language, code.lowercased() != "und",
        stream.languageCode == nil || stream.languageCode?.lowercased() == "und"
      {
        diagnostics.append(
          Diagnostic(
            rule: notKeptRule, severity: .warning,
            message:
              "\(entry.name) loses its language \(code): FFmpeg's \(container.displayName) "
              + "muxer has no code for it",
            file: entry.file,
            hint: container == .mov ? "write .mp4 or .mkv to keep it" : nil))
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
    // Only MOV carries c608.
    if codec == .c608 { return "" }
    return container == .mp4 ? "" : "write .mp4 to keep every flag"
  }

  /// The flags an added track may have written for it.
  static let writtenFlags: Set<StreamDisposition> = [
    .default, .forced, .hearingImpaired, .visualImpaired, .captions, .descriptions,
  ]

  private static func unsupported(
    stream index: Int, codec: String, type: MediaType, container: MuxContainer, input: String
  ) -> MuxError {
    let typeName: String
    switch type {
    case .video: typeName = "video"
    case .audio: typeName = "audio"
    case .subtitle: typeName = "subtitles"
    case .data, .attachment, .unknown: typeName = "data"
    }
    if type == .subtitle {
      return MuxError(
        kind: .unsupported, rule: container.carriesOnlyMovText ? mp4TextCodecRule : nil,
        message:
          "stream \(index) of \(input) holds \(codec) subtitles, which "
          + "\(container.displayName) cannot carry",
        hint:
          "extract it (captionkit extract) and add the file back with --track, which converts "
          + "it, or write .mkv")
    }
    let others = MuxContainer.allCases.filter { $0 != container }.map { "." + $0.fileExtension }
    return MuxError(
      kind: .unsupported,
      message:
        "stream \(index) of \(input) holds \(codec) \(typeName), which "
        + "\(container.displayName) cannot carry",
      hint: "write " + others.dropLast().joined(separator: ", ")
        + (others.count > 1 ? " or " : "") + (others.last ?? "") + " instead")
  }
}

extension String {
  fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
