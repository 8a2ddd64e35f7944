"""Writes an HLS package with `captionkit package` from one FFmpeg made, and checks every
playlist it wrote with the `m3u8` package (PyPI) in strict mode: it parses, and it says what
captionkit meant (the rendition's language, name, characteristics and URI; the variants'
SUBTITLES group; the segments of the subtitle playlist, and their timestamp maps)."""
import os
import subprocess
import sys
import tempfile

import m3u8

captionkit = os.path.abspath(sys.argv[1])
failures = []


def run(*arguments):
    subprocess.run(arguments, check=True, stdout=subprocess.DEVNULL)


with tempfile.TemporaryDirectory() as folder:
    os.chdir(folder)
    run("ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=160x90:r=25:d=8",
        "-f", "lavfi", "-i", "sine=d=8", "-c:v", "libx264", "-bf", "0", "-g", "50", "-c:a", "aac",
        "-shortest", "movie.mp4")
    with open("movie.en.vtt", "w") as vtt:
        vtt.write("WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello there.\n\n"
                  "00:00:03.500 --> 00:00:05.000\nAcross the boundary.\n")
    with open("movie.es.vtt", "w") as vtt:
        vtt.write("WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHola.\n")
    os.mkdir("pkg")
    run("ffmpeg", "-nostdin", "-v", "error", "-i", "movie.mp4", "-i", "movie.en.vtt", "-map", "0:v",
        "-map", "0:a", "-map", "1", "-c:v", "copy", "-c:a", "copy", "-c:s", "webvtt", "-f", "hls",
        "-hls_time", "2", "-hls_playlist_type", "vod", "-master_pl_name", "master.m3u8",
        "-var_stream_map", "v:0,a:0,s:0,sgroup:subs", "pkg/out_%v.m3u8")
    run(captionkit, "package", "pkg/master.m3u8", "--track", "movie.en.vtt:kind=sdh:default",
        "--track", "movie.es.vtt", "-o", "out")
    written = []
    for root, _, files in os.walk("out"):
        written += [os.path.join(root, name) for name in files if name.endswith(".m3u8")]
    for path in sorted(written):
        with open(path) as playlist:
            try:
                m3u8.parse(playlist.read(), strict=True)
            except Exception as error:  # noqa: BLE001 - any refusal is a failure
                failures.append(f"{path}: m3u8 strict refuses it: {error}")
    master = m3u8.load("out/master.m3u8")
    subtitles = [media for media in master.media if media.type == "SUBTITLES"]
    seen = [(media.language, media.name, media.default, media.autoselect,
             media.characteristics, media.uri) for media in subtitles]
    wanted = [
        ("en", "English (CC)", "YES", "YES",
         "public.accessibility.transcribes-spoken-dialog,"
         "public.accessibility.describes-music-and-sound", "subtitles/en-1.m3u8"),
        ("es", "Español", "NO", "YES", None, "subtitles/es-2.m3u8"),
    ]
    if seen != wanted:
        failures.append(f"out/master.m3u8: renditions {seen}, expected {wanted}")
    groups = [variant.stream_info.subtitles for variant in master.playlists]
    if groups != ["subs"]:
        failures.append(f"out/master.m3u8: variants name SUBTITLES {groups}, expected ['subs']")
    english = m3u8.load("out/subtitles/en-1.m3u8")
    variant = m3u8.load("pkg/out_0.m3u8")
    if [s.duration for s in english.segments] != [s.duration for s in variant.segments]:
        failures.append("out/subtitles/en-1.m3u8: its segments do not follow the video's")
    if not english.is_endlist or english.playlist_type != "vod":
        failures.append("out/subtitles/en-1.m3u8: not a finished VOD playlist")
    for segment in english.segments:
        with open(os.path.join("out/subtitles", segment.uri)) as vtt:
            lines = vtt.read().split("\n")
        if not lines[1].startswith("X-TIMESTAMP-MAP=MPEGTS:"):
            failures.append(f"{segment.uri}: no timestamp map under the WEBVTT line")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print(f"HLS reference: the {len(written)} playlists of the package captionkit wrote parse with m3u8 "
      "(strict) and say what was meant")
