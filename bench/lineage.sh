#!/usr/bin/env bash
# A lineage of any length (issue 48, item 9): one institution given N
# structure changes (as a hostile BankFind history would have them stored),
# then, offline:
#   - `lineage fdic:C -o x.xlsx`: refused (more lines than a sheet holds)
#     before a line is read,
#   - `lineage fdic:C --format csv`: every line, read one at a time,
# each with its time and peak RSS (/usr/bin/time; it also counts the
# copy's pages SQLite maps) and, with HEAP=1 where valgrind is installed,
# its peak heap (massif: what cra itself holds; slow), beside the
# yardstick run in the same session on the same copy: a lineage of five
# lines.
# Usage: bench/lineage.sh                   (N = 2000000)
#        CRA=target/debug/cra N=1100000 HEAP=1 bench/lineage.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v /usr/bin/time >/dev/null || { apt-get update -qq && apt-get install -y -qq time; }
command -v python3 >/dev/null || { echo "bench/lineage.sh needs python3 (its sqlite3)" >&2; exit 2; }
if [ -z "${CRA:-}" ]; then
  cargo build --release --quiet
  CRA=${CARGO_TARGET_DIR:-$PWD/target}/release/cra
fi
N=${N:-2000000}
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
export HOME=$work/home CRA_CONFIG=$work/none.toml CRA_API_KEY=sandbox_active

"$CRA" sandbox --port 0 >"$work/addr" 2>/dev/null &
pids+=($!)
until [ -s "$work/addr" ]; do sleep 0.05; done
url=$(head -n1 "$work/addr")
mirror=$work/copy.sqlite
"$CRA" --base-url "$url" --mirror "$mirror" sync --quiet
"$CRA" --base-url "$url" --mirror "$mirror" enrich --quiet \
  --ffiec "$url/ffiec/craratng.zip" --bankfind "$url/bankfind/institutions" 2>/dev/null
# The long one: Hudson Hill State Bank (fdic:56), N name changes; the
# yardstick: Kansas City National Bank (fdic:12683), five lines.
python3 - "$mirror" "$N" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute(f"""INSERT INTO events (fdic_cert, date, kind, code, description, name, former_name)
 WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {int(sys.argv[2])})
 SELECT 56, date('2000-01-01', '+' || (i % 9000) || ' days'), 'name_change', 510,
 'Change in Name', 'Hudson Hill Bank ' || i, 'Hudson Hill Bank ' || (i - 1) FROM n""")
db.commit()
PY

heap() {
  [ "${HEAP:-0}" = 1 ] && command -v valgrind >/dev/null || { echo -; return; }
  valgrind --tool=massif --massif-out-file="$work/massif" "$@" >/dev/null 2>&1 || true
  awk -F= '/^mem_heap_B=/ {if ($2 > m) m = $2} END {print int(m / 1024)}' "$work/massif"
}

printf 'copy: %s kB, %s changes of fdic:56\n' "$(($(stat -c %s "$mirror") / 1024))" "$N"
printf '%-46s %8s %10s %10s %10s\n' command seconds "peak kB" "heap kB" lines
for run in "fdic:12683 --format csv" "fdic:56 -o $work/x.xlsx" "fdic:56 --format csv"; do
  # shellcheck disable=SC2086
  /usr/bin/time -f "%e %M" -o "$work/time" "$CRA" --offline --mirror "$mirror" lineage $run \
    >"$work/out" 2>"$work/err" || true
  read -r secs kb < <(tail -n 1 "$work/time")
  lines=$(($(wc -l <"$work/out") - 1))
  [ "$lines" -lt 0 ] && lines=0
  # shellcheck disable=SC2086
  heap_kb=$(heap "$CRA" --offline --mirror "$mirror" lineage $run)
  printf '%-46s %8s %10s %10s %10s\n' "lineage ${run/$work\//}" "$secs" "$kb" "$heap_kb" "$lines"
  rm -f "$work/x.xlsx"
done
