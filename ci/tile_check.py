#!/usr/bin/env python3
"""Reads `gemnav serve`'s map endpoints with independent clients: PyPI's mapbox-vector-tile
decoder for the tiles, plain JSON for TileJSON and the styles, a protobuf walk for a glyph
file, PNG and JSON for the icon sprite. Checks, on Monaco, that the casino's zoom-14 tile has
named streets and buildings, that a tile of the sea is covered by the ocean layer, that every
polygon's rings are wound as the MVT 2.1 spec says (exterior clockwise in tile coordinates,
y down), that the zoom-14 tiles carry house numbers (`addresses`) and named squares
(`streets_polygons_labels`) and a low-zoom tile Monaco's name (`boundary_labels`), and that
the sprite has every icon the styles name.

Usage: tile_check.py http://127.0.0.1:PORT
"""
import json
import math
import sys
import urllib.request

import mapbox_vector_tile
from shapely.geometry import Point, shape

CASINO = (43.7394, 7.4283)
SEA = (43.7340, 7.4400)


def get(url):
    with urllib.request.urlopen(url, timeout=30) as r:
        return r.status, r.headers.get("Content-Type"), r.read()


def tile_of(lat, lon, z):
    n = 2 ** z
    x = (lon + 180) / 360 * n
    la = math.radians(lat)
    y = (1 - math.log(math.tan(la) + 1 / math.cos(la)) / math.pi) / 2 * n
    return int(x), int(y), (x % 1) * 4096, (y % 1) * 4096


def decode(base, z, x, y):
    status, ctype, body = get(f"{base}/tiles/{z}/{x}/{y}.mvt")
    if status == 204:  # nothing there (at zoom 0 all of Monaco is about one pixel)
        return {}
    assert status == 200 and ctype == "application/vnd.mapbox-vector-tile", (status, ctype)
    # y_coord_down keeps the tile's own axes, so winding reads as the spec states it.
    return mapbox_vector_tile.decode(body, default_options={"y_coord_down": True})


def signed_area(ring):
    return sum(ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1] for i in range(len(ring) - 1)) / 2


def check_winding(layers, where):
    for name, layer in layers.items():
        assert layer["extent"] == 4096, (name, layer["extent"])
        for f in layer["features"]:
            g = f["geometry"]
            polygons = [g["coordinates"]] if g["type"] == "Polygon" else g["coordinates"] if g["type"] == "MultiPolygon" else []
            for rings in polygons:
                assert signed_area(rings[0]) > 0, f"{where} {name}: exterior ring not clockwise"
                for hole in rings[1:]:
                    assert signed_area(hole) < 0, f"{where} {name}: hole not counter-clockwise"


def covers(layer, px, py):
    return any(shape(f["geometry"]).buffer(0).contains(Point(px, py)) for f in layer["features"]
               if f["geometry"]["type"] in ("Polygon", "MultiPolygon"))


def icon_names(expression):
    """The icon names of a `case` expression: its outputs, every second item after the first."""
    assert expression[0] == "case", expression
    return set(expression[2::2]) | {expression[-1]}


def check_sprite(style):
    """The style's sprite answers at both pixel ratios and has every icon the style names."""
    icons = [l for l in style["layers"] if "icon-image" in l.get("layout", {})]
    assert style.get("sprite") and icons, "the style draws no icons (is scripts/setup-web.sh's sprite set up?)"
    for suffix in ("", "@2x"):
        status, ctype, index = get(f"{style['sprite']}{suffix}.json")
        assert status == 200 and ctype == "application/json", (suffix, status, ctype)
        status, ctype, png = get(f"{style['sprite']}{suffix}.png")
        assert status == 200 and ctype == "image/png" and png[:4] == b"\x89PNG", (suffix, status, ctype)
        missing = set().union(*(icon_names(l["layout"]["icon-image"]) for l in icons)) - set(json.loads(index))
        assert not missing, f"sprite{suffix} lacks the icons {sorted(missing)}"


def layer_counts(base, tilejson, z):
    """Features per layer over every tile of the data at zoom `z`."""
    w, s, e, n = tilejson["bounds"]
    x0, y0, _, _ = tile_of(n, w, z)
    x1, y1, _, _ = tile_of(s, e, z)
    counts, samples = {}, {}
    for x in range(x0, x1 + 1):
        for y in range(y0, y1 + 1):
            for name, layer in decode(base, z, x, y).items():
                counts[name] = counts.get(name, 0) + len(layer["features"])
                samples.setdefault(name, layer["features"][0]["properties"])
    return counts, samples


def main():
    base = sys.argv[1].rstrip("/")
    status, ctype, body = get(f"{base}/tiles.json")
    tilejson = json.loads(body)
    assert tilejson["tilejson"] == "3.0.0" and tilejson["maxzoom"] == 14, tilejson
    assert tilejson["tiles"][0].endswith("/tiles/{z}/{x}/{y}.mvt"), tilejson["tiles"]
    w, s, e, n = tilejson["bounds"]
    assert w < CASINO[1] < e and s < CASINO[0] < n, tilejson["bounds"]
    for path in ("/style.json", "/style-dark.json"):
        style = json.loads(get(base + path)[2])
        assert style["version"] == 8 and style["sources"]["gemnav"]["url"].startswith("http"), style["sources"]
        font = style["layers"][-1]["layout"]["text-font"][0]
        glyph_url = style["glyphs"].replace("{fontstack}", urllib.request.quote(font)).replace("{range}", "0-255")
        status, ctype, glyphs = get(glyph_url)
        assert status == 200 and glyphs[:1] == b"\x0a" and font.encode() in glyphs[:64], (glyph_url, glyphs[:40])
        check_sprite(style)

    x, y, px, py = tile_of(*CASINO, 14)
    casino = decode(base, 14, x, y)
    check_winding(casino, "casino")
    names = {f["properties"].get("name") for f in casino["street_labels"]["features"]}
    assert len(casino["streets"]["features"]) > 50 and len(names) > 5, names
    assert len(casino["buildings"]["features"]) > 50
    assert "ocean" not in casino or not covers(casino["ocean"], px, py), "the casino is under water"

    x, y, px, py = tile_of(*SEA, 14)
    sea = decode(base, 14, x, y)
    check_winding(sea, "sea")
    assert covers(sea["ocean"], px, py), "the sea tile is not covered by the ocean layer"

    for z in range(0, 15, 2):
        x, y, _, _ = tile_of(*CASINO, z)
        check_winding(decode(base, z, x, y), f"z{z}")

    counts, samples = layer_counts(base, tilejson, 14)
    assert counts.get("addresses", 0) > 50 and "housenumber" in samples["addresses"], (counts, samples.get("addresses"))
    assert counts.get("streets_polygons_labels", 0) > 0 and samples["streets_polygons_labels"].get("name"), counts
    x, y, _, _ = tile_of(*CASINO, 8)
    countries = [f["properties"] for f in decode(base, 8, x, y).get("boundary_labels", {"features": []})["features"]]
    assert any(c.get("name") == "Monaco" and c.get("admin_level") == 2 for c in countries), countries
    print(f"tile check ok: {len(casino['streets']['features'])} streets, "
          f"{len(casino['buildings']['features'])} buildings at the casino; street names e.g. "
          f"{sorted(n for n in names if n)[:3]}; {counts['addresses']} addresses, "
          f"{counts['streets_polygons_labels']} street area names, boundary labels at zoom 8 "
          f"{sorted(c.get('name') for c in countries)}; sprite ok")


if __name__ == "__main__":
    main()
