internal import CFFmpeg
import CaptionRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where FFmpeg's log goes instead of standard error: the last few warnings and errors,
/// kept so that a failure can say what FFmpeg complained about.
enum FFmpegLog {
  /// The callback for `av_log_set_callback`: formats warnings and errors into the log and
  /// drops the rest (FFmpeg calls it for every level; filtering is the callback's job).
  ///
  /// A function rather than a stored closure: a stored value of a type with a `va_list`
  /// parameter crashes the compiler when another module reads it.
  static func install(with setCallback: (ck_log_callback_f) -> Void) {
    setCallback { object, level, format, arguments in
      if object == nil, let capture = Capture.current, let format, let arguments {
        let text = FFmpegLog.formatted(format, arguments)
        capture.text.withLock { $0 += text }
        return
      }
      guard level <= AV_LOG_WARNING, let format, let arguments,
        !FFmpegLog.refusedDecoder.contains(String(cString: format))
      else { return }
      var text = FFmpegLog.formatted(format, arguments)
      while text.last?.isNewline == true { text.removeLast() }
      if text.isEmpty { return }
      let source = UInt(bitPattern: object)
      FFmpegLog.record(FFmpegLog.Message(source: source, level: level, text: text))
    }
  }

  /// `format` filled in with `arguments`, at most 511 bytes.
  static func formatted(_ format: UnsafePointer<CChar>, _ arguments: CVaListPointer) -> String {
    var buffer = [CChar](repeating: 0, count: 512)
    let written = buffer.withUnsafeMutableBufferPointer {
      vsnprintf($0.baseAddress, $0.count, format, arguments)
    }
    guard written > 0 else { return "" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Runs `body` and returns what FFmpeg logged during it, at any level, without an object
  /// to say whom it is about (as `av_dump_format` logs), joined: those messages go nowhere
  /// else meanwhile. FFmpeg calls the log callback on the thread that logs, so the capture
  /// is bound to the caller's task or thread (a task-local value): other threads' messages
  /// are not taken.
  static func capturingUnattributed(_ body: () -> Void) -> String {
    let capture = Capture()
    Capture.$current.withValue(capture) { body() }
    return capture.text.withLock { $0 }
  }

  /// The text being captured by one caller (`capturingUnattributed`).
  private final class Capture: Sendable {
    let text = Locked("")

    @TaskLocal static var current: Capture?
  }

  /// What FFmpeg logs each time it may not open a decoder (`FormatContext(decoders:)`), as
  /// the format strings of its messages: expected there, so not kept, lest they push out the
  /// messages that matter.
  static let refusedDecoder: Set<String> = [
    "Codec (%s) not on whitelist '%s'\n", "Failed to open codec in %s\n",
  ]

  /// One line FFmpeg logged.
  struct Message: Sendable, Equatable {
    /// The address of the FFmpeg object that logged it (a format or codec context), so
    /// messages can be told apart when several files are read at once.
    var source: UInt
    /// `AV_LOG_ERROR` (16), `AV_LOG_WARNING` (24) and so on.
    var level: Int32
    var text: String

    /// Whether FFmpeg logged it as an error (or worse), not a warning.
    var isError: Bool { level <= AV_LOG_ERROR }
  }

  /// How many messages are kept for one object; its older ones are dropped.
  static let capacity = 16
  /// How many objects' messages are kept; those of the object that logged least recently
  /// are dropped. Objects FFmpeg makes and frees by itself (the decoders it opens to read
  /// the stream information) log too, and nobody takes their messages.
  static let sourceCapacity = 64

  /// Each object's messages, kept apart so that one that logs a lot (a decoder on damaged
  /// audio) cannot push out what another (the file's demuxer) said.
  private struct Store {
    var messages: [UInt: [Message]] = [:]
    /// The objects, the one that logged least recently first.
    var sources: [UInt] = []
  }

  private static let store = Locked(Store())

  /// Takes the messages `object` logged, leaving the others.
  static func take(from object: UnsafeMutableRawPointer) -> [Message] {
    let source = UInt(bitPattern: object)
    return store.withLock { store in
      guard let taken = store.messages.removeValue(forKey: source) else { return [] }
      store.sources.removeAll { $0 == source }
      return taken
    }
  }

  /// The last error (or, failing that, warning) `object` logged, as one line, for the
  /// reason of a failure: `moov atom not found`.
  static func reason(from object: UnsafeMutableRawPointer) -> String? {
    let taken = take(from: object)
    let message =
      taken.last { $0.level <= AV_LOG_ERROR } ?? taken.last { $0.level <= AV_LOG_WARNING }
    return message.map { $0.text.split(whereSeparator: \.isNewline).joined(separator: " ") }
  }

  static func record(_ message: Message) {
    store.withLock { store in
      let source = message.source
      if var kept = store.messages[source] {
        if kept.count == capacity { kept.removeFirst() }
        kept.append(message)
        store.messages[source] = kept
        store.sources.removeAll { $0 == source }
      } else {
        if store.sources.count == sourceCapacity {
          store.messages[store.sources.removeFirst()] = nil
        }
        store.messages[source] = [message]
      }
      store.sources.append(source)
    }
  }
}
