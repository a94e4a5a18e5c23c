#!/usr/bin/env python3
"""Peak memory of the peer article extractors, page by page, measured the way
`lectern-bench extract --memory` measures Lectern: free memory is handed back (gc, malloc_trim),
the kernel's high-water mark is reset (/proc/self/clear_refs, Linux 4.0+), and after the page
the mark (VmHWM) less the size before is the page's peak growth, reported against its size
(less the files paged in meanwhile, RssFile: code run for the first time).

Usage: V/bin/python extraction_memory.py SHARED_BENCH_DIR PAGES_DIR [--largest-alone]
(V is the virtual environment made from requirements-extraction.lock.) One JSON line per peer.
With --largest-alone, the set's largest page only, each peer in a process of its own that read
nothing but that page and the warm-up page (the first), as `lectern-bench extract --memory PAGES
--largest-alone` measures Lectern: a page's figure at its place in a set depends on what the
pages before it left in the heap.
"""
import ctypes, gc, json, os, re, statistics, subprocess, sys

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
    before, files_before = status("VmRSS"), status("RssFile")
    work()
    # Files paged in meanwhile (code run for the first time) are read once in a process's life,
    # not held for the page: left out, as lectern-bench's PeakMemory leaves them out.
    return max(0, status("VmHWM") - before - max(0, status("RssFile") - files_before))


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def extraction_growth(extract, html):
    """The peak growth of one extraction (a peer's failure on a page is its own business)."""
    def work():
        try:
            extract(html)
        except Exception:
            pass
    return growth(work)


def largest_alone(pages_dir, names, peer):
    """One peer, one page: the largest by bytes, after the first as warm-up."""
    sources = [os.path.join(pages_dir, name, "source.html") for name in names]
    largest = max(sources, key=os.path.getsize)
    warm, html = read(sources[0]), read(largest)
    extract = PEERS[peer]
    extract(warm)
    size = os.path.getsize(largest)
    print(json.dumps({"bench": "extract-memory-largest-alone", "peer": peer, "largest_page_kb": size // 1024,
                      "largest_page_ratio": round(extraction_growth(extract, html) / size, 2)}), flush=True)


def main():
    pages_dir = sys.argv[2]
    names = sorted(d for d in os.listdir(pages_dir) if os.path.isfile(os.path.join(pages_dir, d, "source.html")))
    if sys.argv[3:4] == ["--largest-alone"]:
        if len(sys.argv) == 5:
            return largest_alone(pages_dir, names, sys.argv[4])
        for peer in PEERS:   # a fresh process each
            subprocess.run([sys.executable, os.path.abspath(__file__), sys.argv[1], pages_dir, "--largest-alone", peer], check=True)
        return
    pages = [read(os.path.join(pages_dir, name, "source.html")) for name in names]
    for peer, extract in PEERS.items():
        extract(pages[0])  # warm-up: imports and lazily built tables
        rows = []
        for html in pages:
            size = len(html.encode("utf-8"))
            rows.append((extraction_growth(extract, html) / size, size))
        ratios = sorted(r for r, _ in rows)
        largest = max(rows, key=lambda row: row[1])
        print(json.dumps({"bench": "extract-memory", "peer": peer, "pages": len(rows),
                          "median_ratio": round(ratios[len(ratios) // 2], 2), "p90_ratio": round(ratios[len(ratios) * 9 // 10], 2),
                          "max_ratio": round(ratios[-1], 2), "largest_page_kb": largest[1] // 1024,
                          "largest_page_ratio": round(largest[0], 2)}), flush=True)


if __name__ == "__main__":
    main()
