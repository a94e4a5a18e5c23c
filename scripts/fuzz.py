#!/usr/bin/env python3
"""Runs each fuzz target of lectern-fuzz (built with libFuzzer) for a bounded time.

Usage: scripts/fuzz.py BINARY [--seconds N] [--targets feed,html,…]

- The growing corpus of each target lives in .fuzz/corpus/TARGET, seeded from
  Tests/FuzzInputs/TARGET, the project's fixtures and ../shared/corpus when present.
- Anything that crashes, hangs, leaks or breaks an invariant is kept in
  .fuzz/crashes/TARGET/ (libFuzzer's crash-/timeout-/leak-/oom- files).
- One line per run is appended to .fuzz/log.tsv: date, target, CPU seconds, runs,
  new findings. `--report` sums the log per target.
"""
import argparse
import datetime
import os
import re
import resource
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED_CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "corpus")

# Per target: seed folders (relative to the checkout) and the longest input tried.
TARGETS = {
    "feed": (["Tests/FuzzInputs/feed", "Tests/FeedParsingTests/Fixtures", "data/samples"], 65536),
    "html": (["Tests/FuzzInputs/html", "Tests/FeedParsingTests/Fixtures/html"], 16384),
    "page": (["Tests/FuzzInputs/page", "Tests/ArticleExtractionTests/Fixtures"], 65536),
    "date": (["Tests/FuzzInputs/date"], 128),
    "opml": (["Tests/FuzzInputs/opml", "Tests/FeedParsingTests/Fixtures/opml", "Tests/LibraryTests/Fixtures/opml"], 32768),
    "theme": (["Tests/FuzzInputs/theme", "Themes"], 16384),
    "image": (["Tests/FuzzInputs/image"], 4096),
    "settings": (["Tests/FuzzInputs/settings"], 16384),
}


def log_path():
    return os.path.join(ROOT, ".fuzz", "log.tsv")


def run_target(binary, target, seconds):
    seeds, max_len = TARGETS[target]
    corpus = os.path.join(ROOT, ".fuzz", "corpus", target)
    crashes = os.path.join(ROOT, ".fuzz", "crashes", target)
    os.makedirs(corpus, exist_ok=True)
    os.makedirs(crashes, exist_ok=True)
    folders = [os.path.join(ROOT, seed) for seed in seeds]
    if target == "feed" and os.path.isdir(SHARED_CORPUS):
        folders.append(SHARED_CORPUS)
    before = set(os.listdir(crashes))
    usage_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    command = [binary, target, f"-max_total_time={seconds}", f"-max_len={max_len}",
               "-timeout=10", "-rss_limit_mb=4096", "-print_final_stats=1",
               f"-dict={os.path.join(ROOT, 'Tests', 'FuzzInputs', target + '.dict')}",
               f"-artifact_prefix={crashes}/", corpus] + folders
    print(f"== {target}: {seconds} s", flush=True)
    environment = dict(os.environ, LSAN_OPTIONS=f"suppressions={os.path.join(ROOT, 'Tests', 'Sanitizers', 'lsan.supp')}")
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace",
                            env=environment)
    usage_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (usage_after.ru_utime - usage_before.ru_utime) + (usage_after.ru_stime - usage_before.ru_stime)
    runs = re.findall(r"stat::number_of_executed_units:\s*(\d+)", result.stdout)
    coverage = re.findall(r"cov: (\d+) ft: (\d+)", result.stdout)
    findings = sorted(set(os.listdir(crashes)) - before)
    for line in result.stdout.splitlines():
        if line.startswith("==") or "ERROR" in line or "fuzz invariant" in line or "Fatal error" in line:
            print("   " + line)
    summary = f"   {cpu:.0f} CPU s, {runs[-1] if runs else '?'} runs"
    if coverage:
        summary += f", coverage {coverage[-1][0]} edges / {coverage[-1][1]} features"
    print(summary)
    for name in findings:
        print(f"   FINDING: .fuzz/crashes/{target}/{name}")
    with open(log_path(), "a") as log:
        log.write(f"{datetime.datetime.now().isoformat(timespec='seconds')}\t{target}\t{cpu:.0f}\t"
                  f"{runs[-1] if runs else 0}\t{len(findings)}\n")
    return findings


def report():
    totals = {}
    if os.path.exists(log_path()):
        for line in open(log_path()):
            _, target, cpu, runs, findings = line.rstrip("\n").split("\t")
            total = totals.setdefault(target, [0.0, 0, 0])
            total[0] += float(cpu)
            total[1] += int(runs)
            total[2] += int(findings)
    print(f"{'target':8} {'CPU hours':>10} {'runs':>14} {'findings':>9}")
    for target in TARGETS:
        cpu, runs, findings = totals.get(target, [0.0, 0, 0])
        print(f"{target:8} {cpu / 3600:10.2f} {runs:14,} {findings:9}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", nargs="?")
    parser.add_argument("--seconds", type=int, default=180)
    parser.add_argument("--targets", default=",".join(TARGETS))
    parser.add_argument("--report", action="store_true")
    arguments = parser.parse_args()
    if arguments.report:
        report()
        return 0
    targets = [name for name in arguments.targets.split(",") if name]
    unknown = [name for name in targets if name not in TARGETS]
    if unknown:
        print(f"unknown fuzz target(s): {', '.join(unknown)}; known: {', '.join(TARGETS)}", file=sys.stderr)
        return 2
    findings = 0
    for target in targets:
        findings += len(run_target(arguments.binary, target, arguments.seconds))
    print(f"fuzzing done: {findings} finding(s)" + (" — see .fuzz/crashes/ and docs/hardening.md" if findings else ""))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
