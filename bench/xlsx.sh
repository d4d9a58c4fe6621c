#!/usr/bin/env bash
# Excel and report benchmark (issue 22), yardsticks measured in the same run:
#   - `cra export --with-history -o FILE.xlsx` against the same export to
#     FILE.csv (the yardstick): time and peak memory (/usr/bin/time -v), on
#     the default 18,820-bank sandbox and on 100,000 banks;
#   - `cra report` as the page (html) and as the workbook (xlsx), for all
#     18,820 banks of the sandbox's local copy and for a copy of 100,000
#     banks: time (best of 3) and peak memory, against `cra stats --by state
#     --format csv` and `cra due --format csv` on the same copy (two of the
#     queries the report runs; due is the one whose answer grows with the
#     copy), and the files' sizes.
# Usage: bench/xlsx.sh            (prints figures; takes a few minutes)
#        CRA=target/release/cra bench/xlsx.sh
#        ONLY=report bench/xlsx.sh  (the report's figures alone)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v /usr/bin/time >/dev/null || { apt-get update -qq && apt-get install -y -qq time; }
# CRA=path/to/cra uses that build instead of building one.
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

export CRA_API_KEY=sandbox_active CRA_CONFIG=$work/none.toml HOME=$work

for n in $([ "${ONLY:-}" = report ] || echo 18820 100000); do
  echo "== export --with-history, $n banks (sandbox, no latency, --concurrency 16)"
  start_sandbox --banks $n
  read -r csv_s csv_kb < <(CRA_BASE_URL=$URL measure "$CRA" export --with-history --concurrency 16 -o "$work/h.csv")
  read -r x_s x_kb < <(CRA_BASE_URL=$URL measure "$CRA" export --with-history --concurrency 16 -o "$work/h.xlsx")
  rows=$(($(wc -l <"$work/h.csv") - 1))
  echo "csv:  ${csv_s}s, peak $((csv_kb / 1024)) MB, $(du -k "$work/h.csv" | cut -f1) kB, $rows rows"
  echo "xlsx: ${x_s}s, peak $((x_kb / 1024)) MB, $(du -k "$work/h.xlsx" | cut -f1) kB"
  echo "xlsx/csv: time $(python3 -c "print(round($x_s/$csv_s, 2))"), peak memory $(python3 -c "print(round($x_kb/$csv_kb, 2))")"
  kill "${pids[-1]}" 2>/dev/null || true
done

# report_bench LABEL MIRROR: the page and the workbook from one local copy,
# against two of the queries the report runs, on the same copy.
report_bench() {
  local label=$1 mirror=$2
  local args=(--offline --mirror "$mirror")
  read -r stats_s stats_kb < <(measure "$CRA" "${args[@]}" stats --by state --format csv)
  read -r due_s due_kb < <(measure "$CRA" "${args[@]}" due --format csv)
  for format in html xlsx; do
    best="" peak=0
    for _ in 1 2 3; do
      read -r r_s r_kb < <(measure "$CRA" "${args[@]}" report -o "$work/report.$format")
      best=$(python3 -c "print(min(x for x in [$r_s, ${best:-999}]))")
      peak=$((r_kb > peak ? r_kb : peak))
    done
    echo "$label report $format: best of 3 ${best}s, peak $((peak / 1024)) MB, $(du -k "$work/report.$format" | cut -f1) kB;" \
      "stats --by state ${stats_s}s ($((stats_kb / 1024)) MB), due ${due_s}s ($((due_kb / 1024)) MB);" \
      "report/due: time $(python3 -c "print(round($best/max($due_s, 0.01), 2))"), memory $(python3 -c "print(round($peak/$due_kb, 2))")"
  done
}

echo "== report, all 18,820 sandbox banks"
"$CRA" --sandbox --mirror "$work/sandbox.db" sync --quiet
report_bench "18,820 banks:" "$work/sandbox.db"

echo "== report, 100,000 banks (sandbox --banks 100000, synced into a copy)"
start_sandbox --banks 100000
CRA_BASE_URL=$URL "$CRA" --mirror "$work/big.db" sync --quiet
kill "${pids[-1]}" 2>/dev/null || true
report_bench "100,000 banks:" "$work/big.db"
