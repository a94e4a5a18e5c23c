#!/usr/bin/env python3
"""Loopback HTTP server for LibraryTests (stdlib only).

Started by the tests on port 0; prints the chosen port on the first stdout line and
exits when its stdin closes (so it never outlives the test process).

Routes (all bodies are hand-made fixtures):
  /feed.xml /atom.xml /feed /rss.xml   feeds with ETag + Last-Modified; 304 on a match
  /moved /moved308 -> 301/308 to /moved-target.xml
  /temp /temp307   -> 302/307 to /temp-target.xml
  /gone 410 | /busy 429 Retry-After: 120 | /unavailable 503 Retry-After: <HTTP date +1h>
  /error 500 | /gzip.xml gzip-encoded feed | /slow.xml answers after 3 s
  /stalled.xml answers after 600 s (for cancelling a refresh that would otherwise finish)
  /huge.xml 3 MB with Content-Length | /huge-stream.xml 3 MB without one
  /loop/a <-> /loop/b 302 loop | /page.html two alternates | /single.html one alternate
  /plain.html no alternates (discovery falls back to common paths) | /text.txt not a feed
  /ua.xml a feed titled with the request's User-Agent
  /summaries.xml a summary-only feed whose items link to /articles/<guid>:
    /articles/funicular a whole article page (its last line names the request's User-Agent)
    /articles/menu a page of links | /articles/paper a PDF | /articles/missing 404
  /bench/N.xml synthetic feed N (20 items) with validators
  /news/NAME.xml a feed titled NAME with the items published to it so far (none at first)
  /_publish?feed=NAME&title=T adds an item titled T to /news/NAME.xml (answers its item count)
  /_hits?path=P requests of P | /_hits?prefix=P requests of paths starting with P
Hostile:
  /redirect-forever/N -> 302 to /redirect-forever/N+1, never ending, never repeating
  /trickle.xml a feed sent one byte a second | /hundred-mb.xml 100 MB without a length
  /hundred-mb-declared.xml the same with Content-Length
"""
import gzip
import sys
import threading
import time
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

LAST_MODIFIED = "Mon, 01 Jan 2024 00:00:00 GMT"
HITS = {}
NEWS = {}
LOCK = threading.Lock()


def rss(title, items, link="http://example.org/"):
    body = "".join(
        f"<item><guid>{guid}</guid><title>{t}</title><link>{link}{guid}</link>"
        f"<description>&lt;p&gt;About {t}&lt;/p&gt;</description>"
        f"<pubDate>Mon, 01 Jan 2024 0{i % 10}:00:00 GMT</pubDate></item>"
        for i, (guid, t) in enumerate(items))
    return (f'<?xml version="1.0"?><rss version="2.0"><channel><title>{title}</title>'
            f"<link>{link}</link>{body}</channel></rss>").encode()


ATOM = b"""<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Atom Fixture</title><id>urn:atom</id>
<link href="http://example.org/atom"/><updated>2024-01-01T00:00:00Z</updated>
<entry><id>urn:atom:1</id><title>Atom entry</title><updated>2024-01-01T00:00:00Z</updated>
<content type="html">&lt;p&gt;Swift &lt;b&gt;everywhere&lt;/b&gt;&lt;/p&gt;</content></entry></feed>"""

FEEDS = {
    "/feed.xml": rss("Fixture Feed", [("a1", "First post"), ("a2", "Second post")]),
    "/feed": rss("Root Feed", [("r1", "Root post")]),
    "/rss.xml": rss("Root RSS", [("s1", "RSS post")]),
    "/atom.xml": ATOM,
    "/moved-target.xml": rss("Moved Feed", [("m1", "Moved post")]),
    "/temp-target.xml": rss("Temporary Feed", [("t1", "Temp post")]),
}

PAGE = b"""<!DOCTYPE html><html><head><title>Blog</title>
<LINK rel="stylesheet" href="/style.css">
<link rel="alternate" type="application/rss+xml" title="Posts (RSS)" href="feed.xml">
<link type='application/atom+xml' rel='Alternate home' title='Posts &amp; more (Atom)' href='/atom.xml'>
<link rel=alternate type=application/rss+xml href=feed.xml>
</head><body><a href="/feed.xml">feed</a></body></html>"""

