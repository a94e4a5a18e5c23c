#!/usr/bin/env python3
"""make bench: what a fresh window-sized buffer costs this machine, beside the resize figures.

    bench_fresh_buffer.py [WIDTH HEIGHT [RUNS]]

GTK drawing without a GPU on Wayland makes a new shared-memory buffer (memfd) for every size a
window takes: each frame of a resize writes into pages the kernel has never handed out, and
every 4 KB page costs a fault. This touches a new memfd of WIDTH x HEIGHT x 4 bytes (default
1212 x 728: the resize measurement's widest window with its shadows) once per page, RUNS times
(default 50), and prints one JSON line with the fastest and the median: the part of each
Wayland resize frame that is the kernel's, on this machine, in this run.
"""
import json
import mmap
import os
import statistics
import sys
import time


def touch_ms(buffer, size):
    start = time.perf_counter()
    for offset in range(0, size, mmap.PAGESIZE):
        buffer[offset] = 1
    return (time.perf_counter() - start) * 1000


def first_touch_ms(size):
    """The first touch of each page, less the same loop over pages already there (Python's own
    time)."""
    fd = os.memfd_create("lectern-bench-buffer")
    try:
        os.ftruncate(fd, size)
        with mmap.mmap(fd, size) as buffer:
            first = touch_ms(buffer, size)
            return first - touch_ms(buffer, size)
    finally:
        os.close(fd)


def main():
    width, height = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) > 2 else (1212, 728)
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 50
    size = width * height * 4
    times = [first_touch_ms(size) for _ in range(runs)]
    print(json.dumps({"bench": "fresh-buffer", "width": width, "height": height, "pages": size // mmap.PAGESIZE,
                      "first_touch_min_ms": round(min(times), 3), "first_touch_median_ms": round(statistics.median(times), 3)}))


if __name__ == "__main__":
    main()
