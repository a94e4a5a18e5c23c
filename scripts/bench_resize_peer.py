#!/usr/bin/python3
"""make bench: the resize measurement's peer, run on the same display in the same run.

    bench_resize_peer.py [FRAMES]

A bare GTK 4 window, a header bar and nothing in it, resized every frame exactly as Lectern's
ResizeBenchmark resizes Lectern (1200 -> 360 -> 1200 px wide, 16 px a frame, 700 px tall), each
frame's work timed from its frame clock's before-paint to its after-paint. What GTK itself
spends on a frame of a drag on this display (the new buffer, the window's shadow and frame, the
header) is in it and nothing of Lectern's: beside Lectern's line it says which part of a frame
is Lectern's, and how fast this machine is in this hour. Prints one JSON line with the CPU model.

Needs /usr/bin/python3 with PyGObject and GTK 4's typelib (python3-gi, gir1.2-gtk-4.0).
"""
import json
import sys

import gi

from bench_ratios import cpu_model

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402

WIDEST, NARROWEST, STEP, HEIGHT = 1200, 360, 16, 700


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


class Drag:
    """Resizes `window` a step each frame once it has drawn its first, timing every frame."""

    def __init__(self, app, window, frames):
        self.app, self.window, self.frames = app, window, frames
        self.width, self.direction, self.started, self.work = WIDEST, -1, 0, []
        clock = window.get_frame_clock()
        self.first = clock.connect("after-paint", self.first_frame)

    def first_frame(self, clock):
        clock.disconnect(self.first)
        clock.connect("before-paint", self.before_paint)
        clock.connect("after-paint", self.after_paint)
        self.step()

    def step(self):
        if not NARROWEST <= self.width + self.direction * STEP <= WIDEST:
            self.direction = -self.direction
        self.width += self.direction * STEP
        self.window.set_default_size(self.width, HEIGHT)

    def before_paint(self, clock):
        self.started = GLib.get_monotonic_time()

    def after_paint(self, clock):
        if not self.started:
            return
        self.work.append((GLib.get_monotonic_time() - self.started) / 1000)
        self.started = 0
        if len(self.work) < self.frames:
            self.step()
            return
        display = type(self.window.get_display()).__name__.replace("Gdk", "").replace("Display", "")
        print(json.dumps({
            "bench": "window-resize-peer", "peer": "bare GTK window", "display": display, "step_px": STEP,
            "frames": len(self.work), "frame_work_median_ms": round(percentile(self.work, 0.5), 2),
            "frame_work_p95_ms": round(percentile(self.work, 0.95), 2),
            "frame_work_p99_ms": round(percentile(self.work, 0.99), 2), "frame_work_max_ms": round(max(self.work), 2),
            "frames_over_8_ms": sum(1 for w in self.work if w > 8), "cpu": cpu_model(),
        }), flush=True)
        self.app.quit()


def main():
    frames = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    app = Gtk.Application(application_id="dev.lectern.bench.ResizePeer")
    drags = []

    def activate(app):
        window = Gtk.ApplicationWindow(application=app, title="Resize peer")
        window.set_titlebar(Gtk.HeaderBar())
        window.set_default_size(WIDEST, HEIGHT)
        window.present()
        drags.append(Drag(app, window, frames))

    app.connect("activate", activate)
    return app.run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main())
