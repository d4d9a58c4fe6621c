#!/usr/bin/env bash
# Living within a quota (issue 21): `cra sync` of 2,000 banks against the
# sandbox with --latency 20 and --quota 50/s, in four ways, measured in the
# same run against the quota's own throughput (50 requests a second, the
# yardstick every figure is a ratio of) and against the `cra` of BASE (the
# commit before the issue, built from a git worktree):
#   - sync --rate 50/s, quota without headers;
#   - no --rate, quota without headers (only the 429s teach the rate);
#   - no --rate, quota with IETF RateLimit-* headers, and with X-RateLimit-*;
#   - BASE's cra, no headers and IETF headers (it has neither --rate nor any
#     pacing: record how it fails or crawls).
# Requests and 429s are counted from the sandbox's own log, not by cra.
# Throughput = requests answered 200 ÷ wall time ÷ 50.
# Usage: bench/quota.sh [BASE]    (BASE defaults to 92b9804; ~6 minutes)
#        BASE_CRA=path/to/cra bench/quota.sh   (BASE's binary already built)
#        CRA=path/to/cra ...                   (this branch's, already built)
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-92b9804}
target=${CARGO_TARGET_DIR:-$PWD/target}
work=$(mktemp -d)
# CRA=PATH measures a binary already built (say which in BENCHMARKS.md).
if [ -n "${CRA:-}" ]; then
  cp "$CRA" "$work/cra"
else
  cargo build --release --quiet
  cp "$target/release/cra" "$work/cra"
fi
CRA=$work/cra
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  git worktree remove --force "$work/base" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The yardstick binary: BASE built in a worktree, sharing the target dir
# (only cra itself is recompiled), copied aside before this branch's build
# is restored.
# BASE_CRA=PATH uses a binary of BASE already built instead.
if [ -n "${BASE_CRA:-}" ]; then
  cp "$BASE_CRA" "$work/cra-base"
else
  git worktree add --quiet --detach "$work/base" "$base"
  (cd "$work/base" && cargo build --release --quiet)
  cp "$target/release/cra" "$work/cra-base"
fi
BASE=$work/cra-base

start_sandbox() {
  local out=$work/addr.$RANDOM
  "$CRA" sandbox --port 0 --banks 2000 --latency 20 --quota 50/s "$@" \
    --log-requests "$work/requests.log" >"$out" 2>/dev/null &
  SANDBOX_PID=$!
  pids+=("$SANDBOX_PID")
  until [ -s "$out" ]; do sleep 0.05; done
  URL=$(head -n1 "$out")
}
stop_sandbox() { kill "$SANDBOX_PID"; wait "$SANDBOX_PID" 2>/dev/null || true; }

# run NAME BINARY HEADERS ARGS...: one sync from an empty copy, one line of figures
run() {
  local name=$1 bin=$2 headers=$3
  shift 3
  : >"$work/requests.log"
  rm -f "$work/mirror.sqlite"*
  start_sandbox --quota-headers "$headers"
  local s e code=0
  s=$(date +%s%N)
  CRA_CONFIG=$work/none.toml CRA_BASE_URL=$URL CRA_API_KEY=sandbox_active \
    CRA_MIRROR=$work/mirror.sqlite timeout 600 "$bin" sync "$@" >/dev/null 2>"$work/err" || code=$?
  e=$(date +%s%N)
  stop_sandbox
  python3 - "$name" "$code" "$s" "$e" "$work/requests.log" "$work/err" <<'EOF'
import sys, collections
name, code, s, e, log, err = sys.argv[1:]
secs = (int(e) - int(s)) / 1e9
ok = limited = 0
windows = collections.Counter()
for line in open(log):
    parts = line.split()
    windows[int(float(parts[3]))] += 1
    if parts[2] == "200":
        ok += 1
    elif parts[2] == "429":
        limited += 1
total = ok + limited
last = open(err).read().strip().splitlines()
why = last[-1][:160] if code != "0" and last else ""
print(f"{name}: exit {code}, {secs:.1f} s, {ok} answered 200, {limited} answered 429"
      f" ({100 * limited / max(total, 1):.1f} % of {total}), most in a second {max(windows.values() or [0])};"
      f" throughput {ok / secs:.1f}/s = {ok / secs / 50:.3f} of the quota"
      + (f"\n    {why}" if why else ""))
EOF
}

echo "== 2,000 banks, --latency 20, --quota 50/s (yardstick: 50 requests/s); default --concurrency 8"
run "sync --rate 50/s, no headers       " "$CRA" none --rate 50/s
run "sync, no headers (429s only)       " "$CRA" none
run "sync, IETF RateLimit-* headers     " "$CRA" ietf
run "sync, X-RateLimit-* headers        " "$CRA" x
run "BASE $base sync, no headers    " "$BASE" none
run "BASE $base sync, IETF headers  " "$BASE" ietf
