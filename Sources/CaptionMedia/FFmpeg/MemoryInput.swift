internal import CFFmpeg

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Bytes in memory that FFmpeg reads as a file, through an `AVIOContext` whose read and seek
/// callbacks copy from them; owned: the context and its buffer are freed when the last
/// reference goes.
final class MemoryInput {
  let library: FFmpegLibrary
  let pointer: UnsafeMutablePointer<AVIOContext>
  /// The bytes and the read position, which the callbacks reach through FFmpeg's `opaque`;
  /// kept alive here because FFmpeg holds its address.
  private let cursor: Cursor

  /// The bytes and how far FFmpeg has read them.
  private final class Cursor {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }
  }

  /// How many bytes FFmpeg asks for at a time.
  private static let bufferSize: Int32 = 32_768

  /// `name` is what errors call the bytes.
  init(bytes: [UInt8], name: String, library: FFmpegLibrary) throws(FFmpegError) {
    let cursor = Cursor(bytes: bytes)
    guard let buffer = library.malloc(Int(Self.bufferSize)) else {
      throw library.error(FFmpegLibrary.Code.outOfMemory, "open", path: name)
    }
    guard
      let context = library.ioAllocReadContext(
        buffer: buffer.assumingMemoryBound(to: UInt8.self), size: Self.bufferSize,
        opaque: Unmanaged.passUnretained(cursor).toOpaque(), read: Self.read, seek: Self.seek)
    else {
      library.free(buffer)
      throw library.error(FFmpegLibrary.Code.outOfMemory, "open", path: name)
    }
    self.library = library
    self.pointer = context
    self.cursor = cursor
  }

  deinit {
    // FFmpeg may have replaced the buffer it was given: free the one it holds now.
    library.free(pointer.pointee.buffer)
    var owned: UnsafeMutablePointer<AVIOContext>? = pointer
    library.ioContextFree(&owned)
  }

  /// Copies the next bytes into FFmpeg's buffer; `AVERROR_EOF` at the end.
  private static let read:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = {
      opaque, buffer, size in
      guard let opaque, let buffer, size > 0 else { return FFmpegLibrary.Code.invalidData }
      let cursor = Unmanaged<Cursor>.fromOpaque(opaque).takeUnretainedValue()
      let count = min(Int(size), cursor.bytes.count - cursor.position)
      guard count > 0 else { return FFmpegLibrary.Code.endOfFile }
      cursor.bytes.withUnsafeBufferPointer { bytes in
        guard let start = bytes.baseAddress else { return }
        buffer.update(from: start + cursor.position, count: count)
      }
      cursor.position += count
      return Int32(count)
    }

  /// Moves the read position as `fseek` does (`whence` `SEEK_SET`, `SEEK_CUR`, `SEEK_END`),
  /// or gives the size for `AVSEEK_SIZE`; a position outside the bytes is refused.
  private static let seek: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 = {
    opaque, offset, whence in
    guard let opaque else { return Int64(FFmpegLibrary.Code.invalidData) }
    let cursor = Unmanaged<Cursor>.fromOpaque(opaque).takeUnretainedValue()
    let count = Int64(cursor.bytes.count)
    // `AVSEEK_FORCE` only says the seek may be slow: nothing is slow here.
    let mode = whence & ~Int32(AVSEEK_FORCE)
    if mode == Int32(AVSEEK_SIZE) { return count }
    let base: Int64
    switch mode {
    case SEEK_SET: base = 0
    case SEEK_CUR: base = Int64(cursor.position)
    case SEEK_END: base = count
    default: return Int64(FFmpegLibrary.Code.invalidData)
    }
    let (target, overflow) = base.addingReportingOverflow(offset)
    guard !overflow, target >= 0, target <= count else {
      return Int64(FFmpegLibrary.Code.invalidData)
    }
    cursor.position = Int(target)
    return target
  }
}
