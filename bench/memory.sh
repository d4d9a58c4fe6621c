#!/usr/bin/env bash
# Memory as the result grows (issue 19, item 6), tsv as the yardstick in the
# same run: `cra sql` over a generated result of 10k, 1M and 10M rows (a
# recursive CTE against a sandbox-synced local copy), printed as tsv, json,
# a table (--format table: the table printer, fitted on its first 1,000
# rows, then streamed), --jq '.[]' and --jq '.[] | .name' (per record):
# peak RSS (/usr/bin/time), the whole run's time, and the time to the first
# line (the command piped to `head -1`). Then `changes --change all` on the
# sandbox copy, as a table and as tsv.
# Usage: bench/memory.sh            (prints figures; takes several minutes)
#        CRA=target/release/cra SIZES="10000 1000000" bench/memory.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v /usr/bin/time >/dev/null || { apt-get update -qq && apt-get install -y -qq time; }
if [ -z "${CRA:-}" ]; then
  cargo build --release --quiet
  CRA=${CARGO_TARGET_DIR:-$PWD/target}/release/cra
fi
SIZES=${SIZES:-"10000 1000000 10000000"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME=$work CRA_CONFIG=$work/none.toml
"$CRA" --sandbox sync >/dev/null 2>&1

query() {
  echo "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $1)
        SELECT i, 'BANK NUMBER ' || i AS name, printf('%08x-0000-5000-8000-%012x', i, i) AS id,
               'Satisfactory' AS rating, '2024-01-31' AS exam_date FROM n"
}

# "SECONDS PEAK_MB" of a command, its output thrown away
measure() {
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; exit 1; }
  awk '{printf "%s %.1f\n", $1, $2 / 1024}' "$work/time"
}

# seconds until the first line of a command reaches `head -1`
first_line() {
  local start end
  start=$(date +%s.%N)
  "$@" 2>/dev/null | head -1 >/dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l | awk '{printf "%.2f", $1}'
}

printf '%-10s %-22s %10s %12s %10s %14s\n' rows output "peak MB" "x tsv peak" "total s" "first line s"
for n in $SIZES; do
  q=$(query "$n")
  tsv_peak=
  for output in "--format tsv" "--format json" "--format table" "--jq .[]" "--jq .[]|.name"; do
    case $output in
      "--jq .[]|.name") args=(--jq '.[] | .name') ;;
      *) read -r -a args <<<"$output" ;;
    esac
    read -r secs peak < <(measure "$CRA" --sandbox sql "$q" "${args[@]}")
    first=$(first_line "$CRA" --sandbox sql "$q" "${args[@]}")
    [ -z "$tsv_peak" ] && tsv_peak=$peak
    ratio=$(echo "$peak / $tsv_peak" | bc -l | awk '{printf "%.2f", $1}')
    printf '%-10s %-22s %10s %12s %10s %14s\n' "$n" "$output" "$peak" "$ratio" "$secs" "$first"
  done
done

records=$("$CRA" --sandbox changes --change all --format tsv 2>/dev/null | tail -n +2 | wc -l)
echo
echo "changes --change all on the sandbox copy ($records rating records):"
read -r secs tsv_peak < <(measure "$CRA" --sandbox changes --change all --format tsv)
printf '%-22s %10s MB %8s s\n' "--format tsv" "$tsv_peak" "$secs"
read -r secs peak < <(measure "$CRA" --sandbox changes --change all --format table)
printf '%-22s %10s MB %8s s  (x%s of tsv)\n' "--format table" "$peak" "$secs" \
  "$(echo "$peak / $tsv_peak" | bc -l | awk '{printf "%.2f", $1}')"
