#!/usr/bin/env bash
# The web app in a real browser: installs Debian's chromium and Playwright (PyPI) when missing,
# checks the design tokens' CSS is current, then drives the app by its accessible names
# (ci/webapp_e2e.py) against `gemnav serve` on the embedded Monaco data.
#
# Usage: ci/webapp_check.sh [path/to/gemnav]   (default: builds the debug product)
set -euo pipefail
cd "$(dirname "$0")/.."

source ci/serve_lib.sh "$@"

if ! command -v chromium >/dev/null 2>&1; then
    echo "installing chromium"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
VENV=.venv-web
[[ -x "$VENV/bin/python" ]] || python3 -m venv "$VENV"
"$VENV/bin/pip" install --quiet --disable-pip-version-check playwright

python3 scripts/build-tokens.py --check
"$VENV/bin/python" ci/webapp_e2e.py "$GEMNAV"

# HTTPS with a throwaway self-signed pair: the page and the API answer over TLS.
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$WORK/key.pem" -out "$WORK/cert.pem" -days 2 -subj /CN=localhost 2>/dev/null
export GEMNAV_STORE="$WORK/app.sqlite"
serve https --tls-cert "$WORK/cert.pem" --tls-key "$WORK/key.pem"
# The page is read whole before it is searched: `curl | grep -q` fails under pipefail when grep
# stops reading early and curl reports the closed pipe as a write error (exit 23).
page=$(curl -skf "https://127.0.0.1:$PORT/")
grep -q '<title>GemNav</title>' <<<"$page"
echo "web app over HTTPS: ok"
