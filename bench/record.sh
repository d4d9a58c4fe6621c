#!/usr/bin/env bash
# The public record (issue 28): `cra enrich`'s linking measured on the real
# FFIEC data, and its speed and memory.
#
# Linking: the sandbox serves one bank per institution of the real file
# (../shared/data, as bench/record.py builds it: ids UUIDv5 of REGULATOR-ID,
# names as of the latest exam), a copy is synced from it, and `cra enrich
# --ffiec ../shared/data/craratng.zip` (the file as published) links it;
# every link is scored against the truth: wrong links, right ones, the share
# linked, the counts by reason. Then the same with perturbations (renamed
# banks, a dropped exam, FDIC exams dated by their own day, twins in another
# state).
#
# Speed: `cra enrich --no-bankfind` from the local file, median of 3 runs,
# against the yardstick of the same run, a plain parse of the same file
# (python3 reading the zip's lines into fields); on the real-data copy
# (18,820 banks) and on one of 100,000 (`sandbox --banks 100000`). Memory:
# the largest resident size of each. Filtered searches with --assets: see
# bench/find.sh's method, median of 15 runs against `cra --version`, on
# the real-data copy enriched with the sandbox's BankFind for it.
# Usage: bench/record.sh   (takes several minutes: it syncs three copies)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
CRA=${CARGO_TARGET_DIR:-$PWD/target}/release/cra
ZIP=$PWD/../shared/data/craratng.zip
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
export CRA_API_KEY=sandbox_active CRA_CONFIG=$work/none.toml

start_sandbox() { # ARGS... → sets URL
  local out=$work/addr.$RANDOM
  "$CRA" sandbox --port 0 "$@" >"$out" 2>/dev/null &
  pids+=($!)
  until [ -s "$out" ]; do sleep 0.05; done
  URL=$(head -n1 "$out")
}

median() { # RUNS COMMAND... → median seconds
  local runs=$1 times=()
  shift
  for _ in $(seq "$runs"); do
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p" | awk "{ printf \"%.4f\", \$1 / 1000000 }"
}

rss_mb() { # COMMAND... → the largest resident size, MB
  /usr/bin/time -f '%M' "$@" 2>&1 >/dev/null | tail -n1 | awk '{ printf "%.0f", $1 / 1024 }'
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "## Linking on the real FFIEC data"
for set in published perturbed; do
  csv=$work/$set.csv truth=$work/$set-truth.csv mirror=$work/$set.sqlite
  if [ "$set" = published ]; then
    made=$(python3 bench/record.py "$csv" "$truth")
  else
    made=$(python3 bench/record.py "$csv" "$truth" --perturb 7)
  fi
  start_sandbox --data "$csv"
  CRA_BASE_URL=$URL "$CRA" --mirror "$mirror" sync --quiet --concurrency 16
  summary=$("$CRA" --mirror "$mirror" enrich --ffiec "$ZIP" --no-bankfind --format json 2>/dev/null)
  "$CRA" --mirror "$mirror" sql "SELECT bank_id, regulator || '-' || agency_id AS institution FROM links" \
    --format csv >"$work/$set-links.csv"
  echo
  echo "$set: $made"
  echo "enrich: $summary"
  python3 bench/record.py --score "$truth" "$work/$set-links.csv" || true
done

echo
echo "## Speed and memory of cra enrich (from the local file, no BankFind)"
mirror=$work/published.sqlite
parse() { python3 -c 'import sys, zipfile; n = sum(len(l.split(b"\t")) > 0 for l in zipfile.ZipFile(sys.argv[1]).open("craratng.txt")); print(n)' "$ZIP"; }
yard=$(median 3 parse)
echo
echo "yardstick, a plain parse of the file (python3, 78,642 lines): $yard s"
echo
echo '| banks | median | ratio to the parse | largest resident size |'
echo '|---:|---:|---:|---:|'
t=$(median 3 "$CRA" --mirror "$mirror" enrich --ffiec "$ZIP" --no-bankfind --quiet)
m=$(rss_mb "$CRA" --mirror "$mirror" enrich --ffiec "$ZIP" --no-bankfind --quiet)
printf '| 18,820 (the real data) | %s s | %.1f× | %s MB |\n' "$t" "$(echo "$t / $yard" | bc -l)" "$m"
start_sandbox --banks 100000
big=$work/big.sqlite
CRA_BASE_URL=$URL "$CRA" --mirror "$big" sync --quiet --concurrency 16
t=$(median 3 "$CRA" --mirror "$big" enrich --ffiec "$ZIP" --no-bankfind --quiet)
m=$(rss_mb "$CRA" --mirror "$big" enrich --ffiec "$ZIP" --no-bankfind --quiet)
printf '| 100,000 (sandbox --banks 100000) | %s s | %.1f× | %s MB |\n' "$t" "$(echo "$t / $yard" | bc -l)" "$m"

echo
echo "## Filtered searches with --assets (offline, 18,820 banks)"
# The published copy enriched with BankFind too (the sandbox serves one for
# the real data), so that --active selects what it would.
start_sandbox --data "$work/published.csv"
"$CRA" --mirror "$mirror" enrich --ffiec "$ZIP" --bankfind "$URL/bankfind/institutions" --quiet
yard=$(median 15 "$CRA" --version)
echo
echo "yardstick cra --version: $yard s"
echo
echo '| command | median | ratio to --version |'
echo '|---|---:|---:|'
for args in "--offline search --state TX" \
            "--offline search --assets 250M..1B" \
            "--offline search --assets 10B.." \
            "--offline search --assets 250M..1B --sort name" \
            "--offline search --state TX --size large --assets 1B..10B --sort -exam_date" \
            "--offline search --active --exam-method 'small bank'" \
            "--offline search --exam-method 'strategic plan' --enriched --all" \
            "--offline search --assets ..100M --active --all --columns name,state,assets"; do
  t=$(eval median 15 "$CRA" --mirror "$mirror" "$args")
  printf '| `cra %s` | %.1f ms | %.1f× |\n' "$args" "$(echo "$t * 1000" | bc -l)" "$(echo "$t / $yard" | bc -l)"
done
