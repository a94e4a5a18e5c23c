#!/usr/bin/env python3
"""Launches `lectern --screenshot` N times in a fresh home and prints one JSON line:
median wall time from launch to exit (an upper bound on the time to the first painted
frame) and the peak resident memory of the process."""
import json, os, resource, statistics, subprocess, sys, tempfile, time

binary, runs = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 7
times, peak_kb = [], 0
for _ in range(runs):
    with tempfile.TemporaryDirectory() as home:
        data = os.environ.get("LECTERN_BENCH_DATA", f"{home}/d")  # a prepared library, if given
        env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=f"{home}/c", XDG_DATA_HOME=data,
                   XDG_CACHE_HOME=f"{home}/k")
        start = time.perf_counter()
        subprocess.run([binary, "--screenshot", f"{home}/shot.png"], env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
        peak_kb = max(peak_kb, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
print(json.dumps({"bench": "startup-screenshot", "runs": runs,
                  "median_ms": round(statistics.median(times) * 1000, 1),
                  "min_ms": round(min(times) * 1000, 1), "peak_rss_mb": round(peak_kb / 1024, 1)}))
