#!/usr/bin/env python3
"""A loopback Feedbin for the sync tests: the REST API v2 as its reference (feedbin/feedbin-api)
and its Rails controllers describe it, for ann@example.org.

Prints its port on the first stdout line and stops when stdin closes.

Behaviour taken from the reference (its section names):
  Authentication   HTTP Basic with the e-mail (compared without case) and password; GET
                   /v2/authentication.json 200 or 401; a 401 is plain text, WWW-Authenticate
                   Basic realm="Application"
  Errors           {"status", "message", "errors": [{"<key>": "<text>"}]}; 415 for a create without
                   Content-Type application/json
  Pagination       the Links header (not Link): <url>; rel="next" and rel="last", only with more
                   than one page; X-Feedbin-Record-Count; a page past the end 404; per_page (default 100)
  Subscriptions    GET (newest first), POST {"feed_url"}: 201 new, 302 already subscribed (Location),
                   300 a page's feeds [{feed_url, title}], 404 none found; POST /v2/subscriptions/{id}/update.json
                   {"title"}; DELETE /v2/subscriptions/{id}.json 204 (its taggings go too)
  Taggings         GET [{id, feed_id, name}], POST {"feed_id","name"} 201 or 302, DELETE /v2/taggings/{id}.json 204
  Tags             POST /v2/tags.json {"old_name","new_name"} renames, DELETE {"name"} untags; both
                   answer the taggings left
  Entries          GET /v2/entries.json: since (created_at, later than), ids (at most 100), per_page,
                   page; newest created_at first; times ISO 8601 in UTC with microseconds
  Unread, Starred  GET id lists; POST {"unread_entries"|"starred_entries": [ids]} (at most 1 000)
                   marks unread / stars; POST .../delete.json marks read / unstars; answers the ids
  Icons            GET /v2/icons.json [{host, url}] for the hosts of the feeds' site_url

Control routes (no sign-in, JSON), beside Tests/Servers/api_fixture.py's log and faults:
  POST /_control/reset   {"feeds":[{"id","subscription_id","title","feed_url","site_url","tags":[names]}],
                          "entries":[{"id","feed_id","title","url","content","published","age" (s ago)}],
                          "unread":[ids], "starred":[ids], "icons":{"<host>": "<url>"},
                          "web": {"<url>": {"title","entries":[{"title","url","content"}]} or {"offers": [feed urls]}}}
  POST /_control/entries  {"entries":[...]}: add entries (unread)
  POST /_control/change   {"id","unread"?,"starred"?}
  POST /_control/bulk-unread {"count"}: that many more unread ids (of no entry on a page), half as strings
  GET  /_control/state    {"unread":[...],"starred":[...],"subscriptions":[...],"taggings":[...]}
"""
import sys
import time
from datetime import datetime, timezone

sys.path.insert(0, __file__.rsplit("/", 3)[0] + "/Servers")
from api_fixture import ApiHandler, Fail, basic_credentials, run  # noqa: E402  (Tests/Servers: the fixtures' shared parts)

EMAIL, PASSWORD = "ann@example.org", "hunter2-feedbin"


def stamp(seconds):
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class Store:
    def __init__(self):
        self.base = ""   # http://host:port, as the request named it (for Location and Links)
        self.reset({})

    def reset(self, data):
        now = time.time()
        self.subscriptions, self.taggings, self.entries = {}, {}, {}
        for index, feed in enumerate(data.get("feeds", [])):
            sid = int(feed.get("subscription_id", 100 + int(feed["id"])))
            self.subscriptions[sid] = {"id": sid, "created_at": stamp(now - 1000 + index), "feed_id": int(feed["id"]),
                                       "title": feed["title"], "feed_url": feed["feed_url"], "site_url": feed.get("site_url", "")}
            for name in feed.get("tags", []):
                self.tag(int(feed["id"]), name)
        for entry in data.get("entries", []):
            self.add_entry(entry)
        self.unread = set(data.get("unread", []))
        self.starred = set(data.get("starred", []))
        self.icons = data.get("icons", {})
        self.string_ids = False
        self.web = data.get("web", {})

    def add_entry(self, entry):
        created = time.time() - entry.get("age", 0)
        self.entries[int(entry["id"])] = {
            "id": int(entry["id"]), "feed_id": int(entry["feed_id"]), "title": entry.get("title"), "author": entry.get("author"),
            "summary": "", "content": entry.get("content"), "url": entry.get("url"),
            "extracted_content_url": "https://extract.feedbin.com/parser/feedbin/x", "published": stamp(entry.get("published", created)),
            "created_at": stamp(created), "created": created}

    def tag(self, feed_id, name):
        for tagging in self.taggings.values():
            if tagging["feed_id"] == feed_id and tagging["name"] == name:
                return 302, tagging
        tid = max(self.taggings, default=0) + 1
        self.taggings[tid] = {"id": tid, "feed_id": feed_id, "name": name}
        return 201, self.taggings[tid]

    def feed_ids(self):
        return {s["feed_id"] for s in self.subscriptions.values()}


