#!/usr/bin/env python3
"""End-to-end check of ttrss_harness.py against the real tt-rss JSON API (python3 stdlib, as root).

  python3 Tests/SyncTests/Fixtures/ttrss_smoke.py [--samples FILE]

Starts the harness, serves a two-item feed, logs in, subscribes, fetches, reads headlines, marks
one read, checks API-off and server-down behaviour, then closes the harness's stdin and checks that
nothing it started is left (no process, no run directory, port 80 free). With --samples, writes every
request and the server's exact answer to FILE. Ends with "N passed, N failed".
"""
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
USER_AGENT = "LecternSmoke/1.0"        # tt-rss ties an API session to the User-Agent
FEED = """<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel>
  <title>Smoke Feed</title><link>{base}</link><description>a local test feed</description>
  <item><title>First article</title><link>{base}a1</link><guid isPermaLink="false">smoke-{tag}-1</guid>
    <pubDate>Mon, 01 Jan 2024 10:00:00 +0000</pubDate><author>ann@example.invalid (Ann)</author>
    <description>Hello &lt;b&gt;one&lt;/b&gt;</description></item>
  <item><title>Second article</title><link>{base}a2</link><guid isPermaLink="false">smoke-{tag}-2</guid>
    <pubDate>Tue, 02 Jan 2024 10:00:00 +0000</pubDate><description>Hello two</description></item>
</channel></rss>
"""

passed = failed = 0
samples = []


