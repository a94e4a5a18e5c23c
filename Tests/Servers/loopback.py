"""What Tests/Servers/'s sites share: serving a handler on a loopback port until the test is done,
a handler base that sends every verb to one method, and solid-colour PNG pictures."""
import struct
import sys
import threading
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs


class VerbHandler(BaseHTTPRequestHandler):
    """A handler whose every verb goes to `dispatch(method)`, and that logs nothing."""

    def do_GET(self):
        self.dispatch("GET")

    def do_POST(self):
        self.dispatch("POST")

    def do_PUT(self):
        self.dispatch("PUT")

    def do_DELETE(self):
        self.dispatch("DELETE")

    def log_message(self, *args):
        pass


class Hits:
    """How many requests each path had, for the tests' `/_hits?path=P`."""

    def __init__(self):
        self.counts = {}
        self.lock = threading.Lock()

    def answer(self, url):
        """The count asked for when `url` (a urlsplit) is `/_hits`; otherwise counts the request and
        returns None."""
        with self.lock:
            if url.path == "/_hits":
                return str(self.counts.get(parse_qs(url.query).get("path", [""])[0], 0)).encode()
            self.counts[url.path] = self.counts.get(url.path, 0) + 1
            return None

    def __getitem__(self, path):
        with self.lock:
            return self.counts.get(path, 0)


def serve(handler):
    """Serves `handler` on 127.0.0.1 at a free port, printed as stdout's first line, until stdin
    closes. The threads are daemons, so endless responses never hold up the exit."""
    # socketserver listens with a backlog of 5: when the parallel suite opens more connections at
    # once, the kernel drops the extra SYNs and the client retries after 1, 3, 7, 15 s — requests
    # that seemed to start many seconds late.
    ThreadingHTTPServer.request_queue_size = 128
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()


def png(width, height, rgb):
    """A width×height PNG of one RGB colour."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    row = b"\x00" + bytes(rgb) * width
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))
