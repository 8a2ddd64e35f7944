#!/usr/bin/env python3
"""Checks HTML validation reports (validate --report) in headless Chromium.

Every check of check_transcripts.py (axe-core WCAG 2.2 A/AA in light and dark at desktop,
phone, 320 px and 200% zoom widths; no sideways scrolling of the page; screenshots), and
for reports: each timeline is a labelled, keyboard-focusable scroll container holding an
SVG with role="img" whose title and description are not empty; the bars, markers, lines and
text of the SVG keep a contrast of 4.5:1 or more against the page in both colour schemes;
no element came from the input (no script, img, iframe or object element, no on* attribute).

Usage: check_report.py --axe axe.min.js [--screenshots DIR] REPORT.html...
Exit status: 0 when every check passes, 1 otherwise.
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_transcripts import check_page, driver, set_scheme, set_viewport  # noqa: E402

# Returns a list of problems found in the page as it is shown now.
REPORT_CHECKS = r"""
const problems = [];
function rgb(text) {
  const m = text.match(/rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)/);
  return m ? [+m[1], +m[2], +m[3]] : null;
}
function luminance(c) {
  const [r, g, b] = c.map(v => { v /= 255; return v <= 0.04045 ? v / 12.92
    : Math.pow((v + 0.055) / 1.055, 2.4); });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}
const background = rgb(getComputedStyle(document.body).backgroundColor);
for (const box of document.querySelectorAll('.timeline')) {
  const name = box.getAttribute('aria-label') || '';
  if (box.getAttribute('tabindex') !== '0') problems.push(`${name}: not focusable`);
  if (!name.trim()) problems.push('a timeline has no label');
  box.focus();
  if (document.activeElement !== box) problems.push(`${name}: does not take the focus`);
  const svg = box.querySelector('svg[role="img"]');
  if (!svg) { problems.push(`${name}: no svg with role img`); continue; }
  const ids = (svg.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean);
  const texts = ids.map(id => document.getElementById(id)).map(e => e ? e.textContent : '');
  if (ids.length !== 2 || texts.some(t => !t.trim()))
    problems.push(`${name}: title or description missing`);
  const seen = new Set();
  for (const [selector, property] of [['text', 'fill'], ['.bars rect', 'stroke'],
      ['.bars.captions rect', 'fill'], ['.marker *', 'fill'], ['.grid line', 'stroke'],
      ['pattern *', 'fill']]) {
    for (const element of svg.querySelectorAll(selector)) {
      const value = getComputedStyle(element)[property];
      if (!value || value === 'none' || seen.has(selector + value)) continue;
      seen.add(selector + value);
      const colour = rgb(value);
      if (!colour) continue;
      const ratio = contrast(colour, background);
      if (ratio < 4.5)
        problems.push(`${name}: ${selector} ${property} ${value} has contrast ${ratio.toFixed(2)}`);
    }
  }
}
if (document.querySelectorAll('.timeline').length === 0) problems.push('no timeline');
for (const tag of ['script', 'img', 'iframe', 'object', 'embed'])
  if (document.getElementsByTagName(tag).length) problems.push(`a ${tag} element`);
for (const element of document.querySelectorAll('*'))
  for (const attribute of element.attributes)
    if (attribute.name.startsWith('on')) problems.push(`attribute ${attribute.name}`);
return problems;
"""


def check_report(browser, path):
    failures = []
    name = os.path.splitext(os.path.basename(path))[0]
    browser.get("file://" + os.path.abspath(path))
    for scheme in ["light", "dark"]:
        set_scheme(browser, scheme)
        for viewport, width, height, scale in [("phone", 375, 812, 2), ("desktop", 1280, 900, 1)]:
            set_viewport(browser, width, height, scale)
            browser.refresh()
            problems = browser.execute_script(REPORT_CHECKS)
            timelines = browser.execute_script(
                "return [...document.querySelectorAll('.timeline')]"
                ".map(b => b.scrollWidth > b.clientWidth)")
            print(f"{name} {scheme} {viewport}: {len(timelines)} timelines,"
                  f" {sum(timelines)} scroll inside their container,"
                  f" {len(problems)} report problems")
            failures += [f"{name} {scheme} {viewport}: {p}" for p in problems]
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
    browser.set_script_timeout(120)
    failures = []
    try:
        print("browser:", browser.capabilities.get("browserVersion"),
              "axe-core:", json.dumps(browser.execute_script(
                  axe_source + "; return axe.version;")))
        for page in arguments.pages:
            if not os.path.isfile(page):
                failures.append(f"{page}: no such file")
                continue
            failures += check_page(browser, page, axe_source, arguments.screenshots)
            failures += check_report(browser, page)
    finally:
        browser.quit()
    for failure in failures:
        print("FAIL:", failure)
    print(f"{len(arguments.pages)} reports checked, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
