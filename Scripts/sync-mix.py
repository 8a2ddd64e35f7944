#!/usr/bin/env python3
"""Writes the caption-sync benchmark material: long programmes of speech over beds, their
correct captions, and shifted copies of the captions to repair.

Usage: Scripts/sync-mix.py OUTDIR [--seed N] [--minutes M ...] [--data DIR]

Programme. One per length (--minutes, default 10 and 60; 30 is the other usual one), made
at 16 kHz from a seeded sequence of utterances:

  recordings  the 14 recordings of Debian's `pocketsphinx-testdata` (the clips of
              Scripts/vad-mix.py), dealt like a deck: all 14 in a seeded order, then again in
              a new order, and so on
  synthetic   espeak-ng sentences: a seeded pool of 96 renditions of the sentences below
              (voice, speed and pitch drawn per rendition), resampled to 16 kHz and dealt
              the same way

Each utterance is a recording or a synthetic one with even odds, brought to an active level
of -26 dBFS +/- 4 dB (seeded). Pauses between utterances are 0.3 to 4 s, and one in 16 is a
scene change of 5 to 20 s (all rounded to 10 ms). The first utterance starts 35.5 to 40 s
in, so its speech starts after 35 s and no caption shifted by -30 s has a negative time;
utterances are added while the last one ends at least 5 s before the end.

Truth. Each utterance's speech comes from its clean signal exactly as in vad-mix (100 Hz
high-pass; 30 ms frames every 10 ms above max(peak - 40 dB, 5th percentile + 10 dB); pauses
under 200 ms bridged, runs under 50 ms dropped). One cue per utterance, from its first
speech cell to its last. An utterance longer than 6 s is split at the inner pause nearest
its middle, again while a piece is longer than 6 s and has a pause (a pause between truth
segments, or a run of 60 ms or more of frames under the threshold inside one: a word gap
the bridging closed); the words go to the pieces in proportion to their length. Cue text
is the transcript: the package's transcription files for the LibriVox and card recordings,
the TIDIGITS file name for dhd.2934z ("two nine three four zero"), the grammar's sentence
for goforward ("go forward ten meters"), `[numbers]` and `[something]` for the two
recordings with none; the sentence for synthetic ones.

Beds, over the whole programme: pink noise and synthetic music (vad-mix's generators) at 20
and 10 dB SNR, where SNR is the programme's power over its truth speech against the power of
the whole bed, as in vad-mix. A mix that would clip is scaled down as a whole. The media is
AAC in MP4 (FFmpeg's encoder with its fast coder, 128 kb/s a channel), written by the ffmpeg
command: the 20 dB mixes at 48 kHz stereo (both channels the same), the 10 dB mixes at
16 kHz mono.

Cases, for each of the four mixes (captions to repair, media, truth):

  offset-S      every cue moved by S seconds: -30, -12.5, -2, +0.7, +5, +30
  fps-25-to-23.976   captions timed for a 25 fps release (4.1% faster) of a 23.976 fps
                programme, played against the programme: every time x 23.976/25
  fps-23.976-to-25   the reverse, captions of a 23.976 release against a 25 fps programme:
                every time x 25/23.976 (the last cues of a programme may then lie after
                its end)
  cut-90s       the correct captions against a copy of the media with 90 s removed at a
                seeded place in the middle third, both cut points in pauses at least 150 ms
                from speech: cues after the cut are 90 s late. The truth keeps the cues
                before the cut, moves those after it 90 s earlier, and leaves out the cues
                inside the removed stretch.

Output, in OUTDIR/<M>min/: `<bed>.mp4` and `<bed>-cut-90s.mp4` per mix; `truth.srt`; one SRT
per shift (`offset-30.srt`, `offset+0.7.srt`, `fps-25-to-23.976.srt`, ...); `truth-cut-90s.srt`
(each cue numbered as in truth.srt, so the left-out numbers are missing); `programme.json`
(the seed, the utterances placed, their speech segments, the cues, the levels and the cut);
and `manifest.json`, one entry a case: id, mix, kind, captions, media, truth, the cue
numbers left out of the truth, and a description. Paths in the manifest are relative to it.

Needs numpy, scipy, espeak-ng and ffmpeg. With the same seed and the same versions of
those, the output is identical.
"""

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import wave

