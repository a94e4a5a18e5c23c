#!/usr/bin/env python3
"""Runs a command and prints one JSON line: its wall time and peak resident memory.
Usage: timed.py NAME -- COMMAND ARGS..."""
import json, resource, subprocess, sys, time

name, command = sys.argv[1], sys.argv[sys.argv.index("--") + 1:]
start = time.perf_counter()
status = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
seconds = time.perf_counter() - start
peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(json.dumps({"bench": name, "status": status, "seconds": round(seconds, 3), "peak_rss_mb": round(peak_mb, 1)}))
