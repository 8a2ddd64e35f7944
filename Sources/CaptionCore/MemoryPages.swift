#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Fresh memory is given its pages when first touched, one fault at a time; for a large
/// buffer about to be filled, asking the system for all of them at once is cheaper.
package enum MemoryPages {
  /// Buffers from this size on are worth the call.
  package static let prefaultSize = 1 << 20

  /// Asks the system to give the whole pages in `count` bytes from `start` their memory now,
  /// as writing them would (Linux 5.14 and later; elsewhere, or when refused, nothing
  /// happens), when `count` is at least `minimum` (by default `prefaultSize`). The bytes are
  /// not changed: pages already there are left as they are.
  package static func prefault(
    _ start: UnsafeMutableRawPointer, count: Int, minimum: Int = prefaultSize
  ) {
    #if os(Linux)
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      guard page > 0, count >= minimum else { return }
      let first = (Int(bitPattern: start) + page - 1) / page * page
      let end = (Int(bitPattern: start) + count) / page * page
      guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
      // MADV_POPULATE_WRITE; refused with EINVAL by kernels before 5.14.
      _ = madvise(aligned, end - first, 23)
    #endif
  }
}