def check(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
        print(f"PASS {name}")
    else:
        failed += 1
        print(f"FAIL {name} {detail}")


class Harness:
    def __init__(self):
        began = time.monotonic()
        self.proc = subprocess.Popen([sys.executable, os.path.join(HERE, "ttrss_harness.py")],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        line = self.proc.stdout.readline()
        self.start_seconds = time.monotonic() - began
        if not line:
            raise SystemExit(f"the harness did not start (exit {self.proc.wait()})")
        self.info = json.loads(line)

    def command(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return self.proc.stdout.readline().rstrip("\n")

    def close(self):
        self.proc.stdin.close()
        return self.proc.wait(timeout=30)


def api(harness, body, label=None):
    request = urllib.request.Request(harness.info["api"] + "api/", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", "User-Agent": USER_AGENT})
    with urllib.request.urlopen(request, timeout=30) as response:
        text = response.read().decode()
    if label:
        shown = dict(body)
        if "sid" in shown:
            shown["sid"] = "SID"
        samples.append(f"### {label}\nrequest: {json.dumps(shown)}\nresponse: {text}\n")
    return json.loads(text)


def main():
    samples_file = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--samples" else None
    harness = Harness()
    print(f"harness ready in {harness.start_seconds:.2f}s: {json.dumps(harness.info)}")
    check("started within 5 s", harness.start_seconds < 5, f"{harness.start_seconds:.2f}s")
    info = harness.info
    tag = str(int(time.time() * 1000))
    with open(os.path.join(info["feeds_dir"], "feed.xml"), "w") as f:
        f.write(FEED.format(base=info["feed_base"], tag=tag))
    try:
        wrong = api(harness, {"op": "login", "user": info["user"], "password": "wrong"}, "login, wrong password")
        check("wrong password is LOGIN_ERROR", wrong["status"] == 1 and wrong["content"]["error"] == "LOGIN_ERROR", wrong)
        login = api(harness, {"op": "login", "user": info["user"], "password": info["password"]}, "login")
        check("login", login["status"] == 0 and login["content"].get("session_id"), login)
        sid = login["content"]["session_id"]
        api(harness, {"sid": sid, "op": "getApiLevel"}, "getApiLevel")
        api(harness, {"sid": sid, "op": "getVersion"}, "getVersion")
        api(harness, {"sid": sid, "op": "isLoggedIn"}, "isLoggedIn")

        blocked = api(harness, {"sid": sid, "op": "subscribeToFeed", "feed_url": "http://127.0.0.1/feed.xml"},
                      "subscribeToFeed, a plain loopback URL (refused by tt-rss)")
        sub = api(harness, {"sid": sid, "op": "subscribeToFeed", "feed_url": info["feed_base"] + "feed.xml"},
                  "subscribeToFeed")
        status = sub["content"]["status"]
        check("subscribeToFeed code 1", status.get("code") == 1, sub)
        feed_id = status["feed_id"]
        again = api(harness, {"sid": sid, "op": "subscribeToFeed", "feed_url": info["feed_base"] + "feed.xml"},
                    "subscribeToFeed, already subscribed")
        check("subscribing again is code 0", again["content"]["status"]["code"] == 0, again)
        check("blocked loopback URL is refused", blocked["content"]["status"]["code"] != 1, blocked)

        before = api(harness, {"sid": sid, "op": "getHeadlines", "feed_id": feed_id}, "getHeadlines before any fetch")
        began = time.monotonic()
        answer = harness.command("update")
        check("update", answer == "ok", answer)
        print(f"update took {time.monotonic() - began:.2f}s")
        check("feed server was hit", int(harness.command("hits /feed.xml")) >= 2)

        api(harness, {"sid": sid, "op": "getFeeds", "cat_id": -3}, "getFeeds cat_id -3 (all feeds, without virtual ones)")
        api(harness, {"sid": sid, "op": "getFeeds", "cat_id": -4}, "getFeeds cat_id -4 (all, with virtual and labels)")
        api(harness, {"sid": sid, "op": "getFeeds", "cat_id": 0}, "getFeeds cat_id 0 (uncategorized)")
        api(harness, {"sid": sid, "op": "getCategories"}, "getCategories")
        api(harness, {"sid": sid, "op": "getCategories", "include_empty": True}, "getCategories include_empty")
        heads = api(harness, {"sid": sid, "op": "getHeadlines", "feed_id": feed_id, "show_content": True,
                              "show_excerpt": True, "include_attachments": True}, "getHeadlines show_content")
        items = heads["content"]
        check("getHeadlines shows 2 items", len(items) == 2, heads)
        ids = [item["id"] for item in items]
        api(harness, {"sid": sid, "op": "getHeadlines", "feed_id": -4, "limit": 1, "skip": 0},
            "getHeadlines feed_id -4 (all articles), limit 1")
        api(harness, {"sid": sid, "op": "getArticle", "article_id": str(ids[0])}, "getArticle")
        unread = api(harness, {"sid": sid, "op": "getUnread"}, "getUnread")
        check("2 unread", str(unread["content"]["unread"]) == "2", unread)
        api(harness, {"sid": sid, "op": "getCounters", "output_mode": "flc"}, "getCounters output_mode flc")

        marked = api(harness, {"sid": sid, "op": "updateArticle", "article_ids": str(ids[0]), "mode": 0, "field": 2},
                     "updateArticle mark read (field 2 unread, mode 0 false)")
        check("updateArticle updated 1", marked["content"].get("updated") == 1, marked)
        check("sql sees 1 unread", harness.command("sql SELECT count(*) FROM ttrss_user_entries WHERE unread") == "1")
        api(harness, {"sid": sid, "op": "updateArticle", "article_ids": ",".join(map(str, ids)), "mode": 1, "field": 0},
            "updateArticle star both (field 0 starred, mode 1 true)")
        api(harness, {"sid": sid, "op": "getHeadlines", "feed_id": feed_id, "view_mode": "unread"},
            "getHeadlines view_mode unread")
        api(harness, {"sid": sid, "op": "getCounters"}, "getCounters (default output_mode flc)")
        caught = api(harness, {"sid": sid, "op": "catchupFeed", "feed_id": feed_id, "is_cat": False}, "catchupFeed")
        check("catchupFeed OK", caught["content"].get("status") == "OK", caught)
        check("sql sees 0 unread", harness.command("sql SELECT count(*) FROM ttrss_user_entries WHERE unread") == "0")
        check("sql with no rows is empty", harness.command("sql SELECT 1 WHERE false") == "")
        check("sql error", harness.command("sql SELECT nope FROM nowhere").startswith("error: "))

        check("api off", harness.command("api off") == "ok")
        disabled = api(harness, {"op": "login", "user": info["user"], "password": info["password"]}, "login, API disabled")
        check("login is API_DISABLED", disabled["content"].get("error") == "API_DISABLED", disabled)
        during = api(harness, {"sid": sid, "op": "getUnread"}, "getUnread with a live session, API disabled")
        check("call with live session is API_DISABLED", during["content"].get("error") == "API_DISABLED", during)
        check("api on", harness.command("api on") == "ok")
        api(harness, {"op": "getUnread"}, "getUnread without sid")
        api(harness, {"sid": "nosuchsession", "op": "getUnread"}, "getUnread with an unknown sid")
        api(harness, {"sid": sid, "op": "noSuchOp"}, "unknown op")

        check("web stop", harness.command("web stop") == "ok")
        try:
            api(harness, {"sid": sid, "op": "getUnread"})
            check("connection refused while stopped", False, "answered")
        except urllib.error.URLError as error:
            check("connection refused while stopped", isinstance(error.reason, ConnectionRefusedError), error)
        check("web start", harness.command("web start") == "ok")
        back = api(harness, {"sid": sid, "op": "getUnread"})
        check("old session still valid after restart", back["status"] == 0, back)

        other_ua = urllib.request.Request(info["api"] + "api/", data=json.dumps({"sid": sid, "op": "getUnread"}).encode(),
                                          headers={"Content-Type": "application/json", "User-Agent": "Other/1.0"})
        text = urllib.request.urlopen(other_ua, timeout=30).read().decode()
        samples.append(f"### getUnread with another User-Agent\nresponse: {text}\n")
        check("another User-Agent is NOT_LOGGED_IN", json.loads(text)["content"].get("error") == "NOT_LOGGED_IN", text)

        gone = api(harness, {"sid": sid, "op": "unsubscribeFeed", "feed_id": feed_id}, "unsubscribeFeed")
        check("unsubscribeFeed OK", gone["content"].get("status") == "OK", gone)
        api(harness, {"sid": sid, "op": "unsubscribeFeed", "feed_id": feed_id}, "unsubscribeFeed, not subscribed")
        api(harness, {"sid": sid, "op": "logout"}, "logout")
        api(harness, {"sid": sid, "op": "isLoggedIn"}, "isLoggedIn after logout")
    finally:
        run_dir = os.path.dirname(info["feeds_dir"])
        code = harness.close()
    check("harness exits 0 at end of input", code == 0, code)
    check("run dir removed", not os.path.exists(run_dir))
    ps = subprocess.run(["ps", "-eo", "pid,args"], capture_output=True, text=True).stdout
    web = info["api"].split("//", 1)[1].rstrip("/")
    left = [line for line in ps.splitlines() if run_dir in line or f"php -S {web} " in line]
    check("no process left", not left, left)
    feed_host = info["feed_base"].split("[::ffff:", 1)[1].split("]", 1)[0]
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((feed_host, 80))
            check("port 80 free again", True)
        except OSError as error:
            check("port 80 free again", False, error)
    if samples_file:
        with open(samples_file, "w") as f:
            f.write("\n".join(samples))
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
