#!/usr/bin/env python3
"""Group the failing scenario rows of scenarios.py by probable cause.

    bench/diff_osrm/analyze.py [out/diff_osrm/scenarios/failures.json] [--top 40] [--examples 1]

Each failing row gets one primary cause (first rule that fires, roughly: set-up error, routability,
no route, snapping, roundabouts, turn types/modifiers, extra/missing steps, lanes, bearings,
durations, other columns). The heuristics read the expected/got cells only, so a cause is a good
guess, not a diagnosis. Writes clusters.json next to the input and prints the clusters with one
example each.
"""
from __future__ import annotations

import argparse
import json
import re
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


ROUNDING = "durations: 0.1 s / 1 km/h off (OSRM sums per-segment durations rounded to 0.1 s)"


def parse_num(s):
    m = re.match(r"\s*([\d.]+)", s or "")
    return float(m.group(1)) if m else None


def toks(s):
    return [t for t in (s or "").split(",")]


MODIFIERS = ["uturn", "sharp right", "slight right", "sharp left", "slight left", "right", "left", "straight",
             "undefined"]


def turn_kind(t):
    if t.startswith("roundabout turn"):
        return "roundabout turn"
    if re.match(r".*-exit-", t):
        return "rotary" if not t.startswith("roundabout-exit") else "roundabout"
    for m in MODIFIERS:
        if t.endswith(" " + m):
            return t[:-len(m) - 1]
    return t


