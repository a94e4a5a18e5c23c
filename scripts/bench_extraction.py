#!/usr/bin/env python3
"""Full-article extraction beside trafilatura and readability-lxml, in one run, on the same pages:
Mozilla Readability's 130 test pages and the four sets of ../shared/corpus/extraction (CleanEval,
CleanPortalEval, a third of Dragnet, a fifth of WCXB's article pages), one line per set and
extractor. Prints JSON lines, each with the CPU model: machines of one kind differ, so only the
same-run ratios carry over.

  bench_extraction.py LECTERN_BENCH LECTERN PEERS_PYTHON SHARED_DIR

- quality: F1, precision and recall of `lectern --extract-article` (whole process per page) with
  the shared scorer's metric (extraction_quality.py), the pages refused and why; each peer's
  by ../shared/bench/extraction_peers.py (the same metric);
- time: the median milliseconds a page in process, Lectern (`lectern-bench extract --time`) and
  the peers alternating for 3 rounds; the median of the rounds; and three pages made to be slow (nested
  100,000 deep; 20,000 "Tags" lines; a paragraph of 60,000 spans);
- memory: each page's peak resident growth over the page's size, median and on the set's largest
  page, measured alike in both (`lectern-bench extract --memory`, extraction_memory.py); and the
  largest page again in a fresh process for each extractor (`--largest-alone`), after the same
  warm-up page: at its place in the set, what the pages before it left in the heap decides how
  much of its memory is fresh.
"""
import json, os, re, statistics, subprocess, sys, tempfile

from bench_ratios import cpu_model
from extraction_quality import SETS

ROUNDS = 3
PEER_LINE = re.compile(r"^(\S+)\s+F1 ([\d.]+) precision ([\d.]+) recall ([\d.]+) good ([\d.]+) median_ms ([\d.]+)")
HERE = os.path.dirname(os.path.abspath(__file__))


def run(command):
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def last_json(text):
    return json.loads(text.strip().splitlines()[-1])


def hostile_page_ms(bench, html):
    """One page made to be slow, timed in process: the median of 5."""
    with tempfile.TemporaryDirectory() as folder:
        os.makedirs(os.path.join(folder, "page"))
        with open(os.path.join(folder, "page", "source.html"), "w") as f:
            f.write(html)
        return statistics.median(last_json(run([bench, "extract", "--time", folder]))["median_ms"] for _ in range(5))


# Nested 100,000 deep (browsers and Lectern stop nesting at 512).
DEEP_PAGE = ("<html><body>" + "<div>" * 100_000 + "<p>" + "Deep inside the nesting there is still a sentence or two. " * 20
             + "</p>" + "</div>" * 100_000 + "</body></html>")
# 20,000 lines that look like a furniture heading ("Tags"), each with text after it: what follows
# a look-alike heading is read for the first few only.
HEADING_LINES_PAGE = ("<html><body><article><p>" + "The story begins here, with enough words to be an article. " * 10 + "</p>"
                      + "".join(f"<p>Tags</p><p>Line {i} goes on with a sentence that is not a link.</p>" for i in range(20_000))
                      + "</article></body></html>")
# One paragraph of 60,000 spans: its pieces of text join into one, added to in place.
SPANS_PAGE = ("<html><body><article><p>" + "".join(f"<span>Piece {i} of one long paragraph, set in its own span. </span>"
                                                    for i in range(60_000)) + "</p></article></body></html>")


def main():
    bench, lectern, python, shared = sys.argv[1:5]
    cpu = cpu_model()

    def emit(record):
        record["cpu"] = cpu
        print(json.dumps(record), flush=True)

    for name, relative in SETS.items():
        pages = os.path.join(shared, relative)
        if not os.path.isdir(pages):
            emit({"bench": "extraction", "set": name, "absent": pages})
            continue
        quality = last_json(run(["python3", os.path.join(HERE, "extraction_quality.py"), lectern, shared, "--sets", name]))
        scores = {"lectern": {key: quality[key] for key in ("f1", "precision", "recall", "refused", "verdicts")}}
        times = {"lectern": []}
        for _ in range(ROUNDS):
            times["lectern"].append(last_json(run([bench, "extract", "--time", pages]))["median_ms"])
            for line in run([python, os.path.join(shared, "bench", "extraction_peers.py"), pages]).splitlines():
                match = PEER_LINE.match(line)
                if match:
                    scores[match.group(1)] = {"f1": float(match.group(2)), "precision": float(match.group(3)),
                                              "recall": float(match.group(4))}
                    times.setdefault(match.group(1), []).append(float(match.group(6)))
        memory = {"lectern": last_json(run([bench, "extract", "--memory", pages]))}
        for line in run([python, os.path.join(HERE, "extraction_memory.py"), os.path.join(shared, "bench"), pages]).splitlines():
            record = json.loads(line)
            memory[record["peer"]] = record
        # The largest page again, each extractor in a fresh process: the figure above depends on
        # what the pages before it left in the heap (CleanEval's: 3.9-4.5 there, 3.5 alone).
        alone = {"lectern": last_json(run([bench, "extract", "--memory", pages, "--largest-alone"]))["largest_page_ratio"]}
        for line in run([python, os.path.join(HERE, "extraction_memory.py"), os.path.join(shared, "bench"), pages,
                         "--largest-alone"]).splitlines():
            record = json.loads(line)
            alone[record["peer"]] = record["largest_page_ratio"]
        median = {extractor: statistics.median(values) for extractor, values in times.items()}
        for extractor in median:
            emit({"bench": "extraction", "set": name, "pages": quality["pages"], "extractor": extractor, **scores[extractor],
                  "median_ms": round(median[extractor], 2), "rounds_ms": times[extractor],
                  "memory_median_ratio": memory.get(extractor, {}).get("median_ratio"),
                  "memory_largest_page_ratio": memory.get(extractor, {}).get("largest_page_ratio"),
                  "memory_largest_page_alone_ratio": alone.get(extractor)})
        best = max((extractor for extractor in scores if extractor != "lectern"), key=lambda extractor: scores[extractor]["f1"])
        for peer in (extractor for extractor in median if extractor != "lectern"):
            emit({"bench": "extraction-ratio", "set": name, "against": peer, "speed": round(median[peer] / median["lectern"], 2),
                  "f1_gain": round(scores["lectern"]["f1"] - scores[peer]["f1"], 3), "best_peer": peer == best,
                  "memory": round(memory[peer]["median_ratio"] / memory["lectern"]["median_ratio"], 2)})
    emit({"bench": "extraction-deep-nesting", "depth": 100_000, "median_ms": round(hostile_page_ms(bench, DEEP_PAGE), 2)})
    emit({"bench": "extraction-heading-lines", "lines": 20_000, "median_ms": round(hostile_page_ms(bench, HEADING_LINES_PAGE), 2)})
    emit({"bench": "extraction-spans", "spans": 60_000, "median_ms": round(hostile_page_ms(bench, SPANS_PAGE), 2)})


if __name__ == "__main__":
    main()
