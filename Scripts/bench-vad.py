#!/usr/bin/env python3
"""Speech-detection benchmark: captionkit, silero-vad and webrtcvad side by side on real
recordings in noise, scored against truth at 10 ms.

Usage: Scripts/bench-vad.py [--captionkit PATH] [--splits librivox,all,tuning] [--seed N]
                            [--media DIR] [--tools captionkit,silero,webrtcvad]

Material. Scripts/vad-mix.py writes, per split, one programme of the recordings of Debian's
`pocketsphinx-testdata` with 0.5-4 s pauses, clean and over pink noise (20, 10, 5 dB SNR),
reversed-speech babble (20 dB) and synthetic music (10 dB), each with a truth file. The
splits: `librivox` (the 5 LibriVox readings, one reader: report the goals here), `all` (all
14 clips: report here too) and `tuning` (the 9 card, digit and command recordings: the only
real recordings to tune a detector on, beside synthetic mixes). This script installs the
Debian package (apt-get, through sudo when not root) and makes the mixes in --media
(default /tmp/captionkit-bench-vad/seed-N).

Truth (see Scripts/vad-mix.py): per clean clip after a 100 Hz high-pass, 30 ms frames every
10 ms above max(clip peak - 40 dB, 5th percentile + 10 dB), pauses under 200 ms bridged,
runs under 50 ms dropped.

Detectors, each on the same 16 kHz mono WAV:
  captionkit  `captionkit speech FILE --format json` (its "segments" start and end), timed
              as a whole process (decode, resample and detection).
  silero      silero-vad's ONNX model (silero_vad.onnx from the PyPI wheel, installed without
              its torch dependency) run with onnxruntime on one CPU thread: 512-sample
              windows, each with the previous window's last 64 samples as context and the
              recurrent state carried over; the probabilities turned into segments as
              silero's get_speech_timestamps does by default (threshold 0.5, exit threshold
              0.35, min speech 250 ms, min silence 100 ms, 30 ms padding). Timed from
              reading the WAV to the segments; loading the model is not timed.
  webrtcvad   webrtcvad-wheels, mode 3, 30 ms frames; each frame's decision as is; a new
              detector per file, since it adapts to what it has heard.

Scores, per mix, on 10 ms cells (a cell is called speech when a detector segment covers its
centre):
  acc    accuracy, % of cells right
  rec    speech recall, % of truth speech cells called speech
  FA     false alarm, % of truth non-speech cells called speech
  onset  per truth segment, the detector segment start nearest the truth onset, among the
         starts from 500 ms before it to the truth segment's end; ms late (negative: early).
         The median over segments; segments with no start there are counted as not scored
         (missed, or merged into an earlier detection).
  false segments a minute in pauses: detector segments that touch no truth speech and lie
         in the pauses placed between clips, per minute of those pauses (babble mix); with
         the % of those pause cells called speech.
  RTF    real-time factor: processing time over audio duration, all mixes of the split.

Python packages (numpy, scipy, onnxruntime, webrtcvad-wheels, and silero-vad with
--no-deps) go into .build/bench-vad-venv from PyPI the first time; the script then runs
itself in that environment. Nothing is downloaded at run time beyond that.
"""

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
import wave

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".build", "bench-vad-venv")
REQUIREMENTS = ["numpy>=1.24", "scipy>=1.10", "onnxruntime>=1.17", "webrtcvad-wheels>=2.0.14,<3"]
SILERO = "silero-vad>=6.2,<6.3"
BEDS = [("none", "none"), ("pink-20", "pink noise 20 dB"), ("pink-10", "pink noise 10 dB"),
        ("pink-5", "pink noise 5 dB"), ("babble-20", "reversed-speech babble 20 dB"),
        ("music-10", "synthetic music 10 dB")]
SPLIT_TITLES = {"librivox": "LibriVox readings (5 clips, one reader)",
                "all": "All clips (14)",
                "tuning": "Tuning clips (9 card, digit and command recordings)"}
TOOLS = ["captionkit", "silero", "webrtcvad"]
RATE = 16000


