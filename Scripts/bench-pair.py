#!/usr/bin/env python3
"""Times two builds of captionkit on one command, in alternating pairs.

Each pair runs both builds once, in turn (which one first alternates), each writing its
standard output to a new file (the one before is deleted before the clock starts). It prints
each build's median and fastest time and the median of the paired differences (B - A):
on a shared machine a busy moment then falls on both builds alike, which a run of one build
after the other does not give.

With --cold, the input is dropped from the page cache before every run (fsync, then
POSIX_FADV_DONTNEED; the file system may keep it), as a file fresh from a disk.

Usage: Scripts/bench-pair.py A B INPUT [--pairs N] [--cold] [-- ARGS...]
  A, B     two captionkit binaries
  INPUT    the file given to `captionkit validate` (or to ARGS, where INPUT is appended)
  ARGS     the command to run instead of `validate` (default: validate)

Example:
  Scripts/bench-pair.py /tmp/before/captionkit .build/release/captionkit big.srt --pairs 80
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def drop_from_cache(path):
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
        os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(descriptor)


def run(binary, arguments, input_path, output, cold):
    if os.path.exists(output):
        os.unlink(output)
    if cold:
        drop_from_cache(input_path)
    with open(output, "wb") as sink:
        start = time.perf_counter()
        subprocess.run([binary, *arguments, input_path], stdout=sink, stderr=subprocess.DEVNULL)
        return (time.perf_counter() - start) * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("input")
    parser.add_argument("--pairs", type=int, default=40)
    parser.add_argument("--cold", action="store_true")
    arguments = sys.argv[1:]
    command = ["validate"]
    if "--" in arguments:
        split = arguments.index("--")
        command = arguments[split + 1 :] or command
        arguments = arguments[:split]
    options = parser.parse_args(arguments)
    options.command = command
    if options.pairs < 1:
        parser.error("--pairs must be at least 1")
    for binary in (options.a, options.b):
        if not os.access(binary, os.X_OK):
            parser.error(f"{binary}: not an executable")
    output = os.path.join(tempfile.mkdtemp(prefix="captionkit-pair-"), "out")
    times_a, times_b, differences = [], [], []
    for pair in range(options.pairs):
        order = (options.a, options.b) if pair % 2 == 0 else (options.b, options.a)
        measured = {}
        for binary in order:
            measured[binary] = run(binary, options.command, options.input, output, options.cold)
        times_a.append(measured[options.a])
        times_b.append(measured[options.b])
        differences.append(measured[options.b] - measured[options.a])
    os.unlink(output)
    os.rmdir(os.path.dirname(output))
    state = "input dropped from the page cache before each run" if options.cold else "input in memory"
    print(f"{options.pairs} pairs, {state}")
    print(f"A {statistics.median(times_a):.1f} ms median, {min(times_a):.1f} fastest: {options.a}")
    print(f"B {statistics.median(times_b):.1f} ms median, {min(times_b):.1f} fastest: {options.b}")
    print(f"B - A: {statistics.median(differences):+.2f} ms at the median of the paired differences")
    return 0


if __name__ == "__main__":
    sys.exit(main())
