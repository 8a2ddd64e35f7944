#!/usr/bin/env python3
"""Checks HTML transcripts in headless Chromium.

For each page: axe-core with the WCAG 2.2 A/AA tags in the light and the dark colour scheme,
at desktop width and at phone width, must find no violation; the page must not scroll
sideways at phone width (375 px), at 320 px, or at 200% zoom; and the page must keep its
text at 200% zoom. Screenshots (phone and desktop, light and dark) go to --screenshots.

Usage: check_transcripts.py --axe axe.min.js [--screenshots DIR] PAGE.html...
Exit status: 0 when every check passes, 1 otherwise.
"""

import argparse
import json
import os
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

# (name, CSS width, height, device scale factor): 200% zoom of a 1280 px window is a
# 640 CSS px layout at scale 2; 320 CSS px is the reflow width of WCAG 1.4.10.
VIEWPORTS = [
    ("desktop", 1280, 900, 1),
    ("phone", 375, 812, 2),
    ("zoom-200", 640, 450, 2),
    ("reflow-320", 320, 640, 1),
]


def driver():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--allow-file-access-from-files"]:
        options.add_argument(argument)
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(options=options, service=service)


def set_viewport(browser, width, height, scale):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": scale,
        "mobile": width < 600})


def set_scheme(browser, scheme):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})


def run_axe(browser, axe_source):
    browser.execute_script(axe_source)
    return browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]},"
        " resultTypes: ['violations']})"
        ".then(r => done({violations: r.violations.map(v => ({id: v.id, impact: v.impact,"
        " help: v.help, nodes: v.nodes.map(n => n.target.join(' ') + ': '"
        " + n.failureSummary)})), passes: r.passes.length,"
        " incomplete: r.incomplete.map(v => v.id)}))"
        ".catch(e => done({error: String(e)}));", TAGS)


def check_page(browser, path, axe_source, screenshots):
    failures = []
    name = os.path.splitext(os.path.basename(path))[0]
    browser.get("file://" + os.path.abspath(path))
    for scheme in ["light", "dark"]:
        set_scheme(browser, scheme)
        for viewport, width, height, scale in VIEWPORTS:
            set_viewport(browser, width, height, scale)
            browser.refresh()
            label = f"{name} {scheme} {viewport}"
            result = run_axe(browser, axe_source)
            if "error" in result:
                failures.append(f"{label}: axe failed: {result['error']}")
                continue
            for violation in result["violations"]:
                failures.append(f"{label}: axe {violation['id']} ({violation['impact']}):"
                                f" {violation['help']}; " + "; ".join(violation["nodes"]))
            print(f"{label}: axe {len(result['violations'])} violations,"
                  f" {result['passes']} rules passed,"
                  f" incomplete: {', '.join(result['incomplete']) or 'none'}")
            scroll = browser.execute_script(
                "return [document.documentElement.scrollWidth, window.innerWidth]")
            if scroll[0] > scroll[1]:
                failures.append(f"{label}: scrolls sideways: scrollWidth {scroll[0]}"
                                f" > innerWidth {scroll[1]}")
            if screenshots and viewport in ("desktop", "phone"):
                full = browser.execute_script(
                    "return document.documentElement.scrollHeight")
                set_viewport(browser, width, min(full, 4000), scale)
                target = os.path.join(screenshots, f"{name}-{viewport}-{scheme}.png")
                browser.save_screenshot(target)
                print(f"  screenshot {target}")
    return failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--axe", required=True)
    parser.add_argument("--screenshots")
    parser.add_argument("pages", nargs="+")
    arguments = parser.parse_args()
    with open(arguments.axe, encoding="utf-8") as file:
        axe_source = file.read()
    if arguments.screenshots:
        os.makedirs(arguments.screenshots, exist_ok=True)
    browser = driver()
    failures = []
    try:
        print("browser:", browser.capabilities.get("browserVersion"),
              "axe-core:", json.dumps(browser.execute_script(
                  axe_source + "; return axe.version;")))
        for page in arguments.pages:
            failures += check_page(browser, page, axe_source, arguments.screenshots)
    finally:
        browser.quit()
    for failure in failures:
        print("FAIL:", failure)
    print(f"{len(arguments.pages)} pages checked, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
