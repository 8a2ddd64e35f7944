#!/usr/bin/env python3
"""Writes the speech-detection benchmark material: real recordings over beds, with truth.

Usage: Scripts/vad-mix.py OUTDIR [--split all|librivox|tuning] [--seed N] [--data DIR]
       Scripts/vad-mix.py --list [--data DIR]

Material. The clips are the recordings of Debian's `pocketsphinx-testdata` (16 kHz mono,
16-bit; the .raw files are headerless little-endian):

  librivox   5 LibriVox readings of Sense and Sensibility, one reader (librivox/*.wav)
  cards      5 playing-card phrases ("ten of clubs", cards/*.wav)
  digits     2 digit strings (numbers.raw, tidigits/dhd.2934z.raw)
  command    2 short commands (goforward.raw, something.raw)

`--split` chooses the clips of the programme: `all` (14), `librivox` (the 5 readings, the
clips the goals are reported on) or `tuning` (the 9 others: the only real recordings a
detector may be tuned on). The clips, in a seeded random order and at their own levels, are
placed with seeded pauses of 0.5 to 4 s (also before the first and after the last), each
rounded to 10 ms, into one 16 kHz mono programme. It is written clean and over five beds:

  none        the programme alone
  pink-20/10/5  pink noise (1/f power from 20 Hz) at 20, 10 and 5 dB SNR
  babble-20   4 concurrent streams of time-reversed clips at 20 dB SNR; each stream never
              plays a clip that is in the foreground at the same time, and the streams of
              the `tuning` split use only tuning clips (no LibriVox reader in tuning material)
  music-10    synthetic music at 10 dB SNR: 4-beat bars of harmonic-tone chords and a bass
              line, with kick, snare and hi-hat

SNR is the power of the programme over its truth speech (its active level) against the
power of the whole bed. Each babble clip is first brought to the same active level. A mix
that would clip is scaled down as a whole (speech and bed together), and the gain is noted.

Truth. From each clean clip after a 100 Hz high-pass (4th-order Butterworth, zero phase):
30 ms frames every 10 ms; a frame is speech when its level (mean square, dB) is above
max(clip peak - 40 dB, clip's 5th percentile + 10 dB), where the peak is the loudest frame's
level and the percentile is over the clip's frame levels. Each 10 ms cell takes the decision
of the frame centred on it. Pauses under 200 ms between speech are bridged, then speech runs
under 50 ms are dropped. The programme truth is the clip truth at each clip's offset; every
segment keeps its clip's identity and kind.

Output, in OUTDIR: `<bed>.wav` (16-bit PCM) and `<bed>.truth.json` per mix. The truth file
holds the seed, split, bed, SNR, levels, the clips placed (id, kind, start, end), the
pauses between them, and the speech segments (start, end, clip, kind), times in seconds.
Needs numpy and scipy. With the same seed, package and library versions, the output is
identical.
"""

import argparse
import json
import os
import sys
import wave

import numpy as np
from scipy import signal

RATE = 16000
CELL = 160            # 10 ms
FRAME = 480           # 30 ms
DATA = "/usr/share/pocketsphinx/test/data"
SPLITS = ("all", "librivox", "tuning")
BEDS = [
    ("none", None, None),
    ("pink-20", "pink", 20.0),
    ("pink-10", "pink", 10.0),
    ("pink-5", "pink", 5.0),
    ("babble-20", "babble", 20.0),
    ("music-10", "music", 10.0),
]


# ---------------------------------------------------------------------------------------------
# Clips


def kind_of(relative):
    if relative.startswith("librivox/"):
        return "librivox"
    if relative.startswith("cards/"):
        return "cards"
    if "numbers" in relative or "tidigits" in relative:
        return "digits"
    return "command"


def find_clips(data):
    """Every WAV and raw recording under the package's data directory, sorted by path."""
    clips = []
    for folder, _, names in os.walk(data):
        for name in names:
            if name.endswith((".wav", ".raw")):
                path = os.path.join(folder, name)
                relative = os.path.relpath(path, data)
                clip_id = os.path.splitext(relative)[0]
                clips.append({"id": clip_id, "path": path, "kind": kind_of(relative)})
    return sorted(clips, key=lambda clip: clip["id"])


def read_clip(path):
    if path.endswith(".wav"):
        with wave.open(path) as file:
            if (file.getframerate(), file.getnchannels(), file.getsampwidth()) != (RATE, 1, 2):
                sys.exit(f"vad-mix: {path} is not 16 kHz mono 16-bit")
            data = np.frombuffer(file.readframes(file.getnframes()), dtype="<i2")
    else:
        data = np.fromfile(path, dtype="<i2")
    return data.astype(np.float64) / 32768.0


