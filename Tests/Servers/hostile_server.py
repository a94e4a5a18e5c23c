#!/usr/bin/python3
"""A hostile web site on loopback for Lectern's security tests: trust nothing from the web.

Stdlib only, plus Debian's python3-brotli (hence /usr/bin/python3). Prints its port on the first
stdout line and exits when stdin closes. KIND is feed, page, image, icon or json; SITE is
http://127.0.0.1:PORT. Every body is generated here; nothing is stored in the tree.
  /bomb/gzip/KIND     ~1.06 MB gzip on the wire (honest Content-Length), decodes to 1 GiB + the kind's prefix
  /bomb/deflate/KIND  the same as a zlib stream (HTTP "deflate"): ~1.06 MB, decodes to 1 GiB + prefix
  /bomb/br/KIND       the same in brotli (quality 0): 0.67-0.71 MB, decodes to 1 GiB + prefix
  /endless/KIND       chunked, no Content-Length: the prefix, then filler as fast as read, forever
  /trickle/KIND       chunked: the prefix at once, then one filler byte a second, forever
  /huge/png           69 B: valid IHDR (right CRC) of 100000x100000 RGB, a tiny IDAT
  /huge/jpeg          163 B: SOF0 of 65500x65500 (JPEG's maximum, not 100000), SOS, one MCU
  /huge/gif           37 B: GIF89a, logical screen and image 65535x65535 (GIF's maximum), 16 pixels
  /huge/webp          30 B: RIFF with only a VP8X chunk, canvas 100000x100000 (no image chunk)
  /huge/bmp           118 B: BITMAPINFOHEADER of 100000x100000 at 24 bits, 64 bytes of pixels
  /huge/ico           91 B: directory entry says 256x256, its PNG says 100000x100000
  /small/png|gif|jpeg a real, valid 40x30 image, solid #3090c0, 66-205 B (JPEG: baseline, by hand)
  /redirect/SCHEME    302 to another scheme: file, ftp, data, javascript, gopher, dict or scp (REDIRECTS)
  /feed-redirect/SCHEME  the same, as a feed address that leaves HTTP
  /page-with-local-feed.html?target=PATH  HTML whose only alternate feed is file://PATH (/etc/passwd)
  /page-with-two-feeds.html?target=PATH   alternates file://PATH, then SITE/good.xml
  /good.xml           a small valid RSS 2.0 feed: two items linking to SITE/article/good-N, no images
  /article/NAME       a small, harmless HTML article (what the feeds' http links point at)
  /opml-local.opml    OPML 2.0: file:///etc/passwd, file:///etc/shadow, ../../../../etc/passwd, SITE/good.xml
  /hostile.xml        RSS 2.0: channel image SITE/bomb/gzip/icon; items whose images are the bombs,
                      endless, trickling, huge and one good (/small/png) pictures, and items linking
                      to javascript:, data: and file: addresses (HOSTILE_ITEMS)
  /hostile-atom.xml   Atom: an entry with xml:base="file:///etc/", <link href="passwd"/> and relative
                      links in its content; an entry whose content links and shows file:///etc/passwd
  /favicon.ico        the gzip bomb of the icon kind (/bomb/gzip/icon)
  /tracker/start      sets a cookie and redirects (302) to /tracker/pixel
  /tracker/pixel      sets a cookie and answers /small/png's picture
  /_tracked           the Cookie and Referer headers the /tracker/ paths were sent, one per line
  /_hits?path=P       how many requests path P (exact, without query) has had
  /_hits?prefix=P     how many requests paths starting with P have had
Prefixes: feed <?xml version="1.0"?><rss version="2.0"><channel><title>Bomb</title> then spaces;
page <!doctype html><html><body><article><p> then "a"s; image a PNG signature, IHDR 64x64 RGB and an
IDAT declaring 2^31-1 bytes, then zeros; icon an ICO header, then zeros; json {"items":[ then spaces.
Bombs are built on first request and cached (a few ms each, ~1 MB each in memory): one compressed
1 MiB block is repeated 1024 times, and the gzip/zlib checksums are computed without inflating.
"""
import struct
import threading
import time
import zlib
from html import escape
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs, urlsplit

from loopback import serve

import brotli  # Debian: python3-brotli

