#!/usr/bin/env bash
# Export benchmark (issue 4): `cra export` against `cra sandbox --latency 20`
# and 0, with yardsticks measured in the same run:
#   - the theoretical bound: requests × latency ÷ concurrency;
#   - a sequential client: `cra export --concurrency 1`, and a shell loop of curl;
#   - peak memory (/usr/bin/time -v) from --banks 5000 to --banks 100000.
# The sequential yardsticks run on a 1,000-bank sandbox (a full sequential
# export at 20 ms a request takes over six minutes); their per-bank time is
# compared with the concurrent export of the same 1,000 banks and of all
# 18,820.
# Usage: bench/export.sh            (prints figures; takes about 3 minutes)
#        CRA=path/to/cra bench/export.sh   (a binary already built)
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

# start_sandbox ARGS... → sets URL
start_sandbox() {
  local out=$work/addr.$RANDOM
  "$CRA" sandbox --port 0 "$@" >"$out" 2>/dev/null &
  pids+=($!)
  until [ -s "$out" ]; do sleep 0.05; done
  URL=$(head -n1 "$out")
}

# elapsed seconds and peak RSS (kB) of a command: "SECONDS KB"
measure() {
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; exit 1; }
  cat "$work/time"
}

export CRA_API_KEY=sandbox_active CRA_CONFIG=$work/none.toml

echo "== latency 20 ms, 18,820 banks (default data set)"
start_sandbox --latency 20
total=$(curl -s -H "Authorization: Bearer sandbox_active" "$URL/api/v1/banks?per_page=100" | python3 -c 'import json,sys; m=json.load(sys.stdin)["meta"]; print(m["total"], m["total_pages"])')
read -r banks pages <<<"$total"
requests=$((banks + pages))
read -r secs kb < <(CRA_BASE_URL=$URL measure "$CRA" export --with-history --concurrency 16 -o "$work/all.csv")
bound=$(python3 -c "print(round($requests*0.020/16, 2))")
echo "export --with-history --concurrency 16: ${secs}s, peak ${kb} kB; bound ${bound}s ($requests requests × 20 ms ÷ 16); ratio $(python3 -c "print(round($secs/$bound, 3))")"
# What one request really takes (the sandbox's 20 ms sleep lands on a 1 ms
# timer tick, plus HTTP): the median of 50 sequential requests on one
# kept-alive connection, and the bound computed with it.
urls=$(for _ in $(seq 50); do printf -- '-o /dev/null %s ' "$URL/api/v1/banks?per_page=1"; done)
# shellcheck disable=SC2086
real_ms=$(curl -s -H "Authorization: Bearer sandbox_active" -w '%{time_total}\n' $urls | sort -n | awk '{a[NR]=$1} END {print a[int(NR/2)+1]*1000}')
real_bound=$(python3 -c "print(round($requests*$real_ms/1000/16, 2))")
echo "one request really takes ${real_ms} ms (median of 50, curl, kept alive): bound ${real_bound}s; ratio $(python3 -c "print(round($secs/$real_bound, 3))")"
per_bank_concurrent=$(python3 -c "print($secs/$banks)")

echo "== latency 20 ms, 1,000 banks: sequential yardsticks"
start_sandbox --latency 20 --banks 1000
read -r c16 _ < <(CRA_BASE_URL=$URL measure "$CRA" export --with-history --concurrency 16 -o "$work/k16.csv")
read -r c1 _ < <(CRA_BASE_URL=$URL measure "$CRA" export --with-history --concurrency 1 -o "$work/k1.csv")
CRA_BASE_URL=$URL "$CRA" search --all --format json | python3 -c 'import json,sys; [print(b["id"]) for b in json.load(sys.stdin)]' >"$work/ids"
start=$(date +%s.%N)
while read -r id; do curl -s -o /dev/null -H "Authorization: Bearer sandbox_active" "$URL/api/v1/banks/$id"; done <"$work/ids"
curl_loop=$(python3 -c "import time; print(round(time.time()-$start, 2))")
echo "1,000 banks: concurrency 16 ${c16}s; concurrency 1 ${c1}s ($(python3 -c "print(round($c1/$c16,1))")×); curl loop ${curl_loop}s ($(python3 -c "print(round($curl_loop/$c16,1))")×)"
echo "per bank: curl loop $(python3 -c "print(round($curl_loop/1000*1000,2))") ms vs full concurrent export $(python3 -c "print(round($per_bank_concurrent*1000,2))") ms ($(python3 -c "print(round(($curl_loop/1000)/$per_bank_concurrent,1))")×)"

echo "== latency 0: peak memory from 5,000 to 100,000 banks, and request rate"
for n in 5000 100000; do
  start_sandbox --banks $n
  read -r secs kb < <(CRA_BASE_URL=$URL measure "$CRA" export --with-history --concurrency 16 -o "$work/m$n.csv")
  req=$((n + (n + 99) / 100))
  echo "--banks $n: ${secs}s, peak ${kb} kB, $(python3 -c "print(round($req/$secs))") requests/s"
done
