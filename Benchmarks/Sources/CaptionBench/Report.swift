/// The results of a run as a table, with the goal checks, in plain text and Markdown.
public struct Report: Sendable {
  public var rows: [BenchmarkRow]
  public var sizes: [Int]
  /// Lines about the machine and the tools' versions.
  public var environment: [String]
  /// What was left out and why.
  public var notes: [String]

  public init(rows: [BenchmarkRow], sizes: [Int], environment: [String], notes: [String]) {
    self.rows = rows
    self.sizes = sizes
    self.environment = environment
    self.notes = notes
  }

  public static let header = [
    "size", "input", "tool", "operation", "runs", "in-process ms", "process ms", "peak RSS MiB",
    "file MiB", "cues", "vs fastest peer",
  ]

  /// The fastest peer (by whole-process median) doing what `row` does on the same input.
  public func fastestPeer(for row: BenchmarkRow) -> BenchmarkRow? {
    rows.filter {
      $0.tool.isPeer && $0.succeeded && $0.cueCount == row.cueCount && $0.format == row.format
        && $0.operation == row.operation
    }.min { ($0.medianWall ?? .infinity) < ($1.medianWall ?? .infinity) }
  }

  /// The fastest peer writing the same input in any format: what `validate` of that input is
  /// compared with (it reads the file and writes a report).
  public func fastestWriter(for row: BenchmarkRow) -> BenchmarkRow? {
    rows.filter { candidate in
      guard case .write = candidate.operation else { return false }
      return candidate.tool.isPeer && candidate.succeeded && candidate.cueCount == row.cueCount
        && candidate.format == row.format
    }.min { ($0.medianWall ?? .infinity) < ($1.medianWall ?? .infinity) }
  }

  /// The peer `row` is compared with: the fastest doing the same, or for `validate` the
  /// fastest writer.
  public func comparedPeer(for row: BenchmarkRow) -> BenchmarkRow? {
    row.operation == .validate ? fastestWriter(for: row) : fastestPeer(for: row)
  }

  /// The cells of `row`.
  public func cells(_ row: BenchmarkRow) -> [String] {
    let failed = row.failure != nil ? "failed" : "–"
    var cues = "–"
    if let handled = row.cuesHandled {
      cues = handled == row.cueCount ? "\(handled)" : "\(handled) of \(row.cueCount)"
    } else if case .write = row.operation, row.succeeded {
      cues = "no output"
    }
    var ratio = "–"
    if let peer = comparedPeer(for: row), let peerWall = peer.medianWall,
      let wall = row.medianWall, wall > 0
    {
      ratio = Report.decimal(peerWall / wall, places: peerWall / wall >= 10 ? 1 : 2) + "×"
    }
    return [
      Report.sizeLabel(row.cueCount), row.format.rawValue, row.tool.rawValue, row.operation.label,
      "\(row.measurements.count)", row.medianInProcess.map(Report.ms) ?? failed,
      row.medianWall.map(Report.ms) ?? failed,
      row.maxRSSMiB.map { Report.decimal($0, places: 1) } ?? failed,
      Report.decimal(row.fileMiB, places: 2), cues, ratio,
    ]
  }

  public var goals: [GoalCheck] { GoalCheck.all(for: self) }

  private var failures: [String] {
    rows.compactMap { row in
      row.failure.map {
        "\(Report.sizeLabel(row.cueCount)) \(row.format.rawValue) \(row.operation.label),"
          + " \(row.tool.rawValue): \($0)"
      }
    }
  }

  /// The table, goals and notes as aligned plain text.
  public var text: String {
    let table = [Report.header] + rows.map(cells)
    var widths = Report.header.map { _ in 0 }
    for line in table {
      for (column, cell) in line.enumerated() { widths[column] = max(widths[column], cell.count) }
    }
    let numeric: Set<Int> = [4, 5, 6, 7, 8, 9, 10]
    var lines = table.map { line in
      line.enumerated().map { column, cell in
        let pad = String(repeating: " ", count: widths[column] - cell.count)
        return numeric.contains(column) ? pad + cell : cell + pad
      }.joined(separator: "  ")
    }
    lines.insert(String(repeating: "-", count: lines[0].count), at: 1)
    lines.append("")
    lines.append(contentsOf: goals.map(\.line))
    if !failures.isEmpty || !notes.isEmpty {
      lines.append("")
      lines.append(contentsOf: (failures + notes).map { "note: " + $0 })
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The environment, table, goals and notes as Markdown, to paste into Docs/performance.md.
  public var markdown: String {
    var lines = environment.map { "- " + $0 }
    lines.append("")
    lines.append("| " + Report.header.joined(separator: " | ") + " |")
    lines.append(
      "|" + Report.header.indices.map { $0 < 4 ? "---|" : "---:|" }.joined())
    for row in rows {
      lines.append("| " + cells(row).joined(separator: " | ") + " |")
    }
    lines.append("")
    lines.append("Goals:")
    lines.append("")
    lines.append(contentsOf: goals.map { "- **\($0.status.rawValue)** \($0.goal): \($0.detail)" })
    if !failures.isEmpty || !notes.isEmpty {
      lines.append("")
      lines.append("Notes:")
      lines.append("")
      lines.append(contentsOf: (failures + notes).map { "- " + $0 })
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One line about a finished row, for progress output.
  public static func summary(_ row: BenchmarkRow) -> String {
    var line = "\(row.tool.rawValue) \(row.operation.label):"
    if let wall = row.medianWall {
      line += " \(ms(wall)) ms process"
      if let inProcess = row.medianInProcess { line += ", \(ms(inProcess)) ms in-process" }
      if let rss = row.maxRSSMiB { line += ", \(decimal(rss, places: 1)) MiB" }
    }
    if let failure = row.failure { line += " failed: \(failure)" }
    return line
  }

  /// `1k`, `10k`, `100k`, `1M`, or the number.
  public static func sizeLabel(_ cues: Int) -> String {
    if cues >= 1_000_000, cues % 1_000_000 == 0 { return "\(cues / 1_000_000)M" }
    if cues >= 1000, cues % 1000 == 0 { return "\(cues / 1000)k" }
    return "\(cues)"
  }

  /// Milliseconds with a precision that suits their size.
  public static func ms(_ value: Double) -> String {
    decimal(value, places: value < 10 ? 2 : value < 1000 ? 1 : 0)
  }

  /// `value` rounded to `places` decimals.
  public static func decimal(_ value: Double, places: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = Int64((abs(value) * scale).rounded())
    let sign = value < 0 && scaled != 0 ? "-" : ""
    let whole = scaled / Int64(scale)
    guard places > 0 else { return "\(sign)\(whole)" }
    var fraction = "\(scaled % Int64(scale))"
    while fraction.count < places { fraction = "0" + fraction }
    return "\(sign)\(whole).\(fraction)"
  }
}
