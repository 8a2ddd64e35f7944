import CaptionCore

/// Finds a media file's damage during its one pass (`MediaFile.read`).
///
/// - MP4 and MOV index every sample: a sample whose data lies past the end of the file marks
///   where the stream's readable data ends, known as soon as the file is open.
/// - Other containers that declare their duration (Matroska, WebM): the audio and video
///   streams are read to their end, and one that ends more than `tolerance` before its
///   declared end (the stream's own duration, or the container's when no stream has one of
///   its own) ends early.
/// - In every container: packets the demuxer marks as corrupt, errors the demuxer logs while
///   reading, and packets the audio decoder cannot decode (`decodeFailed`).
struct DamageWatch {
  /// How far before its declared end a stream may end without being called damaged: muxers
  /// round, and a stream may end a frame or an audio packet before the others.
  static let tolerance = MediaTime(value: 1, timescale: 1)

  let context: FormatContext
  /// The streams whose packets the pass looks at (for corrupt packets): they must not be
  /// discarded. MP4 and MOV need none: their index says where the data ends.
  let observed: Set<Int>
  /// Those of them whose ends are measured against their declared ends.
  private let measured: Set<Int>
  private var items: [MediaDamage] = []
  private var omitted = 0
  /// The furthest end of each measured stream's packets, in its time base.
  private var ends: [Int: Int64] = [:]
  /// The streams found to end early from the index.
  private var endedInIndex: Set<Int> = []
  /// The latest packet time read, for errors the demuxer logs.
  private var lastTime: MediaTime?
  /// What the demuxer logged during the pass, in order (handed on to the subtitles).
  private(set) var log: [FFmpegLog.Message] = []
  /// Whether the demuxer logged an error during the pass.
  private var loggedErrors: [(time: MediaTime?, text: String)] = []

  init(context: FormatContext) {
    self.context = context
    let isIndexed = context.formatName?.split(separator: ",").contains("mov") ?? false
    var observed: Set<Int> = []
    if !isIndexed {
      for index in 0..<context.streamCount {
        guard let stream = context.streamDescription(index),
          stream.mediaType == .audio || stream.mediaType == .video,
          !stream.dispositions.contains(.attachedPicture),
          !stream.dispositions.contains(.stillImage)
        else { continue }
        observed.insert(index)
      }
    }
    self.observed = observed
    measured = context.declaresDuration ? observed : []
    guard isIndexed, let size = context.fileSize else { return }
    let containerEnd = containerEnd
    for index in 0..<context.streamCount {
      guard let found = context.firstIndexEntry(ofStream: index, beyond: size),
        let stream = context.streamDescription(index)
      else { continue }
      endedInIndex.insert(index)
      add(
        MediaDamage(
          kind: .endsEarly, stream: index, codec: Self.codec(stream),
          time: time(found.timestamp, stream: index),
          declaredEnd: declaredEnd(of: stream) ?? containerEnd))
    }
  }

  /// Looks at a packet of the pass: its end, its corrupt flag, what the demuxer logged.
  mutating func observe(_ packet: Packet) {
    let index = packet.streamIndex
    let timestamp = packet.presentationTime ?? packet.decodingTime
    if let timestamp {
      if measured.contains(index) {
        let end = timestamp + max(0, packet.duration)
        if end > ends[index] ?? .min { ends[index] = end }
      }
      lastTime = time(timestamp, stream: index)
    }
    if packet.isCorrupt {
      let stream = context.streamDescription(index)
      add(
        MediaDamage(
          kind: .corruptPacket, stream: index, codec: stream.flatMap(Self.codec),
          time: timestamp.flatMap { time($0, stream: index) },
          detail: "the demuxer marked the packet as corrupt"))
    }
    let messages = context.takeLog()
    if !messages.isEmpty {
      log += messages
      for message in messages where message.isError {
        loggedErrors.append((lastTime, Self.line(message.text)))
      }
    }
  }

  /// Records a packet of `stream` the decoder could not decode, at `timestamp` (in the
  /// stream's time base), with what the decoder said.
  mutating func decodeFailed(stream index: Int, timestamp: Int64?, detail: String?) {
    let stream = context.streamDescription(index)
    add(
      MediaDamage(
        kind: .decodeError, stream: index, codec: stream.flatMap(Self.codec),
        time: timestamp.flatMap { time($0, stream: index) }, detail: detail.map(Self.line)))
  }

