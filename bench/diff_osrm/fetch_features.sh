#!/usr/bin/env bash
# Put OSRM's cucumber features (features/{car,guidance,support,step_definitions,lib,...}) and
# its Lua profiles into out/osrm-features/ (gitignored: OSRM's files are reference material,
# never committed here).
#
# Source: the sdist of `osrm-bindings` on PyPI, which carries OSRM's whole source tree at the
# same version as the peer engine in shared/peers/osrm (v26.10.0). Fetched with pip's own
# download command when possible, else straight from PyPI's JSON API (no build is run).
#
# Usage: bench/diff_osrm/fetch_features.sh [VERSION]      (default 26.10.0)
set -euo pipefail
VERSION="${1:-26.10.0}"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
DEST="$ROOT/out/osrm-features"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/gemnav-diff-osrm"
TARBALL="$CACHE/osrm_bindings-$VERSION.tar.gz"
mkdir -p "$CACHE"

if [[ ! -s "$TARBALL" ]]; then
  echo "downloading osrm-bindings $VERSION sdist from PyPI (~38 MB)"
  python3 - "$VERSION" "$TARBALL" <<'EOF'
import json, sys, urllib.request
version, dest = sys.argv[1], sys.argv[2]
from urllib.parse import urljoin
api = "https://pypi.org/pypi/osrm-bindings/json"
meta = json.load(urllib.request.urlopen(api))
files = (meta.get("releases") or {}).get(version) or (
    meta["urls"] if meta["info"]["version"] == version else [])
sdist = next((u for u in files if u["packagetype"] == "sdist"), None)
if sdist is None:
    sys.exit(f"no sdist of osrm-bindings {version} on PyPI (latest: {meta['info']['version']})")
url = urljoin(api, sdist["url"])
urllib.request.urlretrieve(url, dest + ".part")
import hashlib, os
h = hashlib.sha256(open(dest + ".part", "rb").read()).hexdigest()
if h != sdist["digests"]["sha256"]:
    sys.exit(f"sha256 mismatch for {url}")
os.replace(dest + ".part", dest)
EOF
fi

rm -rf "$DEST"
mkdir -p "$DEST"
tar xzf "$TARBALL" -C "$DEST" --strip-components=1 \
  "osrm_bindings-$VERSION/features" "osrm_bindings-$VERSION/profiles"
echo "$VERSION" > "$DEST/VERSION"
echo "OSRM $VERSION features in $DEST/features:" \
  "$(ls "$DEST/features/car" | wc -l) car, $(ls "$DEST/features/guidance" | wc -l) guidance files"
