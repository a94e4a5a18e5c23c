#!/usr/bin/env python3
"""Peak memory of the peer article extractors, page by page, measured the way
`lectern-bench extract --memory` measures Lectern: free memory is handed back (gc, malloc_trim),
the kernel's high-water mark is reset (/proc/self/clear_refs, Linux 4.0+), and after the page
the mark (VmHWM) less the size before is the page's peak growth, reported against its size.

Usage: V/bin/python extraction_memory.py SHARED_BENCH_DIR PAGES_DIR
(V is the virtual environment made from requirements-extraction.lock.) One JSON line per peer.
"""
import ctypes, gc, json, os, re, statistics, sys

sys.path.insert(0, sys.argv[1])
from extraction_peers import PEERS  # noqa: E402  the peers exactly as the shared script runs them

LIBC = ctypes.CDLL("libc.so.6")


def status(field):
    with open("/proc/self/status") as f:
        return int(re.search(field + r":\s+(\d+)", f.read()).group(1)) * 1024


def growth(work):
    gc.collect()
    LIBC.malloc_trim(0)
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")
    before = status("VmRSS")
    work()
    return max(0, status("VmHWM") - before)


def main():
    pages_dir = sys.argv[2]
    names = sorted(d for d in os.listdir(pages_dir) if os.path.isfile(os.path.join(pages_dir, d, "source.html")))
    pages = []
    for name in names:
        with open(os.path.join(pages_dir, name, "source.html"), encoding="utf-8", errors="replace") as f:
            pages.append(f.read())
    for peer, extract in PEERS.items():
        extract(pages[0])  # warm-up: imports and lazily built tables
        rows = []
        for html in pages:
            size = len(html.encode("utf-8"))

            def work():
                try:
                    extract(html)
                except Exception:
                    pass
            rows.append((growth(work) / size, size))
        ratios = sorted(r for r, _ in rows)
        largest = max(rows, key=lambda row: row[1])
        print(json.dumps({"bench": "extract-memory", "peer": peer, "pages": len(rows),
                          "median_ratio": round(ratios[len(ratios) // 2], 2), "p90_ratio": round(ratios[len(ratios) * 9 // 10], 2),
                          "max_ratio": round(ratios[-1], 2), "largest_page_kb": largest[1] // 1024,
                          "largest_page_ratio": round(largest[0], 2)}), flush=True)


if __name__ == "__main__":
    main()
