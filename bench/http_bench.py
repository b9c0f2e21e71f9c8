#!/usr/bin/env python3
"""HTTP throughput of `gemnav serve` against osrm-routed on the same route pairs.

Both servers run on 127.0.0.1, one after the other in the same run, each driven by wrk with
one Lua script that cycles through the peer benchmark's origin/destination pairs with
osrm-routed's usual query (overview=full, steps=true, polyline). The servers take turns for
a few rounds; prints requests/s, p50 and p99 latency of every round and the ratios of each
server's best round.

    bench/http_bench.py [--dataset porto_portugal] [--duration 20] [--rounds 3] [--gemnav .build/release/gemnav]

Needs: wrk, the peer OSRM setup (shared/peers/osrm: osrm-venv with osrm-bindings, the
dataset's CH files and its n1000-s42 pairs from bench_osrm.py), and a release build of
gemnav (built here when --gemnav is not given). The GemNav graph is imported afresh into
~/.cache/gemnav-bench/DATASET.
"""
import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PEERS = Path(os.environ.get("PEERS_DIR", Path.home() / ".cache/peers"))
QUERY = "?overview=full&steps=true&geometries=polyline"

# The same script bench_osrm.py --wrk writes: each wrk thread starts at a different offset.
WRK_LUA = """local paths = {
%s
}
local counter = 0
function setup(thread)
  thread:set("tid", counter)
  counter = counter + 1
end
function init(args)
  i = ((tid or 0) * 7919) %% #paths
end
function request()
  i = i %% #paths + 1
  return wrk.format("GET", paths[i])
end
"""


def route_path(o, d):
    return f"/route/v1/driving/{o[0]:.7f},{o[1]:.7f};{d[0]:.7f},{d[1]:.7f}{QUERY}"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def dur_us(v):
    m = re.match(r"([\d.]+)(us|ms|s|m)$", v)
    return float(m.group(1)) * {"us": 1, "ms": 1e3, "s": 1e6, "m": 60e6}[m.group(2)] if m else float("nan")


def parse_wrk(out):
    res = {}
    m = re.search(r"Requests/sec:\s+([\d.]+)", out)
    res["rps"] = float(m.group(1)) if m else float("nan")
    for q in ("50", "90", "99"):
        m = re.search(rf"^\s+{q}(?:\.000)?%\s+(\S+)", out, re.M)
        res[f"p{q}_us"] = dur_us(m.group(1)) if m else float("nan")
    m = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    res["non_2xx"] = int(m.group(1)) if m else 0
    m = re.search(r"(\d+) requests in", out)
    res["requests"] = int(m.group(1)) if m else 0
    return res


