import CaptionKit

/// Times the transcript of a 2-hour programme in this process: the merge of its captions,
/// descriptions and chapters (`TranscriptBuilder`) and the HTML page written to bytes. The
/// tracks are read before the clock starts.
public enum TranscriptBenchmark {
  /// The goal: merge + HTML write in under 50 ms in a release build.
  public static let goalMilliseconds = 50.0

  /// One timed run, in milliseconds.
  public struct Run: Sendable {
    public var merge: Double
    public var html: Double
    public var total: Double { merge + html }
  }

  /// What the runs measured.
  public struct Result: Sendable {
    public var runs: [Run]
    public var captions: Int
    public var descriptions: Int
    public var chapters: Int
    public var paragraphs: Int
    public var entries: Int
    public var outputBytes: Int

    public var median: Double { Statistics.median(runs.map(\.total)) ?? 0 }

    /// `key=value` fields, then the goal's verdict.
    public var report: String {
      func ms(_ value: Double) -> String { Report.decimal(value, places: 3) }
      let merge = Statistics.median(runs.map(\.merge)) ?? 0
      let html = Statistics.median(runs.map(\.html)) ?? 0
      let fastest = runs.map(\.total).min() ?? 0
      let slowest = runs.map(\.total).max() ?? 0
      return
        "ms=\(ms(median)) merge=\(ms(merge)) html=\(ms(html)) min=\(ms(fastest))"
        + " max=\(ms(slowest)) runs=\(runs.count) captions=\(captions)"
        + " descriptions=\(descriptions) chapters=\(chapters) paragraphs=\(paragraphs)"
        + " entries=\(entries) output_bytes=\(outputBytes)\n"
        + "goal: transcript (merge + HTML) under \(Report.decimal(goalMilliseconds, places: 0))"
        + " ms: \(median < goalMilliseconds ? "pass" : "FAIL") (median \(ms(median)) ms)"
    }
  }

  /// Reads the programme's tracks, then runs merge + HTML write `runs` times.
  public static func run(_ programme: TranscriptProgramme, runs: Int) -> Result {
    let tracks = programme.tracks()
    let options = TranscriptExportOptions(
      title: "Transcript: programme", mediaLink: "programme.mp4")
    var timings: [Run] = []
    var transcript = Transcript()
    var bytes: [UInt8] = []
    for _ in 0..<max(runs, 1) {
      let start = Stopwatch.now()
      transcript = TranscriptBuilder().build(
        captions: [tracks.captions], descriptions: [tracks.descriptions],
        chapters: [tracks.chapters])
      let merged = Stopwatch.now()
      bytes = []
      TranscriptHTMLWriter.write(transcript, options: options, into: &bytes)
      let written = Stopwatch.now()
      timings.append(
        Run(
          merge: Stopwatch.milliseconds(from: start, to: merged),
          html: Stopwatch.milliseconds(from: merged, to: written)))
    }
    return Result(
      runs: timings, captions: tracks.captions.cues.count,
      descriptions: tracks.descriptions.cues.count, chapters: tracks.chapters.cues.count,
      paragraphs: transcript.paragraphs.count,
      entries: transcript.paragraphs.reduce(0) { $0 + $1.entries.count },
      outputBytes: bytes.count)
  }
}
