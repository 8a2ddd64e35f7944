/// A program the benchmark times: captionkit itself, or a tool a user would otherwise use.
public enum Tool: String, Sendable, Hashable, CaseIterable {
  /// captionkit's library, through `captionkit-bench parse` and `convert`.
  case library = "captionkit library"
  /// The `captionkit` command of the root package's release build.
  case command = "captionkit command"
  /// `ffmpeg` (Debian's package) converting: the peer the goals name.
  case ffmpeg
  /// `ffmpeg` only demuxing (`-c copy -f null`): every cue read into a packet, none decoded or
  /// written. Shown for reference; not one of the peers the goals compare with.
  case ffmpegDemux = "ffmpeg demux"
  /// Python's `srt` package.
  case pythonSRT = "python srt"
  /// Python's `webvtt-py` package.
  case webvttPy = "webvtt-py"

  public var isOurs: Bool { self == .library || self == .command }

  /// True for the tools the goals compare captionkit with.
  public var isPeer: Bool { self == .ffmpeg || self == .pythonSRT || self == .webvttPy }

  /// True when the tool reports its own in-process time.
  public var timesItself: Bool { self == .library || self == .pythonSRT || self == .webvttPy }
}

/// What is done with an input file.
public enum Operation: Sendable, Hashable {
  /// Read the cues.
  case parse
  /// Read the cues and write them as a file of the given format.
  case write(CaptionFileFormat)
  /// `captionkit validate` with its default rules.
  case validate

  public var label: String {
    switch self {
    case .parse: return "parse"
    case .write(let format): return "parse+write \(format.rawValue)"
    case .validate: return "validate"
    }
  }
}

/// One tool doing one operation on one input format.
public struct BenchmarkCase: Sendable, Hashable {
  public var tool: Tool
  public var operation: Operation
  public var input: CaptionFileFormat

  public init(tool: Tool, operation: Operation, input: CaptionFileFormat) {
    self.tool = tool
    self.operation = operation
    self.input = input
  }

  /// Every case for inputs of `format`: each tool that can do an operation does it.
  public static func all(for format: CaptionFileFormat) -> [BenchmarkCase] {
    var cases: [BenchmarkCase] = []
    func add(_ operation: Operation, _ tools: [Tool]) {
      cases += tools.map { BenchmarkCase(tool: $0, operation: operation, input: format) }
    }
    switch format {
    case .srt:
      add(.parse, [.library, .pythonSRT, .webvttPy, .ffmpegDemux])
      add(.write(.vtt), [.library, .command, .ffmpeg, .webvttPy])
      add(.write(.srt), [.library, .command, .ffmpeg, .pythonSRT])
    case .vtt:
      add(.parse, [.library, .webvttPy, .ffmpegDemux])
      add(.write(.srt), [.library, .command, .ffmpeg, .webvttPy])
      add(.write(.vtt), [.library, .command, .ffmpeg, .webvttPy])
    }
    add(.validate, [.command])
    return cases
  }
}
