import CaptionKit
import Dispatch
import Synchronization

/// Runs the validation of many inputs on a fixed number of worker threads, each taking the
/// next input when it is done with one, and hands every result line to `emit` as it is made.
final class BatchRunner: @unchecked Sendable {
  struct Settings {
    var options: InputOptions
    var media: MediaOptions
    var profile: ValidationProfile
    var validator: Validator
    var failOn: Severity?
  }

  /// What the workers did.
  struct Tally {
    var ok = 0
    var findings = 0
    var errors = 0
    var writeFailure: WriteFailure?
  }

  private let inputs: [BatchInput]
  private let settings: Settings
  private let stderr: LockedSink
  private let emit: ([UInt8]) throws(WriteFailure) -> Void
  private let state = Mutex((next: 0, tally: Tally()))

  init(
    inputs: [BatchInput], settings: Settings, stderr: LockedSink,
    emit: @escaping ([UInt8]) throws(WriteFailure) -> Void
  ) {
    self.inputs = inputs
    self.settings = settings
    self.stderr = stderr
    self.emit = emit
  }

  /// Processes every input with `jobs` workers and returns when all are done.
  func run(jobs: Int) -> Tally {
    let group = DispatchGroup()
    let queue = DispatchQueue(label: "captionkit.batch", attributes: .concurrent)
    for _ in 0..<max(1, min(jobs, inputs.count)) {
      queue.async(group: group) { self.work() }
    }
    group.wait()
    return state.withLock { $0.tally }
  }

  private func work() {
    let context = CommandContext(
      stdin: BufferSource([]), stdout: BufferSink(), stderr: stderr, environment: [:])
    while true {
      let index: Int? = state.withLock { state in
        guard state.next < inputs.count, state.tally.writeFailure == nil else { return nil }
        defer { state.next += 1 }
        return state.next
      }
      guard let index else { return }
      let (line, status) = process(inputs[index], in: context)
      // The line is written under the lock, so lines never interleave.
      state.withLock { state in
        switch status {
        case .ok: state.tally.ok += 1
        case .findings: state.tally.findings += 1
        case .error: state.tally.errors += 1
        }
        guard state.tally.writeFailure == nil else { return }
        do throws(WriteFailure) {
          try emit(line)
        } catch {
          state.tally.writeFailure = error
        }
      }
    }
  }

  /// Validates one input into its own report; any failure becomes an `error` line.
  func process(
    _ input: BatchInput, in context: CommandContext
  ) -> (line: [UInt8], status: BatchLine.Status) {
    var report = ValidationReport()
    var noPage: HTMLReportCollector?
    do {
      if input.isMedia {
        try ValidateCommand.validateMedia(
          input.path, options: settings.media, reader: settings.options.reader,
          profile: settings.profile, validator: settings.validator, report: &report,
          htmlCues: &noPage, in: context)
      } else {
        try ValidateCommand.validateCaptionFile(
          input.path, options: settings.options, profile: settings.profile,
          validator: settings.validator, report: &report, htmlCues: &noPage, in: context)
      }
    } catch {
      return (BatchLine.errorLine(for: input, reason: Self.reason(error)), .error)
    }
    let status: BatchLine.Status =
      report.hasFinding(atLeast: settings.failOn) ? .findings : .ok
    return (
      BatchLine.line(for: input, status: status, report: JSONReportWriter.write(report)), status
    )
  }

  /// The one-line reason of a failure, as `validate` would print it.
  static func reason(_ error: any Error) -> String {
    switch error {
    case let failure as CommandFailure: return failure.message
    case let failure as UsageError: return failure.message
    default: return "\(error)"
    }
  }
}
