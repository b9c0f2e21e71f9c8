#!/usr/bin/env python3
"""Writes an OSRM segment-speed CSV updating a share of an extract's car segments.

Every segment (two consecutive nodes of a way OSRM's car profile drives: the highway values
bench_osrm.py samples, plus service roads) is drawn with probability SHARE, seeded, and gets
a new speed in both directions: mostly slower (congestion, 20-90 % of a free-flow speed for
its class), sometimes faster (up to 120 %), and 1 % closed (speed 0). No rate column, so the
weight follows the new duration in both engines.

Usage: traffic_csv.py PBF OUT.csv [--share 0.1] [--seed 7]
"""
import argparse
import random

import osmium

FREE_FLOW = {  # km/h, car.lua's speeds
    "motorway": 90, "motorway_link": 45, "trunk": 85, "trunk_link": 40, "primary": 65,
    "primary_link": 30, "secondary": 55, "secondary_link": 25, "tertiary": 40, "tertiary_link": 20,
    "unclassified": 25, "residential": 25, "living_street": 10, "road": 25, "service": 15,
}

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("pbf")
ap.add_argument("out")
ap.add_argument("--share", type=float, default=0.1)
ap.add_argument("--seed", type=int, default=7)
args = ap.parse_args()
rng = random.Random(args.seed)
lines, segments = [], 0
for way in osmium.FileProcessor(args.pbf, osmium.osm.WAY).with_filter(osmium.filter.KeyFilter("highway")):
    speed = FREE_FLOW.get(way.tags.get("highway"))
    if speed is None:
        continue
    refs = [n.ref for n in way.nodes]
    for a, b in zip(refs, refs[1:]):
        segments += 1
        if a == b or rng.random() >= args.share:
            continue
        roll = rng.random()
        new = 0 if roll < 0.01 else round(speed * (rng.uniform(0.2, 0.9) if roll < 0.85 else rng.uniform(0.9, 1.2)), 1)
        lines.append(f"{a},{b},{new}\n{b},{a},{new}\n")
with open(args.out, "w") as f:
    f.writelines(lines)
print(f"{len(lines)} of {segments} segments updated (both directions) -> {args.out}")
