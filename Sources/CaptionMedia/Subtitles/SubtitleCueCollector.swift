import CaptionCore

/// Builds the cues of one subtitle stream from its packets, in the order they are read.
///
/// Times come from each packet's timestamp and duration in the stream's time base, made
/// relative to the presentation start, and stay in that time base (a `MediaTime` whose
/// timescale is the time base's denominator), so they are exact. A packet without a duration
/// ends at the start of the next packet of the stream, at most `longest` later (or at the end
/// of the media), with a `container.subtitle-stream` warning.
struct SubtitleCueCollector {
  static let rule = MediaSubtitles.subtitleStreamRule
  /// The longest a cue without a duration is shown: 7 seconds, the `timing.max-duration`
  /// default.
  static let longest: Int64 = 7

  let streamIndex: Int
  /// The media file, for diagnostics.
  let path: String?
  /// The time base: `numerator / timescale` seconds per tick.
  let numerator: Int64
  let timescale: Int32
  /// The presentation start, in the stream's timescale.
  let origin: MediaTime
  /// The end of the media relative to its start, when known.
  let mediaEnd: MediaTime?

  private(set) var cues: [Cue] = []
  private(set) var diagnostics: [Diagnostic] = []
  /// Cues still waiting for an end, all starting at `pendingStart`.
  private var pending: [Int] = []
  private var inOrder = true

  init(
    streamIndex: Int, path: String?, numerator: Int64, timescale: Int32, origin: MediaTime,
    mediaEnd: MediaTime?
  ) {
    self.streamIndex = streamIndex
    self.path = path
    self.numerator = numerator
    self.timescale = timescale
    self.origin = origin.converted(to: timescale)
    self.mediaEnd = mediaEnd
  }

  /// The time of a timestamp of the stream, relative to the presentation start.
  func time(_ timestamp: Int64) -> MediaTime {
    let (ticks, overflow) = timestamp.multipliedReportingOverflow(by: numerator)
    let value = overflow ? (timestamp < 0 ? Int64.min : Int64.max) : ticks
    return MediaTime(value: value, timescale: timescale) - origin
  }

  /// Adds one packet: its presentation timestamp (nil when unknown), its duration (0 when
  /// unknown), and the events its subtitle holds (none for a packet that only clears the
  /// screen, as MP4 writes between cues).
  mutating func add(timestamp: Int64?, duration: Int64, events: [ASSEventText]) {
    let text = Self.joined(events)
    add(
      timestamp: timestamp, duration: duration,
      cue: text.map { (id: "", text: $0.text, rawText: $0.rawText, settings: $0.settings) })
  }

  /// Adds one packet holding a cue's parts, or nothing (`cue` nil or without text).
  mutating func add(
    timestamp: Int64?, duration: Int64,
    cue parts: (id: String, text: CueText, rawText: String, settings: CueSettings)?
  ) {
    guard let timestamp else {
      if let parts, !parts.rawText.isEmpty {
        report(
          "a packet of stream \(streamIndex) has no timestamp; its text is skipped",
          hint: nil, cue: nil)
      }
      return
    }
    let start = time(timestamp)
    closePending(at: start)
    guard let parts, !parts.rawText.isEmpty else { return }
    if let last = cues.last, start < last.start { inOrder = false }
    let (end, known): (MediaTime, Bool) =
      duration > 0 ? (time(timestamp &+ duration), true) : (start, false)
    cues.append(
      Cue(
        id: parts.id, start: start, end: end, settings: parts.settings, text: parts.text,
        rawText: parts.rawText))
    if !known { pending.append(cues.count - 1) }
  }

  /// Ends the cues still open and returns the stream's cues in time order.
  mutating func finish() -> [Cue] {
    closePending(at: nil)
    if !inOrder {
      // Stable: cues of equal start keep the order they were read in.
      cues = cues.enumerated().sorted { lhs, rhs in
        lhs.element.start != rhs.element.start
          ? lhs.element.start < rhs.element.start : lhs.offset < rhs.offset
      }.map(\.element)
    }
    return cues
  }

  /// Ends the waiting cues at `next` (the start of the next packet), or when there is none,
  /// `longest` after their start or at the media's end.
  private mutating func closePending(at next: MediaTime?) {
    guard let first = pending.first else { return }
    let start = cues[first].start
    if let next, next <= start { return }
    let cap = start + MediaTime(value: Self.longest, timescale: 1).converted(to: timescale)
    let end: MediaTime
    let how: String
    if let next, next <= cap {
      end = next
      how = "it ends at the next cue's start \(next)"
    } else if next == nil, let mediaEnd, mediaEnd > start, mediaEnd < cap {
      end = mediaEnd
      how = "it ends with the media at \(mediaEnd)"
    } else {
      end = cap
      how = "it ends \(Self.longest) seconds after its start, at \(cap)"
    }
    for index in pending {
      cues[index].end = end
      report(
        "cue \(index + 1) of stream \(streamIndex) at \(start) has no duration; \(how)",
        hint: "give the subtitle packets durations when muxing the file",
        cue: cues[index].reference(index: index + 1))
    }
    pending.removeAll()
  }

  private mutating func report(_ message: String, hint: String?, cue: CueReference?) {
    diagnostics.append(
      Diagnostic(
        rule: Self.rule, severity: .warning, message: message, file: path, cue: cue, hint: hint))
  }

  /// The events of one packet as one cue text: their lines one after another, with the
  /// settings of the first.
  static func joined(_ events: [ASSEventText]) -> ASSEventText? {
    guard var first = events.first else { return nil }
    let rest = events.dropFirst().filter { !$0.rawText.isEmpty }
    if rest.isEmpty { return first }
    var nodes = first.text.nodes
    var raw = first.rawText
    for event in rest {
      if !raw.isEmpty {
        nodes.append(.text("\n"))
        raw += "\n"
      }
      nodes += event.text.nodes
      raw += event.rawText
    }
    first.text = CueText(nodes: nodes)
    first.rawText = raw
    return first
  }
}
