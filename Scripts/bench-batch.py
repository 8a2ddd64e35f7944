#!/usr/bin/env python3
"""Batch benchmark: `captionkit batch` over many short media files with sidecars.

Makes one tiny MP4 with FFmpeg (testsrc2 64x36 at 5 fps and a sine, 2 s), copies it under
N names in folders of 100, and writes next to each a WebVTT sidecar and, for some, an SRT one,
of varying content from a seeded random generator (some cues overlap, some lines are long).
Then runs `batch --jobs 1` and `--jobs 2` over the lot, and reports the throughput, the ratio
of the two (three alternating runs each), the CPU time, the parts of the cost of one file (process start, probe, a caption file alone,
validate of one media file), and the peak resident memory of batch over 100 and N inputs.

Usage: Scripts/bench-batch.py [--captionkit PATH] [--count N] [--audio] [--keep DIR]
  --captionkit  the binary (default .build/release/captionkit: `swift build -c release`)
  --count       number of media files (default 1000)
  --audio       let batch analyse the audio too (default: --no-audio)
  --keep        generate into DIR and keep it
Needs ffmpeg and GNU time (Scripts/install-deps --bench).
"""

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORDS = ["the", "lamp", "went", "out", "again", "ships", "rocks", "bring", "oil", "climb",
         "keeper", "storm", "light", "night", "harbour", "wave"]


def vtt_time(ms, sep="."):
    return f"{ms // 3600000:02}:{ms // 60000 % 60:02}:{ms // 1000 % 60:02}{sep}{ms % 1000:03}"


def cues(rng):
    """1 to 6 cues inside 2 s; now and then an overlap or a long line."""
    result, start = [], 0
    for _ in range(rng.randint(1, 6)):
        length = rng.randint(150, 600)
        if start + length > 2000:
            break
        words = rng.randint(2, 14 if rng.random() < 0.1 else 7)
        text = " ".join(rng.choice(WORDS) for _ in range(words))
        result.append((start, start + length, text))
        start += length - (100 if rng.random() < 0.1 else -rng.randint(0, 80))
    return result or [(0, 1000, "the lamp")]


def generate(folder, count, seed=6):
    rng = random.Random(seed)
    tiny = os.path.join(folder, "tiny.mp4")
    subprocess.run([
        "ffmpeg", "-nostdin", "-v", "error", "-y",
        "-f", "lavfi", "-i", "testsrc2=s=64x36:r=5:d=2", "-f", "lavfi", "-i", "sine=d=2",
        "-c:v", "mpeg4", "-c:a", "aac", "-shortest", tiny,
    ], check=True)
    lib = os.path.join(folder, "lib")
    for n in range(count):
        sub = os.path.join(lib, f"d{n // 100:03}")
        os.makedirs(sub, exist_ok=True)
        stem = os.path.join(sub, f"clip{n:05}")
        shutil.copyfile(tiny, stem + ".mp4")
        with open(stem + ".en.vtt", "w", encoding="utf-8") as out:
            out.write("WEBVTT\n\n")
            for start, end, text in cues(rng):
                out.write(f"{vtt_time(start)} --> {vtt_time(end)}\n{text}\n\n")
        if rng.random() < 0.4:
            with open(stem + ".fr.srt", "w", encoding="utf-8") as out:
                for i, (start, end, text) in enumerate(cues(rng), 1):
                    out.write(f"{i}\n{vtt_time(start, ',')} --> {vtt_time(end, ',')}\n{text}\n\n")
    return lib


def timed(command):
    """Wall seconds, peak RSS (MiB) and CPU seconds (user + system) of one run; the exit
    status is returned, not checked (batch exits 1 when some inputs have findings)."""
    start = time.perf_counter()
    proc = subprocess.run(["/usr/bin/time", "-f", "%M %U %S"] + command,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    lines = proc.stderr.strip().splitlines()
    rss, user, system = lines[-1].split()
    timed.cpu = float(user) + float(system)
    return wall, int(rss) / 1024, proc.returncode, lines[:-1]


def median_wall(command, runs):
    timed(command)
    return statistics.median(timed(command)[0] for _ in range(runs))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--captionkit", default=os.path.join(ROOT, ".build/release/captionkit"))
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--audio", action="store_true")
    parser.add_argument("--keep")
    args = parser.parse_args()
    tool = args.captionkit
    folder = args.keep or tempfile.mkdtemp(prefix="captionkit-bench-batch-")
    os.makedirs(folder, exist_ok=True)
    try:
        lib = generate(folder, args.count)
        audio = [] if args.audio else ["--no-audio"]
        results = os.path.join(folder, "results.jsonl")
        clip = os.path.join(lib, "d000", "clip00000")
        print(f"{args.count} media files, {sum(len(f) for _, _, f in os.walk(lib))} files in all;"
              f" audio {'analysed' if args.audio else 'not analysed'}; {os.cpu_count()} cores")

        # Alternating runs, so that a burst of other work on the machine falls on both.
        runs = {1: [], 2: []}
        for _ in range(3):
            for jobs in (1, 2):
                wall, rss, status, errors = timed(
                    [tool, "batch", lib, "--jobs", str(jobs), "--results", results, "--quiet"]
                    + audio)
                with open(results, encoding="utf-8") as lines:
                    count = sum(1 for _ in lines)
                runs[jobs].append(wall)
                print(f"batch --jobs {jobs}: {wall:.2f} s, {count / wall:.1f} files/s, "
                      f"CPU {timed.cpu:.2f} s ({timed.cpu / wall:.2f} cores busy), "
                      f"peak RSS {rss:.1f} MiB, exit {status}, {count} lines")
        for label, pick in (("median", statistics.median), ("best", min)):
            one, two = pick(runs[1]), pick(runs[2])
            print(f"{label}: jobs 1 {args.count / one:.1f} files/s, jobs 2 {args.count / two:.1f}"
                  f" files/s, jobs 2 / jobs 1 throughput {one / two:.2f}x")
        print(f"load average after: {os.getloadavg()[0]:.2f}")

        small = os.path.join(folder, "small")
        os.makedirs(small, exist_ok=True)
        for name in sorted(os.listdir(os.path.join(lib, "d000"))):
            os.link(os.path.join(lib, "d000", name), os.path.join(small, name))
        for label, path, count in (("100", small, 100), (str(args.count), lib, args.count)):
            wall, rss, _, _ = timed(
                [tool, "batch", path, "--jobs", "2", "--results", results, "--quiet"] + audio)
            print(f"peak RSS, batch --jobs 2 over {label} inputs: {rss:.1f} MiB ({wall:.2f} s)")

        parts = [
            ("process start (--version)", [tool, "--version"]),
            ("probe one media file", [tool, "probe", clip + ".mp4"]),
            ("validate one caption file", [tool, "validate", clip + ".en.vtt"]),
            ("validate one media file (probe, sidecars, rules)",
             [tool, "validate", clip + ".mp4"] + audio),
            ("batch of one media file", [tool, "batch", clip + ".mp4", "--quiet"] + audio),
        ]
        for label, command in parts:
            print(f"{label}: {median_wall(command, 15) * 1000:.1f} ms (median of 15)")
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
