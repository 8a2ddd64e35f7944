public import CaptionCore

/// Writes a report as compiler-style lines, the hint indented below its finding, then a
/// summary line: `checked 2 files: 1 error, 0 warnings, 0 remarks`.
public enum TextReportWriter {
  public static func write(_ report: ValidationReport) -> [UInt8] {
    var result: [UInt8] = []
    write(report, chunkSize: Int.max) { result.append(contentsOf: $0) }
    return result
  }

  /// Findings worded together: about 190 KiB of text.
  package static let defaultBlockSize = 1024

  /// Writes the report in chunks of about `chunkSize` bytes, handing each to `flush`, so a
  /// report of a million findings is never held whole in memory. `counts`, when given, is
  /// the report's `counts()`, for the summary line.
  package static func write<E: Error>(
    _ report: ValidationReport, counts: [Severity: Int]? = nil, chunkSize: Int,
    blockSize: Int = defaultBlockSize, flush: ([UInt8]) throws(E) -> Void
  ) throws(E) {
    let blockSize = max(1, blockSize)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(chunkSize, 128 + report.diagnostics.count * 200) + 1024)
    // Findings about cues of an embedded track name its stream, as the media file is all
    // their file says.
    var streams: [String: StreamName] = [:]
    for entry in report.tracks where entry.track.source == .embedded {
      if let stream = entry.track.stream {
        streams[entry.id] = StreamName(index: stream, channel: entry.track.channel)
      }
    }
    let diagnostics = report.diagnostics
    let found = diagnostics.count
    let lines = { (block: Int) -> [UInt8] in
      let lower = block * blockSize
      let range = lower..<lower + min(blockSize, found - lower)
      // About two lines a finding, each naming the file.
      let fileLength = found > 0 ? diagnostics[lower].file?.utf8.count ?? 8 : 0
      var text = ByteBuffer(capacity: range.count * (200 + 2 * fileLength))
      // Read in place: a copy of each finding would take a reference to its table.
      diagnostics.withUnsafeBufferPointer { buffer in
        for index in range {
          let stream = streams.isEmpty ? nil : Self.stream(of: buffer[index], in: streams)
          append(buffer[index], stream: stream, to: &text)
        }
      }
      return text.bytes
    }
    for block in 0..<(found == 0 ? 0 : (found - 1) / blockSize + 1) {
      let text = lines(block)
      // A block of findings is about a chunk already: it goes out as it is.
      if bytes.isEmpty && text.count >= chunkSize / 2 {
        try flush(text)
        continue
      }
      bytes.append(contentsOf: text)
      if bytes.count >= chunkSize {
        try flush(bytes)
        bytes.removeAll(keepingCapacity: true)
      }
    }
    var text = ""
    for entry in report.media {
      text += summary(of: entry, tracks: report.tracks)
    }
    text += summaryLine(
      media: report.media.count, tracks: report.tracks.count, counts: counts ?? report.counts())
    bytes.append(contentsOf: text.utf8)
    try flush(bytes)
  }

  /// The last line: `checked 2 files: 1 error, 0 warnings, 0 remarks` for caption files;
  /// with media files, `checked 1 media file and 3 tracks: ...`, the tracks being the
  /// embedded streams read, the sidecars and any other caption file.
  package static func summaryLine(media: Int = 0, tracks: Int, counts: [Severity: Int])
    -> String
  {
    let checked =
      media == 0
      ? plural(tracks, "file")
      : "\(plural(media, "media file")) and \(plural(tracks, "track"))"
    return "checked \(checked): \(plural(counts[.error, default: 0], "error")), "
      + "\(plural(counts[.warning, default: 0], "warning")), "
      + "\(plural(counts[.remark, default: 0], "remark"))\n"
  }

  /// The stream a finding about a cue of an embedded track names, from `streams` (stream by
  /// track id); nil for a finding with a place in a file, or about no cue.
  private static func stream(
    of diagnostic: Diagnostic, in streams: [String: StreamName]
  ) -> StreamName? {
    guard diagnostic.location == nil, diagnostic.cue != nil else { return nil }
    return diagnostic.track.flatMap { streams[$0] }
  }

  /// The tracks, coverage and WCAG block of one media file:
  ///
  ///     Samples/lighthouse/lighthouse.mp4: coverage and WCAG 2.2
  ///       track 1  stream 2 (mov_text), en, sdh
  ///       track 2  Samples/lighthouse/lighthouse.en.captions.vtt, en, captions
  ///       captions 00:00:29.000 of 00:00:54.000; speech 00:00:19.120, uncaptioned 0 s; offset +0.040 s (confidence 0.62)
  ///       1.2.2  A    pass            captions in track 2 cover the detected speech...
  package static func summary(
    of entry: ValidationReport.MediaEntry, tracks: [ValidationReport.Entry]
  ) -> String {
    let coverage = entry.coverage
    var text = "\(entry.info.path): coverage and WCAG 2.2\n"
    for id in entry.trackIDs {
      guard let track = tracks.first(where: { $0.id == id })?.track else { continue }
      text += "  track \(id.padding(2)) \(describe(track, in: entry.info))\n"
    }
    for stream in entry.closedCaptions { text += closedCaptionFacts(stream) }
    text += "  captions \(coverage.captionedDuration)"
    if let duration = coverage.mediaDuration { text += " of \(duration)" }
    if let track = entry.coverageTrack { text += " (track \(track))" }
    if let speech = coverage.speechDuration {
      let uncaptioned =
        coverage.uncaptionedSpeech?.reduce(Int64(0)) {
          $0 + $1.end.milliseconds - $1.start.milliseconds
        } ?? 0
      text +=
        "; speech \(speech), uncaptioned \(MediaTime(milliseconds: uncaptioned)) in stretches of "
        + "\(seconds(coverage.uncaptionedMinimum)) s or more"
      if let offset = coverage.estimatedOffset {
        let sign = offset.milliseconds < 0 ? "-" : "+"
        text +=
          "; offset \(sign)\(MediaTime(milliseconds: abs(offset.milliseconds)).decimalSeconds) s"
        text += " (confidence \(Int((offset.confidence * 100).rounded())) %)"
      }
    } else {
      text += "; audio not analysed"
    }
    text += "\n"
    for verdict in entry.wcag {
      let criterion = verdict.criterion.padding(6)
      let level = verdict.level.padding(4)
      let status = verdict.status.rawValue.padding(15)
      text += "  \(criterion) \(level) \(status) \(verdict.evidence)\n"
    }
    return text
  }

  /// The lines of what a caption stream says beyond its 608 channels: its CEA-708 services
  /// (`stream 0 SERVICE1: captions, CEA-708, A/53 in h264, 12 cues, en`) and its XDS
  /// programme name and rating.
  package static func closedCaptionFacts(_ stream: ClosedCaptionTracks.StreamSummary) -> String {
    var text = ""
    for service in stream.services708 {
      let cues = stream.service708Cues[service] ?? 0
      let language = stream.serviceDescriptors.digital(service)?.languageTag
      text +=
        "  stream \(stream.stream) \(CEA708ServiceCaptions.name(of: service)): captions, "
        + "CEA-708, \(stream.carriage), \(cues == 1 ? "1 cue" : "\(cues) cues"), "
        + (language?.rawValue ?? "language undetermined") + "\n"
    }
    if let name = stream.programName { text += "  programme name (XDS): \"\(name)\"\n" }
    if let rating = stream.contentAdvisory { text += "  rating (XDS): \(rating)\n" }
    return text
  }

  /// `2`, `1.5`, `0.25`: seconds with the decimals needed.
  private static func seconds(_ time: MediaTime) -> String {
    var text = time.decimalSeconds
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// Where a track of a media file comes from, and its language and kind when known:
  /// `stream 2 (mov_text), en, sdh` or `movie.ko.vtt, ko`.
  package static func describe(_ track: Track, in media: MediaInfo) -> String {
    var parts: [String] = []
    if track.source == .embedded, let stream = track.stream {
      let codec = media.streams.first { $0.index == stream }?.codec
      parts.append("stream \(stream)" + (codec.map { " (\($0))" } ?? ""))
      if let channel = track.channel { parts.append(channel) }
    } else {
      parts.append(track.path ?? "<input>")
    }
    if let language = track.language { parts.append(language.description) }
    if let kind = track.kind { parts.append(kind.rawValue) }
    return parts.joined(separator: ", ")
  }

  /// How a finding names the embedded stream it is about: `stream 2`, `stream 0 CC3`.
  package struct StreamName: Sendable {
    var index: Int
    var channel: String?
  }

  /// Appends `line(for:)` of a diagnostic as UTF-8, without building the line as a string;
  /// `stream`, when given, is named before the message (`stream 2: cue 9 has ...`).
  package static func append(
    _ diagnostic: Diagnostic, stream: StreamName? = nil, to bytes: inout ByteBuffer
  ) {
    // A finding kept as a row is read from its table, taken once for every part.
    if let row = diagnostic.findingRow {
      append(parts: row, stream: stream, to: &bytes)
    } else {
      append(parts: diagnostic, stream: stream, to: &bytes)
    }
  }

  private static func append<Parts: ReportLineParts>(
    parts diagnostic: Parts, stream: StreamName?, to bytes: inout ByteBuffer
  ) {
    if !diagnostic.appendFile(to: &bytes) {
      bytes.appendLiteral("<input>")
    }
    if let location = diagnostic.location {
      bytes.append(UInt8(ascii: ":"))
      bytes.appendDecimal(location.line)
      bytes.append(UInt8(ascii: ":"))
      bytes.appendDecimal(location.column)
    }
    switch diagnostic.severity {
    case .error: bytes.appendLiteral(": error: ")
    case .warning: bytes.appendLiteral(": warning: ")
    case .remark: bytes.appendLiteral(": remark: ")
    }
    if let stream {
      bytes.appendLiteral("stream ")
      bytes.appendDecimal(stream.index)
      if let channel = stream.channel {
        bytes.append(UInt8(ascii: " "))
        bytes.appendUTF8(channel)
      }
      bytes.appendLiteral(": ")
    }
    _ = diagnostic.append(.message, to: &bytes)
    bytes.appendLiteral(" [")
    diagnostic.appendRule(to: &bytes)
    bytes.appendLiteral("]\n")
    let hintStart = bytes.count
    bytes.appendLiteral("    hint: ")
    if diagnostic.append(.hint, to: &bytes) {
      bytes.append(0x0A)
    } else {
      bytes.removeLast(from: hintStart)
    }
  }

  /// `file:line:col: severity: message [rule]`, a newline, and the hint line when present:
  /// the bytes `append` writes, as a string.
  package static func line(for diagnostic: Diagnostic) -> String {
    var bytes = ByteBuffer(capacity: 256)
    append(diagnostic, to: &bytes)
    return bytes.string
  }

  private static func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}

extension String {
  /// The string followed by spaces up to `width` characters.
  fileprivate func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}

/// What a report line is made of: a finding's file, place, severity, message, rule and hint.
protocol ReportLineParts {
  var location: SourceLocation? { get }
  var severity: Severity { get }
  func appendFile(to bytes: inout ByteBuffer) -> Bool
  func append(_ part: FindingPart, to bytes: inout ByteBuffer) -> Bool
  func appendRule(to bytes: inout ByteBuffer)
}

extension Diagnostic: ReportLineParts {}
extension FindingRow: ReportLineParts {}
