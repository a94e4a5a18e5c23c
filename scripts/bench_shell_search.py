#!/usr/bin/python3
"""make bench: GNOME Shell's search of a large library, timed as the Shell sees it.

    bench_shell_search.py LECTERN LIBRARY.sqlite [--rounds N]

Starts LECTERN as D-Bus starts it for the Shell (--gapplication-service) on a copy of
LIBRARY, then types each query a letter at a time as the Shell does: GetInitialResultSet for
the first letter, GetSubsearchResultSet for each longer prefix, and GetResultMetas for the
five results the Shell shows after each. Prints JSON lines: the first call (Lectern just
started, the library opened), then the median, p95 and worst round trip over every later
call (the target: results within 50 ms). Run it under a session bus and a display
(scripts/headless.sh); the calls go through python3-gi, as the Shell's own do.
"""
import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from gi.repository import Gio, GLib

BUS_NAME = "dev.lectern.Lectern.SearchProvider"
PATH = "/dev/lectern/Lectern/SearchProvider"
INTERFACE = "org.gnome.Shell.SearchProvider2"
QUERIES = ["kernel", "linux gtk", "garden coffee", "typography", "river", "swift", "zeppelin", "update"]


def call(bus, method, signature, *arguments):
    started = time.perf_counter()
    reply = bus.call_sync(BUS_NAME, PATH, INTERFACE, method, GLib.Variant(signature, arguments),
                          None, Gio.DBusCallFlags.NO_AUTO_START, 30000)
    return reply.unpack()[0], (time.perf_counter() - started) * 1000


def wait_for_name(bus, seconds):
    deadline = time.time() + seconds
    while time.time() < deadline:
        owner = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                              GLib.Variant("(s)", (BUS_NAME,)), None, Gio.DBusCallFlags.NONE, 1000).unpack()[0]
        if owner:
            return True
        time.sleep(0.02)
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("lectern")
    parser.add_argument("library", type=pathlib.Path)
    parser.add_argument("--rounds", type=int, default=3)
    arguments = parser.parse_args()
    home = pathlib.Path(tempfile.mkdtemp(prefix="lectern-shell-search-"))
    (home / "data/lectern").mkdir(parents=True)
    shutil.copyfile(arguments.library, home / "data/lectern/library.sqlite")
    environment = dict(os.environ, HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
                       XDG_CACHE_HOME=str(home / "cache"))
    bus = Gio.bus_get_sync(Gio.BusType.SESSION)
    launched = time.perf_counter()
    lectern = subprocess.Popen([arguments.lectern, "--gapplication-service"], env=environment,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        if not wait_for_name(bus, 20):
            sys.exit("bench_shell_search: Lectern did not take its search provider's name")
        results, first = call(bus, "GetInitialResultSet", "(as)", [QUERIES[0]])
        print(json.dumps({"bench": "shell-search-first-call", "ms_after_launch": round((time.perf_counter() - launched) * 1000, 1),
                          "call_ms": round(first, 2), "results": len(results),
                          "what": "the first search right after D-Bus starts Lectern (library opened on the way)"}))
        times = {"initial": [], "subsearch": [], "metas": []}
        for _ in range(arguments.rounds):
            for query in QUERIES:
                previous = []
                for length in range(1, len(query) + 1):
                    terms = query[:length].split()
                    if not previous:
                        previous, took = call(bus, "GetInitialResultSet", "(as)", terms)
                        times["initial"].append(took)
                    else:
                        previous, took = call(bus, "GetSubsearchResultSet", "(asas)", previous, terms)
                        times["subsearch"].append(took)
                    _, took = call(bus, "GetResultMetas", "(as)", previous[:5])
                    times["metas"].append(took)
        every = [t for series in times.values() for t in series]
        for name, series in list(times.items()) + [("all", every)]:
            ordered = sorted(series)
            print(json.dumps({"bench": "shell-search", "method": name, "calls": len(series),
                              "median_ms": round(statistics.median(ordered), 2),
                              "p95_ms": round(ordered[int(len(ordered) * 0.95) - 1], 2), "max_ms": round(ordered[-1], 2),
                              "target_ms": 50}))
    finally:
        lectern.terminate()
        lectern.wait(timeout=10)
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