BLOCK = 1 << 20
BLOCKS = 1024
HUGE = 100000
COLOUR = (0x30, 0x90, 0xC0)
REDIRECTS = {"file": "file:///etc/passwd", "ftp": "ftp://127.0.0.1:1/x.xml",
             "data": "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
             "javascript": "javascript:alert(1)", "gopher": "gopher://127.0.0.1:1/",
             "dict": "dict://127.0.0.1:1/", "scp": "scp://127.0.0.1/etc/passwd"}
# Title, link (None: an article on this site), image path on this site (None: no image).
HOSTILE_ITEMS = [
    ("Gzip-bombed image", None, "/bomb/gzip/image"), ("Brotli-bombed image", None, "/bomb/br/image"),
    ("Endless image", None, "/endless/image"), ("Trickling image", None, "/trickle/image"),
    ("Huge PNG", None, "/huge/png"), ("Huge JPEG", None, "/huge/jpeg"), ("Huge GIF", None, "/huge/gif"),
    ("Huge WebP", None, "/huge/webp"), ("Small picture", None, "/small/png"),
    ("JavaScript link", "javascript:alert(1)", None),
    ("Data link", "data:text/html,<script>alert(1)</script>", None),
    ("File link", "file:///etc/passwd", None)]
HITS = {}
TRACKED = []  # "Cookie: …" / "Referer: …" lines sent to /tracker/ paths
LOCK = threading.Lock()
BOMBS = {}
BOMB_LOCK = threading.Lock()


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width, height, rgb, tiny=False):
    """An RGB PNG of one colour; a `tiny` one has only 64 bytes of pixel data, whatever its size."""
    pixels = bytes(64) if tiny else (b"\x00" + bytes(rgb) * width) * height
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(pixels)) + chunk(b"IEND", b""))


def jpeg(width, height, rgb, mcus=None):
    """A baseline JPEG of one colour: quantisers of 1, each 8x8 block only its DC term."""
    r, g, b = rgb
    ycc = (0.299 * r + 0.587 * g + 0.114 * b, 128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
           128 + 0.5 * r - 0.418688 * g - 0.081312 * b)
    dcs = [round(8 * (value - 128)) for value in ycc]

    def segment(marker, body):
        return bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body
    dqt = segment(0xDB, b"\x00" + b"\x01" * 64)
    sof = segment(0xC0, struct.pack(">BHHB", 8, height, width, 3) + b"".join(bytes([c, 0x11, 0]) for c in (1, 2, 3)))
    # DC table 0: size categories 0-11, 4-bit codes. AC table 0: only end-of-block, code "00".
    dht = segment(0xC4, b"\x00" + bytes([0, 0, 0, 12] + [0] * 12) + bytes(range(12))
                  + b"\x10" + bytes([0, 1] + [0] * 14) + b"\x00")
    sos = segment(0xDA, b"\x03\x01\x00\x02\x00\x03\x00\x00\x3f\x00")
    bits, previous = [], [0, 0, 0]
    for _ in range(mcus or ((width + 7) // 8) * ((height + 7) // 8)):
        for component in range(3):
            diff, previous[component] = dcs[component] - previous[component], dcs[component]
            bits.append(dc_bits(diff) + "00")  # then end-of-block: no AC terms
    stream = "".join(bits)
    stream += "1" * (-len(stream) % 8)
    data = int(stream, 2).to_bytes(len(stream) // 8, "big").replace(b"\xff", b"\xff\x00")
    return b"\xff\xd8" + dqt + sof + dht + sos + data + b"\xff\xd9"


def dc_bits(diff):
    """A DC difference in JPEG's entropy code: its size category (4-bit code), then its bits."""
    size = abs(diff).bit_length()
    value = diff if diff >= 0 else diff + (1 << size) - 1
    return format(size, "04b") + (format(value, f"0{size}b") if size else "")


def lzw(indices, min_size=2):
    """GIF's variable-width LZW (codes packed least significant bit first)."""
    clear = 1 << min_size
    table, size, word, codes = {(i,): i for i in range(clear)}, min_size + 1, (), [(clear, min_size + 1)]
    for index in indices:
        if word + (index,) in table:
            word += (index,)
            continue
        codes.append((table[word], size))
        if len(table) + 2 < 4096:
            table[word + (index,)] = len(table) + 2
            if len(table) + 2 > 1 << size:
                size += 1
        word = (index,)
    codes.append((table[word], size))
    if len(table) + 2 == 1 << size and size < 12:
        size += 1  # the decoder grows its code one code earlier than the encoder's table
    codes.append((clear + 1, size))
    value, shift = 0, 0
    for code, width in codes:
        value, shift = value | code << shift, shift + width
    return value.to_bytes((shift + 7) // 8, "little")


def gif(width, height, rgb, pixels=None):
    data = lzw([0] * (width * height if pixels is None else pixels))
    blocks = b"".join(bytes([len(data[i:i + 255])]) + data[i:i + 255] for i in range(0, len(data), 255))
    return (b"GIF89a" + struct.pack("<HHBBB", width, height, 0x80, 0, 0) + bytes(rgb) + b"\x00\x00\x00"
            + b"\x2c" + struct.pack("<HHHHB", 0, 0, width, height, 0) + b"\x02" + blocks + b"\x00\x3b")


def webp_huge():
    vp8x = b"VP8X" + struct.pack("<I", 10) + bytes(4) + (HUGE - 1).to_bytes(3, "little") * 2
    return b"RIFF" + struct.pack("<I", 4 + len(vp8x)) + b"WEBP" + vp8x


def bmp_huge():
    info = struct.pack("<IiiHHIIiiII", 40, HUGE, HUGE, 1, 24, 0, 0, 2835, 2835, 0, 0)
    pixels = bytes(64)
    return b"BM" + struct.pack("<IHHI", 14 + len(info) + len(pixels), 0, 0, 14 + len(info)) + info + pixels


def ico_huge():
    image = png(HUGE, HUGE, COLOUR, tiny=True)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 0, 0, 0, 0, 1, 32, len(image), 22) + image


HUGE_IMAGES = {"png": ("image/png", lambda: png(HUGE, HUGE, COLOUR, tiny=True)),
               "jpeg": ("image/jpeg", lambda: jpeg(65500, 65500, COLOUR, mcus=1)),
               "gif": ("image/gif", lambda: gif(65535, 65535, COLOUR, pixels=16)),
               "webp": ("image/webp", webp_huge), "bmp": ("image/bmp", bmp_huge),
               "ico": ("image/x-icon", ico_huge)}
SMALL_IMAGES = {"png": ("image/png", lambda: png(40, 30, COLOUR)), "gif": ("image/gif", lambda: gif(40, 30, COLOUR)),
                "jpeg": ("image/jpeg", lambda: jpeg(40, 30, COLOUR))}
BOMB_PNG = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 64, 64, 8, 2, 0, 0, 0))
            + struct.pack(">I", 2**31 - 1) + b"IDAT")
