import CaptionCore

/// The closed-caption side of one pass over a media file's packets (`MediaFile.read`): reads
/// the A/53 `cc_data` of each H.264, HEVC and MPEG-2 video stream from its packets, without
/// decoding a picture, and the byte pairs of each `eia_608` stream, into
/// `MediaClosedCaptions`.
///
/// Packets come in decoding order; each picture's triplets wait in a small window
/// (`reorderWindow` pictures) sorted by presentation time and leave it in presentation order,
/// so memory holds the caption data and a few pictures, never the file. Made in two steps
/// around the caller's set-up, as `SubtitlePass`: `init` picks the streams, `start(origin:)`
/// sets the presentation start; then `read(_:)` takes every packet and `finish()` gives the
/// result.
struct ClosedCaptionPass {
  /// How many pictures wait to be put in presentation order: H.264 and HEVC reorder at most
  /// 16 pictures.
  static let reorderWindow = 16

  /// How many seconds of a video stream are searched for caption data when the file is
  /// indexed (MP4, MOV), FFmpeg saw no captions when opening it and its video packets are
  /// not read for anything else: a stream without caption data by then is read no further,
  /// unless pictures sampled past the search carry some (`samplePlaces`).
  static let searchSeconds: Int64 = 120

  /// At how many places, spread evenly over the rest of a searched stream, pictures are
  /// read from the index before the pass (`sampledPictures` at each, at most `sampleBytes`
  /// of each): caption data found there means the captions start late (after a title
  /// sequence or an inserted promotion) and the stream is read to its end.
  static let samplePlaces = 24
  static let sampledPictures = 2
  /// An access unit's SEI comes before its slices: the start of a picture is enough.
  static let sampleBytes = 65_536

  let context: FormatContext
  private var readers: [StreamReader?]
  /// The streams read, in stream order.
  private var order: [Int]
  private var diagnostics: [Diagnostic] = []
  private var omitted = 0
  private var origin = MediaTime.zero
  /// The transport stream's caption service descriptors, when it has them.
  private var services: TransportStreamCaptionServices?

  /// Picks the streams of `context` that may carry closed captions: every H.264, HEVC and
  /// MPEG-2 video stream (not cover art) and every `eia_608` stream. None when `enabled`
  /// is false. `head` is the start of the file's bytes, for a transport stream's tables.
  ///
  /// In an indexed file (MP4, MOV), a video stream that is not in `seen` (the streams FFmpeg
  /// saw captions in) nor in `readAnyway` (whose packets the pass reads for something else)
  /// is only searched: its first `searchSeconds` are read, and it is dropped if they hold no
  /// caption data (`read(_:)` says so, and the caller stops demuxing it). Before that,
  /// pictures past the search are sampled (`bytes(offset, count)` reads the file's bytes,
  /// empty when it cannot): a stream with caption data there, or whose index cannot be
  /// sampled, is read to its end.
  init(
    context: FormatContext, enabled: Bool, seen: Set<Int> = [], readAnyway: Set<Int> = [],
    head: () -> [UInt8], bytes: (Int64, Int) -> [UInt8] = { _, _ in [] }
  ) {
    self.context = context
    readers = Array(repeating: nil, count: context.streamCount)
    guard enabled else {
      order = []
      return
    }
    var order: [Int] = []
    for index in 0..<context.streamCount {
      guard let stream = context.streamDescription(index), stream.hasCodec else { continue }
      let codec = stream.codecName
      let base = stream.timeBase
      guard base.isUsable else { continue }
      var reader: StreamReader?
      if stream.mediaType == .video, !stream.dispositions.contains(.attachedPicture),
        let syntax = A53CaptionReader.syntax(
          codec: codec, extradata: context.extradata(ofStream: index))
      {
        reader = StreamReader(
          index: index, source: .a53(codec: codec), a53: A53CaptionReader(syntax: syntax),
          base: base)
        let search = Self.searchSeconds * Int64(base.denominator) / max(1, Int64(base.numerator))
        if context.isRead(by: "mov"), !seen.contains(index), !readAnyway.contains(index),
          !Self.mayStartLate(
            stream: index, of: context, syntax: syntax, searchTicks: search, bytes: bytes)
        {
          reader?.searchTicks = search
        }
      } else if codec == "eia_608" {
        reader = StreamReader(
          index: index, source: context.isRead(by: "mov") ? .c608Track : .eia608Stream,
          a53: nil, base: base)
      }
      if let reader {
        readers[index] = reader
        order.append(index)
      }
    }
    self.order = order
    if !order.isEmpty, context.isRead(by: "mpegts") {
      services = TransportStreamCaptionServices.read(head())
    }
  }

  /// The indices of the streams whose packets the pass needs.
  var streamIndices: Set<Int> { Set(order) }