import numpy as np
from scipy import signal

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True          # no __pycache__ in Scripts/ for the import below
_spec = importlib.util.spec_from_file_location("vad_mix", os.path.join(HERE, "vad-mix.py"))
vad_mix = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(vad_mix)

RATE = vad_mix.RATE                     # 16 kHz
CELL = vad_mix.CELL                     # 10 ms
DATA = vad_mix.DATA
FIRST_SPEECH = 35.0
MAX_CUE = 6.0
CUT = 90.0
LEVEL_DBFS = -26.0
OFFSETS = [-30.0, -12.5, -2.0, 0.7, 5.0, 30.0]
FPS_CASES = [("fps-25-to-23.976", 23.976 / 25, "captions timed for a 25 fps release against "
              "the 23.976 fps programme: times x 23.976/25"),
             ("fps-23.976-to-25", 25 / 23.976, "captions timed for a 23.976 fps release "
              "against the 25 fps programme: times x 25/23.976")]
# name, bed kind, SNR, output rate, channels
MIXES = [("pink-20", "pink", 20.0, 48000, 2), ("pink-10", "pink", 10.0, 16000, 1),
         ("music-20", "music", 20.0, 48000, 2), ("music-10", "music", 10.0, 16000, 1)]

VOICES = ["en-us", "en-gb", "en-gb-scotland", "en-us+f3", "en+m3", "en-gb-x-rp+f2", "en-029",
          "en-us-nyc+f4"]
SENTENCES = [
    "The river rose quickly after three days of heavy rain",
    "Please bring the blue folder to the meeting on Tuesday",
    "Nobody expected the old lighthouse to shine again tonight",
    "We counted forty seven birds along the northern fence",
    "Turn left at the bakery and follow the narrow street",
    "Her brother built a small wooden boat last summer",
    "The train to the coast leaves at half past nine",
    "Keep the door closed so the kitten stays inside",
    "Every morning the market opens before the sun is up",
    "They painted the kitchen yellow and the hall green",
    "A quiet voice answered from the back of the room",
    "Bring warm clothes because the mountain nights are cold",
    "The orchestra tuned their instruments in the dark",
    "I will call you when the package finally arrives",
    "Where were you last night",
    "Stop right there",
    "I told you already, the keys are on the table by the window",
    "If the bridge is closed tomorrow, we will take the ferry across the bay and walk from "
    "the harbour to the station",
    "She read the letter twice, folded it carefully, and put it back in the drawer without "
    "a word",
    "Nobody in the village remembered the storm of that winter, except the old fisherman "
    "who lived alone by the pier",
    "Thank you",
    "Is anyone there",
    "We should leave before it gets dark",
    "The doctor said it would take a few weeks, maybe more, before he could walk again",
]
TRANSCRIPTS_WITHOUT_FILE = {
    "tidigits/dhd.2934z": "two nine three four zero",    # TIDIGITS names: 2934z
    "goforward": "go forward ten meters",                # goforward.gram's sentence
    "numbers": "[numbers]",
    "something": "[something]",
}


# ---------------------------------------------------------------------------------------------
# Utterances


def transcripts(data):
    """Transcripts of the recordings that have one, by clip id."""
    found = dict(TRANSCRIPTS_WITHOUT_FILE)
    for folder, name in (("librivox", "transcription"), ("cards", "cards.transcription")):
        path = os.path.join(data, folder, name)
        if not os.path.exists(path):
            continue
        with open(path) as file:
            for line in file:
                line = line.strip()
                if not line.endswith(")"):
                    continue
                text, _, key = line[:-1].rpartition("(")
                text = text.replace("<s>", "").replace("</s>", "").split()
                found[f"{folder}/{key.strip()}"] = " ".join(text)
    return found


