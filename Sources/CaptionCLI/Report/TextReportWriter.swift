import CaptionKit

/// Writes a report as compiler-style lines, the hint indented below its finding, then a
/// summary line: `checked 2 files: 1 error, 0 warnings, 0 remarks`.
enum TextReportWriter {
  static func write(_ report: ValidationReport) -> [UInt8] {
    var text = ""
    for diagnostic in report.diagnostics {
      text += line(for: diagnostic)
    }
    let files = report.tracks.count
    text += "checked \(plural(files, "file")): \(plural(report.count(.error), "error")), "
    text += "\(plural(report.count(.warning), "warning")), "
    text += "\(plural(report.count(.remark), "remark"))\n"
    return Array(text.utf8)
  }

  /// `file:line:col: severity: message [rule]`, a newline, and the hint line when present.
  static func line(for diagnostic: Diagnostic) -> String {
    var text = diagnostic.compilerStyle + "\n"
    if let hint = diagnostic.hint {
      text += "    hint: \(hint)\n"
    }
    return text
  }

  private static func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
