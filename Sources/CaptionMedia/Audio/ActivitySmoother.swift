/// Turns per-frame active/inactive decisions into segments, in frame units: bridges one-frame
/// dropouts, ignores bursts shorter than a minimum, holds each segment open for a hangover,
/// merges segments separated by short gaps and drops segments that stay too short. A run may
/// start up to `lookBack` frames before its first active frame, over the weak frames (close
/// to active) just before it. A segment none of whose active frames is loud is dropped.
struct ActivitySmoother {
  /// A finished segment in frames: `start ..< end`, with the energy of its active frames.
  struct Span {
    var start: Int
    var end: Int
    var energy: Double
    var samples: Int
    /// Whether one of its active frames is loud.
    var loud = true
  }

  let minimumBurst: Int
  let hangover: Int
  let mergeGap: Int
  let minimumSegment: Int
  let lookBack: Int
  /// Inactive runs up to this many frames inside an active run do not end it.
  let bridge = 1

  private var frame = 0
  private var runStart = -1
  private var runFirstActive = -1
  /// How many weak frames, outside any run, lie just before the current frame.
  private var weakRun = 0
  private var runLastActive = -1
  private var runEnergy = 0.0
  private var runSamples = 0
  private var runLoud = false
  private var segment: Span?
  private(set) var finished: [Span] = []

  init(minimumBurst: Int, hangover: Int, mergeGap: Int, minimumSegment: Int, lookBack: Int = 0) {
    self.minimumBurst = max(1, minimumBurst)
    self.hangover = max(0, hangover)
    self.mergeGap = max(0, mergeGap)
    self.minimumSegment = max(1, minimumSegment)
    self.lookBack = max(0, lookBack)
  }

  /// Takes the decision for the next frame and the energy (sum of squares) of its samples.
  /// A weak frame, not active itself, may open the segment of an active run that follows;
  /// a segment is kept only if one of its active frames is `loud`.
  mutating func push(
    active: Bool, weak: Bool = false, loud: Bool = true, energy: Double, samples: Int
  ) {
    if active {
      if runStart < 0 {
        runStart = frame - min(weakRun, lookBack)
        runFirstActive = frame
      }
      runLastActive = frame
      runEnergy += energy
      runSamples += samples
      if loud { runLoud = true }
      weakRun = 0
    } else {
      weakRun = weak && runStart < 0 ? weakRun + 1 : 0
      if runStart >= 0 && frame - runLastActive > bridge { closeRun() }
    }
    frame += 1
  }

  /// Closes what is open at the end of `frames` frames of audio.
  mutating func finish(frames: Int) {
    if runStart >= 0 { closeRun() }
    if let open = segment { emit(open, limit: frames) }
    segment = nil
  }

  /// Hands over the segments finished so far.
  mutating func take() -> [Span] {
    defer { finished.removeAll(keepingCapacity: true) }
    return finished
  }

  private mutating func closeRun() {
    let start = runStart
    let end = runLastActive + 1
    let energy = runEnergy
    let samples = runSamples
    let loud = runLoud
    runStart = -1
    runEnergy = 0
    runSamples = 0
    runLoud = false
    guard end - runFirstActive >= minimumBurst else { return }
    if var open = segment, start <= open.end + mergeGap {
      open.end = end + hangover
      open.energy += energy
      open.samples += samples
      open.loud = open.loud || loud
      segment = open
    } else {
      if let open = segment { emit(open, limit: Int.max) }
      segment = Span(
        start: start, end: end + hangover, energy: energy, samples: samples, loud: loud)
    }
  }

  private mutating func emit(_ span: Span, limit: Int) {
    var span = span
    span.end = min(span.end, limit)
    if span.end - span.start >= minimumSegment && span.loud { finished.append(span) }
  }
}
