#!/usr/bin/env bash
# Table (many-to-many matrix) benchmark, GemNav side by side with OSRM (CH) in one run on the
# same extract and the same points: 100×100 and 1,000×10 tables, single thread, in process
# on both sides (no HTTP), and the median per-cell duration ratio (must be 0.9–1.1).
#
# Usage: [ROUNDS=3] [REPEAT=5] [SHAPES=100x100,1000x10] bench/table_vs_osrm.sh [EXTRACT_NAME]
#        (default porto_portugal). CONFIG=debug with small SHAPES checks the script itself
#        (e.g. on monaco) without a release build; its times mean nothing.
# Needs: ../shared/peers/osrm (installs OSRM from PyPI into ~/.cache/peers).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$here")"
name="${1:-porto_portugal}"
shared="$repo/../shared"
pbf="$shared/data/osm/$name.osm.pbf"
peers="${PEERS_DIR:-$HOME/.cache/peers}"
out="${OUT_DIR:-$repo/out/bench}"
shapes="${SHAPES:-100x100,1000x10}"
repeat="${REPEAT:-5}"
mkdir -p "$out"
py="$peers/osrm-venv/bin/python"

config="${CONFIG:-release}"
echo "== build ($config)"
for product in gemnav gemnav-bench; do
  (cd "$repo" && swift build -c "$config" --product "$product" 2>&1 | tail -1)
done
bin="$(cd "$repo" && swift build -c "$config" --show-bin-path)"

if [[ ! -f "$peers/osrm-data/$name/ch/$name.osrm.hsgr" || -n "${FORCE_OSRM:-}" ]]; then
  echo "== OSRM: extract + contract"
  "$shared/peers/osrm/setup.sh" --force "$pbf" "$name" | tail -8
fi

graph="$out/graph-$name"
if [[ ! -f "$graph/graph.gemnav" || -n "${FORCE_IMPORT:-}" ]]; then
  echo "== GemNav: import"
  "$bin/gemnav" import "$pbf" --profile car --output "$graph" --skip-tiles | tail -1
fi

# Enough points for the largest shape: S sources then D destinations.
count=$(python3 -c "import sys; print(max(sum(map(int, s.split('x'))) for s in sys.argv[1].split(',')))" "$shapes")
points="$out/$name-table-points-$count.json"
[[ -f "$points" ]] || "$py" "$here/table_osrm.py" points "$name" --count "$count" --pbf "$pbf" --out "$points"

# This machine's speed drifts by tens of percent over a minute (shared cores), so the two
# engines take turns, ROUNDS times, on the same points; each engine's best round counts.
rounds="${ROUNDS:-3}"
osrm_runs=() gemnav_runs=()
for round in $(seq 1 "$rounds"); do
  echo "== round $round/$rounds: OSRM in-process CH, then GemNav"
  "$py" "$here/table_osrm.py" run "$name" --points "$points" --shapes "$shapes" --repeat "$repeat" \
    --out "$out/osrm-table-$name-round$round.json"
  osrm_runs+=("$out/osrm-table-$name-round$round.json")
  "$bin/gemnav-bench" table --data "$graph" --points "$points" --shapes "$shapes" --repeat "$repeat" \
    --out "$out/gemnav-table-$name-round$round.json"
  gemnav_runs+=("$out/gemnav-table-$name-round$round.json")
done

python3 "$here/compare_table.py" --osrm "${osrm_runs[@]}" --gemnav "${gemnav_runs[@]}" \
  --out "$out/table-summary-$name.json"
