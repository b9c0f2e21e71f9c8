# Sourced by the checks that talk to a live `gemnav serve`. Sets GEMNAV (the script's first
# argument, else the debug product, built) and WORK (a directory removed on exit), and defines
# `serve SCHEME ARGS...`: starts `gemnav serve ARGS...` on a free loopback port (PORT), stopped
# however the check ends, and returns once SCHEME://127.0.0.1:PORT/health answers.

GEMNAV=${1:-}
if [[ -z "$GEMNAV" ]]; then
    swift build --product gemnav >&2
    GEMNAV="$(swift build --show-bin-path)/gemnav"
fi
WORK=$(mktemp -d)
SERVER_PID=""
cleanup() {
    if [[ -n "$SERVER_PID" ]]; then
        kill -TERM "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

serve() {
    local scheme=$1
    shift
    PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    "$GEMNAV" serve --host 127.0.0.1 --port "$PORT" --log-level warning "$@" >"$WORK/serve.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 150); do
        curl -skf "$scheme://127.0.0.1:$PORT/health" >/dev/null && return 0
        kill -0 "$SERVER_PID" 2>/dev/null || break
        sleep 0.2
    done
    echo "gemnav serve did not answer on $scheme://127.0.0.1:$PORT/health:" >&2
    cat "$WORK/serve.log" >&2
    exit 1
}