BOMB_ICO = struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 32, 2**31 - 1, 22)
# KIND: Content-Type, prefix, filler byte.
KINDS = {"feed": ("application/rss+xml", b'<?xml version="1.0"?><rss version="2.0"><channel><title>Bomb</title>', b" "),
         "page": ("text/html", b"<!doctype html><html><body><article><p>", b"a"),
         "image": ("image/png", BOMB_PNG, b"\x00"), "icon": ("image/x-icon", BOMB_ICO, b"\x00"),
         "json": ("application/json", b'{"items":[', b" ")}


def crc32_repeated(crc, block, count):
    """zlib.crc32 after `count` more copies of `block`: one copy is an affine map of the CRC."""
    offset = zlib.crc32(block, 0)
    columns = [zlib.crc32(block, 1 << bit) ^ offset for bit in range(32)]
    for _ in range(count):
        value = offset
        for bit in range(32):
            if crc >> bit & 1:
                value ^= columns[bit]
        crc = value
    return crc


def adler32_repeated(adler, block, count):
    """zlib.adler32 after `count` more copies of `block`, from the block's two sums."""
    once, size = zlib.adler32(block, 1), len(block)
    total, weighted = (once & 0xFFFF) - 1, (once >> 16) - size
    low, high = adler & 0xFFFF, adler >> 16
    for _ in range(count):
        low, high = (low + total) % 65521, (high + size * low + weighted) % 65521
    return high << 16 | low


def repeated_stream(step, prefix, block):
    """The compressed prefix, then `block` BLOCKS times: its flushed output repeats once warmed up."""
    head, first, unit = step(prefix), step(block), step(block)
    if step(block) != unit:
        raise RuntimeError("compressed blocks do not repeat")
    return head + first + unit * (BLOCKS - 1)


