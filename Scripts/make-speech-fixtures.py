#!/usr/bin/env python3
"""Writes speech-over-bed test audio with the exact times of the speech.

Usage: Scripts/make-speech-fixtures.py OUTDIR [--duration SECONDS] [--seed N]

For each bed (`music`, `noise`, `babble`) the script places espeak-ng utterances (several voices,
speeds and pitches, drawn from a seeded generator) at known times, builds the bed with
ffmpeg's sources, and mixes the two at 20, 10 and 5 dB SNR: the RMS of the speech over its
active intervals against the RMS of the whole bed. It writes, in OUTDIR:

  <bed>-<snr>db.wav   16 kHz mono 16-bit PCM
  <bed>.truth.tsv     one speech interval a line: start and end in seconds, tab-separated
  <bed>.snr.tsv       the SNR each mix really has, as computed by the script

The truth comes from espeak-ng's own output: each utterance's leading and trailing silence
is trimmed (10 ms frames more than 40 dB under the utterance's loudest frame), so an
interval starts at the first audible frame and ends after the last one. Pauses inside an
utterance count as speech. Only the Python standard library, espeak-ng and ffmpeg are used;
with the same tool versions and seed the output is identical.
"""

import argparse
import array
import math
import os
import random
import subprocess
import sys
import tempfile
import wave

RATE = 22050  # espeak-ng's native rate; mixed here, resampled to 16 kHz by ffmpeg at the end
SNRS = (20, 10, 5)

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
]

VOICES = ["en-us", "en-gb", "en-gb-scotland", "en-us+f3", "en+m3", "en-gb-x-rp+f2", "en-029"]


def run(cmd, **kw):
  return subprocess.run(cmd, check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def read_wav(path):
  with wave.open(path, "rb") as w:
    if w.getsampwidth() != 2 or w.getnchannels() != 1 or w.getframerate() != RATE:
      raise SystemExit(f"unexpected espeak-ng output format in {path}")
    data = array.array("h")
    data.frombytes(w.readframes(w.getnframes()))
  if sys.byteorder == "big":
    data.byteswap()
  return [s / 32768.0 for s in data]


def speak(text, voice, speed, pitch, folder, name):
  path = os.path.join(folder, name + ".wav")
  run(["espeak-ng", "-v", voice, "-s", str(speed), "-p", str(pitch), "-w", path, text])
  return read_wav(path)


def trim(samples):
  """The first and last audible sample of an utterance (10 ms frames within 40 dB of the
  loudest frame)."""
  hop = RATE // 100
  energies = []
  for i in range(0, len(samples) - hop + 1, hop):
    frame = samples[i:i + hop]
    energies.append(sum(x * x for x in frame) / hop)
  top = max(energies)
  limit = top * 1e-4
  active = [i for i, e in enumerate(energies) if e > limit]
  first, last = active[0], active[-1]
  # Refine to the sample inside the first and last frames.
  peak = math.sqrt(top)
  sample_limit = peak * 0.01
  start = first * hop
  while start < (first + 1) * hop and abs(samples[start]) < sample_limit:
    start += 1
  end = (last + 1) * hop
  while end > last * hop and abs(samples[end - 1]) < sample_limit:
    end -= 1
  return start, end


def place_speech(rng, duration, folder, tag):
  total = int(duration * RATE)
  track = [0.0] * total
  truth = []
  t = rng.uniform(1.0, 2.5)
  n = 0
  while True:
    text = rng.choice(SENTENCES)
    voice = rng.choice(VOICES)
    speed = rng.randint(145, 185)
    pitch = rng.randint(30, 70)
    samples = speak(text, voice, speed, pitch, folder, f"{tag}-{n}")
    start, end = trim(samples)
    voiced = samples[start:end]
    begin = int(t * RATE)
    if begin + len(voiced) > total - RATE:
      break
    for i, x in enumerate(voiced):
      track[begin + i] = x
    truth.append((begin, begin + len(voiced)))
    n += 1
    t = (begin + len(voiced)) / RATE + rng.uniform(0.8, 3.5)
  return track, truth


def music_expression(rng):
  """An aevalsrc expression: a four-chord progression in half-note pulses, a bass, an
  eighth-note melody from a seeded pentatonic line, a kick on each beat and a hi-hat off the
  beat, at 120 beats a minute."""
  chords = [(261.63, 329.63, 392.00), (220.00, 261.63, 329.63), (174.61, 220.00, 261.63),
            (196.00, 246.94, 293.66)]

  def pick(index_expr, values):
    return "(" + "+".join(f"{v:.2f}*eq({index_expr},{i})" for i, v in enumerate(values)) + ")"

  parts = []
  bar = "mod(floor(t/2),4)"
  for note in range(3):
    f = pick(bar, [c[note] for c in chords])
    tone = f"(sin(2*PI*{f}*t)+0.4*sin(4*PI*{f}*t)+0.2*sin(6*PI*{f}*t))"
    parts.append(f"0.18*{tone}*(0.35+0.65*exp(-4*mod(t,1)))")
  bass = pick(bar, [c[0] / 2 for c in chords])
  parts.append(f"0.3*sin(2*PI*{bass}*t)*exp(-3*mod(t,0.5))")
  scale = [523.25, 587.33, 659.25, 783.99, 880.00, 1046.50, 1174.66, 1318.51]
  line = [rng.choice(scale) for _ in range(16)]
  mel = pick("mod(floor(t*4),16)", line)
  parts.append(
    f"0.22*(sin(2*PI*{mel}*t)+0.3*sin(4*PI*{mel}*t))*exp(-6*mod(t,0.25))"
  )
  parts.append("0.5*sin(2*PI*(55+90*exp(-25*mod(t,0.5)))*mod(t,0.5))*exp(-12*mod(t,0.5))")
  parts.append("0.12*(2*random(0)-1)*exp(-40*mod(t+0.25,0.5))")
  return "+".join(parts)


def babble(rng, duration, folder):
  """Six talkers at once, each a run of sentences played backwards (speech-like spectrum and
  rhythm, no words), starting at different points."""
  voiced = []
  for n, text in enumerate(rng.sample(SENTENCES, 6)):
    samples = speak(text, VOICES[n % len(VOICES)], rng.randint(150, 190), rng.randint(25, 75),
                    folder, f"babble-{n}")
    start, end = trim(samples)
    voiced.append(samples[start:end][::-1])
  total = int(duration * RATE)
  bed = [0.0] * total
  for talker in range(6):
    order = voiced[talker:] + voiced[:talker]
    stream = [x for sentence in order for x in sentence]
    offset = rng.randrange(len(stream))
    for i in range(total):
      bed[i] += stream[(i + offset) % len(stream)]
  return bed


def make_bed(kind, duration, rng, folder):
  if kind == "babble":
    return babble(rng, duration, folder)
  if kind == "music":
    # The pattern repeats every 8 s (four bars); evaluate it once and loop it.
    source = f"aevalsrc=exprs='{music_expression(rng)}':s={RATE}:d=8"
    cmd = ["ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", source,
           "-af", f"aloop=loop=-1:size={8 * RATE}", "-t", str(duration)]
  else:
    seed = rng.randint(1, 1 << 30)
    # Pink and brown noise, the pink one swelling slowly, plus a band of hum-like tones.
    cmd = [
      "ffmpeg", "-nostdin", "-v", "error",
      "-f", "lavfi", "-i", f"anoisesrc=c=pink:r={RATE}:a=0.5:seed={seed}:d={duration}",
      "-f", "lavfi", "-i", f"anoisesrc=c=brown:r={RATE}:a=0.5:seed={seed + 1}:d={duration}",
      "-filter_complex",
      "[0]volume='0.6+0.4*sin(2*PI*0.13*t)':eval=frame[p];[p][1]amix=inputs=2:normalize=0",
    ]
  cmd += ["-f", "f32le", "-ac", "1", "-ar", str(RATE), "-"]
  raw = run(cmd).stdout
  bed = array.array("f")
  bed.frombytes(raw)
  if sys.byteorder == "big":
    bed.byteswap()
  needed = int(duration * RATE)
  values = list(bed[:needed])
  values += [0.0] * (needed - len(values))
  return values


def rms(values):
  return math.sqrt(sum(x * x for x in values) / max(len(values), 1))


def write_wav16k(samples, path):
  """Resamples float samples at RATE to a 16 kHz 16-bit WAV file with ffmpeg."""
  pcm = array.array("f", samples)
  if sys.byteorder == "big":
    pcm.byteswap()
  run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "f32le", "-ar", str(RATE), "-ac", "1",
       "-i", "-", "-ar", "16000", "-c:a", "pcm_s16le", "-fflags", "+bitexact",
       "-flags:a", "+bitexact", path], input=pcm.tobytes())


