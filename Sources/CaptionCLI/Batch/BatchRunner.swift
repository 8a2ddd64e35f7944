import CaptionKit
import CaptionRuntime
import Dispatch

/// Runs the validation of many inputs on a fixed number of worker threads, each taking the
/// next input when it is done with one, and hands every result line to `emit` as it is made.
///
/// With a time limit, the calling thread watches the inputs in progress: one that runs past
/// the limit gets its `error` line at once, its worker is left to finish (or hang) in the
/// background without ever writing a line (its media reads are cancelled, so they stop at
/// the next packet), and a new worker takes its place.
final class BatchRunner: @unchecked Sendable {
  struct Settings {
    var options: InputOptions
    /// The check of one input: profile, reader, media options (an input's own profile, from
    /// the manifest, replaces its profile).
    var check: CaptionCheck
    var failOn: Severity?
    /// Seconds an input may take; nil for no limit.
    var timeout: Double?
    /// Where transcripts are written; nil when they are not.
    var transcripts: BatchTranscripts?
    /// Where fixed copies of the caption files are written; nil when they are not.
    var fixes: BatchFixes?
  }

  /// What the workers did.
  struct Tally {
    var ok = 0
    var findings = 0
    var errors = 0
    var timedOut = 0
    var writeFailure: WriteFailure?
  }

  private struct State {
    var next = 0
    var tally = Tally()
    /// Workers that will still write lines.
    var workers = 0
    /// The inputs being checked, by index, with the time each was started and what stops
    /// its media reads.
    var running: [Int: (started: UInt64, cancellation: MediaReadCancellation)] = [:]
    /// Inputs given up on: their worker's late line is dropped.
    var abandoned: Set<Int> = []
  }

  private let inputs: [BatchInput]
  private let settings: Settings
  private let stderr: LockedSink
  private let progress: BatchProgress
  private let emit: ([UInt8]) throws(WriteFailure) -> Void
  private let state = Locked(State())
  private let changed = DispatchSemaphore(value: 0)

  init(
    inputs: [BatchInput], settings: Settings, stderr: LockedSink, progress: BatchProgress,
    emit: @escaping ([UInt8]) throws(WriteFailure) -> Void
  ) {
    self.inputs = inputs
    self.settings = settings
    self.stderr = stderr
    self.progress = progress
    self.emit = emit
  }

  /// Processes every input with `jobs` workers and returns when each has its line (or the
  /// results cannot be written).
  func run(jobs: Int) -> Tally {
    let count = max(1, min(jobs, inputs.count))
    state.withLock { $0.workers = count }
    for _ in 0..<count { startWorker() }
    let limit = settings.timeout.map { UInt64($0 * 1e9) }
    while true {
      let (finished, replacements, wait) = state.withLock { state in
        var replacements = 0
        let now = BatchProgress.now()
        var nearest: UInt64?
        if let limit {
          for (index, entry) in state.running.sorted(by: { $0.key < $1.key }) {
            let started = entry.started
            if now &- started >= limit {
              // Its media reads stop at the next packet; a read blocked in the system may
              // go on, but its line is never written.
              entry.cancellation.cancel()
              state.running[index] = nil
              state.abandoned.insert(index)
              state.tally.timedOut += 1
              record(
                BatchLine.errorLine(for: inputs[index], reason: timeoutReason(inputs[index])),
                status: .error, input: inputs[index], in: &state)
              // Its worker no longer counts; another takes its place if inputs are left.
              if state.next < inputs.count, state.tally.writeFailure == nil {
                replacements += 1
              } else {
                state.workers -= 1
              }
            } else {
              let due = started + limit - now
              nearest = min(nearest ?? due, due)
            }
          }
        }
        return (state.workers == 0, replacements, nearest)
      }
      for _ in 0..<replacements { startWorker() }
      progress.tick()
      if finished { break }
      var timeout = wait
      if progress.mode == .line {
        timeout = min(timeout ?? BatchProgress.redrawInterval, BatchProgress.redrawInterval)
      }
      if let timeout {
        _ = changed.wait(timeout: .now() + .nanoseconds(Int(min(timeout, 1 << 40))))
      } else {
        changed.wait()
      }
    }
    return state.withLock { $0.tally }
  }

