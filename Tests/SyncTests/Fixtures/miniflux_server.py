#!/usr/bin/env python3
"""A loopback Miniflux for the sync tests: the REST API v1 as Miniflux's API reference
(miniflux.app/docs/api.html) and its server code describe it, for user alice.

Prints its port on the first stdout line and stops when stdin closes.

Behaviour taken from the reference (its section names):
  Authentication   HTTP Basic alice:wonderland, or X-Auth-Token: alice-api-key; an unknown key is
                   401 at once (no fall-back to Basic); 401 body {"error_message":"access unauthorized"}
  Errors           {"error_message": "..."} with 400 / 401 / 403 / 404 ("resource not found") / 500
  Get Current User GET /v1/me
  Categories       GET, POST (201; "This category already exists." compared without case), PUT
                   /v1/categories/{id} (201), DELETE (204: its feeds and entries go too), GET
                   /v1/categories/{id}/feeds
  Feeds            GET /v1/feeds (each with category {id,title,user_id} and icon {feed_id,icon_id}:
                   icon_id 0 for none, as current servers send; the reference's example has null,
                   which Fixtures/documented/miniflux/feeds.json answers; an entry embeds its feed), PUT /v1/feeds/{id} (201 with the feed), DELETE (204),
                   POST /v1/feeds {feed_url, category_id?} (201 {"feed_id"}; the server fetches at
                   once; "This feed already exists."; an address that is no feed is a 500
                   "parser: unable to detect feed format"; no category: the first by title)
  Refresh Feed     PUT /v1/feeds/{id}/refresh: the feed fetched before the answer (204), its web page's
                   items not held become entries; a feed it cannot read is a 500 with error_message
  Feed Icon        GET /v1/feeds/{id}/icon: {"id","mime_type","data":"image/png;base64,..."} (no
                   "data:"), 404 for a feed without one
  Discover         POST /v1/discover {url}: [{url,title,type}], 404 when nothing is found
  Get Entries      GET /v1/entries: status (repeatable), offset, limit (default 100), order (id,
                   published_at [default], changed_at, created_at), direction (asc [default], desc),
                   after/before and published_after/published_before (publish time),
                   changed_after/changed_before (Unix seconds, strict), after_entry_id/
                   before_entry_id, starred, feed_id, category_id -> {"total","entries"}; dates
                   RFC 3339 with microseconds in the user's time zone (here -05:00)
  Get Entry        GET /v1/entries/{id}
  Update Entries   PUT /v1/entries {"entry_ids","status"} 204; an empty list or bad status 400;
                   with --set-starred (Miniflux 2026) also {"entry_ids","starred"}
  Toggle Bookmark  PUT /v1/entries/{id}/bookmark: toggles starred (204; unknown id 500
                   "store: nothing has been updated")
  changed_at moves on status and star changes (storage/entry.go), not on content.

Control routes (no auth, JSON, never logged), beside Tests/Servers/api_fixture.py's log and faults:
  POST /_control/reset   {"categories":[{"id","title"}], "feeds":[{"id","title","feed_url",
                          "site_url","category_id","icon"?: bool or "broken" (an icon_id whose
                          icon answers 404)}], "entries":[{"id","feed_id",
                          "title","url","content","published" (Unix s),"status","starred"}],
                          "web": {"<url>": {"title","items":[{"title","url","content"}]} or
                                  {"links_to": "<feed url>"}}}
  POST /_control/entries  {"entries":[...]}: add entries (as a refresh would)
  POST /_control/change   {"id","status"?,"starred"?}: a change made in Miniflux's web page
  GET  /_control/state    {"entries":{"<id>":{"status","starred","feed_id"}},"feeds":[...],"categories":[...],
                          "icon_requests": how many Feed Icon calls were answered}
"""
import argparse
import base64
import sys
import time
from datetime import datetime, timedelta, timezone

sys.path.insert(0, __file__.rsplit("/", 3)[0] + "/Servers")
from api_fixture import ApiHandler, Fail, basic_credentials, run  # noqa: E402  (Tests/Servers: the fixtures' shared parts)
from loopback import png  # noqa: E402

USER, PASSWORD, API_KEY = "alice", "wonderland", "alice-api-key"
ZONE = timezone(timedelta(hours=-5))
UNAUTHORIZED = {"error_message": "access unauthorized"}
NOT_FOUND = {"error_message": "resource not found"}


def stamp(seconds):
    return datetime.fromtimestamp(seconds, ZONE).isoformat(timespec="microseconds")


