#!/usr/bin/env python3
"""Times the `webvtt-py` package (pip install webvtt-py) in this process, for captionkit-bench.

Usage:
  webvtt_peer.py parse IN          read IN (.vtt with webvtt.read, .srt with webvtt.from_srt)
  webvtt_peer.py write IN OUT      read IN and write OUT (.vtt with save, .srt with save_as_srt)
  webvtt_peer.py version           print the package version

Prints one line of key=value fields: ms, the time from before reading IN to after writing OUT
(the imports and interpreter start-up are not in it; the harness times the whole process
separately), and cues, the number of cues read.
"""
import sys
import time
from importlib import metadata

import webvtt


def main(argv):
    if argv[1:] == ["version"]:
        print(f"webvtt-py {metadata.version('webvtt-py')}")
        return 0
    if len(argv) < 3 or argv[1] not in ("parse", "write") or (argv[1] == "write") != (len(argv) == 4):
        print(__doc__, file=sys.stderr)
        return 64
    source = argv[2]
    start = time.perf_counter()
    captions = webvtt.from_srt(source) if source.endswith(".srt") else webvtt.read(source)
    if argv[1] == "write":
        target = argv[3]
        if target.endswith(".srt"):
            captions.save_as_srt(target)
        else:
            captions.save(target)
    elapsed = (time.perf_counter() - start) * 1000
    print(f"ms={elapsed:.3f} cues={len(captions)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
