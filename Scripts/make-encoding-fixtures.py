#!/usr/bin/env python3
"""Writes the caption files that test text decoding, one per encoding.

Each fixture is a small WebVTT or SRT file whose text we wrote, encoded with Python's own
codecs (an implementation independent of the glibc iconv captionkit uses). Next to each,
expected/<name>.txt holds the text captionkit must decode it to, as UTF-8 without a byte
order mark (U+FFFD where a byte cannot be decoded).

Run from the repository root:  python3 Scripts/make-encoding-fixtures.py
"""

import pathlib

OUT = pathlib.Path(__file__).resolve().parent.parent / "Tests/CaptionFormatsTests/Fixtures/encodings"


def webvtt(lines):
    blocks = ["WEBVTT"]
    for i, text in enumerate(lines):
        start, end = 1 + 3 * i, 3 + 3 * i
        blocks.append(f"00:00:{start:02}.000 --> 00:00:{end:02}.500\n{text}")
    return "\n\n".join(blocks) + "\n"


def srt(lines):
    blocks = []
    for i, text in enumerate(lines):
        start, end = 1 + 3 * i, 3 + 3 * i
        blocks.append(f"{i + 1}\n00:00:{start:02},000 --> 00:00:{end:02},500\n{text}")
    return "\r\n".join("\n\n".join(blocks).split("\n")) + "\r\n"


MIXED = ["Café — 안녕 — 😀", "naïve 日本語 𠮷"]
FRENCH = ["Où est la clé ? Déjà à l’hôtel…", "« Ça coûte 5 € », dit Zoë, cœur léger."]
RUSSIAN = ["Где ты был всю ночь?", "— Ёлки-палки, опять дождь!"]
KOREAN = ["어디 갔었어?", "[빗소리]\n똠방각하, 아직 안 잤어요?"]
JAPANESE = ["どこに行ってたの？", "［雨の音］\n①番線、ﾃﾞｰﾀは C:\\data に。"]
CHINESE = ["你去哪儿了？", "［雨声］\n我们在𠮷野家见面。"]
HEBREW = ["אֵיפֹה הָיִיתָ כָּל הַלַּיְלָה?", "[גשם]\nשָׁלוֹם, חִכִּיתִי לְךָ."]
ARABIC = ["أين كنت طوال الليل؟", "[صوت المطر]\nالساعة الآن 3\u200f"]

# name, text, codec, byte order mark
FIXTURES = [
    ("utf8.vtt", webvtt(MIXED), "utf-8", b""),
    ("utf8-bom.srt", srt(MIXED), "utf-8", b"\xef\xbb\xbf"),
    ("utf16le-bom.vtt", webvtt(MIXED), "utf-16-le", b"\xff\xfe"),
    ("utf16be-bom.srt", srt(MIXED), "utf-16-be", b"\xfe\xff"),
    ("utf32le-bom.vtt", webvtt(MIXED), "utf-32-le", b"\xff\xfe\x00\x00"),
    ("utf32be-bom.srt", srt(MIXED), "utf-32-be", b"\x00\x00\xfe\xff"),
    ("cp949-ko.srt", srt(KOREAN), "cp949", b""),
    ("shift-jis-ja.vtt", webvtt(JAPANESE), "cp932", b""),
    ("gb18030-zh.srt", srt(CHINESE), "gb18030", b""),
    ("windows-1251-ru.srt", srt(RUSSIAN), "cp1251", b""),
    ("windows-1252-fr.vtt", webvtt(FRENCH), "cp1252", b""),
    ("windows-1255-he.srt", srt(HEBREW), "cp1255", b""),
    ("windows-1256-ar.vtt", webvtt(ARABIC), "cp1256", b""),
]


def main():
    expected_dir = OUT / "expected"
    expected_dir.mkdir(parents=True, exist_ok=True)
    for name, text, codec, bom in FIXTURES:
        (OUT / name).write_bytes(bom + text.encode(codec))
        (expected_dir / f"{name}.txt").write_bytes(text.encode("utf-8"))

    # CP949 Korean with one byte (0xFF) that is valid in no encoding we read.
    name = "cp949-ko-undecodable.srt"
    text = srt(KOREAN)
    cut = text.index("아직")
    data = text[:cut].encode("cp949") + b"\xff" + text[cut:].encode("cp949")
    (OUT / name).write_bytes(data)
    (expected_dir / f"{name}.txt").write_bytes(
        (text[:cut] + "\ufffd" + text[cut:]).encode("utf-8"))


if __name__ == "__main__":
    main()