def classify(f):
    d = f["diffs"]
    feat = f["feature"]
    exp, got = f["expected"], f.get("got") or {}
    if "*" in d:
        err = d["*"]["got"]
        if "import failed" in err:
            return "set-up: gemnav import rejects the map (no car-usable roads)"
        return f"set-up: {err[:60]}"
    cols = set(d)
    if f["kind"] == "routability":
        for c in ("forw", "backw", "bothw"):
            if c in d:
                e, g = d[c]["expected"], d[c]["got"]
                if e and not g:
                    return f"routability: OSRM routes it, gemnav does not [{feat}]"
                if g and not e:
                    return f"routability: gemnav routes it, OSRM does not [{feat}]"
                m1, m2 = re.match(r"(\d+) km/h", e), re.match(r"(\d+) km/h", g or "")
                if m1 and m2:
                    if abs(int(m1.group(1)) - int(m2.group(1))) <= 1:
                        return ROUNDING
                    return f"routability: speed differs [{feat}]"
                if e.endswith(" s") or "s " in e:
                    return f"routability: duration differs [{feat}]"
                return f"routability: {c} {e!r} vs {g!r}"
        for c in ("forw_rate", "backw_rate", "bothw_rate"):
            if c in d:
                return f"routability: rate (distance/weight) differs - weight penalty missing [{feat}]"
        return "routability: other"
    # --- route rows
    er, gr = exp.get("route"), got.get("route")
    if "route" in d:
        if gr == "" and er:
            return "no route where OSRM finds one"
        if er == "" and gr:
            return "route found where OSRM has none (restriction/access not honoured)"
    names = ([exp["from"], exp["to"]] if exp.get("from") and exp.get("to")
             else [n.strip() for n in exp.get("waypoints", "").split(",")] if exp.get("waypoints") else [])
    snap = f.get("snap_m") or []
    far = [n for n, m in zip(names, snap) if n.isalpha() and m is not None and m > 0.5]
    if far:
        first = far[0] == names[0]
        return f"snapping: a waypoint placed on a node is snapped elsewhere ({'start' if first else 'end/via'})"
    en0, gn0 = toks(exp.get("route")), toks(got.get("route"))
    if "route" in d and en0 and gn0 and len(gn0) == len(en0) + 1:
        if gn0[1:] == en0 and gn0[0] != en0[0]:
            return "junction-node waypoint: extra zero-length first step on the adjacent way (OSRM trims it)"
        if gn0[:len(en0) - 1] == en0[:-1] and gn0[-1] == gn0[-2] and gn0[-1] != en0[-1]:
            return "junction-node waypoint: extra zero-length last step onto the adjacent way (OSRM trims it)"
    el, gl = toks(exp.get("locations")), toks(got.get("locations"))
    if "locations" in exp and el and gl and el[0] != gl[0] and "locations" in d:
        return "start snapped elsewhere (depart location differs)"
    if "locations" in exp and el and gl and el[-1] != gl[-1] and "locations" in d:
        return "end snapped elsewhere (arrive location differs)"
    et, gt = toks(exp.get("turns")), toks(got.get("turns"))
    en, gn = toks(er), toks(gr)
    if "route" in d and en and gn and "turns" not in d:
        if en[0] != gn[0]:
            return "start on a different road (route differs, turns agree)"
        if en[-1] != gn[-1]:
            return "end on a different road (route differs, turns agree)"
    rb_e = [t for t in et if "exit" in t or "roundabout" in t or "rotary" in t]
    rb_g = [t for t in gt if "exit" in t or "roundabout" in t or "rotary" in t]
    if "turns" in d and (rb_e or rb_g):
        if any(t.startswith("roundabout turn") for t in et) and not any(t.startswith("roundabout turn") for t in gt):
            return "roundabout: 'roundabout turn' (small roundabout) expected, got roundabout/rotary steps"
        if any(t.startswith("roundabout-exit") for t in et) and any(
                re.match(r"^(?!roundabout|rotary)[^,]*-exit-", t) for t in gt):
            return "roundabout: reported as rotary (named ring), OSRM says roundabout"
        if any(re.match(r"^(?!roundabout)[^,]*-exit-", t) for t in et) and any(t.startswith("roundabout-exit") for t in gt):
            return "roundabout: rotary reported as roundabout"
        ex_e = [t for t in et if t.startswith("exit ")]
        ex_g = [t for t in gt if t.startswith("exit ")]
        if len(ex_g) > len(ex_e):
            return "roundabout: extra 'exit roundabout/rotary' step"
        if len(ex_g) < len(ex_e):
            return "roundabout: missing 'exit roundabout/rotary' step"
        if ex_e and ex_g and [turn_kind(t) for t in ex_e] == [turn_kind(t) for t in ex_g] and ex_e != ex_g:
            return f"roundabout: exit step modifier ({ex_e[0]} vs {ex_g[0]})"
        ne = [re.sub(r".*exit-", "", t) for t in et if "-exit-" in t or " exit-" in t]
        ng = [re.sub(r".*exit-", "", t) for t in gt if "-exit-" in t or " exit-" in t]
        if ne != ng and len(ne) == len(ng):
            return "roundabout: exit number differs"
        if not rb_e and rb_g:
            return "roundabout: gemnav sees a roundabout/rotary where OSRM has none"
        if rb_e and not rb_g:
            return "roundabout: OSRM's roundabout not recognised"
    if "turns" in d:
        if len(et) == len(gt):
            for a, b in zip(et, gt):
                if a != b:
                    ka, kb = turn_kind(a), turn_kind(b)
                    if ka == kb:
                        return f"modifier: {a} -> {b}"
                    return f"type: {ka} -> {kb}"
        elif len(gt) > len(et):
            extra = [t for t in gt[1:-1] if t not in et[1:-1]] or gt[1:-1]
            return f"extra step (OSRM collapses/suppresses it): {turn_kind(extra[0]) if extra else '?'}"
        else:
            miss = [t for t in et[1:-1] if t not in gt[1:-1]] or et[1:-1]
            return f"missing step (gemnav collapses/suppresses it): {turn_kind(miss[0]) if miss else '?'}"
    if "route" in d:
        return "route names differ (same turns)"
    if "lanes" in d:
        g = d["lanes"]["got"] or ""
        e = d["lanes"]["expected"] or ""
        if not g.replace(",", "").replace(";", "").strip():
            return "lanes: none emitted"
        if not e.replace(",", "").replace(";", "").strip():
            return "lanes: emitted where OSRM has none"
        if len(e.split(",")) == len(g.split(",")) and [x.count(":") for x in e.split(",")] == [x.count(":") for x in g.split(",")]:
            return "lanes: lane validity (anticipation/assignment) differs"
        return "lanes: different lane lists"
    if "intersections" in d:
        e, g = d["intersections"]["expected"], d["intersections"]["got"] or ""
        if e.count(",") == g.count(",") and e.count(";") == g.count(";") and e.count(":") == g.count(":"):
            return "intersections: bearings/entry values differ"
        return "intersections: different intersection lists"
    if "locations" in d:
        return "maneuver locations differ"
    if "time" in d:
        e, g = parse_num(d["time"]["expected"]), parse_num(d["time"]["got"])
        if e is not None and g is not None:
            if abs(e - g) <= 0.15:
                return ROUNDING
            return f"time: gemnav {'faster' if g < e else 'slower'} [{feat}]"
    for c in ("time", "times", "speed", "weight", "weights", "distance", "distances"):
        if c in d:
            return f"{c} differs [{feat}]"
    return "other: " + ",".join(sorted(cols))


