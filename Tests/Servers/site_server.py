#!/usr/bin/env python3
"""A tiny web site on loopback for Lectern's app tests (stdlib only).

Prints its port on the first stdout line and exits when stdin closes.
  /feed.xml     an RSS feed whose <link> is this site
  /favicon.ico  a 16x16 PNG, solid colour
  /xxe.xml      a feed declaring external entities on this site (/secret, /evil.dtd): a
                reader must never fetch them
  /slow/N.xml   feed N, ten articles, sent after 1.5 s (a refresh that takes a while)
  /_hits?path=P how many requests P has had
"""
import struct
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

HITS = {}
LOCK = threading.Lock()


def png(width, height, rgb):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    row = b"\x00" + bytes(rgb) * width
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        port = self.server.server_address[1]
        url = urlsplit(self.path)
        if url.path == "/_hits":
            asked = parse_qs(url.query).get("path", [""])[0]
            with LOCK:
                return self.send(200, str(HITS.get(asked, 0)).encode(), "text/plain")
        with LOCK:
            HITS[url.path] = HITS.get(url.path, 0) + 1
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


# socketserver listens with a backlog of 5: when the parallel suite opens more connections at
# once, the kernel drops the extra SYNs and the client retries after 1, 3, 7, 15 s — requests
# that seemed to start many seconds late.
ThreadingHTTPServer.request_queue_size = 128
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
sys.stdin.read()
