/// Generates the inputs and runs every case on them, each run in its own process.
///
/// Runs go round-robin (run 1 of every case, then run 2, ...) so that a slow moment of the
/// machine spreads over all tools instead of hitting one. At the smallest size every case is
/// run once first, untimed, to warm the file cache and the Python imports.
public struct BenchmarkSuite {
  public var configuration: BenchmarkConfiguration
  /// Where progress goes (standard error in the command).
  public var log: (String) -> Void

  public init(configuration: BenchmarkConfiguration, log: @escaping (String) -> Void) {
    self.configuration = configuration
    self.log = log
  }

  /// Runs everything and returns one row per case and input.
  public func run() throws -> [BenchmarkRow] {
    let children = ChildProcess(scratch: configuration.work)
    var rows: [BenchmarkRow] = []
    for (sizeIndex, size) in configuration.sizes.enumerated() {
      for format in CaptionFileFormat.allCases {
        rows += try run(size: size, format: format, warmUp: sizeIndex == 0, children: children)
      }
    }
    for name in ["child.out", "child.err", "child.result"] {
      ByteFile.remove(configuration.work + "/" + name)
    }
    return rows
  }

  private func run(size: Int, format: CaptionFileFormat, warmUp: Bool, children: ChildProcess)
    throws -> [BenchmarkRow]
  {
    let label = "\(Report.sizeLabel(size)) \(format.rawValue)"
    let input = "\(configuration.work)/input-\(size).\(format.rawValue)"
    let styleFree = "\(configuration.work)/input-\(size).nostyle.\(format.rawValue)"
    log("\(label): generating \(size) cues")
    try generate(size: size, format: format, to: input, includeStyle: true, children: children)
    var styleFreeInput = input
    if format == .vtt {
      try generate(
        size: size, format: format, to: styleFree, includeStyle: false, children: children)
      styleFreeInput = styleFree
    }
    defer {
      ByteFile.remove(input)
      ByteFile.remove(styleFree)
    }
    let fileBytes = ByteFile.size(input) ?? 0

    var rows: [BenchmarkRow] = []
    var commands: [[String]] = []
    for benchmarkCase in BenchmarkCase.all(for: format) {
      guard configuration.unavailability(of: benchmarkCase.tool) == nil,
        let arguments = configuration.arguments(
          for: benchmarkCase, input: input, styleFreeInput: styleFreeInput,
          output: outputPath(benchmarkCase.operation))
      else { continue }
      rows.append(BenchmarkRow(benchmarkCase: benchmarkCase, cueCount: size, fileBytes: fileBytes))
      commands.append(arguments)
    }

    if warmUp {
      log("\(label): warming up")
      for arguments in commands { _ = try? children.run(arguments) }
      for target in CaptionFileFormat.allCases {
        if let output = outputPath(.write(target)) { ByteFile.remove(output) }
      }
    }
    let rounds = rows.map { configuration.runs(size: size, tool: $0.tool) }.max() ?? 0
    for round in 0..<rounds {
      log("\(label): run \(round + 1) of \(rounds)")
      for index in rows.indices
      where rows[index].failure == nil
        && round < configuration.runs(size: size, tool: rows[index].tool)
      {
        measure(&rows[index], arguments: commands[index], first: round == 0, children: children)
      }
    }
    for row in rows { log("  " + Report.summary(row)) }
    return rows
  }

  private func measure(
    _ row: inout BenchmarkRow, arguments: [String], first: Bool, children: ChildProcess
  ) {
    let output = outputPath(row.operation)
    if let output { ByteFile.remove(output) }
    defer { if let output { ByteFile.remove(output) } }
    let outcome: ChildProcess.Outcome
    do {
      outcome = try children.run(arguments)
    } catch {
      row.failure = "\(error)"
      return
    }
    // validate exits 1 when it has findings at or above --fail-on: that is a finished run.
    let finished = outcome.status == 0 || (row.operation == .validate && outcome.status == 1)
    guard finished else {
      let reason = outcome.standardError.split(separator: "\n").first.map(String.init) ?? ""
      row.failure = "exit \(outcome.status)" + (reason.isEmpty ? "" : ": \(reason.prefix(120))")
      return
    }
    row.measurements.append(
      Measurement(
        wall: outcome.wallMilliseconds, maxRSSKiB: outcome.maxRSSKiB,
        fields: Measurement.fields(from: outcome.standardOutput)))
    if first, let output { row.outputCues = ByteFile.countCueTimings(output) }
  }

  /// Where a case writes its output: nil for operations that write none.
  private func outputPath(_ operation: Operation) -> String? {
    guard case .write(let target) = operation else { return nil }
    return "\(configuration.work)/output.\(target.rawValue)"
  }

  private func generate(
    size: Int, format: CaptionFileFormat, to path: String, includeStyle: Bool,
    children: ChildProcess
  ) throws {
    var arguments = [
      configuration.benchExecutable, "generate", "--cues", "\(size)", "--format", format.rawValue,
      "--seed", "\(configuration.seed)", "-o", path,
    ]
    if !includeStyle { arguments.append("--no-style") }
    let outcome = try children.run(arguments)
    guard outcome.status == 0 else {
      throw UsageError(message: "cannot generate \(path): \(outcome.standardError)")
    }
  }
}
