"""The colours of a PNG file, decoded with zlib alone (no imaging library), for checks that look
at what a program drew: 8-bit RGB or RGBA, not interlaced, any of the five row filters."""
import collections
import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {2: 3, 6: 4}  # colour type: RGB, RGBA


def colour_counts(path):
    """(width, height, Counter): how many pixels have each colour, as "#RRGGBB" (alpha ignored)."""
    width, height, channels, rows = decode(path)
    counts = collections.Counter()
    for row in rows:
        for x in range(0, width * channels, channels):
            counts["#%02X%02X%02X" % (row[x], row[x + 1], row[x + 2])] += 1
    return width, height, counts


def decode(path):
    """(width, height, channels, rows): each row the bytes of one scanline, its filter undone."""
    data = open(path, "rb").read()
    if not data.startswith(SIGNATURE):
        raise ValueError(f"{path} is not a PNG file")
    offset, header, compressed = len(SIGNATURE), None, []
    while offset + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        offset += 12 + length  # length, type, body, CRC
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed.append(body)
        elif kind == b"IEND":
            break
    if header is None:
        raise ValueError(f"{path} has no IHDR chunk")
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in CHANNELS or interlace:
        raise ValueError(f"{path}: depth {depth}, colour type {colour}, interlace {interlace}; "
                         "only 8-bit RGB or RGBA without interlacing is read")
    channels = CHANNELS[colour]
    raw = zlib.decompress(b"".join(compressed))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        line = bytearray(raw[start + 1:start + 1 + stride])
        unfilter(raw[start], line, previous, channels)
        rows.append(line)
        previous = line
    return width, height, channels, rows


def unfilter(kind, line, previous, channels):
    """Undoes filter KIND (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth) of LINE in place, given the
    row above (PREVIOUS, already unfiltered)."""
    if kind == 0:
        return
    if kind not in (1, 2, 3, 4):
        raise ValueError(f"unknown PNG filter type {kind}")
    for i in range(len(line)):
        left = line[i - channels] if i >= channels else 0
        up = previous[i]
        if kind == 1:
            predicted = left
        elif kind == 2:
            predicted = up
        elif kind == 3:
            predicted = (left + up) >> 1
        else:
            corner = previous[i - channels] if i >= channels else 0
            estimate = left + up - corner
            distances = (abs(estimate - left), abs(estimate - up), abs(estimate - corner))
            predicted = left if distances[0] <= distances[1] and distances[0] <= distances[2] \
                else up if distances[1] <= distances[2] else corner
        line[i] = (line[i] + predicted) & 0xFF