class Store:
    def __init__(self, set_starred):
        self.set_starred = set_starred
        self.reset({})

    def reset(self, data):
        self.categories = {int(c["id"]): c["title"] for c in data.get("categories", [{"id": 1, "title": "All"}])}
        self.feeds = {}
        for feed in data.get("feeds", []):
            self.feeds[int(feed["id"])] = dict(feed, id=int(feed["id"]), icon=feed.get("icon", True))
        self.entries = {}
        for entry in data.get("entries", []):
            self.add_entry(entry)
        self.web = data.get("web", {})
        self.icon_requests = 0

    def add_entry(self, entry):
        now = time.time()
        published = entry.get("published", now)
        self.entries[int(entry["id"])] = {
            "id": int(entry["id"]), "feed_id": int(entry["feed_id"]), "title": entry.get("title", ""),
            "url": entry.get("url", ""), "content": entry.get("content", ""), "author": entry.get("author", ""),
            "published": published, "created": now, "changed": now,
            "status": entry.get("status", "unread"), "starred": bool(entry.get("starred", False))}

    def next_id(self, table):
        return max(table, default=0) + 1

    # answers in the reference's shapes
    def category_json(self, cid):
        return {"id": cid, "title": self.categories[cid], "user_id": 1, "hide_globally": False}

    def feed_json(self, feed):
        return {"id": feed["id"], "user_id": 1, "title": feed["title"], "feed_url": feed["feed_url"],
                "site_url": feed.get("site_url", ""), "description": "", "checked_at": stamp(time.time()),
                "parsing_error_count": 0, "parsing_error_message": "", "disabled": False, "etag_header": "",
                "last_modified_header": "", "scraper_rules": "", "rewrite_rules": "", "crawler": False,
                "blocklist_rules": "", "keeplist_rules": "", "user_agent": "", "username": "", "password": "",
                "ignore_http_cache": False, "fetch_via_proxy": False,
                "category": self.category_json(feed["category_id"]),
                "icon": {"feed_id": feed["id"], "icon_id": feed["id"] + 100 if feed["icon"] else 0}}

    def entry_json(self, entry):
        feed = self.feeds[entry["feed_id"]]
        return {"id": entry["id"], "user_id": 1, "feed_id": entry["feed_id"], "status": entry["status"],
                "hash": f"h{entry['id']}", "title": entry["title"], "url": entry["url"], "comments_url": "",
                "published_at": stamp(entry["published"]), "created_at": stamp(entry["created"]),
                "changed_at": stamp(entry["changed"]), "content": entry["content"], "author": entry["author"],
                "share_code": "", "starred": entry["starred"], "reading_time": 1, "enclosures": [], "tags": [],
                "feed": self.feed_json(feed)}


