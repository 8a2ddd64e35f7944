/// One of the issue's performance goals checked against a run.
public struct GoalCheck: Sendable {
  public enum Status: String, Sendable {
    case pass = "PASS"
    case fail = "FAIL"
    /// The run has no figures for it (a tool missing, no 1M-cue input).
    case skip = "SKIP"
  }

  public var status: Status
  /// `speed`, `memory`, `linear` or `startup`.
  public var goal: String
  public var detail: String

  public init(_ status: Status, _ goal: String, _ detail: String) {
    self.status = status
    self.goal = goal
    self.detail = detail
  }

  public var line: String { "\(status.rawValue)  \(goal.padding(to: 8))  \(detail)" }

  /// Every goal check for `report`.
  ///
  /// - speed: at 100k and 1M cues, each of our rows at least 10× faster (whole process) than
  ///   the fastest peer doing the same operation on the same input;
  /// - memory: at 100k and 1M cues, our peak RSS at most 3× the file size + 30 MiB;
  /// - linear: our 1M-cue median at most 12× our 100k-cue median (in-process time for the
  ///   library, whole process for the command);
  /// - startup: a 1k-cue `captionkit convert` or `validate` in at most 25 ms wall;
  /// - validate: `captionkit validate` of a 100k-cue file, with every text rule, at least 10×
  ///   faster than the fastest peer's parse + write of the same file (15× until the fast paths
  ///   were removed for safety; the redesign may give back that much and no more), in at most
  ///   2× the file size + 30 MiB.
  ///
  /// A row that did not read or write every cue fails its checks: a fast run that drops cues
  /// proves nothing.
  public static func all(for report: Report) -> [GoalCheck] {
    var checks: [GoalCheck] = []
    let ours = report.rows.filter { $0.tool.isOurs }
    let large = report.sizes.filter { $0 >= 100_000 }
    let commandMissing = report.rows.contains { $0.tool == .command } == false

    for size in large {
      for row in ours where row.cueCount == size && row.operation != .validate {
        checks.append(speed(row, report: report))
      }
      if commandMissing {
        checks.append(
          GoalCheck(
            .skip, "speed", "\(Report.sizeLabel(size)) captionkit command: not built, not timed"))
      }
    }
    for size in large {
      for row in ours where row.cueCount == size { checks.append(memory(row)) }
    }
    for row in ours where row.cueCount == 100_000 && row.operation == .validate {
      checks.append(validateSpeed(row, report: report))
      checks.append(validateMemory(row))
    }
    let hundredK = ours.filter { $0.cueCount == 100_000 }
    let million = ours.filter { $0.cueCount == 1_000_000 }
    if hundredK.isEmpty || million.isEmpty {
      checks.append(GoalCheck(.skip, "linear", "needs 100k- and 1M-cue runs (--quick has no 1M)"))
    } else {
      for small in hundredK {
        if let big = million.first(where: { $0.benchmarkCase == small.benchmarkCase }) {
          checks.append(linear(small: small, big: big))
        }
      }
    }
    let startupRows = ours.filter { $0.cueCount == 1000 && $0.tool == .command }
    if startupRows.isEmpty {
      var detail = "1k convert/validate: the captionkit command is not built"
      if let library = ours.first(where: {
        $0.cueCount == 1000 && $0.tool == .library && $0.operation == .write(.srt)
          && $0.format == .vtt
      }), let wall = library.medianWall {
        detail += "; the library through captionkit-bench takes \(Report.ms(wall)) ms wall"
      }
      checks.append(GoalCheck(.skip, "startup", detail))
    }
    for row in startupRows { checks.append(startup(row)) }
    return checks
  }

  private static func name(_ row: BenchmarkRow) -> String {
    "\(Report.sizeLabel(row.cueCount)) \(row.format.rawValue) \(row.operation.label),"
      + " \(row.tool.rawValue)"
  }

  /// A failure reason when `row` did not run or did not handle every cue, else nil.
  private static func incomplete(_ row: BenchmarkRow) -> String? {
    if let failure = row.failure { return "failed: \(failure)" }
    guard row.succeeded else { return "no run" }
    if row.operation == .validate { return nil }
    guard let handled = row.cuesHandled else {
      return row.operation == .parse ? "reported no cue count" : "wrote no output"
    }
    if handled != row.cueCount {
      let verb = row.operation == .parse ? "read" : "wrote"
      return "\(verb) \(handled) of \(row.cueCount) cues"
    }
    return nil
  }