def in_split(clip, split):
    if split == "librivox":
        return clip["kind"] == "librivox"
    if split == "tuning":
        return clip["kind"] != "librivox"
    return True


# ---------------------------------------------------------------------------------------------
# Truth


def runs(mask):
    """(start, end) index pairs of the runs of True in a boolean array."""
    padded = np.concatenate([[False], mask, [False]]).astype(np.int8)
    edges = np.flatnonzero(np.diff(padded))
    return list(zip(edges[0::2], edges[1::2]))


def clip_truth(samples):
    """Per 10 ms cell speech flags of one clip (the clip padded to a whole number of cells)."""
    sos = signal.butter(4, 100, btype="highpass", fs=RATE, output="sos")
    filtered = signal.sosfiltfilt(sos, samples)
    frames = np.lib.stride_tricks.sliding_window_view(filtered, FRAME)[::CELL]
    levels = 10 * np.log10(np.mean(frames ** 2, axis=1) + 1e-12)
    threshold = max(levels.max() - 40.0, np.percentile(levels, 5) + 10.0)
    speech_frames = levels > threshold
    cells = -(-len(samples) // CELL)
    # Frame i spans cells i..i+2; cell j takes the frame centred on it, frame j - 1.
    frame_of_cell = np.clip(np.arange(cells) - 1, 0, len(speech_frames) - 1)
    speech = speech_frames[frame_of_cell].copy()
    starts_ends = runs(speech)
    for (_, end), (start, _) in zip(starts_ends, starts_ends[1:]):
        if start - end < 20:                      # bridge pauses under 200 ms
            speech[end:start] = True
    for start, end in runs(speech):
        if end - start < 5:                       # drop runs under 50 ms
            speech[start:end] = False
    return speech, {"peakDb": round(float(levels.max()), 2),
                    "p5Db": round(float(np.percentile(levels, 5)), 2),
                    "thresholdDb": round(float(threshold), 2)}


# ---------------------------------------------------------------------------------------------
# Programme


def build_programme(clips, rng):
    """Places the clips in a seeded order with 0.5-4 s pauses. Returns the samples, the cell
    truth, the cell-wise clip index (-1 in pauses) and the placements."""
    order = rng.permutation(len(clips))
    pauses = np.round(rng.uniform(0.5, 4.0, len(clips) + 1), 2)
    pieces, truth, owner, placed, pause_list = [], [], [], [], []
    cursor = 0                                     # in cells

    def add_pause(seconds):
        nonlocal cursor
        cells = int(round(seconds * 100))
        pieces.append(np.zeros(cells * CELL))
        truth.append(np.zeros(cells, bool))
        owner.append(np.full(cells, -1))
        pause_list.append({"start": cursor / 100, "end": (cursor + cells) / 100})
        cursor += cells

    add_pause(pauses[0])
    for position, index in enumerate(order):
        clip = clips[index]
        cells = len(clip["truth"])
        padded = np.zeros(cells * CELL)
        padded[: len(clip["samples"])] = clip["samples"]
        pieces.append(padded)
        truth.append(clip["truth"])
        owner.append(np.full(cells, index))
        placed.append({"id": clip["id"], "kind": clip["kind"], "source": clip["path"],
                       "start": cursor / 100, "end": (cursor + cells) / 100,
                       "truthLevels": clip["levels"]})
        cursor += cells
        add_pause(pauses[position + 1])
    return (np.concatenate(pieces), np.concatenate(truth), np.concatenate(owner), placed,
            pause_list)


def segments_of(truth, owner, clips):
    segments = []
    for start, end in runs(truth):
        clip = clips[owner[start]]
        segments.append({"start": start / 100, "end": end / 100, "clip": clip["id"],
                         "kind": clip["kind"]})
    return segments


def power(x):
    return float(np.mean(x ** 2)) + 1e-20


def db(p):
    return 10 * np.log10(p)


# ---------------------------------------------------------------------------------------------
# Beds


def pink_noise(n, rng):
    white = rng.standard_normal(n)
    spectrum = np.fft.rfft(white)
    freqs = np.fft.rfftfreq(n, 1 / RATE)
    shape = 1 / np.sqrt(np.maximum(freqs, 20.0))
    return np.fft.irfft(spectrum * shape, n)


def babble(n, clips, pool, owner, rng, streams=4):
    """Sum of `streams` streams of time-reversed clips played back to back, each clip at the
    same active level. A stream never plays a clip that is in the foreground (owner, per
    cell) over the same time, and avoids clips other streams play then when it can."""
    cells = -(-n // CELL)
    foreground = np.concatenate([owner, np.full(max(0, cells - len(owner)), -1)])
    reversed_clips = {}
    for index in pool:
        samples = clips[index]["samples"]
        active = power(samples[np.repeat(clips[index]["truth"], CELL)[: len(samples)]])
        reversed_clips[index] = samples[::-1] / np.sqrt(active)
    busy = []                                      # (start cell, end cell, clip) of streams
    total = np.zeros(n)
    placements = []
    for stream in range(streams):
        out = np.zeros(n)
        cursor = -int(rng.integers(0, 300))        # start inside a clip, up to 3 s in
        while cursor < cells:
            candidates = []
            for strict in (True, False):
                for index in pool:
                    length = -(-len(reversed_clips[index]) // CELL)
                    lo, hi = max(cursor, 0), min(cursor + length, cells)
                    if hi > lo and np.any(foreground[lo:hi] == index):
                        continue
                    if strict and any(c == index and s < cursor + length and cursor < e
                                      for s, e, c in busy):
                        continue
                    candidates.append(index)
                if candidates:
                    break
            index = int(rng.choice(candidates))
            piece = reversed_clips[index]
            length = -(-len(piece) // CELL)
            start = cursor * CELL
            lo, hi = max(start, 0), min(start + len(piece), n)
            if hi > lo:
                out[lo:hi] += piece[lo - start: hi - start]
            busy.append((cursor, cursor + length, index))
            placements.append({"stream": stream, "clip": clips[index]["id"],
                               "start": cursor / 100, "end": (cursor + length) / 100})
            cursor += length
        total += out
    return total, placements


def music(n, rng):
    """Chords of harmonic tones, a bass line, kick, snare and hi-hat, 4-beat bars."""
    t = np.arange(n) / RATE
    tempo = float(rng.uniform(96, 132))
    beat = 60.0 / tempo
    bar = 4 * beat
    key = int(rng.integers(0, 12))
    progressions = [[0, 7, 9, 5], [0, 5, 7, 5], [9, 5, 0, 7], [0, 9, 5, 7]]
    progression = progressions[int(rng.integers(0, len(progressions)))]
    out = np.zeros(n)

    def tone(freq, start, length, harmonics=5, decay=1.5):
        a, b = int(start * RATE), min(int((start + length) * RATE), n)
        if a >= n:
            return
        tt = t[a:b] - start
        envelope = np.minimum(tt / 0.02, 1.0) * np.exp(-tt * decay)
        envelope *= np.minimum((length - tt) / 0.05, 1.0).clip(0, 1)
        wave_ = sum(np.sin(2 * np.pi * freq * k * tt + rng.uniform(0, 2 * np.pi)) / k ** 1.3
                    for k in range(1, harmonics + 1) if freq * k < RATE / 2)
        out[a:b] += envelope * wave_

    def burst(start, length, kind):
        a, b = int(start * RATE), min(int((start + length) * RATE), n)
        if a >= n:
            return
        tt = t[a:b] - start
        if kind == "kick":
            phase = 2 * np.pi * np.cumsum(50 + 90 * np.exp(-tt * 30)) / RATE
            out[a:b] += 1.6 * np.sin(phase) * np.exp(-tt * 18)
        elif kind == "snare":
            noise = signal.sosfilt(band_snare, rng.standard_normal(b - a))
            out[a:b] += (2.5 * noise + 0.4 * np.sin(2 * np.pi * 190 * tt)) * np.exp(-tt * 25)
        else:
            noise = signal.sosfilt(high_hat, rng.standard_normal(b - a))
            out[a:b] += 0.8 * noise * np.exp(-tt * 90)

    band_snare = signal.butter(2, [800, 5000], btype="bandpass", fs=RATE, output="sos")
    high_hat = signal.butter(4, 6000, btype="highpass", fs=RATE, output="sos")
    bars = int(np.ceil(n / RATE / bar)) + 1
    for number in range(bars):
        start = number * bar
        root = 48 + key + progression[number % len(progression)]       # MIDI, around C3
        minor = progression[number % len(progression)] in (9, 2, 4)
        third = 3 if minor else 4
        for note in (root + 12, root + 12 + third, root + 19, root + 24):
            tone(440 * 2 ** ((note - 69) / 12), start, bar, harmonics=6, decay=0.6)
        for b in range(4):
            tone(440 * 2 ** ((root - 12 - 69) / 12), start + b * beat, beat * 0.9,
                 harmonics=4, decay=3.0)
            burst(start + b * beat, 0.4, "kick" if b % 2 == 0 else "snare")
            burst(start + b * beat, 0.1, "hat")
            burst(start + (b + 0.5) * beat, 0.1, "hat")
    return out


# ---------------------------------------------------------------------------------------------
# Output


def write_wav(path, samples):
    data = np.round(np.clip(samples, -1.0, 32767 / 32768) * 32768).astype("<i2")
    with wave.open(path, "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(RATE)
        file.writeframes(data.tobytes())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("outdir", nargs="?")
    parser.add_argument("--split", choices=SPLITS, default="all")
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--data", default=DATA, help=f"the package's data ({DATA})")
    parser.add_argument("--list", action="store_true", help="list the clips and exit")
    args = parser.parse_args()

    clips = find_clips(args.data)
    if not clips:
        sys.exit(f"vad-mix: no recordings under {args.data}; "
                 "install Debian's pocketsphinx-testdata")
    for clip in clips:
        clip["samples"] = read_clip(clip["path"])
        clip["truth"], clip["levels"] = clip_truth(clip["samples"])
    if args.list:
        for clip in clips:
            speech = clip["truth"].sum() / 100
            print(f"{clip['id']:50} {clip['kind']:9} {len(clip['samples']) / RATE:5.2f} s  "
                  f"speech {speech:5.2f} s  split {'librivox' if clip['kind'] == 'librivox' else 'tuning'}")
        total = sum(len(clip["samples"]) for clip in clips) / RATE
        print(f"{len(clips)} clips, {total:.1f} s")
        return
    if not args.outdir:
        parser.error("OUTDIR is required")

    chosen = [clip for clip in clips if in_split(clip, args.split)]
    # One generator per purpose, so adding a bed never changes the others.
    seeds = np.random.SeedSequence([args.seed, SPLITS.index(args.split)]).spawn(4)
    programme, truth, owner, placed, pauses = build_programme(chosen, np.random.default_rng(seeds[0]))
    n = len(programme)
    speech_mask = np.repeat(truth, CELL)
    active = power(programme[speech_mask])
    segments = segments_of(truth, owner, chosen)

    pool = [i for i, clip in enumerate(chosen)]
    if args.split == "librivox":
        # Babble may use every clip: the tuning clips are not test material.
        chosen_babble = chosen + [clip for clip in clips if not in_split(clip, "librivox")]
        pool = list(range(len(chosen_babble)))
    else:
        chosen_babble = chosen

    os.makedirs(args.outdir, exist_ok=True)
    beds = {}
    for name, kind, snr in BEDS:
        extra = {}
        if kind is None:
            bed = np.zeros(n)
        elif kind == "pink":
            if "pink" not in beds:
                beds["pink"] = pink_noise(n, np.random.default_rng(seeds[1]))
            bed = beds["pink"]
        elif kind == "babble":
            bed, extra["babble"] = babble(n, chosen_babble, pool, owner,
                                          np.random.default_rng(seeds[2]))
        else:
            bed = music(n, np.random.default_rng(seeds[3]))
        if snr is not None:
            bed = bed * np.sqrt(active / power(bed) / 10 ** (snr / 10))
        mix = programme + bed
        peak = np.max(np.abs(mix))
        gain = min(1.0, 0.98 / peak)
        mix *= gain
        write_wav(os.path.join(args.outdir, f"{name}.wav"), mix)
        record = {
            "seed": args.seed, "split": args.split, "bed": kind or "none", "snrDb": snr,
            "sampleRate": RATE, "resolution": CELL / RATE, "duration": n / RATE,
            "gainDb": round(float(db(gain ** 2)), 2),
            "speechActiveLevelDbfs": round(float(db(active * gain ** 2)), 2),
            "bedLevelDbfs": round(float(db(power(bed) * gain ** 2)), 2) if snr is not None else None,
            "truth": "100 Hz high-pass; 30 ms frames every 10 ms; speech above max(peak - 40 dB, "
                     "5th percentile + 10 dB); pauses under 200 ms bridged; runs under 50 ms dropped",
            "clips": placed, "pauses": pauses, "segments": segments, **extra,
        }
        with open(os.path.join(args.outdir, f"{name}.truth.json"), "w") as file:
            json.dump(record, file, indent=1)
            file.write("\n")
    speech_seconds = truth.sum() / 100
    print(f"vad-mix: {args.split}: {len(chosen)} clips, {n / RATE:.2f} s, speech "
          f"{speech_seconds:.2f} s in {len(segments)} segments, active level {db(active):.1f} dBFS; "
          f"{len(BEDS)} mixes in {args.outdir}")


if __name__ == "__main__":
    main()