  /// Whether the captions of a video stream only to be searched may start past the search:
  /// pictures sampled from the demuxer's index at `samplePlaces` places past the first
  /// `searchTicks` carry caption data (padding included), or they cannot be sampled (the
  /// index ends before the stream does, when FFmpeg has not indexed every fragment, or
  /// their bytes cannot be read), so that late captions cannot be ruled out.
  static func mayStartLate(
    stream index: Int, of context: FormatContext, syntax: A53CaptionReader.Syntax,
    searchTicks: Int64, bytes: (Int64, Int) -> [UInt8]
  ) -> Bool {
    let count = context.indexEntryCount(ofStream: index)
    let stream = context.streamDescription(index)
    guard count > 0, let first = context.indexEntry(ofStream: index, at: 0),
      let last = context.indexEntry(ofStream: index, at: count - 1)
    else {
      // No index: the stream is read to its end unless it is known to be short.
      return (stream?.duration ?? Int64.max) > searchTicks
    }
    let limit = first.timestamp &+ searchTicks
    if last.timestamp <= limit {
      // The index ends within the search: so does the stream, or the index is partial.
      if let duration = stream?.duration { return duration > searchTicks }
      guard let microseconds = context.duration, let base = stream?.timeBase, base.isUsable
      else { return true }
      let seconds = Int64(FFmpegRational.microsecond.denominator)
      return microseconds / seconds > searchTicks * Int64(base.numerator) / Int64(base.denominator)
    }
    // The first entry past the search (entries are in timestamp order).
    var low = 0
    var high = count - 1
    while low < high {
      let middle = (low + high) / 2
      let timestamp = context.indexEntry(ofStream: index, at: middle)?.timestamp ?? .max
      if timestamp <= limit { low = middle + 1 } else { high = middle }
    }
    let span = count - low
    var reader = A53CaptionReader(syntax: syntax)
    var triplets: [UInt8] = []
    var problems: [A53CaptionReader.Problem] = []
    for place in 0..<samplePlaces {
      let start = low + span * (2 * place + 1) / (2 * samplePlaces)
      for entry in start..<min(count, start + sampledPictures) {
        guard let (position, size, _) = context.indexEntry(ofStream: index, at: entry),
          position >= 0, size > 0
        else { continue }
        let data = bytes(position, Int(min(size, Int64(sampleBytes))))
        if data.isEmpty { return true }
        data.withUnsafeBytes { reader.read($0, triplets: &triplets, problems: &problems) }
        if !triplets.isEmpty { return true }
      }
    }
    return false
  }

  /// Makes pair times relative to `origin`, the presentation start (zero when unknown).
  mutating func start(origin: MediaTime?) {
    self.origin = origin ?? .zero
  }

  /// Reads `packet` when it belongs to a stream being read. Returns false when the packet's
  /// stream was only searched and is now dropped: its packets are no longer needed.
  @discardableResult
  mutating func read(_ packet: Packet) -> Bool {
    let index = packet.streamIndex
    guard index >= 0, index < readers.count, let reader = readers[index] else { return true }
    let ticks = reader.time(of: packet)
    var problems: [A53CaptionReader.Problem] = []
    packet.withBytes { bytes in
      if reader.a53 != nil {
        reader.readPicture(bytes, ticks: ticks, problems: &problems)
      } else {
        reader.readEIA608(bytes, ticks: ticks, problems: &problems)
      }
    }
    for problem in problems {
      report(
        reader, ticks: ticks,
        problem.message + " (byte \(problem.offset) of the packet)")
    }
    for message in reader.takeProblems() {
      report(reader, ticks: reader.problemTicks, message)
    }
    if let search = reader.searchTicks {
      if reader.hasCaptionData {
        reader.searchTicks = nil
      } else if let first = reader.firstTicks, ticks &- first > search {
        readers[index] = nil
        order.removeAll { $0 == index }
        return false
      }
    }
    return true
  }

  /// What was read, after the last packet.
  consuming func finish() -> MediaClosedCaptions {
    var streams: [ClosedCaptionStream] = []
    if let services {
      for problem in services.problems {
        add(
          Diagnostic(
            rule: MediaClosedCaptions.rule, severity: .warning,
            message: "the caption service descriptors cannot be read: \(problem)",
            file: context.path))
      }
    }
    for index in order {
      guard let reader = readers[index] else { continue }
      reader.flush()
      for message in reader.takeProblems() {
        report(reader, ticks: reader.problemTicks, message)
      }
      var described: [CaptionServiceDescriptor] = []
      if let services {
        if let pid = context.streamIdentifier(index) { described += services.streams[pid] ?? [] }
        if case .a53 = reader.source { described += services.program }
      }
      streams.append(
        ClosedCaptionStream(
          streamIndex: index, source: reader.source,
          field1: reader.pairs(reader.field1Ticks, reader.field1Words, origin: origin),
          field2: reader.pairs(reader.field2Ticks, reader.field2Words, origin: origin),
          services708: reader.dtvcc.services, serviceDescriptors: described,
          dtvcc: reader.dtvcc.blocks.timed(
            numerator: reader.numerator, timescale: reader.timescale, origin: origin)))
    }
    return MediaClosedCaptions(
      streams: streams, diagnostics: diagnostics, omittedDiagnostics: omitted)
  }