def main():
  parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  parser.add_argument("outdir")
  parser.add_argument("--duration", type=float, default=45.0)
  parser.add_argument("--seed", type=int, default=7)
  args = parser.parse_args()
  os.makedirs(args.outdir, exist_ok=True)

  with tempfile.TemporaryDirectory() as work:
    for index, bed_kind in enumerate(("music", "noise", "babble")):
      rng = random.Random(args.seed * 100 + index)
      speech, truth = place_speech(rng, args.duration, work, bed_kind)
      bed = make_bed(bed_kind, args.duration, rng, work)
      active = [x for (a, b) in truth for x in speech[a:b]]
      speech_rms = rms(active)
      bed_rms = rms(bed)
      with open(os.path.join(args.outdir, f"{bed_kind}.truth.tsv"), "w") as f:
        for a, b in truth:
          f.write(f"{a / RATE:.4f}\t{b / RATE:.4f}\n")
      snr_lines = []
      for snr in SNRS:
        gain = speech_rms / (bed_rms * 10 ** (snr / 20))
        mix = [s + gain * b for s, b in zip(speech, bed)]
        peak = max(max(mix), -min(mix))
        if peak > 0.9:
          mix = [x * (0.9 / peak) for x in mix]
        measured = 20 * math.log10(speech_rms / (gain * bed_rms))
        snr_lines.append(f"{snr}\t{measured:.2f}\n")
        write_wav16k(mix, os.path.join(args.outdir, f"{bed_kind}-{snr}db.wav"))
      with open(os.path.join(args.outdir, f"{bed_kind}.snr.tsv"), "w") as f:
        f.writelines(snr_lines)


if __name__ == "__main__":
  main()