def wait_ready(server, url, name):
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit(f"{name} exited: {server.stderr.read()[-2000:] if server.stderr else ''}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.1)
    sys.exit(f"{name} did not come up within 60 s")


def run_server(name, cmd, probe_path, lua, args):
    port = free_port()
    cmd = [c.replace("{PORT}", str(port)) for c in cmd]
    print(f"\n== {name}: {' '.join(cmd)}", flush=True)
    server = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        url = f"http://127.0.0.1:{port}"
        wait_ready(server, url + probe_path, name)
        wcmd = ["wrk", f"-t{args.threads}", f"-c{args.connections}", f"-d{args.duration}s", "--timeout", "5s",
                "--latency", "-s", str(lua), url]
        p = subprocess.run(wcmd, capture_output=True, text=True, timeout=args.duration + 30)
        print(p.stdout.rstrip())
        return parse_wrk(p.stdout)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--duration", type=int, default=20, help="seconds of wrk per server")
    ap.add_argument("--threads", type=int, default=1, help="wrk threads")
    ap.add_argument("--connections", type=int, default=4, help="wrk connections")
    ap.add_argument("--rounds", type=int, default=3, help="turns each server takes")
    ap.add_argument("--gemnav", help="gemnav binary (default: build the release product)")
    ap.add_argument("--dataset", default="porto_portugal", help="name in shared/data/osm and the peer cache")
    args = ap.parse_args()
    dataset = args.dataset
    graph = Path.home() / ".cache/gemnav-bench" / dataset
    osm = ROOT.parent / f"shared/data/osm/{dataset}.osm.pbf"
    pairs_file = PEERS / f"osrm-results/{dataset}-n1000-s42.json"
    osrm_data = PEERS / f"osrm-data/{dataset}/ch/{dataset}.osrm"
    if not pairs_file.exists() or not osrm_data.with_suffix(".osrm.hsgr").exists():
        sys.exit(f"run shared/peers/osrm/setup.sh and bench_osrm.py for {dataset} first ({pairs_file}, {osrm_data})")

    if not shutil.which("wrk"):
        sys.exit("wrk is not installed (apt-get install -y wrk)")
    gemnav = args.gemnav
    if not gemnav:
        subprocess.run(["swift", "build", "-c", "release", "--product", "gemnav"], cwd=ROOT, check=True)
        gemnav = str(ROOT / ".build/release/gemnav")
    # Imported every run (seconds): a graph cached from an older build may not load in this one.
    subprocess.run([gemnav, "import", str(osm), "--profile", "car", "--output", str(graph), "--skip-search"],
                   check=True)

    pairs = [(p["origin"], p["destination"]) for p in json.load(open(pairs_file))["pairs"]]
    lua = graph / f"wrk_{dataset}-n{len(pairs)}.lua"
    lua.write_text(WRK_LUA % ",\n".join(f'  "{route_path(o, d)}"' for o, d in pairs))
    probe = route_path(*pairs[0])

    osrm_python = PEERS / "osrm-venv/bin/python"
    osrm_bin = subprocess.run([str(osrm_python), "-c", "import osrm, os; print(os.path.dirname(osrm.__file__))"],
                              capture_output=True, text=True, check=True).stdout.strip() + "/bin/osrm-routed"
    cores = os.cpu_count() or 1
    servers = {
        "osrm-routed": ("osrm-routed (CH)", [osrm_bin, "--ip", "127.0.0.1", "--port", "{PORT}", "--algorithm", "CH",
                                             "--threads", str(cores), "--verbosity", "WARNING", str(osrm_data)]),
        "gemnav": ("gemnav serve", [gemnav, "serve", "--data", str(graph), "--host", "127.0.0.1",
                                    "--port", "{PORT}", "--log-level", "warning"]),
    }
    # This machine's speed drifts within a minute, so the servers take turns; each one's best
    # round (highest req/s, lowest p99) counts, and every round is printed.
    rounds = {name: [] for name in servers}
    for round_no in range(1, args.rounds + 1):
        print(f"\n== round {round_no}/{args.rounds}")
        for name, (label, cmd) in servers.items():
            rounds[name].append(run_server(label, cmd, probe, lua, args))

    print(f"\n{'server':<12} {'round':>5} {'req/s':>9} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8} {'non-2xx':>8}")
    for name, results in rounds.items():
        for i, r in enumerate(results, 1):
            print(f"{name:<12} {i:>5} {r['rps']:>9.0f} {r['p50_us'] / 1e3:>8.2f} {r['p90_us'] / 1e3:>8.2f} "
                  f"{r['p99_us'] / 1e3:>8.2f} {r['non_2xx']:>8}")
    best = {name: {"rps": max(r["rps"] for r in results), "p99_us": min(r["p99_us"] for r in results)}
            for name, results in rounds.items()}
    g, o = best["gemnav"], best["osrm-routed"]
    print(f"\nbest of {args.rounds}: gemnav {g['rps']:.0f} req/s, p99 {g['p99_us'] / 1e3:.2f} ms; "
          f"osrm-routed {o['rps']:.0f} req/s, p99 {o['p99_us'] / 1e3:.2f} ms")
    print(f"gemnav/osrm-routed: {g['rps'] / o['rps']:.2f}x requests/s, p99 {g['p99_us'] / o['p99_us']:.2f}x "
          f"(wrk -t{args.threads} -c{args.connections} -d{args.duration}s, {len(pairs)} {dataset} pairs, "
          f"load {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
