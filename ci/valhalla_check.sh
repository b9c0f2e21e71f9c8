#!/usr/bin/env bash
# Routes Monaco trips through a real Valhalla server with GemNav's Valhalla provider: starts
# pyvalhalla's `valhalla_service` on Monaco tiles on a free loopback port and runs the opt-in
# `ValhallaLiveTests` (and the fixture-based Valhalla suites) against it. The server is
# stopped however the check ends.
#
# Usage: ci/valhalla_check.sh [--capture]
#   --capture  first sends every Tests/GemNavServicesTests/Fixtures/valhalla/*.request.json to
#              the server and rewrites the matching *.response.json (review the diff).
#
# Valhalla is not installed here (it takes minutes; .ci/run does not call this script): without
# it the check says how to install it and exits 0. Install with
#   ../shared/peers/valhalla/setup.sh Data/monaco.osm.pbf
# (pyvalhalla 3.9 wheels need Python >= 3.12; tiles go to $HOME/.cache/peers/valhalla-data).
set -euo pipefail
cd "$(dirname "$0")/.."

PEERS="${PEERS_HOME:-$HOME/.cache/peers}"
VENV="$PEERS/valhalla-venv"
CONFIG="$PEERS/valhalla-data/monaco/valhalla.json"
FIXTURES=Tests/GemNavServicesTests/Fixtures/valhalla

if [[ ! -x "$VENV/bin/python" ]] || ! "$VENV/bin/python" -c 'import valhalla' 2>/dev/null || [[ ! -f "$CONFIG" ]]; then
    echo "valhalla_check: skipped, no Valhalla with Monaco tiles (looked for $VENV and $CONFIG)."
    echo "valhalla_check: install it with ../shared/peers/valhalla/setup.sh Data/monaco.osm.pbf"
    exit 0
fi
SERVICE="$("$VENV/bin/python" -c 'import valhalla; print(valhalla.PYVALHALLA_DIR / "bin" / "valhalla_service")')"
if [[ ! -x "$SERVICE" ]]; then
    echo "valhalla_check: skipped, this pyvalhalla has no valhalla_service executable ($SERVICE)."
    exit 0
fi

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

PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# The server listens on loopback only, and its internal sockets live in $WORK so that two
# checks (or a Valhalla already running) never share them.
python3 - "$CONFIG" "$WORK" "$PORT" >"$WORK/valhalla.json" <<'EOF'
import json, sys
config, work, port = sys.argv[1:]
conf = json.loads(open(config).read().replace("ipc:///tmp/", f"ipc://{work}/"))
conf["httpd"]["service"]["listen"] = f"tcp://127.0.0.1:{port}"
json.dump(conf, sys.stdout)
EOF
"$SERVICE" "$WORK/valhalla.json" 1 >"$WORK/valhalla.log" 2>&1 &
SERVER_PID=$!
URL="http://127.0.0.1:$PORT"
for _ in $(seq 100); do
    curl -sf "$URL/status" >/dev/null && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/valhalla.log" >&2; exit 1; }
    sleep 0.1
done
echo "valhalla_check: $(curl -sf "$URL/status") at $URL"

if [[ "${1:-}" == "--capture" ]]; then
    for request in "$FIXTURES"/*.request.json; do
        response="${request%.request.json}.response.json"
        status=$(curl -s -X POST "$URL/route" -H 'Content-Type: application/json' --data-binary "@$request" \
            -o "$response" -w '%{http_code}')
        echo "valhalla_check: captured $(basename "$response") (HTTP $status)"
    done
fi

GEMNAV_VALHALLA_URL="$URL" swift test --filter 'Valhalla(Live|Route|Loopback)Tests'
