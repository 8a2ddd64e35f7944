#!/usr/bin/env python3
"""Caption-sync benchmark: `captionkit sync` and ffsubsync side by side on the same shifted
captions and media, scored against the truth.

Usage: Scripts/bench-sync.py [--captionkit PATH] [--tools captionkit,ffsubsync]
                             [--media DIR] [--minutes 10,60] [--seed N] [--venv DIR]
                             [--mixes pink-20,...] [--cases offset-30,...] [--runs N]
                             [--ffsubsync-args ARGS] [--json FILE]

Material. Scripts/sync-mix.py writes, per programme length, a programme of real recordings
(Debian's `pocketsphinx-testdata`) and espeak-ng sentences with seeded pauses, the first
speech after 35 s, over pink noise and synthetic music at 20 and 10 dB SNR (AAC in MP4),
its correct captions (one cue per utterance, from its first to its last truth speech; long
utterances split at pauses), and the cases to repair: offsets of -30, -12.5, -2, +0.7, +5
and +30 s, captions of a 25 fps release against a 23.976 fps programme and the reverse, and
the correct captions against media with 90 s cut out. The material is made in --media
(default /tmp/captionkit-bench-sync/seed-N) when its manifest is missing, and reused after.

Tools, each run once a case (--runs N: N times, the tools taking turns run by run so that
both meet the same load on a shared machine; the median time reported), as a whole process
under GNU time:
  captionkit  `captionkit sync CAPTIONS --to MEDIA -o OUT --force`; left out, with a note,
              when the binary has no `sync` command
  ffsubsync   `ffsubsync MEDIA -i CAPTIONS -o OUT` with its defaults (webrtc speech
              detection, a single global offset, and frame-rate ratios tried: 24/23.976,
              25/23.976, 25/24 and their inverses; --split-penalty, which allows piecewise
              offsets, is off; `--ffsubsync-args=--split-penalty` adds options), from a
              virtual environment: --venv, else this checkout's
              .build/bench-sync-venv, else the main checkout's, else one made here with
              `pip install ffsubsync`

Scores, per case. Output cue i is paired with input cue i when the counts agree (both tools
keep the order), else by their texts in order (difflib). Each truth cue is scored by its
paired output cue: its start error, output start minus truth start. Truth cues with no
output cue (or the whole case, when the tool fails) count as misses. Cues inside the 90 s
removed from the media are not in the cut case's truth and are not scored.
  within 100 ms   % of truth cues whose start is within 100 ms of the truth start
  median          the median |start error| in ms over the paired cues
  time            wall time of the process, start-up included, seconds
  memory          peak resident memory in MiB: the larger of GNU time's maximum resident size
                  (the largest single process) and the sum over the process tree (the tool
                  and the ffmpeg it starts) sampled every 50 ms

Output: a Markdown table per programme length (with both tools, ffsubsync's time over
captionkit's per case and their range), and the JSON of every case (the errors of every
cue and the time of every run included) in --json (default MEDIA/results.json). Only the standard library runs
here; sync-mix needs numpy and scipy in this Python.
"""

import argparse
import difflib
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = ["captionkit", "ffsubsync"]
TOLERANCE = 0.100
DEBIAN = {"pocketsphinx-testdata": "/usr/share/pocketsphinx/test/data",
          "espeak-ng": "/usr/bin/espeak-ng", "ffmpeg": "/usr/bin/ffmpeg", "time": "/usr/bin/time"}


# ---------------------------------------------------------------------------------------------
# Setup


def ensure_debian_packages():
    missing = [name for name, path in DEBIAN.items() if not os.path.exists(path)]
    if not missing:
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    print(f"Installing {', '.join(missing)}", file=sys.stderr)
    subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True)
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", *missing], check=True,
                   env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})


def main_checkout():
    """The main working tree when this one is a linked worktree, else None."""
    result = subprocess.run(["git", "-C", ROOT, "rev-parse", "--path-format=absolute",
                             "--git-common-dir"], capture_output=True, text=True)
    if result.returncode:
        return None
    main = os.path.dirname(result.stdout.strip())
    return None if os.path.realpath(main) == os.path.realpath(ROOT) else main


def has_ffsubsync(venv):
    return os.access(os.path.join(venv, "bin", "ffsubsync"), os.X_OK)


