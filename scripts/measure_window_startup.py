#!/usr/bin/env python3
"""Time from launch until a program's window is viewable on the X display, and its
resident memory two seconds later — the same measurement for Lectern and for peer
readers (Liferea, Feeds). Each run starts in a fresh, empty home.
Usage: measure_window_startup.py NAME WINDOW_TITLE RUNS -- COMMAND ARGS..."""
import json, os, signal, statistics, subprocess, sys, tempfile, time

name, title, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
command = sys.argv[sys.argv.index("--") + 1:]


def viewable(title):
    """True when some window with this exact title is mapped and larger than a stub."""
    tree = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True, text=True).stdout
    for line in tree.splitlines():
        parts = line.split()
        if len(parts) > 1 and parts[0].startswith("0x") and f'"{title}":' in line:
            info = subprocess.run(["xwininfo", "-id", parts[0]], capture_output=True, text=True).stdout
            if "IsViewable" in info and "Width: 1\n" not in info and "Width: 10\n" not in info:
                return True
    return False


def rss_mb(pid):
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            if int(entry) != pid and int(fields[1]) != pid:  # the process and its children
                continue
            with open(f"/proc/{entry}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        except (OSError, IndexError, ValueError):
            continue
    return total / 1024


times, memory = [], []
for _ in range(runs):
    with tempfile.TemporaryDirectory() as home:
        for folder in ("c", "d", "k", ".config", ".local/share", ".cache"):
            os.makedirs(f"{home}/{folder}", exist_ok=True)
        env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=f"{home}/c", XDG_DATA_HOME=f"{home}/d",
                   XDG_CACHE_HOME=f"{home}/k")
        start = time.perf_counter()
        process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   start_new_session=True)
        while not viewable(title) and time.perf_counter() - start < 30:
            time.sleep(0.01)
        times.append(time.perf_counter() - start)
        time.sleep(2)
        memory.append(rss_mb(process.pid))
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
print(json.dumps({"bench": "window-startup", "program": name, "runs": runs,
                  "median_ms": round(statistics.median(times) * 1000, 1),
                  "rss_after_2s_mb": round(statistics.median(memory), 1)}))
