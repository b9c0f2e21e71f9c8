#!/usr/bin/env bash
# Truck routes side by side with Valhalla's truck costing on the same pairs: pairs drawn across
# every tagged limit the default truck exceeds (gemnav-bench truck), routed by GemNav, then by
# Valhalla in process with the same dimensions, then by GemNav again, which checks Valhalla's
# routes against the same OSM limits and compares the two pair by pair.
#
# Usage: [ROUTES=500] bench/truck_vs_valhalla.sh [EXTRACT_NAME]     (default porto_portugal)
# Needs: ../shared/peers/valhalla (installs pyvalhalla into ~/.cache/peers and builds its tiles).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$here")"
name="${1:-porto_portugal}"
shared="$repo/../shared"
pbf="$shared/data/osm/$name.osm.pbf"
peers="${PEERS_HOME:-$HOME/.cache/peers}"
out="${OUT_DIR:-$repo/out/bench}"
mkdir -p "$out"

echo "== build (release)"
(cd "$repo" && swift build -c release --product gemnav-bench 2>&1 | tail -1)
bin="$(cd "$repo" && swift build -c release --show-bin-path)"

if [ ! -f "$peers/valhalla-data/$name/valhalla.json" ]; then
  echo "== Valhalla: install and build tiles"
  "$shared/peers/valhalla/setup.sh" "$pbf" | tail -4
fi

graph="$out/graph-$name-truck"
pairs="$out/truck-pairs-$name.json"
valhalla="$out/valhalla-truck-$name.json"
echo "== GemNav (imports a truck graph into $graph when none is there)"
"$bin/gemnav-bench" truck --osm "$pbf" --data "$graph" --routes "${ROUTES:-500}" --pairs-out "$pairs"
echo "== Valhalla, same pairs and vehicle"
"$peers/valhalla-venv/bin/python" "$here/truck_vs_valhalla.py" "$pairs" "$name" --out "$valhalla"
echo "== GemNav again, with Valhalla's routes checked and compared"
"$bin/gemnav-bench" truck --osm "$pbf" --data "$graph" --routes "${ROUTES:-500}" --valhalla "$valhalla" \
  --out "$out/truck-summary-$name.json"
