#!/usr/bin/env bash
# The lending data (issue 55), in two parts.
# 1. One year's disclosure file of the real one's size: the sandbox's
#    2013 file with each reporter SCALE times over (hidden flag
#    `cra sandbox --lending-scale`; 8 gives about 1.36 million records,
#    156 MB inflated, 15.7 MB zipped), read by `cra enrich --lending FILE`
#    into a copy that holds the sandbox's banks, public record and the
#    year's transmittal (a fresh copy before each run, untimed), against
#    the yardstick `unzip -p FILE > /dev/null` (inflating it and nothing
#    else), in turns (bench/turns.sh): wall, cpu, peak memory, the ratio.
# 2. Ten years of it (YEARS, all three files of each year at the same
#    scale) in one copy; then `cra lending BANK` for the bank with the most
#    rows and `cra stats --by rating --lending`, each RUNS times: median
#    wall and peak, beside `cra --offline sql 'select 1'` (start-up and
#    opening the copy: the floor any answer pays).
# Usage: bench/lending.sh                 (RUNS=5 SCALE=8; about 10 minutes)
#        PART=1 bench/lending.sh          (the first part only)
#        CRA=target/release/cra bench/lending.sh   (a build at hand)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v unzip >/dev/null || { apt-get update -qq && apt-get install -y -qq unzip; }
command -v curl >/dev/null || { apt-get update -qq && apt-get install -y -qq curl; }
# shellcheck source=bench/turns.sh
. bench/turns.sh
RUNS=${RUNS:-5}
SCALE=${SCALE:-8}
PART=${PART:-all}
YEARS=${YEARS:-"2013 2014 2015 2016 2017 2018 2019 2020 2021 2022"}
if [ -z "${CRA:-}" ]; then
  cargo build --release --quiet
  CRA=${CARGO_TARGET_DIR:-$PWD/target}/release/cra
fi
CRA=$(realpath "$CRA")
work=$(mktemp -d)
sandbox=""
trap '[ -n "$sandbox" ] && kill "$sandbox" 2>/dev/null; rm -rf "$work"' EXIT
export HOME=$work CRA_CONFIG=$work/none.toml XDG_DATA_HOME=$work/data

"$CRA" sandbox --port 0 --lending-scale "$SCALE" >"$work/sandbox.out" 2>"$work/sandbox.err" &
sandbox=$!
for _ in $(seq 300); do grep -q '^http://' "$work/sandbox.out" && break; sleep 0.1; done
url=$(grep -m1 '^http://' "$work/sandbox.out") || { cat "$work/sandbox.err"; exit 1; }
export CRA_BASE_URL=$url CRA_API_KEY=sandbox_active CRA_FFIEC=$url/ffiec/craratng.zip
export CRA_MIRROR=$work/copy.sqlite
"$CRA" sync >/dev/null 2>&1
"$CRA" enrich --no-bankfind >/dev/null 2>&1
fetch() { # YEAR KIND → the file's path
  local yy=${1: -2}
  [ -s "$work/$yy$2.zip" ] || curl -sSf -o "$work/$yy$2.zip" "$url/lending/${yy}exp_$2.zip"
  echo "$work/$yy$2.zip"
}
base=$work/base.sqlite

discl=$(fetch 2013 discl)
"$CRA" enrich --lending "$(fetch 2013 trans)" >/dev/null 2>&1
cp "$CRA_MIRROR" "$base"
echo "1. one year's disclosure: $(unzip -p "$discl" | wc -l | awk '{ printf "%\047d", $1 }') records," \
  "$(( $(unzip -p "$discl" | wc -c) / 1000000 )) MB inflated, $(( $(stat -c %s "$discl") / 1000000 )) MB zipped (scale $SCALE)"
echo "   A = cra enrich --lending FILE (a fresh copy each run); B = unzip -p FILE > /dev/null"
turns "$RUNS" "exec '$CRA' enrich --lending '$discl'" "exec unzip -p '$discl'" "rm -f '$CRA_MIRROR-wal' '$CRA_MIRROR-shm'; cp '$base' '$CRA_MIRROR'"
rm -f "$CRA_MIRROR-wal" "$CRA_MIRROR-shm"; cp "$base" "$CRA_MIRROR"
"$CRA" enrich --lending "$discl" 2>&1 | tail -n 2 | sed 's/^/   cra said: /'
[ "$PART" = 1 ] && exit 0

files=()
for y in $YEARS; do
  for kind in trans aggr discl; do files+=("$(fetch "$y" "$kind")"); done
done
start=$(date +%s)
"$CRA" enrich --lending "${files[@]}" >/dev/null 2>&1
rows=$("$CRA" --offline sql "select count(*) from lending" --format tsv | tail -n 1)
echo "2. ten years ($YEARS): $(echo "$rows" | awk '{ printf "%\047d", $1 }') rows in lending, read in $(( $(date +%s) - start )) s;" \
  "the copy $(( $(stat -c %s "$CRA_MIRROR") / 1000000 )) MB"
bank=$("$CRA" --offline sql "select bank_id from lending where bank_id is not null group by bank_id order by count(*) desc limit 1" --format tsv | tail -n 1)
echo "   the bank with the most rows: $bank ($("$CRA" --offline sql "select count(*) from lending where bank_id = '$bank'" --format tsv | tail -n 1) rows)"
for cmd in "--offline lending $bank" "--offline lending $bank --by county" "--offline stats --by rating --lending"; do
  echo "   cra $cmd"
  turns "$RUNS" "exec '$CRA' $cmd" "exec '$CRA' --offline sql 'select 1'"
done
