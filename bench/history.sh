#!/usr/bin/env bash
# Structure changes (issue 38): `cra enrich` with BankFind's history, at
# 18,820 banks, must stay within 3 s wall.
#
# The sandbox's banks (18,820 by default) are synced into a copy; a
# stand-in BankFind (bench/history.py) serves the sandbox's institutions
# and its structure changes, then the same with 300,000 changes more
# (BankFind's institution-level history is of that order; a tenth of the
# added ones a branch's, which the client leaves out). Each row: `cra
# enrich` (the FFIEC file from the sandbox, BankFind's institutions and
# history from the stand-in), median of 3, against the yardstick of the
# same run, curl fetching every answer that enrich fetches, one after the
# other (what the transfers alone cost), and against `cra enrich
# --no-bankfind` (what reading BankFind adds).
# Memory: the largest resident size of one enrich; BANKS=N (default
# 18,820) runs it on a sandbox of N banks, EXTRAS="0" serves only the
# sandbox's own history: peak memory should not follow the bank count.
# Usage: bench/history.sh   (a few minutes: it syncs a copy)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
# shellcheck source=bench/lib.sh
source bench/lib.sh
export CRA_API_KEY=sandbox_active CRA_CONFIG=$work/none.toml

out=$work/sandbox.addr
"$CRA" sandbox --port 0 --banks "${BANKS:-18820}" >"$out" 2>/dev/null &
pids+=($!)
until [ -s "$out" ]; do sleep 0.05; done
URL=$(head -n1 "$out")
mirror=$work/copy.sqlite
CRA_BASE_URL=$URL "$CRA" --mirror "$mirror" sync --quiet --concurrency 16
banks=$("$CRA" --mirror "$mirror" sql "SELECT count(*) FROM banks" --format csv | tail -n1)

curl_all() { # STAND_IN INSTITUTIONS CHANGES: every request enrich makes
  curl -sf "$URL/ffiec/craratng.zip" -o /dev/null
  for (( off = 0; off < $2; off += 10000 )); do
    curl -sf "$1/institutions?limit=10000&offset=$off" -o /dev/null
  done
  for (( off = 0; off < $3; off += 10000 )); do
    curl -sf "$1/history?limit=10000&offset=$off" -o /dev/null
  done
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "copy: $banks banks (the sandbox's)"
echo
echo '| history served | cra enrich | curl of the same answers | ratio | enrich --no-bankfind | enrich peak RSS |'
echo '|---|---:|---:|---:|---:|---:|'
for extra in ${EXTRAS:-0 300000}; do
  addr=$work/stand-in.$extra
  python3 bench/history.py "$URL" "$extra" >"$addr" &
  pids+=($!)
  until [ "$(wc -l <"$addr")" -ge 2 ]; do sleep 0.1; done
  STAND_IN=$(head -n1 "$addr")
  read -r institutions _ changes _ < <(sed -n 2p "$addr")
  enrich=("$CRA" --mirror "$mirror" enrich --ffiec "$URL/ffiec/craratng.zip" --quiet)
  # Warm both servers' pages, then measure.
  curl_all "$STAND_IN" "$institutions" "$changes"
  "${enrich[@]}" --bankfind "$STAND_IN/institutions"
  kept=$("$CRA" --mirror "$mirror" sql "SELECT count(*) FROM events" --format csv | tail -n1)
  yard=$(median 3 curl_all "$STAND_IN" "$institutions" "$changes")
  full=$(median 3 "${enrich[@]}" --bankfind "$STAND_IN/institutions")
  none=$(median 3 "${enrich[@]}" --no-bankfind)
  rss=$(/usr/bin/time -f '%M' "${enrich[@]}" --bankfind "$STAND_IN/institutions" 2>&1 >/dev/null | tail -n1)
  printf '| %s changes (%s kept) | %s s | %s s | %.2f× | %s s | %s MB |\n' \
    "$changes" "$kept" "$full" "$yard" "$(echo "$full / $yard" | bc -l)" "$none" "$((rss / 1024))"
done
