#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's text for an `errno` value, lowercased to fit a diagnostic phrase.
package enum SystemError {
  package static func describe(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    let message = String(cString: text)
    guard let first = message.first else { return "error \(code)" }
    return first.lowercased() + message.dropFirst()
  }
}
