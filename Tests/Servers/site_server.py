#!/usr/bin/env python3
"""A tiny web site on loopback for Lectern's app tests (stdlib only).

Prints its port on the first stdout line and exits when stdin closes.
  /feed.xml     an RSS feed whose <link> is this site
  /favicon.ico  a 16x16 PNG, solid colour
  /xxe.xml      a feed declaring external entities on this site (/secret, /evil.dtd): a
                reader must never fetch them
  /slow/N.xml   feed N, ten articles, sent after 1.5 s (a refresh that takes a while)
  /summaries.xml a summary-only feed: "The last funicular" (newest) links to /articles/funicular,
                "A page that is gone" to /articles/missing (404)
  /articles/funicular the whole article: four paragraphs and a 1200x600 photo (/photo.png, #3070c0)
  /showcase.xml  one article as full articles come: a 120x60 picture (/small.png, #30c070), a 1200x600
                photo in a figure, a table, a YouTube frame, a quote, code and a list (the reader's
                screenshot test)
  /slow-icon/N.png a 16x16 PNG sent after 0.3 s; /_hits?path=/slow-icon/most says how many were
                being sent at once, at most
  /_hits?path=P how many requests P has had
"""
import threading
import time
from http.server import BaseHTTPRequestHandler
from urllib.parse import urlsplit

from loopback import Hits, png, serve

HITS = Hits()
SENDING_ICONS = {"now": 0}
SENDING_LOCK = threading.Lock()
SHOWCASE = """<p><img src="{site}/small.png" width="120" height="60" alt="A small green picture"></p>
<figure><img src="{site}/photo.png" width="1200" height="600" alt="A blue photograph">
<figcaption>The photograph, at half the column's width in height.</figcaption></figure>
<table><tr><th>Line</th><th>Opened</th></tr><tr><td>Funicular</td><td>1911</td></tr><tr><td>Tram</td><td>1924</td></tr></table>
<iframe src="https://www.youtube.com/embed/xyz" title="The funicular at dawn"></iframe>
<blockquote><p>Patience is the whole secret.</p></blockquote>
<pre><code>let cabin = Cabin(year: 1911)</code></pre>
<ul><li>Bakers</li><li>Students</li></ul>"""
ARTICLE = b"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>The last funicular | Harbour Notes</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About</a></nav>
<article><h1>The last funicular</h1>
<p>Every morning at seven the old funicular creaks up the hill, carrying bakers, students and the odd tourist
past walls painted in every colour the port could find. Its cabin was built in 1911 and still runs on the same rails.</p>
<figure><img src="/photo.png" width="1200" height="600" alt="The cabin halfway up the hill">
<figcaption>The cabin halfway up the hill.</figcaption></figure>
<p>The engineers who keep it running say the secret is patience: cables are greased by hand, and the brakes
are checked twice a day by someone who has done the job for thirty years and intends to do it for ten more.</p>
<p>When the city proposed replacing it with an escalator, the neighbours collected four thousand signatures in a week.
The funicular stayed, and so did the queue of people who would rather wait than walk.</p></article>
<footer><a href="/privacy">Privacy</a></footer></body></html>"""


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        port = self.server.server_address[1]
        url = urlsplit(self.path)
        counted = HITS.answer(url)
        if counted is not None:
            return self.send(200, counted, "text/plain")
        if self.path == "/xxe.xml":
            body = (f"<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY secret SYSTEM \"http://127.0.0.1:{port}/secret\">"
                    f"<!ENTITY % remote SYSTEM \"http://127.0.0.1:{port}/evil.dtd\"> %remote;]>"
                    f"<rss version=\"2.0\"><channel><title>Entity Site</title><link>http://127.0.0.1:{port}/</link>"
                    f"<item><title>Leak: &secret;</title><guid>leak</guid></item></channel></rss>").encode()
            return self.send(200, body, "application/rss+xml")
        if url.path.startswith("/slow/"):
            number = url.path.rsplit("/", 1)[1].split(".")[0]
            time.sleep(1.5)
            items = "".join(f"<item><title>Slow {number}.{i}</title><guid>slow-{number}-{i}</guid></item>" for i in range(10))
            body = f"<rss version=\"2.0\"><channel><title>Slow {number}</title>{items}</channel></rss>".encode()
            return self.send(200, body, "application/rss+xml")
        if self.path == "/feed.xml":
            body = (f"<rss version=\"2.0\"><channel><title>Icon Site</title><link>http://127.0.0.1:{port}/</link>"
                    f"<item><title>Hello</title><guid>hello</guid><link>http://127.0.0.1:{port}/hello</link></item>"
                    f"</channel></rss>").encode()
            return self.send(200, body, "application/rss+xml")
        if self.path == "/showcase.xml":
            content = SHOWCASE.format(site=f"http://127.0.0.1:{port}").replace("&", "&amp;").replace("<", "&lt;")
            body = (f"<rss version=\"2.0\"><channel><title>Showcase</title><item><title>A whole article</title>"
                    f"<guid>showcase</guid><description>{content}</description></item></channel></rss>").encode()
            return self.send(200, body, "application/rss+xml")
        if self.path == "/summaries.xml":
            site = f"http://127.0.0.1:{port}"
            body = (f"<rss version=\"2.0\"><channel><title>Harbour Notes</title><link>{site}/</link>"
                    f"<item><title>The last funicular</title><guid>funicular</guid><link>{site}/articles/funicular</link>"
                    f"<description>A short summary of the funicular.</description>"
                    f"<pubDate>Tue, 02 Jan 2024 10:00:00 GMT</pubDate></item>"
                    f"<item><title>A page that is gone</title><guid>missing</guid><link>{site}/articles/missing</link>"
                    f"<description>Its page answers 404.</description>"
                    f"<pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate></item></channel></rss>").encode()
            return self.send(200, body, "application/rss+xml")
        if self.path == "/articles/funicular":
            return self.send(200, ARTICLE, "text/html; charset=utf-8")
        if self.path == "/small.png":
            return self.send(200, png(120, 60, (0x30, 0xC0, 0x70)), "image/png")
        if self.path == "/photo.png":
            return self.send(200, png(1200, 600, (0x30, 0x70, 0xC0)), "image/png")
        if url.path.startswith("/slow-icon/"):
            with SENDING_LOCK:
                SENDING_ICONS["now"] += 1
                HITS.counts["/slow-icon/most"] = max(HITS.counts.get("/slow-icon/most", 0), SENDING_ICONS["now"])
            time.sleep(0.3)
            with SENDING_LOCK:
                SENDING_ICONS["now"] -= 1
            return self.send(200, png(16, 16, (0xC0, 0x30, 0x60)), "image/png")
        if self.path == "/favicon.ico":
            return self.send(200, png(16, 16, (0xC0, 0x30, 0x60)), "image/png")
        self.send(404, b"not here", "text/plain")

    def send(self, status, body, kind):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


serve(Handler)
