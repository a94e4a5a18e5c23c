#!/usr/bin/env python3
"""make check: fails when the build printed a compiler warning (a clean build prints none).

    no-warnings.py BUILD.LOG

Counts each `file:line:column: warning:` once (the compiler repeats a diagnostic in its
excerpts). SwiftPM's hint when a pkg-config lookup is slow to answer ("you may be able to
install") is no warning and is left out; its "prohibited flag(s)" is kept away by the Makefile's
pkg-config copies (scripts/pkgconfig-copies.sh), and counts when it comes back.
"""
import re
import sys

SWIFTPM_NOTES = ("you may be able to install",)


def main():
    warnings = set()
    with open(sys.argv[1], encoding="utf-8", errors="replace") as log:
        for line in log:
            line = line.strip()
            if re.match(r"^\S+:\d+:\d+: warning: ", line):
                warnings.add(line)
            elif line.startswith("warning: ") and not any(note in line for note in SWIFTPM_NOTES):
                warnings.add(line)
    if warnings:
        print(f"make check: the build printed {len(warnings)} warning(s); a clean build prints none:", file=sys.stderr)
        for warning in sorted(warnings):
            print(f"  {warning}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