class Api:
    def __init__(self, store):
        self.store = store

    def handle(self, method, path, query, body):
        store = self.store
        parts = path.strip("/").split("/")
        if parts[:1] != ["v1"]:
            raise Fail(404, "resource not found")
        rest = parts[1:]
        if method == "GET" and rest == ["me"]:
            return 200, {"id": 1, "username": USER, "is_admin": False, "theme": "light_serif", "language": "en_US",
                         "timezone": "America/New_York", "entry_sorting_direction": "asc", "stylesheet": "", "google_id": "",
                         "openid_connect_id": "", "entries_per_page": 100, "keyboard_shortcuts": True,
                         "show_reading_time": True, "entry_swipe": True, "last_login_at": None}
        if method == "GET" and rest == ["version"]:
            return 200, {"version": "2.2.9", "commit": "loopback", "build_date": "", "go_version": "", "compiler": "",
                         "arch": "", "os": ""}
        if rest == ["categories"]:
            if method == "GET":
                return 200, [store.category_json(c) for c in sorted(store.categories, key=lambda c: store.categories[c].lower())]
            if method == "POST":
                title = (body or {}).get("title", "").strip()
                if not title:
                    raise Fail(400, "The title is mandatory.")
                if any(t.lower() == title.lower() for t in store.categories.values()):
                    raise Fail(400, "This category already exists.")
                cid = store.next_id(store.categories)
                store.categories[cid] = title
                return 201, store.category_json(cid)
        if len(rest) >= 2 and rest[0] == "categories":
            cid = int(rest[1]) if rest[1].isdigit() else None
            if cid not in store.categories:
                raise Fail(404, "resource not found")
            if len(rest) == 2 and method == "PUT":
                title = (body or {}).get("title", "").strip()
                if not title:
                    raise Fail(400, "The title is mandatory.")
                store.categories[cid] = title
                return 201, store.category_json(cid)
            if len(rest) == 2 and method == "DELETE":
                # The feeds of a deleted category go with it (their foreign key cascades).
                del store.categories[cid]
                gone = {f for f, feed in store.feeds.items() if feed["category_id"] == cid}
                store.feeds = {f: feed for f, feed in store.feeds.items() if f not in gone}
                store.entries = {k: e for k, e in store.entries.items() if e["feed_id"] not in gone}
                return 204, None
            if rest[2:] == ["feeds"] and method == "GET":
                return 200, [store.feed_json(f) for f in store.feeds.values() if f["category_id"] == cid]
        if rest == ["feeds"]:
            if method == "GET":
                return 200, [store.feed_json(f) for f in sorted(store.feeds.values(), key=lambda f: f["title"].lower())]
            if method == "POST":
                return self.create_feed(body or {})
        if len(rest) >= 2 and rest[0] == "feeds":
            feed = store.feeds.get(int(rest[1])) if rest[1].isdigit() else None
            if feed is None:
                raise Fail(404, "resource not found")
            if len(rest) == 2 and method == "PUT":
                return self.update_feed(feed, body or {})
            if len(rest) == 2 and method == "DELETE":
                del store.feeds[feed["id"]]
                store.entries = {k: e for k, e in store.entries.items() if e["feed_id"] != feed["id"]}
                return 204, None
            if rest[2:] == ["refresh"] and method == "PUT":
                return self.refresh_feed(feed)
            if rest[2:] == ["icon"] and method == "GET":
                store.icon_requests += 1
                if feed["icon"] in (False, "broken"):
                    raise Fail(404, "resource not found")
                data = base64.b64encode(png(16, 16, (0x30, 0x80, 0xC0))).decode()
                return 200, {"id": feed["id"] + 100, "mime_type": "image/png", "data": "image/png;base64," + data}
        if rest == ["discover"] and method == "POST":
            return self.discover((body or {}).get("url", ""))
        if rest == ["entries"]:
            if method == "GET":
                return self.entries(query)
            if method == "PUT":
                return self.update_entries(body or {})
        if len(rest) >= 2 and rest[0] == "entries" and rest[1].isdigit():
            entry = store.entries.get(int(rest[1]))
            if rest[2:] == ["bookmark"] and method == "PUT":
                if entry is None:
                    raise Fail(500, "store: nothing has been updated")
                entry["starred"] = not entry["starred"]
                entry["changed"] = time.time()
                return 204, None
            if len(rest) == 2 and method == "GET":
                if entry is None:
                    raise Fail(404, "resource not found")
                return 200, store.entry_json(entry)
        raise Fail(404, "resource not found")

    def create_feed(self, body):
        store = self.store
        url = body.get("feed_url", "")
        if not url or (body.get("category_id") or 0) < 0:
            raise Fail(400, "The URL and the category are mandatory.")
        if any(f["feed_url"] == url for f in store.feeds.values()):
            raise Fail(400, "This feed already exists.")
        category = body.get("category_id") or min(store.categories, key=lambda c: store.categories[c].lower())
        if category not in store.categories:
            raise Fail(400, "This category does not exist or does not belong to this user.")
        page = store.web.get(url)
        if page is None or "items" not in page:
            raise Fail(500, "parser: unable to detect feed format")
        fid = store.next_id(store.feeds)
        store.feeds[fid] = {"id": fid, "title": page["title"], "feed_url": url, "site_url": url.rsplit("/", 1)[0] + "/",
                            "category_id": category, "icon": True}
        for item in page["items"]:
            store.add_entry(dict(item, id=store.next_id(store.entries), feed_id=fid))
        return 201, {"feed_id": fid}

    def refresh_feed(self, feed):
        """Refresh Feed: fetched before the answer; the web page's items not yet held are new entries."""
        store = self.store
        page = store.web.get(feed["feed_url"])
        if page is None or "items" not in page:
            raise Fail(500, "parser: unable to detect feed format")
        held = {e["url"] for e in store.entries.values() if e["feed_id"] == feed["id"]}
        for item in page["items"]:
            if item.get("url") not in held:
                store.add_entry(dict(item, id=store.next_id(store.entries), feed_id=feed["id"]))
        return 204, None

    def update_feed(self, feed, body):
        store = self.store
        if "title" in body:
            if not body["title"]:
                raise Fail(400, "The feed title cannot be empty.")
            feed["title"] = body["title"]
        if "category_id" in body:
            if body["category_id"] not in store.categories:
                raise Fail(400, "This category does not exist or does not belong to this user.")
            feed["category_id"] = body["category_id"]
        return 201, store.feed_json(feed)

    def discover(self, url):
        page = self.store.web.get(url)
        if page is not None and "links_to" in page:
            url, page = page["links_to"], self.store.web.get(page["links_to"])
        if page is None or "items" not in page:
            raise Fail(404, "resource not found")
        return 200, [{"url": url, "title": page["title"], "type": "rss"}]

    def entries(self, query):
        store = self.store
        def number(name, default=0):
            value = query.get(name, [None])[-1]
            return int(value) if value is not None and value.lstrip("-").isdigit() and int(value) >= 0 else default
        statuses = query.get("status", [])
        for status in statuses:
            if status not in ("read", "unread", "removed"):
                raise Fail(400, "Invalid entry status.")
        order = query.get("order", ["published_at"])[-1]
        columns = {"id": "id", "published_at": "published", "changed_at": "changed", "created_at": "created"}
        if order not in columns:
            raise Fail(400, 'invalid order, valid order values are: "id", "status", "changed_at", "published_at", "created_at", "category_title", "category_id"')
        direction = query.get("direction", ["asc"])[-1]
        if direction not in ("asc", "desc"):
            raise Fail(400, 'invalid direction, valid direction values are: "asc" or "desc"')
        found = list(store.entries.values())
        if statuses:
            found = [e for e in found if e["status"] in statuses]
        for name, column, above in (("after", "published", True), ("published_after", "published", True),
                                    ("before", "published", False), ("published_before", "published", False),
                                    ("changed_after", "changed", True), ("changed_before", "changed", False),
                                    ("after_entry_id", "id", True), ("before_entry_id", "id", False)):
            limit = number(name)
            if limit:
                found = [e for e in found if (e[column] > limit if above else e[column] < limit)]
        starred = query.get("starred", [None])[-1]
        if starred in ("true", "1", "false", "0"):
            found = [e for e in found if e["starred"] == (starred in ("true", "1"))]
        for name, key in (("feed_id", "feed_id"), ("category_id", None)):
            wanted = number(name)
            if wanted:
                found = [e for e in found if (e["feed_id"] if key else store.feeds[e["feed_id"]]["category_id"]) == wanted]
        found.sort(key=lambda e: e[columns[order]], reverse=direction == "desc")
        total = len(found)
        offset, limit = number("offset"), number("limit", 100)
        page = found[offset:offset + limit] if limit else found[offset:]
        return 200, {"total": total, "entries": [store.entry_json(e) for e in page]}

    def update_entries(self, body):
        store = self.store
        ids = body.get("entry_ids") or []
        if not ids:
            raise Fail(400, "the list of entries cannot be empty")
        status = body.get("status")
        if status is None and store.set_starred and isinstance(body.get("starred"), bool):
            for entry_id in ids:
                if entry_id in store.entries:
                    store.entries[entry_id]["starred"] = body["starred"]
                    store.entries[entry_id]["changed"] = time.time()
            return 204, None
        if status not in ("read", "unread", "removed"):
            raise Fail(400, 'invalid entry status, valid status values are: "read", "unread" and "removed"')
        for entry_id in ids:
            if entry_id in store.entries:
                store.entries[entry_id]["status"] = status
                store.entries[entry_id]["changed"] = time.time()
        return 204, None


