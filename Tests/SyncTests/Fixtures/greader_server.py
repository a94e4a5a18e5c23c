#!/usr/bin/env python3
"""Loopback Google Reader API server for SyncTests (stdlib only).

    python3 greader_server.py [--flavor strict|freshrss|miniflux]      (default strict)

Started by the tests on port 0; prints the chosen port on the first stdout line and exits when
its stdin closes (so it never outlives the test process). Protocol facts follow
/work/shared/design/recipes/google-reader-api.md; "strict" is that page's "Loopback test server".

BASE is http://127.0.0.1:PORT (strict, miniflux) or http://127.0.0.1:PORT/api/greader.php
(freshrss, path-info style). One user: alice / wonderland (freshrss: API password api-pass; the
web password wonderland answers 401).

API routes (BASE/...):
  accounts/ClientLogin                POST Email, Passwd (freshrss also GET) -> SID/LSID/Auth lines
  reader/api/0/token                  GET -> write token + "\\n"
  reader/api/0/user-info              GET
  reader/api/0/subscription/list      GET output=json
  reader/api/0/subscription/edit      POST ac=subscribe|unsubscribe|edit, s (repeated), t, a, r
  reader/api/0/subscription/quickadd  POST quickadd=<url>   (hosts ending .invalid fail to "fetch")
  reader/api/0/tag/list               GET output=json
  reader/api/0/unread-count           GET output=json (not miniflux)
  reader/api/0/stream/items/ids       GET s, n, xt, it, ot, nt, r, c, includeAllDirectStreamIds
  reader/api/0/stream/items/contents  POST i (repeated; short, long or bare-hex ids), output=json
  reader/api/0/stream/contents/<id>   GET, also stream/contents?s=<id> (not miniflux)
  reader/api/0/edit-tag               POST i (repeated), a, r
  reader/api/0/mark-all-as-read       POST s, ts (microseconds)
  reader/api/0/rename-tag             POST s, dest
  reader/api/0/disable-tag            POST s
  check/compatibility                 GET (freshrss only) -> PASS
  favicon/<feed id>.ico               GET, no login: the feed's icon (subscription/list's iconUrl)

Control routes (no auth, JSON in and out, never under BASE, never logged):
  POST /_control/reset        {"feeds":[{"id","title","url","htmlUrl","folder", "icon" (false: none)}],
                               "items":[{"id","feed","title","link","published","author",
                                         "content","read","starred", optional "updated","tags",
                                         "crawl" (µs), "enclosures":[{"url","type","length"}]}],
                               optional "labels":[tag names]}   replaces everything
  POST /_control/items        {"items":[...]} (or a bare list): add or replace items
  POST /_control/state        {"id","read"?,"starred"?,"tags"?} or {"items":[those]}: change state
  GET  /_control/state        {"items":{"<id>":{"read","starred","feed","tags"}},"feeds":[...],
                               "labels":[{"id","label","type"}],"bulk":null|{...},"tokens":{...}}
                              ?ids=<id>,<id> limits "items" to those ids (bulk ones included)
  GET  /_control/item?id=<id> one item in the reset shape (bulk items included), 404 if unknown
  GET  /_control/log          [{"method","path","route","query":[[k,v]],"form":[[k,v]],
                                "authorization","content_type","status","fault"}]
  POST /_control/log/clear
  POST /_control/fault        {"path":"<path suffix>"|"*","kind":"status"|"garbage"|"html200"|
                               "truncated"|"hang"|"retry-after"|"delay","status":503,
                               "retry_after":2,"seconds":1,"count":1}
  GET  /_control/fault        pending faults | POST /_control/fault/clear
  POST /_control/release      hung requests close their connections without an answer
  POST /_control/expire-token        Auth invalid (401 + bad-token header) until a new ClientLogin
  POST /_control/password     {"password"}: alice's password changed (her tokens expire with it)
  POST /_control/expire-write-token  T stale (401 on the next POSTs) until the next GET token
  POST /_control/bulk         {"feeds":N,"items_per_feed":M,"unread_ids":K,"folders":F?,
                               "starred":S?} replaces everything: N feeds, N*M stored items
                              (read), K unread items kept as ranges (never materialized)
"""
import argparse
import bisect
import base64
import json
import re
import secrets
import sys
import threading
import time
import traceback
from http.server import ThreadingHTTPServer
from itertools import islice
from operator import itemgetter
from urllib.parse import parse_qsl, unquote, urlsplit

sys.path.insert(0, __file__.rsplit("/", 3)[0] + "/Servers")
from loopback import VerbHandler, png  # noqa: E402  (Tests/Servers: the loopback sites' shared parts)

USER = "alice"
PASSWORD = "wonderland"
API_PASSWORD = "api-pass"  # freshrss only
LONG_PREFIX = "tag:google.com,2005:reader/item/"
STATE = "user/-/state/com.google/"
LABEL = "user/-/label/"
READING_LIST = STATE + "reading-list"
U64 = 1 << 64
I64_MIN, I64_MAX = -(1 << 63), (1 << 63) - 1
FRESHRSS_USERNAME = re.compile(r"^([0-9a-zA-Z_][0-9a-zA-Z_.@-]{1,38}|[0-9a-zA-Z])$")
DECIMAL = re.compile(r"^-?(0|[1-9][0-9]*)$")
HEX16 = re.compile(r"^[0-9a-fA-F]{16}$")
JSON = "application/json; charset=UTF-8"
TEXT = "text/plain; charset=UTF-8"
HTML = "text/html; charset=UTF-8"
encode_json = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


# --- item ids -------------------------------------------------------------------------------

def long_id(value):
    return LONG_PREFIX + format(value % U64, "016x")


def from_hex(text):
    value = int(text, 16)
    if value >= U64:
        raise ValueError(text)
    return value - U64 if value > I64_MAX else value


def from_decimal(text):
    value = int(text)
    if not I64_MIN <= value <= I64_MAX:
        raise ValueError(text)
    return value


def parse_item_id(text, flavor):
    """An `i` value -> int64, or None. Long form is hex; bare values follow each server's guess:
    FreshRSS and strict read digits without a leading 0 as decimal, else 16 hex digits; Miniflux
    reads any 16-character value as hex (so it misreads a 16-digit decimal), else decimal."""
    text = text.strip()
    try:
        if "/" in text:
            tail = text.rsplit("/", 1)[1]
            return from_hex(tail) if re.fullmatch(r"[0-9a-fA-F]{1,16}", tail) else None
        if flavor == "miniflux":
            return from_hex(text) if len(text) == 16 else from_decimal(text)
        if DECIMAL.match(text):
            return from_decimal(text)
        if HEX16.match(text):
            return from_hex(text)
    except ValueError:
        return None
    return None


def control_id(value):
    if isinstance(value, bool):
        raise ValueError("bad id")
    if isinstance(value, int):
        if not I64_MIN <= value <= I64_MAX:
            raise ValueError("id out of int64 range")
        return value
    parsed = parse_item_id(str(value), "strict")
    if parsed is None:
        raise ValueError(f"bad id {value!r}")
    return parsed


def normalize_stream(stream):
    return re.sub(r"^user/[^/]*/", "user/-/", stream) if stream.startswith("user/") else stream


# --- state ----------------------------------------------------------------------------------

class Feed:
    __slots__ = ("id", "title", "url", "html_url", "folder", "has_icon")

    def __init__(self, fid, title, url, html_url, folder, has_icon=True):
        self.id, self.title, self.url, self.html_url, self.folder = fid, title, url, html_url, folder
        self.has_icon = has_icon

    def json(self):
        return {"id": self.id, "title": self.title, "url": self.url, "htmlUrl": self.html_url,
                "folder": self.folder}


class Item:
    __slots__ = ("id", "feed", "title", "link", "published", "updated", "author", "content",
                 "read", "starred", "tags", "crawl", "enclosures")

    def control_json(self):
        return {"id": self.id, "feed": self.feed, "title": self.title, "link": self.link,
                "published": self.published, "updated": self.updated, "author": self.author,
                "content": self.content, "read": self.read, "starred": self.starred,
                "tags": sorted(self.tags), "crawl": self.crawl, "enclosures": self.enclosures,
                "longId": long_id(self.id)}