def zlib_bomb(prefix, block, gzip):
    squeezer = zlib.compressobj(9, zlib.DEFLATED, 31 if gzip else 15)
    body = repeated_stream(lambda data: squeezer.compress(data) + squeezer.flush(zlib.Z_FULL_FLUSH), prefix, block)
    ending = squeezer.flush(zlib.Z_FINISH)[:-(8 if gzip else 4)]  # the final empty block, without its checksum
    if gzip:
        crc = crc32_repeated(zlib.crc32(prefix), block, BLOCKS)
        return body + ending + struct.pack("<II", crc, (len(prefix) + BLOCKS * len(block)) & 0xFFFFFFFF)
    return body + ending + struct.pack(">I", adler32_repeated(zlib.adler32(prefix), block, BLOCKS))


def brotli_bomb(prefix, block):
    squeezer = brotli.Compressor(quality=0, lgwin=24)
    return repeated_stream(lambda data: squeezer.process(data) + squeezer.flush(), prefix, block) + squeezer.finish()


def bomb(encoding, kind):
    """The bomb's compressed bytes, built on first use and kept."""
    with BOMB_LOCK:
        if (encoding, kind) not in BOMBS:
            _, prefix, filler = KINDS[kind]
            block = filler * BLOCK
            built = brotli_bomb(prefix, block) if encoding == "br" else zlib_bomb(prefix, block, encoding == "gzip")
            BOMBS[encoding, kind] = built
        return BOMBS[encoding, kind]


def good_feed(site):
    items = "".join(f"<item><title>Good article {n}</title><guid>good-{n}</guid><link>{site}/article/good-{n}</link>"
                    f"<description>&lt;p&gt;Plain text {n}, nothing else.&lt;/p&gt;</description></item>" for n in (1, 2))
    return (f'<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Good Feed</title>'
            f"<link>{site}/</link><description>A well-behaved feed.</description>{items}</channel></rss>")


def hostile_feed(site):
    items = []
    for title, link, image in HOSTILE_ITEMS:
        slug = title.lower().replace(" ", "-")
        content = "<p>text</p>" + (f'<img src="{site}{image}">' if image else "")
        items.append(f"<item><title>{title}</title><guid>{slug}</guid><link>{escape(link or f'{site}/article/{slug}')}</link>"
                     f"<description>{escape(content)}</description></item>")
    return (f'<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Hostile Feed</title>'
            f"<link>{site}/</link><description>Trust nothing.</description><image><url>{site}/bomb/gzip/icon</url>"
            f"<title>Hostile Feed</title><link>{site}/</link></image>{''.join(items)}</channel></rss>")


def hostile_atom(site):
    def entry(attributes, title, slug, link, content):
        return (f"<entry{attributes}><title>{title}</title><id>urn:lectern:{slug}</id><updated>2024-01-02T10:00:00Z</updated>"
                f'<link href="{link}"/><content type="html">{escape(content)}</content></entry>')
    return (f'<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Hostile Atom</title>'
            f'<id>{site}/hostile-atom.xml</id><updated>2024-01-02T10:00:00Z</updated><link href="{site}/"/>'
            + entry(' xml:base="file:///etc/"', "Relative link under a file base", "file-base", "passwd",
                    '<p><a href="shadow">text</a><img src="passwd"></p>')
            + entry("", "File links in the content", "file-content", f"{site}/article/file-content",
                    '<p><a href="file:///etc/passwd">passwd</a><img src="file:///etc/passwd"></p>')
            + "</feed>")


def opml(site):
    outlines = [("Passwd", "file:///etc/passwd"), ("Shadow", "file:///etc/shadow"),
                ("Relative", "../../../../etc/passwd"), ("Good Feed", f"{site}/good.xml")]
    body = "".join(f'<outline type="rss" text="{text}" title="{text}" xmlUrl="{url}"/>' for text, url in outlines)
    return (f'<?xml version="1.0" encoding="utf-8"?><opml version="2.0"><head><title>Local files</title></head>'
            f"<body>{body}</body></opml>")


