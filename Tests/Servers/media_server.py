#!/usr/bin/env python3
"""Episodes on loopback for Lectern's playback tests (stdlib, and gst-launch-1.0 from
gstreamer1.0-tools to make the media: nothing is stored in the tree).

Prints its port on the first stdout line once the media are made, and exits when stdin closes.
With a folder as argument (`media_server.py DIR`, `make bench`), its files are served too, at
/files/NAME.
Media are answered with Range support (206), as podcast hosts do.
  /tone.opus     4 s of a 440 Hz tone, Ogg/Opus
  /tone.mp3      4 s of a 440 Hz tone, MP3
  /long.opus     40 s of a tone, Ogg/Opus (seeking and resuming)
  /gone.mp3      404
  /locked.mp3    403
  /page.mp3      an HTML page sent as audio/mpeg (a file that is not media)
  /long.mp3      /long.opus as MP3
  /stall.mp3     the first request 4 KB of /long.mp3, the others none; then nothing, forever (a server that stalls)
  /artwork.png   the show's artwork: 64×64, purple (#6a3cc8) with a yellow (#f0c020) square in its middle
  /podcast.xml   an RSS podcast (its itunes:image /artwork.png), season 1: "A short tone" (/tone.mp3, episode 3), "A long tone" (/long.opus,
                 episode 2, with chapters), "A lost episode" (/gone.mp3, episode 1), with their itunes:duration
  /chapters.json the long tone's chapters: Opening (0 s), The middle (10 s), Closing (25 s), and one left
                 out of the table of contents
  /endless.mp3   /long.mp3 over and over, without a length, forever (a stream that never ends)
  /clip.webm     4 s of a 320×240 test picture (VP8) with a tone (Opus), WebM
  /h265.mkv      2 s of H.265 video, which no installed decoder plays (Matroska, written by matroska.py)
  /h265-tone.mkv the same beside a tone that plays (raw PCM)
  /video.xml     an RSS feed of videos: "A test picture" (/clip.webm), "Pictures nobody decodes" (/h265-tone.mkv),
                 and "A tone in the text", whose text holds <audio src=/tone.opus title="The tone">
  /_hits?path=P  how many requests P has had
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import zlib
from urllib.parse import urlsplit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from loopback import Hits, VerbHandler, serve  # noqa: E402
import matroska  # noqa: E402

HITS = Hits()
MEDIA = {}


def make(name, seconds, encoder, muxer):
    """`seconds` of a tone through gst-launch-1.0, as bytes."""
    path = os.path.join(WORK, name)
    buffers = int(seconds * 48000 / 1024)
    subprocess.run(["gst-launch-1.0", "-q", "audiotestsrc", f"num-buffers={buffers}", "samplesperbuffer=1024",
                    "!", "audio/x-raw,rate=48000,channels=1", "!", "audioconvert", "!", *encoder,
                    *(["!", muxer] if muxer else []), "!", "filesink", f"location={path}"],
                   check=True, stdout=subprocess.DEVNULL)
    with open(path, "rb") as file:
        return file.read()


def clip(name, seconds):
    """`seconds` of GStreamer's test picture (VP8) and a tone (Opus) in WebM, as bytes."""
    path = os.path.join(WORK, name)
    subprocess.run(["gst-launch-1.0", "-q", "videotestsrc", f"num-buffers={seconds * 25}", "!",
                    "video/x-raw,width=320,height=240,framerate=25/1", "!", "vp8enc", "deadline=1", "!", "webmmux", "name=mux",
                    "!", "filesink", f"location={path}", "audiotestsrc", f"num-buffers={seconds * 48000 // 1024}",
                    "samplesperbuffer=1024", "!", "audio/x-raw,rate=48000,channels=1", "!", "opusenc", "!", "mux."],
                   check=True, stdout=subprocess.DEVNULL)
    with open(path, "rb") as file:
        return file.read()


