#!/usr/bin/env python3
"""Full-article extraction beside trafilatura and readability-lxml, in one run, on the same
pages (Mozilla Readability's 130 test pages). Prints one JSON line per figure, each with the
CPU model: machines of one kind differ, so only the same-run ratios carry over.

  bench_extraction.py LECTERN_BENCH LECTERN PEERS_PYTHON SHARED_BENCH_DIR PAGES_DIR

- quality: F1 of `lectern --extract-article` (whole process per page) by extraction_score.py,
  and each peer's F1 by extraction_peers.py (the same metric);
- time: the median milliseconds a page in process, Lectern (`lectern-bench extract --time`)
  and the peers (extraction_peers.py) alternating for 3 rounds; the median of the rounds;
- memory: each page's peak resident growth over the page's size, measured alike in both
  (`lectern-bench extract --memory`, extraction_memory.py).
"""
import json, os, re, statistics, subprocess, sys

from bench_ratios import cpu_model

ROUNDS = 3
PEER_LINE = re.compile(r"^(\S+)\s+F1 ([\d.]+) precision ([\d.]+) recall ([\d.]+) good ([\d.]+) median_ms ([\d.]+)")


def run(command):
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def main():
    bench, lectern, python, shared, pages = sys.argv[1:6]
    here = os.path.dirname(os.path.abspath(__file__))
    cpu = cpu_model()

    def emit(record):
        record["cpu"] = cpu
        print(json.dumps(record), flush=True)

    score = run(["python3", os.path.join(shared, "extraction_score.py"), pages,
                 f"{lectern} --extract-article {{file}} --base-url {{url}}"]).strip().splitlines()[-1]
    f1 = {"lectern": float(re.search(r"F1 ([\d.]+)", score).group(1))}
    times = {"lectern": []}
    for _ in range(ROUNDS):
        times["lectern"].append(json.loads(run([bench, "extract", "--time", pages]).strip().splitlines()[-1])["median_ms"])
        for line in run([python, os.path.join(shared, "extraction_peers.py"), pages]).splitlines():
            match = PEER_LINE.match(line)
            if match:
                f1[match.group(1)] = float(match.group(2))
                times.setdefault(match.group(1), []).append(float(match.group(6)))
    memory = {"lectern": json.loads(run([bench, "extract", "--memory", pages]).strip().splitlines()[-1])}
    for line in run([python, os.path.join(here, "extraction_memory.py"), shared, pages]).splitlines():
        record = json.loads(line)
        memory[record["peer"]] = record
    median = {name: statistics.median(values) for name, values in times.items()}
    for name in median:
        emit({"bench": "extraction", "extractor": name, "f1": f1.get(name), "median_ms": round(median[name], 2),
              "rounds_ms": times[name], "memory_median_ratio": memory.get(name, {}).get("median_ratio"),
              "memory_largest_page_ratio": memory.get(name, {}).get("largest_page_ratio")})
    for peer in (name for name in median if name != "lectern"):
        emit({"bench": "extraction-ratio", "against": peer, "speed": round(median[peer] / median["lectern"], 2),
              "f1_gain": round(f1["lectern"] - f1.get(peer, 0), 3),
              "memory": round(memory[peer]["median_ratio"] / memory["lectern"]["median_ratio"], 2)})


if __name__ == "__main__":
    main()
