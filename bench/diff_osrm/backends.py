"""Engines the harness can drive: `gemnav serve` and, to validate the harness itself, osrm-routed."""
from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PEERS_DIR = Path(os.environ.get("PEERS_DIR", Path.home() / ".cache" / "peers"))


def find_gemnav(explicit: str | None) -> str:
    for cand in (explicit, os.environ.get("GEMNAV_BIN"),
                 REPO / ".build" / "release" / "gemnav", REPO / ".build" / "debug" / "gemnav"):
        if cand and Path(cand).is_file() and os.access(cand, os.X_OK):
            return str(Path(cand).resolve())
    raise SystemExit("no gemnav binary: pass --gemnav PATH or set GEMNAV_BIN "
                     "(or build: swift build -c release)")


def find_osrm_bin() -> Path:
    venv_py = PEERS_DIR / "osrm-venv" / "bin" / "python"
    if not venv_py.exists():
        raise SystemExit(f"no OSRM venv at {venv_py}: run shared/peers/osrm/setup.sh --venv-only")
    out = subprocess.run([str(venv_py), "-c", "import osrm,os;print(os.path.dirname(osrm.__file__))"],
                         capture_output=True, text=True, check=True).stdout.strip()
    return Path(out)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http_get(url: str, timeout: float = 30.0):
    """GET url -> (status, body text). Connection failures raise."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")


class BackendError(Exception):
    pass


class Server:
    """A running HTTP server process with a base URL."""

    def __init__(self, proc: subprocess.Popen, base: str, log: Path):
        self.proc, self.base, self.log = proc, base, log

    def get(self, path: str, timeout: float = 30.0):
        return http_get(self.base + path, timeout)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def _wait_for(pattern: str, log: Path, proc: subprocess.Popen, timeout: float) -> re.Match:
    t0 = time.time()
    while time.time() - t0 < timeout:
        txt = log.read_text(errors="replace") if log.exists() else ""
        m = re.search(pattern, txt)
        if m:
            return m
        if proc.poll() is not None:
            raise BackendError(f"server exited ({proc.returncode}): {txt[-500:]}")
        time.sleep(0.02)
    proc.kill()
    raise BackendError(f"server did not start in {timeout}s")


class GemNav:
    name = "gemnav"

    def __init__(self, binary: str, skip_search: bool = True):
        self.binary = binary
        self.skip_search = skip_search

    def prepare(self, osm: Path, work: Path) -> Path:
        data = work / "data"
        if data.exists():
            shutil.rmtree(data)
        # The scenarios only route: map tiles would only slow the import down.
        cmd = [self.binary, "import", str(osm), "--profile", "car", "--output", str(data), "--skip-tiles"]
        if self.skip_search:
            cmd.append("--skip-search")
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        (work / "import.log").write_text(p.stdout + p.stderr)
        if p.returncode != 0:
            raise BackendError(f"gemnav import failed ({p.returncode}): {(p.stderr or p.stdout)[-400:]}")
        return data

    def start(self, data: Path, work: Path, port: int = 0) -> Server:
        log = work / "serve.log"
        f = open(log, "w")
        proc = subprocess.Popen([self.binary, "serve", "--data", str(data), "--port", str(port),
                                 "--log-level", "warning"], stdout=f, stderr=subprocess.STDOUT)
        f.close()
        m = _wait_for(r"serving \w+ routes[\w ,]* on (http://[\d.]+:\d+)", log, proc, 60)
        return Server(proc, m.group(1), log)


class OSRM:
    """osrm-extract + osrm-contract + osrm-routed (CH), from the osrm-bindings wheel."""
    name = "osrm"

    def __init__(self, profile: str | None = None):
        self.bin = find_osrm_bin() / "bin"
        self.profile = profile or str(find_osrm_bin() / "share" / "profiles" / "car.lua")

    def prepare(self, osm: Path, work: Path) -> Path:
        base = work / "osrm" / "map.osrm"
        base.parent.mkdir(parents=True, exist_ok=True)
        src = base.parent / ("map" + "".join(osm.suffixes))
        if src.exists():
            src.unlink()
        shutil.copy(osm, src)
        for cmd in ([str(self.bin / "osrm-extract"), "-p", self.profile, "-t", "1", str(src)],
                    [str(self.bin / "osrm-contract"), "-t", "1", str(base)]):
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
            if p.returncode != 0:
                raise BackendError(f"{Path(cmd[0]).name} failed: {(p.stderr + p.stdout)[-400:]}")
        return base

    def start(self, data: Path, work: Path, port: int = 0) -> Server:
        port = port or free_port()
        log = work / "routed.log"
        f = open(log, "w")
        proc = subprocess.Popen([str(self.bin / "osrm-routed"), "--ip", "127.0.0.1", "--port", str(port),
                                 "--algorithm", "CH", str(data)], stdout=f, stderr=subprocess.STDOUT)
        f.close()
        _wait_for(r"running and waiting for requests", log, proc, 60)
        return Server(proc, f"http://127.0.0.1:{port}", log)


def parse_json(body: str):
    try:
        return json.loads(body)
    except (ValueError, TypeError):
        return None
