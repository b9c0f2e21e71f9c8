#!/usr/bin/env bash
# The web app in a real browser: installs Debian's chromium and Playwright (PyPI) when missing,
# checks the design tokens' CSS is current, then drives the app by its accessible names
# (ci/webapp_e2e.py) against `gemnav serve` on the embedded Monaco data.
#
# Usage: ci/webapp_check.sh [path/to/gemnav]   (default: builds the debug product)
set -euo pipefail
cd "$(dirname "$0")/.."

GEMNAV=${1:-}
if [[ -z "$GEMNAV" ]]; then
    swift build --product gemnav >&2
    GEMNAV="$(swift build --show-bin-path)/gemnav"
fi
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
WORK=$(mktemp -d)
SERVER_PID=""
cleanup() {
    [[ -n "$SERVER_PID" ]] && { kill -TERM "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; }
    rm -rf "$WORK"
}
trap cleanup EXIT
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$WORK/key.pem" -out "$WORK/cert.pem" -days 2 -subj /CN=localhost 2>/dev/null
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
GEMNAV_STORE="$WORK/app.sqlite" "$GEMNAV" serve --port "$PORT" --tls-cert "$WORK/cert.pem" --tls-key "$WORK/key.pem" \
    --log-level warning >"$WORK/serve.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 100); do
    curl -skf "https://127.0.0.1:$PORT/health" >/dev/null && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/serve.log" >&2; exit 1; }
    sleep 0.2
done
curl -skf "https://127.0.0.1:$PORT/" | grep -q '<title>GemNav</title>'
echo "web app over HTTPS: ok"