  /// The damage found, once the pass has read the last packet.
  mutating func finish() -> MediaDamageReport {
    let messages = context.takeLog()
    log += messages
    for message in messages where message.isError {
      loggedErrors.append((lastTime, Self.line(message.text)))
    }
    measureEnds()
    // The packet where a stream's data runs out is cut short: it is the end already found,
    // not damage of its own.
    let ends = items.filter { $0.kind == .endsEarly }
    let margin = MediaTime(value: 1, timescale: 2)
    items.removeAll { item in
      item.kind != .endsEarly
        && ends.contains { end in
          end.stream == item.stream
            && (item.time.map { time in end.time.map { time + margin >= $0 } ?? true } ?? true)
        }
    }
    // An error the demuxer logged where a stream ends early is the reason it ends there,
    // not damage of its own.
    let endsEarly = items.contains { $0.kind == .endsEarly }
    if endsEarly, let reason = loggedErrors.first?.text {
      for position in items.indices where items[position].kind == .endsEarly {
        if items[position].detail == nil { items[position].detail = "FFmpeg: " + reason }
      }
    } else {
      for error in loggedErrors {
        add(MediaDamage(kind: .corruptPacket, stream: nil, time: error.time, detail: error.text))
      }
    }
    let sorted = items.enumerated().sorted { left, right in
      switch (left.element.time, right.element.time) {
      case (let a?, let b?): return a != b ? a < b : left.offset < right.offset
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return left.offset < right.offset
      }
    }.map(\.element)
    return MediaDamageReport(items: sorted, omitted: omitted)
  }

  /// Compares each measured stream's end with its declared end.
  private mutating func measureEnds() {
    guard !measured.isEmpty else { return }
    let container = containerEnd
    var reached: [(index: Int, end: MediaTime, declared: MediaTime?)] = []
    for index in measured.sorted() {
      guard let stream = context.streamDescription(index) else { continue }
      let end = ends[index].flatMap { time($0, stream: index) } ?? .zero
      reached.append((index, end, declaredEnd(of: stream)))
    }
    // Without a declared end of its own, a stream is measured against the container's, and
    // only when no stream reaches it: one stream may rightly end before another.
    let furthest = reached.map(\.end).max() ?? .zero
    for stream in reached {
      let declared: MediaTime
      if let own = stream.declared {
        declared = own
      } else if let container, furthest + Self.tolerance < container {
        declared = container
      } else {
        continue
      }
      guard stream.end + Self.tolerance < declared,
        let description = context.streamDescription(stream.index)
      else { continue }
      add(
        MediaDamage(
          kind: .endsEarly, stream: stream.index, codec: Self.codec(description),
          time: stream.end, declaredEnd: declared))
    }
  }

  private mutating func add(_ damage: MediaDamage) {
    if items.count < MediaDamageReport.limit {
      var damage = damage
      // A packet before the presentation start (audio priming) is at its start.
      if let time = damage.time, time < .zero { damage.time = .zero }
      items.append(damage)
    } else {
      omitted += 1
    }
  }

  /// The container's declared end on the presentation timeline; nil when it declares none.
  private var containerEnd: MediaTime? {
    guard context.declaresDuration, let duration = context.duration else { return nil }
    return MediaTime(value: duration, timescale: FFmpegRational.microsecond.denominator)
  }

  /// Where `stream` declares its end on the presentation timeline: its own duration, or
  /// Matroska's `DURATION` tag; nil when it declares none.
  private func declaredEnd(of stream: StreamDescription) -> MediaTime? {
    guard context.declaresDuration else { return nil }
    if let duration = stream.duration, duration > 0 {
      return time((stream.startTime ?? 0) + duration, stream: stream.index)
    }
    if let tag = context.streamMetadata(stream.index, "DURATION") {
      return Self.tagDuration(tag)
    }
    return nil
  }

  /// `timestamp` of the stream at `index` on the presentation timeline (relative to the
  /// container's start time); nil without a usable time base.
  private func time(_ timestamp: Int64, stream index: Int) -> MediaTime? {
    guard let base = context.timeBase(ofStream: index), base.isUsable else { return nil }
    let (ticks, overflow) = timestamp.multipliedReportingOverflow(by: Int64(base.numerator))
    guard !overflow else { return nil }
    var time = MediaTime(value: ticks, timescale: base.denominator)
    if let start = context.startTime {
      time = time - MediaTime(value: start, timescale: FFmpegRational.microsecond.denominator)
    }
    return time
  }

  /// Matroska's `DURATION` tag, `HH:MM:SS.nnnnnnnnn`; nil when it is not that.
  static func tagDuration(_ text: String) -> MediaTime? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 3, let hours = Int64(parts[0]), let minutes = Int64(parts[1]),
      hours >= 0, minutes >= 0, minutes < 60
    else { return nil }
    let seconds = parts[2].split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(seconds.count), let whole = Int64(seconds[0]), whole >= 0, whole < 60
    else { return nil }
    var fraction: Int64 = 0
    if seconds.count == 2 {
      let digits = seconds[1].prefix(6)
      guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int64(digits), value >= 0
      else { return nil }
      fraction = value
      for _ in digits.count..<6 { fraction *= 10 }
    }
    guard hours < 1_000_000 else { return nil }
    return MediaTime(
      value: ((hours * 60 + minutes) * 60 + whole) * 1_000_000 + fraction, timescale: 1_000_000)
  }

  private static func codec(_ stream: StreamDescription) -> String? {
    stream.hasCodec ? stream.codecName : nil
  }

  private static func line(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).map { $0.drop { $0 == " " } }
      .filter { !$0.isEmpty }.joined(separator: " ")
  }
}
