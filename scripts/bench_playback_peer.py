#!/usr/bin/python3
"""The peer of `lectern-bench playback` in `make bench`: a bare GStreamer playbin (audio only, the
desktop's sink) driven from Python, measured the same way on the same files in the same run.

Usage: bench_playback_peer.py --uri URI [--uri URI]... [--hour URI] [--runs N]
Prints the same JSON lines as Lectern's side, with "who": "gstreamer". Debian's python3-gi and
gir1.2-gstreamer-1.0 (hence /usr/bin/python3)."""
import argparse
import ctypes
import json
import os
import resource
import time

import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

Gst.init(None)


def playbin(uri, sink=None):
    player = Gst.ElementFactory.make("playbin")
    player.set_property("uri", uri)
    player.set_property("flags", 0x2 | 0x10)  # audio, software volume: as Lectern's
    if sink:
        player.set_property("audio-sink", sink)
    return player


def wait(player, kinds, seconds, until):
    """Pops bus messages of `kinds` until `until(message)` or the time is up."""
    bus, deadline = player.get_bus(), time.monotonic() + seconds
    while time.monotonic() < deadline:
        message = bus.timed_pop_filtered(int((deadline - time.monotonic()) * Gst.SECOND), kinds)
        if message is None:
            return False
        if message.type == Gst.MessageType.ERROR:
            raise SystemExit(f"bench_playback_peer: {message.parse_error()[0].message}")
        if until(message):
            return True
    return False


def playing(player):
    return lambda m: m.type == Gst.MessageType.STATE_CHANGED and m.src == player and m.parse_state_changed()[1] == Gst.State.PLAYING


def cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def status(field, task=False):
    path = f"/proc/self/task/{os.getpid()}/status" if task else "/proc/self/status"
    with open(path) as file:
        for line in file:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def give_back_freed():
    """glibc's malloc_trim, as Lectern's side calls it before reading resident memory."""
    ctypes.CDLL("libc.so.6").malloc_trim(0)


def emit(**fields):
    print(json.dumps(dict(fields, who="gstreamer"), sort_keys=True), flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--uri", action="append", required=True)
    parser.add_argument("--hour")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    kinds = Gst.MessageType.STATE_CHANGED | Gst.MessageType.ERROR | Gst.MessageType.EOS
    for uri in args.uri:
        times = []
        for _ in range(args.runs):
            player = playbin(uri)
            start = time.perf_counter()
            player.set_state(Gst.State.PLAYING)
            if not wait(player, kinds, 20, playing(player)):
                raise SystemExit(f"bench_playback_peer: {uri} did not play")
            times.append((time.perf_counter() - start) * 1000)
            player.set_state(Gst.State.NULL)
        emit(bench="playback-start", uri=uri, runs=args.runs, median_ms=round(sorted(times)[len(times) // 2], 1))

    player = playbin(args.uri[0])
    player.set_state(Gst.State.PLAYING)
    wait(player, kinds, 20, playing(player))
    start_cpu, start = cpu(), time.monotonic()
    wait(player, kinds, 10, lambda m: False)
    playing_pct = (cpu() - start_cpu) / (time.monotonic() - start) * 100
    player.set_state(Gst.State.PAUSED)
    time.sleep(0.5)
    start_cpu, wakeups = cpu(), status("voluntary_ctxt_switches", task=True)
    time.sleep(5)
    emit(bench="playback-cpu", playing_cpu_pct=round(playing_pct, 2), paused_cpu_ms=round((cpu() - start_cpu) * 1000, 1),
         paused_main_thread_wakeups=status("voluntary_ctxt_switches", task=True) - wakeups)
    player.set_state(Gst.State.NULL)

    if args.hour:
        runs = []
        for _ in range(3):
            sink = Gst.ElementFactory.make("fakesink")
            sink.set_property("sync", False)
            player = playbin(args.hour, sink)
            give_back_freed()
            before = status("VmRSS") * 1024
            with open("/proc/self/clear_refs", "w") as file:
                file.write("5")
            start = time.monotonic()
            player.set_state(Gst.State.PLAYING)
            if not wait(player, kinds, 600, lambda m: m.type == Gst.MessageType.EOS):
                raise SystemExit("bench_playback_peer: the hour-long episode did not end")
            seconds, peak = time.monotonic() - start, status("VmHWM") * 1024
            player.set_state(Gst.State.NULL)
            del player
            time.sleep(0.5)
            give_back_freed()
            runs.append((seconds, before, peak, status("VmRSS") * 1024))
        mb = lambda b: round(b / 1048576, 1)  # noqa: E731
        first, third = runs[0], runs[-1]
        emit(bench="playback-hour", seconds=round(sorted(r[0] for r in runs)[1], 2), rss_before_mb=mb(first[1]),
             rss_peak_growth_mb=mb(first[2] - first[1]), rss_kept_after_first_mb=mb(first[3] - first[1]),
             more_runs=len(runs) - 1, rss_growth_more_runs_mb=mb(third[3] - first[3]),
             malloc_arena_max=os.environ.get("MALLOC_ARENA_MAX", "default"))

main()