class Handler(ApiHandler):
    def authorized(self):
        key = self.headers.get("X-Auth-Token")
        if key:
            return key == API_KEY
        return basic_credentials(self.headers) == (USER, PASSWORD)

    def unauthorized(self):
        return 401, UNAUTHORIZED, {"WWW-Authenticate": 'Basic realm="Restricted"'}

    def error(self, message):
        return {"error_message": message}

    def answer(self, method, path, query, body):
        return self.api.handle(method, path, query, body)

    def control(self, name, data):
        store = self.state
        if name == "entries":
            for entry in data["entries"]:
                store.add_entry(entry)
        elif name == "change":
            entry = store.entries[int(data["id"])]
            for key in ("status", "starred"):
                if key in data:
                    entry[key] = data[key]
            entry["changed"] = time.time()
        elif name == "state":
            return 200, {"entries": {str(k): {"status": e["status"], "starred": e["starred"], "feed_id": e["feed_id"]}
                                     for k, e in store.entries.items()},
                         "feeds": [dict(f) for f in store.feeds.values()],
                         "categories": [{"id": k, "title": t} for k, t in store.categories.items()],
                         "icon_requests": store.icon_requests}
        else:
            return None
        return 200, {"ok": True}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set-starred", action="store_true", help='PUT /v1/entries takes "starred" (Miniflux 2026)')
    args = parser.parse_args()
    run(Handler, Store(args.set_starred), Api)


if __name__ == "__main__":
    main()
