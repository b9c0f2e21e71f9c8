#!/usr/bin/env python3
"""Valhalla's truck routes for the pairs `gemnav-bench truck --pairs-out` drew, in process
(pyvalhalla), with the same vehicle: written for `gemnav-bench truck --valhalla`, which checks
them against the OSM limits and compares them with GemNav's (see bench/truck_vs_valhalla.sh).

    ~/.cache/peers/valhalla-venv/bin/python bench/truck_vs_valhalla.py PAIRS.json NAME --out RESULTS.json

NAME is the extract's name (valhalla-data/NAME/valhalla.json from ../shared/peers/valhalla/setup.sh).
Latency is the wall time of one Actor.route() call (costing=truck, maneuvers with narrative,
shape), single thread, after a warm-up pass.
"""
import argparse
import json
import os
import sys
import time

PEERS = os.environ.get("PEERS_HOME", os.path.join(os.path.expanduser("~"), ".cache", "peers"))


def decode_polyline6(s: str) -> list[list[float]]:
    """Google's polyline algorithm at 1e-6: [[lat, lon], ...]."""
    points, lat, lon, i = [], 0, 0, 0
    while i < len(s):
        deltas = []
        for _ in range(2):
            shift = result = 0
            while True:
                b = ord(s[i]) - 63
                i += 1
                result |= (b & 0x1F) << shift
                shift += 5
                if b < 0x20:
                    break
            deltas.append(~(result >> 1) if result & 1 else result >> 1)
        lat += deltas[0]
        lon += deltas[1]
        points.append([lat / 1e6, lon / 1e6])
    return points


def percentile(sorted_values: list[float], q: float) -> float:
    """Nearest rank, as bench_osrm.py and gemnav-bench use."""
    k = max(0, min(len(sorted_values) - 1, int(-(-q * len(sorted_values) // 100)) - 1))
    return sorted_values[k]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pairs")
    ap.add_argument("name")
    ap.add_argument("--out", required=True)
    ap.add_argument("--warmup", type=int, default=50)
    a = ap.parse_args()

    import valhalla
    cfg = os.path.join(PEERS, "valhalla-data", a.name, "valhalla.json")
    if not os.path.exists(cfg):
        sys.exit(f"{cfg} missing: run ../shared/peers/valhalla/setup.sh on the extract first")
    with open(cfg) as f:
        conf = json.load(f)
    conf["logging"] = {"type": "", "color": False}
    actor = valhalla.Actor(conf)

    drawn = json.load(open(a.pairs))
    v = drawn["vehicle"]
    truck = {"height": v["height"], "weight": v["weight"], "width": v["width"], "length": v["length"],
             "axle_load": v["axleLoad"]}

    def request(p) -> str:
        return json.dumps({
            "locations": [{"lon": p["origin"][0], "lat": p["origin"][1], "type": "break"},
                          {"lon": p["destination"][0], "lat": p["destination"][1], "type": "break"}],
            "costing": "truck", "costing_options": {"truck": truck},
            "directions_type": "instructions", "units": "kilometers", "language": "en-US",
        })

    requests = [request(p) for p in drawn["pairs"]]
    for r in requests[: a.warmup]:
        try:
            actor.route(r)
        except Exception:
            pass
    latencies, rows = [], []
    for p, r in zip(drawn["pairs"], requests):
        t = time.perf_counter_ns()
        try:
            resp, err = actor.route(r), None
        except Exception as e:  # no route, no road near a point
            resp, err = None, str(e)
        latencies.append((time.perf_counter_ns() - t) / 1000.0)
        row = {"origin": p["origin"], "destination": p["destination"], "ok": resp is not None, "error": err}
        if resp is not None:
            trip = json.loads(resp)["trip"]
            shape = []
            for leg in trip["legs"]:
                points = decode_polyline6(leg["shape"])
                shape.extend(points if not shape else points[1:])
            row.update(distance_m=trip["summary"]["length"] * 1000.0, duration_s=trip["summary"]["time"], shape=shape)
        rows.append(row)
    s = sorted(latencies)
    out = {"engine": "valhalla", "version": valhalla.__version__, "costing": "truck", "vehicle": truck,
           "latency": {"p50_us": percentile(s, 50), "p99_us": percentile(s, 99), "n": len(s)}, "pairs": rows}
    with open(a.out, "w") as f:
        json.dump(out, f)
    ok = sum(r["ok"] for r in rows)
    print(f"valhalla truck  n={len(rows)} routed={ok}  p50 {out['latency']['p50_us']:.0f} µs  p99 {out['latency']['p99_us']:.0f} µs")


if __name__ == "__main__":
    main()
