#!/usr/bin/env python3
"""make bench: the packaged binary (Swift's runtime linked in) beside the dynamic build.

    bench_static.py PACKAGED DYNAMIC [ROUNDS]

PACKAGED is /usr/bin/lectern as the .deb installs it (dpkg-deb -x), DYNAMIC a release build
linked against the toolchain's Swift libraries. Prints JSON lines: the bytes each needs on
disk (the dynamic one with the Swift libraries it loads, both stripped as a package strips
them), and the start-up to the first frame (launch until `--screenshot` has saved the first
painted frame and quit, in a fresh home), the two alternating for ROUNDS rounds (default 9)
so that both see the same machine; the medians and their ratio. Run under a display
(scripts/headless.sh).
"""
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time


def stripped_size(binary):
    with tempfile.TemporaryDirectory() as scratch:
        copy = pathlib.Path(scratch) / "copy"
        subprocess.run(["strip", "-o", str(copy), binary], check=True)
        return copy.stat().st_size


def swift_libraries(binary):
    """The Swift runtime libraries `binary` loads (none for a static build)."""
    listing = subprocess.run(["ldd", binary], capture_output=True, text=True, check=True).stdout
    found = []
    for line in listing.splitlines():
        parts = line.split("=>")
        if len(parts) == 2 and "/swift/" in parts[1]:
            found.append(parts[1].split()[0])
    return found


def first_frame(binary):
    with tempfile.TemporaryDirectory() as home:
        environment = dict(os.environ, HOME=home, XDG_CONFIG_HOME=f"{home}/c", XDG_DATA_HOME=f"{home}/d",
                           XDG_CACHE_HOME=f"{home}/k")
        started = time.perf_counter()
        subprocess.run([binary, "--screenshot", f"{home}/shot.png"], env=environment, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        elapsed = time.perf_counter() - started
        if not pathlib.Path(f"{home}/shot.png").is_file():
            sys.exit(f"bench_static: {binary} saved no screenshot")
        return elapsed * 1000


def main():
    packaged, dynamic = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 9
    libraries = swift_libraries(dynamic)
    if swift_libraries(packaged):
        sys.exit(f"bench_static: {packaged} loads Swift libraries; it is not the static build")
    library_bytes = sum(pathlib.Path(library).stat().st_size for library in libraries)
    sizes = {"packaged": stripped_size(packaged), "dynamic": stripped_size(dynamic)}
    print(json.dumps({"bench": "static-binary-size", "packaged_mb": round(sizes["packaged"] / 1e6, 1),
                      "dynamic_mb": round(sizes["dynamic"] / 1e6, 1),
                      "dynamic_with_swift_libraries_mb": round((sizes["dynamic"] + library_bytes) / 1e6, 1),
                      "swift_libraries": len(libraries), "what": "stripped bytes on disk"}))
    first_frame(packaged), first_frame(dynamic)   # a warm-up each: the page cache holds both
    times = {"packaged": [], "dynamic": []}
    for _ in range(rounds):
        for name, binary in (("packaged", packaged), ("dynamic", dynamic)):
            times[name].append(first_frame(binary))
    medians = {name: statistics.median(series) for name, series in times.items()}
    print(json.dumps({"bench": "static-binary-first-frame", "rounds": rounds,
                      "packaged_median_ms": round(medians["packaged"], 1), "dynamic_median_ms": round(medians["dynamic"], 1),
                      "ratio": round(medians["packaged"] / medians["dynamic"], 3),
                      "what": "launch to the first frame saved and quit, alternating; ratio packaged/dynamic (target <= 1)"}))


if __name__ == "__main__":
    main()