def ensure_venv(chosen):
    """The virtual environment that holds ffsubsync, made when none does."""
    if chosen:
        candidates = [chosen]
    else:
        candidates = [os.path.join(ROOT, ".build", "bench-sync-venv")]
        main = main_checkout()
        if main:
            candidates.append(os.path.join(main, ".build", "bench-sync-venv"))
    for venv in candidates:
        if has_ffsubsync(venv):
            return venv
    venv = candidates[0]
    print(f"Installing ffsubsync into {venv}", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    subprocess.run([os.path.join(venv, "bin", "pip"), "install", "-q",
                    "--disable-pip-version-check", "ffsubsync"], check=True)
    return venv


def venv_version(venv, package):
    script = f"from importlib import metadata; print(metadata.version('{package}'))"
    result = subprocess.run([os.path.join(venv, "bin", "python"), "-c", script],
                            capture_output=True, text=True)
    return result.stdout.strip() or "unknown"


def captionkit_has_sync(binary):
    """Whether the binary has a `sync` command that takes --to."""
    if not os.access(binary, os.X_OK):
        return False, f"no captionkit at {binary}"
    result = subprocess.run([binary, "sync", "--help"], capture_output=True, text=True)
    if result.returncode or "--to" not in result.stdout + result.stderr:
        return False, f"{binary} has no sync command"
    return True, ""


def ensure_material(media, minutes, seed):
    folder = os.path.join(media, f"{minutes:g}min")
    if not os.path.exists(os.path.join(folder, "manifest.json")):
        subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "sync-mix.py"), media,
                        "--seed", str(seed), "--minutes", f"{minutes:g}"], check=True)
    with open(os.path.join(folder, "manifest.json")) as file:
        manifest = json.load(file)
    if manifest["seed"] != seed:
        sys.exit(f"bench-sync: {folder} was made with seed {manifest['seed']}, not {seed}")
    return folder, manifest


# ---------------------------------------------------------------------------------------------
# Running


class TreeSampler(threading.Thread):
    """Samples the summed resident size of a process and its descendants every 50 ms."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak, self.done = pid, 0, threading.Event()

    def tree(self):
        parents = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as file:
                        fields = file.read().rsplit(")", 1)[1].split()
                    parents.setdefault(int(fields[1]), []).append(int(entry))
                except (OSError, IndexError):
                    pass
        found, stack = [], [self.pid]
        while stack:
            pid = stack.pop()
            found.append(pid)
            stack.extend(parents.get(pid, []))
        return found

    def rss(self, pid):
        try:
            with open(f"/proc/{pid}/status") as file:
                for line in file:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return 0

    def run(self):
        while not self.done.wait(0.05):
            # The GNU time process at the root is left out of the sum.
            total = sum(self.rss(pid) for pid in self.tree() if pid != self.pid)
            self.peak = max(self.peak, total)


def measure(command, log):
    """Runs a command under GNU time. Returns (exit status, wall seconds, peak KiB)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report, open(log, "w") as output:
        began = time.perf_counter()
        process = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", report.name, *command],
                                   stdout=output, stderr=subprocess.STDOUT)
        sampler = TreeSampler(process.pid)
        sampler.start()
        status = process.wait()
        wall = time.perf_counter() - began
        sampler.done.set()
        sampler.join()
        lines = [line for line in report.read().splitlines() if line.strip()]
    largest = int(lines[-1]) if lines and lines[-1].strip().isdigit() else 0
    return status, wall, max(largest, sampler.peak)


def command_for(tool, binary, venv, extra, media, captions, out):
    if tool == "captionkit":
        return [binary, "sync", captions, "--to", media, "-o", out, "--force"]
    return [os.path.join(venv, "bin", "ffsubsync"), media, "-i", captions, "-o", out, *extra]


# ---------------------------------------------------------------------------------------------
# Scoring


TIME = re.compile(r"(\d+):(\d\d):(\d\d)[,.](\d{1,3})\s*-->\s*(\d+):(\d\d):(\d\d)[,.](\d{1,3})")


def read_srt(path):
    """[(number or None, start, end, text)] of an SRT file."""
    with open(path, encoding="utf-8-sig", errors="replace") as file:
        blocks = re.split(r"\n\s*\n", file.read().replace("\r\n", "\n").strip())
    cues = []
    for block in blocks:
        lines = block.split("\n")
        for index, line in enumerate(lines):
            match = TIME.search(line)
            if match:
                h1, m1, s1, f1, h2, m2, s2, f2 = match.groups()
                start = int(h1) * 3600 + int(m1) * 60 + int(s1) + int(f1.ljust(3, "0")) / 1000
                end = int(h2) * 3600 + int(m2) * 60 + int(s2) + int(f2.ljust(3, "0")) / 1000
                number = lines[index - 1].strip() if index else ""
                cues.append((int(number) if number.isdigit() else None, start, end,
                             " ".join(lines[index + 1:]).strip()))
                break
    return cues


