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
      } else if let index = withheld.firstIndex(where: {
        $0.rule == diagnostic.rule && $0.severity == diagnostic.severity
      }) {
        withheld[index].count += 1
      } else {
        withheld.append((diagnostic.rule, diagnostic.severity, 1))
      }
    }
    if !text.isEmpty { context.stderr.report(text) }
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
