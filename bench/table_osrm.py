#!/usr/bin/env python3
"""Table (many-to-many matrix) benchmark, OSRM side, and the points both engines use.

Run with the OSRM peer's Python (it has osrm-bindings and pyosmium):

    PY=~/.cache/peers/osrm-venv/bin/python
    $PY bench/table_osrm.py points porto_portugal --count 1010 --out points.json
    $PY bench/table_osrm.py run porto_portugal --points points.json --out osrm-table.json

`points` draws COUNT distinct nodes of car-drivable ways (the same filter as the route
benchmark's bench_osrm.py) with a fixed seed. `run` times OSRM CH's in-process Table() for
each shape S×D, sources = points 0..S-1, destinations = points S..S+D-1, REPEAT times after
one untimed run, single thread, and writes the times and the last durations matrix.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

PEERS_DIR = Path(os.environ.get("PEERS_DIR", Path.home() / ".cache" / "peers"))
SHARED_OSRM = Path(__file__).resolve().parent.parent.parent / "shared" / "peers" / "osrm"


def dataset_dir(name: str) -> Path:
    p = PEERS_DIR / "osrm-data" / name
    if not p.is_dir():
        sys.exit(f"error: no OSRM dataset {p}; run shared/peers/osrm/setup.sh on the extract first")
    return p


def draw_points(args) -> None:
    sys.path.insert(0, str(Path(os.environ.get("OSRM_PEER_DIR", SHARED_OSRM))))
    from bench_osrm import road_node_coords  # the route benchmark's road-node filter

    pbf = args.pbf or dataset_dir(args.dataset) / f"{args.dataset}.osm.pbf"
    coords = road_node_coords(pbf)
    points = random.Random(args.seed).sample(coords, args.count)
    Path(args.out).write_text(json.dumps({"dataset": args.dataset, "seed": args.seed, "points": points}))
    print(f"{len(points)} points from {len(coords)} road nodes -> {args.out}")


def shapes(text: str) -> list[tuple[int, int]]:
    return [tuple(int(x) for x in s.split("x")) for s in text.split(",")]


def run(args) -> None:
    import osrm

    base = dataset_dir(args.dataset) / "ch" / f"{args.dataset}.osrm"
    engine = osrm.OSRM(algorithm="CH", storage_config=str(base), use_shared_memory=False)
    points = [tuple(p) for p in json.loads(Path(args.points).read_text())["points"]]
    tables = []
    for s, d in shapes(args.shapes):
        params = osrm.TableParameters(coordinates=points[: s + d], sources=list(range(s)),
                                      destinations=list(range(s, s + d)), annotations=["duration"])
        result = engine.Table(params)  # untimed: pages the data in
        runs = []
        for _ in range(args.repeat):
            t0 = time.perf_counter_ns()
            result = engine.Table(params)
            runs.append((time.perf_counter_ns() - t0) / 1e6)
        durations = [[None if v is None else float(v) for v in row] for row in result["durations"]]
        ordered = sorted(runs)
        tables.append({"shape": f"{s}x{d}", "sources": s, "destinations": d, "runs_ms": runs,
                       "min_ms": ordered[0], "median_ms": ordered[len(ordered) // 2], "durations": durations})
        print(f"osrm-ch table {s}x{d}  min {ordered[0]:.1f} ms  median {ordered[len(ordered) // 2]:.1f} ms  ({len(runs)} runs)")
    Path(args.out).write_text(json.dumps({"engine": "osrm-ch", "tables": tables}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("points", help="draw the benchmark points")
    p.add_argument("dataset")
    p.add_argument("--count", type=int, default=1010)
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--pbf", type=Path)
    p.add_argument("--out", required=True)
    r = sub.add_parser("run", help="time OSRM CH tables")
    r.add_argument("dataset")
    r.add_argument("--points", required=True)
    r.add_argument("--shapes", default="100x100,1000x10")
    r.add_argument("--repeat", type=int, default=5)
    r.add_argument("--out", required=True)
    args = ap.parse_args()
    draw_points(args) if args.command == "points" else run(args)


if __name__ == "__main__":
    main()
