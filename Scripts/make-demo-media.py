#!/usr/bin/env python3
"""Makes Samples/lighthouse/lighthouse.mp4 from the scene's caption files.

The English captions (lighthouse.en.captions.vtt) are the script: each spoken cue is read by
an espeak-ng voice (one per speaker) starting at the cue's start time, slowed or sped up so it
ends inside the cue; the sound labels ([thunder rumbles], [glass clinks]) get a generated
sound at their time. All of it plays over a quiet bed of noise. The picture is a generated
lighthouse beam, the chapters come from lighthouse.chapters.vtt, and the captions are
embedded as an English SDH `mov_text` track (speaker names as "MARA:" prefixes).

Needs python3, espeak-ng and ffmpeg (Scripts/install-deps installs them).
Usage: Scripts/make-demo-media.py [OUTPUT.mp4]
"""

import os
import re
import subprocess
import sys
import tempfile
import wave

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENE = os.path.join(ROOT, "Samples", "lighthouse")
DURATION = 54.0
VOICES = {"Mara": "en-us+f3", "Jonas": "en-us+m3"}
RATE = 165  # words per minute before fitting a line into its cue
# A night sky over a dark sea, swept by the two beams of a lighthouse lamp at (160, 60).
BEAM = "exp(-40*pow(sin(atan2(Y-60,X-160)-T*0.8),2))"
PICTURE = (
    f"geq=r='15+110*{BEAM}':g='25+105*{BEAM}':b='60+70*{BEAM}-30*gt(Y,120)'"
)


def seconds(stamp):
    h, m, s = stamp.split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)


def read_cues(path):
    """Returns (start, end, lines) for each cue of a simple WebVTT file."""
    text = open(path, encoding="utf-8").read().replace("\r\n", "\n")
    cues = []
    for block in text.strip().split("\n\n")[1:]:
        lines = block.split("\n")
        for i, line in enumerate(lines):
            if "-->" in line:
                start, end = [seconds(part.split()[0]) for part in line.split("-->")]
                cues.append((start, end, lines[i + 1 :]))
                break
    return cues


def speaker_and_text(lines):
    """Splits `<v Name>text` into the name and the text without tags."""
    joined = " ".join(lines)
    match = re.match(r"<v(?:\.[\w.]+)? ([^>]+)>", joined)
    speaker = match.group(1) if match else None
    return speaker, re.sub(r"<[^>]*>", "", joined).strip()


def run(args):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def speak(text, voice, path, room):
    """Writes `text` spoken by `voice`; speeds it up until it lasts at most `room` seconds."""
    rate = RATE
    while True:
        run(["espeak-ng", "-v", voice, "-s", str(rate), "-w", path, text])
        with wave.open(path) as w:
            length = w.getnframes() / w.getframerate()
        if length <= room or rate >= 320:
            return length
        rate += 15


def write_srt(cues, path):
    """The embedded SDH track: speaker names as upper-case prefixes, sound labels as they are."""
    out = []
    for n, (start, end, lines) in enumerate(cues, 1):
        speaker, _ = speaker_and_text(lines)
        body = [re.sub(r"<[^>]*>", "", line) for line in lines]
        if speaker:
            body[0] = speaker.upper() + ": " + body[0]
        out += [str(n), f"{srt_time(start)} --> {srt_time(end)}", *body, ""]
    open(path, "w", encoding="utf-8").write("\n".join(out))


def srt_time(t):
    ms = round(t * 1000)
    return f"{ms // 3600000:02}:{ms // 60000 % 60:02}:{ms // 1000 % 60:02},{ms % 1000:03}"


def write_metadata(chapters, path):
    out = [";FFMETADATA1", "title=The Lighthouse", "language=eng", ""]
    for start, end, lines in chapters:
        out += [
            "[CHAPTER]",
            "TIMEBASE=1/1000",
            f"START={round(start * 1000)}",
            f"END={round(end * 1000)}",
            f"title={lines[0]}",
            "",
        ]
    open(path, "w", encoding="utf-8").write("\n".join(out))


