#!/usr/bin/python3
"""Walks a running application's accessibility tree over AT-SPI, as a screen reader sees it,
and prints it as JSON on stdout: one object per node that is showing, with its role, name,
description, states, depth and the path of roles above it (and a push button's extents in its
window).

    atspi_walk.py PID [--wait SECONDS] [--text] [--click NAME] [--select NAME]

PID picks the application (tests share one display, so several may be on the bus).
--text also gives each node's text as the Text interface reads it out, for the article, and
the font families it is set in.
--click NAME first clicks the showing button named NAME through its Action interface, as a
screen reader user does (exit status 3 when there is none); --select NAME selects the showing
list item whose name starts with NAME through its list's Selection interface.
Needs python3-pyatspi; the AT-SPI bus is found through AT_SPI_BUS_ADDRESS.
"""
import json, sys, time

import pyatspi


def application(pid, wait):
    deadline = time.time() + wait
    while True:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            try:
                if app is not None and app.get_process_id() == pid and app.childCount > 0:
                    return app
            except Exception:
                continue
        if time.time() > deadline:
            return None
        time.sleep(0.2)


def describe(node, depth, path, with_text):
    states = node.getState()
    entry = {
        "role": node.getRoleName(),
        "name": node.name or "",
        "description": node.description or "",
        "depth": depth,
        "path": path,
        "states": [pyatspi.stateToString(s) for s in states.getStates()],
    }
    if entry["role"] == "push button":
        try:
            box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            entry["extents"] = [box.x, box.y, box.width, box.height]
        except Exception:
            pass
    if with_text:
        try:
            text = node.queryText()
            entry["text"] = text.getText(0, text.characterCount)
            entry["font"] = text.getDefaultAttributeSet().get("family-name", "")
        except Exception:
            pass
    return entry


def walk(node, depth, path, out, with_text):
    try:
        states = node.getState()
        if depth > 0 and not (states.contains(pyatspi.STATE_SHOWING) or states.contains(pyatspi.STATE_VISIBLE)):
            return
        entry = describe(node, depth, path, with_text)
    except Exception as error:  # a node that went away while walking
        out.append({"role": "gone", "name": str(error), "depth": depth, "path": path, "states": [], "description": ""})
        return
    out.append(entry)
    try:
        count = node.childCount
    except Exception:   # it went away while walking
        return
    for index in range(count):
        try:
            child = node.getChildAtIndex(index)
        except Exception:
            continue
        if child is not None:
            walk(child, depth + 1, path + [entry["role"]], out, with_text)


def first_showing(node, wanted):
    """The first showing node at or under `node` for which `wanted` holds, or None."""
    try:
        states = node.getState()
        if not (states.contains(pyatspi.STATE_SHOWING) or states.contains(pyatspi.STATE_VISIBLE)):
            return None
        if wanted(node):
            return node
        children = [node.getChildAtIndex(index) for index in range(node.childCount)]
    except Exception:   # it went away meanwhile
        return None
    for child in children:
        found = first_showing(child, wanted) if child is not None else None
        if found is not None:
            return found
    return None


def click(node):
    node.queryAction().doAction(0)
    return True


def select(node):
    return node.parent.querySelection().selectChild(node.getIndexInParent())


# --click NAME: a push button called NAME; --select NAME: a list item whose name starts with NAME.
ACTS = {
    "--click": (lambda name: lambda node: node.getRoleName() == "push button" and node.name == name, click, "no button called"),
    "--select": (lambda name: lambda node: node.getRoleName() == "list item" and (node.name or "").startswith(name), select,
                 "no list item starting with"),
}


def main():
    pid = int(sys.argv[1])
    wait = float(sys.argv[sys.argv.index("--wait") + 1]) if "--wait" in sys.argv else 10
    app = application(pid, wait)
    if app is None:
        print(f"no application with process id {pid} on the accessibility bus", file=sys.stderr)
        return 2
    for option, (matching, act, missing) in ACTS.items():
        if option not in sys.argv:
            continue
        name = sys.argv[sys.argv.index(option) + 1]
        found = next((node for node in (first_showing(child, matching(name)) for child in app if child is not None) if node), None)
        if found is None or not act(found):
            print(f"{missing} {name!r} is showing", file=sys.stderr)
            return 3
        time.sleep(0.2)
    out = []
    walk(app, 0, [], out, "--text" in sys.argv)
    json.dump(out, sys.stdout, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
