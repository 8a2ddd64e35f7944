#!/usr/bin/env python3
"""Times the `srt` package (pip install srt) in this process, for captionkit-bench.

Usage:
  srt_peer.py parse IN.srt         read IN with srt.parse
  srt_peer.py write IN.srt OUT.srt read IN and write it with srt.compose
  srt_peer.py version              print the package version

Prints one line of key=value fields: ms, the time from before reading IN to after writing OUT
(the imports and interpreter start-up are not in it; the harness times the whole process
separately), and cues, the number of cues read.
"""
import sys
import time
from importlib import metadata

import srt


def main(argv):
    if argv[1:] == ["version"]:
        print(f"srt {metadata.version('srt')}")
        return 0
    if len(argv) < 3 or argv[1] not in ("parse", "write") or (argv[1] == "write") != (len(argv) == 4):
        print(__doc__, file=sys.stderr)
        return 64
    start = time.perf_counter()
    with open(argv[2], encoding="utf-8-sig") as source:
        subtitles = list(srt.parse(source.read()))
    if argv[1] == "write":
        with open(argv[3], "w", encoding="utf-8") as target:
            target.write(srt.compose(subtitles))
    elapsed = (time.perf_counter() - start) * 1000
    print(f"ms={elapsed:.3f} cues={len(subtitles)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
