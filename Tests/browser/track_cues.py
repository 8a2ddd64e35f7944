#!/usr/bin/env python3
"""Loads WebVTT files into headless Chromium through a <track> element and checks that the
browser's cues (track.cues: count, id, start, end, text and the cue settings) are the cues
captionkit reads from the same file (`captionkit convert FILE --to json`).

Usage: track_cues.py --captionkit PATH FILE.vtt...
Exit status: 0 when every file matches, 1 otherwise.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

# The settings compared, named as on VTTCue and in captionkit's JSON track. Chromium has no
# lineAlign and positionAlign on VTTCue (they are undefined): those two are compared only
# when the browser has them.
SETTINGS = ["vertical", "line", "snapToLines", "lineAlign", "position", "positionAlign",
            "size", "align"]


def driver():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--allow-file-access-from-files"]:
        options.add_argument(argument)
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(options=options, service=service)


def browser_cues(browser, folder, vtt):
    """The cues Chromium parsed from `vtt`, loaded through a <track> of a <video>."""
    page = os.path.join(folder, "page.html")
    with open(page, "w", encoding="utf-8") as out:
        out.write('<!doctype html><html lang="en"><title>track</title>'
                  '<video><track kind="captions" srclang="en" src="%s"></video>'
                  % os.path.basename(vtt))
    browser.get("file://" + page)
    return browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const element = document.querySelector('track');
        const report = () => done({state: element.readyState, cues: Array.from(
          element.track.cues || [], c => ({id: c.id, start: c.startTime, end: c.endTime,
            text: c.text, vertical: c.vertical, line: c.line, snapToLines: c.snapToLines,
            lineAlign: c.lineAlign, position: c.position, positionAlign: c.positionAlign,
            size: c.size, align: c.align}))});
        element.addEventListener('load', report);
        element.addEventListener('error', report);
        element.track.mode = 'hidden';
        setTimeout(report, 5000);
    """)


def our_cues(captionkit, vtt):
    output = subprocess.run([captionkit, "convert", vtt, "--to", "json", "-o", "-"],
                            check=True, capture_output=True, text=True).stdout
    return json.loads(output)["cues"]


def differences(ours, theirs):
    problems = []
    if len(ours) != len(theirs):
        problems.append("captionkit reads %d cues, Chromium %d" % (len(ours), len(theirs)))
    for number, (mine, browser) in enumerate(zip(ours, theirs), start=1):
        for key in ["id", "text"]:
            if mine[key] != browser[key]:
                problems.append("cue %d %s: captionkit %r, Chromium %r"
                                % (number, key, mine[key], browser[key]))
        for key in ["start", "end"]:
            if abs(float(mine[key]) - browser[key]) > 1e-9:
                problems.append("cue %d %s: captionkit %s, Chromium %s"
                                % (number, key, mine[key], browser[key]))
        for key in SETTINGS:
            value = mine["settings"][key]
            other = browser[key]
            if other is None and key in ("lineAlign", "positionAlign"):
                continue
            same = (abs(value - other) < 1e-9 if isinstance(value, (int, float))
                    and not isinstance(value, bool) and isinstance(other, (int, float))
                    else value == other)
            if not same:
                problems.append("cue %d %s: captionkit %r, Chromium %r"
                                % (number, key, value, other))
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--captionkit", required=True)
    parser.add_argument("files", nargs="+")
    arguments = parser.parse_args()
    failed = False
    browser = driver()
    try:
        for path in arguments.files:
            with tempfile.TemporaryDirectory() as folder:
                copy = os.path.join(folder, "track.vtt")
                with open(path, "rb") as source, open(copy, "wb") as target:
                    target.write(source.read())
                result = browser_cues(browser, folder, copy)
                ours = our_cues(arguments.captionkit, copy)
            problems = differences(ours, result["cues"])
            if result["state"] != 2:
                problems.insert(0, "the track did not load (readyState %s)" % result["state"])
            if problems:
                failed = True
                print("FAIL: %s" % path)
                for problem in problems:
                    print("  " + problem)
            else:
                print("ok: %s: %d cues as Chromium reads them" % (path, len(ours)))
    finally:
        browser.quit()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
