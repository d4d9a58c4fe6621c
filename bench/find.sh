#!/usr/bin/env bash
# Finding banks (issue 20): filtered and sorted `cra --offline search`,
# `cra due` and `cra stats --by year,regulator`, end to end (process start
# to exit, output to /dev/null), median of 15 runs, against the yardstick
# `cra --version` run the same way in the same session; over a copy of
# 18,820 banks (the default data set) and one of 100,000. Then online, a
# filter the service lacks: the list pages and detail requests it took,
# counted from the sandbox's own request log (`--log-requests`).
# Usage: bench/find.sh        (prints figures; takes a few minutes: it syncs
#                              both copies first)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
CRA=${CARGO_TARGET_DIR:-$PWD/target}/release/cra
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
export CRA_API_KEY=sandbox_active CRA_CONFIG=$work/none.toml

# start_sandbox LOG ARGS... → sets URL
start_sandbox() {
  local log=$1 out=$work/addr.$RANDOM
  shift
  "$CRA" sandbox --port 0 --log-requests "$log" "$@" >"$out" 2>/dev/null &
  pids+=($!)
  until [ -s "$out" ]; do sleep 0.05; done
  URL=$(head -n1 "$out")
}

# median milliseconds of 15 runs of the command
median_ms() {
  local times=()
  for _ in $(seq 15); do
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 8p | awk '{ printf "%.1f", $1 / 1000 }'
}

row() { # LABEL MIRROR ARGS...
  local label=$1 mirror=$2
  shift 2
  local ms
  ms=$(median_ms "$CRA" --mirror "$mirror" "$@")
  printf '| %s | `%s` | %s ms | %.1f× |\n' "$label" "$*" "$ms" "$(echo "$ms / $yard" | bc -l)"
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for banks in 18820 100000; do
  log=$work/requests-$banks.log
  start_sandbox "$log" --banks "$banks"
  mirror=$work/mirror-$banks.sqlite
  CRA_BASE_URL=$URL "$CRA" --mirror "$mirror" sync --quiet 2>/dev/null
  yard=$(median_ms "$CRA" --version)
  echo
  echo "$banks banks; yardstick cra --version: $yard ms"
  echo
  echo '| what | command | median | ratio to --version |'
  echo '|---|---|---:|---:|'
  row "plain first page (before)" "$mirror" --offline search
  row "rating, state, period, sort" "$mirror" --offline search --state TX --rating nti --exam-since 2022 --sort -exam_date
  row "rating only, sorted" "$mirror" --offline search --rating out --sort -exam_date,name
  row "regulators and period" "$mirror" --offline search --regulator occ --regulator frb --exam-since 2y --sort rating,name
  row "city (partial)" "$mirror" --offline search --city houston --sort name
  row "every bank sorted by name" "$mirror" --offline search --sort name --per-page 100
  row "every match, columns" "$mirror" --offline search --rating nti --all --columns name,state,exam_date
  row "due" "$mirror" due
  row "due, filtered" "$mirror" due --state TX --rating sat
  row "stats --by year,regulator" "$mirror" stats --by year,regulator
  if [ "$banks" = 18820 ]; then
    : >"$log"
    CRA_BASE_URL=$URL "$CRA" --mirror "$mirror" search --rating nti --format csv >/dev/null
    list=$(grep -c ' /api/v1/banks?' "$log" || true)
    detail=$(grep -c ' /api/v1/banks/' "$log" || true)
    echo
    echo "online search --rating nti: $list list requests (the list is $(( (banks + 99) / 100 )) pages of 100), $detail detail requests"
    : >"$log"
    CRA_BASE_URL=$URL "$CRA" --mirror "$mirror" search --state TX --rating nti --sort -exam_date --format csv >/dev/null
    tx=$("$CRA" --mirror "$mirror" sql "SELECT count(*) FROM banks WHERE state = 'TX'" --format csv | tail -n1 | tr -d '\r')
    list=$(grep -c ' /api/v1/banks?' "$log" || true)
    detail=$(grep -c ' /api/v1/banks/' "$log" || true)
    echo "online search --state TX --rating nti: $list list requests ($tx TX banks: $(( (tx + 99) / 100 )) pages), $detail detail requests"
  fi
done
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
