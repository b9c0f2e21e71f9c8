#!/usr/bin/env bash
# Route benchmark, GemNav side by side with OSRM (CH) in one run on the same extract and the
# same origin/destination pairs: query latency (with steps, voice and banner instructions and
# full geometry; and GemNav asked OSRM's own request, without the voice and banner instructions
# OSRM cannot write), import wall time and peak memory, dataset size, and per-pair agreement.
#
# Usage: [ROUNDS=3] bench/route_vs_osrm.sh [EXTRACT_NAME]     (default porto_portugal)
# Needs: ../shared/peers/osrm (installs OSRM from PyPI into ~/.cache/peers), /usr/bin/time.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$here")"
name="${1:-porto_portugal}"
shared="$repo/../shared"
pbf="$shared/data/osm/$name.osm.pbf"
peers="${PEERS_DIR:-$HOME/.cache/peers}"
out="${OUT_DIR:-$repo/out/bench}"
mkdir -p "$out"

echo "== build (release)"
for product in gemnav gemnav-bench; do
  (cd "$repo" && swift build -c release --product "$product" 2>&1 | tail -1)
done
bin="$(cd "$repo" && swift build -c release --show-bin-path)"

echo "== OSRM: extract + contract (timed by setup.sh)"
"$shared/peers/osrm/setup.sh" --force "$pbf" "$name" | tail -8
pairs="$out/$name-n1000-s42.json"

echo "== GemNav: import (timed)"
graph="$out/graph-$name"
# OSRM builds no map tiles, so neither does the import it is compared with.
/usr/bin/time -v "$bin/gemnav" import "$pbf" --profile car --output "$graph" --skip-tiles 2> "$out/gemnav-import.time" | tail -1

# This machine's speed drifts by tens of percent over a minute (shared cores), so the two
# engines take turns, ROUNDS times, on the same pairs; each engine's best round counts.
rounds="${ROUNDS:-3}"
osrm_runs=() gemnav_runs=() same_runs=()
for round in $(seq 1 "$rounds"); do
  echo "== round $round/$rounds: OSRM in-process CH, then GemNav, on the same pairs"
  "$peers/osrm-venv/bin/python" "$shared/peers/osrm/bench_osrm.py" "$name" -a ch --out-dir "$out" | grep -E "^(engine|osrm-ch) "
  cp "$pairs" "$out/osrm-$name-round$round.json"
  osrm_runs+=("$out/osrm-$name-round$round.json")
  "$bin/gemnav-bench" route --data "$graph" --pairs "$pairs" --out "$out/gemnav-route-$name-round$round.json"
  gemnav_runs+=("$out/gemnav-route-$name-round$round.json")
  # OSRM cannot write voice or banner instructions; GemNav asked the very same request too.
  "$bin/gemnav-bench" route --data "$graph" --pairs "$pairs" --same-as-osrm --out "$out/gemnav-same-$name-round$round.json"
  same_runs+=("$out/gemnav-same-$name-round$round.json")
done

python3 "$here/compare_route.py" --osrm "${osrm_runs[@]}" --gemnav "${gemnav_runs[@]}" --gemnav-same "${same_runs[@]}" \
  --osrm-timings "$peers/osrm-data/$name/timings.tsv" --gemnav-time "$out/gemnav-import.time" \
  --osrm-ch-dir "$peers/osrm-data/$name/ch" --gemnav-graph "$graph" --out "$out/route-summary-$name.json"
