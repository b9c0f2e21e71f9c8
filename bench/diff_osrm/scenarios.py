#!/usr/bin/env python3
"""Run OSRM's own cucumber scenarios (features/car, features/guidance) against `gemnav serve`.

Each car scenario's node map / ways / nodes / relations become OSM XML exactly as OSRM's test
support code builds it; `gemnav import` + `gemnav serve` load it; the same route requests are
sent; every column of `When I route I should get` and `Then routability should be` is computed
from the response the way OSRM's step definitions do and compared with the table (same fuzzy
rules: `~5%`, `+-1`, `/regex/`). The expected values are in the tables, so OSRM need not run;
`--backend osrm` runs the same tables through osrm-routed to validate this harness.

Feature files are not in this repository: populate them first with
    bench/diff_osrm/fetch_features.sh            # -> out/osrm-features/features/{car,guidance,...}

Usage:
    bench/diff_osrm/scenarios.py [-j 2] [--feature roundabout] [--scenario "Only Enter"]
                                 [--gemnav PATH] [--backend gemnav|osrm] [--out DIR]
Reports go to out/diff_osrm/scenarios/ (summary.txt, summary.json, failures.json, rows.jsonl).
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import fnmatch
import json
import os
import re
import shutil
import sys
import time
import traceback
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from backends import GemNav, OSRM, BackendError, find_gemnav, parse_json  # noqa: E402
from gherkin import parse_feature  # noqa: E402
from jsemu import fuzzy_match, js_str, JSTypeError  # noqa: E402
from osrmworld import (World, ScenarioError, Location, WAY_SPACING, route_path, route_row_got,  # noqa: E402
                       compare_row, way_list)

REPO = Path(__file__).resolve().parents[2]
DEFAULT_FEATURES = REPO / "out" / "osrm-features" / "features"

# ----------------------------------------------------------------------------- areas
AREAS = {
    "roundabouts": ["guidance/roundabout*", "guidance/rotary*", "guidance/mini-roundabout",
                    "guidance/circular", "car/roundabout"],
    "lanes": ["guidance/turn-lanes", "guidance/anticipate-lanes", "guidance/advanced-lanes", "car/lanes"],
    "names/signs": ["guidance/destination-signs*", "guidance/directional-*", "guidance/exit-numbers-names",
                    "guidance/suffix-changes", "guidance/new-name", "car/names", "car/destination",
                    "car/sidepath_names", "guidance/maneuver-tag"],
    "restrictions/snapping": ["car/restrictions", "car/multi_via_restrictions", "car/conditional_restrictions",
                              "car/approach", "car/side_bias", "car/startpoint", "car/via",
                              "car/turning_circle_uturn", "car/turning_loop", "car/loop", "car/driving_side"],
    "car rules": ["car/*"],
    "junction shape": ["guidance/*"],
}


def area_of(rel: str) -> str:
    for area, pats in AREAS.items():
        if any(fnmatch.fnmatch(rel, p) for p in pats):
            return area
    return "other"


# ----------------------------------------------------------------------------- step table
SKIP_TAGS = {"@todo", "@stress"}

BUILD_STEPS = [
    (re.compile(r'^the profile "([^"]*)"$'), "profile"),
    (re.compile(r"^a grid size of ([0-9.]+) meters$"), "grid"),
    (re.compile(r"^the origin ([-+]?[0-9]*\.?[0-9]+),([-+]?[0-9]*\.?[0-9]+)$"), "origin"),
    (re.compile(r"^the shortcuts$"), "shortcuts"),
    (re.compile(r"^the node map$"), "node_map"),
    (re.compile(r"^the node locations$"), "node_locations"),
    (re.compile(r"^the nodes$"), "nodes"),
    (re.compile(r"^the ways( with locations)?$"), "ways"),
    (re.compile(r"^the relations$"), "relations"),
    (re.compile(r"^the query options$"), "query_options"),
    (re.compile(r'^node "([a-z])" is removed from OSM data$'), "remove_node"),
    (re.compile(r"^skip waypoints$"), "skip_waypoints"),
    (re.compile(r"^I route I should get$"), "route"),
    (re.compile(r"^I route (\d+) times I should get$"), "route"),
    (re.compile(r"^routability should be$"), "routability"),
]
UNSUPPORTED = [
    (re.compile(r"^the profile file"), "profile file patched with Lua"),
    (re.compile(r"^the (extract|contract|partition|customize|data load) extra arguments"), "extra tool arguments"),
    (re.compile(r"^the (speed|turn penalty) file"), "traffic update files"),
    (re.compile(r"^the raster source"), "raster source"),
    (re.compile(r"^the input file"), "input file"),
    (re.compile(r"^I request nearest"), "nearest request"),
    (re.compile(r"^I request a travel (time|distance) matrix"), "table request"),
    (re.compile(r"^I match"), "match request"),
    (re.compile(r"^I plan a trip"), "trip request"),
    (re.compile(r"^I request /"), "raw request"),
    (re.compile(r"^I (try to )?run"), "runs OSRM tools"),
    (re.compile(r"osrm-datastore|osrm-routed"), "osrm-datastore/osrm-routed"),
]


def classify(scenario, background):
    """None if runnable, else the reason it is skipped."""
    tags = set(scenario.tags)
    bad = tags & SKIP_TAGS
    if bad:
        return f"tag {sorted(bad)[0]} (excluded by OSRM's cucumber config too)"
    profile = "bicycle"  # env.DEFAULT_PROFILE
    has_check = False
    for st in background + scenario.steps:
        for rx, reason in UNSUPPORTED:
            if rx.search(st.text):
                return reason
        kind = next((k for rx, k in BUILD_STEPS if rx.search(st.text)), None)
        if kind is None:
            return f"unsupported step: {st.text[:60]}"
        if kind == "profile" and not has_check:
            profile = BUILD_STEPS[0][0].search(st.text).group(1)
        if kind in ("route", "routability"):
            has_check = True
    if not has_check:
        return "no route/routability table"
    if profile != "car":
        return f"profile {profile}"
    return None


# ----------------------------------------------------------------------------- running
class Runner:
    def __init__(self, backend, work_root: Path, keep: bool):
        self.backend = backend
        self.work_root = work_root
        self.keep = keep

    def run(self, feature, rel, idx, scenario):
        t0 = time.time()
        res = {"feature": rel, "area": area_of(rel), "scenario": scenario.name, "line": scenario.line,
               "rows": [], "status": "ok", "error": None}
        reason = classify(scenario, feature.background)
        if reason:
            res["status"] = "skipped"
            res["error"] = reason
            return res
        work = self.work_root / rel.replace("/", "__") / f"{idx:03d}"
        if work.exists():
            shutil.rmtree(work)
        work.mkdir(parents=True)
        world = World()
        server = None
        loaded = False
        try:
            for st in feature.background + scenario.steps:
                kind, m = next(((k, rx.search(st.text)) for rx, k in BUILD_STEPS if rx.search(st.text)))
                if kind == "profile":
                    world.profile = m.group(1)
                elif kind == "grid":
                    world.set_grid_size(m.group(1))
                elif kind == "origin":
                    world.set_origin((float(m.group(1)), float(m.group(2))))
                elif kind == "shortcuts":
                    for row in st.hashes():
                        world.shortcuts[row["key"]] = row["value"]
                elif kind == "node_map":
                    world.node_map(st.docstring or "")
                elif kind == "node_locations":
                    world.node_locations(st.hashes())
                elif kind == "nodes":
                    world.nodes_table(st.hashes())
                elif kind == "ways":
                    world.ways_table(st.hashes(), add_locations=bool(m.group(1)))
                elif kind == "relations":
                    world.relations_table(st.table)
                elif kind == "query_options":
                    for r in st.table:
                        world.query_params[r[0]] = r[1] if len(r) > 1 else ""
                elif kind == "remove_node":
                    world.remove_node(m.group(1))
                elif kind == "skip_waypoints":
                    world.query_params["skip_waypoints"] = "true"
                elif kind in ("route", "routability"):
                    if kind == "routability":
                        world.routability_ways(st.hashes())
                    if not loaded:
                        loaded = True
                        osm = work / "map.osm"
                        osm.write_text(world.to_xml())
                        try:
                            data = self.backend.prepare(osm, work)
                            server = self.backend.start(data, work)
                        except BackendError as e:
                            res["status"] = "import-error"
                            res["error"] = str(e)
                    if kind == "route":
                        self.route_table(world, st, server, res)
                    else:
                        self.routability_table(world, st, server, res)
        except ScenarioError as e:
            res["status"] = "scenario-error"
            res["error"] = str(e)
        except Exception as e:  # noqa: BLE001
            res["status"] = "harness-error"
            res["error"] = f"{type(e).__name__}: {e}\n{traceback.format_exc()[-800:]}"
        finally:
            if server:
                server.stop()
            if work.exists() and any(not r["ok"] for r in res["rows"]):
                write_queries(work / "queries.txt", res["rows"])
            if not self.keep and res["status"] == "ok" and all(r["ok"] for r in res["rows"]):
                shutil.rmtree(work, ignore_errors=True)
            elif (work / "data").exists() and not self.keep:
                shutil.rmtree(work / "data", ignore_errors=True)
        res["work"] = str(work)
        res["seconds"] = round(time.time() - t0, 2)
        return res

    # -- one "When I route I should get" table
    def route_table(self, world, st, server, res):
        headers = st.table[0]
        for ri, row in enumerate(st.hashes()):
            rec = {"kind": "route", "step_line": st.line, "row": ri, "expected": row}
            try:
                if server is None:
                    raise BackendError("no server (import failed)")
                if "request" in headers:
                    path = "/" + row["request"].lstrip("/")
                else:
                    pts = []
                    if row.get("from") and row.get("to"):
                        for n in (row["from"], row["to"]):
                            node = world.find_node_by_name(n)
                            if not node:
                                raise ScenarioError(f'unknown node "{n}"')
                            pts.append(node)
                    elif row.get("waypoints"):
                        for n in row["waypoints"].split(","):
                            node = world.find_node_by_name(n.strip())
                            if not node:
                                raise ScenarioError(f'unknown waypoint node "{n.strip()}"')
                            pts.append(node)
                    else:
                        raise ScenarioError("no waypoints")
                    bearings = [b for b in row["bearings"].split(" ") if b] if row.get("bearings") else []
                    approaches = [b for b in row["approaches"].split(" ") if b] if row.get("approaches") else []
                    path = route_path(world.profile, pts, bearings, approaches, world.query_params)
                rec["url"] = path
                status, body = server.get(path)
                j = parse_json(body)
                if j is None:
                    raise BackendError(f"HTTP {status}, not JSON: {body[:200]}")
                got = route_row_got(world, row, headers, status, j, via_request="request" in headers)
                diffs = compare_row(row, got)
                rec["got"] = {k: (v if isinstance(v, str) or v is None else js_str(v)) for k, v in got.items()
                              if k in row}
                rec["code"] = j.get("code")
                rec["snap_m"] = [w.get("distance") for w in j.get("waypoints") or []]
                rec["diffs"] = diffs
                rec["ok"] = not diffs
            except (BackendError, ScenarioError, OSError) as e:
                rec["ok"] = False
                rec["error"] = f"{type(e).__name__}: {e}"
                rec["diffs"] = {"*": ("", rec["error"])}
            res["rows"].append(rec)

    # -- one "Then routability should be" table
    def routability_table(self, world, st, server, res):
        rows = st.hashes()
        headers = list(rows[0].keys()) if rows else []
        tested = ["forw", "backw", "bothw", "forw_rate", "backw_rate", "bothw_rate"]
        for i, row in enumerate(rows):
            rec = {"kind": "routability", "step_line": st.line, "row": i, "expected": row}
            try:
                if server is None:
                    raise BackendError("no server (import failed)")
                result, urls = self.routability_request(world, server, i)
                rec["url"] = urls
                out = dict(row)
                for f in out:
                    if f in tested:
                        out[f] = ""
                for d in ("forw", "backw", "bothw"):
                    rate = f"{d}_rate"
                    if rate in headers:
                        want = row[rate]
                        if want == "":
                            out[rate] = js_str(result[d].get("status")) if result[d].get("status") else ""
                        elif re.match(r"^\d+(\.\d+){0,1}$", want):
                            rv = result[d].get("rate")
                            out[rate] = js_str(rv) if rv is not None and rv == rv else ""
                        else:
                            raise ScenarioError(f"Unknown expectation format: {want} for header {rate}")
                for d in ("forw", "backw", "bothw"):
                    if d not in headers:
                        continue
                    want = row[d]
                    shortcut = None
                    if world.shortcuts.get(want):
                        shortcut = want
                        want = world.shortcuts[want]
                    r = result[d]
                    if want == "":
                        out[d] = r.get("mode") if r.get("status") else ""
                    elif want == "x":
                        out[d] = "x" if r.get("status") else ""
                    elif re.match(r"^[\d.]+ s", want):
                        t = r.get("time")
                        if t:
                            out[d] = f"{js_str(t)} s" if not isinstance(t, str) else t
                        else:
                            out[d] = ""
                    elif re.match(r"^\d+ km/h", want):
                        sp = r.get("speed")
                        if sp:
                            out[d] = f"{js_str(sp)} km/h" if not isinstance(sp, str) else sp
                        else:
                            out[d] = ""
                    else:
                        out[d] = r.get("mode") or ""
                    if out[d] is None:
                        out[d] = None
                    try:
                        if fuzzy_match(out[d], want):
                            out[d] = shortcut if shortcut else row[d]
                    except JSTypeError:
                        pass
                diffs = compare_row(row, out)
                rec["got"] = {k: (v if isinstance(v, str) or v is None else js_str(v)) for k, v in out.items()}
                rec["diffs"] = diffs
                rec["ok"] = not diffs
            except (BackendError, ScenarioError, OSError) as e:
                rec["ok"] = False
                rec["error"] = f"{type(e).__name__}: {e}"
                rec["diffs"] = {"*": ("", rec["error"])}
            res["rows"].append(rec)

    def routability_request(self, world, server, i):
        result, urls = {}, []
        ca = world.offset_origin_by(1 + WAY_SPACING * i, 0)
        cb = world.offset_origin_by(3 + WAY_SPACING * i, 0)
        a, b = Location(ca[0], ca[1]), Location(cb[0], cb[1])
        for d in ("forw", "backw"):
            path = route_path(world.profile, [a, b] if d == "forw" else [b, a], [], [], world.query_params)
            urls.append(path)
            status, body = server.get(path)
            j = parse_json(body)
            if j is None:
                raise BackendError(f"HTTP {status}, not JSON: {body[:200]}")
            r = {"code": j.get("code"), "status": "x" if status == 200 else None}
            if r["status"]:
                route = j["routes"][0]
                r["route"] = way_list(route)
                if r["route"].split(",")[0] == f"w{i}":
                    r["time"] = route["duration"]
                    r["distance"] = route["distance"]
                    w = route.get("weight")
                    if w:
                        r["rate"] = _js_round(route["distance"] / w * 10) / 10
                    else:
                        r["rate"] = float("inf") if route["distance"] else float("nan")
                    r["speed"] = int(3.6 * r["distance"] / r["time"]) if r["time"] > 0 else None
                    steps = route["legs"][0]["steps"] if route.get("legs") else []
                    if steps:
                        r["mode"] = steps[0].get("mode")
                else:
                    r["status"] = None
            result[d] = r
        both = {}
        for k in ("rate", "status", "time", "distance", "speed", "mode"):
            both[k] = result["forw"].get(k) if result["forw"].get(k) == result["backw"].get(k) else "diff"
        result["bothw"] = both
        return result, urls


def write_queries(path: Path, rows):
    """The failing rows' requests as a query list for `diff.py --osm map.osm --queries queries.txt`."""
    lines = []
    for r in rows:
        urls = r.get("url")
        for u in ([urls] if isinstance(urls, str) else urls or []):
            m = re.match(r"^/route/v1/[^/]+/([^?]+)\??(.*)$", u)
            if not m:
                continue
            extra = "&".join(p for p in m.group(2).split("&") if p and not p.startswith(("steps=", "alternatives=")))
            note = "" if r["ok"] else "  # FAIL " + "; ".join(f"{k}: {v[0]!r} vs {v[1]!r}" for k, v in r["diffs"].items())[:200]
            lines.append(f"{m.group(1)}{' ' + extra if extra else ''}")
            if note:
                lines.append(note.strip())
    path.write_text("\n".join(lines) + "\n")


