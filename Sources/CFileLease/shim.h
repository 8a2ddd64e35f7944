// A read lease on an open file (Linux `fcntl` F_SETLEASE) and the type of the file system it
// is on (`fstatfs`), which the Swift C library module leaves out. While the lease is held,
// another process that opens the file for writing or truncates it waits until it is given up
// (or gets EWOULDBLOCK when it asked not to wait).
#ifndef CK_FILE_LEASE_SHIM_H
#define CK_FILE_LEASE_SHIM_H

#if defined(__linux__)
#include <fcntl.h>
#include <signal.h>
#include <sys/vfs.h>

// Declared by <fcntl.h> only with _GNU_SOURCE, which would make these headers differ from the
// ones the C library module is built from. The values are the kernel's generic ones
// (x86-64, AArch64, 32-bit ARM, RISC-V).
#define CK_F_SETSIG 10
#define CK_F_SETLEASE 1024

/// Takes a read lease on `descriptor` (opened read-only, by the file's owner or a process
/// with CAP_LEASE): 0, or -1 with `errno` (EAGAIN when the file is open for writing). When a
/// writer comes, the system tells this process with SIGURG, which is ignored by default,
/// instead of SIGIO, which would end it; the writer then waits until the file's last
/// descriptor here is closed, or the system's lease-break time has passed (45 s by default).
static inline int ck_lease_for_reading(int descriptor) {
  if (fcntl(descriptor, CK_F_SETSIG, SIGURG) != 0) return -1;
  return fcntl(descriptor, CK_F_SETLEASE, F_RDLCK);
}

/// The type of the file system `descriptor` is on (`f_type` of `fstatfs`: 0xEF53 for ext4),
/// or -1 with `errno`.
static inline long ck_file_system_type(int descriptor) {
  struct statfs status;
  if (fstatfs(descriptor, &status) != 0) return -1;
  return (long)status.f_type;
}

#endif

#endif
