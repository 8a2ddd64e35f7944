import CaptionKit
import CaptionRuntime
import Dispatch

/// `--timeout`: the seconds one input may take. An input past its limit gets an error naming
/// it and the limit (exit 65 in the end); its media reads are cancelled
/// (`MediaReadCancellation`), so they stop at the next packet, and its work is left to end
/// in the background: its result, if it ever comes, is dropped. `batch` gives up on an input
/// this way from its watcher; the commands that check one input at a time use `run`.
struct InputTimeLimit: Sendable {
  var seconds: Double

  /// The option of the commands that read one input at a time; no limit by default.
  static let option = CommandConfiguration.Option(
    "timeout", value: "seconds",
    help: "Stop an input that takes longer than this (decimals allowed; default and 0: no "
      + "limit).")

  /// `--timeout` of a command without a default limit: a positive number of seconds; nil
  /// when the option is not given or is 0 (no limit, as `batch` reads it).
  static func given(_ arguments: ParsedArguments) throws(UsageError) -> InputTimeLimit? {
    guard let text = arguments.value("timeout") else { return nil }
    guard let seconds = seconds(text), seconds >= 0 else {
      throw UsageError(
        "'--timeout' takes the seconds an input may take (60, 2.5, or 0 for no limit), "
          + "not '\(text)'")
    }
    return seconds == 0 ? nil : InputTimeLimit(seconds: seconds)
  }

  /// A number of seconds written as a plain decimal (`60`, `2.5`, `0`); nil for anything
  /// else, infinity and NaN included.
  static func seconds(_ text: String) -> Double? {
    guard !text.hasPrefix("+"), let seconds = Double(text), seconds.isFinite else { return nil }
    return seconds
  }

  /// The one-line reason an input past the limit gets.
  func reason(for path: String) -> String {
    let limit = BatchProgress.decimal(seconds, places: 6)
    return "\(path): not done after \(limit) s, the time limit (--timeout); stopped"
  }

  /// The failure an input past the limit gets, as `validate` reports it: unusable, exit 65.
  func failure(for path: String) -> InputFailure {
    InputFailure(
      .unusable, reason(for: path), hint: "give it more time with a larger --timeout")
  }

  /// Runs `body` on a thread of its own with a media read cancellation current, and returns
  /// its result; or, when it is not done within the limit, cancels its media reads and
  /// returns nil without waiting for it.
  func run<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result? {
    let cancellation = MediaReadCancellation()
    let outcome = Locked<(value: Result, end: DispatchTime)?>(nil)
    let done = DispatchSemaphore(value: 0)
    // The deadline is set before the work starts, and work that ends after it is past the
    // limit even when this thread, held up, sees it end first.
    let nanoseconds = min(seconds * 1e9, Double(1 << 60))
    let deadline = DispatchTime.now() + .nanoseconds(Int(nanoseconds))
    let work: @Sendable () -> Void = {
      let value = cancellation.whileCurrent(body)
      outcome.withLock { $0 = (value, DispatchTime.now()) }
      done.signal()
    }
    if !WorkerThread.start(work) {
      // No thread to be had: the work is done on a queue's thread instead.
      DispatchQueue.global().async(execute: work)
    }
    guard done.wait(timeout: deadline) == .success,
      let (value, end) = outcome.withLock({ $0 }), end <= deadline
    else {
      cancellation.cancel()
      return nil
    }
    return value
  }

  /// Runs `body` within `limit` (directly when there is none) and gives its value or its
  /// error; past the limit, throws the failure that names `path` and the limit (exit 65).
  static func run<Value: Sendable>(
    _ limit: InputTimeLimit?, for path: String, _ body: @escaping @Sendable () throws -> Value
  ) throws -> Value {
    guard let limit else { return try body() }
    guard let result = limit.run({ Result { try body() } }) else {
      let failure = limit.failure(for: path)
      throw CommandFailure(ExitCode.dataError, failure.message, hint: failure.hint)
    }
    return try result.get()
  }
}