def _js_round(x):
    import math
    if x != x or x in (float("inf"), float("-inf")):
        return x
    return math.floor(x + 0.5)


# ----------------------------------------------------------------------------- reporting
def summarize(results, out: Path, backend_name: str, wall: float):
    out.mkdir(parents=True, exist_ok=True)
    per_feature = defaultdict(lambda: [0, 0])
    per_area = defaultdict(lambda: [0, 0])
    col_fail = defaultdict(int)
    skipped = []
    errors = []
    failures = []
    total = agree = 0
    scen_run = scen_pass = 0
    with open(out / "rows.jsonl", "w") as f:
        for r in results:
            if r["status"] == "skipped":
                skipped.append({"feature": r["feature"], "scenario": r["scenario"], "line": r["line"],
                                "reason": r["error"]})
                continue
            scen_run += 1
            if r["status"] != "ok":
                errors.append({"feature": r["feature"], "scenario": r["scenario"], "line": r["line"],
                               "status": r["status"], "error": r["error"]})
            if r["status"] == "ok" and r["rows"] and all(x["ok"] for x in r["rows"]):
                scen_pass += 1
            for row in r["rows"]:
                total += 1
                agree += row["ok"]
                per_feature[r["feature"]][0] += row["ok"]
                per_feature[r["feature"]][1] += 1
                per_area[r["area"]][0] += row["ok"]
                per_area[r["area"]][1] += 1
                rec = {"feature": r["feature"], "area": r["area"], "scenario": r["scenario"], "line": r["line"],
                       **row}
                f.write(json.dumps(rec) + "\n")
                if not row["ok"]:
                    for c in row["diffs"]:
                        col_fail[c] += 1
                    failures.append({"feature": r["feature"], "area": r["area"], "scenario": r["scenario"],
                                     "scenario_line": r["line"], "table_line": row["step_line"],
                                     "kind": row["kind"], "row": row["row"], "url": row.get("url"),
                                     "diffs": {k: {"expected": v[0], "got": v[1]} for k, v in row["diffs"].items()},
                                     "expected": row["expected"], "got": row.get("got"),
                                     "snap_m": row.get("snap_m"), "code": row.get("code"),
                                     "error": row.get("error"), "work": r.get("work")})
    share = agree / total if total else 0.0
    summary = {
        "backend": backend_name, "rows_total": total, "rows_agree": agree, "share": round(share, 4),
        "scenarios_run": scen_run, "scenarios_all_rows_agree": scen_pass, "scenarios_skipped": len(skipped),
        "wall_seconds": round(wall, 1),
        "per_area": {a: {"agree": v[0], "total": v[1], "share": round(v[0] / v[1], 4) if v[1] else None}
                     for a, v in sorted(per_area.items())},
        "per_feature": {k: {"agree": v[0], "total": v[1], "share": round(v[0] / v[1], 4) if v[1] else None}
                        for k, v in sorted(per_feature.items())},
        "failing_columns": dict(sorted(col_fail.items(), key=lambda kv: -kv[1])),
        "skip_reasons": _count(s["reason"] for s in skipped),
        "scenario_errors": errors,
    }
    (out / "summary.json").write_text(json.dumps(summary, indent=1))
    (out / "failures.json").write_text(json.dumps(failures, indent=1))
    (out / "skipped.json").write_text(json.dumps(skipped, indent=1))
    lines = [f"OSRM cucumber scenarios through {backend_name}: {agree}/{total} rows agree = {100 * share:.1f}%",
             f"scenarios run {scen_run} (all rows agree in {scen_pass}), skipped {len(skipped)}, "
             f"set-up errors {len(errors)}; {wall:.0f} s", "", "per area:"]
    for a, v in sorted(per_area.items(), key=lambda kv: -kv[1][1]):
        lines.append(f"  {a:<24} {v[0]:>5}/{v[1]:<5} {100 * v[0] / v[1]:5.1f}%")
    lines += ["", "per feature file:"]
    for k, v in sorted(per_feature.items()):
        lines.append(f"  {k:<48} {v[0]:>4}/{v[1]:<4} {100 * v[0] / v[1]:5.1f}%")
    lines += ["", "failing cells by column:"]
    for c, n in sorted(col_fail.items(), key=lambda kv: -kv[1]):
        lines.append(f"  {c:<20} {n}")
    lines += ["", "skipped scenarios by reason:"]
    for reason, n in summary["skip_reasons"].items():
        lines.append(f"  {n:>4}  {reason}")
    if errors:
        lines += ["", "scenarios that could not be set up (their rows count as failing):"]
        for e in errors:
            lines.append(f"  {e['feature']}:{e['line']} {e['scenario']}: {e['status']}: {str(e['error'])[:160]}")
    text = "\n".join(lines) + "\n"
    (out / "summary.txt").write_text(text)
    return text