  private mutating func report(_ reader: StreamReader, ticks: Int64?, _ message: String) {
    let at = ticks.map { " at \(reader.time($0, origin: origin))" } ?? ""
    add(
      Diagnostic(
        rule: MediaClosedCaptions.rule, severity: .warning,
        message: "stream \(reader.index)\(at): \(message)", file: context.path,
        hint: "the caption data of this picture may be incomplete"))
  }

  private mutating func add(_ diagnostic: Diagnostic) {
    if diagnostics.count < MediaClosedCaptions.diagnosticLimit {
      diagnostics.append(diagnostic)
    } else {
      omitted += 1
    }
  }

  /// One stream being read: its pictures waiting to be put in order and its pairs so far.
  private final class StreamReader {
    let index: Int
    let source: ClosedCaptionSource
    var a53: A53CaptionReader?
    let numerator: Int64
    let timescale: Int32
    /// The pictures waiting, sorted by presentation time: each one's time and its triplets.
    private var waiting: [(ticks: Int64, triplets: [UInt8])] = []
    /// The time of the last picture that left the window.
    private var lastEmitted: Int64?
    /// Where the packet after the last one read starts (its time plus its duration), for a
    /// packet without a time of its own (raw streams).
    private var nextTicks: Int64 = 0
    /// Pairs are kept as ticks and packed words until the end, as `CaptionPairs` stores them.
    private(set) var field1Ticks: [Int64] = []
    private(set) var field1Words: [UInt32] = []
    private(set) var field2Ticks: [Int64] = []
    private(set) var field2Words: [UInt32] = []
    var dtvcc = DTVCCServices()
    private var problems: [String] = []
    /// The time of the picture the pending problems are about.
    private(set) var problemTicks: Int64?
    private var scratch: [UInt8] = []
    /// For a stream only searched: how far past its first picture it is searched, in its
    /// time base; nil when it is read to the end.
    var searchTicks: Int64?
    /// The time of the stream's first packet.
    private(set) var firstTicks: Int64?
    /// Whether any picture so far carried caption data (padding included).
    private(set) var hasCaptionData = false

    init(index: Int, source: ClosedCaptionSource, a53: A53CaptionReader?, base: FFmpegRational) {
      self.index = index
      self.source = source
      self.a53 = a53
      numerator = Int64(base.numerator)
      timescale = base.denominator
    }

    func time(_ ticks: Int64, origin: MediaTime) -> MediaTime {
      let (value, overflow) = ticks.multipliedReportingOverflow(by: numerator)
      return MediaTime(value: overflow ? 0 : value, timescale: timescale) - origin
    }

    func pairs(_ ticks: [Int64], _ words: [UInt32], origin: MediaTime) -> CaptionPairs {
      CaptionPairs(
        numerator: numerator, timescale: timescale, origin: origin, ticks: ticks, words: words)
    }

    /// The time of `packet`: its presentation time, else its decoding time, else where the
    /// packet before it ends.
    func time(of packet: Packet) -> Int64 {
      let ticks = packet.presentationTime ?? packet.decodingTime ?? nextTicks
      nextTicks = ticks &+ max(0, packet.duration)
      if firstTicks == nil { firstTicks = ticks }
      return ticks
    }

    func takeProblems() -> [String] {
      defer { problems.removeAll() }
      return problems
    }

    /// Reads the A/53 data of one picture and puts it in the window.
    func readPicture(
      _ bytes: UnsafeRawBufferPointer, ticks: Int64, problems: inout [A53CaptionReader.Problem]
    ) {
      scratch.removeAll(keepingCapacity: true)
      a53?.read(bytes, triplets: &scratch, problems: &problems)
      if !scratch.isEmpty { hasCaptionData = true }
      // Pictures without captions still take a place in the window: the window counts
      // pictures, as reordering does.
      let entry = (ticks: ticks, triplets: scratch.isEmpty ? [] : scratch)
      var low = 0
      var high = waiting.count
      while low < high {
        let middle = (low + high) / 2
        if waiting[middle].ticks <= ticks { low = middle + 1 } else { high = middle }
      }
      waiting.insert(entry, at: low)
      if waiting.count > ClosedCaptionPass.reorderWindow {
        emit(waiting.removeFirst())
      }
    }

    /// Empties the window at the end of the stream.
    func flush() {
      for entry in waiting { emit(entry) }
      waiting.removeAll()
      problemTicks = lastEmitted
      dtvcc.finish(problems: &problems)
    }

