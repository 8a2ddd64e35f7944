import Glibc

/// The one wrapper around Glibc's `iconv`: converts bytes of a legacy encoding to UTF-8.
///
/// Owns its conversion descriptor and closes it in `deinit`.
final class Iconv {
  /// What one call to `convert` stopped on.
  enum Stop {
    /// All input was converted.
    case done
    /// The output buffer is full; call again.
    case outputFull
    /// The bytes at the input position are not valid in the source encoding.
    case invalid
    /// The input ends in the middle of a character.
    case incomplete
  }

  private let descriptor: iconv_t

  /// Opens a converter from `name` (an `iconv -l` name such as `CP949`) to UTF-8; nil when
  /// the system has no such converter.
  init?(from name: String) {
    let descriptor = iconv_open("UTF-8", name)
    guard let descriptor, Int(bitPattern: descriptor) != -1 else { return nil }
    self.descriptor = descriptor
  }

  deinit {
    iconv_close(descriptor)
  }

  /// Converts from `input` into `output`, advancing both; returns why it stopped.
  func convert(
    _ input: inout UnsafeRawBufferPointer, into output: inout UnsafeMutableRawBufferPointer
  ) -> Stop {
    guard let inBase = input.baseAddress, let outBase = output.baseAddress else {
      return input.isEmpty ? .done : .outputFull
    }
    var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(
      mutating: inBase.assumingMemoryBound(to: CChar.self))
    var outPointer: UnsafeMutablePointer<CChar>? = outBase.assumingMemoryBound(to: CChar.self)
    var inLeft = input.count
    var outLeft = output.count
    let result = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
    let code = errno
    input = UnsafeRawBufferPointer(rebasing: input[(input.count - inLeft)...])
    output = UnsafeMutableRawBufferPointer(rebasing: output[(output.count - outLeft)...])
    if result != -1 { return .done }
    switch code {
    case E2BIG: return .outputFull
    case EINVAL: return .incomplete
    default: return .invalid
    }
  }

  /// Writes out what the converter holds back (glibc's windows-1255 keeps a letter until it
  /// sees whether points follow) and returns it to its initial state; false when `output`
  /// is too small.
  func flush(into output: inout UnsafeMutableRawBufferPointer) -> Bool {
    guard let outBase = output.baseAddress else { return false }
    var outPointer: UnsafeMutablePointer<CChar>? = outBase.assumingMemoryBound(to: CChar.self)
    var outLeft = output.count
    let result = iconv(descriptor, nil, nil, &outPointer, &outLeft)
    output = UnsafeMutableRawBufferPointer(rebasing: output[(output.count - outLeft)...])
    return result != -1
  }

  /// Returns the converter to its initial state, after an invalid sequence.
  func reset() {
    iconv(descriptor, nil, nil, nil, nil)
  }
}
