#!/usr/bin/env bash
# Imports Monaco, serves it with `gemnav serve` on a free loopback port, and checks its map
# endpoints with an independent vector tile decoder (PyPI's mapbox-vector-tile, plus shapely
# for the geometry tests): see ci/tile_check.py. Needs scripts/setup-web.sh's glyphs. The
# server is stopped however the check ends.
#
# Usage: ci/tile_check.sh [path/to/gemnav]   (default: builds the debug product)
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=${TILE_CHECK_VENV:-.build/tile-check-venv}
source ci/serve_lib.sh "$@"

bash scripts/setup-web.sh
if [[ ! -x "$VENV/bin/python" ]]; then
    python3 -m venv "$VENV"
fi
"$VENV/bin/pip" install --quiet --disable-pip-version-check mapbox-vector-tile shapely

"$GEMNAV" import Data/monaco.osm.pbf --profile car --output "$WORK/monaco" --skip-search
serve http --data "$WORK/monaco" --web web
"$VENV/bin/python" ci/tile_check.py "http://127.0.0.1:$PORT"
