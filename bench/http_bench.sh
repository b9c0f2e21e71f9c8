#!/usr/bin/env bash
# HTTP benchmark: gemnav serve against osrm-routed under wrk on the same route pairs.
# Usage: bench/http_bench.sh [DATASET] [http_bench.py options]   (DATASET defaults to porto_portugal)
set -euo pipefail
cd "$(dirname "$0")/.."
dataset=${1:-porto_portugal}
shift || true
exec python3 bench/http_bench.py --dataset "$dataset" "$@"
