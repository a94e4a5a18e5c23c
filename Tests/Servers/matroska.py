"""Matroska files written byte by byte, for media no encoder on a test machine makes: a video
in a codec Debian's base and good GStreamer plugins cannot decode (H.265), alone or beside a
sound they can (raw PCM). The pictures are filler: no decoder gets as far as reading them.

Element IDs from the Matroska specification (RFC 9559)."""
import math
import struct


def _size(n):
    for length in range(1, 9):
        if n < (1 << (7 * length)) - 1:
            return ((1 << (7 * length)) | n).to_bytes(length, "big")
    raise ValueError(n)


def _element(ident, payload):
    return ident.to_bytes((ident.bit_length() + 7) // 8, "big") + _size(len(payload)) + payload


def _uint(ident, value):
    return _element(ident, value.to_bytes(max(1, (value.bit_length() + 7) // 8), "big"))


def _text(ident, value):
    return _element(ident, value.encode())


def _float(ident, value):
    return _element(ident, struct.pack(">d", value))


def video(codec, seconds, with_sound):
    """`seconds` of a 320×240 video track in `codec` (a Matroska CodecID), and with `with_sound`
    a 440 Hz tone as 8 kHz 16-bit PCM beside it, in blocks of a tenth of a second."""
    header = _element(0x1A45DFA3, _uint(0x4286, 1) + _uint(0x42F7, 1) + _uint(0x42F2, 4) + _uint(0x42F3, 8)
                      + _text(0x4282, "matroska") + _uint(0x4287, 4) + _uint(0x4285, 2))
    info = _element(0x1549A966, _uint(0x2AD7B1, 1_000_000) + _float(0x4489, seconds * 1000.0)
                    + _text(0x4D80, "matroska.py") + _text(0x5741, "matroska.py"))
    picture = _element(0xAE, _uint(0xD7, 1) + _uint(0x73C5, 1) + _uint(0x83, 1) + _text(0x86, codec)
                       + _element(0xE0, _uint(0xB0, 320) + _uint(0xBA, 240)))
    sound = _element(0xAE, _uint(0xD7, 2) + _uint(0x73C5, 2) + _uint(0x83, 2) + _text(0x86, "A_PCM/INT/LIT")
                     + _element(0xE1, _float(0xB5, 8000.0) + _uint(0x9F, 1) + _uint(0x6264, 16)))
    clusters = b""
    for tenth in range(int(seconds * 10)):
        # SimpleBlock: track number, timecode relative to the cluster, flags (a key frame), data.
        blocks = _element(0xA3, b"\x81\x00\x00\x80" + bytes(range(64)) * 8)
        if with_sound:
            samples = b"".join(struct.pack("<h", int(8000 * math.sin(2 * math.pi * 440 * (tenth * 800 + i) / 8000)))
                               for i in range(800))
            blocks += _element(0xA3, b"\x82\x00\x00\x80" + samples)
        clusters += _element(0x1F43B675, _uint(0xE7, tenth * 100) + blocks)
    tracks = _element(0x1654AE6B, picture + (sound if with_sound else b""))
    return header + _element(0x18538067, info + tracks + clusters)
