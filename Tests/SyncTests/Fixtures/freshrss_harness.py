#!/usr/bin/env python3
"""A real FreshRSS (../shared/servers/freshrss, FreshRSS 1.25 on Debian's PHP and SQLite) on
loopback for one test, with a feed site beside it.

    freshrss_harness.py FRESHRSS_SH

FRESHRSS_SH is the shared folder's freshrss.sh, which installs a copy of the server into a
throwaway folder and serves it with PHP's built-in server. The first stdout line is JSON:

    {"api": "http://127.0.0.1:<port>/api/greader.php", "user": "...", "password": "...",
     "feeds_dir": "/abs/path", "feed_base": "http://127.0.0.1:<port>/"}

feeds_dir is served at feed_base (files as they are now, no caching headers); FreshRSS fetches
loopback feeds. Then one command a line on stdin, one answer line on stdout:

    actualize       FreshRSS fetches every feed of the user now ("ok")
    sql STATEMENT   runs STATEMENT on the user's SQLite database; rows as "a|b", joined by ";"
    web stop|start  stops, or starts again on the same port, only the PHP server ("ok")

Everything started is stopped, by its process id, and the folder removed when stdin closes.
"""
import functools
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from socket import socket

USER = "tester"
PASSWORD = "Test-pass-1"


class FeedHandler(SimpleHTTPRequestHandler):
    """The folder's files as they are now: no Last-Modified, so FreshRSS never gets a 304."""

    def send_header(self, keyword, value):
        if keyword.lower() != "last-modified":
            super().send_header(keyword, value)

    def log_message(self, format, *args):
        pass


def free_port():
    with socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Harness:
    def __init__(self, script):
        self.script = script
        self.run = tempfile.mkdtemp(prefix="lectern-freshrss-")
        self.feeds = os.path.join(self.run, "feeds")
        os.mkdir(self.feeds)
        ThreadingHTTPServer.daemon_threads = True
        self.site = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(FeedHandler, directory=self.feeds))
        threading.Thread(target=self.site.serve_forever, daemon=True).start()
        self.port = free_port()
        started = subprocess.run([script, "start", self.run, str(self.port), USER, PASSWORD],
                                 capture_output=True, text=True, timeout=120)
        if started.returncode != 0:
            self.stop()
            raise RuntimeError(f"freshrss.sh start failed: {started.stderr.strip()}")
        self.api = started.stdout.strip().splitlines()[-1]
        self.database = os.path.join(self.run, "freshrss", "data", "users", USER, "db.sqlite")

    def info(self):
        return {"api": self.api, "user": USER, "password": PASSWORD, "feeds_dir": self.feeds,
                "feed_base": f"http://127.0.0.1:{self.site.server_address[1]}/"}

    def actualize(self):
        # FreshRSS fetches only feeds whose last update is older than their TTL, and reuses a
        # download younger than its cache duration: with both at 0, a feed fetched this second
        # (by quickadd) is still not fetched again. Every feed is made due and the cache emptied.
        self.sql("UPDATE feed SET lastUpdate = 0")
        cache = os.path.join(self.run, "freshrss", "data", "cache")
        for name in os.listdir(cache):
            if name.endswith(".spc"):
                os.remove(os.path.join(cache, name))
        subprocess.run([self.script, "actualize", self.run, USER], capture_output=True, timeout=120)
        return "ok"

    def sql(self, statement):
        with sqlite3.connect(self.database, timeout=10) as connection:
            rows = connection.execute(statement).fetchall()
        return ";".join("|".join("" if value is None else str(value) for value in row) for row in rows)

    def web(self, verb):
        if verb == "stop":
            subprocess.run([self.script, "stop", self.run], capture_output=True, timeout=30)
            # The signal is sent, not yet obeyed: answer once the port no longer takes calls.
            for _ in range(200):
                if not self.answers():
                    return "ok"
                time.sleep(0.05)
            return "error: the server is still answering"
        # freshrss.sh serves the tree's public folder `p` with PHP's built-in server; so does this.
        with open(os.path.join(self.run, "server.log"), "ab") as log:
            server = subprocess.Popen(["php", "-S", f"127.0.0.1:{self.port}", "-t", os.path.join(self.run, "freshrss", "p")],
                                      stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
        with open(os.path.join(self.run, "server.pid"), "w") as pid:
            pid.write(str(server.pid))
        for _ in range(200):
            if self.answers():
                return "ok"
            time.sleep(0.05)
        return "error: the server did not answer again"

    def answers(self):
        try:
            urllib.request.urlopen(self.api, timeout=1).close()
            return True
        except urllib.error.HTTPError:
            return True
        except OSError:
            return False

    def stop(self):
        subprocess.run([self.script, "stop", self.run], capture_output=True, timeout=30)
        self.site.shutdown()
        shutil.rmtree(self.run, ignore_errors=True)

    def answer(self, line):
        verb, _, rest = line.partition(" ")
        try:
            if verb == "actualize":
                return self.actualize()
            if verb == "sql":
                return self.sql(rest)
            if verb == "web" and rest in ("stop", "start"):
                return self.web(rest)
            return f"error: unknown command {line!r}"
        except Exception as error:  # the test reads the answer; the harness keeps serving
            return f"error: {error}"


def main():
    # The test runner starts this script with most signals blocked, and children inherit the
    # mask: a PHP server started so would ignore the SIGTERM that stops it.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    harness = Harness(sys.argv[1])
    try:
        print(json.dumps(harness.info()), flush=True)
        for line in sys.stdin:
            if line.strip():
                print(harness.answer(line.strip()), flush=True)
    finally:
        harness.stop()


if __name__ == "__main__":
    main()
