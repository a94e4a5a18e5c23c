#!/usr/bin/env python3
"""Self-test of greader_server.py (stdlib only): python3 greader_selftest.py [--all-bulk]

Starts the server once per flavor and drives it as a sync client would: login, token, lists,
id paging, contents, edit-tag, mark-all-as-read, quickadd, subscription/edit, every fault kind,
token expiry, and a bulk of 1,000,000 unread ids paged with n=10000 (strict only, unless
--all-bulk). Exits non-zero on the first failure.
"""
import http.client
import json
import re
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode, quote

SERVER = Path(__file__).with_name("greader_server.py")
STATE = "user/-/state/com.google/"


class Client:
    def __init__(self, flavor):
        self.flavor = flavor
        self.proc = subprocess.Popen([sys.executable, str(SERVER), "--flavor", flavor],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.port = int(self.proc.stdout.readline())
        self.base = "/api/greader.php" if flavor == "freshrss" else ""
        self.auth = None
        self.token = None

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=10)

    def raw(self, method, path, query=None, form=None, headers=None, timeout=10, body=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        if query:
            path += "?" + urlencode(query)
        headers = dict(headers or {})
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if isinstance(body, dict):
            body = json.dumps(body)
            headers["Content-Type"] = "application/json"
        try:
            conn.request(method, path, body=body, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            return resp.status, resp, data
        finally:
            conn.close()

    def api(self, method, name, query=None, form=None, auth=True, T=True, headers=None, timeout=10):
        headers = dict(headers or {})
        if auth and self.auth:
            headers["Authorization"] = f"GoogleLogin auth={self.auth}"
        if method == "POST" and T and form is not None:
            form = list(form) + [("T", self.token)]
        path = self.base + ("/accounts/" if name == "ClientLogin" else "/reader/api/0/") + name
        return self.raw(method, path, query, form, headers, timeout)

    def control(self, method, name, data=None, query=None):
        status, _, body = self.raw(method, "/_control/" + name, query, body=data if data is not None else (b"" if method == "POST" else None))
        assert status == 200, (name, status, body)
        return json.loads(body)

    def login(self):
        password = "api-pass" if self.flavor == "freshrss" else "wonderland"
        status, _, body = self.api("POST", "ClientLogin", form=[("Email", "alice"), ("Passwd", password)], T=False)
        assert status == 200, (status, body)
        lines = dict(line.split("=", 1) for line in body.decode().splitlines() if "=" in line)
        self.auth = lines["Auth"]
        assert re.fullmatch(r"alice/[0-9a-f]{40}", self.auth), self.auth
        status, _, body = self.api("GET", "token")
        assert status == 200 and body.endswith(b"\n"), (status, body)
        self.token = body.decode().strip()
        return lines

    def json(self, method, name, query=None, form=None, expect=200, **kw):
        status, resp, body = self.api(method, name, query, form, **kw)
        assert status == expect, (name, status, body[:300])
        return json.loads(body)

    def ids(self, query):
        """All ids of a stream, following continuations; returns (ids, page sizes)."""
        ids, sizes, c = [], [], None
        while True:
            q = list(query) + [("output", "json")] + ([("c", c)] if c else [])
            page = self.json("GET", "stream/items/ids", q)
            refs = [ref["id"] for ref in page["itemRefs"]]
            ids += refs
            sizes.append(len(refs))
            c = page.get("continuation")
            if not c or not refs:
                return ids, sizes


def items_fixture(count, feed=1, start_id=100, flavor="strict"):
    step = 1_000_000 if flavor == "freshrss" else 1
    base = 1_795_000_000_000_000 if flavor == "freshrss" else start_id
    return [{"id": base + k * step, "feed": feed, "title": f"Item {k}", "link": f"http://x.example/{k}",
             "published": 1_700_000_000 + k * 60, "author": "", "content": f"<p>{k}</p>",
             "read": k % 3 == 0, "starred": k % 4 == 0} for k in range(count)]


FEEDS = [{"id": 1, "title": "One", "url": "http://one.example/feed.xml", "htmlUrl": "http://one.example/", "folder": "Tech"},
         {"id": 2, "title": "Two", "url": "http://two.example/feed.xml", "htmlUrl": "http://two.example/", "folder": None}]


def check_flavor(flavor, bulk):
    c = Client(flavor)
    try:
        run(c, flavor, bulk)
    finally:
        c.close()


def run(c, flavor, bulk):
    lenient = flavor == "freshrss"
    # --- login
    bad = c.api("POST", "ClientLogin", form=[("Email", "alice"), ("Passwd", "nope")], T=False)
    assert bad[0] == 401, bad
    if flavor == "freshrss":
        web = c.api("POST", "ClientLogin", form=[("Email", "alice"), ("Passwd", "wonderland")], T=False)
        assert web[0] == 401 and web[2] == b"Unauthorized!", web
        status, _, body = c.raw("GET", c.base + "/accounts/ClientLogin", [("Email", "alice"), ("Passwd", "api-pass")])
        assert status == 200 and b"LSID=null" in body, body
    else:
        assert c.raw("GET", c.base + "/accounts/ClientLogin", [("Email", "alice"), ("Passwd", "wonderland")])[0] == 405
    lines = c.login()
    if flavor == "strict":
        assert c.token != c.auth and lines["SID"] != c.auth
    elif flavor == "freshrss":
        assert len(c.token) == 57 and c.token == c.auth.split("/")[1] + "Z" * 17 and lines["SID"] == c.auth
    else:
        assert c.token == c.auth
        status, _, body = c.api("POST", "ClientLogin", form=[("Email", "alice"), ("Passwd", "wonderland"), ("output", "json")], T=False)
        assert json.loads(body)["Auth"] == c.auth

    # --- auth failures
    status, resp, _ = c.api("GET", "subscription/list", [("output", "json")], auth=False)
    assert status == 401 and resp.getheader("Google-Bad-Token" if lenient else "X-Reader-Google-Bad-Token") == "true"
    if flavor == "miniflux":
        status, _, _ = c.api("POST", "edit-tag", form=[("i", "1"), ("a", STATE + "read")], auth=False)
        assert status == 200, "miniflux: a POST authenticates through T only"
    status, resp, _ = c.api("POST", "edit-tag", form=[("i", "1"), ("a", STATE + "read"), ("T", "wrong-token")], T=False)
    assert status == 401, status
    status, _, _ = c.api("POST", "edit-tag", form=[("i", "1"), ("a", STATE + "read"), ("T", "x")], T=False)
    assert status == (200 if lenient else 401), status
    if flavor == "strict":
        status, resp, _ = c.api("POST", "edit-tag", form=[("i", "1"), ("a", STATE + "read")], T=False)
        assert status == 401 and resp.getheader("X-Reader-Google-Bad-Token") == "true"

    # --- user-info, lists
    info = c.json("GET", "user-info", [("output", "json")])
    assert info["userName"] == "alice"
    status, _, body = c.api("GET", "subscription/list")
    assert status == {"strict": 400, "freshrss": 501, "miniflux": 400}[flavor], status
    subs = c.json("GET", "subscription/list", [("output", "json")])["subscriptions"]
    assert [s["id"] for s in subs] == ["feed/1", "feed/2", "feed/3"], subs
    tech = subs[0]["categories"][0]
    assert tech["label"] == "Tech" and tech["id"] == ("user/1/label/Tech" if flavor == "miniflux" else "user/-/label/Tech")
    tags = c.json("GET", "tag/list", [("output", "json")])["tags"]
    assert tags[0]["id"].endswith("/state/com.google/starred") and any(t.get("type") == "folder" for t in tags)
    if flavor == "miniflux":
        status, _, body = c.api("GET", "unread-count", [("output", "json")])
        assert status == 200 and body == b"[]"
    else:
        counts = c.json("GET", "unread-count", [("output", "json")])
        reading = [r for r in counts["unreadcounts"] if r["id"] == STATE + "reading-list"][0]
        assert reading["count"] == 4 == counts["max"], counts

    # --- seed items: strict has -2 and int64 extremes
    ids, _ = c.ids([("s", STATE + "reading-list"), ("n", "100")])
    if flavor == "strict":
        assert "-2" in ids and "-9223372036854775808" in ids and "9223372036854775807" in ids, ids
        items = c.json("POST", "stream/items/contents", form=[("i", "-2"), ("i", "tag:google.com,2005:reader/item/8000000000000000"), ("i", "7fffffffffffffff"), ("output", "json")])["items"]
        assert [i["id"][-16:] for i in items] == ["fffffffffffffffe", "8000000000000000", "7fffffffffffffff"], items
        assert "content" in items[0] and "summary" not in items[0]
        assert STATE + "starred" in items[0]["categories"]

    # --- reset with 7 items, paging
    c.control("POST", "reset", {"feeds": FEEDS, "items": items_fixture(7, flavor=flavor)})
    everything, sizes = c.ids([("s", STATE + "reading-list"), ("n", "3")])
    assert len(everything) == 7 and len(set(everything)) == 7, everything
    assert sizes == [3, 3, 1], sizes
    if flavor == "freshrss":  # a full last page carries a continuation; the next page is empty
        c.control("POST", "reset", {"feeds": FEEDS, "items": items_fixture(6, flavor=flavor)})
        _, sizes = c.ids([("s", STATE + "reading-list"), ("n", "3")])
        assert sizes == [3, 3, 0], sizes
        c.control("POST", "reset", {"feeds": FEEDS, "items": items_fixture(7, flavor=flavor)})
    else:  # no continuation on an exactly full last page
        c.control("POST", "reset", {"feeds": FEEDS, "items": items_fixture(6, flavor=flavor)})
        _, sizes = c.ids([("s", STATE + "reading-list"), ("n", "3")])
        assert sizes == [3, 3], sizes
        c.control("POST", "reset", {"feeds": FEEDS, "items": items_fixture(7, flavor=flavor)})
    assert [int(i) for i in everything] == sorted((int(i) for i in everything), reverse=True)
    oldest, _ = c.ids([("s", STATE + "reading-list"), ("n", "2"), ("r", "o")])
    assert oldest == everything[::-1], (oldest, everything)
    unread, _ = c.ids([("s", STATE + "reading-list"), ("xt", STATE + "read"), ("n", "2")])
    assert len(unread) == 4, unread  # k = 1, 2, 4, 5
    starred, _ = c.ids([("s", STATE + "starred")])
    assert len(starred) == 2, starred  # k = 0, 4
    read_only, _ = c.ids([("s", STATE + "reading-list"), ("it", STATE + "read")])
    assert len(read_only) == (3 if flavor == "freshrss" else 7), read_only
    if flavor == "miniflux":
        status, _, body = c.api("GET", "stream/items/ids", [("s", "user/-/label/Tech"), ("output", "json")])
        assert status == 500 and b"error_message" in body
    else:
        label, _ = c.ids([("s", "user/-/label/Tech")])
        assert len(label) == 7
    status, _, _ = c.api("GET", "stream/items/ids", [("s", STATE + "reading-list")])
    assert status == (200 if flavor == "freshrss" else 400), status

    # --- contents with long and short ids
    first = int(everything[0])
    long_form = "tag:google.com,2005:reader/item/" + format(first % (1 << 64), "016x")
    body = c.json("POST", "stream/items/contents", form=[("i", long_form), ("i", str(int(everything[1]))), ("i", "12345"), ("output", "json")])
    got = [i["id"] for i in body["items"]]
    assert len(got) == 2 and got[0] == long_form, got
    item = body["items"][0]
    assert isinstance(item["published"], int) and isinstance(item["timestampUsec"], str)
    assert item["origin"]["streamId"] == "feed/1"
    if flavor == "freshrss":
        assert "summary" in item and "content" not in item and "updated" not in item
    if flavor == "miniflux":
        assert item["summary"] == item["content"] and all(x.startswith("user/1/") for x in item["categories"])
        sixteen = c.json("POST", "stream/items/contents", form=[("i", "1795994252218340"), ("output", "json")])
        assert sixteen["items"] == []  # read as hex: a different id

    # --- edit-tag: read and unstar with repeated i
    by_k = {k: i["id"] for k, i in enumerate(items_fixture(7, flavor=flavor))}
    status, _, body = c.api("POST", "edit-tag", form=[("i", str(by_k[1])), ("i", str(by_k[2])), ("a", STATE + "read")])
    assert status == 200 and body == b"OK", (status, body)
    status, _, _ = c.api("POST", "edit-tag", form=[("i", "tag:google.com,2005:reader/item/" + format(by_k[4], "016x")), ("r", STATE + "starred")])
    assert status == 200
    state = c.control("GET", "state")["items"]
    assert state[str(by_k[1])]["read"] and state[str(by_k[2])]["read"] and not state[str(by_k[4])]["starred"], state
    if flavor != "freshrss":
        status, _, _ = c.api("POST", "edit-tag", form=[("i", str(by_k[1])), ("a", STATE + "read"), ("r", STATE + "read")])
        assert status == 400
    # server-side change (read on a phone) shows in the next listing
    c.control("POST", "state", {"id": by_k[5], "read": True, "starred": True})
    unread, _ = c.ids([("s", STATE + "reading-list"), ("xt", STATE + "read")])
    assert unread == [str(by_k[4])], unread

    # --- mark-all-as-read with ts in µs (older than item 4)
    c.control("POST", "state", {"items": [{"id": by_k[k], "read": False} for k in range(7)]})
    item4 = c.control("GET", "item", query=[("id", str(by_k[4]))])
    ts = (item4["published"] * 1_000_000) if flavor == "miniflux" else item4["crawl"]
    status, _, _ = c.api("POST", "mark-all-as-read", form=[("s", "feed/1"), ("ts", str(ts - 1))])
    assert status == 200
    state = c.control("GET", "state")["items"]
    assert [state[str(by_k[k])]["read"] for k in range(7)] == [True] * 4 + [False] * 3, state
    if flavor != "miniflux":
        status, _, _ = c.api("POST", "mark-all-as-read", form=[("s", "user/-/label/Nope")])
        assert status == 400
        status, _, _ = c.api("POST", "mark-all-as-read", form=[("s", STATE + "reading-list"), ("ts", "soon")])
        assert status == 400

    # --- quickadd
    added = c.json("POST", "subscription/quickadd", form=[("quickadd", "http://new.example/blog/feed.xml")])
    assert added["numResults"] == 1 and added["streamId"] == "feed/3" and added["streamName"] == "new.example", added
    failed = c.json("POST", "subscription/quickadd", form=[("quickadd", "http://down.invalid/feed.xml")])
    assert failed["numResults"] == 0 and (("error" in failed) == (flavor != "miniflux")), failed
    if flavor == "freshrss":
        status, _, _ = c.api("POST", "subscription/quickadd", form=[("quickadd", "https://nt.example/f.xml")], T=False)
        assert status == 200, "freshrss does not check T on quickadd"
    else:
        status, _, _ = c.api("POST", "subscription/quickadd", form=[("quickadd", "https://nt.example/f.xml")], T=False)
        assert status == 401

    # --- subscription/edit: subscribe, rename + move, unsubscribe
    status, _, _ = c.api("POST", "subscription/edit", form=[("ac", "subscribe"), ("s", "feed/http://sub.example/rss"), ("t", "Subbed"), ("a", "user/-/label/Later")])
    assert status == 200
    status, _, _ = c.api("POST", "subscription/edit", form=[("ac", "subscribe"), ("s", "feed/http://sub.example/rss")])
    assert status == 400, "duplicate subscribe"
    status, _, _ = c.api("POST", "subscription/edit", form=[("ac", "edit"), ("s", "feed/2"), ("t", "Two renamed"), ("a", "user/-/label/Tech")])
    assert status == 200
    status, _, _ = c.api("POST", "subscription/edit", form=[("ac", "unsubscribe"), ("s", "feed/1")])
    assert status == 200
    status, _, _ = c.api("POST", "subscription/edit", form=[("ac", "unsubscribe"), ("s", "feed/99")])
    assert status == 400
    subs = {s["id"]: s for s in c.json("GET", "subscription/list", [("output", "json")])["subscriptions"]}
    assert "feed/1" not in subs and subs["feed/2"]["title"] == "Two renamed" and subs["feed/2"]["categories"][0]["label"] == "Tech", subs
    subbed = [s for s in subs.values() if s["title"] == "Subbed"][0]
    assert subbed["categories"][0]["label"] == "Later" and subbed["htmlUrl"] == "http://sub.example/", subs
    assert not any(v["feed"] == "1" for v in c.control("GET", "state")["items"].values())
    if flavor == "freshrss":
        status, _, _ = c.api("POST", "subscription/edit", form=[("ac", "edit"), ("s", "feed/2"), ("r", "user/-/label/Tech")], T=False)
        assert status == 200
    # rename-tag / disable-tag
    status, _, _ = c.api("POST", "rename-tag", form=[("s", "user/-/label/Later"), ("dest", "user/-/label/Someday")])
    assert status == 200
    status, _, _ = c.api("POST", "disable-tag", form=[("s", "user/-/label/Someday")])
    assert status == 200
    labels = [l["label"] for l in c.control("GET", "state")["labels"]]
    assert "Someday" not in labels and "Later" not in labels, labels

    # --- faults
    def fault(**spec):
        c.control("POST", "fault", spec)

    ids_query = [("s", STATE + "reading-list"), ("output", "json")]
    fault(path="stream/items/ids", kind="status", status=503, count=2)
    assert c.api("GET", "stream/items/ids", ids_query)[0] == 503
    assert c.api("GET", "stream/items/ids", ids_query)[0] == 503
    assert c.api("GET", "stream/items/ids", ids_query)[0] == 200
    fault(path="*", kind="garbage")
    status, _, body = c.api("GET", "tag/list", [("output", "json")])
    assert status == 200
    try:
        json.loads(body)
        raise AssertionError("garbage parsed")
    except ValueError:
        pass
    fault(path="tag/list", kind="html200")
    status, resp, body = c.api("GET", "tag/list", [("output", "json")])
    assert status == 200 and resp.getheader("Content-Type").startswith("text/html") and b"<html>" in body
    fault(path="subscription/list", kind="truncated")
    try:
        c.api("GET", "subscription/list", [("output", "json")])
        raise AssertionError("truncated body read whole")
    except http.client.IncompleteRead:
        pass
    fault(path="stream/items/ids", kind="retry-after", status=429, retry_after=7)
    status, resp, _ = c.api("GET", "stream/items/ids", ids_query)
    assert status == 429 and resp.getheader("Retry-After") == "7"
    fault(path="user-info", kind="hang")
    started = time.monotonic()
    try:
        c.api("GET", "user-info", [("output", "json")], timeout=0.5)
        raise AssertionError("hang answered")
    except TimeoutError:
        pass
    assert c.api("GET", "tag/list", [("output", "json")])[0] == 200  # others are not blocked
    c.control("POST", "release")
    assert time.monotonic() - started < 3
    fault(path="token", kind="delay", seconds=0.2)
    started = time.monotonic()
    assert c.api("GET", "token")[0] == 200 and time.monotonic() - started >= 0.2
    log = c.control("GET", "log")
    assert any(e["fault"] == "hang" for e in log) and all("authorization" in e for e in log)
    edits = [e for e in log if e["route"] and e["route"].endswith("edit-tag") and e["status"] == 200]
    assert any([k for k, _ in e["form"]].count("i") == 2 for e in edits), edits
    c.control("POST", "log/clear")
    assert c.control("GET", "log") == []

    # --- token expiry
    c.control("POST", "expire-token")
    status, resp, _ = c.api("GET", "tag/list", [("output", "json")])
    assert status == 401 and resp.getheader("Google-Bad-Token" if lenient else "X-Reader-Google-Bad-Token") == "true"
    old = c.auth
    c.login()
    assert c.auth != old
    assert c.api("GET", "tag/list", [("output", "json")])[0] == 200
    c.control("POST", "expire-write-token")
    status, resp, _ = c.api("POST", "edit-tag", form=[("i", "1"), ("a", STATE + "read")])
    assert status == 401, status
    assert c.api("GET", "tag/list", [("output", "json")])[0] == 200  # Auth still fine
    status, _, body = c.api("GET", "token")
    c.token = body.decode().strip()
    assert c.api("POST", "edit-tag", form=[("i", "1"), ("a", STATE + "read")])[0] == 200

    if bulk:
        check_bulk(c, flavor)


def check_bulk(c, flavor):
    started = time.monotonic()
    made = c.control("POST", "bulk", {"feeds": 50, "items_per_feed": 20, "unread_ids": 1_000_000, "starred": 10})
    built = time.monotonic() - started
    assert made["items"] == 1000 and made["bulk"]["count"] == 1_000_000
    started = time.monotonic()
    ids, sizes = c.ids([("s", STATE + "reading-list"), ("xt", STATE + "read"), ("n", "10000")])
    paged = time.monotonic() - started
    assert len(ids) == 1_000_000 and len(set(ids)) == 1_000_000, len(ids)
    assert all(size == 10000 for size in sizes[:100]), sizes[-3:]
    if flavor != "miniflux":
        counts = c.json("GET", "unread-count", [("output", "json")])
        assert counts["max"] == 1_000_000, counts["max"]
    starred, _ = c.ids([("s", STATE + "starred"), ("n", "10000")])
    assert len(starred) == 10
    # mark one feed read; its 20,000 ids leave the unread list
    assert c.api("POST", "mark-all-as-read", form=[("s", "feed/7")])[0] == 200
    body = c.json("POST", "stream/items/contents", form=[("i", ids[0]), ("i", ids[-1]), ("output", "json")])
    assert len(body["items"]) == 2
    feed_ids, _ = c.ids([("s", "feed/8"), ("xt", STATE + "read"), ("n", "10000")])
    assert len(feed_ids) == 20000, len(feed_ids)
    print(f"  {flavor} bulk: built in {built:.2f} s, 1,000,000 unread ids in {len(sizes)} pages in {paged:.2f} s")


def main():
    all_bulk = "--all-bulk" in sys.argv
    started = time.monotonic()
    for flavor in ("strict", "freshrss", "miniflux"):
        t0 = time.monotonic()
        check_flavor(flavor, bulk=all_bulk or flavor == "strict")
        print(f"{flavor}: ok ({time.monotonic() - t0:.2f} s)")
    print(f"all ok in {time.monotonic() - started:.2f} s")


if __name__ == "__main__":
    main()