def pair(inputs, outputs):
    """Input cue index -> output cue index."""
    if len(inputs) == len(outputs):
        return {i: i for i in range(len(inputs))}
    matcher = difflib.SequenceMatcher(None, [c[3] for c in inputs], [c[3] for c in outputs],
                                      autojunk=False)
    paired = {}
    for block in matcher.get_matching_blocks():
        for k in range(block.size):
            paired[block.a + k] = block.b + k
    return paired


def score(folder, case, out):
    inputs = read_srt(os.path.join(folder, case["captions"]))
    truth = {number: start for number, start, _, _ in read_srt(os.path.join(folder, case["truth"]))}
    outputs = read_srt(out) if out and os.path.exists(out) else []
    paired = pair(inputs, outputs) if outputs else {}
    errors = {}
    for index in range(len(inputs)):
        number = index + 1
        if number not in truth:
            continue                               # inside the removed stretch
        errors[number] = (outputs[paired[index]][1] - truth[number]) if index in paired else None
    found = [abs(e) for e in errors.values() if e is not None]
    within = sum(1 for e in found if e <= TOLERANCE + 1e-9)
    return {"cues": len(errors), "paired": len(found), "outputCues": len(outputs),
            "within100": 100 * within / len(errors) if errors else 0.0,
            "medianMs": 1000 * statistics.median(found) if found else None,
            "errors": {str(k): None if v is None else round(v, 3) for k, v in errors.items()}}


def outputs_for(outdir, minutes, case, tool):
    """The output and log paths of a tool on a case."""
    name = f"{minutes:g}min-{case['id'].replace('/', '_')}.{tool}"
    out = os.path.join(outdir, name + ".srt")
    return out, out[:-4] + ".log"


# ---------------------------------------------------------------------------------------------
# Report


def cell(result):
    if result is None:
        return "–"
    if result.get("failed"):
        return f"failed ({result['failed']}) | – | {result['seconds']:.1f} | {result['mib']:.0f}"
    median = "–" if result["medianMs"] is None else f"{result['medianMs']:.0f}"
    return (f"{result['within100']:.1f} | {median} | {result['seconds']:.1f} | "
            f"{result['mib']:.0f}")


def table(minutes, manifest, results, tools):
    header = ["case", "mix"]
    for tool in tools:
        header += [f"{tool} % ≤100 ms", "median ms", "s", "MiB"]
    both = "captionkit" in tools and "ffsubsync" in tools
    if both:
        header.append("ffsubsync s ÷ captionkit s")
    lines = [f"### {minutes:g}-minute programme ({manifest['cues']} cues)", "",
             "| " + " | ".join(header) + " |",
             "|---|---|" + "---:|" * (4 * len(tools) + both)]
    ratios = []
    for case in manifest["cases"]:
        if case["id"] not in results:
            continue
        cells = [cell(results[case["id"]].get(tool)) for tool in tools]
        if both:
            ratio = speed_ratio(results[case["id"]])
            cells.append("–" if ratio is None else f"{ratio:.2f}")
            if ratio is not None:
                ratios.append(ratio)
        lines.append(f"| {case['case']} | {case['mix']} | " + " | ".join(cells) + " |")
    for tool in tools:
        runs = [r[tool] for r in results.values() if r.get(tool)]
        if not runs:
            continue
        worst = min(r.get("within100", 0.0) for r in runs)
        passing = sum(1 for r in runs if r.get("within100", 0.0) >= 95.0)
        lines.append("")
        seconds = statistics.median(r["seconds"] for r in runs)
        lines.append(f"{tool}: {passing} of {len(runs)} cases with at least 95% within 100 ms, "
                     f"worst {worst:.1f}%; median time {seconds:.1f} s, "
                     f"largest memory {max(r['mib'] for r in runs):.0f} MiB")
    if ratios:
        lines.append("")
        lines.append(f"ffsubsync's time over captionkit's: {min(ratios):.2f} to {max(ratios):.2f}, "
                     f"median {statistics.median(ratios):.2f}; at least 5 on "
                     f"{sum(1 for r in ratios if r >= 5)} of {len(ratios)} cases")
    return "\n".join(lines)


