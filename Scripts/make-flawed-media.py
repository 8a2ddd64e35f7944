#!/usr/bin/env python3
"""Makes the media of Samples/flawed/: flawed.mp4 and bare.mp4.

flawed.mp4 (30 s) holds five spoken lines (espeak-ng voices) at known times over a quiet
noise bed, a plain picture, and an embedded English text stream titled "English SDH" without
the hearing_impaired/captions dispositions. Its sidecars (written by hand, next to it) plant
the problems the validate rules find; Samples/flawed/README.md lists them. bare.mp4 (4 s) has
picture and a noise bed and no track at all.

Needs python3, espeak-ng and ffmpeg (Scripts/install-deps installs them).
Usage: Scripts/make-flawed-media.py
"""

import importlib.util
import os
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDER = os.path.join(ROOT, "Samples", "flawed")
spec = importlib.util.spec_from_file_location(
    "demo", os.path.join(ROOT, "Scripts", "make-demo-media.py"))
demo = importlib.util.module_from_spec(spec)
spec.loader.exec_module(demo)

DURATION = 30.0
# What is really said, and when: the captions leave the third line out.
LINES = [
    (2.0, 4.0, "Mara", "The storm is coming in fast tonight."),
    (6.0, 8.0, "Jonas", "Close the shutters before the rain."),
    (11.0, 14.0, "Mara", "Where did you put the lantern, Jonas?"),
    (18.0, 20.0, "Jonas", "It is on the table by the door."),
    (23.0, 25.0, "Mara", "Then we wait for morning."),
]
COMMON = [
    "-c:v", "libx264", "-preset", "veryslow", "-crf", "35", "-pix_fmt", "yuv420p",
    "-threads", "1", "-g", "100", "-bf", "0",
    "-c:a", "aac", "-b:a", "32k", "-ar", "22050",
    "-fflags", "+bitexact", "-flags", "+bitexact", "-movflags", "+faststart",
    "-metadata", "creation_time=2026-11-29T00:00:00Z",
]


def flawed(tmp):
    inputs, filters = [], []
    for n, (start, end, speaker, text) in enumerate(LINES):
        clip = os.path.join(tmp, f"line{n}.wav")
        demo.speak(text, demo.VOICES[speaker], clip, end - start - 0.2)
        filters.append(f"[{n}:a]aresample=22050,adelay={round((start + 0.1) * 1000)}:all=1[c{n}]")
        inputs.append(clip)
    srt = os.path.join(tmp, "embedded.srt")
    demo.write_srt([(s, e, [t]) for s, e, _, t in LINES], srt)
    bed = len(inputs)
    mix = "".join(f"[c{n}]" for n in range(bed))
    filters.append(f"[{bed}:a]volume=0.02[bed]")
    filters.append(
        f"{mix}[bed]amix=inputs={bed + 1}:normalize=0:duration=longest,"
        f"atrim=0:{DURATION},aformat=channel_layouts=mono[a]")
    args = ["ffmpeg", "-nostdin", "-v", "error", "-y"]
    for clip in inputs:
        args += ["-i", clip]
    output = os.path.join(FOLDER, "flawed.mp4")
    args += [
        "-f", "lavfi", "-i", f"anoisesrc=color=pink:seed=3:d={DURATION}:r=22050",
        "-f", "lavfi", "-i", f"color=c=0x203040:s=160x90:r=5:d={DURATION}",
        "-i", srt,
        "-filter_complex", ";".join(filters),
        "-map", f"{bed + 1}:v", "-map", "[a]", "-map", f"{bed + 2}:s",
        "-c:s", "mov_text",
        "-metadata:s:a:0", "language=eng",
        "-metadata:s:s:0", "language=eng", "-metadata:s:s:0", "handler_name=English SDH",
        "-disposition:s:0", "0",
        *COMMON, "-t", str(DURATION), output,
    ]
    subprocess.run(args, check=True)
    print(f"wrote {output} ({os.path.getsize(output)} bytes)")


def bare():
    output = os.path.join(FOLDER, "bare.mp4")
    args = [
        "ffmpeg", "-nostdin", "-v", "error", "-y",
        "-f", "lavfi", "-i", "anoisesrc=color=pink:seed=5:d=4:r=22050:amplitude=0.02",
        "-f", "lavfi", "-i", "color=c=0x203040:s=160x90:r=5:d=4",
        "-map", "1:v", "-map", "0:a", "-metadata:s:a:0", "language=eng",
        *COMMON, "-t", "4", output,
    ]
    subprocess.run(args, check=True)
    print(f"wrote {output} ({os.path.getsize(output)} bytes)")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        flawed(tmp)
    bare()


if __name__ == "__main__":
    main()