  private func startWorker() {
    if !WorkerThread.start({ self.work() }) {
      // No thread to be had: the work is done on a queue's thread instead.
      DispatchQueue.global().async { self.work() }
    }
  }

  private func work() {
    let context = CommandContext(
      stdin: BufferSource([]), stdout: BufferSink(), stderr: stderr, environment: [:])
    defer { changed.signal() }
    while true {
      let cancellation = MediaReadCancellation()
      let claimed: (index: Int, first: Bool)? = state.withLock { state in
        guard state.next < inputs.count, state.tally.writeFailure == nil else {
          state.workers -= 1
          return nil
        }
        defer { state.next += 1 }
        let first = state.running.isEmpty
        state.running[state.next] = (BatchProgress.now(), cancellation)
        return (state.next, first)
      }
      guard let claimed else { return }
      let index = claimed.index
      // A watcher with nothing to time waits until woken; with inputs running it wakes at
      // the earliest deadline, which a later start never moves earlier. So it is woken only
      // here and when a worker ends, not twice per input.
      if claimed.first && settings.timeout != nil { changed.signal() }
      progress.started(inputs[index].path)
      let (line, status) = cancellation.whileCurrent { process(inputs[index], in: context) }
      // The line is written under the lock, so lines never interleave; an input given up
      // on has had its line already, and its worker stops here.
      let goOn = state.withLock { state in
        if state.abandoned.remove(index) != nil { return false }
        state.running[index] = nil
        record(line, status: status, input: inputs[index], in: &state)
        return true
      }
      if !goOn { return }
    }
  }

  /// Counts and writes one input's line.
  private func record(
    _ line: [UInt8], status: BatchLine.Status, input: BatchInput, in state: inout State
  ) {
    switch status {
    case .ok: state.tally.ok += 1
    case .findings: state.tally.findings += 1
    case .error: state.tally.errors += 1
    }
    guard state.tally.writeFailure == nil else { return }
    do throws(WriteFailure) {
      try emit(line)
      progress.finished(input.path, status: status)
    } catch {
      state.tally.writeFailure = error
    }
  }

  private func timeoutReason(_ input: BatchInput) -> String {
    InputTimeLimit(seconds: settings.timeout ?? 0).reason(for: input.path)
  }

  /// Validates one input into its own report; any failure becomes an `error` line.
  func process(
    _ input: BatchInput, in context: CommandContext
  ) -> (line: [UInt8], status: BatchLine.Status) {
    var check = settings.check
    if let profile = input.profile { check.profile = profile }
    var report = ValidationReport()
    do throws(CheckStopped) {
      if input.isMedia {
        try check.validateMedia(input.path, tracks: input.tracks, into: &report)
      } else {
        check.validateCaptionFile(input.path, into: &report)
      }
    } catch {
      return (BatchLine.errorLine(for: input, reason: error.message), .error)
    }
    for case .note(let text) in report.messages { context.stderr.report("\(text)\n") }
    if let failure = report.failures.first {
      return (BatchLine.errorLine(for: input, reason: failure.message), .error)
    }
    let status: BatchLine.Status =
      report.hasFinding(atLeast: settings.failOn) ? .findings : .ok
    var fields: [UInt8] = []
    if let transcripts = settings.transcripts {
      fields = transcripts.write(for: input, reader: settings.options.reader)
    }
    if let fixes = settings.fixes {
      fields += fixes.write(for: input, profile: check.profile, reader: settings.options.reader)
    }
    return (
      BatchLine.line(
        for: input, status: status, fields: fields, report: JSONReportWriter.write(report)),
      status
    )
  }

  /// The one-line reason of a failure, as `validate` would print it.
  static func reason(_ error: any Error) -> String {
    switch error {
    case let failure as CommandFailure: return failure.message
    case let failure as UsageError: return failure.message
    case let failure as InputFailure: return failure.message
    case let stopped as CheckStopped: return stopped.message
    default: return "\(error)"
    }
  }
}
