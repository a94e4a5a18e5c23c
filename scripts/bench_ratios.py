#!/usr/bin/env python3
"""Same-run ratios of Lectern against fastfeedparser, the measurements alternating so that
a busy moment of the machine hits both alike. Prints one JSON line per file and
measurement, with the CPU model (machines of one kind differ; only ratios carry over).

  bench_ratios.py LECTERN_BENCH LECTERN PEERS_PYTHON BENCH_PEERS_PY FILE...

- parse: `lectern-bench parse --runs 3 --api data FILE` (median of three parses in one fresh
  process) against fastfeedparser's parse of the same bytes (bench_peers.py --one), 7 rounds.
- inspect: the whole `lectern --inspect-feed FILE` process against a fresh Python process
  that parses the file with fastfeedparser and dumps it to JSON (ffp_dump.py), 5 rounds.
"""
import json, os, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.abspath(__file__))


def cpu_model():
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
            if line.startswith("Model name:"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def lectern_parse(bench, path):
    out = subprocess.run([bench, "parse", "--runs", "3", "--api", "data", path], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])["median_s"]


def peer_parse(python, peers_py, path):
    out = subprocess.run([python, peers_py, "--one", "fastfeedparser", path], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])["elapsed"]


def whole(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main():
    bench, lectern, python, peers_py, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
    cpu = cpu_model()
    for path in files:
        name = os.path.basename(path)
        ours, theirs = [], []
        for _ in range(7):
            ours.append(lectern_parse(bench, path))
            theirs.append(peer_parse(python, peers_py, path))
        report("parse-ratio", name, cpu, ours, theirs)
        ours, theirs = [], []
        for _ in range(5):
            ours.append(whole([lectern, "--inspect-feed", path]))
            theirs.append(whole([python, os.path.join(ROOT, "ffp_dump.py"), path]))
        report("inspect-ratio", name, cpu, ours, theirs)


def report(bench, name, cpu, ours, theirs):
    mine, peer = statistics.median(ours), statistics.median(theirs)
    print(json.dumps({"bench": bench, "file": name, "cpu": cpu, "cores": os.cpu_count(),
                      "lectern_median_s": round(mine, 4), "fastfeedparser_median_s": round(peer, 4),
                      "ratio": round(peer / mine, 2), "target": 1.2, "met": peer / mine >= 1.2}), flush=True)


if __name__ == "__main__":
    main()
