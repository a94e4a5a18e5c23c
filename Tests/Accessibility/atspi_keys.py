#!/usr/bin/python3
"""Presses keys in a running application's window and reports, after each, which control has
the keyboard focus as AT-SPI tells a screen reader: JSON on stdout, one object per key with the
focused node's role and name and the names of the nodes around it (outermost first).

    atspi_keys.py PID WINDOW-ID KEY [KEY...]      (keys in xdotool's spelling: F6, shift+F6, Tab, Menu)

Needs python3-pyatspi and xdotool; the AT-SPI bus is found through AT_SPI_BUS_ADDRESS.
"""
import json, subprocess, sys, time

import pyatspi

from atspi_walk import application


def focused(node, ancestors):
    try:
        states = node.getState()
        if not (states.contains(pyatspi.STATE_SHOWING) or states.contains(pyatspi.STATE_VISIBLE)) and ancestors:
            return None
        if states.contains(pyatspi.STATE_FOCUSED):
            return {"role": node.getRoleName(), "name": node.name or "", "ancestors": ancestors}
        for index in range(node.childCount):
            child = node.getChildAtIndex(index)
            if child is None:
                continue
            found = focused(child, ancestors + [node.name or ""])
            if found:
                return found
    except Exception:
        return None
    return None


def main():
    pid, window, keys = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    app = application(pid, 20)
    if app is None:
        print(f"no application with process id {pid} on the accessibility bus", file=sys.stderr)
        return 2
    out, previous = [], None
    for key in keys:
        subprocess.run(["xdotool", "windowfocus", "--sync", window, "key", "--clearmodifiers", key], check=True)
        # The focus event reaches the bus a moment later: wait for a focused node, and up to a
        # second for one other than before (a key may also leave the focus where it was).
        start, found = time.time(), None
        while time.time() - start < 4:
            time.sleep(0.15)
            found = focused(app, [])
            if found and (found != previous or time.time() - start > 1):
                break
        previous = found
        out.append(dict(found or {"role": "", "name": "", "ancestors": []}, key=key))
    json.dump(out, sys.stdout, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