def sound(label, path):
    """A short generated sound for a sound label."""
    if "thunder" in label:
        source = "anoisesrc=color=brown:amplitude=0.5:seed=7:d=1.5:r=22050"
        shape = "lowpass=f=300,afade=t=in:d=0.15,afade=t=out:st=0.4:d=1.1"
    else:
        source = "sine=f=2637:d=0.6:r=22050"
        shape = "volume=0.25,afade=t=out:st=0.02:d=0.58"
    run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", source,
         "-af", shape, "-ac", "1", path])


def main():
    output = sys.argv[1] if len(sys.argv) > 1 else os.path.join(SCENE, "lighthouse.mp4")
    captions = read_cues(os.path.join(SCENE, "lighthouse.en.captions.vtt"))
    chapters = read_cues(os.path.join(SCENE, "lighthouse.chapters.vtt"))
    with tempfile.TemporaryDirectory() as tmp:
        inputs, filters = [], []
        for n, (start, end, lines) in enumerate(captions):
            speaker, text = speaker_and_text(lines)
            clip = os.path.join(tmp, f"cue{n}.wav")
            if speaker:
                length = speak(text, VOICES[speaker], clip, end - start - 0.2)
                print(f"{start:6.2f}-{end:6.2f} {speaker:5} {length:4.2f}s  {text}")
            else:
                sound(text, clip)
            delay = round((start + 0.1) * 1000)
            filters.append(f"[{len(inputs)}:a]aresample=22050,adelay={delay}:all=1[c{n}]")
            inputs.append(clip)
        bed = len(inputs)
        srt = os.path.join(tmp, "sdh.srt")
        meta = os.path.join(tmp, "chapters.txt")
        write_srt(captions, srt)
        write_metadata(chapters, meta)
        mix = "".join(f"[c{n}]" for n in range(len(captions)))
        filters.append(f"[{bed}:a]volume=0.02[bed]")
        filters.append(
            f"{mix}[bed]amix=inputs={len(captions) + 1}:normalize=0:duration=longest,"
            f"atrim=0:{DURATION},aformat=channel_layouts=mono[a]"
        )
        args = ["ffmpeg", "-nostdin", "-v", "error", "-y"]
        for clip in inputs:
            args += ["-i", clip]
        args += [
            "-f", "lavfi", "-i", f"anoisesrc=color=pink:seed=3:d={DURATION}:r=22050",
            "-f", "lavfi", "-i", f"color=c=black:s=320x180:r=10:d={DURATION},{PICTURE}",
            "-i", srt, "-i", meta,
            "-filter_complex", ";".join(filters),
            "-map", f"{bed + 1}:v", "-map", "[a]", "-map", f"{bed + 2}:s",
            "-map_metadata", str(bed + 3), "-map_chapters", str(bed + 3),
            "-c:v", "libx264", "-preset", "veryslow", "-crf", "30", "-pix_fmt", "yuv420p",
            "-threads", "1", "-g", "50", "-bf", "0",
            "-c:a", "aac", "-b:a", "48k", "-ar", "22050",
            "-c:s", "mov_text",
            "-metadata:s:v:0", "language=und",
            "-metadata:s:a:0", "language=eng",
            "-metadata:s:s:0", "language=eng", "-metadata:s:s:0", "handler_name=English SDH",
            "-disposition:a:0", "default",
            "-disposition:s:0", "hearing_impaired+captions",
            "-fflags", "+bitexact", "-flags", "+bitexact",
            "-movflags", "+faststart", "-metadata", "creation_time=2026-11-29T00:00:00Z",
            "-t", str(DURATION), output,
        ]
        subprocess.run(args, check=True)
    print(f"wrote {output} ({os.path.getsize(output)} bytes)")


if __name__ == "__main__":
    main()
