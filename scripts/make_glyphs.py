#!/usr/bin/env python3
"""Writes MapLibre's signed-distance-field glyph PBFs for fonts: one file per range of 256
code points, `OUT/{fontstack}/{start}-{end}.pbf`, as node-fontnik and sdf-glyph-foundry do
(24 px em, 3 px buffer, radius 8, cutoff 0.25), so labels render with no glyph server.

Ranges up to U+04FF (Latin, Latin extended, IPA, Greek, Cyrillic) and U+2000-U+20FF
(typographic quotes and dashes, currency signs, common in names) hold the font's glyphs;
every other range up to U+FFFF is written empty but valid, so a label in another script
shows what it can instead of failing the style.

Usage: make_glyphs.py --out DIR "Font Stack Name=/path/to/font.ttf" ...
"""
import argparse
import os
import sys

import freetype
import numpy as np
from scipy import ndimage

SIZE = 24        # em size in px, fixed by MapLibre (ONE_EM)
BUFFER = 3       # px of padding around each bitmap, fixed by MapLibre
RADIUS = 8       # px over which the distance field falls from 255 to 0
CUTOFF = 0.25    # where the glyph's edge sits: 255 * (1 - 0.25) = 191.25, MapLibre's 0.75
GLYPH_RANGES = [(0x0000, 0x04FF), (0x2000, 0x20FF)]


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def field(number, wire, payload):
    key = varint((number << 3) | wire)
    if wire == 0:
        return key + varint(payload)
    return key + varint(len(payload)) + payload


def sint(n):
    """Zigzag, for the sint32 fields (left, top)."""
    return (n << 1) ^ (n >> 31)


def sdf(alpha):
    """The distance field of a coverage bitmap padded by BUFFER, as uint8 bytes."""
    h, w = alpha.shape
    padded = np.zeros((h + 2 * BUFFER, w + 2 * BUFFER), dtype=np.float64)
    padded[BUFFER:BUFFER + h, BUFFER:BUFFER + w] = alpha / 255.0
    inside = padded > 0.5
    # Distance to the nearest pixel of the other kind, minus half a pixel so the edge lies
    # between pixels; antialiasing nudges it by the coverage.
    outside_dist = ndimage.distance_transform_edt(~inside)
    inside_dist = ndimage.distance_transform_edt(inside)
    dist = np.where(inside, -(inside_dist - 0.5), outside_dist - 0.5)
    value = 255.0 - 255.0 * (dist / RADIUS + CUTOFF)
    return np.clip(np.round(value), 0, 255).astype(np.uint8).tobytes()


def glyph(face, code):
    """The Glyph message of one code point, or None when the font lacks it."""
    index = face.get_char_index(code)
    if index == 0:
        return None
    face.load_glyph(index, freetype.FT_LOAD_RENDER | freetype.FT_LOAD_NO_HINTING)
    slot = face.glyph
    bitmap = slot.bitmap
    width, height = bitmap.width, bitmap.rows
    advance = int(round(slot.advance.x / 64.0))
    ascender = int(round(face.size.ascender / 64.0))
    msg = field(1, 0, code)
    if width > 0 and height > 0:
        rows = np.array(bitmap.buffer, dtype=np.uint8).reshape(height, bitmap.pitch)[:, :width]
        msg += field(2, 2, sdf(rows.astype(np.float64)))
    msg += field(3, 0, width) + field(4, 0, height)
    msg += field(5, 0, sint(slot.bitmap_left)) + field(6, 0, sint(slot.bitmap_top - ascender))
    msg += field(7, 0, advance)
    return msg


def write_range(out_dir, name, face, start):
    end = start + 255
    body = field(1, 2, name.encode()) + field(2, 2, f"{start}-{end}".encode())
    if any(lo <= start <= hi for lo, hi in GLYPH_RANGES):
        for code in range(start, end + 1):
            g = glyph(face, code)
            if g is not None:
                body += field(3, 2, g)
    stack = field(1, 2, body)
    with open(os.path.join(out_dir, f"{start}-{end}.pbf"), "wb") as f:
        f.write(stack)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, help="directory that receives one folder per font stack")
    parser.add_argument("fonts", nargs="+", help='"Font Stack Name=/path/to/font.ttf"')
    args = parser.parse_args()
    for spec in args.fonts:
        name, _, path = spec.partition("=")
        if not path or not os.path.isfile(path):
            sys.exit(f"{spec!r}: give NAME=PATH with an existing font file")
        face = freetype.Face(path)
        face.set_pixel_sizes(0, SIZE)
        out_dir = os.path.join(args.out, name)
        os.makedirs(out_dir, exist_ok=True)
        for start in range(0, 65536, 256):
            write_range(out_dir, name, face, start)
        print(f"glyphs: {name} from {os.path.basename(path)} -> {out_dir}", file=sys.stderr)


if __name__ == "__main__":
    main()