  private static func speed(_ row: BenchmarkRow, report: Report) -> GoalCheck {
    faster(row, than: report.fastestPeer(for: row), by: 10, goal: "speed") { $0.tool.rawValue }
  }

  private static func validateSpeed(_ row: BenchmarkRow, report: Report) -> GoalCheck {
    faster(row, than: report.fastestWriter(for: row), by: 10, goal: "validate") {
      "\($0.tool.rawValue) \($0.operation.label)"
    }
  }

  /// Whether `row` is at least `minimum` times faster than `peer`, which `label` names.
  private static func faster(
    _ row: BenchmarkRow, than peer: BenchmarkRow?, by minimum: Double, goal: String,
    label: (BenchmarkRow) -> String
  ) -> GoalCheck {
    if let reason = incomplete(row) { return GoalCheck(.fail, goal, "\(name(row)): \(reason)") }
    guard let peer, let peerWall = peer.medianWall, let wall = row.medianWall else {
      return GoalCheck(.skip, goal, "\(name(row)): no peer ran")
    }
    let ratio = peerWall / wall
    return GoalCheck(
      ratio >= minimum ? .pass : .fail, goal,
      "\(name(row)): \(Report.ms(wall)) ms vs \(label(peer)) \(Report.ms(peerWall)) ms,"
        + " \(Report.decimal(ratio, places: 1))× (goal ≥ \(Report.decimal(minimum, places: 0))×)")
  }

  private static func memory(_ row: BenchmarkRow) -> GoalCheck {
    memory(row, fileTimes: 3, goal: "memory")
  }

  private static func validateMemory(_ row: BenchmarkRow) -> GoalCheck {
    memory(row, fileTimes: 2, goal: "validate")
  }

  /// Whether the peak memory of `row` is at most `fileTimes` × its file's size + 30 MiB.
  private static func memory(_ row: BenchmarkRow, fileTimes: Double, goal: String) -> GoalCheck {
    guard let rss = row.maxRSSMiB else {
      return GoalCheck(.fail, goal, "\(name(row)): \(incomplete(row) ?? "no run")")
    }
    let limit = fileTimes * row.fileMiB + 30
    var detail =
      "\(name(row)): \(Report.decimal(rss, places: 1)) MiB vs limit "
      + "\(Report.decimal(fileTimes, places: 0)) × \(Report.decimal(row.fileMiB, places: 1)) + 30"
      + " = \(Report.decimal(limit, places: 1)) MiB"
    let reason = incomplete(row)
    if let reason { detail += " (\(reason))" }
    return GoalCheck(rss <= limit && reason == nil ? .pass : .fail, goal, detail)
  }

  private static func linear(small: BenchmarkRow, big: BenchmarkRow) -> GoalCheck {
    let label =
      "\(big.format.rawValue) \(big.operation.label), \(big.tool.rawValue)"
    if let reason = incomplete(big) ?? incomplete(small) {
      return GoalCheck(.fail, "linear", "\(label): \(reason)")
    }
    let inProcess = big.tool == .library
    guard let smallTime = inProcess ? small.medianInProcess : small.medianWall,
      let bigTime = inProcess ? big.medianInProcess : big.medianWall, smallTime > 0
    else { return GoalCheck(.skip, "linear", "\(label): no time") }
    let ratio = bigTime / smallTime
    return GoalCheck(
      ratio <= 12 ? .pass : .fail, "linear",
      "\(label): 1M \(Report.ms(bigTime)) ms = \(Report.decimal(ratio, places: 1))× 100k"
        + " \(Report.ms(smallTime)) ms (\(inProcess ? "in-process" : "process"), goal ≤ 12×)")
  }

  private static func startup(_ row: BenchmarkRow) -> GoalCheck {
    if let reason = incomplete(row) {
      return GoalCheck(.fail, "startup", "\(name(row)): \(reason)")
    }
    guard let wall = row.medianWall else { return GoalCheck(.fail, "startup", "no run") }
    return GoalCheck(
      wall <= 25 ? .pass : .fail, "startup",
      "\(name(row)): \(Report.ms(wall)) ms wall, start-up included (goal ≤ 25 ms)")
  }
}

extension String {
  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