def recordings(data):
    clips = vad_mix.find_clips(data)
    if len(clips) != 14:
        sys.exit(f"sync-mix: {len(clips)} recordings under {data}, expected 14; "
                 "install Debian's pocketsphinx-testdata")
    texts = transcripts(data)
    for clip in clips:
        clip["samples"] = vad_mix.read_clip(clip["path"]).astype(np.float32)
        clip["text"] = texts.get(clip["id"], f"[{clip['id']}]")
        clip["source"] = clip["path"]
    return clips


def synthetic(rng, folder, count=96):
    """A pool of espeak-ng renditions: sentence, voice, speed and pitch drawn per rendition."""
    pool = []
    for number in range(count):
        text = SENTENCES[number % len(SENTENCES)] if number < len(SENTENCES) else \
            SENTENCES[int(rng.integers(len(SENTENCES)))]
        voice = VOICES[int(rng.integers(len(VOICES)))]
        speed, pitch = int(rng.integers(140, 191)), int(rng.integers(25, 76))
        path = os.path.join(folder, f"espeak-{number}.wav")
        subprocess.run(["espeak-ng", "-v", voice, "-s", str(speed), "-p", str(pitch), "-w", path,
                        text], check=True, capture_output=True)
        with wave.open(path) as file:
            rate = file.getframerate()
            samples = np.frombuffer(file.readframes(file.getnframes()), "<i2") / 32768.0
        samples = signal.resample_poly(samples, RATE, rate) if rate != RATE else samples
        pool.append({"id": f"espeak-{number}", "kind": "synthetic", "text": text,
                     "source": f"espeak-ng -v {voice} -s {speed} -p {pitch}",
                     "samples": samples.astype(np.float32)})
    return pool


def prepare(clip):
    """Truth cells, speech segments (in cells), the pauses a cue may be split at, and the
    active power of one clean utterance."""
    samples = clip["samples"].astype(np.float64)
    truth, levels = vad_mix.clip_truth(samples)
    clip["truth"] = truth
    clip["segments"] = [(int(a), int(b)) for a, b in vad_mix.runs(truth)]
    # Where a cue may be split: the pauses between segments, and inside a segment the runs
    # of 60 ms or more whose frames are under the truth threshold (word gaps the 200 ms
    # bridging closed).
    sos = signal.butter(4, 100, btype="highpass", fs=RATE, output="sos")
    frames = np.lib.stride_tricks.sliding_window_view(signal.sosfiltfilt(sos, samples),
                                                      vad_mix.FRAME)[::CELL]
    loud = 10 * np.log10(np.mean(frames ** 2, axis=1) + 1e-12) > levels["thresholdDb"]
    loud = loud[np.clip(np.arange(len(truth)) - 1, 0, len(loud) - 1)]
    gaps = [(b, c) for (_, b), (c, _) in zip(clip["segments"], clip["segments"][1:])]
    for a, b in clip["segments"]:
        gaps += [(a + x, a + y) for x, y in vad_mix.runs(~loud[a:b]) if y - x >= 6]
    clip["gaps"] = sorted(gaps)
    mask = np.repeat(truth, CELL)[: len(samples)]
    clip["active"] = vad_mix.power(samples[mask])


class Deck:
    """Deals the items of a list in seeded orders, reshuffling when all were dealt."""

    def __init__(self, items, rng):
        self.items, self.rng, self.order = items, rng, []

    def deal(self):
        if not self.order:
            self.order = list(self.rng.permutation(len(self.items)))
        return self.items[self.order.pop()]


# ---------------------------------------------------------------------------------------------
# Programme


