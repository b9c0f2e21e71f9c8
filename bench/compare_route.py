#!/usr/bin/env python3
"""Prints GemNav / OSRM ratios from one benchmark run (see route_vs_osrm.sh) and writes them as JSON.

The run has one or more rounds in which the two engines take turns on the same pairs; the
latency ratios use each engine's best round (this machine's speed drifts between rounds), and
every round's own ratios are printed too."""
import argparse, json, os, re, statistics
from pathlib import Path


def dir_size(p: Path) -> int:
    return sum(f.stat().st_size for f in p.rglob("*") if f.is_file()) if p.is_dir() else p.stat().st_size


def main() -> None:
    ap = argparse.ArgumentParser()
    for a in ("--osrm", "--gemnav"):
        ap.add_argument(a, required=True, nargs="+", help="one results file per round")
    ap.add_argument("--gemnav-same", nargs="*", default=[],
                    help="rounds of GemNav asked exactly OSRM's request (no voice or banner instructions)")
    for a in ("--osrm-timings", "--gemnav-time", "--osrm-ch-dir", "--gemnav-graph", "--out"):
        ap.add_argument(a, required=True)
    args = ap.parse_args()
    osrm_rounds = [json.load(open(f)) for f in args.osrm]
    our_rounds = [json.load(open(f)) for f in args.gemnav]
    osrm, ours = osrm_rounds[0], our_rounds[0]
    o_lats = [r["latency"]["ch"] for r in osrm_rounds]
    g_lats = [r["latency"] for r in our_rounds]
    o_lat = {k: min(l[k] for l in o_lats) for k in ("p50_us", "p99_us")}
    g_lat = {k: min(l[k] for l in g_lats) for k in ("p50_us", "p99_us")}

    steps = {}
    for line in open(args.osrm_timings).read().splitlines()[1:]:
        step, wall, rss = line.split("\t")
        steps[step] = (float(wall), int(rss))
    osrm_wall = steps["extract"][0] + steps["contract"][0]
    osrm_rss = max(steps["extract"][1], steps["contract"][1])
    t = open(args.gemnav_time).read()
    m = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", t)
    g_wall = (int(m.group(1) or 0) * 3600 + int(m.group(2)) * 60 + float(m.group(3))) if m else float("nan")
    g_rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", t).group(1))

    osrm_ok = ours_ok = both = 0
    dur, dist = [], []
    for o, g in zip(osrm["pairs"], ours["pairs"]):
        o_ok = o.get("duration_s") is not None
        g_ok = g.get("error") is None and g.get("duration_s") is not None
        osrm_ok += o_ok
        ours_ok += g_ok
        if o_ok and g_ok:
            both += 1
            if o["duration_s"] > 0 and o["distance_m"] > 0:
                dur.append(g["duration_s"] / o["duration_s"])
                dist.append(g["distance_m"] / o["distance_m"])
    missed = sum(1 for o, g in zip(osrm["pairs"], ours["pairs"])
                 if o.get("duration_s") is not None and g.get("error") is not None)
    summary = {
        "pairs": len(ours["pairs"]),
        "rounds": [{"gemnav_p50_us": g["p50_us"], "osrm_p50_us": o["p50_us"],
                    "gemnav_p99_us": g["p99_us"], "osrm_p99_us": o["p99_us"]} for g, o in zip(g_lats, o_lats)],
        "query_p50_us": {"gemnav": g_lat["p50_us"], "osrm_ch": o_lat["p50_us"], "ratio": g_lat["p50_us"] / o_lat["p50_us"]},
        "query_p99_us": {"gemnav": g_lat["p99_us"], "osrm_ch": o_lat["p99_us"], "ratio": g_lat["p99_us"] / o_lat["p99_us"]},
        "import_wall_s": {"gemnav": g_wall, "osrm_extract_contract": osrm_wall, "ratio": g_wall / osrm_wall},
        "import_peak_kib": {"gemnav": g_rss, "osrm": osrm_rss, "ratio": g_rss / osrm_rss},
        "dataset_bytes": {"gemnav": dir_size(Path(args.gemnav_graph)), "osrm_ch": dir_size(Path(args.osrm_ch_dir))},
        "routed": {"gemnav": ours_ok, "osrm": osrm_ok, "osrm_routed_gemnav_not": missed},
        "duration_ratio_median": statistics.median(dur) if dur else None,
        "distance_ratio_median": statistics.median(dist) if dist else None,
    }
    if args.gemnav_same:
        s_lats = [json.load(open(f))["latency"] for f in args.gemnav_same]
        for r, l in zip(summary["rounds"], s_lats):
            r["gemnav_same_p50_us"], r["gemnav_same_p99_us"] = l["p50_us"], l["p99_us"]
        for k in ("p50_us", "p99_us"):
            best = min(l[k] for l in s_lats)
            summary[f"same_request_query_{k}"] = {"gemnav": best, "osrm_ch": o_lat[k], "ratio": best / o_lat[k]}
    summary["dataset_bytes"]["ratio"] = summary["dataset_bytes"]["gemnav"] / summary["dataset_bytes"]["osrm_ch"]
    Path(args.out).write_text(json.dumps(summary, indent=1))
    print()
    for i, r in enumerate(summary["rounds"], 1):
        print(f"round {i}: p50 {r['gemnav_p50_us']:.0f} / {r['osrm_p50_us']:.0f} µs = {r['gemnav_p50_us'] / r['osrm_p50_us']:.2f}, "
              f"p99 {r['gemnav_p99_us']:.0f} / {r['osrm_p99_us']:.0f} µs = {r['gemnav_p99_us'] / r['osrm_p99_us']:.2f}")
        if "gemnav_same_p50_us" in r:
            print(f"         same request as OSRM's (no voice/banner): p50 {r['gemnav_same_p50_us'] / r['osrm_p50_us']:.2f}, "
                  f"p99 {r['gemnav_same_p99_us'] / r['osrm_p99_us']:.2f}")
    print(f"latency below: each engine's best of {len(summary['rounds'])} round(s)")
    print(f"{'measure':<28}{'GemNav':>14}{'OSRM':>14}{'ratio':>9}")
    for key, label in (("query_p50_us", "query p50 (µs)"), ("query_p99_us", "query p99 (µs)"),
                       ("same_request_query_p50_us", "same request p50 (µs)"),
                       ("same_request_query_p99_us", "same request p99 (µs)"),
                       ("import_wall_s", "import wall (s)"), ("import_peak_kib", "import peak (KiB)"),
                       ("dataset_bytes", "dataset on disk (bytes)")):
        if key not in summary:
            continue
        row = summary[key]
        values = [v for k, v in row.items() if k != "ratio"]
        print(f"{label:<28}{values[0]:>14.1f}{values[1]:>14.1f}{row['ratio']:>9.2f}")
    print(f"pairs routed: GemNav {ours_ok}, OSRM {osrm_ok}, OSRM-only {missed}")
    print(f"median per-pair ratio: duration {summary['duration_ratio_median']:.3f}, distance {summary['distance_ratio_median']:.3f}")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
