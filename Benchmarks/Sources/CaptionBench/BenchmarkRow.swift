/// All runs of one case on one input: the figures a table row shows.
public struct BenchmarkRow: Sendable {
  public var benchmarkCase: BenchmarkCase
  public var cueCount: Int
  /// Size of the input file in bytes.
  public var fileBytes: Int
  public var measurements: [Measurement] = []
  /// Cues in the written file (counted once), for `write` operations.
  public var outputCues: Int?
  /// Why the case stopped, when a run failed.
  public var failure: String?

  public init(benchmarkCase: BenchmarkCase, cueCount: Int, fileBytes: Int) {
    self.benchmarkCase = benchmarkCase
    self.cueCount = cueCount
    self.fileBytes = fileBytes
  }

  public var tool: Tool { benchmarkCase.tool }
  public var operation: Operation { benchmarkCase.operation }
  public var format: CaptionFileFormat { benchmarkCase.input }
  public var succeeded: Bool { failure == nil && !measurements.isEmpty }

  public var medianWall: Double? { Statistics.median(measurements.map(\.wall)) }
  public var medianInProcess: Double? { Statistics.median(measurements.compactMap(\.inProcess)) }
  /// The highest peak over all runs, in MiB.
  public var maxRSSMiB: Double? {
    measurements.map(\.maxRSSKiB).max().map { Double($0) / 1024 }
  }
  public var fileMiB: Double { Double(fileBytes) / 1_048_576 }

  /// The cues the tool handled: those in its output for a write, else those it reports.
  public var cuesHandled: Int? {
    if case .write = operation { return outputCues }
    return measurements.last?.cues
  }
}
