/// What a benchmark run covers and where its programs are.
public struct BenchmarkConfiguration: Sendable {
  /// Cue counts of the generated inputs, smallest first.
  public var sizes: [Int]
  /// Fewer runs per case (and, by default, no 1M-cue inputs).
  public var quick: Bool
  /// Runs per case at every size, replacing the defaults.
  public var runsOverride: Int?
  public var seed: UInt64
  /// Folder for the generated inputs and the outputs; emptied of them as the run goes.
  public var work: String
  /// `captionkit-bench` itself, which generates inputs and times the library.
  public var benchExecutable: String
  /// The `captionkit` command, or nil when it is not built.
  public var command: String?
  public var ffmpeg: String?
  /// A Python with `srt` and `webvtt-py` installed, or nil.
  public var python: String?
  /// The folder of `srt_peer.py` and `webvtt_peer.py`.
  public var peers: String
  /// Tools found missing before the run (a Python package that does not import), and why.
  public var missing: [Tool: String] = [:]

  public static let fullSizes = [1000, 10_000, 100_000, 1_000_000]
  public static let quickSizes = [1000, 10_000, 100_000]

  public init(
    sizes: [Int], quick: Bool, runsOverride: Int? = nil, seed: UInt64, work: String,
    benchExecutable: String, command: String?, ffmpeg: String?, python: String?, peers: String
  ) {
    self.sizes = sizes.sorted()
    self.quick = quick
    self.runsOverride = runsOverride
    self.seed = seed
    self.work = work
    self.benchExecutable = benchExecutable
    self.command = command
    self.ffmpeg = ffmpeg
    self.python = python
    self.peers = peers
  }

  /// How many timed runs `tool` gets on an input of `size` cues: many for small inputs, where
  /// start-up noise dominates, few for large ones. At 1M cues the Python peers, which take
  /// webvtt-py, which takes about 30 seconds a run there, is run once.
  public func runs(size: Int, tool: Tool) -> Int {
    if let runsOverride { return runsOverride }
    switch size {
    case ..<5000: return quick ? 5 : 11
    case ..<50_000: return quick ? 3 : 7
    case ..<500_000: return quick ? 3 : 5
    default: return tool == .webvttPy ? 1 : 3
    }
  }

  /// Why `tool` cannot run here, or nil when it can.
  public func unavailability(of tool: Tool) -> String? {
    if let reason = missing[tool] { return reason }
    switch tool {
    case .library: return nil
    case .command:
      return command == nil
        ? "the captionkit command is not built (swift build -c release in the root package)"
        : nil
    case .ffmpeg, .ffmpegDemux: return ffmpeg == nil ? "ffmpeg is not installed" : nil
    case .pythonSRT, .webvttPy:
      return python == nil ? "no Python with srt and webvtt-py (see Scripts/bench)" : nil
    }
  }

  /// The program and arguments that run `benchmarkCase` on `input` (and `styleFreeInput`, the
  /// same WebVTT without its STYLE block), writing to `output`; nil when the tool cannot do it.
  func arguments(
    for benchmarkCase: BenchmarkCase, input: String, styleFreeInput: String, output: String?
  ) -> [String]? {
    let output = output ?? "/dev/null"
    switch (benchmarkCase.tool, benchmarkCase.operation) {
    case (.library, .parse): return [benchExecutable, "parse", input]
    case (.library, .write): return [benchExecutable, "convert", input, output]
    case (.library, .validate): return nil
    case (.command, .parse): return nil
    case (.command, .write(let format)):
      return command.map { [$0, "convert", input, "-o", output, "--to", format.rawValue] }
    case (.command, .validate): return command.map { [$0, "validate", input] }
    case (.ffmpeg, .parse), (.ffmpegDemux, .write), (.ffmpegDemux, .validate): return nil
    case (.ffmpegDemux, .parse):
      return ffmpeg.map {
        [
          $0, "-nostdin", "-v", "error", "-i", styleFreeInput, "-map", "0", "-c", "copy", "-f",
          "null", "-",
        ]
      }
    case (.ffmpeg, .write):
      return ffmpeg.map { [$0, "-nostdin", "-v", "error", "-y", "-i", styleFreeInput, output] }
    case (.ffmpeg, .validate): return nil
    case (.pythonSRT, .parse): return python.map { [$0, peers + "/srt_peer.py", "parse", input] }
    case (.pythonSRT, .write):
      return python.map { [$0, peers + "/srt_peer.py", "write", input, output] }
    case (.webvttPy, .parse):
      return python.map { [$0, peers + "/webvtt_peer.py", "parse", input] }
    case (.webvttPy, .write):
      return python.map { [$0, peers + "/webvtt_peer.py", "write", input, output] }
    case (.pythonSRT, .validate), (.webvttPy, .validate): return nil
    }
  }
}