def error(status, message=None, errors=()):
    """Feedbin's error: {"status", "message", "errors"}."""
    return Fail(status, {"status": status, "message": message, "errors": list(errors)})


class Api:
    def __init__(self, store):
        self.store = store

    def handle(self, method, path, query, body, content_type):
        store = self.store
        if not (path.startswith("/v2/") and path.endswith(".json")):
            raise error(404, "Not Found")
        parts = path[len("/v2/"):-len(".json")].split("/")
        creates = method == "POST" and not parts[-1] in ("delete", "update")
        if creates and not content_type.startswith("application/json"):
            raise error(415, 'Please use the "Content-Type: application/json; charset=utf-8" header')
        body = body or {}
        if parts == ["authentication"]:
            return 200, None
        if parts == ["subscriptions"] and method == "GET":
            return 200, sorted(store.subscriptions.values(), key=lambda s: s["created_at"], reverse=True)
        if parts == ["subscriptions"] and method == "POST":
            return self.subscribe(body)
        if parts[0] == "subscriptions" and len(parts) >= 2:
            sub = store.subscriptions.get(int(parts[1])) if parts[1].isdigit() else None
            if sub is None:
                raise error(404, "Not Found")
            if method == "GET" and len(parts) == 2:
                return 200, sub
            if (method == "PATCH" and len(parts) == 2) or (method == "POST" and parts[2:] == ["update"]):
                sub["title"] = body.get("title", sub["title"])
                return 200, sub
            if method == "DELETE" and len(parts) == 2:
                del store.subscriptions[sub["id"]]
                store.taggings = {k: t for k, t in store.taggings.items() if t["feed_id"] != sub["feed_id"]}
                return 204, None
        if parts == ["taggings"] and method == "GET":
            return 200, list(store.taggings.values())
        if parts == ["taggings"] and method == "POST":
            if "feed_id" not in body or "name" not in body:
                raise error(400, None, [{"feed_id" if "feed_id" not in body else "name": "Missing parameter"}])
            if body["feed_id"] not in store.feed_ids():
                raise error(403)
            status, tagging = store.tag(body["feed_id"], body["name"].strip())
            return status, tagging, {"Location": f"{store.base}/v2/taggings/{tagging['id']}.json"}
        if parts[0] == "taggings" and len(parts) == 2 and method == "DELETE":
            if store.taggings.pop(int(parts[1]), None) is None:
                raise error(403)
            return 204, None
        if parts == ["tags"] and method == "POST":
            for tagging in store.taggings.values():
                if tagging["name"] == body.get("old_name"):
                    tagging["name"] = body.get("new_name", tagging["name"])
            return 200, list(store.taggings.values())
        if parts == ["tags"] and method == "DELETE":
            store.taggings = {k: t for k, t in store.taggings.items() if t["name"] != body.get("name")}
            return 200, list(store.taggings.values())
        if parts == ["entries"] and method == "GET":
            return self.entries(query, path)
        for key, kept in (("unread_entries", store.unread), ("starred_entries", store.starred)):
            if parts[0] != key:
                continue
            if method == "GET" and len(parts) == 1:
                return 200, [str(i) if store.string_ids and i % 2 else i for i in sorted(kept)]
            ids = body.get(key)
            if ids is None:
                raise error(400, None, [{key: f"Missing parameter: {key}"}])
            if method in ("DELETE",) or parts[1:] == ["delete"]:
                kept.difference_update(ids)
                return 200, ids
            if len(ids) > 1000:
                raise error(400, None, [{key: "Please send less than or equal to 1,000 ids per request"}])
            allowed = [i for i in ids if i in store.entries]
            kept.update(allowed)
            return 200, allowed
        if parts == ["icons"] and method == "GET":
            hosts = {s["site_url"].split("/")[2] for s in store.subscriptions.values() if s["site_url"].count("/") >= 2}
            return 200, [{"host": h, "url": u} for h, u in store.icons.items() if h in hosts]
        raise error(404, "Not Found")

    def subscribe(self, body):
        store = self.store
        url = body.get("feed_url")
        if not url:
            raise error(400, None, [{"feed_url": "Missing parameter: feed_url"}])
        for sub in store.subscriptions.values():
            if sub["feed_url"] == url:
                return 302, sub, {"Location": f"{store.base}/v2/subscriptions/{sub['id']}.json"}
        page = store.web.get(url)
        if page is not None and "offers" in page:
            return 300, [{"feed_url": offered, "title": store.web[offered]["title"]} for offered in page["offers"]]
        if page is None or "entries" not in page:
            raise error(404)
        feed_id = max([s["feed_id"] for s in store.subscriptions.values()] + [0]) + 1
        sid = max(store.subscriptions, default=0) + 1
        store.subscriptions[sid] = {"id": sid, "created_at": stamp(time.time()), "feed_id": feed_id, "title": page["title"],
                                    "feed_url": url, "site_url": url.rsplit("/", 1)[0] + "/"}
        for entry in page["entries"]:
            entry_id = max(store.entries, default=0) + 1
            store.add_entry(dict(entry, id=entry_id, feed_id=feed_id))
            store.unread.add(entry_id)
        return 201, store.subscriptions[sid], {"Location": f"{store.base}/v2/subscriptions/{sid}.json"}

    def entries(self, query, path):
        store = self.store
        found = [e for e in store.entries.values() if e["feed_id"] in store.feed_ids() or e["id"] in store.starred]
        if "ids" in query:
            ids = [int(i) for i in query["ids"][-1].split(",") if i]
            if len(ids) > 100:
                raise error(400, None, [{"ids": "Please request less than or equal to 100 ids per request"}])
            found = [e for e in found if e["id"] in ids]
        if "since" in query:
            since = query["since"][-1]
            found = [e for e in found if e["created_at"] > since]
        found.sort(key=lambda e: e["created"], reverse=True)
        per_page = int(query.get("per_page", ["100"])[-1])
        page = int(query.get("page", ["1"])[-1])
        pages = max(1, -(-len(found) // per_page))
        if page < 1 or (page > pages and found):
            raise error(404)
        rows = [{k: v for k, v in e.items() if k != "created"} for e in found[(page - 1) * per_page:page * per_page]]
        headers = {"X-Feedbin-Record-Count": str(len(found))}
        if pages > 1:
            keep = "&".join(f"{k}={v[-1]}" for k, v in query.items() if k != "page")
            def link(number, rel):
                return f'<{store.base}{path}?{keep}&page={number}>; rel="{rel}"'
            links = ([link(1, "first"), link(page - 1, "prev")] if page > 1 else []) + \
                ([link(page + 1, "next"), link(pages, "last")] if page < pages else [])
            if links:
                headers["Links"] = ", ".join(links)
        return 200, rows, headers


class Handler(ApiHandler):
    def authorized(self):
        credentials = basic_credentials(self.headers)
        return credentials is not None and credentials[0].lower() == EMAIL and credentials[1] == PASSWORD

    def unauthorized(self):
        return 401, b"HTTP Basic: Access denied.\n", {"WWW-Authenticate": 'Basic realm="Application"'}

    def error(self, message):
        return message if isinstance(message, dict) else {"status": 500, "message": message, "errors": []}

    def answer(self, method, path, query, body):
        self.state.base = "http://" + self.headers.get("Host", "127.0.0.1")
        return self.api.handle(method, path, query, body, self.headers.get("Content-Type", ""))

    def control(self, name, data):
        store = self.state
        if name == "entries":
            for entry in data["entries"]:
                store.add_entry(entry)
                store.unread.add(int(entry["id"]))
        elif name == "change":
            entry_id = int(data["id"])
            for key, kept in (("unread", store.unread), ("starred", store.starred)):
                if key in data:
                    (kept.add if data[key] else kept.discard)(entry_id)
        elif name == "bulk-unread":
            # Ids the server lists as unread, of entries long gone from the feeds' pages, in the
            # two spellings a JSON list of ids may take (numbers, and strings for half).
            store.unread.update(range(10_000_000, 10_000_000 + int(data["count"])))
            store.string_ids = True
        elif name == "state":
            return 200, {"unread": sorted(store.unread), "starred": sorted(store.starred),
                         "subscriptions": list(store.subscriptions.values()), "taggings": list(store.taggings.values())}
        else:
            return None
        return 200, {"ok": True}


if __name__ == "__main__":
    run(Handler, Store(), Api)