SINGLE = b"""<html><head><link rel="alternate" type="application/atom+xml" href="/atom.xml"></head></html>"""
ARTICLE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>The last funicular of Valparaiso | Harbour Notes</title></head>
<body><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About</a></nav>
<article><h1>The last funicular of Valparaiso</h1><p class="byline">By Ana Quiroga</p>
<p>Every morning at seven the old funicular creaks up the hill, carrying bakers, students and the odd tourist
past walls painted in every colour the port could find. Its cabin was built in 1911 and still runs on the same rails.</p>
<p>The engineers who keep it running say the secret is patience: cables are greased by hand, and the brakes
are checked twice a day by someone who has done the job for thirty years and intends to do it for ten more.</p>
<p>When the city proposed replacing it with an escalator, the neighbours collected four thousand signatures in a week.
The funicular stayed, and so did the queue of people who would rather wait than walk.</p>
<p>This copy of the page was asked for by {agent}.</p></article>
<footer><a href="/privacy">Privacy</a></footer></body></html>"""
MENU = ("<html><head><title>Sections</title></head><body><ul>"
        + "".join(f'<li><a href="/section/{n}">Section number {n} of the site</a></li>' for n in range(40))
        + "</ul></body></html>").encode()
PLAIN = b"""<html><head><title>No links here</title></head><body>Hello</body></html>"""
REDIRECTS = {"/moved": (301, "/moved-target.xml"), "/moved308": (308, "/moved-target.xml"),
             "/temp": (302, "/temp-target.xml"), "/temp307": (307, "/temp-target.xml"),
             "/loop/a": (302, "/loop/b"), "/loop/b": (302, "/loop/a")}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body in one write, and no Nagle: otherwise every 200 stalls ~40 ms
    # on delayed ACKs and the refresh benchmark measures the fixture server.
    disable_nagle_algorithm = True
    wbufsize = 1 << 16

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", headers=None):
        self.send_response(status)
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        if "Content-Length" not in (headers or {}) and status != 304:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body and self.command != "HEAD":
            self.wfile.write(body)

    def feed(self, body, etag, content_type="application/rss+xml"):
        if self.headers.get("If-None-Match") == etag or (
                self.headers.get("If-None-Match") is None and self.headers.get("If-Modified-Since") == LAST_MODIFIED):
            return self.send(304, headers={"ETag": etag})
        self.send(200, body, {"Content-Type": content_type, "ETag": etag, "Last-Modified": LAST_MODIFIED})

    def do_GET(self):
        url = urlsplit(self.path)
        path = url.path
        with LOCK:
            HITS[path] = HITS.get(path, 0) + 1
        if path == "/_hits":
            query = parse_qs(url.query)
            if "prefix" in query:
                with LOCK:
                    count = sum(n for p, n in HITS.items() if p.startswith(query["prefix"][0]))
                return self.send(200, str(count).encode())
            return self.send(200, str(HITS.get(query.get("path", [""])[0], 0)).encode())
        if path == "/_publish":
            query = parse_qs(url.query)
            with LOCK:
                items = NEWS.setdefault(query["feed"][0], [])
                items.append(query["title"][0])
                count = len(items)
            return self.send(200, str(count).encode())
        if path.startswith("/news/") and path.endswith(".xml"):
            name = path[len("/news/"):-len(".xml")]
            with LOCK:
                titles = list(NEWS.get(name, []))
            items = [(f"{name}-{i}", title) for i, title in enumerate(titles)]
            return self.send(200, rss(name, items, f"http://news.example/{name}/"), {"Content-Type": "application/rss+xml"})
        if path in FEEDS:
            kind = "application/atom+xml" if path == "/atom.xml" else "application/rss+xml"
            return self.feed(FEEDS[path], f'"{path}-v1"', kind)
        if path in REDIRECTS:
            status, target = REDIRECTS[path]
            return self.send(status, headers={"Location": target})
        if path == "/ua.xml":
            agent = self.headers.get("User-Agent", "").replace("&", "&amp;").replace("<", "&lt;")
            return self.send(200, rss(agent, [("u1", "UA")]), {"Content-Type": "application/rss+xml"})
        if path == "/gone":
            return self.send(410, b"gone")
        if path == "/busy":
            return self.send(429, b"slow down", {"Retry-After": "120"})
        if path == "/unavailable":
            return self.send(503, b"later", {"Retry-After": formatdate(time.time() + 3600, usegmt=True)})
        if path == "/error":
            return self.send(500, b"oops")
        if path == "/gzip.xml":
            body = gzip.compress(rss("Gzipped Feed", [("g1", "Compressed post")]))
            return self.send(200, body, {"Content-Type": "application/rss+xml", "Content-Encoding": "gzip"})
        if path == "/summaries.xml":
            items = [("funicular", "The last funicular"), ("menu", "Sections"), ("paper", "A paper"), ("missing", "Gone")]
            body = rss("Summaries", items, link=f"http://127.0.0.1:{self.server.server_address[1]}/articles/")
            return self.send(200, body, {"Content-Type": "application/rss+xml"})
        if path == "/articles/funicular":
            body = ARTICLE.format(agent=self.headers.get("User-Agent", "")).encode()
            return self.send(200, body, {"Content-Type": "text/html; charset=utf-8"})
        if path == "/articles/menu":
            return self.send(200, MENU, {"Content-Type": "text/html"})
        if path == "/articles/paper":
            return self.send(200, b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\n", {"Content-Type": "application/pdf"})
        if path == "/articles/missing":
            return self.send(404, b"<html><body>Not here</body></html>", {"Content-Type": "text/html"})
        if path in ("/slow.xml", "/stalled.xml"):
            time.sleep(3 if path == "/slow.xml" else 600)
            return self.send(200, FEEDS["/feed.xml"], {"Content-Type": "application/rss+xml"})
        if path in ("/huge.xml", "/huge-stream.xml"):
            return self.huge(path == "/huge.xml")
        if path.startswith("/redirect-forever/"):
            step = int(path.rsplit("/", 1)[1] or 0)
            return self.send(302, headers={"Location": f"/redirect-forever/{step + 1}"})
        if path == "/trickle.xml":
            return self.trickle(FEEDS["/feed.xml"])
        if path in ("/hundred-mb.xml", "/hundred-mb-declared.xml"):
            return self.huge(path == "/hundred-mb-declared.xml", megabytes=100)
        if path == "/page.html":
            return self.send(200, PAGE, {"Content-Type": "text/html; charset=utf-8"})
        if path == "/single.html":
            return self.send(200, SINGLE, {"Content-Type": "text/html"})
        if path == "/plain.html":
            return self.send(200, PLAIN, {"Content-Type": "text/html"})
        if path == "/text.txt":
            return self.send(200, b"just text", {"Content-Type": "text/plain"})
        if path.startswith("/bench/") and path.endswith(".xml"):
            number = path[len("/bench/"):-len(".xml")]
            items = [(f"b{number}-{i}", f"Bench {number} item {i}") for i in range(20)]
            return self.feed(rss(f"Bench {number}", items, f"http://bench.example/{number}/"), f'"bench-{number}"')
        self.send(404, b"not found")

    def trickle(self, body):
        self.send_response(200)
        self.send_header("Content-Type", "application/rss+xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            for index in range(len(body)):
                self.wfile.write(body[index:index + 1])
                self.wfile.flush()
                time.sleep(1)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def huge(self, with_length, megabytes=3):
        chunk = b"<!-- " + b"x" * 65536 + b" -->\n"
        count = megabytes * 1024 * 1024 // len(chunk) + 1
        self.send_response(200)
        self.send_header("Content-Type", "application/rss+xml")
        if with_length:
            self.send_header("Content-Length", str(len(chunk) * count))
        else:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        try:
            for _ in range(count):
                self.wfile.write(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass


def main():
    # socketserver listens with a backlog of 5: when the parallel suite opens more connections at
    # once, the kernel drops the extra SYNs and the client retries after 1, 3, 7, 15 s — requests
    # that seemed to start many seconds late.
    ThreadingHTTPServer.request_queue_size = 128
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)

    def watch_stdin():
        sys.stdin.read()
        server.shutdown()

    threading.Thread(target=watch_stdin, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
