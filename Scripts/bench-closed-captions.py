#!/usr/bin/env python3
"""Closed-caption benchmark: reading a media file's A/53 caption data next to FFmpeg.

Generates (once, deterministic for a seed) a 2-hour 640x360 H.264 file at 29.97 pictures a
second, about 1 Mb/s, carrying CEA-608 pop-on captions as A/53 SEI: a one-minute segment is
encoded, caption SEI NAL units are written into it here, libx264 re-encodes it with three
B-frames keeping them (`-a53cc 1`), and the segment is repeated with `-c copy` (FFmpeg's
concat demuxer) into a transport stream and an MP4. Then times, round-robin, the median wall
time of each command, and measures its peak resident memory (GNU time):

  captionkit      captionkit-bench closed-captions FILE (MediaFile.read, closedCaptions: true,
                  then each captioned stream's pairs decoded into cues: decoded608())
  ffmpeg demux    ffmpeg -i FILE -map 0:v -c copy -f null -  (the video packets, demuxed)
  ffmpeg subcc    ffmpeg -f lavfi -i movie=FILE[out0+subcc] -map 0:1 -f srt -y /dev/null
                  (the captions FFmpeg's decoder attaches to each decoded picture)

Usage: Scripts/bench-closed-captions.py [--runs N] [--subcc-runs N] [--seed S]
           [--minutes N] [--only ts,mp4] [--bench PATH] [--media DIR]
Needs ffmpeg and GNU time (Scripts/install-deps --bench) and a release build of the benchmark
package (cd Benchmarks && swift build -c release).
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RATE = "30000/1001"
WORDS = ["the", "lamp", "went", "out", "again", "ships", "rocks", "bring", "oil", "climb",
         "keeper", "storm", "light", "harbour", "night", "waves", "north", "signal"]


class SplitMix64:
    """The generator the benchmark package uses, so a seed names the same captions."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, bound):
        return ((self.next() >> 32) * bound) >> 32


def odd_parity(byte):
    return byte | (0 if bin(byte).count("1") % 2 == 1 else 0x80)


def pair(first, second):
    return (odd_parity(first), odd_parity(second))


def caption_schedule(pictures, seed):
    """The field 1 pair of each picture: a pop-on caption every 90 pictures (about 3 s):
    RCL, ENM, a preamble for row 15, the text, EOC (control codes doubled, as encoders send
    them); null pairs between."""
    random = SplitMix64(seed)
    pairs = [(0x80, 0x80)] * pictures
    for start in range(0, pictures - 60, 90):
        words = [WORDS[random.below(len(WORDS))] for _ in range(2 + random.below(4))]
        text = " ".join(words)[:32].encode("ascii")
        if len(text) % 2:
            text += b"\x00"
        codes = [pair(0x14, 0x20)] * 2 + [pair(0x14, 0x2E)] * 2 + [pair(0x14, 0x70)] * 2
        codes += [(odd_parity(text[i]) if text[i] else 0x80,
                   odd_parity(text[i + 1]) if text[i + 1] else 0x80)
                  for i in range(0, len(text), 2)]
        codes += [pair(0x14, 0x2F)] * 2
        for offset, code in enumerate(codes):
            pairs[start + offset] = code
    return pairs


def escaped(rbsp):
    out = bytearray()
    zeros = 0
    for byte in rbsp:
        if zeros >= 2 and byte <= 3:
            out.append(3)
            zeros = 0
        out.append(byte)
        zeros = zeros + 1 if byte == 0 else 0
    return bytes(out)


def caption_sei(field1):
    """An H.264 SEI NAL unit with A/53 cc_data: the field 1 pair and a null field 2 pair."""
    cc = bytes([0xC0 | 2, 0xFF, 0xFC, field1[0], field1[1], 0xFD, 0x80, 0x80, 0xFF])
    payload = bytes([0xB5, 0x00, 0x31]) + b"GA94" + bytes([0x03]) + cc
    return bytes([0x06]) + escaped(bytes([4, len(payload)]) + payload + bytes([0x80]))


def insert_captions(stream, pairs):
    """The Annex B `stream` with a caption SEI before each picture's first slice."""
    starts = []
    index = stream.find(b"\x00\x00\x01")
    while index >= 0:
        starts.append(index + 3)
        index = stream.find(b"\x00\x00\x01", index + 3)
    out = bytearray()
    picture = 0
    for number, start in enumerate(starts):
        end = starts[number + 1] - 3 if number + 1 < len(starts) else len(stream)
        while end > start and stream[end - 1] == 0:
            end -= 1
        unit = stream[start:end]
        kind = unit[0] & 0x1F
        if 1 <= kind <= 5 and len(unit) > 1 and unit[1] & 0x80:
            if picture < len(pairs):
                out += b"\x00\x00\x00\x01" + caption_sei(pairs[picture])
            picture += 1
        out += b"\x00\x00\x00\x01" + unit
    return bytes(out), picture


