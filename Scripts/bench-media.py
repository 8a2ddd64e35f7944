#!/usr/bin/env python3
"""Media benchmark: captionkit's probe, extract, speech analysis, mux and validate next to FFmpeg's tools.

Generates a 10-minute and a 2-hour file (deterministic: FFmpeg test sources with fixed seeds,
a subtitle cue every 3 s), runs each case several times round-robin, and prints the median
wall time, the peak resident memory (GNU time) and the ratio to the FFmpeg command doing the
same job. Also measures the start-up of caption-only and media commands on small inputs.

Usage: Scripts/bench-media.py [--quick] [--only JOB]... [--captionkit PATH] [--out FILE.md]
  --quick  only the 10-minute file and fewer runs
  --only   only these jobs (startup, probe, extract, speech, mux, validate)
Needs ffmpeg, ffprobe and GNU time (Scripts/install-deps --bench).
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def srt_time(ms):
    return f"{ms // 3600000:02}:{ms // 60000 % 60:02}:{ms // 1000 % 60:02},{ms % 1000:03}"


def write_srt(path, seconds):
    words = ["the", "lamp", "went", "out", "again", "ships", "rocks", "bring", "oil", "climb"]
    with open(path, "w", encoding="utf-8") as out:
        for n, start in enumerate(range(0, seconds * 1000 - 2500, 3000), 1):
            line = " ".join(words[(n * 7 + k * 3) % len(words)] for k in range(6))
            out.write(f"{n}\n{srt_time(start)} --> {srt_time(start + 2500)}\n{line}\n\n")


def generate(folder, name, seconds):
    """A low-resolution video with AAC audio and one subtitle track, as MKV and MP4."""
    srt = os.path.join(folder, f"{name}.srt")
    write_srt(srt, seconds)
    base = [
        "ffmpeg", "-nostdin", "-v", "error", "-y",
        "-f", "lavfi", "-i", "testsrc2=s=160x90:r=10",
        "-f", "lavfi", "-i", "sine=f=220:r=48000,volume=0.3",
        "-f", "lavfi", "-i", "anoisesrc=color=pink:seed=11:r=48000:a=0.05",
        "-i", srt,
        "-filter_complex", "[1:a][2:a]amix=inputs=2:normalize=0,aformat=channel_layouts=stereo[a]",
        "-map", "0:v", "-map", "[a]", "-map", "3:s",
        "-c:v", "libx264", "-preset", "ultrafast", "-g", "100",
        "-c:a", "aac", "-b:a", "128k",
        "-metadata:s:s:0", "language=eng",
    ]
    mkv, mp4 = os.path.join(folder, f"{name}.mkv"), os.path.join(folder, f"{name}.mp4")
    subprocess.run(base + ["-c:s", "subrip", "-t", str(seconds), mkv], check=True)
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", mkv, "-map", "0",
                    "-c", "copy", "-c:s", "mov_text", mp4], check=True)
    paths = {"mkv": mkv, "mp4": mp4}
    return paths


def measure(command):
    """One run: wall seconds and peak RSS in MiB, or None when the command failed."""
    start = time.perf_counter()
    proc = subprocess.run(
        ["/usr/bin/time", "-f", "%M"] + command,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        return None, proc.stderr.strip().splitlines()[-2:] if proc.stderr else []
    rss_kib = int(proc.stderr.strip().splitlines()[-1])
    return (wall, rss_kib / 1024), None


def run_cases(cases, runs):
    """Runs every case `runs` times round-robin (after one untimed warm-up run each)."""
    results = {name: [] for name, _ in cases}
    failed = {}
    for round_ in range(runs + 1):
        for name, command in cases:
            if name in failed:
                continue
            sample, error = measure(command)
            if sample is None:
                failed[name] = error
            elif round_ > 0:
                results[name].append(sample)
    return results, failed


def fmt_ms(seconds):
    ms = seconds * 1000
    return f"{ms:.0f}" if ms >= 100 else f"{ms:.1f}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--captionkit", default=os.path.join(ROOT, ".build", "release", "captionkit"))
    parser.add_argument("--out", default=os.path.join(ROOT, "Benchmarks", "results", "media-latest.md"))
    args = parser.parse_args()
    ck = args.captionkit
    if not os.access(ck, os.X_OK):
        sys.exit(f"bench-media: {ck} is missing; build it with `swift build -c release`")

    sizes = [("10min", 600, 7 if not args.quick else 3)]
    if not args.quick:
        sizes.append(("2h", 7200, 3))
    lines = []
    versions = subprocess.run(["ffmpeg", "-version"], capture_output=True, text=True).stdout
    lines.append(f"- {versions.splitlines()[0]}")
    lines.append(f"- {subprocess.run([ck, '--version'], capture_output=True, text=True).stdout.strip()}")
    lines.append(f"- date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    lines.append("")
    lines.append("| input | job | tool | runs | median ms | peak RSS MiB | vs FFmpeg |")
    lines.append("|---|---|---|---:|---:|---:|---:|")
    notes = []
    with tempfile.TemporaryDirectory() as tmp:
        # Start-up on small inputs.
        small = generate(tmp, "small", 5)
        vtt = os.path.join(tmp, "small.vtt")
        with open(vtt, "w") as out:
            out.write("WEBVTT\n\n")
            for n in range(1000):
                out.write(f"{srt_time(n * 3000).replace(',', '.')} --> "
                          f"{srt_time(n * 3000 + 2500).replace(',', '.')}\nline {n}\n\n")
        outdir = os.path.join(tmp, "out")
        os.mkdir(outdir)
        cases = [
            ("startup|--version|captionkit", [ck, "--version"]),
            ("startup|convert 1k cues|captionkit", [ck, "convert", vtt, "-o", os.path.join(outdir, "s.srt")]),
            ("startup|validate 1k cues|captionkit", [ck, "validate", vtt]),
            ("startup|probe 5 s file|captionkit", [ck, "probe", small["mp4"], "--format", "json"]),
            ("startup|probe 5 s file|ffprobe", ["ffprobe", "-v", "error", "-of", "json", "-show_format",
                                                "-show_streams", "-show_chapters", small["mp4"]]),
        ]
        def wanted(cases):
            return [c for c in cases if not args.only or c[0].split("|")[0] in args.only]

        cases = wanted(cases)
        all_results = [("5 s / 1k cues", cases, run_cases(cases, 11))] if cases else []
        for label, seconds, runs in sizes:
            files = generate(tmp, label, seconds)
            mkv, mp4 = files["mkv"], files["mp4"]
            srt = os.path.join(tmp, f"{label}.srt")
            cases = [
                ("probe|mp4|captionkit", [ck, "probe", mp4, "--format", "json"]),
                ("probe|mp4|ffprobe", ["ffprobe", "-v", "error", "-of", "json", "-show_format",
                                       "-show_streams", "-show_chapters", mp4]),
                ("extract|mkv subrip|captionkit", [ck, "extract", mkv, "-o", outdir, "--to", "srt", "--force"]),
                ("extract|mkv subrip|ffmpeg", ["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", mkv,
                                               "-map", "0:s:0", "-c", "copy",
                                               os.path.join(outdir, "copy.srt")]),
                ("extract|mp4 mov_text|captionkit", [ck, "extract", mp4, "-o", outdir, "--to", "srt", "--force"]),
                ("extract|mp4 mov_text|ffmpeg", ["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", mp4,
                                                 "-map", "0:s:0", "-c", "copy",
                                                 os.path.join(outdir, "copy.mp4")]),
                ("speech|mp4 aac|captionkit", [ck, "speech", mp4, "--format", "json"]),
                ("speech|mp4 aac|ffmpeg decode", ["ffmpeg", "-nostdin", "-v", "error", "-i", mp4,
                                                  "-vn", "-f", "null", "-"]),
                ("speech|mp4 aac|ffmpeg silencedetect", ["ffmpeg", "-nostdin", "-v", "error", "-i", mp4,
                                                         "-vn", "-af", "silencedetect", "-f", "null", "-"]),
                # Add a caption file as an MP4 text track, every other stream copied.
                ("mux|mp4 + srt as mov_text|captionkit", [ck, "mux", mp4, "--track", srt + ":lang=en",
                                                          "-o", os.path.join(outdir, "mux.mp4")]),
                ("mux|mp4 + srt as mov_text|ffmpeg", ["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", mp4,
                                                      "-i", srt, "-map", "0", "-map", "1", "-c", "copy",
                                                      "-c:s", "mov_text",
                                                      os.path.join(outdir, "ffmpeg-mux.mp4")]),
                # validate --audio: probe, the embedded track, every rule, the speech analysis;
                # the goal is within 1.5x of decoding the audio alone.
                ("validate|mp4 --audio|captionkit", [ck, "validate", mp4, "--audio",
                                                     "--fail-on", "never", "--format", "json",
                                                     "-o", os.path.join(outdir, "report.json")]),
                ("validate|mp4 --audio|ffmpeg decode", ["ffmpeg", "-nostdin", "-v", "error", "-i", mp4,
                                                        "-vn", "-f", "null", "-"]),
            ]
            all_results.append((label, wanted(cases), run_cases(wanted(cases), runs)))
            for path in files.values():
                os.remove(path)
    for label, cases, (results, failed) in all_results:
        medians = {n: statistics.median(s[0] for s in results[n]) for n, _ in cases
                   if n not in failed and results[n]}
        for name, _ in cases:
            job, what, tool = name.split("|")
            if name not in medians:
                notes.append(f"- {label} {job} {what} {tool}: failed: {' '.join(failed.get(name, []))}")
                continue
            samples = results[name]
            rss = max(s[1] for s in samples)
            peer = next((n for n, _ in cases if n.startswith(f"{job}|{what}|")
                         and not n.endswith("|captionkit") and n in medians), None)
            ratio = ""
            if tool == "captionkit":
                ratio = f"{medians[name] / medians[peer]:.2f}×" if peer else "–"
            lines.append(f"| {label} | {job} {what} | {tool} | {len(samples)} | "
                         f"{fmt_ms(medians[name])} | {rss:.1f} | {ratio} |")
    text = "\n".join(lines + [""] + notes) + "\n"
    print(text)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as out:
        out.write(text)


if __name__ == "__main__":
    main()
