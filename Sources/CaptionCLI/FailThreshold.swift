import CaptionKit

/// `--fail-on` of the commands that write an output (`convert`, `mux`, `package`,
/// `transcript`): the least severity of a finding that makes the exit status 1, the output
/// being written all the same. It keeps the worst finding noted along the way. A reader's
/// finding that left text out of the output (`Diagnostic.losesText`, some of them
/// warnings) fails at any level but `never`.
struct FailThreshold {
  /// The option, as each of those commands declares it.
  static let option = CommandConfiguration.Option(
    "fail-on", value: "severity",
    help: "error (default), warning or never: the least severity of a finding that makes "
      + "the exit status 1 (the output is still written).")

  /// The least severity that fails; nil for never.
  let level: Severity?
  /// The worst severity noted so far.
  private(set) var worst: Severity?
  /// True when a finding noted says text was left out.
  private(set) var lostText = false

  init(_ arguments: ParsedArguments) throws(UsageError) {
    level = try Self.level(arguments.value("fail-on"))
  }

  /// `--fail-on`: `error` (the default), `warning` or `never` (nil).
  static func level(_ value: String?) throws(UsageError) -> Severity? {
    switch value ?? "error" {
    case "error": return .error
    case "warning": return .warning
    case "never": return nil
    default:
      throw UsageError(
        "unknown severity '\(value ?? "")' for '--fail-on'", given: value ?? "",
        candidates: ["error", "warning", "never"])
    }
  }

  /// Notes the findings; returns them, to print.
  @discardableResult
  mutating func note(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    note(diagnostics.map(\.severity))
    if !lostText { lostText = diagnostics.contains(where: \.losesText) }
    return diagnostics
  }

  /// Notes findings known only by their severities (counted, not built).
  mutating func note(_ severities: [Severity]) {
    worst = ([worst].compactMap { $0 } + severities).max()
  }

  /// 1 when a finding noted is at or above the level, else 0.
  var status: Int32 {
    guard let level else { return ExitCode.success }
    if lostText { return ExitCode.findings }
    guard let worst, worst >= level else { return ExitCode.success }
    return ExitCode.findings
  }
}