def build(minutes, clips, pool, rng):
    """Places utterances into a float32 programme. Returns the samples, the placements and
    the total speech power and speech sample count (for the active level)."""
    n = int(minutes * 60 * RATE)
    programme = np.zeros(n, np.float32)
    decks = {"recording": Deck(clips, rng), "synthetic": Deck(pool, rng)}
    placed = []
    cursor = int(round(rng.uniform(FIRST_SPEECH + 0.5, FIRST_SPEECH + 5.0) * 100))   # cells
    speech_energy, speech_samples = 0.0, 0
    while True:
        clip = decks["recording" if rng.random() < 0.5 else "synthetic"].deal()
        gain_db = LEVEL_DBFS + float(rng.uniform(-4, 4)) - vad_mix.db(clip["active"])
        gain = 10 ** (gain_db / 20)
        cells = len(clip["truth"])
        if (cursor + clip["segments"][-1][1]) * CELL > n - 5 * RATE:
            break
        start = cursor * CELL
        samples = clip["samples"] * np.float32(gain)
        programme[start: start + len(samples)] += samples
        mask = np.repeat(clip["truth"], CELL)[: len(samples)]
        speech_energy += float(np.sum(samples[mask].astype(np.float64) ** 2))
        speech_samples += int(mask.sum())
        placed.append({"id": clip["id"], "kind": clip["kind"], "source": clip["source"],
                       "text": clip["text"], "gainDb": round(gain_db, 2),
                       "start": cursor / 100, "end": (cursor + cells) / 100,
                       "segments": [((cursor + a) / 100, (cursor + b) / 100)
                                    for a, b in clip["segments"]],
                       "gaps": [((cursor + a) / 100, (cursor + b) / 100)
                                for a, b in clip["gaps"]]})
        pause = (rng.uniform(5, 20) if rng.random() < 1 / 16 else rng.uniform(0.3, 4.0))
        cursor += cells + int(round(pause * 100))
    return programme, placed, speech_energy / speech_samples


def split_cue(start, end, gaps, text):
    """Cues of one utterance spanning start..end with the given inner pauses, as (start,
    end, text): split at the pause nearest the middle while a piece is longer than MAX_CUE
    seconds and has a pause."""
    def pieces(a, b):
        inner = [g for g in gaps if a < g[0] and g[1] < b]
        if b - a <= MAX_CUE or not inner:
            return [(a, b)]
        x, y = min(inner, key=lambda g: abs((g[0] + g[1]) / 2 - (a + b) / 2))
        return pieces(a, x) + pieces(y, b)

    spans = pieces(start, end)
    words = text.split()
    if len(spans) == 1 or len(words) < len(spans):
        return [(start, end, text)]
    lengths = [b - a for a, b in spans]
    total = sum(lengths)
    cues, taken, elapsed = [], 0, 0.0
    for index, ((a, b), length) in enumerate(zip(spans, lengths)):
        elapsed += length
        if index == len(spans) - 1:
            upto = len(words)
        else:
            upto = int(round(len(words) * elapsed / total))
            upto = min(max(upto, taken + 1), len(words) - (len(spans) - index - 1))
        cues.append((a, b, " ".join(words[taken:upto])))
        taken = upto
    return cues


def cues_of(placed):
    cues = []
    for index, u in enumerate(placed):
        for start, end, text in split_cue(u["segments"][0][0], u["segments"][-1][1],
                                          u["gaps"], u["text"]):
            cues.append({"start": round(start, 2), "end": round(end, 2), "text": text,
                         "utterance": index})
    return cues


def choose_cut(placed, duration, rng):
    """A 90 s stretch in the middle third whose both ends are in pauses, 150 ms from speech."""
    speech = [(a, b) for u in placed for a, b in u["segments"]]

    def in_pause(t):
        return all(t <= a - 0.15 or t >= b + 0.15 for a, b in speech)

    for _ in range(10000):
        start = round(float(rng.uniform(duration / 3, 2 * duration / 3 - CUT)), 2)
        if in_pause(start) and in_pause(start + CUT):
            return start, round(start + CUT, 2)
    sys.exit("sync-mix: found no place to cut with both ends in pauses")


