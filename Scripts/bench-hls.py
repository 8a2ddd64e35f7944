#!/usr/bin/env python3
"""HLS package benchmark: validating a 2-hour package's subtitle renditions.

Makes (once, deterministic) a 2-hour 160x90 H.264 + AAC transport stream from a one-minute
segment repeated with `-c copy`, packages it with FFmpeg's HLS writer in 6-second segments,
writes four 2-hour WebVTT caption files (a cue every 3 seconds: 2,400 each) and adds them
with `captionkit package` as four subtitle renditions: 1,200 WebVTT segments each, 4,800 in
all. Then times, round-robin, the median wall time and the peak resident memory (GNU time) of:

  validate --no-audio   captionkit validate PKG/master.m3u8 --no-audio
                        (the playlists, the 4,800 segments, the first PTS of the video)
  validate              captionkit validate PKG/master.m3u8 (the speech of the variant's
                        audio too, read through FFmpeg's HLS reader)
  speech                captionkit speech LONG.ts (the speech detector alone, on the same
                        audio in one file)
  speech (variant)      captionkit speech PKG/out_0.m3u8 (the speech detector alone, on the
                        package's variant, read through FFmpeg's HLS reader: 1,200 segments)

Goals: validate --no-audio under 2 s and 100 MiB; validate at
most the speech detector's time plus the --no-audio time.

Usage: Scripts/bench-hls.py [--runs N] [--captionkit PATH] [--media DIR]
Needs ffmpeg and GNU time (Scripts/install-deps --bench) and a release build of captionkit
(swift build -c release --product captionkit).
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LANGUAGES = ["en", "es", "fr", "de"]


def ffmpeg(*arguments):
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", *arguments], check=True)


def timestamp(seconds):
    hours, rest = divmod(seconds, 3600)
    minutes, rest = divmod(rest, 60)
    return f"{int(hours):02d}:{int(minutes):02d}:{rest:06.3f}"


def make(media, captionkit):
    package = os.path.join(media, "package")
    if os.path.exists(os.path.join(package, "master.m3u8")):
        return package
    os.makedirs(media, exist_ok=True)
    clip = os.path.join(media, "clip.ts")
    ffmpeg("-f", "lavfi", "-i", "testsrc2=s=160x90:r=25:d=60", "-f", "lavfi", "-i",
           "sine=d=60", "-c:v", "libx264", "-g", "150", "-bf", "0", "-c:a", "aac", "-shortest",
           clip)
    listing = os.path.join(media, "list.txt")
    with open(listing, "w") as out:
        out.write("file 'clip.ts'\n" * 120)
    long = os.path.join(media, "long.ts")
    ffmpeg("-f", "concat", "-safe", "0", "-i", listing, "-c", "copy", long)
    plain = os.path.join(media, "plain")
    os.makedirs(plain, exist_ok=True)
    ffmpeg("-i", long, "-map", "0:v", "-map", "0:a", "-c", "copy", "-f", "hls", "-hls_time", "6",
           "-hls_playlist_type", "vod", "-master_pl_name", "master.m3u8", "-var_stream_map",
           "v:0,a:0", os.path.join(plain, "out_%v.m3u8"))
    tracks = []
    for language in LANGUAGES:
        path = os.path.join(media, f"movie.{language}.vtt")
        with open(path, "w") as out:
            out.write("WEBVTT\n\n")
            start, number = 0.5, 0
            while start < 7190:
                number += 1
                out.write(f"{timestamp(start)} --> {timestamp(start + 2.2)}\n"
                          f"Line {number} in {language}, a short caption.\n\n")
                start += 3.0
        tracks += ["--track", path + (":kind=sdh" if language == "en" else "")]
    subprocess.run([captionkit, "package", os.path.join(plain, "master.m3u8"), *tracks, "-o",
                    package], check=True, stdout=subprocess.DEVNULL)
    return package


def measure(command):
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M", *command], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} exited {result.returncode}: {result.stderr[-400:]}")
    return elapsed, int(result.stderr.strip().split("\n")[-1]) / 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--captionkit", default=os.path.join(ROOT, ".build/release/captionkit"))
    parser.add_argument("--media", default=os.path.join(ROOT, ".build/bench-hls"))
    options = parser.parse_args()
    package = make(options.media, options.captionkit)
    master = os.path.join(package, "master.m3u8")
    segments = sum(name.endswith(".vtt") for _, _, files in os.walk(package) for name in files)
    commands = {
        "validate --no-audio": [options.captionkit, "validate", master, "--no-audio"],
        "validate": [options.captionkit, "validate", master],
        "speech": [options.captionkit, "speech", os.path.join(options.media, "long.ts")],
        "speech (variant)": [options.captionkit, "speech", os.path.join(package, "out_0.m3u8")],
    }
    times = {name: [] for name in commands}
    memory = {name: 0.0 for name in commands}
    for _ in range(options.runs):
        for name, command in commands.items():
            elapsed, peak = measure(command)
            times[name].append(elapsed)
            memory[name] = max(memory[name], peak)
    print(f"2-hour package, {segments} WebVTT segments in {len(LANGUAGES)} renditions; "
          f"medians of {options.runs} runs\n")
    print("| command | median s | peak RSS MiB |")
    print("|---|---:|---:|")
    for name in commands:
        print(f"| {name} | {statistics.median(times[name]):.2f} | {memory[name]:.1f} |")
    quiet = statistics.median(times["validate --no-audio"])
    speech = statistics.median(times["speech"])
    full = statistics.median(times["validate"])
    print()
    print(f"goal validate --no-audio < 2 s and < 100 MiB: {quiet:.2f} s, "
          f"{memory['validate --no-audio']:.1f} MiB: "
          f"{'met' if quiet < 2 and memory['validate --no-audio'] < 100 else 'NOT met'}")
    print(f"goal validate <= speech + no-audio ({speech + quiet:.2f} s): {full:.2f} s: "
          f"{'met' if full <= speech + quiet else 'NOT met'}")
    variant = statistics.median(times["speech (variant)"])
    print(f"the same with the speech read from the package's variant ({variant + quiet:.2f} s): "
          f"{full:.2f} s: {'met' if full <= variant + quiet else 'NOT met'}")


if __name__ == "__main__":
    main()