def ffmpeg(*arguments):
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", *arguments], check=True)


def generate(folder, minutes, seed):
    """The 2-hour files (`ts` and `mp4`), made once."""
    paths = {kind: os.path.join(folder, f"cc-{minutes}min.{kind}") for kind in ("ts", "mp4")}
    if all(os.path.exists(p) and os.path.getsize(p) > 0 for p in paths.values()):
        return paths
    os.makedirs(folder, exist_ok=True)
    plain = os.path.join(folder, "segment-plain.h264")
    captioned = os.path.join(folder, "segment-captioned.h264")
    segment = os.path.join(folder, "segment.mkv")
    print("Encoding a one-minute segment", file=sys.stderr)
    ffmpeg("-f", "lavfi", "-i", f"testsrc2=s=640x360:r={RATE}:d=60", "-c:v", "libx264",
           "-preset", "veryfast", "-bf", "0", "-g", "60", "-f", "h264", plain)
    with open(plain, "rb") as source:
        stream = source.read()
    pictures = stream.count(b"\x00\x00\x01\x65") + stream.count(b"\x00\x00\x01\x41")
    written, counted = insert_captions(stream, caption_schedule(max(pictures, 1800), seed))
    with open(captioned, "wb") as out:
        out.write(written)
    print(f"Re-encoding {counted} captioned pictures with B-frames", file=sys.stderr)
    ffmpeg("-r", RATE, "-i", captioned, "-c:v", "libx264", "-preset", "veryfast",
           "-b:v", "1M", "-maxrate", "1.2M", "-bufsize", "2M", "-bf", "3", "-g", "60",
           "-a53cc", "1", segment)
    listing = os.path.join(folder, "segments.txt")
    with open(listing, "w") as out:
        out.write(f"file '{segment}'\n" * minutes)
    for kind, path in paths.items():
        print(f"Joining {minutes} segments into {path}", file=sys.stderr)
        ffmpeg("-f", "concat", "-safe", "0", "-i", listing, "-c", "copy", path)
    for name in (plain, captioned, listing):
        os.remove(name)
    return paths


def measure(command):
    """Wall seconds and peak resident KiB of one run, and its standard output."""
    start = time.perf_counter()
    done = subprocess.run(["/usr/bin/time", "-f", "%M", *command], capture_output=True,
                          text=True)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{done.stderr}")
    peak = int(done.stderr.strip().splitlines()[-1])
    return wall, peak, done.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--subcc-runs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=20251205)
    parser.add_argument("--minutes", type=int, default=120)
    parser.add_argument("--only", default="ts,mp4")
    parser.add_argument("--bench", default=os.path.join(
        ROOT, "Benchmarks/.build/release/captionkit-bench"))
    parser.add_argument("--media", default=os.environ.get(
        "CAPTIONKIT_BENCH_MEDIA", "/tmp/captionkit-bench-media"))
    options = parser.parse_args()
    paths = generate(options.media, options.minutes, options.seed)
    print("| file | command | median s | runs | peak RSS MiB | vs demux | subcc vs this |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for kind in options.only.split(","):
        path = paths[kind]
        commands = {
            "captionkit": [options.bench, "closed-captions", path],
            "ffmpeg demux": ["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-map", "0:v",
                             "-c", "copy", "-f", "null", "-"],
            "ffmpeg subcc": ["ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i",
                             f"movie={path}[out0+subcc]", "-map", "0:1", "-f", "srt", "-y",
                             "/dev/null"],
        }
        times = {name: [] for name in commands}
        peaks = {name: 0 for name in commands}
        # Warm the page cache, then run round-robin so a busy moment hits every command.
        measure(commands["ffmpeg demux"])
        report = ""
        for run in range(options.runs):
            for name, command in commands.items():
                if name == "ffmpeg subcc" and run >= options.subcc_runs:
                    continue
                wall, peak, output = measure(command)
                times[name].append(wall)
                peaks[name] = max(peaks[name], peak)
                if name == "captionkit":
                    report = output.strip()
        medians = {name: statistics.median(values) for name, values in times.items()}
        size = os.path.getsize(path) / (1 << 20)
        for name in commands:
            versus = medians[name] / medians["ffmpeg demux"]
            subcc = medians["ffmpeg subcc"] / medians[name]
            print(f"| {os.path.basename(path)} ({size:.0f} MiB) | {name} | {medians[name]:.2f} "
                  f"| {len(times[name])} | {peaks[name] / 1024:.1f} | {versus:.2f}× "
                  f"| {subcc:.1f}× |")
        print(f"captionkit on {kind}: {report}", file=sys.stderr)


if __name__ == "__main__":
    main()
