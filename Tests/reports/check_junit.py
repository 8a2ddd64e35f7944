#!/usr/bin/env python3
"""Reads captionkit's JUnit report with a standard JUnit XML parser (junitparser) and checks
that it says what the JSON report says: one failing test case per (file, rule) with an error,
one failing WCAG case per failed criterion of each media file, and counts that add up.

Usage: check_junit.py CAPTIONKIT [validate arguments...]
"""

import json
import subprocess
import sys

from junitparser import Failure, JUnitXml


def run(captionkit, arguments, report_format):
    proc = subprocess.run(
        [captionkit, "validate", *arguments, "--format", report_format],
        capture_output=True, text=True,
    )
    if proc.returncode not in (0, 1):
        sys.exit(f"FAIL: validate --format {report_format} exited {proc.returncode}: {proc.stderr}")
    return proc.stdout


def main():
    captionkit, arguments = sys.argv[1], sys.argv[2:]
    report = json.loads(run(captionkit, arguments, "json"))
    xml = JUnitXml.fromstring(run(captionkit, arguments, "junit"))

    failed_rules, failed_criteria = set(), set()
    cases = failures = 0
    for suite in xml:
        media = suite.name.removesuffix(" (media)")
        suite_cases = suite_failures = 0
        for case in suite:
            suite_cases += 1
            failed = [r for r in case.result if isinstance(r, Failure)]
            if not failed:
                continue
            suite_failures += 1
            if failed[0].type == "wcag":
                failed_criteria.add((media, case.name.split()[1]))
            else:
                failed_rules.add((media, case.name))
        if suite.tests != suite_cases or suite.failures != suite_failures:
            sys.exit(f"FAIL: suite {suite.name} counts {suite.tests}/{suite.failures}, "
                     f"holds {suite_cases}/{suite_failures}")
        cases += suite_cases
        failures += suite_failures
    if xml.tests != cases or xml.failures != failures:
        sys.exit(f"FAIL: testsuites counts {xml.tests}/{xml.failures}, holds {cases}/{failures}")

    expected_rules = {
        (d["file"], d["rule"]) for d in report["diagnostics"] if d["severity"] == "error"
    }
    expected_criteria = {
        (m["media"]["path"], v["criterion"])
        for m in report.get("mediaFiles", [])
        for v in m["wcag"]
        if v["status"] == "fail"
    }
    if failed_rules != expected_rules:
        sys.exit(f"FAIL: failing rule cases {sorted(failed_rules)} != errors in the JSON report "
                 f"{sorted(expected_rules)}")
    if failed_criteria != expected_criteria:
        sys.exit(f"FAIL: failing WCAG cases {sorted(failed_criteria)} != failed criteria "
                 f"{sorted(expected_criteria)}")
    print(f"ok: junitparser reads {len(xml)} suites, {cases} cases, {failures} failures: "
          f"{len(failed_rules)} failing (file, rule) pairs and {len(failed_criteria)} failed "
          f"WCAG criteria, as in the JSON report")


if __name__ == "__main__":
    main()
