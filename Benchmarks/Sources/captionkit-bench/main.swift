import CaptionBench
import Glibc

let usage = """
  usage: captionkit-bench COMMAND ...

    generate --cues N --format vtt|srt --seed S [--no-style] -o FILE
        Writes a caption file of N cues, the same bytes for the same seed.
    parse FILE
        Times captionkit reading FILE in this process; prints ms= cues= and the phases.
    convert FILE OUT
        Times reading FILE and writing OUT (.vtt or .srt) in this process.
    closed-captions MEDIA
        Times reading the closed-caption data of MEDIA (one pass, no video decoded) and
        decoding its CEA-608 pairs into cues in this process; prints ms=, the pairs and cues.
    transcript [--runs N] [--seed S]
        Times the transcript of a 2-hour programme (2,000 captions, 300 descriptions, 12
        chapters): merge + HTML write in this process; prints the median and the goal check.
    run [--quick] [--sizes N,N,...] [--runs N] [--seed S] [--work DIR] [--peers DIR]
        [--python PATH] [--captionkit PATH] [--ffmpeg PATH] [--markdown FILE]
        [--toolchain TEXT] [--check]
        Generates inputs and times captionkit and its peers on them, each run in its own
        process; prints the table and the goal checks, and writes them as Markdown.
        --check exits 1 when a goal check fails.
  """

/// The value after `name` in `arguments`, removing both.
func option(_ name: String, from arguments: inout [String]) throws -> String? {
  guard let index = arguments.firstIndex(of: name) else { return nil }
  guard index + 1 < arguments.count else {
    throw UsageError(message: "\(name) needs a value")
  }
  let value = arguments[index + 1]
  arguments.removeSubrange(index...index + 1)
  return value
}

/// True when `name` is in `arguments`, removing it.
func flag(_ name: String, from arguments: inout [String]) -> Bool {
  guard let index = arguments.firstIndex(of: name) else { return false }
  arguments.remove(at: index)
  return true
}

func number<T: FixedWidthInteger>(_ text: String?, _ name: String) throws -> T? {
  guard let text else { return nil }
  guard let value = T(text.replacingUnderscores), value >= 0 else {
    throw UsageError(message: "\(name) must be a whole number, not \(text)")
  }
  return value
}

