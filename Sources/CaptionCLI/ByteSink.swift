import CaptionKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes bytes: standard output, standard error, or a buffer in tests.
public protocol ByteSink: AnyObject {
  func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(WriteFailure)
}

/// A failed write: the reason as the system names it.
public struct WriteFailure: Error, Equatable {
  public var reason: String

  public init(reason: String) {
    self.reason = reason
  }
}

extension ByteSink {
  public func write(_ bytes: [UInt8]) throws(WriteFailure) {
    try bytes.withUnsafeBufferPointer { (bytes) throws(WriteFailure) in try write(bytes) }
  }

  func write(_ string: String) throws(WriteFailure) {
    try write(Array(string.utf8))
  }

  /// Writes a message where a failure has nowhere to be reported (standard error).
  func report(_ string: String) {
    try? write(Array(string.utf8))
  }
}

/// Writes to an open file descriptor, such as 1 (standard output) or 2 (standard error).
public final class FileDescriptorSink: ByteSink {
  private let descriptor: Int32

  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(WriteFailure) {
    var offset = 0
    while offset < bytes.count, let base = bytes.baseAddress {
      let written = systemWrite(descriptor, base + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw WriteFailure(reason: SystemError.describe(errno))
      }
      offset += written
    }
  }
}

/// Collects what is written, for tests.
public final class BufferSink: ByteSink {
  public private(set) var bytes: [UInt8] = []

  public init() {}

  public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(WriteFailure) {
    self.bytes.append(contentsOf: bytes)
  }

  /// What was written, as UTF-8 text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }
}

private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, pointer, count)
}