def speed_ratio(case_results):
    """ffsubsync's time over captionkit's on a case, when both ran and succeeded."""
    ours, theirs = case_results.get("captionkit"), case_results.get("ffsubsync")
    if not ours or not theirs or ours.get("failed") or theirs.get("failed"):
        return None
    return theirs["seconds"] / ours["seconds"] if ours["seconds"] > 0 else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--captionkit",
                        default=os.path.join(ROOT, ".build", "release", "captionkit"))
    parser.add_argument("--tools", default=",".join(TOOLS))
    parser.add_argument("--media")
    parser.add_argument("--minutes", default="10,60")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--venv", help="a virtual environment with ffsubsync")
    parser.add_argument("--mixes", help="only these mixes (pink-20, pink-10, music-20, music-10)")
    parser.add_argument("--cases",
                        help="only these cases (offset-30, fps-25-to-23.976, cut-90s, ...)")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--ffsubsync-args", default="", help="options added to ffsubsync's")
    parser.add_argument("--json")
    args = parser.parse_args()
    tools = args.tools.split(",")
    if not set(tools) <= set(TOOLS):
        parser.error(f"tools are {', '.join(TOOLS)}")
    minutes_list = [float(m) for m in args.minutes.split(",")]
    media = args.media or f"/tmp/captionkit-bench-sync/seed-{args.seed}"
    extra = args.ffsubsync_args.split()

    ensure_debian_packages()
    notes = []
    binary = os.path.abspath(args.captionkit)
    if "captionkit" in tools:
        available, why = captionkit_has_sync(binary)
        if not available:
            notes.append(f"captionkit: not available ({why}); its columns are left out")
            tools.remove("captionkit")
    venv = ensure_venv(args.venv) if "ffsubsync" in tools else None
    if venv:
        notes.append(f"ffsubsync {venv_version(venv, 'ffsubsync')} from {venv}"
                     + (f", with {' '.join(extra)}" if extra else ", default settings"))
    if "captionkit" in tools:
        notes.append(f"captionkit: {binary}")
    if not tools:
        sys.exit("bench-sync: no tool to run\n" + "\n".join(notes))

    report, everything = [], {"seed": args.seed, "tools": tools, "notes": notes, "programmes": {}}
    outdir = tempfile.mkdtemp(prefix="bench-sync-")
    for minutes in minutes_list:
        folder, manifest = ensure_material(media, minutes, args.seed)
        cases = [c for c in manifest["cases"]
                 if (not args.mixes or c["mix"] in args.mixes.split(","))
                 and (not args.cases or c["case"] in args.cases.split(","))]
        results = {}
        for case in cases:
            results[case["id"]] = {}
            runs = {tool: {"timings": [], "status": 0} for tool in tools}
            # The tools take turns, run by run, so that both see the machine as it is then
            # (a shared machine's speed drifts over minutes).
            for _ in range(args.runs):
                for tool in tools:
                    out, log = outputs_for(outdir, minutes, case, tool)
                    if os.path.exists(out):
                        os.remove(out)
                    command = command_for(tool, binary, venv, extra,
                                          os.path.join(folder, case["media"]),
                                          os.path.join(folder, case["captions"]), out)
                    status, wall, peak = measure(command, log)
                    runs[tool]["timings"].append((wall, peak))
                    runs[tool]["status"] = runs[tool]["status"] or status
                    runs[tool]["command"] = command
            for tool in tools:
                out, log = outputs_for(outdir, minutes, case, tool)
                status, timings = runs[tool]["status"], runs[tool]["timings"]
                result = score(folder, case, out if status == 0 else None)
                if status != 0:
                    result["failed"] = f"exit {status}"
                result["seconds"] = statistics.median(t[0] for t in timings)
                result["runSeconds"] = [round(t[0], 3) for t in timings]
                result["mib"] = max(t[1] for t in timings) / 1024
                result["command"] = " ".join(runs[tool]["command"])
                results[case["id"]][tool] = result
                median = "–" if result["medianMs"] is None else f"{result['medianMs']:.0f} ms"
                print(f"bench-sync: {minutes:g} min {case['id']} {tool}: "
                      f"{result['within100']:.1f}% within 100 ms, median {median}, "
                      f"{result['seconds']:.1f} s, {result['mib']:.0f} MiB"
                      + (f" ({result['failed']}; see {log})" if status else ""), file=sys.stderr)
        everything["programmes"][f"{minutes:g}"] = {"folder": folder, "cases": results}
        report.append(table(minutes, manifest, results, tools))
    path = args.json or os.path.join(media, "results.json")
    with open(path, "w") as file:
        json.dump(everything, file, indent=1)
        file.write("\n")
    print("\n".join(notes) + f"\nseed {args.seed}; material in {media}; JSON in {path}; "
          f"outputs in {outdir}\n")
    print("\n\n".join(report))


if __name__ == "__main__":
    main()
