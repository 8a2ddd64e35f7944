import CaptionKit
import CaptionRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The progress of `batch` on standard error: a line redrawn in place when standard error is
/// a terminal, or one JSON object per finished input (`--progress json`), or nothing.
final class BatchProgress: @unchecked Sendable {
  enum Mode: Equatable {
    case none
    case line
    case json
  }

  private struct State {
    var done = 0
    var failed = 0
    var findings = 0
    var current: String?
    var lastDrawn: UInt64 = 0
    var drawn = false
  }

  let mode: Mode
  private let sink: ByteSink
  private let total: Int
  private let color: Bool
  private let start = BatchProgress.now()
  private let state = Locked(State())

  /// Time between two redraws of the line, in nanoseconds.
  static let redrawInterval: UInt64 = 200_000_000

  init(mode: Mode, total: Int, sink: ByteSink, color: Bool) {
    self.mode = mode
    self.total = total
    self.sink = sink
    self.color = color
  }

  /// An input was taken by a worker: the line names it.
  func started(_ input: String) {
    guard mode == .line else { return }
    state.withLock { $0.current = input }
  }

  /// An input's line was written.
  func finished(_ input: String, status: BatchLine.Status) {
    guard mode != .none else { return }
    state.withLock { state in
      state.done += 1
      if status == .error { state.failed += 1 }
      if status == .findings { state.findings += 1 }
      let elapsed = Self.seconds(since: start)
      switch mode {
      case .none: break
      case .json:
        sink.report(
          Self.jsonObject(
            done: state.done, total: total, failed: state.failed, findings: state.findings,
            elapsed: elapsed, input: input, status: status))
      case .line:
        if state.current == nil { state.current = input }
        draw(&state, force: state.done == total)
      }
    }
  }

  /// Redraws the line when it is due (the rate and the time left change with time).
  func tick() {
    guard mode == .line else { return }
    state.withLock { draw(&$0, force: false) }
  }

  /// Clears the line, or writes the last JSON object.
  func finish() {
    state.withLock { state in
      switch mode {
      case .none: break
      case .line: if state.drawn { sink.report("\r\u{1B}[K") }
      case .json:
        sink.report(
          Self.finalObject(
            done: state.done, total: total, failed: state.failed, findings: state.findings,
            elapsed: Self.seconds(since: start)))
      }
    }
  }

  private func draw(_ state: inout State, force: Bool) {
    let now = Self.now()
    guard force || now &- state.lastDrawn >= Self.redrawInterval else { return }
    state.lastDrawn = now
    state.drawn = true
    sink.report(
      Self.line(
        done: state.done, total: total, failed: state.failed,
        elapsed: Double(now &- start) / 1e9, input: state.current, color: color))
  }

  /// The terminal line: carriage return, erase the line, then
  /// `12/40, 1 failed, 3.5/s, 0:08 left  lib/movie.mp4`.
  static func line(
    done: Int, total: Int, failed: Int, elapsed: Double, input: String?, color: Bool
  ) -> String {
    var text = "\r\u{1B}[K\(done)/\(total)"
    if failed > 0 {
      text += color ? ", \u{1B}[31m\(failed) failed\u{1B}[0m" : ", \(failed) failed"
    }
    let rate = elapsed > 0 ? Double(done) / elapsed : 0
    text += ", \(decimal(rate, places: 1))/s"
    if done < total {
      text += rate > 0 ? ", \(clock(Double(total - done) / rate)) left" : ", -:-- left"
    }
    if let input { text += "  " + shortened(input, to: 60) }
    return text
  }

  /// `{"done":3,"total":10,"failed":0,"findings":1,"rate":1.5,"eta":4.667,"input":"…","status":"ok"}`
  static func jsonObject(
    done: Int, total: Int, failed: Int, findings: Int, elapsed: Double, input: String,
    status: BatchLine.Status
  ) -> String {
    let rate = elapsed > 0 ? Double(done) / elapsed : 0
    let eta = rate > 0 ? decimal(Double(total - done) / rate, places: 3) : "null"
    var bytes = Array(
      ("{\"done\":\(done),\"total\":\(total),\"failed\":\(failed),\"findings\":\(findings),"
        + "\"rate\":\(decimal(rate, places: 3)),\"eta\":\(eta),\"input\":").utf8)
    JSONOutput.appendString(input, to: &bytes)
    bytes += Array(",\"status\":\"\(status.rawValue)\"}\n".utf8)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The last object: `{"done":10,"total":10,...,"elapsed":6.2,"final":true}`.
  static func finalObject(
    done: Int, total: Int, failed: Int, findings: Int, elapsed: Double
  ) -> String {
    let rate = elapsed > 0 ? Double(done) / elapsed : 0
    return "{\"done\":\(done),\"total\":\(total),\"failed\":\(failed),\"findings\":\(findings),"
      + "\"rate\":\(decimal(rate, places: 3)),\"elapsed\":\(decimal(elapsed, places: 3)),"
      + "\"final\":true}\n"
  }

  /// `x` with at most `places` decimals, without trailing zeros (`1.5`, `2`, `0.125`).
  static func decimal(_ value: Double, places: Int) -> String {
    guard value.isFinite, value >= 0 else { return "0" }
    var scale = 1
    for _ in 0..<places { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    var fraction = String(scaled % scale)
    fraction = String(repeating: "0", count: max(0, places - fraction.count)) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return fraction.isEmpty ? "\(scaled / scale)" : "\(scaled / scale).\(fraction)"
  }

  /// `m:ss`, or `h:mm:ss` from an hour on.
  static func clock(_ seconds: Double) -> String {
    let total = seconds.isFinite ? Int(seconds.rounded(.up)) : 0
    let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
    let ss = rest < 10 ? "0\(rest)" : "\(rest)"
    if hours > 0 { return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(ss)" }
    return "\(minutes):\(ss)"
  }

  /// The end of a long path, after `…`, so the line fits a terminal.
  static func shortened(_ path: String, to length: Int) -> String {
    guard path.count > length else { return path }
    return "…" + path.suffix(length - 1)
  }

  static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  private static func seconds(since start: UInt64) -> Double {
    Double(now() &- start) / 1e9
  }
}
