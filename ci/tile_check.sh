#!/usr/bin/env bash
# Imports Monaco, serves it with `gemnav serve` on a free loopback port, and checks its map
# endpoints with an independent vector tile decoder (PyPI's mapbox-vector-tile, plus shapely
# for the geometry tests): see ci/tile_check.py. Needs scripts/setup-web.sh's glyphs. The
# server is stopped however the check ends.
#
# Usage: ci/tile_check.sh [path/to/gemnav]   (default: builds the debug product)
set -euo pipefail
cd "$(dirname "$0")/.."

GEMNAV=${1:-}
if [[ -z "$GEMNAV" ]]; then
    swift build --product gemnav >&2
    GEMNAV="$(swift build --show-bin-path)/gemnav"
fi
VENV=${TILE_CHECK_VENV:-.build/tile-check-venv}
WORK=$(mktemp -d)
SERVER_PID=""
cleanup() {
    if [[ -n "$SERVER_PID" ]]; then
        kill -TERM "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

bash scripts/setup-web.sh
if [[ ! -x "$VENV/bin/python" ]]; then
    python3 -m venv "$VENV"
fi
"$VENV/bin/pip" install --quiet --disable-pip-version-check mapbox-vector-tile shapely

"$GEMNAV" import Data/monaco.osm.pbf --profile car --output "$WORK/monaco" --skip-search
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$GEMNAV" serve --data "$WORK/monaco" --web web --host 127.0.0.1 --port "$PORT" --log-level warning >"$WORK/serve.log" 2>&1 &
SERVER_PID=$!

for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/serve.log" >&2; exit 1; }
    sleep 0.1
done
"$VENV/bin/python" ci/tile_check.py "http://127.0.0.1:$PORT"
