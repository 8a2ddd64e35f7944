public import CaptionCore

/// Writes a report as JUnit XML for CI dashboards: one `testsuite` per file, one `testcase`
/// per rule that ran on it (when the report does not know them: per rule that found
/// something there, or, for a clean file, its format's parse rule). A test case fails when one of its findings is at or above `--fail-on`; lesser findings go to
/// its `system-out`.
public enum JUnitReportWriter {
  public static func write(_ report: ValidationReport, failOn: Severity?) -> [UInt8] {
    var suites = ""
    var totalTests = 0
    var totalFailures = 0
    for entry in report.tracks {
      let name = suiteName(entry.track) ?? "track \(entry.id)"
      let findings = report.diagnostics.filter { $0.track == entry.id }
      var rules = entry.checkedRules
      var byRule: [String: [Diagnostic]] = [:]
      for diagnostic in findings {
        if byRule[diagnostic.rule] == nil, !rules.contains(diagnostic.rule) {
          rules.append(diagnostic.rule)
        }
        byRule[diagnostic.rule, default: []].append(diagnostic)
      }
      if rules.isEmpty { rules = ["parse.\(entry.track.format.rawValue)"] }
      var cases = ""
      var failures = 0
      for rule in rules {
        if appendCase(rule, byRule[rule] ?? [], classname: name, failOn: failOn, to: &cases) {
          failures += 1
        }
      }
      totalTests += rules.count
      totalFailures += failures
      suites += "  <testsuite name=\"\(escape(name))\" tests=\"\(rules.count)\" "
      suites += "failures=\"\(failures)\" errors=\"0\">\n\(cases)  </testsuite>\n"
    }
    for entry in report.media {
      let (suite, tests, failures) = mediaSuite(entry, report: report, failOn: failOn)
      suites += suite
      totalTests += tests
      totalFailures += failures
    }
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"captionkit\" tests=\"\(totalTests)\" "
    xml += "failures=\"\(totalFailures)\" errors=\"0\">\n"
    xml += suites + "</testsuites>\n"
    return Array(xml.utf8)
  }

  /// One testsuite per media file: a testcase per rule that looked at the media and its
  /// tracks together, with the findings about the media itself, and one per WCAG criterion
  /// (`WCAG 1.2.2`): a failure when it fails, skipped when unknown or not applicable.
  private static func mediaSuite(
    _ entry: ValidationReport.MediaEntry, report: ValidationReport, failOn: Severity?
  ) -> (String, Int, Int) {
    let name = entry.info.path
    let findings = report.diagnostics.filter { $0.track == nil && $0.file == name }
    // Embedded tracks are named after the media file too: the media's own suite says so.
    let suiteName = name + " (media)"
    var rules = entry.checkedRules
    for diagnostic in findings where !rules.contains(diagnostic.rule) {
      rules.append(diagnostic.rule)
    }
    var cases = ""
    var failures = 0
    for rule in rules {
      let diagnostics = findings.filter { $0.rule == rule }
      if appendCase(rule, diagnostics, classname: name, failOn: failOn, to: &cases) {
        failures += 1
      }
    }
    for verdict in entry.wcag {
      let title = "WCAG \(verdict.criterion) \(verdict.title) (\(verdict.level))"
      cases += "    <testcase name=\"\(escape(title))\" classname=\"\(escape(name))\">\n"
      let evidence = escape(verdict.evidence)
      switch verdict.status {
      case .fail:
        failures += 1
        cases += "      <failure type=\"wcag\" message=\"\(evidence)\">\(evidence)</failure>\n"
      case .unknown:
        cases += "      <skipped message=\"unknown: \(evidence)\"/>\n"
      case .notApplicable:
        cases += "      <skipped message=\"not applicable: \(evidence)\"/>\n"
      case .pass:
        cases += "      <system-out>pass: \(evidence)</system-out>\n"
      }
      cases += "    </testcase>\n"
    }
    let tests = rules.count + entry.wcag.count
    let suite =
      "  <testsuite name=\"\(escape(suiteName))\" tests=\"\(tests)\" failures=\"\(failures)\" "
      + "errors=\"0\">\n\(cases)  </testsuite>\n"
    return (suite, tests, failures)
  }

  /// A track's suite name: its file, and for a stream embedded in a media file, the stream
  /// (`film.mkv (stream 2)`), so each stream of a file is a suite of its own.
  package static func suiteName(_ track: Track) -> String? {
    guard let path = track.path else { return nil }
    guard track.source == .embedded, let stream = track.stream else { return path }
    return "\(path) (stream \(stream)\(track.channel.map { " \($0)" } ?? ""))"
  }

  /// Escapes text for XML content and attributes; characters XML 1.0 cannot hold at all
  /// (control characters other than tab and line breaks) become U+FFFD.
  package static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\t", "\n": result.unicodeScalars.append(scalar)
      case "\r": result += "&#13;"
      case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Appends the test case of `rule` with its `diagnostics`: a failure when one is at least
  /// `failOn`, else their lines as output, else an empty case; true for a failure.
  private static func appendCase(
    _ rule: String, _ diagnostics: [Diagnostic], classname: String, failOn: Severity?,
    to cases: inout String
  ) -> Bool {
    let text = diagnostics.map { TextReportWriter.line(for: $0) }.joined()
    cases += "    <testcase name=\"\(escape(rule))\" classname=\"\(escape(classname))\""
    let failing = failOn.map { level in diagnostics.filter { $0.severity >= level } } ?? []
    if let worst = failing.map(\.severity).max() {
      let count = failing.count
      let message = "\(count) finding\(count == 1 ? "" : "s") at or above \(worst.rawValue)"
      cases += ">\n      <failure type=\"\(worst.rawValue)\" message=\"\(message)\">"
      cases += escape(text) + "</failure>\n    </testcase>\n"
      return true
    }
    if !diagnostics.isEmpty {
      cases += ">\n      <system-out>\(escape(text))</system-out>\n    </testcase>\n"
    } else {
      cases += "/>\n"
    }
    return false
  }
}