def _count(it):
    d = defaultdict(int)
    for x in it:
        d[x] += 1
    return dict(sorted(d.items(), key=lambda kv: -kv[1]))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--features-dir", default=str(DEFAULT_FEATURES),
                    help="OSRM's features/ directory (default out/osrm-features/features)")
    ap.add_argument("--feature", action="append", default=[],
                    help="only feature files whose path (e.g. guidance/roundabout) contains this; repeatable")
    ap.add_argument("--scenario", action="append", default=[], help="only scenarios whose name contains this")
    ap.add_argument("--dirs", default="car,guidance", help="feature sub-directories to run (default car,guidance)")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--gemnav", help="gemnav binary (default $GEMNAV_BIN, .build/release, .build/debug)")
    ap.add_argument("--backend", choices=["gemnav", "osrm"], default="gemnav")
    ap.add_argument("--out", help="report directory (default out/diff_osrm/scenarios[-osrm])")
    ap.add_argument("--keep", action="store_true", help="keep every scenario's work directory")
    ap.add_argument("--list", action="store_true", help="list selected scenarios and skip reasons; run nothing")
    args = ap.parse_args()

    fdir = Path(args.features_dir)
    if not fdir.is_dir():
        sys.exit(f"no feature files at {fdir}.\nPopulate them with: bench/diff_osrm/fetch_features.sh "
                 "(downloads OSRM's source from PyPI (osrm-bindings sdist) and unpacks features/ into "
                 "out/osrm-features/)")
    jobs = []
    for sub in args.dirs.split(","):
        for path in sorted((fdir / sub).glob("*.feature")):
            rel = f"{sub}/{path.stem}"
            if args.feature and not any(f in rel for f in args.feature):
                continue
            feat = parse_feature(path)
            for idx, sc in enumerate(feat.scenarios):
                if args.scenario and not any(s in sc.name for s in args.scenario):
                    continue
                jobs.append((feat, rel, idx, sc))
    if args.list:
        for feat, rel, idx, sc in jobs:
            print(f"{rel}:{sc.line}  {sc.name}  -> {classify(sc, feat.background) or 'run'}")
        return
    out = Path(args.out) if args.out else REPO / "out" / "diff_osrm" / (
        "scenarios" if args.backend == "gemnav" else "scenarios-osrm")
    if args.backend == "gemnav":
        backend = GemNav(find_gemnav(args.gemnav))
        print(f"gemnav: {backend.binary}", file=sys.stderr)
    else:
        backend = OSRM()
    runner = Runner(backend, out / "work", args.keep)
    t0 = time.time()
    results = [None] * len(jobs)
    done = 0
    with cf.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        futs = {ex.submit(runner.run, *job): k for k, job in enumerate(jobs)}
        for fut in cf.as_completed(futs):
            k = futs[fut]
            results[k] = fut.result()
            done += 1
            r = results[k]
            if r["status"] != "skipped":
                ok = sum(x["ok"] for x in r["rows"])
                mark = "ok " if r["status"] == "ok" and ok == len(r["rows"]) else "FAIL"
                print(f"[{done}/{len(jobs)}] {mark} {r['feature']}:{r['line']} {r['scenario'][:70]} "
                      f"({ok}/{len(r['rows'])}){'' if r['status'] == 'ok' else ' ' + r['status']}",
                      file=sys.stderr, flush=True)
    print(summarize(results, out, backend.name, time.time() - t0))
    print(f"reports: {out}/summary.txt, failures.json, skipped.json, rows.jsonl")


if __name__ == "__main__":
    main()