KINDS = {".opus": "audio/ogg", ".mp3": "audio/mpeg", ".webm": "video/webm", ".mkv": "video/x-matroska"}


def artwork():
    """The show's picture as a PNG, written byte by byte."""
    def chunk(kind, data):
        return len(data).to_bytes(4, "big") + kind + data + (zlib.crc32(kind + data) & 0xffffffff).to_bytes(4, "big")
    rows = b"".join(b"\x00" + b"".join(bytes((0xf0, 0xc0, 0x20) if 16 <= x < 48 and 16 <= y < 48 else (0x6a, 0x3c, 0xc8))
                                         for x in range(64)) for y in range(64))
    header = (64).to_bytes(4, "big") * 2 + bytes((8, 2, 0, 0, 0))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def podcast(site):
    """The feed of the episodes above."""
    items = [("A short tone", "tone.mp3", "audio/mpeg", "0:04", 2), ("A long tone", "long.opus", "audio/ogg", "0:40", 1),
             ("A lost episode", "gone.mp3", "audio/mpeg", "12:00", 0)]
    entries = "".join(f"""<item><title>{title}</title><guid>{site}/{name}</guid><link>{site}/{name}.html</link>
<pubDate>0{day + 1} Dec 2026 08:00:00 GMT</pubDate><description>Episode: {title}.</description>
<enclosure url="{site}/{name}" type="{kind}" length="{len(MEDIA.get('/' + name, b''))}"/>
<itunes:duration>{duration}</itunes:duration><itunes:season>1</itunes:season><itunes:episode>{day + 1}</itunes:episode>
{'<podcast:chapters url="' + site + '/chapters.json" type="application/json+chapters"/>' if name == 'long.opus' else ''}</item>"""
                      for title, name, kind, duration, day in items)
    return (f"""<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel>
<title>Tones Weekly</title><link>{site}/</link><description>Short tones, weekly.</description>
<itunes:image href="{site}/artwork.png"/>{entries}
</channel></rss>""").encode()


def videos(site):
    """The feed of the videos above."""
    items = [("A test picture", "clip.webm", "video/webm", 1), ("Pictures nobody decodes", "h265-tone.mkv", "video/x-matroska", 0)]
    entries = "".join(f"""<item><title>{title}</title><guid>{site}/{name}</guid><link>{site}/{name}.html</link>
<pubDate>0{day + 1} Dec 2026 08:00:00 GMT</pubDate><description>A video: {title}.</description>
<enclosure url="{site}/{name}" type="{kind}" length="{len(MEDIA['/' + name])}"/></item>""" for title, name, kind, day in items)
    entries += f"""<item><title>A tone in the text</title><guid>{site}/text-tone</guid><link>{site}/text-tone.html</link>
<pubDate>03 Dec 2026 08:00:00 GMT</pubDate><description><![CDATA[<p>Hear it below.</p>
<audio controls src="{site}/tone.opus" title="The tone"></audio>]]></description></item>"""
    return (f"""<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>Test Pictures</title><link>{site}/</link><description>Videos.</description>{entries}
</channel></rss>""").encode()


