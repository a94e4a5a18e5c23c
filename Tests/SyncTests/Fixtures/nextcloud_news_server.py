#!/usr/bin/env python3
"""A loopback Nextcloud with the News app for the sync tests: the News REST API v1-3 as its
reference (nextcloud/news docs/api/api-v1-3.md) and its controllers describe it, for user alice;
v1-4 too when a reset lists it (docs/api/api-v1-4.md).

Prints its port on the first stdout line and stops when stdin closes.

Behaviour taken from the reference and the code (their section names):
  API levels   GET /index.php/apps/news/api, no sign-in: {"apiLevels": ["v1-2", "v1-3"]} (or the
               reset's "apiLevels"); each level listed from v1-3 on is routed, no other
  v1-4         "What's new in API v1-4": the same routes as v1-3, but GET /items pages with
               offsetId (its `offset` is no parameter there, so it is not read)
  Sign-in      HTTP Basic alice:wonderland (or the app password alice-app-password); a refusal is
               401 {"message": "CORS requires basic auth"}
  Errors       {"message": "..."}: 404 for an unknown id and for a feed that cannot be read (the
               docs say 422; the code answers 404), 409 "Feed with this URL exists"
  Folders      GET /folders {"folders": [{"id","name","opened","feeds"}]}; POST /folders {"name"} ->
               {"folders": [one]}; PUT /folders/{id} {"name"} (PUT in v1-3 too); DELETE
               /folders/{id} (its feeds and items go too)
  Feeds        GET /feeds {"feeds": [...], "starredCount", "newestItemId" (left out with no items)};
               folderId null for no folder; POST /feeds {"url","folderId"} -> {"feeds": [one]}
               (a page's address: its first feed); DELETE /feeds/{id}; POST /feeds/{id}/move
               {"folderId"}; POST /feeds/{id}/rename {"feedTitle"} (v1-3 moved these to POST:
               a PUT finds no route, 405 here)
  Items        GET /items?type=&id=&getRead=&batchSize=&offset=&oldestFirst=: by id, newest first;
               offset an item id, strictly below; batchSize < 1 no limit; type 0 feed, 1 folder,
               2 starred, 3 all; type 2 with getRead=false -> 200 with a message and no items
               GET /items/updated?lastModified=&type=&id=: every item changed at or after that time
               (seconds, or microseconds when longer than 10 digits), newest first, no paging
               POST /items/{read,unread,star,unstar}/multiple {"itemIds"} -> null; unknown ids skipped
  lastModified moves on new items and on read/star changes; items carry it in seconds.

Control routes (no sign-in, JSON), beside Tests/Servers/api_fixture.py's log and faults:
  POST /_control/reset   {"apiLevels": [...], "folders":[{"id","name"}], "feeds":[{"id","title","url","link","folderId"}],
                          "items":[{"id","feedId","title","url","body","pubDate","unread","starred"}],
                          "web": {"<url>": {"title","items":[{"title","url","body"}]} or {"links_to": "<url>"}}}
  POST /_control/items   {"items":[...]}: add items (as the server's update job would)
  POST /_control/change  {"id","unread"?,"starred"?}: a change made in Nextcloud's web page
  GET  /_control/state   {"items":{"<id>":{"unread","starred","feedId"}},"feeds":[...],"folders":[...]}
"""
import hashlib
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 3)[0] + "/Servers")
from api_fixture import ApiHandler, Fail, basic_credentials, run  # noqa: E402  (Tests/Servers: the fixtures' shared parts)

USER, PASSWORDS = "alice", ("wonderland", "alice-app-password")
LEVELS = "/index.php/apps/news/api"


def microseconds():
    return int(time.time() * 1_000_000)


