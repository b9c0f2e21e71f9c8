#!/usr/bin/env bash
# Imports Monaco, serves it with `gemnav serve` on a free loopback port, and checks with an
# independent OSRM client (PyPI's routingpy, plus the `polyline` decoder) that the answers
# parse and add up. The server is stopped however the check ends.
#
# Usage: ci/osrm_client_check.sh [path/to/gemnav]   (default: builds the debug product)
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=${OSRM_CHECK_VENV:-.build/osrm-client-venv}
source ci/serve_lib.sh "$@"

if [[ ! -x "$VENV/bin/python" ]]; then
    python3 -m venv "$VENV"
fi
"$VENV/bin/pip" install --quiet --disable-pip-version-check routingpy polyline

"$GEMNAV" import Data/monaco.osm.pbf --profile car --output "$WORK/monaco"
serve http --data "$WORK/monaco"
"$VENV/bin/python" ci/osrm_client_check.py "http://127.0.0.1:$PORT"
