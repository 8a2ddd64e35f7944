#!/usr/bin/env python3
"""Writes the SCC files of Tests/references/scc/: captions whose words and times are known,
in the modes and timecodes the references are compared on. Run it again after a change;
the files are kept in the repository so that the checks need no generator."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def parity(byte):
    return byte if bin(byte).count("1") % 2 == 1 else byte | 0x80


def word(first, second):
    return f"{parity(first):02x}{parity(second):02x}"


def text(string):
    data = list(string.encode("ascii"))
    if len(data) % 2:
        data.append(0)
    return [word(data[i], data[i + 1]) for i in range(0, len(data), 2)]


def twice(first, second):
    return [word(first, second)] * 2


ROWS = {1: (0x11, 0x40), 2: (0x11, 0x60), 3: (0x12, 0x40), 4: (0x12, 0x60), 5: (0x15, 0x40),
        6: (0x15, 0x60), 7: (0x16, 0x40), 8: (0x16, 0x60), 9: (0x17, 0x40), 10: (0x17, 0x60),
        11: (0x10, 0x40), 12: (0x13, 0x40), 13: (0x13, 0x60), 14: (0x14, 0x40), 15: (0x14, 0x60)}


def pac(row, indent=0, italics=False):
    first, base = ROWS[row]
    return twice(first, base | (0x0E if italics else 0x10 | indent // 4 << 1))


RCL, EOC, EDM, ENM, CR = (twice(0x14, b) for b in (0x20, 0x2F, 0x2C, 0x2E, 0x2D))
RDC = twice(0x14, 0x29)
ITALICS, WHITE = twice(0x11, 0x2E), twice(0x11, 0x20)


def ru(depth):
    return twice(0x14, 0x23 + depth)


def frames_to_timecode(number, drop):
    if drop:
        tens, rest = divmod(number, 17982)
        number += 18 * tens + (2 * ((rest - 2) // 1798) if rest > 1 else 0)
    ff, ss, mm, hh = number % 30, number // 30 % 60, number // 1800 % 60, number // 108000
    return f"{hh:02}:{mm:02}:{ss:02}{';' if drop else ':'}{ff:02}"


def timecode_frames(hh, mm, ss, ff, drop):
    total = hh * 60 + mm
    number = ((hh * 60 + mm) * 60 + ss) * 30 + ff
    return number - 2 * (total - total // 10) if drop else number


def pop_on(lines, indent=0, italic_row=None):
    """The words that load `lines` (bottom rows) and show them with EOC at the end."""
    words = ENM + RCL
    first_row = 16 - len(lines)
    for offset, line in enumerate(lines):
        row = first_row + offset
        words += pac(row, indent)
        if italic_row == offset:
            words += ITALICS
        words += text(line)
    return words


def write(name, drop, blocks):
    """`blocks`: (timecode of the frame the last word lands on, words): the line starts so
    that the block's last word (EOC) lands on that frame."""
    out = ["Scenarist_SCC V1.0", ""]
    for (hh, mm, ss, ff), words in blocks:
        target = timecode_frames(hh, mm, ss, ff, drop)
        lines = [words]
        if len(words) > 2 and words[-2:] == EOC:
            # The caption is loaded ahead and its EOC gets a line of its own at the time it
            # shows, as caption software writes it (FFmpeg times a line's pairs by the line).
            lines = [words[:-2], EOC]
            target -= 2
        for part in lines:
            start = target - (len(part) - 1) if part is not lines[-1] or len(lines) == 1 else target
            out.append(frames_to_timecode(start, drop) + "\t" + " ".join(part))
            out.append("")
            target += 2
    with open(os.path.join(HERE, "scc", name), "w", newline="\n") as f:
        f.write("\n".join(out))


POP = [
    ((0, 0, 1, 0), pop_on(["Hello, and welcome", "to the lighthouse."])),
    ((0, 0, 4, 0), EDM),
    ((0, 0, 5, 0), pop_on(["Mind the steps", "they are wet"], indent=8, italic_row=1)),
    ((0, 0, 59, 20), pop_on(["A minute in"])),
    ((0, 1, 2, 0), EDM),
    ((0, 1, 30, 0), pop_on(["Past the first drop"])),
    ((0, 1, 33, 0), EDM),
    ((0, 9, 59, 10), pop_on(["Nearly ten minutes"])),
    ((0, 10, 0, 10), pop_on(["Ten minutes"], indent=4)),
    ((0, 10, 3, 0), EDM),
    ((0, 30, 0, 0), pop_on(["Half an hour later"])),
    ((0, 30, 2, 0), EDM),
]

ROLL = [
    ((0, 0, 2, 0), ru(2) + CR + pac(15) + text("The tide is")),
    ((0, 0, 3, 0), CR + text("coming in fast")),
    ((0, 0, 4, 15), CR + text("so we must go")),
    ((0, 0, 6, 0), ru(3) + CR + text("back to the boat")),
    ((0, 0, 8, 0), CR + text("before dark")),
    ((0, 0, 10, 0), EDM),
]

PAINT = [
    ((0, 0, 1, 0), RDC + pac(14, 4) + text("Painted in")),
    ((0, 0, 2, 0), pac(15, 4) + text("two rows")),
    ((0, 0, 4, 0), EDM),
]

SONG = [
    ((0, 0, 1, 0), ENM + RCL + pac(14, italics=True) + text("Over the sea")
     + pac(15, italics=True) + text("and far away")),
    ((0, 0, 1, 2), EOC),
    ((0, 0, 4, 0), ENM + RCL + pac(15) + text("Plain words again") + EOC),
    ((0, 0, 6, 0), EDM),
]

if __name__ == "__main__":
    # EOC closes each pop-on block.
    write("pop-on-drop-frame.scc", True,
          [(tc, w + EOC if w is not EDM else w) for tc, w in POP])
    write("pop-on-non-drop.scc", False,
          [(tc, w + EOC if w is not EDM else w) for tc, w in POP])
    write("roll-up.scc", True, ROLL)
    write("paint-on.scc", True, PAINT)
    write("song.scc", True, SONG)
