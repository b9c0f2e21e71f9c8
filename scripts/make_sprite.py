#!/usr/bin/env python3
"""Draws the map's point-of-interest icons into a MapLibre sprite: sprite.json and sprite.png
(pixel ratio 1, 20 px icons) and sprite@2x.json and sprite@2x.png (ratio 2), in --out.

Each icon is a round badge in its category's colour with a white symbol, drawn from simple
shapes with Pillow, letters from the DejaVu Sans Bold font given; drawn at 4x and reduced, so
the edges are smooth. The names are the ones GemNavTiles' PoiIcons gives the style;
ci/tile_check.py checks that the style names no icon the sprite lacks.

Usage: make_sprite.py --out DIR --font DejaVuSans-Bold.ttf
"""
import argparse
import json
import math
import pathlib

from PIL import Image, ImageDraw, ImageFont

SIZE = 20    # the icon at pixel ratio 1
DRAW = 4     # drawn at this multiple of the largest ratio's size, then reduced
WHITE = (255, 255, 255, 255)

# Category colours: food orange, health red, money green, transport blue, culture brown…
COLOURS = {
    "fuel": "#3867b8", "parking": "#3867b8", "pharmacy": "#c8393b", "hospital": "#c8393b",
    "restaurant": "#d9782d", "cafe": "#d9782d", "bar": "#d9782d", "bank": "#3f8f4a", "post": "#6b6f78",
    "toilets": "#6b6f78", "worship": "#5b5e66", "school": "#8a6a3c", "civic": "#4f5a7a", "theatre": "#8b4f9e",
    "hotel": "#2f7f9a", "information": "#2f7f9a", "attraction": "#9a5a2a", "shop": "#9650a8", "sport": "#3f8f4a",
    "poi": "#7a6e66",
}


def glyph(text, size):
    def draw(d, s, font):
        f = ImageFont.truetype(font, int(size * s))
        d.text((s * 10, s * 10.4), text, font=f, fill=WHITE, anchor="mm")
    return draw


def fuel(d, s, _):
    d.rounded_rectangle([s * 6.5, s * 5.5, s * 11.5, s * 15], radius=s * 0.8, fill=WHITE)
    d.rectangle([s * 7.5, s * 6.5, s * 10.5, s * 9], fill=COLOURS["fuel"])
    d.line([s * 11.5, s * 8, s * 13.5, s * 9.5, s * 13.5, s * 13.5], fill=WHITE, width=int(s * 1.2), joint="curve")


def cross(d, s, _):
    d.rectangle([s * 8.5, s * 5, s * 11.5, s * 15], fill=WHITE)
    d.rectangle([s * 5, s * 8.5, s * 15, s * 11.5], fill=WHITE)


def restaurant(d, s, _):
    w = int(s * 1.1)
    for x in (6.5, 8, 9.5):
        d.line([s * x, s * 5, s * x, s * 8.5], fill=WHITE, width=w)
    d.line([s * 6.5, s * 8.5, s * 9.5, s * 8.5], fill=WHITE, width=w)
    d.line([s * 8, s * 8.5, s * 8, s * 15], fill=WHITE, width=int(s * 1.4))
    d.pieslice([s * 10.5, s * 5, s * 14.5, s * 13], 270, 90, fill=WHITE)
    d.line([s * 12.5, s * 9, s * 12.5, s * 15], fill=WHITE, width=int(s * 1.4))


def cafe(d, s, _):
    d.rounded_rectangle([s * 5.5, s * 7, s * 12.5, s * 13.5], radius=s * 1.5, fill=WHITE)
    d.ellipse([s * 11, s * 8, s * 15, s * 12], outline=WHITE, width=int(s * 1.2))
    d.line([s * 5, s * 15, s * 13.5, s * 15], fill=WHITE, width=int(s * 1.2))


def bar(d, s, _):
    d.polygon([(s * 5.5, s * 5.5), (s * 14.5, s * 5.5), (s * 10, s * 10.5)], fill=WHITE)
    d.line([s * 10, s * 10.5, s * 10, s * 14.5], fill=WHITE, width=int(s * 1.2))
    d.line([s * 7.5, s * 14.8, s * 12.5, s * 14.8], fill=WHITE, width=int(s * 1.2))


def bank(d, s, _):
    d.rounded_rectangle([s * 4.5, s * 6.5, s * 15.5, s * 13.5], radius=s * 1, outline=WHITE, width=int(s * 1.2))
    d.ellipse([s * 8.3, s * 8.3, s * 11.7, s * 11.7], fill=WHITE)


def post(d, s, _):
    d.rectangle([s * 4.5, s * 6.5, s * 15.5, s * 13.5], outline=WHITE, width=int(s * 1.2))
    d.line([s * 4.8, s * 6.8, s * 10, s * 10.8, s * 15.2, s * 6.8], fill=WHITE, width=int(s * 1.2), joint="curve")


