// Reading a file only as far as it is in memory (`preadv2` with `RWF_NOWAIT`, Linux 4.14 and
// glibc 2.26 on), which the Swift C library module leaves out.
#ifndef CK_READ_NO_WAIT_SHIM_H
#define CK_READ_NO_WAIT_SHIM_H

#if defined(__linux__)
#include <sys/types.h>
#include <sys/uio.h>

// Declared by <sys/uio.h> only with _GNU_SOURCE, which would make these headers differ from
// the ones the C library module is built from.
extern ssize_t preadv2(int descriptor, const struct iovec *pieces, int count, off_t offset,
                       int flags);

/// Reads up to `count` bytes at the file's offset (moving it), only those the system holds
/// in memory: fewer, or -1 with `errno` EAGAIN, when the rest must come from a disk.
static inline ssize_t ck_read_no_wait(int descriptor, void *buffer, size_t count) {
  struct iovec piece = {buffer, count};
  return preadv2(descriptor, &piece, 1, -1, 0x00000008 /* RWF_NOWAIT */);
}
#endif

#endif
