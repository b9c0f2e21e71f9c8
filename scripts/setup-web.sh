#!/usr/bin/env bash
# Prepares everything the web map loads from this machine, into web/vendor/ (not committed):
# MapLibre GL JS and its CSS (from PyPI's `maplibre` wheel, BSD-3) and the SDF glyph PBFs
# the map style's labels need (generated from a Debian DejaVu font by scripts/make_glyphs.py),
# and the sprite of point-of-interest icons (drawn with Pillow by scripts/make_sprite.py).
# Idempotent: a second run only checks that the files are there and returns in well under a
# second. Delete web/vendor/ to regenerate.
#
# Usage: scripts/setup-web.sh
set -euo pipefail
cd "$(dirname "$0")/.."

VENDOR=web/vendor
VENV=.venv-web
STAMP="$VENDOR/.setup-v2"
[[ -f "$STAMP" ]] && exit 0

# The fonts: fonts-dejavu-core gives DejaVu Sans Book and Bold.
FONT_DIR=/usr/share/fonts/truetype/dejavu
if [[ ! -f "$FONT_DIR/DejaVuSans.ttf" || ! -f "$FONT_DIR/DejaVuSans-Bold.ttf" ]]; then
    if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
        echo "installing fonts-dejavu-core" >&2
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-dejavu-core >/dev/null
    else
        echo "DejaVu Sans is missing: install fonts-dejavu-core (apt-get install fonts-dejavu-core) and run again." >&2
        exit 1
    fi
fi

if [[ ! -x "$VENV/bin/python" ]]; then
    python3 -m venv "$VENV"
fi
"$VENV/bin/pip" install --quiet --disable-pip-version-check freetype-py numpy scipy pillow
# Only the wheel's files are wanted, not the Python bindings' dependencies.
"$VENV/bin/pip" install --quiet --disable-pip-version-check --no-deps maplibre

mkdir -p "$VENDOR"
SRC=$("$VENV/bin/python" -c 'import importlib.util, os; print(os.path.join(os.path.dirname(importlib.util.find_spec("maplibre").origin), "srcjs"))')
cp "$SRC/maplibre-gl.js" "$SRC/maplibre-gl.css" "$VENDOR/"

"$VENV/bin/python" scripts/make_glyphs.py --out "$VENDOR/fonts" \
    "DejaVu Sans Book=$FONT_DIR/DejaVuSans.ttf" "DejaVu Sans Bold=$FONT_DIR/DejaVuSans-Bold.ttf"
"$VENV/bin/python" scripts/make_sprite.py --out "$VENDOR/sprite" --font "$FONT_DIR/DejaVuSans-Bold.ttf"
touch "$STAMP"
echo "web/vendor ready: maplibre-gl.js, maplibre-gl.css, fonts/, sprite/" >&2