FAMILIES = [
    ("snapping / waypoints", ("snapping:", "junction-node waypoint", "start on a different road",
                              "end on a different road", "start snapped", "end snapped")),
    ("roundabouts / rotaries", ("roundabout:", "extra step (OSRM collapses/suppresses it): rotary",
                                "extra step (OSRM collapses/suppresses it): roundabout", "type: exit ")),
    ("access / routability", ("routability: OSRM routes", "routability: gemnav routes", "set-up:",
                              "no route where", "route found where")),
    ("speeds, penalties, durations", ("durations:", "time:", "routability: speed", "routability: rate", "routability: duration",
                                      "time differs", "speed differs", "weight differs", "times differs",
                                      "weights differs", "distance differs", "distances differs")),
    ("extra steps (not collapsed/suppressed)", ("extra step",)),
    ("missing steps", ("missing step",)),
    ("turn type", ("type:",)),
    ("turn modifier", ("modifier:",)),
    ("lanes", ("lanes:",)),
    ("intersections / bearings", ("intersections:",)),
]


def family(cause):
    for name, prefixes in FAMILIES:
        if cause.startswith(prefixes):
            return name
    return "other"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("failures", nargs="?", default=str(REPO / "out/diff_osrm/scenarios/failures.json"))
    ap.add_argument("--top", type=int, default=60)
    ap.add_argument("--examples", type=int, default=1)
    args = ap.parse_args()
    fails = json.load(open(args.failures))
    groups = defaultdict(list)
    for f in fails:
        groups[classify(f)].append(f)
    out = []
    for k, fs in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        feats = defaultdict(int)
        for f in fs:
            feats[f["feature"]] += 1
        out.append({"cause": k, "rows": len(fs), "features": dict(sorted(feats.items(), key=lambda kv: -kv[1])),
                    "examples": [{"feature": f["feature"], "scenario": f["scenario"], "line": f["scenario_line"],
                                  "diffs": f["diffs"], "url": f.get("url")} for f in fs[:5]]})
    fam = defaultdict(int)
    for c in out:
        c["family"] = family(c["cause"])
        fam[c["family"]] += c["rows"]
    Path(args.failures).with_name("clusters.json").write_text(json.dumps(out, indent=1))
    print(f"{len(fails)} failing rows in {len(out)} clusters; by family:")
    for k, v in sorted(fam.items(), key=lambda kv: -kv[1]):
        print(f"  {v:>5}  {k}")
    for c in out[:args.top]:
        top = ", ".join(f"{k} {v}" for k, v in list(c["features"].items())[:4])
        print(f"\n{c['rows']:>5}  {c['cause']}\n       in: {top}")
        for ex in c["examples"][:args.examples]:
            diffs = "; ".join(f"{k}: {v['expected']!r} vs {v['got']!r}" for k, v in ex["diffs"].items())
            print(f"       e.g. {ex['feature']}:{ex['line']} \"{ex['scenario']}\": {diffs[:300]}")


if __name__ == "__main__":
    main()
