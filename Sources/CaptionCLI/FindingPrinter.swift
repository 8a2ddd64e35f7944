import CaptionKit

/// Prints findings compiler-style on standard error, at most `limit` per rule; the rest are
/// counted and summed up per rule by `finish()`, so a systematic problem in a file of a million
/// cues does not bury the terminal. A limit of 0 prints everything.
struct FindingPrinter {
  let limit: Int
  private var printed: [String: Int] = [:]
  private var withheld: [(rule: String, severity: Severity, count: Int)] = []

  init(limit: Int) {
    self.limit = limit
  }

  mutating func print(_ diagnostics: [Diagnostic], in context: CommandContext) {
    guard !diagnostics.isEmpty else { return }
    var text = ""
    for diagnostic in diagnostics {
      let count = printed[diagnostic.rule, default: 0]
      if limit == 0 || count < limit {
        printed[diagnostic.rule] = count + 1
        text += TextReportWriter.line(for: diagnostic)
      } else {
        withhold(1, rule: diagnostic.rule, severity: diagnostic.severity)
      }
    }
    if !text.isEmpty { context.stderr.report(text) }
  }

  /// The number of findings about cues a writer builds for the printer: as many as it prints
  /// of one rule (the writer counts the rest, given to `print(_:file:in:)`).
  var writerCueLimit: Int { limit == 0 ? .max : limit }

  /// Prints what a writer could not carry, each finding given its file by `naming`, and
  /// counts what the writer withheld.
  mutating func print(
    _ losses: WriterLosses, naming: (Diagnostic) -> Diagnostic, in context: CommandContext
  ) {
    // In batches, so that a million findings are not copied at once.
    var batch: [Diagnostic] = []
    batch.reserveCapacity(min(losses.diagnostics.count, 4096))
    for diagnostic in losses.diagnostics {
      batch.append(naming(diagnostic))
      if batch.count == 4096 {
        print(batch, in: context)
        batch.removeAll(keepingCapacity: true)
      }
    }
    print(batch, in: context)
    withhold(losses.withheld, rule: WebVTTWriter.lossyRule, severity: .warning)
  }

  /// Counts `count` findings of `rule` as not shown.
  private mutating func withhold(_ count: Int, rule: String, severity: Severity) {
    guard count > 0 else { return }
    if let index = withheld.firstIndex(where: { $0.rule == rule && $0.severity == severity }) {
      withheld[index].count += count
    } else {
      withheld.append((rule, severity, count))
    }
  }

  /// Says how many findings of each rule were not printed.
  func finish(in context: CommandContext) {
    guard !withheld.isEmpty else { return }
    var text = ""
    for entry in withheld {
      let noun = entry.count == 1 ? entry.severity.rawValue : entry.severity.rawValue + "s"
      text +=
        "note: \(entry.count) more [\(entry.rule)] \(noun) not shown "
        + "(--max-findings 0 shows all)\n"
    }
    context.stderr.report(text)
  }
}