# ---------------------------------------------------------------------------------------------
# Output


def timestamp(seconds):
    ms = int(round(seconds * 1000))
    return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d},{ms % 1000:03d}"


def write_srt(path, cues, numbers=None):
    with open(path, "w") as file:
        for index, cue in enumerate(cues):
            number = numbers[index] if numbers else index + 1
            file.write(f"{number}\n{timestamp(cue['start'])} --> {timestamp(cue['end'])}\n"
                       f"{cue['text']}\n\n")


def moved(cues, transform):
    return [{**cue, "start": transform(cue["start"]), "end": transform(cue["end"])} for cue in cues]


def encode(raw, jobs, rate, channels):
    """AAC in MP4 from a raw float32 16 kHz file, one ffmpeg process a job, two at a time:
    each job is (path, stretch removed or None)."""
    running = []
    for path, cut in jobs:
        command = ["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "f32le", "-ar", str(RATE),
                   "-ac", "1", "-i", raw]
        if cut:
            a, b = int(round(cut[0] * RATE)), int(round(cut[1] * RATE))
            # Sample-exact: samples before a, then from b on.
            command += ["-filter_complex",
                        f"[0]atrim=end_sample={a},asetpts=N/SR/TB[x];"
                        f"[0]atrim=start_sample={b},asetpts=N/SR/TB[y];"
                        "[x][y]concat=n=2:v=0:a=1"]
        command += ["-ar", str(rate), "-ac", str(channels), "-c:a", "aac", "-aac_coder", "fast",
                    "-b:a", f"{128 * channels}k", "-map_metadata", "-1", "-fflags", "+bitexact",
                    "-flags:a", "+bitexact", path]
        running.append((path, subprocess.Popen(command)))
        if len(running) == 2:
            wait(running.pop(0))
    for job in running:
        wait(job)


def wait(job):
    path, process = job
    if process.wait():
        sys.exit(f"sync-mix: ffmpeg could not write {path}")


