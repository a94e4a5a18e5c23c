#!/usr/bin/env python3
"""A reader left running must not grow: resident memory of a running Lectern before and after
hundreds of refreshes (every feed answering 304), syncs and theme switches, each driven over
D-Bus (`org.gtk.Actions`). Run under scripts/headless.sh (a session bus and a display).

Usage: soak.py LECTERN [--feeds 50] [--refreshes 300] [--theme-switches 100] [--warm-up 30]
                       [--background] [--sync] [--action NAME]
--sync adds a Google Reader API account (Tests/SyncTests/Fixtures/greader_server.py, its password
in a private gnome-keyring): each refresh then syncs it too.
Prints one JSON line per phase: resident memory after the warm-up and at the end, and the
growth per step. --background starts `lectern --background` (no window) instead.
"""
import argparse, json, os, subprocess, sys, tempfile, time, urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
SERVER = os.path.join(HERE, "..", "Tests", "LibraryTests", "Fixtures", "server.py")
GREADER = os.path.join(HERE, "..", "Tests", "SyncTests", "Fixtures", "greader_server.py")
SECRETS = os.path.join(HERE, "..", "Tests", "TestSupport", "secret_service.sh")
APP = ["--dest", "dev.lectern.Lectern", "--object-path", "/dev/lectern/Lectern"]


def proc_mb(pid, file, key):
    """A "Key:  N kB" line of /proc/PID/FILE, in MB."""
    with open(f"/proc/{pid}/{file}") as lines:
        for line in lines:
            if line.startswith(key + ":"):
                return int(line.split()[1]) / 1024
    return 0.0


def rss_mb(pid):
    return proc_mb(pid, "status", "VmRSS")


def private_mb(pid):
    """Memory the process alone dirtied (heap, stacks, written pages): shared library code is not in it."""
    return proc_mb(pid, "smaps_rollup", "Private_Dirty")


def activate(action, parameter="[]"):
    subprocess.run(["gdbus", "call", "--session", *APP, "--method", "org.gtk.Actions.Activate",
                    action, parameter, "{}"], check=True, stdout=subprocess.DEVNULL)


def control(base, route, body):
    request = urllib.request.Request(f"{base}/_control/{route}", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request).read()


def running():
    answer = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                             "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.NameHasOwner",
                             "dev.lectern.Lectern"], capture_output=True, text=True).stdout
    return "true" in answer


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("lectern")
    parser.add_argument("--feeds", type=int, default=50)
    parser.add_argument("--refreshes", type=int, default=300)
    parser.add_argument("--theme-switches", type=int, default=100)
    parser.add_argument("--warm-up", type=int, default=30)
    parser.add_argument("--background", action="store_true")
    parser.add_argument("--sync", action="store_true")
    parser.add_argument("--action", help="instead: activate this action --refreshes times (to find a leak)")
    args = parser.parse_args()

    server = subprocess.Popen([sys.executable, SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{server.stdout.readline().strip()}"

    def hits():
        return int(urllib.request.urlopen(f"{base}/_hits?prefix=/bench/").read())

    home = tempfile.mkdtemp(prefix="lectern-soak-")
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=f"{home}/c", XDG_DATA_HOME=f"{home}/d",
               XDG_CACHE_HOME=f"{home}/k")
    opml = os.path.join(home, "feeds.opml")
    with open(opml, "w") as file:
        outlines = "".join(f'<outline type="rss" text="Bench {n}" xmlUrl="{base}/bench/{n}.xml"/>'
                           for n in range(args.feeds))
        file.write(f'<?xml version="1.0"?><opml version="2.0"><body>{outlines}</body></opml>')
    subprocess.run([args.lectern, "--batch", "--import-opml", opml, "--refresh"], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    keyring = greader = None
    if args.sync:
        started = subprocess.run(["bash", SECRETS, "start"], env=env, check=True, capture_output=True, text=True).stdout
        keyring = dict(line.split("=", 1) for line in started.split())
        greader = subprocess.Popen([sys.executable, GREADER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        sync_base = f"http://127.0.0.1:{greader.stdout.readline().strip()}"
        items = [{"id": str(n), "feed": "feed/1", "title": f"Item {n}", "link": f"https://tea.example/{n}",
                  "published": 1700000000 + n, "content": "<p>Tea</p>"} for n in range(200)]
        control(sync_base, "reset", {"feeds": [{"id": "feed/1", "title": "Tea", "url": "https://tea.example/feed"}], "items": items})
        subprocess.run([args.lectern, "--add-account", "greader", "--server", sync_base, "--user", "alice", "--password-stdin"],
                       env=env, input="wonderland\n", text=True, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    command = [args.lectern] + (["--background"] if args.background else [])
    app = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    mode = "background" if args.background else "window"
    try:
        deadline = time.monotonic() + 30
        while not running():
            if time.monotonic() > deadline or app.poll() is not None:
                sys.exit("soak: Lectern did not come up on the session bus")
            time.sleep(0.1)
        time.sleep(2)   # the window's first frames and its start-up work

        def refresh():
            target = hits() + args.feeds
            if greader:
                control(sync_base, "log/clear", {})
            activate("refresh")
            while hits() < target:
                time.sleep(0.02)
            if greader:   # the sync after the refresh: until its requests stop coming
                seen = -1
                while True:
                    time.sleep(0.2)
                    count = len(json.loads(urllib.request.urlopen(f"{sync_base}/_control/log").read()))
                    if count and count == seen:
                        break
                    seen = count
            time.sleep(0.15)   # the refresh's last writes and the window's reload

        def measure(name, count, step):
            for _ in range(args.warm_up):
                step(0)
            before = rss_mb(app.pid)
            start = time.monotonic()
            for index in range(count):
                step(index)
            after = rss_mb(app.pid)
            print(json.dumps({"bench": f"soak-{name}", "mode": mode, "steps": count,
                              "rss_before_mb": round(before, 1), "rss_after_mb": round(after, 1),
                              "private_dirty_after_mb": round(private_mb(app.pid), 1),
                              "growth_kb_per_step": round((after - before) * 1024 / count, 2),
                              "seconds": round(time.monotonic() - start, 1)}), flush=True)

        if args.action:
            return measure(args.action, args.refreshes, lambda _: (activate(args.action), time.sleep(0.05)))
        measure("refresh-and-sync" if args.sync else "refresh", args.refreshes, lambda _: refresh())
        if not args.background and args.theme_switches:
            themes = ["Sepia", "Paper"]
            measure("theme-switch", args.theme_switches,
                    lambda n: (activate("select-theme", f"[<'{themes[n % 2]}'>]"), time.sleep(0.05)))
    finally:
        app.terminate()
        app.wait(timeout=10)
        server.stdin.close()
        server.wait()
        if greader:
            greader.stdin.close()
            greader.wait()
        if keyring:
            subprocess.run(["bash", SECRETS, "stop", keyring["SECRET_SERVICE_PID"], keyring.get("SECRET_SERVICE_RUNTIME_DIR", "")], env=env)
        subprocess.run(["rm", "-rf", home])


if __name__ == "__main__":
    main()
