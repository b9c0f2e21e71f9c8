#!/usr/bin/env python3
"""Prints GemNav / OSRM ratios from one benchmark run (see route_vs_osrm.sh) and writes them as JSON."""
import argparse, json, os, re, statistics
from pathlib import Path


def dir_size(p: Path) -> int:
    return sum(f.stat().st_size for f in p.rglob("*") if f.is_file()) if p.is_dir() else p.stat().st_size


def main() -> None:
    ap = argparse.ArgumentParser()
    for a in ("--osrm", "--gemnav", "--osrm-timings", "--gemnav-time", "--osrm-ch-dir", "--gemnav-graph", "--out"):
        ap.add_argument(a, required=True)
    args = ap.parse_args()
    osrm, ours = json.load(open(args.osrm)), json.load(open(args.gemnav))
    o_lat, g_lat = osrm["latency"]["ch"], ours["latency"]

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
        "query_p50_us": {"gemnav": g_lat["p50_us"], "osrm_ch": o_lat["p50_us"], "ratio": g_lat["p50_us"] / o_lat["p50_us"]},
        "query_p99_us": {"gemnav": g_lat["p99_us"], "osrm_ch": o_lat["p99_us"], "ratio": g_lat["p99_us"] / o_lat["p99_us"]},
        "import_wall_s": {"gemnav": g_wall, "osrm_extract_contract": osrm_wall, "ratio": g_wall / osrm_wall},
        "import_peak_kib": {"gemnav": g_rss, "osrm": osrm_rss, "ratio": g_rss / osrm_rss},
        "dataset_bytes": {"gemnav": dir_size(Path(args.gemnav_graph)), "osrm_ch": dir_size(Path(args.osrm_ch_dir))},
        "routed": {"gemnav": ours_ok, "osrm": osrm_ok, "osrm_routed_gemnav_not": missed},
        "duration_ratio_median": statistics.median(dur) if dur else None,
        "distance_ratio_median": statistics.median(dist) if dist else None,
    }
    summary["dataset_bytes"]["ratio"] = summary["dataset_bytes"]["gemnav"] / summary["dataset_bytes"]["osrm_ch"]
    Path(args.out).write_text(json.dumps(summary, indent=1))
    print()
    print(f"{'measure':<28}{'GemNav':>14}{'OSRM':>14}{'ratio':>9}")
    for key, label in (("query_p50_us", "query p50 (µs)"), ("query_p99_us", "query p99 (µs)"),
                       ("import_wall_s", "import wall (s)"), ("import_peak_kib", "import peak (KiB)"),
                       ("dataset_bytes", "dataset on disk (bytes)")):
        row = summary[key]
        values = [v for k, v in row.items() if k != "ratio"]
        print(f"{label:<28}{values[0]:>14.1f}{values[1]:>14.1f}{row['ratio']:>9.2f}")
    print(f"pairs routed: GemNav {ours_ok}, OSRM {osrm_ok}, OSRM-only {missed}")
    print(f"median per-pair ratio: duration {summary['duration_ratio_median']:.3f}, distance {summary['distance_ratio_median']:.3f}")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