def page(title, feeds):
    links = "".join(f'<link rel="alternate" type="application/rss+xml" title="{escape(name)}" href="{escape(href)}">'
                    for name, href in feeds)
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>{links}</head>'
            f"<body><article><h1>{escape(title)}</h1><p>A harmless paragraph.</p></article></body></html>")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # chunked bodies need it

    def handle(self):
        try:
            super().handle()
        except OSError:
            pass  # a client that reset its connection: no traceback on stderr

    def do_GET(self):
        url = urlsplit(self.path)
        query = parse_qs(url.query)
        if url.path == "/_hits":
            return self.send(200, str(self.hits(query)).encode(), "text/plain")
        if url.path == "/_tracked":
            with LOCK:
                return self.send(200, "".join(line + "\n" for line in TRACKED).encode(), "text/plain")
        with LOCK:
            HITS[url.path] = HITS.get(url.path, 0) + 1
        site = f"http://127.0.0.1:{self.server.server_address[1]}"
        target = query.get("target", ["/etc/passwd"])[0]
        match url.path.strip("/").split("/"):
            case ["bomb", ("gzip" | "deflate" | "br") as encoding, kind] if kind in KINDS:
                self.send(200, bomb(encoding, kind), KINDS[kind][0], encoding)
            case ["favicon.ico"]:
                self.send(200, bomb("gzip", "icon"), KINDS["icon"][0], "gzip")
            case ["endless", kind] if kind in KINDS:
                self.stream(kind, 1 << 16, 0)
            case ["trickle", kind] if kind in KINDS:
                self.stream(kind, 1, 1)
            case ["huge", image] if image in HUGE_IMAGES:
                self.send(200, HUGE_IMAGES[image][1](), HUGE_IMAGES[image][0])
            case ["small", image] if image in SMALL_IMAGES:
                self.send(200, SMALL_IMAGES[image][1](), SMALL_IMAGES[image][0])
            case ["redirect" | "feed-redirect", scheme] if scheme in REDIRECTS:
                self.send(302, b"", "text/plain", location=REDIRECTS[scheme])
            case ["page-with-local-feed.html"]:
                self.send_text(page("A page with a local feed", [("Local", f"file://{target}")]), "text/html")
            case ["page-with-two-feeds.html"]:
                feeds = [("Local", f"file://{target}"), ("Good Feed", f"{site}/good.xml")]
                self.send_text(page("A page with two feeds", feeds), "text/html")
            case ["good.xml"]:
                self.send_text(good_feed(site), "application/rss+xml")
            case ["hostile.xml"]:
                self.send_text(hostile_feed(site), "application/rss+xml")
            case ["hostile-atom.xml"]:
                self.send_text(hostile_atom(site), "application/atom+xml")
            case ["opml-local.opml"]:
                self.send_text(opml(site), "text/x-opml")
            case ["tracker", ("start" | "pixel") as step]:
                self.track()
                location = f"{site}/tracker/pixel" if step == "start" else None
                body = b"" if location else SMALL_IMAGES["png"][1]()
                self.send(302 if location else 200, body, "image/png", location=location,
                          cookie=f"tracker={step}; Path=/")
            case ["article", name]:
                self.send_text(page(f"Article {name}", []), "text/html")
            case _:
                self.send(404, b"not here", "text/plain")

    def hits(self, query):
        with LOCK:
            if "prefix" in query:
                return sum(count for path, count in HITS.items() if path.startswith(query["prefix"][0]))
            return HITS.get(query.get("path", [""])[0], 0)

    def send_text(self, text, kind):
        self.send(200, text.encode(), kind + "; charset=utf-8")

    def track(self):
        with LOCK:
            TRACKED.extend(f"{name}: {self.headers[name]}" for name in ("Cookie", "Referer") if self.headers[name])

    def send(self, status, body, kind, encoding=None, location=None, cookie=None):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        if cookie:
            self.send_header("Set-Cookie", cookie)
        self.send_header("Content-Length", str(len(body)))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        if location:
            self.send_header("Location", location)
        self.end_headers()
        try:
            self.wfile.write(body)
        except OSError:
            self.close_connection = True  # the client went away mid-body

    def stream(self, kind, piece, pause):
        """The kind's prefix, then `piece` filler bytes each `pause` seconds, chunked, until the client leaves."""
        content_type, prefix, filler = KINDS[kind]
        self.close_connection = True
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Connection", "close")
        self.end_headers()
        data = filler * piece
        try:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(prefix), prefix))
            while True:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
                time.sleep(pause)
        except OSError:
            pass

    def log_message(self, *args):
        pass


serve(Handler)
