// measure-run: runs one program and reports its wall time, peak memory and exit status.
//
//     measure-run RESULT-FILE PROGRAM [ARGUMENT...]
//
// PROGRAM (a path) is started with this process's standard streams and environment. When it
// has ended, one line goes to RESULT-FILE:
//
//     <wall nanoseconds> <peak resident KiB> <status>
//
// The clock runs from just before the program is spawned to just after it is reaped, so it
// holds the program's own start-up and exit but not this helper's. The status is the exit
// code, or 128 plus the number of the signal that ended it; 127 when PROGRAM cannot be run.
//
// Linux gives a process the peak resident size of the one it was spawned from (the mark
// survives exec), so a program spawned by a large harness would report the harness's size;
// spawned from this small process, the peak is the program's own (or this process's, about
// 1 MiB, when that is larger).
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: measure-run RESULT-FILE PROGRAM [ARGUMENT...]\n");
    return 64;
  }
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  pid_t child;
  int spawned = posix_spawn(&child, argv[2], NULL, NULL, argv + 2, environ);
  int status = 0;
  struct rusage usage;
  memset(&usage, 0, sizeof usage);
  int code;
  if (spawned != 0) {
    fprintf(stderr, "measure-run: cannot run %s: %s\n", argv[2], strerror(spawned));
    clock_gettime(CLOCK_MONOTONIC, &end);
    code = 127;
  } else {
    while (wait4(child, &status, 0, &usage) < 0) {
      if (errno != EINTR) {
        fprintf(stderr, "measure-run: cannot wait for %s: %s\n", argv[2], strerror(errno));
        return 70;
      }
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    code = WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
  }
  long long nanoseconds =
      (long long)(end.tv_sec - start.tv_sec) * 1000000000LL + (end.tv_nsec - start.tv_nsec);
  FILE *result = fopen(argv[1], "w");
  if (result == NULL) {
    fprintf(stderr, "measure-run: cannot write %s: %s\n", argv[1], strerror(errno));
    return 73;
  }
  fprintf(result, "%lld %ld %d\n", nanoseconds, usage.ru_maxrss, code);
  if (fclose(result) != 0) {
    fprintf(stderr, "measure-run: cannot write %s: %s\n", argv[1], strerror(errno));
    return 73;
  }
  return code;
}
