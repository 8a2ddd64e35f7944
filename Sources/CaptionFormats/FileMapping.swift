import CaptionCore

#if os(Linux)
  import CFileLease
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A caption file mapped into memory instead of read into a buffer of its own: its pages are
/// the ones the system holds for it already, so the file costs no copy and no fresh memory.
///
/// A mapped file that another process shortens would end this process (SIGBUS) when a page
/// past its new end is read, and so would a disk failing to read a page. So a file is only
/// mapped on a local file system, under a read lease (a process that opens it for writing or
/// truncates it waits until the mapping is given back), with every page read in before the
/// mapping is used (`MADV_POPULATE_READ`, which reports a failure instead of the signal).
/// When any of that is not to be had, `map` gives nil and the file is read as any other.
enum FileMapping {
  /// The file at `path`, mapped, when it is a regular file of `minimumSize` to
  /// `maximumSize` bytes on a local file system, at least `residentShare` of it (0 to 1) in
  /// the system's memory, and all of the above holds; else nil. The mapping, its lease and
  /// its descriptor are given back when the bytes are no longer used. With `threads` > 1,
  /// the two halves of the file are read in at once, on two threads.
  static func map(
    path: String, minimumSize: Int, maximumSize: Int, residentShare: Double, threads: Int = 1
  ) -> ExternalBytes? {
    #if os(Linux)
      // Not waiting: a FIFO would wait here for a writer.
      let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
      guard descriptor >= 0 else { return nil }
      var status = stat()
      guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
        Int(status.st_size) >= max(1, minimumSize), Int(status.st_size) <= maximumSize,
        localFileSystems.contains(ck_file_system_type(descriptor)),
        ck_lease_for_reading(descriptor) == 0
      else {
        close(descriptor)
        return nil
      }
      // The file may have changed between the first look and the lease.
      let size = Int(status.st_size)
      var leased = stat()
      guard fstat(descriptor, &leased) == 0, Int(leased.st_size) == size,
        let mapping = mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0),
        mapping != MAP_FAILED
      else {
        close(descriptor)
        return nil
      }
      guard Self.residentShare(of: mapping, size: size) >= residentShare,
        populate(mapping, size: size, threads: threads)
      else {
        munmap(mapping, size)
        close(descriptor)
        return nil
      }
      let buffer = UnsafeBufferPointer(
        start: mapping.assumingMemoryBound(to: UInt8.self), count: size)
      nonisolated(unsafe) let base = mapping
      return ExternalBytes(buffer) {
        munmap(base, size)
        // Closing the last descriptor of the file gives up the lease.
        close(descriptor)
      }
    #else
      return nil
    #endif
  }

  #if os(Linux)
    /// `MADV_POPULATE_READ` (Linux 5.14 on; refused with EINVAL before).
    private static let populateRead: Int32 = 22

    /// Reads in every page of `mapping` (`size` bytes), the two halves at once with `threads`
    /// > 1; false when a page cannot be read.
    private static func populate(_ mapping: UnsafeMutableRawPointer, size: Int, threads: Int)
      -> Bool
    {
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      let half = page > 0 ? size / 2 / page * page : 0
      guard threads > 1, half > 0 else { return madvise(mapping, size, populateRead) == 0 }
      nonisolated(unsafe) let base = mapping
      let (first, second) = WorkerThread.run {
        madvise(base, half, populateRead) == 0
      } alongside: {
        madvise(base + half, size - half, populateRead) == 0
      }
      return first && second
    }

    /// File systems whose files change only through this system (ext2/3/4, XFS, Btrfs, F2FS,
    /// tmpfs, overlay): never a network or user-space one, whose files another machine or
    /// process may shorten without the lease knowing.
    private static let localFileSystems: Set<Int> = [
      0xEF53, 0x5846_5342, 0x9123_683E, 0xF2F5_2010, 0x0102_1994, 0x794C_7630,
    ]

    /// The share of the pages of `mapping` (of a file, `size` bytes) that the system holds in
    /// memory (`mincore`), from 0 to 1; 0 when it cannot tell.
    static func residentShare(of mapping: UnsafeMutableRawPointer, size: Int) -> Double {
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      guard size > 0, page > 0 else { return 0 }
      let pages = (size + page - 1) / page
      var resident = [UInt8](repeating: 0, count: pages)
      guard mincore(mapping, size, &resident) == 0 else { return 0 }
      return Double(resident.reduce(0) { $0 + Int($1 & 1) }) / Double(pages)
    }
  #endif
}