def worship(d, s, _):
    d.polygon([(s * 10, s * 4.5), (s * 14.5, s * 8.5), (s * 5.5, s * 8.5)], fill=WHITE)
    d.rectangle([s * 6.5, s * 8.5, s * 13.5, s * 15], fill=WHITE)
    d.rectangle([s * 9, s * 11, s * 11, s * 15], fill=COLOURS["worship"])


def school(d, s, _):
    d.polygon([(s * 4.5, s * 6.5), (s * 9.6, s * 7.5), (s * 9.6, s * 14.5), (s * 4.5, s * 13.5)], fill=WHITE)
    d.polygon([(s * 10.4, s * 7.5), (s * 15.5, s * 6.5), (s * 15.5, s * 13.5), (s * 10.4, s * 14.5)], fill=WHITE)


def civic(d, s, _):
    d.polygon([(s * 10, s * 4.5), (s * 15, s * 6.5), (s * 14, s * 12), (s * 10, s * 15.5), (s * 6, s * 12),
               (s * 5, s * 6.5)], fill=WHITE)


def hotel(d, s, _):
    d.rectangle([s * 4.5, s * 6, s * 6, s * 14.5], fill=WHITE)
    d.rectangle([s * 4.5, s * 10.5, s * 15.5, s * 12.5], fill=WHITE)
    d.rectangle([s * 14, s * 12.5, s * 15.5, s * 14.5], fill=WHITE)
    d.ellipse([s * 6.8, s * 7.5, s * 9.3, s * 10], fill=WHITE)
    d.rounded_rectangle([s * 9.8, s * 8, s * 15.5, s * 10.3], radius=s * 0.8, fill=WHITE)


def star(d, s, _):
    points = []
    for i in range(10):
        r = 5.5 if i % 2 == 0 else 2.3
        a = -math.pi / 2 + i * math.pi / 5
        points.append((s * (10 + r * math.cos(a)), s * (10.3 + r * math.sin(a))))
    d.polygon(points, fill=WHITE)


def shop(d, s, _):
    d.rounded_rectangle([s * 5.5, s * 8, s * 14.5, s * 15], radius=s * 0.8, fill=WHITE)
    d.arc([s * 7.5, s * 4.5, s * 12.5, s * 10.5], 180, 360, fill=WHITE, width=int(s * 1.2))


def sport(d, s, _):
    d.ellipse([s * 5, s * 5, s * 15, s * 15], outline=WHITE, width=int(s * 1.2))
    # A tennis ball's seams: arcs of circles beside the ball, meeting its outline.
    d.arc([s * -3, s * 4, s * 9, s * 16], 315, 45, fill=WHITE, width=int(s * 1))
    d.arc([s * 11, s * 4, s * 23, s * 16], 135, 225, fill=WHITE, width=int(s * 1))


def dot(d, s, _):
    d.ellipse([s * 7.5, s * 7.5, s * 12.5, s * 12.5], fill=WHITE)


SYMBOLS = {
    "fuel": fuel, "parking": glyph("P", 12), "pharmacy": cross, "hospital": glyph("H", 11), "restaurant": restaurant,
    "cafe": cafe, "bar": bar, "bank": bank, "post": post, "toilets": glyph("WC", 7.5), "worship": worship,
    "school": school, "civic": civic, "theatre": glyph("\u266b", 11), "hotel": hotel, "information": glyph("i", 12),
    "attraction": star, "shop": shop, "sport": sport, "poi": dot,
}


def icon(name, ratio, font):
    """One icon at `ratio`: the badge and symbol drawn large, then reduced."""
    s = ratio * DRAW
    big = Image.new("RGBA", (SIZE * s, SIZE * s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.ellipse([s * 1, s * 1, s * 19, s * 19], fill=COLOURS[name], outline=WHITE, width=int(s * 1.3))
    SYMBOLS[name](d, s, font)
    return big.resize((SIZE * ratio, SIZE * ratio), Image.LANCZOS)


def sprite(names, ratio, font, out, suffix):
    """Lays the icons out in rows of eight and writes the PNG and its index."""
    size, per_row = SIZE * ratio, 8
    rows = (len(names) + per_row - 1) // per_row
    sheet = Image.new("RGBA", (size * min(per_row, len(names)), size * rows), (0, 0, 0, 0))
    index = {}
    for i, name in enumerate(names):
        x, y = (i % per_row) * size, (i // per_row) * size
        sheet.paste(icon(name, ratio, font), (x, y))
        index[name] = {"x": x, "y": y, "width": size, "height": size, "pixelRatio": ratio}
    sheet.save(out / f"sprite{suffix}.png", optimize=True)
    (out / f"sprite{suffix}.json").write_text(json.dumps(index, indent=1, sort_keys=True) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, type=pathlib.Path)
    parser.add_argument("--font", required=True, help="DejaVu Sans Bold (letters on the badges)")
    args = parser.parse_args()
    names = sorted(SYMBOLS)
    args.out.mkdir(parents=True, exist_ok=True)
    sprite(names, 1, args.font, args.out, "")
    sprite(names, 2, args.font, args.out, "@2x")


if __name__ == "__main__":
    main()