def make_programme(minutes, seed, clips, outdir):
    folder = os.path.join(outdir, f"{minutes:g}min")
    os.makedirs(folder, exist_ok=True)
    # One generator per purpose, so changing one part never changes the others.
    seeds = np.random.SeedSequence([seed, int(round(minutes * 60))]).spawn(5)
    with tempfile.TemporaryDirectory() as work:
        pool = synthetic(np.random.default_rng(seeds[0]), work)
    for clip in pool:
        prepare(clip)
    programme, placed, active = build(minutes, clips, pool, np.random.default_rng(seeds[1]))
    duration = len(programme) / RATE
    cues = cues_of(placed)
    cut = choose_cut(placed, duration, np.random.default_rng(seeds[2]))

    srts = {"truth.srt": cues}
    cases = []
    for offset in OFFSETS:
        name = f"offset{offset:+g}"
        srts[f"{name}.srt"] = moved(cues, lambda t, o=offset: round(t + o, 3))
        cases.append((name, f"{name}.srt", "", "truth.srt", [],
                      f"every cue {abs(offset):g} s {'late' if offset > 0 else 'early'}"))
    for name, factor, description in FPS_CASES:
        srts[f"{name}.srt"] = moved(cues, lambda t, f=factor: round(t * f, 3))
        cases.append((name, f"{name}.srt", "", "truth.srt", [], description))
    kept = [i for i, c in enumerate(cues) if c["end"] <= cut[0] or c["start"] >= cut[1]]
    left_out = [i + 1 for i, c in enumerate(cues) if i not in set(kept)]
    cut_truth = moved([cues[i] for i in kept],
                      lambda t: t if t <= cut[0] else round(t - CUT, 2))
    write_srt(os.path.join(folder, "truth-cut-90s.srt"), cut_truth, [i + 1 for i in kept])
    cases.append(("cut-90s", "truth.srt", "-cut-90s", "truth-cut-90s.srt", left_out,
                  f"90 s removed from the media at {cut[0]:.2f} s; the captions are for the "
                  f"uncut media, so cues after the cut are 90 s late; {len(left_out)} cues "
                  "inside the cut are left out of the truth"))
    for name, cue_list in srts.items():
        write_srt(os.path.join(folder, name), cue_list)

    entries, levels = [], {}
    for mix, kind, snr, rate, channels in MIXES:
        rng = np.random.default_rng(seeds[3] if kind == "pink" else seeds[4])
        bed = vad_mix.pink_noise(len(programme), rng) if kind == "pink" else \
            vad_mix.music(len(programme), rng)
        bed = (bed * np.sqrt(active / vad_mix.power(bed) / 10 ** (snr / 10))).astype(np.float32)
        mix_samples = programme + bed
        del bed
        gain = min(1.0, 0.98 / float(np.max(np.abs(mix_samples))))
        mix_samples *= np.float32(gain)
        with tempfile.TemporaryDirectory() as work:
            raw = os.path.join(work, "mix.f32")
            mix_samples.astype("<f4").tofile(raw)
            del mix_samples
            encode(raw, [(os.path.join(folder, f"{mix}.mp4"), None),
                         (os.path.join(folder, f"{mix}-cut-90s.mp4"), cut)], rate, channels)
        levels[mix] = {"snrDb": snr, "gainDb": round(float(vad_mix.db(gain ** 2)), 2),
                       "sampleRate": rate, "channels": channels}
        for name, captions, media_suffix, truth, left, description in cases:
            entries.append({"id": f"{mix}/{name}", "mix": mix, "case": name,
                            "captions": captions, "media": f"{mix}{media_suffix}.mp4",
                            "truth": truth, "leftOut": left,
                            "description": f"{description}; {kind} noise bed at {snr:g} dB SNR"
                            if kind == "pink" else
                            f"{description}; synthetic music bed at {snr:g} dB SNR"})
        print(f"sync-mix: {minutes:g} min: {mix} written", file=sys.stderr)

    with open(os.path.join(folder, "programme.json"), "w") as file:
        json.dump({"seed": seed, "minutes": minutes, "duration": duration, "sampleRate": RATE,
                   "speechActiveLevelDbfs": round(float(vad_mix.db(active)), 2),
                   "mixes": levels, "cut": {"start": cut[0], "end": cut[1]},
                   "utterances": placed, "cues": cues}, file, indent=1)
        file.write("\n")
    with open(os.path.join(folder, "manifest.json"), "w") as file:
        json.dump({"seed": seed, "minutes": minutes, "duration": duration,
                   "cues": len(cues), "cases": entries}, file, indent=1)
        file.write("\n")
    speech = sum(b - a for u in placed for a, b in u["segments"])
    print(f"sync-mix: {minutes:g} min: {len(placed)} utterances, {len(cues)} cues, speech "
          f"{speech / duration:.0%} of the time, cut at {cut[0]:.2f} s; {len(entries)} cases "
          f"in {folder}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("outdir")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--minutes", type=float, nargs="+", default=[10, 60])
    parser.add_argument("--data", default=DATA, help=f"the package's data ({DATA})")
    args = parser.parse_args()
    if any(m < 5 for m in args.minutes):
        parser.error("a programme needs at least 5 minutes (the 90 s cut is in its middle third)")
    for tool in ("ffmpeg", "espeak-ng"):
        if subprocess.run(["which", tool], capture_output=True).returncode:
            sys.exit(f"sync-mix: {tool} is not installed")
    clips = recordings(args.data)
    for clip in clips:
        prepare(clip)
    for minutes in args.minutes:
        make_programme(minutes, args.seed, clips, args.outdir)


if __name__ == "__main__":
    main()