# ---------------------------------------------------------------------------------------------
# Setup


def ensure_debian_package():
    status = subprocess.run(["dpkg-query", "-W", "-f=${Status}", "pocketsphinx-testdata"],
                            capture_output=True, text=True)
    if "install ok installed" in status.stdout:
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    print("Installing pocketsphinx-testdata", file=sys.stderr)
    subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True)
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "pocketsphinx-testdata"],
                   check=True, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})


def ensure_venv():
    """Creates the virtual environment when needed and re-runs this script inside it."""
    python = os.path.join(VENV, "bin", "python")
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        return
    check = "import numpy, scipy, onnxruntime, webrtcvad; import importlib.util as u; " \
            "assert u.find_spec('silero_vad')"
    if not os.path.exists(python) or subprocess.run([python, "-c", check],
                                                    capture_output=True).returncode:
        print(f"Installing the benchmark's Python packages into {VENV}", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", "--clear", VENV], check=True)
        pip = [python, "-m", "pip", "install", "-q", "--disable-pip-version-check"]
        subprocess.run(pip + REQUIREMENTS, check=True)
        # silero-vad declares torch and torchaudio; only its ONNX file is used here.
        subprocess.run(pip + ["--no-deps", SILERO], check=True)
    os.execv(python, [python, os.path.abspath(__file__), *sys.argv[1:]])


# ---------------------------------------------------------------------------------------------
# Detectors. Each returns a list of (start, end) in seconds.


def read_wav(path):
    import numpy as np
    with wave.open(path) as file:
        assert (file.getframerate(), file.getnchannels(), file.getsampwidth()) == (RATE, 1, 2)
        return np.frombuffer(file.readframes(file.getnframes()), dtype="<i2")


def run_captionkit(binary, path):
    result = subprocess.run([binary, "speech", path, "--format", "json"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"bench-vad: captionkit speech {path} exited {result.returncode}: "
                 f"{result.stderr.strip()}")
    return [(s["start"], s["end"]) for s in json.loads(result.stdout)["segments"]]


class Silero:
    WINDOW, CONTEXT = 512, 64

    def __init__(self):
        import onnxruntime
        package = importlib.util.find_spec("silero_vad").submodule_search_locations[0]
        self.model_path = os.path.join(package, "data", "silero_vad.onnx")
        options = onnxruntime.SessionOptions()
        options.inter_op_num_threads = 1
        options.intra_op_num_threads = 1
        self.session = onnxruntime.InferenceSession(
            self.model_path, sess_options=options, providers=["CPUExecutionProvider"])
        names = sorted(i.name for i in self.session.get_inputs())
        if names != ["input", "sr", "state"]:
            sys.exit(f"bench-vad: unexpected silero model inputs {names}")

    def probabilities(self, samples):
        import numpy as np
        audio = samples.astype(np.float32) / 32768.0
        windows = -(-len(audio) // self.WINDOW)
        audio = np.concatenate([audio, np.zeros(windows * self.WINDOW - len(audio), np.float32)])
        state = np.zeros((2, 1, 128), np.float32)
        context = np.zeros((1, self.CONTEXT), np.float32)
        rate = np.array(RATE, dtype=np.int64)
        probabilities = []
        for i in range(windows):
            chunk = audio[i * self.WINDOW:(i + 1) * self.WINDOW][None, :]
            x = np.concatenate([context, chunk], axis=1)
            out, state = self.session.run(None, {"input": x, "state": state, "sr": rate})
            context = x[:, -self.CONTEXT:]
            probabilities.append(float(out[0, 0]))
        return probabilities

    def __call__(self, path):
        samples = read_wav(path)
        return timestamps(self.probabilities(samples), len(samples))


def timestamps(probabilities, length, threshold=0.5, min_speech_ms=250, min_silence_ms=100,
               pad_ms=30, window=512):
    """silero-vad's get_speech_timestamps_from_probs with its defaults (no maximum speech
    duration, so that branch is left out), in seconds."""
    neg_threshold = max(threshold - 0.15, 0.01)
    min_speech = RATE * min_speech_ms / 1000
    min_silence = RATE * min_silence_ms / 1000
    pad = RATE * pad_ms / 1000
    triggered, temp_end, current, speeches = False, 0, {}, []
    for i, p in enumerate(probabilities):
        sample = window * i
        if p >= threshold and temp_end:
            temp_end = 0
        if p >= threshold and not triggered:
            triggered = True
            current = {"start": sample}
            continue
        if p < neg_threshold and triggered:
            if not temp_end:
                temp_end = sample
            if sample - temp_end < min_silence:
                continue
            current["end"] = temp_end
            if current["end"] - current["start"] > min_speech:
                speeches.append(current)
            current, temp_end, triggered = {}, 0, False
    if current and length - current["start"] > min_speech:
        current["end"] = length
        speeches.append(current)
    for i, speech in enumerate(speeches):
        if i == 0:
            speech["start"] = int(max(0, speech["start"] - pad))
        if i != len(speeches) - 1:
            gap = speeches[i + 1]["start"] - speech["end"]
            if gap < 2 * pad:
                speech["end"] += int(gap // 2)
                speeches[i + 1]["start"] = int(max(0, speeches[i + 1]["start"] - gap // 2))
            else:
                speech["end"] = int(min(length, speech["end"] + pad))
                speeches[i + 1]["start"] = int(max(0, speeches[i + 1]["start"] - pad))
        else:
            speech["end"] = int(min(length, speech["end"] + pad))
    return [(s["start"] / RATE, s["end"] / RATE) for s in speeches]


class WebRTC:
    FRAME = 480

    def __call__(self, path):
        import webrtcvad
        vad = webrtcvad.Vad(3)                     # a new one per file: it adapts as it runs
        samples = read_wav(path)
        segments, start = [], None
        frames = len(samples) // self.FRAME
        for i in range(frames):
            frame = samples[i * self.FRAME:(i + 1) * self.FRAME].tobytes()
            speech = vad.is_speech(frame, RATE)
            if speech and start is None:
                start = i
            elif not speech and start is not None:
                segments.append((start * 0.03, i * 0.03))
                start = None
        if start is not None:
            segments.append((start * 0.03, frames * 0.03))
        return segments


# ---------------------------------------------------------------------------------------------
# Scoring


def cells_of(segments, count):
    import numpy as np
    called = np.zeros(count, bool)
    centres = (np.arange(count) + 0.5) / 100
    for start, end in segments:
        called[(centres >= start) & (centres < end)] = True
    return called


def score(truth, segments):
    import numpy as np
    count = int(round(truth["duration"] * 100))
    reference = cells_of([(s["start"], s["end"]) for s in truth["segments"]], count)
    called = cells_of(segments, count)
    speech, quiet = reference.sum(), (~reference).sum()
    result = {
        "acc": 100 * np.mean(called == reference),
        "rec": 100 * (called & reference).sum() / speech,
        "fa": 100 * (called & ~reference).sum() / quiet,
    }
    starts = np.array([s for s, _ in segments])
    latencies, unscored = [], 0
    for segment in truth["segments"]:
        onset = segment["start"]
        near = starts[(starts >= onset - 0.5) & (starts < segment["end"])] if len(starts) else []
        if len(near) == 0:
            unscored += 1
            continue
        latencies.append(1000 * (near[np.argmin(np.abs(near - onset))] - onset))
    result["onset"] = statistics.median(latencies) if latencies else None
    result["onsets"] = (len(latencies), len(truth["segments"]))
    # Pauses placed between clips (not before the first or after the last clip).
    first, last = truth["clips"][0]["start"], truth["clips"][-1]["end"]
    pauses = [p for p in truth["pauses"] if p["start"] >= first and p["end"] <= last]
    in_pause = cells_of([(p["start"], p["end"]) for p in pauses], count)
    false_segments = 0
    for start, end in segments:
        touched = cells_of([(start, end)], count)
        if not (touched & reference).any() and (touched & in_pause).any():
            false_segments += 1
    minutes = in_pause.sum() / 6000
    result["false_per_minute"] = false_segments / minutes
    result["pause_fa"] = 100 * (called & in_pause).sum() / in_pause.sum()
    return result


# ---------------------------------------------------------------------------------------------
# Report


def table(split, results, timing, tools):
    lines = [f"### {SPLIT_TITLES[split]}", "",
             "accuracy / speech recall / false alarm, %; median onset, ms late (onsets scored "
             "of truth segments)", "",
             "| bed | " + " | ".join(tools) + " |", "|---|" + "---|" * len(tools)]
    for bed, title in BEDS:
        cells = []
        for tool in tools:
            r = results[bed][tool]
            onset = "n/a" if r["onset"] is None else f"{round(r['onset']) + 0:+d}"
            cells.append(f"{r['acc']:.1f} / {r['rec']:.1f} / {r['fa']:.1f}; "
                         f"{onset} ms ({r['onsets'][0]}/{r['onsets'][1]})")
        lines.append(f"| {title} | " + " | ".join(cells) + " |")
    cells = [f"{results['babble-20'][t]['false_per_minute']:.1f} "
             f"({results['babble-20'][t]['pause_fa']:.1f} % of pause time)" for t in tools]
    lines.append("| babble 20 dB: false segments a minute in pauses | " + " | ".join(cells) + " |")
    cells = [f"{timing[t][0] / timing[t][1]:.4f}" for t in tools]
    lines.append("| real-time factor | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--captionkit", default=os.path.join(ROOT, ".build", "release", "captionkit"))
    parser.add_argument("--splits", default="librivox,all,tuning")
    parser.add_argument("--tools", default=",".join(TOOLS))
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--media")
    args = parser.parse_args()
    splits = args.splits.split(",")
    tools = args.tools.split(",")
    if not set(splits) <= set(SPLIT_TITLES) or not set(tools) <= set(TOOLS):
        parser.error(f"splits are {', '.join(SPLIT_TITLES)}; tools are {', '.join(TOOLS)}")
    if "captionkit" in tools and not os.access(args.captionkit, os.X_OK):
        sys.exit(f"bench-vad: no captionkit at {args.captionkit} "
                 "(swift build -c release --product captionkit, or pass --captionkit)")

    ensure_debian_package()
    ensure_venv()
    media = args.media or f"/tmp/captionkit-bench-vad/seed-{args.seed}"

    detectors = {}
    if "captionkit" in tools:
        binary = os.path.abspath(args.captionkit)
        detectors["captionkit"] = lambda path: run_captionkit(binary, path)
    if "silero" in tools:
        detectors["silero"] = Silero()
    if "webrtcvad" in tools:
        detectors["webrtcvad"] = WebRTC()

    reports = []
    for split in splits:
        folder = os.path.join(media, split)
        subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "vad-mix.py"), folder,
                        "--split", split, "--seed", str(args.seed)], check=True)
        results, timing = {}, {tool: [0.0, 0.0] for tool in tools}
        for bed, _ in BEDS:
            path = os.path.join(folder, f"{bed}.wav")
            with open(os.path.join(folder, f"{bed}.truth.json")) as file:
                truth = json.load(file)
            results[bed] = {}
            for tool in tools:
                began = time.perf_counter()
                segments = detectors[tool](path)
                timing[tool][0] += time.perf_counter() - began
                timing[tool][1] += truth["duration"]
                results[bed][tool] = score(truth, segments)
        reports.append(table(split, results, timing, tools))
    print(f"captionkit: {os.path.abspath(args.captionkit)}; seed {args.seed}; "
          f"silero-vad {version('silero-vad')} (ONNX, onnxruntime {version('onnxruntime')}); "
          f"webrtcvad-wheels {version('webrtcvad-wheels')}\n")
    print("\n\n".join(reports))


def version(name):
    from importlib import metadata
    return metadata.version(name)


if __name__ == "__main__":
    main()