func standardError(_ text: String) {
  let bytes = Array((text + "\n").utf8)
  _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

func generate(_ arguments: inout [String]) throws {
  guard let cues: Int = try number(option("--cues", from: &arguments), "--cues") else {
    throw UsageError(message: "generate needs --cues N")
  }
  guard let formatName = try option("--format", from: &arguments),
    let format = CaptionFileFormat(rawValue: formatName)
  else { throw UsageError(message: "generate needs --format vtt or --format srt") }
  let seed: UInt64 = try number(option("--seed", from: &arguments), "--seed") ?? 1
  let noStyle = flag("--no-style", from: &arguments)
  guard let output = try option("-o", from: &arguments) else {
    throw UsageError(message: "generate needs -o FILE")
  }
  try noExtraArguments(arguments)
  let generator = CaptionGenerator(
    cueCount: cues, format: format, seed: seed, includeStyle: !noStyle)
  let writer = try ByteFile.Writer(path: output)
  try generator.generate { try writer.append($0) }
  try writer.close()
}

/// How the process times and peaks were measured, for the report's notes.
func wrapperNote(_ wrapper: ChildProcess.Wrapper) -> String {
  switch wrapper {
  case .measureRun:
    return " by measure-run, which spawns each run from its own 1 MiB and also gives its peak RSS"
      + " (its own start-up is not in the time)"
  case .gnuTime:
    return " around /usr/bin/time, which also gives the peak RSS (%M); its start-up (1.5 to 2 ms)"
      + " is in every process time"
  case .none:
    return "; without measure-run or /usr/bin/time, each peak RSS is at least the harness's own"
  }
}

func noExtraArguments(_ arguments: [String]) throws {
  if let extra = arguments.first { throw UsageError(message: "unexpected argument \(extra)") }
}

/// The first line a program prints for `arguments`, or nil when it fails.
func firstLine(_ arguments: [String], scratch: String) -> String? {
  guard let outcome = try? ChildProcess(scratch: scratch).run(arguments), outcome.status == 0
  else { return nil }
  return outcome.standardOutput.split(separator: "\n").first.map(String.init)
}

func fileText(_ path: String) -> String {
  String(decoding: (try? ByteFile.read(path)) ?? [], as: UTF8.self)
}

func machineDescription() -> String {
  let cpu =
    fileText("/proc/cpuinfo").split(separator: "\n")
    .first { $0.hasPrefix("model name") }
    .flatMap { $0.split(separator: ":", maxSplits: 1).last }
    .map { String($0.drop { $0 == " " }) } ?? "unknown CPU"
  let memoryKiB =
    fileText("/proc/meminfo").split(separator: "\n")
    .first { $0.hasPrefix("MemTotal:") }
    .flatMap { $0.split(separator: " ").dropFirst().first }
    .flatMap { Int($0) } ?? 0
  let kernel = fileText("/proc/sys/kernel/osrelease").split(separator: "\n").first ?? ""
  return "machine: \(cpu), \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores,"
    + " \(Report.decimal(Double(memoryKiB) / 1_048_576, places: 0)) GiB memory, Linux \(kernel)"
}

func utcNow() -> String {
  var now = time(nil)
  var parts = tm()
  gmtime_r(&now, &parts)
  var buffer = [CChar](repeating: 0, count: 64)
  let count = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M UTC", &parts)
  return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

func run(_ arguments: inout [String]) throws {
  let quick = flag("--quick", from: &arguments)
  let check = flag("--check", from: &arguments)
  let sizes: [Int]
  if let list = try option("--sizes", from: &arguments) {
    sizes = try list.split(separator: ",").map {
      guard let size: Int = try number(String($0), "--sizes"), size > 0 else {
        throw UsageError(message: "--sizes takes positive cue counts, such as 1000,10000")
      }
      return size
    }
  } else {
    sizes = quick ? BenchmarkConfiguration.quickSizes : BenchmarkConfiguration.fullSizes
  }
  let runs: Int? = try number(option("--runs", from: &arguments), "--runs")
  if runs == 0 { throw UsageError(message: "--runs must be at least 1") }
  let seed: UInt64 = try number(option("--seed", from: &arguments), "--seed") ?? 20_251_129
  let markdown = try option("--markdown", from: &arguments)
  let toolchain = try option("--toolchain", from: &arguments)
  let peers =
    try option("--peers", from: &arguments)
    ?? (exists("Benchmarks/peers") ? "Benchmarks/peers" : "peers")
  let python =
    try option("--python", from: &arguments)
    ?? ["Benchmarks/.venv/bin/python", ".venv/bin/python"].first(where: exists)
  let command =
    try option("--captionkit", from: &arguments)
    ?? [".build/release/captionkit", "../.build/release/captionkit"].first(where: exists)
  let ffmpeg = try option("--ffmpeg", from: &arguments) ?? ChildProcess.locate("ffmpeg")
  var work = try option("--work", from: &arguments)
  try noExtraArguments(arguments)

  guard let benchExecutable = ChildProcess.currentExecutable() else {
    throw UsageError(message: "cannot find the captionkit-bench executable")
  }
  var madeWork = false
  if work == nil {
    var template = Array("/tmp/captionkit-bench.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw UsageError(message: "cannot make a temporary folder in /tmp")
    }
    work = String(cString: made)
    madeWork = true
  }
  guard let work else { return }
  defer { if madeWork { rmdir(work) } }

  var configuration = BenchmarkConfiguration(
    sizes: sizes, quick: quick, runsOverride: runs, seed: seed, work: work,
    benchExecutable: benchExecutable,
    command: command.flatMap { ChildProcess.locate($0) }, ffmpeg: ffmpeg,
    python: python.flatMap { ChildProcess.locate($0) }, peers: peers)

  var environment = [machineDescription(), "date: \(utcNow())"]
  if let toolchain { environment.append("toolchain: \(toolchain)") }
  if let ffmpeg, let version = firstLine([ffmpeg, "-version"], scratch: work) {
    // "ffmpeg version 5.1.9-0+deb12u1 Copyright (c) ..." to "ffmpeg 5.1.9-0+deb12u1".
    let words = version.split(separator: " ")
    environment.append(words.count > 2 ? "ffmpeg \(words[2])" : version)
  }
  var pythonVersions: [String] = []
  if let python = configuration.python {
    for (tool, script) in [(Tool.pythonSRT, "srt_peer.py"), (.webvttPy, "webvtt_peer.py")] {
      if let version = firstLine([python, "\(peers)/\(script)", "version"], scratch: work) {
        pythonVersions.append(version)
      } else {
        configuration.missing[tool] = "\(script) does not run with \(python)"
      }
    }
  }
  if !pythonVersions.isEmpty {
    let interpreter = configuration.python.flatMap { firstLine([$0, "--version"], scratch: work) }
    environment.append((interpreter ?? "Python") + ": " + pythonVersions.joined(separator: ", "))
  }
  let runsLine = sizes.map { size in
    let ours = configuration.runs(size: size, tool: .library)
    let webvtt = configuration.runs(size: size, tool: .webvttPy)
    return "\(Report.sizeLabel(size)) \(ours)" + (webvtt == ours ? "" : " (webvtt-py \(webvtt))")
  }
  environment.append("seed \(seed); timed runs per case: " + runsLine.joined(separator: ", "))

  var notes: [String] = []
  for tool in Tool.allCases {
    if let reason = configuration.unavailability(of: tool) {
      notes.append("\(tool.rawValue) not timed: \(reason)")
    }
  }
  notes += [
    "in-process ms: the program's own clock, from before reading the input to after writing"
      + " the output (Python: after the imports); process ms: spawn to exit, start-up included,"
      + wrapperNote(ChildProcess(scratch: work).wrapper),
    "vs fastest peer: the fastest peer's process median divided by this row's (same input,"
      + " same operation; for validate, the fastest peer writing the same input in any format);"
      + " above 1 is faster than every peer",
    "ffmpeg demux (-map 0 -c copy -f null -) reads every cue into a packet and decodes and"
      + " writes nothing: shown for reference, it is not a peer in the ratios or the goals",
    "ffmpeg reads a copy of each WebVTT input without its STYLE block (FFmpeg 5.1 drops every"
      + " cue of a file with one)",
    "python srt writes SRT only; webvtt-py reads SRT with from_srt and writes SRT with"
      + " save_as_srt",
    "cues: cues the tool reports reading (parse) or cues in the file it wrote (write)",
  ]

  let suite = BenchmarkSuite(configuration: configuration, log: standardError)
  let rows = try suite.run()
  let report = Report(rows: rows, sizes: sizes, environment: environment, notes: notes)
  print(report.text, terminator: "")
  if let markdown {
    try ByteFile.write(Array(report.markdown.utf8), to: markdown)
    standardError("Markdown written to \(markdown)")
  }
  if check, report.goals.contains(where: { $0.status == .fail }) { exit(1) }
}

extension String {
  var replacingUnderscores: String { filter { $0 != "_" } }
}

var arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.isEmpty ? "help" : arguments.removeFirst()
do {
  switch command {
  case "generate":
    try generate(&arguments)
  case "parse":
    guard arguments.count == 1 else { throw UsageError(message: "usage: parse FILE") }
    print(try LibraryBenchmark.parse(arguments[0]).report)
  case "convert":
    guard arguments.count == 2 else { throw UsageError(message: "usage: convert FILE OUT") }
    print(try LibraryBenchmark.convert(arguments[0], to: arguments[1]).report)
  case "closed-captions":
    guard arguments.count == 1 else { throw UsageError(message: "usage: closed-captions MEDIA") }
    print(try ClosedCaptionBenchmark.read(arguments[0]))
  case "transcript":
    let runs: Int = try number(option("--runs", from: &arguments), "--runs") ?? 20
    let seed: UInt64 = try number(option("--seed", from: &arguments), "--seed") ?? 20_251_129
    try noExtraArguments(arguments)
    print(TranscriptBenchmark.run(TranscriptProgramme(seed: seed), runs: runs).report)
  case "run":
    try run(&arguments)
  case "help", "--help", "-h":
    print(usage, terminator: "")
  default:
    throw UsageError(message: "unknown command \(command)\n\(usage)")
  }
} catch let error as UsageError {
  standardError("captionkit-bench: \(error.message)")
  exit(64)
} catch {
  standardError("captionkit-bench: \(error)")
  exit(1)
}
