import CaptionCore

#if os(Linux)
  import CReadNoWait
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file read into memory, possibly while the part already read is worked on: a thread
/// that needs bytes not read yet reads them itself, a piece of at least `piece` bytes at a
/// time, while the other thread goes on with the bytes it has. Reading is one thread at a
/// time, in order, from the start. (A file read at once is one piece, `finish` alone.)
///
/// `bytes` is as long as the size the file had when opened; only its first `load(upTo:)`
/// bytes are the file's. Nothing reads the others, and nothing changes the array but the
/// reads into its storage, before `load(upTo:)` says they are there.
final class FileLoading: @unchecked Sendable {
  /// The size the file had when it was opened.
  let size: Int
  /// The file's bytes, as far as they are loaded.
  let bytes: [UInt8]
  /// Bytes read at least at a time (for the system, a buffer given its pages at once).
  let piece: Int
  /// Bytes loaded past a place where a part of the file may start, to look for its start
  /// (more when it is not found there).
  let searchWindow: Int

  private let descriptor: Int32
  private let base: UnsafeMutablePointer<UInt8>?
  private let lock = ConditionLock()
  /// Guarded by `lock`: the bytes read, a read's error, and whether the file ended before
  /// `size`.
  private var loaded = 0
  private var failure: Int32?
  private var endedEarly = false

  /// Reads the open file `descriptor` of `size` bytes, from its current offset (its start),
  /// `piece` bytes at least at a time.
  init(descriptor: Int32, size: Int, piece: Int = 1 << 20, searchWindow: Int = 1 << 16) {
    self.descriptor = descriptor
    self.size = size
    self.piece = max(1, piece)
    self.searchWindow = max(1, searchWindow)
    bytes = [UInt8](unsafeUninitializedCapacity: size) { _, initialized in initialized = size }
    base = bytes.withUnsafeBufferPointer { UnsafeMutablePointer(mutating: $0.baseAddress) }
  }

  /// Reads until the first `count` bytes (at most `size`) are loaded, or the file ends, or a
  /// read fails; returns how many are loaded.
  func load(upTo count: Int) -> Int {
    lock.lock()
    defer { lock.unlock() }
    let target = min(count, size)
    while loaded < target, !endedEarly, failure == nil, let base {
      let end = min(size, max(target, loaded + piece))
      MemoryPages.prefault(base + loaded, count: end - loaded)
      while loaded < end {
        let got = read(descriptor, base + loaded, end - loaded)
        if got < 0 {
          if errno == EINTR { continue }
          failure = errno
          break
        }
        if got == 0 {
          endedEarly = true
          break
        }
        loaded += got
      }
    }
    return loaded
  }

  /// The share of the file's pages that the system holds in memory (its page cache), from 0
  /// to 1: asked of a mapping of the file that is never read (Linux `mincore`); 0 when it
  /// cannot tell.
  func residentShare() -> Double {
    #if os(Linux)
      guard size > 0,
        let mapping = mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0),
        mapping != MAP_FAILED
      else { return 0 }
      defer { munmap(mapping, size) }
      return FileMapping.residentShare(of: mapping, size: size)
    #else
      return 0
    #endif
  }

  /// Reads the file, a piece at a time, as far as the system holds it in memory already (in
  /// its page cache), never waiting for a disk; true when that was all `size` bytes. (Linux;
  /// elsewhere, or where a file system cannot tell, nothing is read and it is false.)
  func loadCached() -> Bool {
    #if os(Linux)
      lock.lock()
      defer { lock.unlock() }
      while loaded < size, let base {
        let end = min(size, loaded + piece)
        MemoryPages.prefault(base + loaded, count: end - loaded)
        let wanted = end - loaded
        let got = ck_read_no_wait(descriptor, base + loaded, wanted)
        if got < 0, errno == EINTR { continue }
        if got <= 0 { return false }
        loaded += got
        if got < wanted { return false }
      }
      return loaded == size
    #else
      return false
    #endif
  }

  /// Reads the rest of the file: the bytes up to `size` and whatever follows them (the file
  /// grew), never more than one byte over `maximumSize`. `unchanged` is true when the file
  /// held exactly `size` bytes; `bytes` is then this loading's array itself.
  func finish(maximumSize: Int) -> (bytes: [UInt8], unchanged: Bool, failure: Int32?) {
    let count = load(upTo: size)
    lock.lock()
    let (failure, endedEarly) = (self.failure, self.endedEarly)
    lock.unlock()
    if let failure { return ([], false, failure) }
    if endedEarly { return (Array(bytes[..<count]), false, nil) }
    var all = bytes
    let more = CaptionFileReader.readRest(descriptor, into: &all, maximumSize: maximumSize)
    return (all, more == nil && all.count == size, more)
  }
}