    private func emit(_ entry: (ticks: Int64, triplets: [UInt8])) {
      if let lastEmitted, entry.ticks < lastEmitted {
        problemTicks = entry.ticks
        problems.append(
          "a picture is presented more than \(ClosedCaptionPass.reorderWindow) pictures "
            + "before its place in the stream; its captions are out of order")
      }
      lastEmitted = max(lastEmitted ?? entry.ticks, entry.ticks)
      let triplets = entry.triplets
      var position = 0
      while position + 3 <= triplets.count {
        add(triplets[position], triplets[position + 1], triplets[position + 2], entry.ticks)
        position += 3
      }
    }

    /// Adds one triplet presented at `ticks`.
    private func add(_ flags: UInt8, _ first: UInt8, _ second: UInt8, _ ticks: Int64) {
      let valid = flags & 4 != 0
      let word = UInt32(first) << 8 | UInt32(second) | (valid ? 0x1_0000 : 0)
      switch flags & 3 {
      case 0:
        field1Ticks.append(ticks)
        field1Words.append(word)
      case 1:
        field2Ticks.append(ticks)
        field2Words.append(word)
      default:
        guard valid else { return }
        let before = problems.count
        dtvcc.add(start: flags & 3 == 3, first, second, ticks: ticks, problems: &problems)
        if problems.count > before { problemTicks = ticks }
      }
    }

    /// Reads one packet of an `eia_608` stream: `cdat`/`cdt2` atoms of byte pairs (a
    /// QuickTime `c608` sample), or `cc_data` triplets. The pairs of a packet share its
    /// time (a decoder takes them one a frame from there).
    func readEIA608(
      _ bytes: UnsafeRawBufferPointer, ticks: Int64, problems: inout [A53CaptionReader.Problem]
    ) {
      guard !bytes.isEmpty else { return }
      var fields: [[(UInt8, UInt8, Bool)]] = [[], []]
      if bytes.count >= 8, bytes[4] == 0x63, bytes[5] == 0x64, bytes[6] == 0x61 || bytes[6] == 0x74
      {
        // Atoms: size (4 bytes), type `cdat` (field 1) or `cdt2` (field 2), pairs.
        var position = 0
        while position < bytes.count {
          guard bytes.count - position >= 8 else {
            problems.append(
              A53CaptionReader.Problem(
                offset: position,
                message: "\(bytes.count - position) bytes left over after the last atom"))
            break
          }
          var size = 0
          for offset in 0..<4 { size = size << 8 | Int(bytes[position + offset]) }
          let type = String(
            decoding: UnsafeRawBufferPointer(rebasing: bytes[(position + 4)..<(position + 8)]),
            as: UTF8.self)
          guard size >= 8, size <= bytes.count - position else {
            problems.append(
              A53CaptionReader.Problem(
                offset: position,
                message:
                  "a '\(type)' atom of \(size) bytes does not fit the \(bytes.count - position) "
                  + "bytes left"))
            break
          }
          let field = type == "cdat" ? 0 : type == "cdt2" ? 1 : nil
          if let field {
            var pair = position + 8
            while pair + 2 <= position + size {
              fields[field].append((bytes[pair], bytes[pair + 1], true))
              pair += 2
            }
          }
          position += size
        }
      } else {
        if bytes.count % 3 != 0 {
          problems.append(
            A53CaptionReader.Problem(
              offset: bytes.count - bytes.count % 3,
              message: "\(bytes.count) bytes are not a whole number of triplets"))
        }
        var position = 0
        while position + 3 <= bytes.count {
          let flags = bytes[position]
          switch flags & 3 {
          case 0, 1:
            fields[Int(flags & 1)].append(
              (bytes[position + 1], bytes[position + 2], flags & 4 != 0))
          default:
            if flags & 4 != 0 {
              dtvcc.add(
                start: flags & 3 == 3, bytes[position + 1], bytes[position + 2], ticks: ticks,
                problems: &self.problems)
            }
          }
          position += 3
        }
      }
      // A packet of several pairs (an SCC line, as FFmpeg's SCC reader makes them) is sent
      // one pair per frame of 29.97 frames a second, from the packet's time.
      let frame = Double(timescale) * 1001 / (30000 * Double(max(1, numerator)))
      for (field, pairs) in fields.enumerated() {
        for (number, pair) in pairs.enumerated() {
          let word = UInt32(pair.0) << 8 | UInt32(pair.1) | (pair.2 ? 0x1_0000 : 0)
          let ticks = ticks &+ Int64((Double(number) * frame).rounded())
          if field == 0 {
            field1Ticks.append(ticks)
            field1Words.append(word)
          } else {
            field2Ticks.append(ticks)
            field2Words.append(word)
          }
        }
      }
    }
  }
}
