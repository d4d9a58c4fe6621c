#!/usr/bin/env bash
# Local copy benchmark (issue 10): `cra sync` and the offline readers, with
# yardsticks measured in the same run:
#   - the theoretical bound of a sync: requests × latency ÷ concurrency;
#   - a full `cra export --with-history` against the same sandbox;
#   - the same search live against the sandbox on loopback;
#   - requests counted by the sandbox itself (--log-requests), not by cra;
#   - peak memory (/usr/bin/time -v) at 18,820 and 100,000 banks.
# Usage: bench/sync.sh           (prints figures; takes about 3 minutes)
#        CRA=path/to/cra bench/sync.sh   (a binary already built)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v /usr/bin/time >/dev/null || { apt-get update -qq && apt-get install -y -qq time; }
# CRA=PATH measures a binary already built (say which in BENCHMARKS.md).
if [ -z "${CRA:-}" ]; then
  cargo build --release --quiet
  CRA=${CARGO_TARGET_DIR:-$PWD/target}/release/cra
fi
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

# start_sandbox PORT ARGS... → sets URL and SANDBOX_PID
start_sandbox() {
  local port=$1 out=$work/addr.$RANDOM
  shift
  "$CRA" sandbox --port "$port" "$@" >"$out" 2>/dev/null &
  SANDBOX_PID=$!
  pids+=("$SANDBOX_PID")
  until [ -s "$out" ]; do sleep 0.05; done
  URL=$(head -n1 "$out")
}
stop_sandbox() { kill "$SANDBOX_PID"; wait "$SANDBOX_PID" 2>/dev/null || true; }

# elapsed seconds and peak RSS (kB) of a command: "SECONDS KB"
measure() {
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; exit 1; }
  cat "$work/time"
}
# requests in the sandbox log since the last call: "LIST DETAIL"
requests() {
  local list detail
  list=$(grep -c ' /api/v1/banks?' "$work/requests.log" || true)
  detail=$(grep -c ' /api/v1/banks/' "$work/requests.log" || true)
  : >"$work/requests.log"
  echo "$list $detail"
}
ratio() { python3 -c "print(round($1/$2, 3))"; }
# median wall time (ms) of N runs of a command
median_ms() {
  local n=$1
  shift
  for _ in $(seq "$n"); do
    local s e
    s=$(date +%s%N)
    "$@" >/dev/null 2>&1
    e=$(date +%s%N)
    echo $(((e - s) / 1000))
  done | sort -n | awk '{a[NR]=$1} END {printf "%.1f\n", a[int((NR+1)/2)]/1000}'
}

export CRA_API_KEY=sandbox_active CRA_CONFIG=$work/none.toml CRA_MIRROR=$work/mirror.sqlite

echo "== latency 20 ms, 18,820 banks, --concurrency 16"
start_sandbox 0 --latency 20 --log-requests "$work/requests.log"
port=${URL##*:}
export CRA_BASE_URL=$URL
read -r secs kb < <(measure "$CRA" sync --concurrency 16)
read -r list detail < <(requests)
req=$((list + detail))
bound=$(python3 -c "print(round($req*0.020/16, 2))")
echo "first sync: ${secs}s, peak ${kb} kB; $list list + $detail detail requests; bound ${bound}s; ratio $(ratio "$secs" "$bound")"
read -r esecs ekb < <(measure "$CRA" export --with-history --concurrency 16 -o "$work/all.csv")
requests >/dev/null
echo "export --with-history (yardstick): ${esecs}s, peak ${ekb} kB"
read -r nsecs _ < <(measure "$CRA" sync --concurrency 16)
read -r list detail < <(requests)
echo "refresh, nothing changed: ${nsecs}s; $list list + $detail detail requests"

stop_sandbox
start_sandbox "$port" --latency 20 --evolve 188 --log-requests "$work/requests.log"
read -r rsecs _ < <(measure "$CRA" sync --concurrency 16 --format json)
read -r list detail < <(requests)
req=$((list + detail))
rbound=$(python3 -c "print(round($req*0.020/16, 2))")
summary=$("$CRA" sql "SELECT new_banks, changed_banks, new_exams, removed_banks FROM syncs ORDER BY id DESC LIMIT 1" --format csv | tail -n1)
echo "refresh after --evolve 188: ${rsecs}s; $list list + $detail detail requests (new,changed,new_exams,removed = $summary); bound ${rbound}s; ratio $(ratio "$rsecs" "$rbound"); export/refresh $(ratio "$esecs" "$rsecs")×"
stop_sandbox

echo "== offline readers (18,822 banks) against a live sandbox at latency 0"
start_sandbox "$port" --evolve 188
live=$(median_ms 21 "$CRA" search --state TX --size large --format json)
offline=$(median_ms 21 "$CRA" --offline search --state TX --size large --format json)
echo "search --state TX --size large: live ${live} ms, offline ${offline} ms (median of 21); offline/live $(ratio "$offline" "$live")"
if cmp -s <("$CRA" search --state TX --size large --all --format json) <("$CRA" --offline search --state TX --size large --all --format json); then
  echo "  (offline output identical to live)"
fi
oexp=$(median_ms 5 "$CRA" --offline export --with-history -o "$work/offline.csv")
lexp=$(median_ms 1 "$CRA" export --with-history --concurrency 16 -o "$work/live.csv")
echo "export --with-history: offline ${oexp} ms (median of 5), live at latency 0 ${lexp} ms"
sql=$(median_ms 21 "$CRA" sql "SELECT state, rating, count(*) FROM banks GROUP BY state, rating")
version=$(median_ms 21 "$CRA" --version)
echo "sql GROUP BY state, rating over all banks: ${sql} ms end to end (cra --version: ${version} ms)"
stop_sandbox
echo "mirror on disk: $(du -k "$work/mirror.sqlite" | cut -f1) kB for 18,822 banks"

echo "== latency 0: peak memory of a first sync, 18,820 and 100,000 banks"
for n in 18820 100000; do
  rm -f "$work"/m$n.sqlite*
  start_sandbox 0 --banks $n
  read -r secs kb < <(CRA_BASE_URL=$URL CRA_MIRROR=$work/m$n.sqlite measure "$CRA" sync --concurrency 16)
  echo "--banks $n: ${secs}s, peak ${kb} kB, mirror $(du -k "$work/m$n.sqlite" | cut -f1) kB"
  stop_sandbox
done