class Bulk:
    """`count` items that exist only as arithmetic: id = lo + idx*idstep, crawl time
    crawl0 + idx*step µs (so both grow with idx), feed = feeds[idx % len(feeds)], published =
    crawl in seconds. Read and starred flags are one byte each in two bytearrays."""

    def __init__(self, lo, idstep, crawl0, step, count, feeds):
        self.lo, self.idstep, self.crawl0, self.step, self.count = lo, idstep, crawl0, step, count
        self.feeds = feeds
        self.read = bytearray(count)
        self.star = bytearray(count)
        self.tags = {}

    def id(self, idx):
        return self.lo + idx * self.idstep

    def index(self, item_id):
        offset = item_id - self.lo
        if offset % self.idstep:
            return None
        idx = offset // self.idstep
        return idx if 0 <= idx < self.count else None

    def crawl(self, idx):
        return self.crawl0 + idx * self.step

    def key(self, idx):
        return (self.crawl0 + idx * self.step, self.lo + idx * self.idstep)

    def feed(self, idx):
        return self.feeds[idx % len(self.feeds)]

    def first_at_or_after(self, key):
        lo, hi = 0, self.count
        while lo < hi:
            mid = (lo + hi) // 2
            if self.key(mid) < key:
                lo = mid + 1
            else:
                hi = mid
        return lo

    def last_crawl_at_most(self, crawl):
        """Largest idx with crawl(idx) <= crawl, or -1."""
        if crawl < self.crawl0:
            return -1
        return min(self.count - 1, (crawl - self.crawl0) // self.step)

    def make_item(self, idx):
        item = Item()
        item.id = self.id(idx)
        item.feed = self.feed(idx)
        item.crawl = self.crawl(idx)
        item.published = item.updated = item.crawl // 1_000_000
        item.title = f"Bulk item {idx}"
        item.link = f"http://bulk.example/{item.feed}/{idx}"
        item.author = "Bulk Bot"
        item.content = f"<p>Bulk item <b>{idx}</b></p>"
        item.read = bool(self.read[idx])
        item.starred = bool(self.star[idx])
        item.tags = set(self.tags.get(idx, ()))
        item.enclosures = []
        return item

    def summary(self):
        return {"first_id": self.lo, "id_step": self.idstep, "count": self.count,
                "last_id": self.id(self.count - 1) if self.count else None,
                "first_crawl_usec": self.crawl0, "crawl_step_usec": self.step,
                "unread": self.read.count(0), "starred": self.star.count(1), "feeds": self.feeds}


class Spec:
    """One parsed stream id: kind is all, read, unread, starred, none, feed, folder or tag."""
    __slots__ = ("kind", "arg")

    def __init__(self, kind, arg=None):
        self.kind, self.arg = kind, arg


class Matcher:
    __slots__ = ("match_item", "match_idx", "hint", "stride", "exact", "signature")

    def __init__(self, match_item, match_idx, hint, stride, exact, signature):
        self.match_item, self.match_idx, self.hint, self.stride = match_item, match_idx, hint, stride
        self.exact, self.signature = exact, signature


class Store:
    def __init__(self, flavor):
        self.flavor = flavor
        self.lock = threading.RLock()
        self.default_folder = {"strict": None, "freshrss": "Uncategorized", "miniflux": "All"}[flavor]
        self.feeds = {}
        self.items = {}
        self.tags = set()
        self.bulk = None
        self.version = 0
        self.seq = 0
        self._sorted = None
        self.page_cache = {}
        self.log = []
        self.faults = []
        self.hang_release = threading.Event()
        self.auth = None
        self.write = None
        self.write_stale = False
        self.password = PASSWORD
        self.new_tokens()

    # tokens
    def new_tokens(self):
        digest = secrets.token_hex(20)
        self.auth = f"{USER}/{digest}"
        if self.flavor == "freshrss":
            self.write = digest.ljust(57, "Z")
        elif self.flavor == "miniflux":
            self.write = self.auth
        else:
            self.write = secrets.token_hex(12)
        self.write_stale = False

    def changed(self):
        self.version += 1
        self._sorted = None
        self.page_cache.clear()

    # feeds and items from control JSON
    def feed_from_json(self, data):
        fid = str(data["id"])
        fid = fid[5:] if fid.startswith("feed/") else fid
        url = data.get("url") or f"http://feeds.example/{fid}.xml"
        folder = data.get("folder") or self.default_folder
        return Feed(fid, data.get("title") or fid, url, data.get("htmlUrl") or "", folder, data.get("icon", True) is not False)

    def item_from_json(self, data):
        item = Item()
        if data.get("id") is None:
            item.id = self.next_item_id()
        else:
            item.id = control_id(data["id"])
        if self.bulk and self.bulk.index(item.id) is not None:
            raise ValueError(f"id {item.id} is a bulk id")
        fid = str(data["feed"])
        item.feed = fid[5:] if fid.startswith("feed/") else fid
        if item.feed not in self.feeds:
            raise ValueError(f"unknown feed {fid!r} for item {item.id}")
        self.seq += 1
        item.published = int(data.get("published", time.time()))
        item.updated = int(data.get("updated", item.published))
        item.title = data.get("title", "")
        item.link = data.get("link", "")
        item.author = data.get("author", "")
        item.content = data.get("content", "")
        item.read = bool(data.get("read", False))
        item.starred = bool(data.get("starred", False))
        item.tags = set(data.get("tags") or ())
        item.enclosures = list(data.get("enclosures") or ())
        if self.flavor == "freshrss":
            item.crawl = item.id  # FreshRSS ids are insertion times in µs
        else:
            item.crawl = int(data.get("crawl", item.published * 1_000_000 + self.seq % 1_000_000))
        self.tags |= item.tags
        return item

    def next_item_id(self):
        if self.flavor == "freshrss":
            highest = max(self.items, default=0)
            return max(int(time.time() * 1_000_000), highest + 1)
        return max(max(self.items, default=0), 0) + 1

    def next_feed_id(self):
        numbers = [int(fid) for fid in self.feeds if fid.isdigit()]
        if self.bulk:
            numbers += [int(fid) for fid in self.bulk.feeds if fid.isdigit()]
        return str(max(numbers, default=0) + 1)

    def reset(self, data):
        feeds = [self.feed_from_json(f) for f in data.get("feeds", [])]
        self.feeds = {feed.id: feed for feed in feeds}
        self.items = {}
        self.tags = set(data.get("labels") or ())
        self.bulk = None
        for raw in data.get("items", []):
            item = self.item_from_json(raw)
            self.items[item.id] = item
        self.changed()

    def add_items(self, raw_items):
        for raw in raw_items:
            item = self.item_from_json(raw)
            self.items[item.id] = item
        self.changed()
        return len(raw_items)

    def make_bulk(self, data):
        nfeeds = int(data.get("feeds", 1))
        per_feed = int(data.get("items_per_feed", 0))
        unread = int(data.get("unread_ids", 0))
        folders = int(data.get("folders", 3))
        starred = int(data.get("starred", 0))
        if unread and not nfeeds:
            nfeeds = 1
        self.feeds = {}
        for number in range(1, nfeeds + 1):
            fid = str(number)
            folder = f"Folder {number % folders}" if folders else self.default_folder
            self.feeds[fid] = Feed(fid, f"Bulk feed {number}", f"http://bulk.example/feeds/{number}.xml",
                                   f"http://bulk.example/{number}/", folder)
        self.items = {}
        self.tags = set()
        self.bulk = None
        fids = list(self.feeds)
        base_id = {"strict": 1000, "freshrss": 1_600_000_000_000_000, "miniflux": 1}[self.flavor]
        id_step = 1_000_000 if self.flavor == "freshrss" else 1
        number = 0
        for fid in fids:
            for k in range(per_feed):
                item = Item()
                item.id = base_id + number * id_step
                item.crawl = 1_600_000_000_000_000 + number * 1_000_000
                if self.flavor == "freshrss":
                    item.crawl = item.id
                item.feed = fid
                item.published = item.updated = item.crawl // 1_000_000
                item.title = f"Stored item {k} of feed {fid}"
                item.link = f"http://bulk.example/{fid}/stored/{k}"
                item.author = ""
                item.content = f"<p>Stored {k}</p>"
                item.read, item.starred, item.tags, item.enclosures = True, False, set(), []
                self.items[item.id] = item
                number += 1
        if unread:
            crawl0 = 1_750_000_000_000_000
            if self.flavor == "freshrss":
                bulk = Bulk(crawl0, 1_000_000, crawl0, 1_000_000, unread, fids)
            elif self.flavor == "miniflux":
                bulk = Bulk(10_000_000, 1, crawl0, 1_000_000, unread, fids)
            else:
                bulk = Bulk(1 << 62, 1, crawl0, 1_000_000, unread, fids)
            if starred:
                bulk.star[unread - min(starred, unread):] = b"\x01" * min(starred, unread)
            self.bulk = bulk
        self.changed()
        return {"feeds": nfeeds, "items": len(self.items), "unread_ids": unread,
                "bulk": self.bulk.summary() if self.bulk else None}

    # lookups
    def get_item(self, item_id):
        item = self.items.get(item_id)
        if item is not None:
            return item
        if self.bulk:
            idx = self.bulk.index(item_id)
            if idx is not None and self.bulk.feed(idx) in self.feeds:
                return self.bulk.make_item(idx)
        return None

    def set_flags(self, item_id, read=None, starred=None, add_tags=(), remove_tags=()):
        item = self.items.get(item_id)
        if item is not None:
            if read is not None:
                item.read = read
            if starred is not None:
                item.starred = starred
            item.tags |= set(add_tags)
            item.tags -= set(remove_tags)
            return True
        if self.bulk:
            idx = self.bulk.index(item_id)
            if idx is not None and self.bulk.feed(idx) in self.feeds:
                if read is not None:
                    self.bulk.read[idx] = int(read)
                if starred is not None:
                    self.bulk.star[idx] = int(starred)
                if add_tags or remove_tags:
                    tags = (self.bulk.tags.get(idx, set()) | set(add_tags)) - set(remove_tags)
                    if tags:
                        self.bulk.tags[idx] = tags
                    else:
                        self.bulk.tags.pop(idx, None)
                return True
        return False

    def folders(self):
        return sorted({feed.folder for feed in self.feeds.values() if feed.folder})

    def labels_json(self):
        rows = [{"id": LABEL + name, "label": name, "type": "folder"} for name in self.folders()]
        rows += [{"id": LABEL + name, "label": name, "type": "tag"} for name in sorted(self.tags)]
        return rows

    def sorted_items(self):
        if self._sorted is None:
            items = sorted(self.items.values(), key=lambda item: (item.crawl, item.id))
            self._sorted = ([(item.crawl, item.id) for item in items], items)
        return self._sorted

    def unsubscribe(self, fid):
        del self.feeds[fid]
        for item_id in [i for i, item in self.items.items() if item.feed == fid]:
            del self.items[item_id]
        # bulk items of a removed feed vanish because lookups require their feed to exist

    # listing
    def matcher(self, streams, excludes, includes, ot, nt, by_published, signature=None):
        feeds = self.feeds

        def one(spec, fid, folder, read, star, tags):
            kind = spec.kind
            if kind == "all":
                return True
            if kind == "read":
                return read
            if kind == "unread":
                return not read
            if kind == "starred":
                return star
            if kind == "feed":
                return fid == spec.arg
            if kind == "folder":
                return folder == spec.arg
            if kind == "tag":
                return spec.arg in tags
            return False

        def match(fid, read, star, tags, when):
            feed = feeds.get(fid)
            if feed is None:
                return False
            if ot is not None and when < ot:
                return False
            if nt is not None and when > nt:
                return False
            folder = feed.folder
            if not any(one(s, fid, folder, read, star, tags) for s in streams):
                return False
            if any(one(s, fid, folder, read, star, tags) for s in excludes):
                return False
            return all(one(s, fid, folder, read, star, tags) for s in includes)

        def match_item(item):
            when = item.published if by_published else item.crawl // 1_000_000
            return match(item.feed, item.read, item.starred, item.tags, when)

        bulk = self.bulk

        def match_idx(idx):
            return match(bulk.feeds[idx % len(bulk.feeds)], bulk.read[idx], bulk.star[idx],
                         bulk.tags.get(idx, ()), (bulk.crawl0 + idx * bulk.step) // 1_000_000)

        kinds = {s.kind for s in streams}
        required = {s.kind for s in includes}
        if len(kinds) == 1:
            required |= kinds
        if any(s.kind == "read" for s in excludes):
            required.add("unread")
        hint_kind = next((k for k in ("starred", "unread", "read") if k in required), None)
        hint = stride = None
        exact = False
        if bulk and bulk.count:
            if hint_kind:
                hint = {"starred": (bulk.star, 1), "unread": (bulk.read, 0), "read": (bulk.read, 1)}[hint_kind]
            if len(streams) == 1 and streams[0].kind == "feed" and bulk.feeds.count(streams[0].arg) == 1:
                stride = bulk.feeds.index(streams[0].arg)  # walk only this feed's indices
            opposite = {"unread": "read", "read": "unread"}.get(hint_kind)
            # exact: every candidate the hint and stride give matches, so no per-item test
            exact = (ot is None and nt is None
                     and all(fid in feeds for fid in set(bulk.feeds))
                     and all(s.kind in ("all", hint_kind) or (stride is not None and s.kind == "feed")
                             for s in streams)
                     and all(s.kind in ("none", opposite) for s in excludes)
                     and all(s.kind in ("all", hint_kind) for s in includes))
        return Matcher(match_item, match_idx, hint, stride, exact, signature)

    def stored_matching(self, match):
        """(keys, items) of the stored items that match, ascending; cached per query."""
        cache_key = ("stored", match.signature)
        cached = self.page_cache.get(cache_key) if match.signature is not None else None
        if cached is None:
            keys, items = self.sorted_items()
            chosen = [pos for pos, item in enumerate(items) if match.match_item(item)]
            cached = ([keys[pos] for pos in chosen], [items[pos] for pos in chosen])
            if match.signature is not None:
                self.page_cache[cache_key] = cached
        return cached

    def page(self, match, cursor, desc, want):
        """Up to `want` (None = all) matching (key, id, source) rows after `cursor`, newest first
        when desc; source is an Item or a bulk index."""
        keys, items = self.stored_matching(match)
        if desc:
            end = bisect.bisect_left(keys, cursor) if cursor else len(keys)
            start = end - want if want is not None else 0
            chosen = range(end - 1, max(start, 0) - 1, -1)
        else:
            begin = bisect.bisect_right(keys, cursor) if cursor else 0
            chosen = range(begin, len(keys) if want is None else min(len(keys), begin + want))
        rows = [(keys[pos], items[pos].id, items[pos]) for pos in chosen]
        bulk = self.bulk
        if bulk and bulk.count:
            if cursor is None:
                start = bulk.count - 1 if desc else 0
            else:
                first = bulk.first_at_or_after(cursor)
                if desc:
                    start = first - 1
                else:
                    start = first + 1 if first < bulk.count and bulk.key(first) == cursor else first

            def candidates():
                count = bulk.count
                if match.stride is not None:
                    width, j = len(bulk.feeds), match.stride
                    if desc:
                        seq = range(start - (start - j) % width, -1, -width)
                    else:
                        seq = range(start + (j - start) % width, count, width)
                    if match.hint is None:
                        yield from seq
                    else:
                        flags, value = match.hint
                        yield from (idx for idx in seq if flags[idx] == value)
                    return
                if match.hint is None:
                    yield from (range(start, -1, -1) if desc else range(start, count))
                    return
                flags, value = match.hint
                other = 1 - value
                pos = start
                if desc:  # runs of matching flags, found in C
                    rfind = flags.rfind
                    while pos >= 0:
                        hit = rfind(value, 0, pos + 1)
                        if hit < 0:
                            return
                        miss = rfind(other, 0, hit + 1)
                        yield from range(hit, miss, -1)
                        pos = miss - 1
                else:
                    find = flags.find
                    while pos < count:
                        hit = find(value, pos)
                        if hit < 0:
                            return
                        miss = find(other, hit)
                        miss = count if miss < 0 else miss
                        yield from range(hit, miss)
                        pos = miss + 1

            chosen = candidates() if match.exact else filter(match.match_idx, candidates())
            c0, step, lo, idstep = bulk.crawl0, bulk.step, bulk.lo, bulk.idstep
            virtual = [((c0 + idx * step, lo + idx * idstep), lo + idx * idstep, idx)
                       for idx in islice(chosen, want)]
            if virtual:
                rows = sorted(rows + virtual, key=itemgetter(0), reverse=desc)
                if want is not None:
                    rows = rows[:want]
        return rows

    def item_of(self, row):
        source = row[2]
        return source if isinstance(source, Item) else self.bulk.make_item(source)

    # counts
    def unread_counts(self):
        """{feed id: (unread count, newest crawl µs)} and {tag: (count, newest)}."""
        feeds = {fid: [0, 0] for fid in self.feeds}
        tags = {}
        for item in self.items.values():
            row = feeds.get(item.feed)
            if row is None:
                continue
            row[1] = max(row[1], item.crawl)
            if not item.read:
                row[0] += 1
                for tag in item.tags:
                    entry = tags.setdefault(tag, [0, 0])
                    entry[0] += 1
                    entry[1] = max(entry[1], item.crawl)
        bulk = self.bulk
        if bulk and bulk.count:
            width = len(bulk.feeds)
            for j, fid in enumerate(bulk.feeds):
                row = feeds.get(fid)
                if row is None or j >= bulk.count:
                    continue
                row[0] += bulk.read[j::width].count(0)
                last = j + ((bulk.count - 1 - j) // width) * width
                row[1] = max(row[1], bulk.crawl(last))
            for idx, names in bulk.tags.items():
                if not bulk.read[idx] and bulk.feed(idx) in self.feeds:
                    for tag in names:
                        entry = tags.setdefault(tag, [0, 0])
                        entry[0] += 1
                        entry[1] = max(entry[1], bulk.crawl(idx))
        return feeds, tags

    def mark_all_read(self, spec, limit_usec, by_published):
        """Marks read the items of `spec` whose crawl time (publish time when by_published) is
        at most limit_usec (None = no limit)."""
        folder_feeds = {fid for fid, feed in self.feeds.items() if feed.folder == spec.arg}

        def in_stream(fid, star, tags):
            if spec.kind == "all":
                return True
            if spec.kind == "feed":
                return fid == spec.arg
            if spec.kind == "folder":
                return fid in folder_feeds
            if spec.kind == "tag":
                return spec.arg in tags
            if spec.kind == "starred":
                return star
            return False

        for item in self.items.values():
            when = item.published * 1_000_000 if by_published else item.crawl
            if item.feed in self.feeds and in_stream(item.feed, item.starred, item.tags) and (
                    limit_usec is None or when <= limit_usec):
                item.read = True
        bulk = self.bulk
        if bulk and bulk.count:
            if limit_usec is None:
                end = bulk.count
            elif by_published:  # published = crawl // 1e6
                end = bulk.last_crawl_at_most((limit_usec // 1_000_000 + 1) * 1_000_000 - 1) + 1
            else:
                end = bulk.last_crawl_at_most(limit_usec) + 1
            width = len(bulk.feeds)
            if spec.kind == "all":
                bulk.read[0:end] = b"\x01" * end
            elif spec.kind in ("feed", "folder"):
                wanted = {spec.arg} if spec.kind == "feed" else folder_feeds
                for j, fid in enumerate(bulk.feeds):
                    if fid in wanted:
                        span = len(range(j, end, width))
                        bulk.read[j:end:width] = b"\x01" * span
            elif spec.kind == "tag":
                for idx, names in bulk.tags.items():
                    if spec.arg in names and idx < end:
                        bulk.read[idx] = 1
            elif spec.kind == "starred":
                pos = bulk.star.find(1, 0, end)
                while pos >= 0:
                    bulk.read[pos] = 1
                    pos = bulk.star.find(1, pos + 1, end)
        self.changed()


# --- seed data --------------------------------------------------------------------------------

def seed(flavor):
    feeds = [
        {"id": 1, "title": "Swift Blog", "url": "http://feeds.example/swift.xml",
         "htmlUrl": "http://feeds.example/swift/", "folder": "Tech"},
        {"id": 2, "title": "Harbour Notes", "url": "http://feeds.example/harbour.xml",
         "htmlUrl": "http://feeds.example/harbour/", "folder": "News"},
        {"id": 3, "title": "Loose Leaf", "url": "http://feeds.example/loose.xml",
         "htmlUrl": "http://feeds.example/loose/", "folder": None},
    ]
    ids = {
        # strict exercises the signed 64-bit conversions: -2 is .../item/fffffffffffffffe
        "strict": [1795994280679542, 1795994252218340, -2, I64_MIN, I64_MAX, 42],
        "freshrss": [1795994280679542, 1795994252218340, 1795994200000003, 1795994100000004,
                     1795994000000005, 1795993900000006],
        "miniflux": [6, 5, 4, 3, 2, 1],
    }[flavor]
    rows = [(1, "Second post", False, False), (1, "First post", True, False),
            (2, "Negative id", False, True), (2, "Minimum id", True, False),
            (3, "Maximum id", False, False), (3, "Small id", False, True)]
    items = []
    for n, (item_id, (feed, title, read, starred)) in enumerate(zip(ids, rows)):
        slug = title.lower().replace(" ", "-")
        items.append({"id": item_id, "feed": feed, "title": title,
                      "link": f"http://feeds.example/posts/{slug}",
                      "published": 1704103200 - n * 3600, "author": "ann@example.invalid (Ann Author)",
                      "content": f"<p>Hello <b>{title}</b></p>", "read": read, "starred": starred})
    return {"feeds": feeds, "items": items}


# --- HTTP plumbing ----------------------------------------------------------------------------

class Resp:
    __slots__ = ("status", "body", "headers")

    def __init__(self, status, body=b"", ctype=TEXT, headers=None):
        self.status = status
        self.body = body if isinstance(body, bytes) else str(body).encode()
        self.headers = {"Content-Type": ctype}
        if headers:
            self.headers.update(headers)


def json_resp(value, status=200, ctype=JSON):
    return Resp(status, encode_json(value).encode(), ctype)


class Fail(Exception):
    def __init__(self, resp):
        super().__init__(resp.status)
        self.resp = resp


class Request:
    def __init__(self, method, url, body, headers, base):
        self.method = method
        self.path = url.path
        self.query = parse_qsl(url.query, keep_blank_values=True)
        self.content_type = headers.get("Content-Type", "")
        self.body = body
        text = body.decode("utf-8", "replace")
        self.form = parse_qsl(text, keep_blank_values=True) if method == "POST" and body and \
            "json" not in self.content_type and "multipart" not in self.content_type else []
        self.authorization = headers.get("Authorization")
        inside = not base or url.path == base or url.path.startswith(base + "/")
        self.route = url.path[len(base):] if inside else None

    def q(self, name, last=False):
        values = [v for k, v in self.query if k == name]
        return (values[-1] if last else values[0]) if values else None

    def qall(self, name):
        return [v for k, v in self.query if k == name]

    def f(self, name, last=False):
        values = [v for k, v in self.form if k == name]
        return (values[-1] if last else values[0]) if values else None

    def fall(self, name):
        return [v for k, v in self.form if k == name]

    def log_entry(self):
        return {"method": self.method, "path": self.path, "route": self.route,
                "query": [list(p) for p in self.query], "form": [list(p) for p in self.form],
                "authorization": self.authorization, "content_type": self.content_type or None,
                "status": None, "fault": None}


GETS = {"token", "user-info", "subscription/list", "tag/list", "unread-count", "stream/items/ids",
        "stream/contents"}
POSTS = {"subscription/edit", "subscription/quickadd", "edit-tag", "mark-all-as-read",
         "rename-tag", "disable-tag", "stream/items/contents"}
FRESHRSS_T_CHECKED = {"edit-tag", "rename-tag", "disable-tag", "mark-all-as-read"}


class Api:
    def __init__(self, store, flavor):
        self.store = store
        self.flavor = flavor
        self.user_prefix = "user/1/" if flavor == "miniflux" else "user/-/"

    # flavoured errors
    def unauthorized(self):
        if self.flavor == "freshrss":
            return Fail(Resp(401, "Unauthorized!", headers={"Google-Bad-Token": "true"}))
        return Fail(Resp(401, "Unauthorized", headers={"X-Reader-Google-Bad-Token": "true"}))

    def bad_request(self, why):
        if self.flavor == "freshrss":
            return Fail(Resp(400, "Bad Request!"))
        if self.flavor == "miniflux":
            return Fail(json_resp({"error_message": why}, 400))
        return Fail(json_resp({"error": why}, 400))

    def need_json(self, req):
        if self.q_or_f(req, "output") != "json":
            if self.flavor == "freshrss":
                raise Fail(Resp(501, "Not Implemented!"))
            if self.flavor == "miniflux":
                raise Fail(json_resp({"error_message": "output only as json is supported"}, 400))
            raise Fail(json_resp({"error": "output=json is required"}, 400))

    @staticmethod
    def q_or_f(req, name):
        value = req.q(name)
        return value if value is not None else req.f(name)

    # entry point
    def handle(self, req):
        try:
            return self.route(req)
        except Fail as failure:
            return failure.resp

    def route(self, req):
        if req.route is None:
            return Resp(404, "Not Found")
        route = req.route
        if self.flavor == "freshrss":
            if route in ("", "/"):
                return Resp(200, "OK")
            if route == "/check/compatibility":
                return Resp(200, "PASS" if req.authorization else
                            "FAIL get HTTP Authorization header! Wrong Web server configuration.")
        if route == "/accounts/ClientLogin":
            return self.client_login(req)
        if route.startswith("/favicon/") and route.endswith(".ico"):
            return self.favicon(route[len("/favicon/"):-len(".ico")])
        prefix = "/reader/api/0/"
        if not route.startswith(prefix):
            return self.unknown(req)
        method = unquote(route[len(prefix):])
        stream_path = None
        if method.startswith("stream/contents/"):
            stream_path = unquote(route[len(prefix) + len("stream/contents/"):])
            method = "stream/contents"
        if method not in GETS and method not in POSTS:
            return self.unknown(req)
        if self.flavor == "miniflux" and method in ("unread-count", "stream/contents"):
            return self.unknown(req)
        self.check_method(req, method)
        self.authenticate(req)
        if req.method == "POST" and method != "token":
            self.check_write_token(req, method)
        handler = getattr(self, "do_" + method.replace("/", "_").replace("-", "_"))
        if method == "stream/contents":
            return handler(req, stream_path)
        return handler(req)

    def unknown(self, req):
        if self.flavor == "miniflux":
            return json_resp([])
        if self.flavor == "freshrss":
            return Resp(400, "Bad Request!")
        return Resp(404, "Not Found")

    def check_method(self, req, method):
        if self.flavor == "strict" and req.method == "POST" and req.body and \
                not req.content_type.startswith("application/x-www-form-urlencoded"):
            raise self.bad_request("POST bodies must be application/x-www-form-urlencoded")
        expected = "GET" if method in GETS else "POST"
        if req.method == expected:
            return
        if self.flavor == "freshrss":
            if expected == "GET" or method == "edit-tag":
                return  # reads take POST too; edit-tag GET answers OK and does nothing
            raise self.bad_request("wrong method")
        raise Fail(Resp(405, "Method Not Allowed", headers={"Allow": expected}))

    # auth
    def authenticate(self, req):
        store = self.store
        if self.flavor == "miniflux" and req.method == "POST":
            token = req.f("T") or req.q("T")
            if not token or store.auth is None or token != store.auth or store.write_stale:
                raise self.unauthorized()
            return
        header = req.authorization or ""
        if self.flavor == "strict":
            if store.auth is None or header != f"GoogleLogin auth={store.auth}":
                raise self.unauthorized()
            return
        if self.flavor == "miniflux":
            fields = header.split()
            if len(fields) != 2 or fields[0] != "GoogleLogin":
                raise self.unauthorized()
            pair = fields[1].split("=")
            if len(pair) != 2 or pair[0] != "auth" or store.auth is None or pair[1] != store.auth:
                raise self.unauthorized()
            return
        match = re.match(r"^GoogleLogin\s+auth=(\S+)\s*$", header)
        if not match or "/" not in match.group(1):
            raise self.unauthorized()
        user, _ = match.group(1).split("/", 1)
        if not FRESHRSS_USERNAME.match(user):
            raise Fail(Resp(400, "Bad Request!"))
        if store.auth is None or match.group(1) != store.auth:
            raise self.unauthorized()

    def check_write_token(self, req, method):
        store = self.store
        if self.flavor == "miniflux":
            return  # already checked by authenticate
        token = req.f("T")
        if self.flavor == "freshrss":
            if method not in FRESHRSS_T_CHECKED or req.method != "POST":
                return
            if token is None or token in ("", "x"):
                return  # FreshRSS lets FeedMe and Reeder through
        if token is None or token != store.write or store.write_stale:
            raise self.unauthorized()

    def client_login(self, req):
        if req.method != "POST" and self.flavor != "freshrss":
            raise Fail(Resp(405, "Method Not Allowed", headers={"Allow": "POST"}))
        if self.flavor == "freshrss":
            email = req.f("Email") if req.f("Email") is not None else req.q("Email")
            passwd = req.f("Passwd") if req.f("Passwd") is not None else req.q("Passwd")
        else:
            email, passwd = req.f("Email"), req.f("Passwd")
        store = self.store
        if self.flavor == "freshrss":
            if email is None or passwd is None:
                return Resp(400, "Bad Request!")
            if not FRESHRSS_USERNAME.match(email):
                return Resp(400, "Bad Request!")
            if email != USER or passwd != API_PASSWORD:
                return Resp(401, "Unauthorized!", headers={"Google-Bad-Token": "true"})
        elif email != USER or passwd != store.password:
            if self.flavor == "miniflux":
                return json_resp({"error_message": "access unauthorized"}, 401)
            return Resp(401, "Error=BadAuthentication\n")
        if store.auth is None:
            store.new_tokens()
        auth = store.auth
        if self.flavor == "freshrss":
            return Resp(200, f"SID={auth}\nLSID=null\nAuth={auth}\n")
        if self.flavor == "miniflux":
            if req.f("output") == "json":
                return json_resp({"SID": auth, "LSID": auth, "Auth": auth})
            return Resp(200, f"SID={auth}\nLSID={auth}\nAuth={auth}\n")
        # strict: SID and LSID are decoys a client must not use
        return Resp(200, f"SID=sid-{secrets.token_hex(8)}\nLSID=unused\nAuth={auth}\n")

    def do_token(self, req):
        store = self.store
        if store.write_stale:
            if self.flavor == "strict":
                store.write = secrets.token_hex(12)
            store.write_stale = False
        return Resp(200, store.write + "\n")

    def do_user_info(self, req):
        if self.flavor == "strict":
            self.need_json(req)
            return json_resp({"userId": "1001", "userName": USER, "userProfileId": "1001",
                              "userEmail": "alice@example.invalid"})
        if self.flavor == "freshrss":
            return json_resp({"userId": USER, "userName": USER, "userProfileId": USER,
                              "userEmail": ""}, ctype=HTML)
        return json_resp({"userId": "1", "userName": USER, "userProfileId": "1",
                          "userEmail": ""})

    # subscriptions and tags
    def label_id(self, name):
        return self.user_prefix + "label/" + name

    def state_id(self, name):
        return self.user_prefix + "state/com.google/" + name

    def icon_url(self, feed):
        return f"{self.base_url}/favicon/{feed.id}.ico"

    def favicon(self, feed_id):
        """The icon of a feed the server holds (FreshRSS serves the favicons it fetched, without
        asking for a login): 16x16, #3080c0; 404 for a feed it has none for."""
        feed = self.store.feeds.get(feed_id)
        if feed is None or not feed.has_icon:
            return Resp(404, "Not Found")
        return Resp(200, png(16, 16, (0x30, 0x80, 0xC0)), ctype="image/png")

    def do_subscription_list(self, req):
        self.need_json(req)
        subscriptions = []
        for feed in self.store.feeds.values():
            categories = []
            if feed.folder:
                category = {"id": self.label_id(feed.folder), "label": feed.folder}
                if self.flavor == "miniflux":
                    category["type"] = "folder"
                categories.append(category)
            subscriptions.append({"id": "feed/" + feed.id, "title": feed.title,
                                  "categories": categories, "url": feed.url,
                                  "htmlUrl": feed.html_url, "iconUrl": self.icon_url(feed)})
        return json_resp({"subscriptions": subscriptions})

    def do_tag_list(self, req):
        self.need_json(req)
        store = self.store
        tags = [{"id": self.state_id("starred")}]
        if self.flavor == "freshrss":
            _, tag_counts = store.unread_counts()
        for name in store.folders():
            row = {"id": self.label_id(name), "type": "folder"}
            if self.flavor == "miniflux":
                row["label"] = name
            tags.append(row)
        if self.flavor != "miniflux":
            for name in sorted(store.tags):
                row = {"id": self.label_id(name), "type": "tag"}
                if self.flavor == "freshrss":
                    row["unread_count"] = tag_counts.get(name, [0, 0])[0]
                tags.append(row)
        return json_resp({"tags": tags})

    def do_unread_count(self, req):
        self.need_json(req)
        store = self.store
        feed_counts, tag_counts = store.unread_counts()
        rows = []
        folders = {}
        total, newest = 0, 0
        for fid, (count, last) in feed_counts.items():
            rows.append({"id": "feed/" + fid, "count": count, "newestItemTimestampUsec": str(last)})
            folder = store.feeds[fid].folder
            if folder:
                entry = folders.setdefault(folder, [0, 0])
                entry[0] += count
                entry[1] = max(entry[1], last)
            total += count
            newest = max(newest, last)
        rows += [{"id": LABEL + name, "count": c, "newestItemTimestampUsec": str(last)}
                 for name, (c, last) in sorted(folders.items())]
        rows += [{"id": LABEL + name, "count": c, "newestItemTimestampUsec": str(last)}
                 for name, (c, last) in sorted(tag_counts.items()) if name not in folders]
        if self.flavor == "strict":
            rows = [row for row in rows if row["count"]]
        rows.append({"id": READING_LIST, "count": total, "newestItemTimestampUsec": str(newest)})
        return json_resp({"max": total, "unreadcounts": rows})

    def subscribe_url(self, raw):
        url = raw[5:] if raw.startswith("feed/") else raw
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            return None, url, "not an absolute http(s) URL"
        if parts.hostname.endswith(".invalid"):
            return None, url, f"could not fetch {url}"
        if any(feed.url == url for feed in self.store.feeds.values()):
            return None, url, "already subscribed"
        return parts, url, None

    def new_feed(self, parts, url, title, folder):
        store = self.store
        fid = store.next_feed_id()
        feed = Feed(fid, title or parts.hostname, url, f"{parts.scheme}://{parts.netloc}/", folder)
        store.feeds[fid] = feed
        store.changed()
        return feed

    def find_feed(self, stream):
        stream = stream[5:] if stream.startswith("feed/") else None
        if stream is None:
            return None
        if stream in self.store.feeds:
            return self.store.feeds[stream]
        return next((f for f in self.store.feeds.values() if f.url == stream), None)

    def label_name(self, stream):
        stream = normalize_stream(stream or "")
        return stream[len(LABEL):] if stream.startswith(LABEL) and len(stream) > len(LABEL) else None

    def do_subscription_edit(self, req):
        store = self.store
        action = req.f("ac")
        streams = req.fall("s")
        titles = req.fall("t")
        add = self.label_name(req.f("a"))
        remove = self.label_name(req.f("r"))
        if action not in ("subscribe", "unsubscribe", "edit") or not streams:
            raise self.bad_request("ac must be subscribe, unsubscribe or edit, with s")
        if self.flavor == "miniflux" and action != "unsubscribe":
            streams = streams[:1]
        for n, stream in enumerate(streams):
            title = titles[n] if n < len(titles) else (titles[0] if len(titles) == 1 else "")
            if action == "subscribe":
                parts, url, error = self.subscribe_url(stream)
                if error:
                    raise self.bad_request(error)
                self.new_feed(parts, url, title, add or store.default_folder)
                continue
            feed = self.find_feed(stream)
            if feed is None:
                raise self.bad_request(f"unknown feed {stream}")
            if action == "unsubscribe":
                store.unsubscribe(feed.id)
            else:
                if title:
                    feed.title = title
                if add:
                    feed.folder = add
                elif remove and self.flavor != "miniflux":  # Miniflux cannot remove a label
                    if self.flavor == "freshrss":
                        feed.folder = store.default_folder
                    elif feed.folder == remove:
                        feed.folder = None
            store.changed()
        return Resp(200, "OK")

    def do_subscription_quickadd(self, req):
        raw = req.f("quickadd") or req.q("quickadd") or ""
        parts, url, error = self.subscribe_url(raw)
        if error:
            if self.flavor == "miniflux":
                return json_resp({"numResults": 0})
            result = {"numResults": 0, "error": error}
            if self.flavor == "strict":
                result["query"] = url
            return json_resp(result, ctype=HTML if self.flavor == "freshrss" else JSON)
        feed = self.new_feed(parts, url, "", self.store.default_folder)
        return json_resp({"numResults": 1, "query": url, "streamId": "feed/" + feed.id,
                          "streamName": feed.title}, ctype=HTML if self.flavor == "freshrss" else JSON)

    def do_rename_tag(self, req):
        store = self.store
        source, dest = self.label_name(req.f("s")), self.label_name(req.f("dest"))
        if source is None or dest is None:
            raise self.bad_request("s and dest must be label ids")
        if source in store.folders():
            for feed in store.feeds.values():
                if feed.folder == source:
                    feed.folder = dest
        elif source in store.tags and self.flavor != "miniflux":
            store.tags.discard(source)
            store.tags.add(dest)
            for tags in [item.tags for item in store.items.values()] + \
                    (list(store.bulk.tags.values()) if store.bulk else []):
                if source in tags:
                    tags.discard(source)
                    tags.add(dest)
        elif self.flavor != "miniflux":
            raise self.bad_request(f"unknown label {source}")
        store.changed()
        return Resp(200, "OK")

    def do_disable_tag(self, req):
        store = self.store
        name = self.label_name(req.f("s"))
        if name is None:
            raise self.bad_request("s must be a label id")
        if name in store.folders():
            for feed in store.feeds.values():
                if feed.folder == name:
                    feed.folder = store.default_folder
        elif name in store.tags and self.flavor != "miniflux":
            store.tags.discard(name)
            for tags in [item.tags for item in store.items.values()] + \
                    (list(store.bulk.tags.values()) if store.bulk else []):
                tags.discard(name)
        elif self.flavor != "miniflux":
            raise self.bad_request(f"unknown label {name}")
        store.changed()
        return Resp(200, "OK")

    # streams
    def parse_spec(self, stream, role):
        """A stream id -> Spec, per flavor; role is s, xt or it."""
        store = self.store
        stream = normalize_stream(stream)
        flavor = self.flavor
        if stream.startswith("feed/"):
            feed = self.find_feed(stream)
            return Spec("feed", feed.id if feed else stream[5:])
        if stream.startswith(LABEL):
            name = stream[len(LABEL):]
            if flavor == "miniflux" and role == "s":
                raise Fail(json_resp({"error_message": f"{stream}: label streams are not supported"}, 500))
            if name in store.folders():
                return Spec("folder", name)
            return Spec("tag", name)
        if stream.startswith(STATE):
            state = stream[len(STATE):]
            if flavor == "freshrss" and role == "s":
                return Spec("starred") if state == "starred" else Spec("all")
            table = {"reading-list": "all", "read": "read", "starred": "starred",
                     "kept-unread": "unread", "unread": "unread", "like": "none",
                     "broadcast": "none", "tracking-kept-unread": "none"}
            if flavor == "miniflux":
                table = {"reading-list": "all", "read": "read", "starred": "starred"}
            if state in table:
                return Spec(table[state])
        if flavor == "miniflux" and role == "s":
            raise Fail(json_resp({"error_message": f"{stream}: unsupported stream"}, 500))
        if flavor == "strict":
            raise self.bad_request(f"unsupported stream id {stream}")
        return None

    def stream_query(self, req, default_n, max_n):
        """Parses the listing parameters into (matcher, desc, n, cursor state)."""
        flavor = self.flavor
        last = flavor == "freshrss"  # PHP keeps the last of repeated keys
        streams = req.qall("s")
        if not streams:
            if flavor == "freshrss":
                streams = [READING_LIST]
            else:
                raise self.bad_request("s is required")
        if flavor != "strict":
            streams = [streams[-1] if last else streams[0]]
        specs = [spec for spec in (self.parse_spec(s, "s") for s in streams) if spec]
        excludes_raw = req.qall("xt")
        includes_raw = req.qall("it") if flavor == "freshrss" else []
        if last:
            excludes_raw, includes_raw = excludes_raw[-1:], includes_raw[-1:]
        excludes, includes = [], []
        for raw in excludes_raw:
            spec = self.parse_spec(raw, "xt")
            if spec and (flavor != "miniflux" or spec.kind in ("read", "starred")):
                excludes.append(spec)
        for raw in includes_raw:
            spec = self.parse_spec(raw, "it")
            if spec and spec.kind in ("read", "unread", "starred"):
                includes.append(spec)
        times = []
        for name in ("ot", "nt"):
            value = req.q(name)
            if value in (None, ""):
                times.append(None)
            elif re.fullmatch(r"-?\d+", value):
                times.append(int(value) or None if flavor == "freshrss" else int(value))
            elif flavor == "strict":
                raise self.bad_request(f"{name} must be Unix seconds")
            else:
                times.append(None)
        raw_n = req.q("n")
        if flavor == "strict":
            if raw_n is None:
                n = default_n
            elif not re.fullmatch(r"\d+", raw_n) or int(raw_n) <= 0:
                raise self.bad_request("n must be a positive integer")
            else:
                n = min(int(raw_n), max_n)
        elif flavor == "freshrss":
            match = re.match(r"\s*([+-]?\d+)", raw_n or "")
            n = default_n if raw_n is None else (int(match.group(1)) if match else 0)
            n = None if n <= 0 else n
        else:
            n = int(raw_n) if raw_n and re.fullmatch(r"-?\d+", raw_n) else 0
            n = 10000 if n <= 0 or n > 10000 else n
        desc = req.q("r") != "o"
        signature = (tuple(streams), tuple(excludes_raw), tuple(includes_raw), tuple(times), n, desc)
        matcher = self.store.matcher(specs, excludes, includes, times[0], times[1],
                                     by_published=flavor == "miniflux", signature=signature[:4])
        return matcher, desc, n, signature

    def run_page(self, req, matcher, desc, n, signature):
        """-> (rows, continuation or None) with each flavor's continuation rules."""
        store = self.store
        flavor = self.flavor
        c = req.q("c")
        if flavor == "strict":
            cursor = None
            if c:
                try:
                    crawl, item_id = base64.urlsafe_b64decode(c + "=" * (-len(c) % 4)).decode().split(":")[1:]
                    cursor = (int(crawl), int(item_id))
                except (ValueError, UnicodeDecodeError):
                    raise self.bad_request("bad continuation")
            rows = store.page(matcher, cursor, desc, n + 1)
            more = len(rows) > n
            rows = rows[:n]
            token = None
            if more:
                key = rows[-1][0]
                token = base64.urlsafe_b64encode(f"k:{key[0]}:{key[1]}".encode()).decode().rstrip("=")
            return rows, token
        if flavor == "freshrss":
            cursor = None
            if c and c.strip().isdigit():
                cursor = (int(c), int(c))  # ids are crawl times
            rows = store.page(matcher, cursor, desc, n)
            token = str(rows[-1][1]) if n is not None and rows and len(rows) >= n else None
            return rows, token
        # miniflux: c is an offset into the filtered list
        offset = int(c) if c and c.isdigit() else 0
        cached = store.page_cache.get((signature, offset)) if offset else None
        if offset and cached is None:
            skipped = store.page(matcher, None, desc, offset)
            cursor = skipped[-1][0] if len(skipped) == offset else None
            if cursor is None:
                return [], None
        else:
            cursor = cached
        rows = store.page(matcher, cursor, desc, n + 1)
        more = len(rows) > n
        rows = rows[:n]
        token = None
        if more:
            token = str(offset + n)
            store.page_cache[(signature, offset + n)] = rows[-1][0]
        return rows, token

    def do_stream_items_ids(self, req):
        if self.flavor != "freshrss":
            self.need_json(req)
        matcher, desc, n, signature = self.stream_query(req, 20, 10000)
        rows, token = self.run_page(req, matcher, desc, n, signature)
        if self.flavor == "strict":
            direct = req.q("includeAllDirectStreamIds") == "true"
            if direct:
                refs = []
                for row in rows:
                    item = self.store.item_of(row)
                    ids = ["feed/" + item.feed]
                    folder = self.store.feeds[item.feed].folder
                    ids += [LABEL + folder] if folder else []
                    ids += [LABEL + tag for tag in sorted(item.tags)]
                    refs.append(encode_json({"id": str(row[1]), "directStreamIds": ids,
                                             "timestampUsec": str(row[0][0])}))
                body = ",".join(refs)
            else:
                body = ",".join(['{"id":"%d","timestampUsec":"%d"}' % (row[1], row[0][0]) for row in rows])
        else:
            body = ",".join(['{"id":"%d"}' % row[1] for row in rows])
        text = '{"itemRefs":[' + body + "]"
        if token is not None:
            text += ',"continuation":' + encode_json(token)
        return Resp(200, text + "}", JSON)

    def item_json(self, item):
        store = self.store
        flavor = self.flavor
        feed = store.feeds.get(item.feed)
        categories = [self.state_id("reading-list")]
        if feed and feed.folder:
            categories.append(self.label_id(feed.folder))
        if item.read:
            categories.append(self.state_id("read"))
        if item.starred:
            categories.append(self.state_id("starred"))
        if flavor != "miniflux":
            categories += [self.label_id(tag) for tag in sorted(item.tags)]
        origin = {"streamId": "feed/" + item.feed, "title": feed.title if feed else "",
                  "htmlUrl": feed.html_url if feed else ""}
        body = {"direction": "ltr", "content": item.content}
        timestamp = item.published * 1_000_000 if flavor == "miniflux" else item.crawl
        result = {"id": long_id(item.id), "crawlTimeMsec": str(item.crawl // 1000),
                  "timestampUsec": str(timestamp), "published": item.published}
        if flavor != "freshrss":
            result["updated"] = item.updated
        result["title"] = item.title
        alternate = {"href": item.link}
        if flavor != "freshrss":
            alternate["type"] = "text/html"
        result["canonical"] = [{"href": item.link}]
        result["alternate"] = [alternate]
        result["categories"] = categories
        result["origin"] = origin
        if flavor == "freshrss":
            result["summary"] = {"content": item.content}
        elif flavor == "miniflux":
            result["summary"] = body
            result["content"] = body
        else:
            result["content"] = body
        if item.author or flavor == "miniflux":
            result["author"] = item.author
        enclosures = []
        for enclosure in item.enclosures:
            row = {"url" if flavor == "miniflux" else "href": enclosure.get("url") or enclosure.get("href"),
                   "type": enclosure.get("type", "")}
            if enclosure.get("length") and flavor != "miniflux":
                row["length"] = int(enclosure["length"])
            enclosures.append(row)
        if enclosures or flavor == "miniflux":
            result["enclosure"] = enclosures
        return result

    def envelope(self, stream_id, items):
        result = {"id": stream_id, "updated": int(time.time()), "items": items}
        if self.flavor == "miniflux":
            result = {"direction": "ltr", "id": stream_id, "title": "Reading List",
                      "self": [{"href": self.base_url}], "updated": result["updated"],
                      "author": USER, "items": items}
        return result

    def do_stream_items_contents(self, req):
        flavor = self.flavor
        if flavor == "freshrss" and req.method != "POST":
            raise self.bad_request("POST required")
        if flavor != "freshrss":
            self.need_json(req)
        raw_ids = req.fall("i") + (req.qall("i") if flavor == "miniflux" else [])
        if not raw_ids:
            raise self.bad_request("i is required")
        if flavor == "strict" and len(raw_ids) > 1000:
            raise self.bad_request("at most 1000 ids per call")
        ids = []
        for raw in raw_ids:
            value = parse_item_id(raw, flavor)
            if value is None:
                if flavor != "freshrss":
                    raise self.bad_request(f"bad item id {raw!r}")
                continue
            if value not in ids:
                ids.append(value)
        items = [item for item in (self.store.get_item(i) for i in ids) if item is not None]
        if flavor == "freshrss":
            items.sort(key=lambda item: item.id, reverse=req.q("r") != "o")
        return json_resp(self.envelope(self.state_id("reading-list"), [self.item_json(i) for i in items]))

    def do_stream_contents(self, req, stream_path):
        if self.flavor == "strict":
            self.need_json(req)
        if stream_path:
            req.query = [(k, v) for k, v in req.query if k != "s"] + [("s", stream_path)]
        matcher, desc, n, signature = self.stream_query(req, 20, 1000)
        rows, token = self.run_page(req, matcher, desc, n, signature)
        stream = req.q("s") or READING_LIST
        stream_id = READING_LIST if self.flavor == "freshrss" else normalize_stream(stream)
        result = self.envelope(stream_id, [self.item_json(self.store.item_of(row)) for row in rows])
        if token is not None:
            result["continuation"] = token
        return json_resp(result)

    # state changes
    def do_edit_tag(self, req):
        store = self.store
        flavor = self.flavor
        if req.method != "POST":
            return Resp(200, "OK")  # FreshRSS: a GET does nothing
        raw_ids = req.fall("i")
        adds = [normalize_stream(v) for v in req.fall("a")]
        removes = [normalize_stream(v) for v in req.fall("r")]
        if flavor == "freshrss":
            adds, removes = adds[-1:], removes[-1:]
        if not raw_ids:
            raise self.bad_request("i is required")
        if flavor != "freshrss" and set(adds) & set(removes):
            raise self.bad_request("the same tag is added and removed")
        read = starred = None
        add_tags, remove_tags = [], []
        for value, adding in [(v, True) for v in adds] + [(v, False) for v in removes]:
            if value == STATE + "read":
                read = adding
            elif value == STATE + "starred":
                starred = adding
            elif value == STATE + "kept-unread" and flavor != "freshrss":
                read = not adding
            elif value.startswith(LABEL) and len(value) > len(LABEL):
                if flavor != "miniflux":
                    (add_tags if adding else remove_tags).append(value[len(LABEL):])
            elif value.startswith(STATE) and flavor != "strict":
                continue
            elif value.startswith(STATE) and value[len(STATE):] in ("like", "broadcast",
                                                                      "tracking-kept-unread"):
                continue
            elif flavor == "strict":
                raise self.bad_request(f"unsupported tag {value}")
        for raw in raw_ids:
            value = parse_item_id(raw, flavor)
            if value is None:
                if flavor == "strict":
                    raise self.bad_request(f"bad item id {raw!r}")
                continue
            store.set_flags(value, read, starred, add_tags, remove_tags)
        store.tags |= set(add_tags)
        store.changed()
        return Resp(200, "OK")

    def do_mark_all_as_read(self, req):
        store = self.store
        flavor = self.flavor
        stream = req.f("s")
        if not stream:
            raise self.bad_request("s is required")
        raw_ts = req.f("ts")
        limit = None
        if raw_ts not in (None, ""):
            if not re.fullmatch(r"\d+", raw_ts):
                raise self.bad_request("ts must be a number")
            value = int(raw_ts)
            if flavor == "miniflux":
                limit = value if len(raw_ts) >= 16 else value * 1_000_000
            elif value:
                limit = value
        if limit is None:
            limit = int(time.time() * 1_000_000)
        stream = normalize_stream(stream)
        if stream.startswith("feed/"):
            feed = self.find_feed(stream)
            if feed is None:
                if flavor == "strict":
                    raise self.bad_request(f"unknown feed {stream}")
                return Resp(200, "OK")
            spec = Spec("feed", feed.id)
        elif stream.startswith(LABEL):
            name = stream[len(LABEL):]
            if name in store.folders():
                spec = Spec("folder", name)
            elif name in store.tags and flavor != "miniflux":
                spec = Spec("tag", name)
            elif flavor == "miniflux":
                return Resp(200, "OK")
            else:
                raise self.bad_request(f"unknown label {name}")
        elif stream == READING_LIST:
            spec = Spec("all")
        elif stream == STATE + "starred" and flavor == "strict":
            spec = Spec("starred")
        elif flavor == "strict":
            raise self.bad_request(f"unsupported stream {stream}")
        else:
            return Resp(200, "OK")
        store.mark_all_read(spec, limit, by_published=flavor == "miniflux")
        return Resp(200, "OK")


# --- control API ------------------------------------------------------------------------------

class Control:
    def __init__(self, store):
        self.store = store

    def handle(self, method, url, body):
        store = self.store
        path = url.path
        try:
            data = json.loads(body) if body.strip() else {}
        except ValueError as error:
            return json_resp({"error": f"bad JSON: {error}"}, 400)
        query = dict(parse_qsl(url.query))
        try:
            with store.lock:
                return self.dispatch(method, path, data, query)
        except (ValueError, KeyError, TypeError) as error:
            return json_resp({"error": f"{type(error).__name__}: {error}"}, 400)

    def dispatch(self, method, path, data, query):
        store = self.store
        if method == "POST" and path == "/_control/reset":
            store.reset(data)
            return json_resp({"ok": True, "feeds": len(store.feeds), "items": len(store.items)})
        if method == "POST" and path == "/_control/items":
            rows = data if isinstance(data, list) else data.get("items", [])
            return json_resp({"ok": True, "added": store.add_items(rows)})
        if method == "POST" and path == "/_control/state":
            rows = data.get("items") if isinstance(data, dict) and "items" in data else [data]
            missing = []
            for row in rows:
                item_id = control_id(row["id"])
                tags = row.get("tags")
                item = store.get_item(item_id)
                if item is None:
                    missing.append(row["id"])
                    continue
                add = set(tags) - item.tags if tags is not None else ()
                remove = item.tags - set(tags) if tags is not None else ()
                store.set_flags(item_id, row.get("read"), row.get("starred"), add, remove)
                if tags:
                    store.tags |= set(tags)
            store.changed()
            if missing:
                return json_resp({"error": "unknown ids", "ids": missing}, 404)
            return json_resp({"ok": True})
        if method == "GET" and path == "/_control/state":
            if "ids" in query:
                chosen = [store.get_item(control_id(v)) for v in query["ids"].split(",") if v]
                chosen = [item for item in chosen if item is not None]
            else:
                chosen = list(store.items.values())
            items = {str(item.id): {"read": item.read, "starred": item.starred, "feed": item.feed,
                                    "tags": sorted(item.tags)} for item in chosen}
            return json_resp({"items": items, "feeds": [f.json() for f in store.feeds.values()],
                              "labels": store.labels_json(),
                              "bulk": store.bulk.summary() if store.bulk else None,
                              "tokens": {"auth": store.auth, "write": store.write,
                                         "write_stale": store.write_stale}})
        if method == "GET" and path == "/_control/item":
            item = store.get_item(control_id(query.get("id", "")))
            if item is None:
                return json_resp({"error": "unknown id"}, 404)
            return json_resp(item.control_json())
        if method == "GET" and path == "/_control/log":
            return json_resp(store.log)
        if method == "POST" and path == "/_control/log/clear":
            store.log.clear()
            return json_resp({"ok": True})
        if method == "POST" and path == "/_control/fault":
            kind = data.get("kind", "status")
            if kind not in ("status", "garbage", "html200", "truncated", "hang", "retry-after", "delay"):
                raise ValueError(f"unknown fault kind {kind!r}")
            fault = {"path": str(data.get("path", "*")).lstrip("/") or "*", "kind": kind,
                     "status": int(data.get("status", 429 if kind == "retry-after" else 503)),
                     "retry_after": data.get("retry_after", 2),
                     "seconds": float(data.get("seconds", 1)), "count": int(data.get("count", 1))}
            store.faults.append(fault)
            return json_resp({"ok": True, "pending": store.faults})
        if method == "GET" and path == "/_control/fault":
            return json_resp(store.faults)
        if method == "POST" and path == "/_control/fault/clear":
            store.faults.clear()
            return json_resp({"ok": True})
        if method == "POST" and path == "/_control/release":
            store.hang_release.set()
            store.hang_release = threading.Event()
            return json_resp({"ok": True})
        if method == "POST" and path == "/_control/expire-token":
            store.auth = None
            return json_resp({"ok": True})
        if method == "POST" and path == "/_control/password":
            store.password = data["password"]
            store.auth = None
            return json_resp({"ok": True})
        if method == "POST" and path == "/_control/expire-write-token":
            store.write_stale = True
            return json_resp({"ok": True})
        if method == "POST" and path == "/_control/bulk":
            started = time.monotonic()
            result = store.make_bulk(data)
            result["seconds"] = round(time.monotonic() - started, 3)
            return json_resp(result)
        return json_resp({"error": f"no control route {method} {path}"}, 404)


# --- server -----------------------------------------------------------------------------------

class Handler(VerbHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    server_version = "greader-fixture/1"
    sys_version = ""

    def version_string(self):
        return self.server_version

    def send(self, resp):
        self.send_response(resp.status)
        for key, value in resp.headers.items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(resp.body)))
        self.end_headers()
        self.wfile.write(resp.body)

    def dispatch(self, method):
        server = self.server
        store = server.store
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length > 0 else b""
        url = urlsplit(self.path)
        if url.path.startswith("/_control/"):
            return self.send(server.control.handle(method, url, body))
        req = Request(method, url, body, self.headers, server.base)
        with store.lock:
            entry = req.log_entry()
            store.log.append(entry)
            fault = None
            for candidate in store.faults:
                if candidate["path"] == "*" or url.path.endswith(candidate["path"]):
                    fault = dict(candidate)
                    candidate["count"] -= 1
                    if candidate["count"] <= 0:
                        store.faults.remove(candidate)
                    break
            release = store.hang_release
        if fault:
            entry["fault"] = fault["kind"]
            kind = fault["kind"]
            if kind == "hang":
                while not release.wait(0.5) and not server.ending.is_set():
                    pass
                self.close_connection = True
                return
            if kind == "delay":
                time.sleep(fault["seconds"])
            elif kind != "truncated":
                entry["status"] = 200 if kind in ("garbage", "html200") else fault["status"]
                return self.send(self.fault_response(fault))
        try:
            with store.lock:
                resp = server.api.handle(req)
        except Exception:  # a bug in this fixture: say so loudly
            traceback.print_exc()
            resp = json_resp({"error": "fixture server bug", "trace": traceback.format_exc()}, 500)
        entry["status"] = resp.status
        if fault and fault["kind"] == "truncated":
            return self.truncated(resp)
        self.send(resp)

    @staticmethod
    def fault_response(fault):
        kind = fault["kind"]
        if kind == "garbage":
            return Resp(200, b'{"itemRefs":[{"id":"17959\x00\xff<<not json', JSON)
        if kind == "html200":
            return Resp(200, "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head>"
                        "<body><h1>Bad Gateway</h1><p>The upstream server is having a moment."
                        "</p></body></html>", HTML)
        if kind == "retry-after":
            return Resp(fault["status"], "Too many requests, slow down",
                        headers={"Retry-After": str(fault["retry_after"])})
        reasons = {500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
                   504: "Gateway Timeout", 429: "Too Many Requests"}
        return Resp(fault["status"], reasons.get(fault["status"], "Injected failure"))

    def truncated(self, resp):
        body = resp.body if len(resp.body) >= 2 else resp.body + b" " * 2
        self.send_response(resp.status)
        for key, value in resp.headers.items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body[:len(body) // 2])
        self.wfile.flush()
        self.close_connection = True


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--flavor", choices=("strict", "freshrss", "miniflux"), default="strict")
    args = parser.parse_args()
    server = Server(("127.0.0.1", 0), Handler)
    port = server.server_address[1]
    server.base = "/api/greader.php" if args.flavor == "freshrss" else ""
    server.store = Store(args.flavor)
    server.store.reset(seed(args.flavor))
    server.api = Api(server.store, args.flavor)
    server.api.base_url = f"http://127.0.0.1:{port}"
    server.control = Control(server.store)
    server.ending = threading.Event()
    print(port, flush=True)

    def watch_stdin():
        sys.stdin.read()
        server.ending.set()
        server.shutdown()

    threading.Thread(target=watch_stdin, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
