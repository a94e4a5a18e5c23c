#!/usr/bin/env python3
"""Reads a `swift test` log and says how many tests were skipped and why, so a run where
root could not mount scratch disks (or the shared corpus is absent) says so at the end
instead of passing quietly. Usage: test-summary.py LOG"""
import collections, re, sys

reasons = collections.Counter()
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    match = re.match(r'^\S+ Test (.+?) skipped(?:: "(.*)")?\s*$', line.rstrip("\n"))
    if match:
        reasons[match.group(2) or "no reason given"] += 1
total = sum(reasons.values())
if total == 0:
    print("make check: no test was skipped")
else:
    print(f"make check: {total} test{'s' if total != 1 else ''} skipped:")
    for reason, count in reasons.most_common():
        print(f"  {count:4d}  {reason}")