class Store:
    def __init__(self):
        self.reset({})

    def reset(self, data):
        self.levels = data.get("apiLevels", ["v1-2", "v1-3"])
        self.folders = {int(f["id"]): f["name"] for f in data.get("folders", [])}
        self.feeds = {int(f["id"]): dict(f, id=int(f["id"])) for f in data.get("feeds", [])}
        self.items = {}
        for item in data.get("items", []):
            self.add_item(item)
        self.web = data.get("web", {})

    def add_item(self, item):
        guid = item.get("guid") or item.get("url") or str(item["id"])
        self.items[int(item["id"])] = {
            "id": int(item["id"]), "guid": guid, "guidHash": hashlib.md5(guid.encode()).hexdigest(), "url": item.get("url"),
            "title": item.get("title"), "author": item.get("author"), "pubDate": int(item.get("pubDate", time.time())),
            "updatedDate": None, "body": item.get("body", ""), "enclosureMime": None, "enclosureLink": None,
            "mediaThumbnail": None, "mediaDescription": None, "feedId": int(item["feedId"]),
            "unread": bool(item.get("unread", True)), "starred": bool(item.get("starred", False)), "rtl": False,
            "lastModified": microseconds(), "fingerprint": hashlib.md5(guid.encode() + b"f").hexdigest()}

    def next_id(self, table):
        return max(table, default=0) + 1

    def feed_json(self, feed):
        unread = sum(1 for i in self.items.values() if i["feedId"] == feed["id"] and i["unread"])
        return {"id": feed["id"], "url": feed["url"], "title": feed["title"], "faviconLink": feed.get("link", "") + "favicon.ico",
                "added": 1700000000, "nextUpdateTime": int(time.time()) + 3600, "folderId": feed.get("folderId"), "unreadCount": unread, "ordering": 0,
                "link": feed.get("link"), "pinned": False, "updateErrorCount": 0, "lastUpdateError": None, "items": []}

    def item_json(self, item):
        return dict(item, lastModified=item["lastModified"] // 1_000_000)


class Api:
    def __init__(self, store):
        self.store = store

    def handle(self, method, path, query, body):
        store = self.store
        level = path[len(LEVELS) + 1:].split("/")[0] if path.startswith(LEVELS + "/") else None
        if level not in ("v1-3", "v1-4") or level not in store.levels:
            raise Fail(404, "no such route")
        rest = path[len(LEVELS) + len(level) + 2:].strip("/").split("/")
        body = body or {}
        route = (method, "/".join("{id}" if part.isdigit() else part for part in rest))
        ident = next((int(part) for part in rest if part.isdigit()), None)
        if route == ("GET", "version"):
            return 200, {"version": "25.3.1"}
        if route == ("GET", "folders"):
            return 200, {"folders": [{"id": k, "name": n, "opened": True, "feeds": []} for k, n in store.folders.items()]}
        if route == ("POST", "folders"):
            fid = store.next_id(store.folders)
            store.folders[fid] = body.get("name", "")
            return 200, {"folders": [{"id": fid, "name": store.folders[fid], "opened": True, "feeds": []}]}
        if route[1] == "folders/{id}":
            if ident not in store.folders:
                raise Fail(404, "Folder not found")
            if method == "PUT":
                store.folders[ident] = body.get("name", store.folders[ident])
                return 200, []
            if method == "DELETE":
                # Its feeds and their items go with it (the database cascades).
                del store.folders[ident]
                gone = {f for f, feed in store.feeds.items() if feed.get("folderId") == ident}
                store.feeds = {f: feed for f, feed in store.feeds.items() if f not in gone}
                store.items = {k: i for k, i in store.items.items() if i["feedId"] not in gone}
                return 200, []
        if route == ("GET", "feeds"):
            answer = {"feeds": [store.feed_json(f) for f in sorted(store.feeds.values(), key=lambda f: f["title"].lower())],
                      "starredCount": sum(1 for i in store.items.values() if i["starred"])}
            if store.items:
                answer["newestItemId"] = max(store.items)
            return 200, answer
        if route == ("POST", "feeds"):
            return self.create_feed(body)
        if route[1].startswith("feeds/{id}"):
            feed = store.feeds.get(ident)
            if route[0] == "PUT":
                raise Fail(405, "no route for PUT in v1-3")
            if feed is None:
                raise Fail(404, "Feed not found")
            if route == ("DELETE", "feeds/{id}"):
                del store.feeds[ident]
                store.items = {k: i for k, i in store.items.items() if i["feedId"] != ident}
                return 200, []
            if route == ("POST", "feeds/{id}/move"):
                feed["folderId"] = body.get("folderId") or None
                return 200, []
            if route == ("POST", "feeds/{id}/rename"):
                feed["title"] = body.get("feedTitle", feed["title"])
                return 200, []
        if route == ("GET", "items"):
            return 200, self.items(query, paging="offset" if level == "v1-3" else "offsetId")
        if route == ("GET", "items/updated"):
            since = int(query.get("lastModified", ["0"])[-1])
            since = since * 1_000_000 if len(str(since)) <= 10 else since
            found = [i for i in self.typed(query) if i["lastModified"] >= since]
            return 200, {"items": [store.item_json(i) for i in sorted(found, key=lambda i: -i["id"])]}
        if method == "POST" and len(rest) == 3 and rest[0] == "items" and rest[2] == "multiple":
            key, value = {"read": ("unread", False), "unread": ("unread", True), "star": ("starred", True), "unstar": ("starred", False)}[rest[1]]
            for item_id in body.get("itemIds", []):
                item = store.items.get(item_id)
                if item is not None:
                    item[key] = value
                    item["lastModified"] = microseconds()
            return 200, None
        if method == "PUT" and rest[:1] == ["items"]:
            raise Fail(405, "no route for PUT in v1-3")
        raise Fail(404, "no such route")

    def typed(self, query):
        store = self.store
        kind, ident = int(query.get("type", ["3"])[-1]), int(query.get("id", ["0"])[-1])
        found = list(store.items.values())
        if kind == 0:
            found = [i for i in found if i["feedId"] == ident]
        elif kind == 1:
            found = [i for i in found if store.feeds.get(i["feedId"], {}).get("folderId") == ident]
        elif kind == 2:
            found = [i for i in found if i["starred"]]
        return [i for i in found if i["feedId"] in store.feeds]

    def items(self, query, paging):
        get_read = query.get("getRead", ["true"])[-1] == "true"
        if query.get("type", ["3"])[-1] == "2" and not get_read:
            return {"message": "Setting getRead on an already filtered list is not allowed!"}
        found = [i for i in self.typed(query) if get_read or i["unread"]]
        oldest_first = query.get("oldestFirst", ["false"])[-1] == "true"
        offset = int(query.get(paging, ["0"])[-1])
        if offset:
            found = [i for i in found if (i["id"] > offset if oldest_first else i["id"] < offset)]
        found.sort(key=lambda i: i["id"], reverse=not oldest_first)
        size = int(query.get("batchSize", ["-1"])[-1])
        return {"items": [self.store.item_json(i) for i in (found[:size] if size > 0 else found)]}

    def create_feed(self, body):
        store = self.store
        url = body.get("url", "")
        if any(f["url"] == url for f in store.feeds.values()):
            raise Fail(409, "Feed with this URL exists")
        page = store.web.get(url)
        if page is not None and "links_to" in page:
            url, page = page["links_to"], store.web.get(page["links_to"])
        if page is None or "items" not in page:
            raise Fail(404, "Could not find a feed at " + body.get("url", ""))
        fid = store.next_id(store.feeds)
        store.feeds[fid] = {"id": fid, "title": page["title"], "url": url, "link": url.rsplit("/", 1)[0] + "/",
                            "folderId": body.get("folderId") or None}
        for item in page["items"]:
            store.add_item(dict(item, id=store.next_id(store.items), feedId=fid))
        return 200, {"feeds": [store.feed_json(store.feeds[fid])], "newestItemId": max(store.items)}


class Handler(ApiHandler):
    def authorized(self):
        if self.path.split("?")[0].rstrip("/") == LEVELS:
            return True
        credentials = basic_credentials(self.headers)
        return credentials is not None and credentials[0] == USER and credentials[1] in PASSWORDS

    def unauthorized(self):
        return 401, {"message": "CORS requires basic auth"}, {}

    def error(self, message):
        return {"message": message}

    def answer(self, method, path, query, body):
        if path.rstrip("/") == LEVELS:
            return 200, {"apiLevels": self.state.levels}
        return self.api.handle(method, path, query, body)

    def control(self, name, data):
        store = self.state
        if name == "items":
            for item in data["items"]:
                store.add_item(item)
        elif name == "change":
            item = store.items[int(data["id"])]
            for key in ("unread", "starred"):
                if key in data:
                    item[key] = data[key]
            item["lastModified"] = microseconds()
        elif name == "state":
            return 200, {"items": {str(k): {"unread": i["unread"], "starred": i["starred"], "feedId": i["feedId"]}
                                   for k, i in store.items.items()},
                         "feeds": [dict(f) for f in store.feeds.values()],
                         "folders": [{"id": k, "name": n} for k, n in store.folders.items()]}
        else:
            return None
        return 200, {"ok": True}


if __name__ == "__main__":
    run(Handler, Store(), Api)
