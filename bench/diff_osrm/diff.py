#!/usr/bin/env python3
"""Real-data side-by-side: the same routes from `gemnav serve` and `osrm-routed` (CH), step by step.

Two modes:

  * extracts (default monaco, andorra, porto_portugal, krems from shared/data/osm):
        bench/diff_osrm/diff.py [-n 1000] [--extract monaco --extract krems] [--seed 42] [-j 2]
    Origins/destinations are nodes of car-drivable ways drawn exactly as
    shared/peers/osrm/bench_osrm.py draws them (same seed -> same pairs). OSRM's CH data must
    have been prepared by shared/peers/osrm/setup.sh PBF (in ~/.cache/peers/osrm-data/NAME/ch).
    -n is the total number of routes, split evenly across the extracts.

  * one hand-drawn map:
        bench/diff_osrm/diff.py --osm map.osm --queries q.txt
    q.txt holds one route per line: `lon,lat;lon,lat[;...]`, or node names such as `a,h` (the
    name tags OSRM's cucumber maps give every node; a map kept by `scenarios.py --keep` is in
    out/diff_osrm/scenarios/work/FEATURE/NNN/map.osm), optionally followed by a space and
    extra query parameters (`bearings=...&approaches=...`). Both engines are built from the
    .osm (osrm-extract + osrm-contract with OSRM's car.lua) and every route is printed side by
    side.

Both engines get `steps=true&overview=false&alternatives=false`. Per route it compares: status,
route names (step names), maneuver type + modifier sequence, roundabout exits, maneuver
locations (matched steps, > 5 m apart counts), distance and duration (within 1% / 5%), lanes,
classes and weight. Prints the share of routes whose maneuver sequence agrees and the most
common kinds of disagreement; writes out/diff_osrm/real/{summary.txt,summary.json,routes.jsonl}.

Reading the PBFs needs pyosmium: the script re-runs itself under the OSRM peer venv
(~/.cache/peers/osrm-venv/bin/python) when plain python3 lacks it.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import difflib
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from backends import GemNav, OSRM, PEERS_DIR, find_gemnav, parse_json  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"
DEFAULT_EXTRACTS = ["monaco", "andorra", "porto_portugal", "krems"]
PARAMS = "steps=true&overview=false&alternatives=false"

# same filter as shared/peers/osrm/bench_osrm.py
CAR_HIGHWAYS = {
    "motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link",
    "secondary", "secondary_link", "tertiary", "tertiary_link", "unclassified",
    "residential", "living_street", "road",
}
NO_ACCESS = {"no", "private", "agricultural", "forestry", "delivery"}


def road_node_coords(pbf: Path):
    import osmium
    coords = {}
    fp = (osmium.FileProcessor(str(pbf)).with_locations()
          .with_filter(osmium.filter.KeyFilter("highway")))
    for obj in fp:
        if not obj.is_way():
            continue
        tags = obj.tags
        if tags.get("highway") not in CAR_HIGHWAYS:
            continue
        if tags.get("access") in NO_ACCESS or tags.get("motor_vehicle") in NO_ACCESS \
                or tags.get("motorcar") in NO_ACCESS or tags.get("area") == "yes":
            continue
        for n in obj.nodes:
            if n.location.valid():
                coords[n.ref] = (round(n.lon, 7), round(n.lat, 7))
    return [coords[k] for k in sorted(coords)]


def draw_pairs(coords, n: int, seed: int):
    rng = random.Random(seed)
    pairs = []
    while len(pairs) < n:
        o, d = rng.randrange(len(coords)), rng.randrange(len(coords))
        if o != d:
            pairs.append((coords[o], coords[d]))
    return pairs


def node_names(osm: Path) -> dict:
    """name tag -> 'lon,lat' for the nodes of an .osm XML file (empty for .pbf)."""
    if osm.suffix != ".osm":
        return {}
    import xml.etree.ElementTree as ET
    out = {}
    for n in ET.parse(osm).getroot().iter("node"):
        for t in n.iter("tag"):
            if t.get("k") == "name":
                out.setdefault(t.get("v"), f"{n.get('lon')},{n.get('lat')}")
    return out


def haversine(a, b) -> float:
    lon1, lat1, lon2, lat2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6371008.8 * math.asin(math.sqrt(h))


# ----------------------------------------------------------------------------- step model
def steps_of(route):
    return [s for leg in route["legs"] for s in leg["steps"]]


def man(s) -> str:
    m = s["maneuver"]
    t = m.get("type", "?")
    mod = m.get("modifier")
    if t in ("depart", "arrive"):
        return t
    return f"{t} {mod}" if mod else t


def lanes_str(s) -> str:
    out = []
    for i in s.get("intersections", []):
        if i.get("lanes"):
            out.append(" ".join(f"{';'.join(l.get('indications', []))}:{str(l.get('valid')).lower()}"
                                for l in i["lanes"]))
    return "|".join(out)


def classes_str(s) -> str:
    cl = sorted({c for i in s.get("intersections", []) for c in (i.get("classes") or [])})
    return ",".join(cl)


def compare(o_json, g_json):
    """Field-by-field comparison of OSRM's (o) and GemNav's (g) first route."""
    res = {"osrm_code": o_json.get("code") if o_json else None,
           "gemnav_code": g_json.get("code") if g_json else None}
    if res["osrm_code"] != "Ok" or res["gemnav_code"] != "Ok":
        res["status_agree"] = res["osrm_code"] == res["gemnav_code"]
        return res
    ro, rg = o_json["routes"][0], g_json["routes"][0]
    so, sg = steps_of(ro), steps_of(rg)
    mo, mg = [man(s) for s in so], [man(s) for s in sg]
    res.update({
        "status_agree": True,
        "distance": [ro["distance"], rg["distance"]],
        "duration": [ro["duration"], rg["duration"]],
        "weight": [ro.get("weight"), rg.get("weight")],
        "same_path": abs(rg["distance"] - ro["distance"]) <= max(1.0, 0.01 * ro["distance"]),
        "maneuvers": [mo, mg],
        "names": [[s.get("name", "") for s in so], [s.get("name", "") for s in sg]],
    })
    res["maneuvers_agree"] = mo == mg
    res["types_agree"] = [s["maneuver"].get("type") for s in so] == [s["maneuver"].get("type") for s in sg]
    res["names_agree"] = res["names"][0] == res["names"][1]
    res["distance_agree"] = abs(rg["distance"] - ro["distance"]) <= max(1.0, 0.01 * ro["distance"])
    res["duration_agree"] = abs(rg["duration"] - ro["duration"]) <= max(1.0, 0.05 * ro["duration"])
    ow, gw = ro.get("weight"), rg.get("weight")
    res["weight_agree"] = ow is not None and gw is not None and abs(gw - ow) <= max(1.0, 0.05 * ow)
    # align the maneuver sequences and look at the matched steps in detail
    kinds = []
    sm = difflib.SequenceMatcher(a=mo, b=mg, autojunk=False)
    loc_bad = lanes_bad = classes_bad = exits_bad = name_bad = matched = 0
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            for a, b in zip(range(i1, i2), range(j1, j2)):
                matched += 1
                x, y = so[a], sg[b]
                if haversine(x["maneuver"]["location"], y["maneuver"]["location"]) > 5:
                    loc_bad += 1
                    kinds.append(f"location differs >5m: {mo[a]}")
                if lanes_str(x) != lanes_str(y):
                    lanes_bad += 1
                    kinds.append("lanes differ" + (" (gemnav none)" if not lanes_str(y) else
                                                   " (osrm none)" if not lanes_str(x) else ""))
                if classes_str(x) != classes_str(y):
                    classes_bad += 1
                    kinds.append(f"classes differ: {classes_str(x) or '-'} vs {classes_str(y) or '-'}")
                if x["maneuver"].get("exit") != y["maneuver"].get("exit"):
                    exits_bad += 1
                    kinds.append(f"exit number differs: {mo[a]}")
                if x.get("name", "") != y.get("name", ""):
                    name_bad += 1
        elif tag == "replace":
            if i2 - i1 == j2 - j1:
                for a, b in zip(range(i1, i2), range(j1, j2)):
                    ta, tb = so[a]["maneuver"].get("type"), sg[b]["maneuver"].get("type")
                    if ta == tb:
                        kinds.append(f"modifier: {mo[a]} -> {mg[b]}")
                    else:
                        kinds.append(f"type: {mo[a]} -> {mg[b]}")
            else:
                kinds.append(f"different steps: [{', '.join(mo[i1:i2])}] -> [{', '.join(mg[j1:j2])}]")
        elif tag == "delete":
            for a in range(i1, i2):
                kinds.append(f"missing in gemnav: {mo[a]}")
        elif tag == "insert":
            for b in range(j1, j2):
                kinds.append(f"extra in gemnav: {mg[b]}")
    res["lanes_steps"] = [sum(1 for s in so if lanes_str(s)), sum(1 for s in sg if lanes_str(s))]
    res.update({"matched_steps": matched, "locations_bad": loc_bad, "lanes_bad": lanes_bad,
                "classes_bad": classes_bad, "exits_bad": exits_bad, "names_bad_matched": name_bad,
                "kinds": kinds})
    return res


# ----------------------------------------------------------------------------- servers
def start_gemnav(binary, source: Path, work: Path, rebuild: bool):
    g = GemNav(binary, skip_search=True)
    data = work / "data"
    stamp = work / "stamp"
    key = f"{binary} {os.path.getmtime(binary)} {source} {os.path.getmtime(source)}"
    if rebuild or not (data.exists() and stamp.exists() and stamp.read_text() == key):
        work.mkdir(parents=True, exist_ok=True)
        t0 = time.time()
        g.prepare(source, work)
        stamp.write_text(key)
        print(f"  gemnav import {source.name}: {time.time() - t0:.1f} s", file=sys.stderr)
    return g.start(data, work)


def start_osrm(osrm_file: Path, work: Path):
    o = OSRM()
    work.mkdir(parents=True, exist_ok=True)
    return o.start(osrm_file, work)


def query(server, coords: str, extra: str = ""):
    path = f"/route/v1/driving/{coords}?{PARAMS}" + (f"&{extra}" if extra else "")
    try:
        status, body = server.get(path, timeout=60)
    except OSError as e:
        return {"code": f"HTTP error {e}"}
    j = parse_json(body)
    return j if j is not None else {"code": f"HTTP {status} not JSON"}


def run_pairs(gsrv, osrv, items, jobs):
    def one(it):
        coords, extra = it
        return coords, extra, query(osrv, coords, extra), query(gsrv, coords, extra)
    with cf.ThreadPoolExecutor(max_workers=jobs) as ex:
        return list(ex.map(one, items))


# ----------------------------------------------------------------------------- reporting
def report(rows, out: Path, title: str):
    out.mkdir(parents=True, exist_ok=True)
    by_ext = defaultdict(list)
    for r in rows:
        by_ext[r["extract"]].append(r)
    lines = [title, ""]
    summary = {"per_extract": {}}

    def stats(rs):
        both = [r for r in rs if r.get("osrm_code") == "Ok" and r.get("gemnav_code") == "Ok"]
        same = [r for r in both if r["same_path"]]
        d = {"routes": len(rs), "both_ok": len(both),
             "status_agree": sum(r["status_agree"] for r in rs),
             "osrm_only_ok": sum(r.get("osrm_code") == "Ok" and r.get("gemnav_code") != "Ok" for r in rs),
             "gemnav_only_ok": sum(r.get("gemnav_code") == "Ok" and r.get("osrm_code") != "Ok" for r in rs),
             "same_path": len(same)}
        for f in ("maneuvers_agree", "types_agree", "names_agree", "distance_agree", "duration_agree",
                  "weight_agree"):
            d[f] = sum(r[f] for r in both)
            d[f + "_same_path"] = sum(r[f] for r in same)
        for f in ("matched_steps", "locations_bad", "lanes_bad", "classes_bad", "exits_bad"):
            d[f] = sum(r[f] for r in both)
        d["steps_with_lanes_osrm"] = sum(r["lanes_steps"][0] for r in both)
        d["steps_with_lanes_gemnav"] = sum(r["lanes_steps"][1] for r in both)
        d["steps_osrm"] = sum(len(r["maneuvers"][0]) for r in both)
        d["steps_gemnav"] = sum(len(r["maneuvers"][1]) for r in both)
        return d

    def pct(a, b):
        return f"{100 * a / b:5.1f}%" if b else "  n/a"

    def fmt(name, d):
        b, s = d["both_ok"], d["same_path"]
        return [f"{name}: {d['routes']} routes, both Ok {b} (OSRM only {d['osrm_only_ok']}, GemNav only "
                f"{d['gemnav_only_ok']}); same path (distance within 1%) {s} = {pct(s, b)}",
                f"  maneuver sequence (type+modifier) agrees: {d['maneuvers_agree']}/{b} = "
                f"{pct(d['maneuvers_agree'], b)}   on same-path routes: {d['maneuvers_agree_same_path']}/{s} = "
                f"{pct(d['maneuvers_agree_same_path'], s)}",
                f"  maneuver types agree {pct(d['types_agree'], b)}, step names agree {pct(d['names_agree'], b)} "
                f"(same path: {pct(d['names_agree_same_path'], s)}), distance ±1% {pct(d['distance_agree'], b)}, "
                f"duration ±5% {pct(d['duration_agree'], b)}, weight ±5% {pct(d['weight_agree'], b)}",
                f"  steps: OSRM {d['steps_osrm']}, GemNav {d['steps_gemnav']}, matched (same type+modifier, in order) "
                f"{d['matched_steps']} = {pct(d['matched_steps'], d['steps_osrm'])} of OSRM's; of "
                f"matched: location >5m {d['locations_bad']}, lanes differ {d['lanes_bad']}, classes differ "
                f"{d['classes_bad']}, exit differs {d['exits_bad']}; steps with lanes: OSRM {d['steps_with_lanes_osrm']}, "
                f"GemNav {d['steps_with_lanes_gemnav']}"]
    for ext, rs in by_ext.items():
        d = stats(rs)
        summary["per_extract"][ext] = d
        lines += fmt(ext, d)
    d = stats(rows)
    summary["overall"] = d
    lines += [""] + fmt("ALL", d)
    kinds = Counter()
    route_kinds = Counter()
    for r in rows:
        ks = r.get("kinds", [])
        kinds.update(ks)
        route_kinds.update(set(ks))
    summary["kinds"] = kinds.most_common(60)
    summary["kinds_routes"] = route_kinds.most_common(60)
    fam, fam_routes = Counter(), Counter()
    for r in rows:
        fs = [kind_family(k) for k in r.get("kinds", [])]
        fam.update(fs)
        fam_routes.update(set(fs))
    summary["families"] = {k: {"occurrences": v, "routes": fam_routes[k]} for k, v in fam.most_common()}
    lines += ["", "disagreements by family (occurrences, routes affected):"]
    for k, n in fam.most_common():
        lines.append(f"  {n:>6} {fam_routes[k]:>6}  {k}")
    lines += ["", "most common disagreements (occurrences, routes affected):"]
    for k, n in kinds.most_common(40):
        lines.append(f"  {n:>6} {route_kinds[k]:>6}  {k}")
    text = "\n".join(lines) + "\n"
    (out / "summary.txt").write_text(text)
    (out / "summary.json").write_text(json.dumps(summary, indent=1))
    with open(out / "routes.jsonl", "w") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    return text


def kind_family(k: str) -> str:
    if "roundabout" in k or "rotary" in k:
        return "roundabouts/rotaries (type, exit number, modifier, location, extra/missing steps)"
    if k.startswith("classes"):
        return "intersection classes"
    if k.startswith("lanes"):
        return "lanes"
    if k.startswith("location"):
        return "maneuver location > 5 m (non-roundabout)"
    if "new name" in k:
        return "name-change steps (new name extra/missing/instead of a turn)"
    if k.startswith(("extra in gemnav", "missing in gemnav", "different steps")):
        return "other extra/missing steps (turn, fork, continue, end of road, ramps)"
    if k.startswith("type:"):
        return "turn type (turn vs end of road / continue / fork / ...)"
    if k.startswith("modifier:"):
        return "turn modifier (e.g. left vs slight left)"
    return "other"


def side_by_side(coords, o, g):
    print(f"\n=== {coords}")
    if o.get("code") != "Ok" or g.get("code") != "Ok":
        print(f"  OSRM {o.get('code')} {o.get('message', '')} | GemNav {g.get('code')} {g.get('message', '')}")
        if o.get("code") != "Ok" and g.get("code") != "Ok":
            return
    so = steps_of(o["routes"][0]) if o.get("code") == "Ok" else []
    sg = steps_of(g["routes"][0]) if g.get("code") == "Ok" else []
    if so and sg:
        print(f"  distance {o['routes'][0]['distance']} | {g['routes'][0]['distance']}   duration "
              f"{o['routes'][0]['duration']} | {g['routes'][0]['duration']}   weight {o['routes'][0].get('weight')} | "
              f"{g['routes'][0].get('weight')}")

    def cell(s):
        if s is None:
            return ""
        m = s["maneuver"]
        ex = f" exit {m['exit']}" if "exit" in m else ""
        return (f"{man(s)}{ex} @{m['location'][0]:.5f},{m['location'][1]:.5f} '{s.get('name', '')}' "
                f"{s.get('distance')}m{(' lanes ' + lanes_str(s)) if lanes_str(s) else ''}"
                f"{(' [' + classes_str(s) + ']') if classes_str(s) else ''}")
    w = max([len(cell(s)) for s in so] + [20])
    print(f"  {'OSRM':<{w}} | GemNav")
    for k in range(max(len(so), len(sg))):
        a = so[k] if k < len(so) else None
        b = sg[k] if k < len(sg) else None
        flag = " " if a is not None and b is not None and man(a) == man(b) else "*"
        print(f"{flag} {cell(a):<{w}} | {cell(b)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--extract", action="append", help="extract name (shared/data/osm/NAME.osm.pbf); repeatable")
    ap.add_argument("-n", "--routes", type=int, default=1000, help="total routes, split across extracts")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--gemnav", help="gemnav binary (default $GEMNAV_BIN, .build/release, .build/debug)")
    ap.add_argument("--osm", type=Path, help="a single .osm/.osm.pbf file to diff (with --queries)")
    ap.add_argument("--queries", type=Path, help="one 'lon,lat;lon,lat [params]' per line")
    ap.add_argument("--out", type=Path, help="report directory (default out/diff_osrm/real or .../osm-NAME)")
    ap.add_argument("--rebuild", action="store_true", help="re-import GemNav data even if up to date")
    ap.add_argument("--show", type=int, default=0, help="print N disagreeing routes side by side")
    args = ap.parse_args()

    if args.osm is None:
        try:
            import osmium  # noqa: F401
        except ImportError:
            venv_py = PEERS_DIR / "osrm-venv" / "bin" / "python"
            if venv_py.exists() and Path(sys.executable).resolve() != venv_py.resolve():
                os.execv(str(venv_py), [str(venv_py), __file__] + sys.argv[1:])
            sys.exit("pyosmium missing: run shared/peers/osrm/setup.sh --venv-only")

    binary = find_gemnav(args.gemnav)
    print(f"gemnav: {binary}", file=sys.stderr)
    rows = []
    if args.osm:
        if not args.queries:
            sys.exit("--osm needs --queries FILE")
        out = args.out or REPO / "out" / "diff_osrm" / f"osm-{args.osm.name.split('.')[0]}"
        named = node_names(args.osm)
        items = []
        for line in args.queries.read_text().splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                coords, _, extra = line.partition(" ")
                if re.fullmatch(r"[A-Za-z0-9_]+([,;][A-Za-z0-9_]+)+", coords):
                    # node names (the name tag OSRM's cucumber maps give every node): a,h or a;b;c
                    try:
                        coords = ";".join(named[n] for n in re.split(r"[,;]", coords))
                    except KeyError as e:
                        sys.exit(f"no node named {e} in {args.osm}")
                items.append((coords, extra.strip().lstrip("?")))
        work = out / "work"
        osrm_base = OSRM().prepare(args.osm, work)
        osrv = start_osrm(osrm_base, work)
        gsrv = start_gemnav(binary, args.osm.resolve(), work / "gemnav", True)
        try:
            for coords, extra, o, g in run_pairs(gsrv, osrv, items, args.jobs):
                side_by_side(coords + (f" ?{extra}" if extra else ""), o, g)
                r = compare(o, g)
                r.update({"extract": args.osm.name, "coords": coords, "params": extra})
                rows.append(r)
        finally:
            gsrv.stop()
            osrv.stop()
        print()
        print(report(rows, out, f"GemNav vs OSRM on {args.osm}"))
        return

    extracts = args.extract or DEFAULT_EXTRACTS
    out = args.out or REPO / "out" / "diff_osrm" / "real"
    per = [args.routes // len(extracts) + (1 if k < args.routes % len(extracts) else 0) for k in range(len(extracts))]
    t_all = time.time()
    for name, n in zip(extracts, per):
        pbf = Path(name) if name.endswith(".pbf") else SHARED / "data" / "osm" / f"{name}.osm.pbf"
        name = pbf.name.split(".")[0]
        osrm_file = PEERS_DIR / "osrm-data" / name / "ch" / f"{name}.osrm"
        if not (osrm_file.parent / f"{name}.osrm.hsgr").exists():
            sys.exit(f"no OSRM CH data for {name}: run shared/peers/osrm/setup.sh {pbf}")
        t0 = time.time()
        pairs = draw_pairs(road_node_coords(pbf), n, args.seed)
        work = out / "work" / name
        gsrv = start_gemnav(binary, pbf.resolve(), work / "gemnav", args.rebuild)
        osrv = start_osrm(osrm_file, work / "osrm")
        items = [(f"{o[0]},{o[1]};{d[0]},{d[1]}", "") for o, d in pairs]
        try:
            shown = 0
            for coords, extra, o, g in run_pairs(gsrv, osrv, items, args.jobs):
                r = compare(o, g)
                r.update({"extract": name, "coords": coords})
                rows.append(r)
                if shown < args.show and r.get("maneuvers_agree") is False:
                    shown += 1
                    side_by_side(coords, o, g)
        finally:
            gsrv.stop()
            osrv.stop()
        print(f"  {name}: {n} routes in {time.time() - t0:.0f} s", file=sys.stderr)
    print(report(rows, out, f"GemNav vs OSRM (CH), {len(rows)} routes, seed {args.seed}, "
                            f"{time.time() - t_all:.0f} s"))
    print(f"reports: {out}/summary.txt, summary.json, routes.jsonl")


if __name__ == "__main__":
    main()
