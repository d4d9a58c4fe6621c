#!/usr/bin/env bash
# Benchmark of `cra sandbox` (issue 3): list and detail requests per second
# on loopback (wrk, 2 threads, 32 connections, 10 s), generation time of the
# default 18,820 banks, and the server's memory.
#
#   bench/sandbox.sh            # builds the release binary first
#   DURATION=30s bench/sandbox.sh
#
# Figures go to standard output; BENCHMARKS.md records them.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-32}
RUNS=${RUNS:-5}

if ! command -v wrk >/dev/null 2>&1; then
    echo "installing wrk" >&2
    if ! apt-get install -y wrk >/dev/null 2>&1; then
        apt-get update >/dev/null && apt-get install -y wrk >/dev/null
    fi
fi

cargo build --release --quiet
CRA=target/release/cra

# Generation: the sandbox prints "N banks generated (seed S) in X ms" on
# standard error before it listens; take the median of RUNS starts.
gen_times=()
for _ in $(seq "$RUNS"); do
    err=$(mktemp)
    "$CRA" sandbox --port 0 >/dev/null 2>"$err" &
    pid=$!
    for _ in $(seq 100); do grep -q "generated" "$err" && break; sleep 0.05; done
    kill "$pid"; wait "$pid" 2>/dev/null || true
    gen_times+=("$(sed -n 's/.* in \([0-9]*\) ms$/\1/p' "$err" | head -1)")
    rm -f "$err"
done
gen_median=$(printf '%s\n' "${gen_times[@]}" | sort -n | sed -n "$(( (RUNS + 1) / 2 ))p")

# Start-up as a user sees it: spawn to the address line, against --version.
t0=$(date +%s%N)
"$CRA" --version >/dev/null
version_ms=$(( ($(date +%s%N) - t0) / 1000000 ))

out=$(mktemp)
t0=$(date +%s%N)
"$CRA" sandbox --port 0 >"$out" 2>/dev/null &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -f "$out"' EXIT
until [ -s "$out" ]; do sleep 0.005; done
ready_ms=$(( ($(date +%s%N) - t0) / 1000000 ))
url=$(head -1 "$out")

rss() { grep -E "^$1:" "/proc/$pid/status" | awk '{print $2}'; }
rss_idle=$(rss VmRSS)

id=$(curl -s -H "Authorization: Bearer sandbox_active" "$url/api/v1/banks?per_page=1" |
    sed -n 's/.*"id":"\([^"]*\)".*/\1/p' | head -1)

run() {
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" \
        -H "Authorization: Bearer sandbox_active" "$url$1" |
        awk '/Requests\/sec/ {print $2}'
}
list_rps=$(run "/api/v1/banks?per_page=25")
list100_rps=$(run "/api/v1/banks?per_page=100")
filter_rps=$(run "/api/v1/banks?state=TX&size=Small+Bank&q=bank")
detail_rps=$(run "/api/v1/banks/$id")
rss_after=$(rss VmRSS)
hwm=$(rss VmHWM)

cat <<REPORT
machine:            $(nproc) cores, $(uname -sr)
command:            wrk -t$THREADS -c$CONNECTIONS -d$DURATION (same machine, loopback)
list per_page=25:   $list_rps req/s
list per_page=100:  $list100_rps req/s
list q+state+size:  $filter_rps req/s
detail:             $detail_rps req/s
generation:         ${gen_median} ms median of $RUNS (${gen_times[*]}) for 18,820 banks
spawn to address:   ${ready_ms} ms (cra --version alone: ${version_ms} ms)
memory:             VmRSS ${rss_idle} kB idle, ${rss_after} kB after load, VmHWM ${hwm} kB
REPORT
