#!/usr/bin/env bash
# An export through a filter the service lacks, from the local copy (issue
# 46, item 6): the selection is read from the copy in pages, so memory stays
# flat as it grows. For each size, a sandbox of that many banks is synced
# and enriched (its FFIEC file and BankFind), then, offline:
#   - `export --active --format csv` (BankFind's activity: a public-record
#     filter; every active bank's detail),
#   - `export --assets 100M.. --format csv` (the FFIEC file's assets),
# each with its peak RSS and time (/usr/bin/time) and its peak heap
# (valgrind's massif, where installed: what cra itself holds; the RSS also
# counts the pages of the copy SQLite reads through its memory map, which
# the kernel keeps and can drop, and which grow with the copy), beside the
# yardstick run in the same session on the same copy: `search --all
# --format csv` (the copy's list, streamed), and the rows each wrote.
# Usage: bench/export-filtered.sh                 (sizes 10000 50000 100000)
#        CRA=target/release/cra SIZES="10000 100000" bench/export-filtered.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v /usr/bin/time >/dev/null || { apt-get update -qq && apt-get install -y -qq time; }
if [ -z "${CRA:-}" ]; then
  cargo build --release --quiet
  CRA=${CARGO_TARGET_DIR:-$PWD/target}/release/cra
fi
SIZES=${SIZES:-"10000 50000 100000"}
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
export HOME=$work/home CRA_CONFIG=$work/none.toml CRA_API_KEY=sandbox_active

# "SECONDS KB ROWS" of one command writing csv to standard output.
measure() {
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" >"$work/out" 2>"$work/err" ||
    { cat "$work/err" >&2; exit 1; }
  echo "$(cat "$work/time") $(($(wc -l <"$work/out") - 1))"
}

# Peak heap (kB) of one command, by massif; "-" without valgrind.
heap() {
  command -v valgrind >/dev/null || { echo -; return; }
  valgrind --tool=massif --massif-out-file="$work/massif" "$@" >/dev/null 2>&1
  awk -F= '/^mem_heap_B=/ {if ($2 > m) m = $2} END {print int(m / 1024)}' "$work/massif"
}

printf '%-8s %-34s %8s %10s %10s %8s %10s\n' banks command seconds "peak kB" "heap kB" rows "copy kB"
for n in $SIZES; do
  out=$work/addr.$n
  "$CRA" sandbox --port 0 --banks "$n" >"$out" 2>/dev/null &
  pids+=($!)
  until [ -s "$out" ]; do sleep 0.05; done
  url=$(head -n1 "$out")
  mirror=$work/copy-$n.sqlite
  "$CRA" --base-url "$url" --mirror "$mirror" sync --quiet
  "$CRA" --base-url "$url" --mirror "$mirror" enrich --quiet \
    --ffiec "$url/ffiec/craratng.zip" --bankfind "$url/bankfind/institutions" 2>/dev/null
  copy_kb=$(($(stat -c %s "$mirror") / 1024))
  for command in "search --all" "export --active" "export --assets 100M.."; do
    # shellcheck disable=SC2086
    read -r secs kb rows < <(measure "$CRA" --offline --mirror "$mirror" $command --format csv)
    # shellcheck disable=SC2086
    heap_kb=$(heap "$CRA" --offline --mirror "$mirror" $command --format csv)
    printf '%-8s %-34s %8s %10s %10s %8s %10s\n' "$n" "$command --format csv" "$secs" "$kb" "$heap_kb" "$rows" "$copy_kb"
  done
  kill "${pids[-1]}" 2>/dev/null || true
done
