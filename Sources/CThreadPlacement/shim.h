// Which processors a thread may run on, and the one it runs on: calls the C library module
// leaves out (declared only with _GNU_SOURCE, which would make these headers differ from the
// ones that module is built from). Processors are given as lists of their numbers.
#ifndef CK_THREAD_PLACEMENT_SHIM_H
#define CK_THREAD_PLACEMENT_SHIM_H

#if defined(__linux__)
#include <pthread.h>
#include <stddef.h>

extern int sched_getcpu(void);
extern int sched_getaffinity(int pid, size_t size, void *mask);
extern int sched_setaffinity(int pid, size_t size, const void *mask);
extern int pthread_attr_setaffinity_np(pthread_attr_t *attributes, size_t size, const void *mask);

/// The most processors these calls know of.
enum { ck_processor_limit = 1024 };

typedef struct {
  unsigned long bits[ck_processor_limit / (8 * sizeof(unsigned long))];
} ck_processor_mask;

static inline void ck_mask_from(ck_processor_mask *mask, const int *processors, int count) {
  const int width = 8 * sizeof(unsigned long);
  *mask = (ck_processor_mask){{0}};
  for (int index = 0; index < count; index++) {
    int processor = processors[index];
    if (processor >= 0 && processor < ck_processor_limit) {
      mask->bits[processor / width] |= 1UL << (processor % width);
    }
  }
}

/// The processor the calling thread runs on; -1 when it cannot be known.
static inline int ck_current_processor(void) { return sched_getcpu(); }

/// Writes the numbers of the processors the calling thread may run on to `processors` (room
/// for `ck_processor_limit`); their count, or -1 when they cannot be known.
static inline int ck_allowed_processors(int *processors) {
  ck_processor_mask mask;
  if (sched_getaffinity(0, sizeof mask, &mask) != 0) return -1;
  const int width = 8 * sizeof(unsigned long);
  int count = 0;
  for (int processor = 0; processor < ck_processor_limit; processor++) {
    if (mask.bits[processor / width] & (1UL << (processor % width))) {
      processors[count++] = processor;
    }
  }
  return count;
}

/// Has a thread made with `attributes` start on one of `processors`; 0 when it will.
static inline int ck_start_on(pthread_attr_t *attributes, const int *processors, int count) {
  ck_processor_mask mask;
  ck_mask_from(&mask, processors, count);
  return pthread_attr_setaffinity_np(attributes, sizeof mask, &mask);
}

/// Lets the calling thread run on `processors`; 0 when it may.
static inline int ck_run_on(const int *processors, int count) {
  ck_processor_mask mask;
  ck_mask_from(&mask, processors, count);
  return sched_setaffinity(0, sizeof mask, &mask);
}
#endif

#endif
