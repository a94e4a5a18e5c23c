#!/usr/bin/env python3
"""Reads a `swift test` log and says how many tests were skipped and why, so a run where
root could not mount scratch disks (or the shared corpus is absent) says so at the end
instead of passing quietly; which GLib, GDK or GTK criticals the tests' processes printed (a
critical is a programming error somewhere: none is expected); and, when a run was stopped
(a hang), which tests started and never ended. Usage: test-summary.py LOG"""
import collections, re, sys

reasons = collections.Counter()
started, ended = collections.Counter(), collections.Counter()
criticals = collections.Counter()
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    line = line.rstrip("\n")
    # "(process:123): Gtk-CRITICAL **: 08:51:27.776: what failed"
    match = re.search(r'(\S+-CRITICAL) \*\*: [\d:.]+: (.*)', line)
    if match:
        criticals[f"{match.group(1)}: {match.group(2)}"] += 1
    match = re.match(r'^\S+ Test (.+?) skipped(?:: "(.*)")?\s*$', line)
    if match:
        reasons[match.group(2) or "no reason given"] += 1
    match = re.match(r'^\S+ Test (.+?) started\.$', line)
    if match and match.group(1) != "run" and not match.group(1).startswith("case "):
        started[match.group(1)] += 1
    # (searched, not matched: another process's output can begin the same line, even without a
    # line break before the mark: "…Operation not permitted✔ Test …")
    match = re.search(r'[^\x00-\x7f] Test (.+?)(?: with \d+ test cases?)? (?:passed|failed|skipped)\b', line)
    if match:
        ended[match.group(1)] += 1

total = sum(reasons.values())
if total == 0:
    print("make check: no test was skipped")
else:
    print(f"make check: {total} test{'s' if total != 1 else ''} skipped:")
    for reason, count in reasons.most_common():
        print(f"  {count:4d}  {reason}")

if criticals:
    print(f"make check: {sum(criticals.values())} critical{'s' if sum(criticals.values()) != 1 else ''} in the log:")
    for message, count in criticals.most_common():
        print(f"  {count:4d}  {message}")

# A run stopped by the time limit (a hang) names the tests that started and never ended.
unfinished = sorted((started - ended).elements())
if unfinished:
    print(f"make check: {len(unfinished)} test{'s' if len(unfinished) != 1 else ''} started and never ended:")
    for name in unfinished[:50]:
        print(f"  {name}")
    if len(unfinished) > 50:
        print(f"  and {len(unfinished) - 50} more")