class Handler(VerbHandler):
    def dispatch(self, method):
        url = urlsplit(self.path)
        counted = HITS.answer(url)
        if counted is not None:
            return self.send(200, counted, "text/plain")
        if url.path == "/podcast.xml":
            return self.send(200, podcast(f"http://127.0.0.1:{self.server.server_address[1]}"), "application/rss+xml")
        if url.path == "/artwork.png":
            return self.send(200, artwork(), "image/png")
        if url.path == "/video.xml":
            return self.send(200, videos(f"http://127.0.0.1:{self.server.server_address[1]}"), "application/rss+xml")
        if url.path == "/chapters.json":
            return self.send(200, json.dumps({"version": "1.2.0", "chapters": [
                {"startTime": 0, "title": "Opening"}, {"startTime": 10, "title": "The middle"},
                {"startTime": 18, "title": "A sponsor", "toc": False}, {"startTime": 25, "title": "Closing"}]}).encode(),
                "application/json+chapters")
        if url.path == "/gone.mp3":
            return self.send(404, b"<h1>Not Found</h1>", "text/html")
        if url.path == "/locked.mp3":
            return self.send(403, b"<h1>Forbidden</h1>", "text/html")
        if url.path == "/page.mp3":
            return self.send(200, b"<!doctype html><html><body><p>" + b"Not an episode. " * 400 + b"</p></body></html>",
                             "audio/mpeg")
        if url.path == "/endless.mp3":
            self.send_response(200)
            self.send_header("Content-Type", "audio/mpeg")
            self.end_headers()
            try:
                while True:
                    self.wfile.write(MEDIA["/long.mp3"])
                    time.sleep(1)
            except (BrokenPipeError, ConnectionResetError):
                return
        if url.path == "/stall.mp3":
            body = MEDIA["/long.mp3"]
            start = int((re.fullmatch(r"bytes=(\d+)-\d*", self.headers.get("Range", "")) or [0, "0"])[1])
            self.send_response(206 if start else 200)
            self.send_header("Content-Type", "audio/mpeg")
            self.send_header("Content-Length", str(len(body) - start))
            self.send_header("Accept-Ranges", "bytes")
            if start:
                self.send_header("Content-Range", f"bytes {start}-{len(body) - 1}/{len(body)}")
            self.end_headers()
            first = HITS[url.path] == 1
            if first:
                self.wfile.write(body[start:start + 4096])
            self.wfile.flush()
            while True:
                time.sleep(60)
        body = MEDIA.get(url.path)
        if body is None and FILES and url.path.startswith("/files/"):
            path = os.path.join(FILES, os.path.basename(url.path))
            if os.path.isfile(path):
                with open(path, "rb") as file:
                    body = file.read()
        if body is None:
            return self.send(404, b"no such episode", "text/plain")
        kind = KINDS.get(os.path.splitext(url.path)[1], "audio/mpeg")
        match = re.fullmatch(r"bytes=(\d+)-(\d*)", self.headers.get("Range", ""))
        if match:
            start = int(match.group(1))
            end = int(match.group(2)) if match.group(2) else len(body) - 1
            if start >= len(body):
                self.send_response(416)
                self.send_header("Content-Range", f"bytes */{len(body)}")
                self.send_header("Content-Length", "0")
                return self.end_headers()
            end = min(end, len(body) - 1)
            return self.send(206, body[start:end + 1], kind, {"Content-Range": f"bytes {start}-{end}/{len(body)}"},
                             head=method == "HEAD")
        self.send(200, body, kind, head=method == "HEAD")

    def do_HEAD(self):
        self.dispatch("HEAD")

    def send(self, status, body, kind, headers=None, head=False):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Accept-Ranges", "bytes")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if not head:
            try:
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass


FILES = sys.argv[1] if len(sys.argv) > 1 else None
with tempfile.TemporaryDirectory(prefix="lectern-media-") as WORK:
    MEDIA["/tone.opus"] = make("tone.opus", 4, ["opusenc"], "oggmux")
    MEDIA["/tone.mp3"] = make("tone.mp3", 4, ["lamemp3enc"], None)
    MEDIA["/long.opus"] = make("long.opus", 40, ["opusenc"], "oggmux")
    MEDIA["/long.mp3"] = make("long.mp3", 40, ["lamemp3enc"], None)
    MEDIA["/clip.webm"] = clip("clip.webm", 4)
    MEDIA["/h265.mkv"] = matroska.video("V_MPEGH/ISO/HEVC", 2, with_sound=False)
    MEDIA["/h265-tone.mkv"] = matroska.video("V_MPEGH/ISO/HEVC", 2, with_sound=True)
    serve(Handler)
