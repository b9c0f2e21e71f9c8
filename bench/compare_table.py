#!/usr/bin/env python3
"""Summarises bench/table_vs_osrm.sh: per table shape, each engine's best round (the fastest
of its median times, since the machine's speed drifts between rounds), the time ratio
GemNav / OSRM CH, and the median of the per-cell duration ratios GemNav / OSRM over the
cells both engines answered (pairs on one spot, 0 s, left out).

    python3 bench/compare_table.py --osrm R1.json R2.json … --gemnav R1.json R2.json … --out SUMMARY.json

Exits 1 when a median duration ratio is outside 0.9–1.1.
"""
import argparse
import json
import statistics
import sys


def load(paths):
    return [json.load(open(p)) for p in paths]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--osrm", nargs="+", required=True)
    ap.add_argument("--gemnav", nargs="+", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    osrm_rounds, gemnav_rounds = load(args.osrm), load(args.gemnav)
    summary = {"rounds": len(osrm_rounds), "tables": []}
    ok = True
    print(f"{'table':<10} {'osrm-ch ms':>11} {'gemnav ms':>10} {'time ratio':>11} {'duration ratio':>15} {'cells':>7} {'only one':>9}")
    for index, shape in enumerate(t["shape"] for t in osrm_rounds[0]["tables"]):
        o = [r["tables"][index] for r in osrm_rounds]
        g = [r["tables"][index] for r in gemnav_rounds]
        assert all(t["shape"] == shape for t in o + g), "rounds list different shapes"
        o_best = min(t["median_ms"] for t in o)
        g_best = min(t["median_ms"] for t in g)
        ratios, only_one = [], 0
        for orow, grow in zip(o[-1]["durations"], g[-1]["durations"]):
            for a, b in zip(orow, grow):
                if (a is None) != (b is None):
                    only_one += 1
                elif a and b:
                    ratios.append(b / a)
        median_ratio = statistics.median(ratios) if ratios else float("nan")
        within = 0.9 <= median_ratio <= 1.1
        ok = ok and within
        row = {"shape": shape, "osrm_ch_ms_per_round": [t["median_ms"] for t in o],
               "gemnav_ms_per_round": [t["median_ms"] for t in g], "osrm_ch_best_ms": o_best,
               "gemnav_best_ms": g_best, "time_ratio": g_best / o_best, "median_duration_ratio": median_ratio,
               "cells_compared": len(ratios), "cells_answered_by_one_engine": only_one,
               "duration_ratio_within_0.9_1.1": within}
        summary["tables"].append(row)
        print(f"{shape:<10} {o_best:>11.1f} {g_best:>10.1f} {row['time_ratio']:>10.2f}x {median_ratio:>15.4f} "
              f"{len(ratios):>7} {only_one:>9}")
    json.dump(summary, open(args.out, "w"), indent=2)
    if not ok:
        print("FAIL: a median duration ratio is outside 0.9-1.1", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
