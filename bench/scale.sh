#!/usr/bin/env bash
# `cra enrich` as the copy grows and the public record stays what it is
# (issue 37: flat memory as the bank count grows). The public record is
# the real FFIEC file (../shared/data/craratng.zip) with the BankFind and
# history the sandbox serves for it (`cra sandbox --data`); the copies are
# synced from sandboxes of 18,820, 60,000 and 100,000 banks (SIZES=...),
# so that only the copy grows. Each row: `cra enrich` with BankFind
# (median of 3) and its peak resident size, against the yardstick of the
# same run: `cra sql` reading every bank with its exams from the same copy
# (what linking must read at the least).
# Usage: bench/scale.sh   (several minutes: it syncs the copies)
set -euo pipefail
cd "$(dirname "$0")/.."
data=../shared/data/craratng.zip
if [ ! -f "$data" ]; then
  echo "skipped: $data is absent (the real FFIEC file beside the checkout)"
  exit 0
fi
cargo build --release --quiet
# shellcheck source=bench/lib.sh
source bench/lib.sh
export CRA_API_KEY=sandbox_active CRA_CONFIG=$work/none.toml

serve() { # OUT ARGS...: a sandbox; its address in OUT
  local out=$1
  shift
  "$CRA" sandbox --port 0 "$@" >"$out" 2>/dev/null &
  pids+=($!)
  until [ -s "$out" ]; do sleep 0.05; done
}

serve "$work/record.addr" --data "$data"
RECORD=$(head -n1 "$work/record.addr")

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "public record: $data with the BankFind and history of $RECORD"
echo
echo '| banks in the copy | cra enrich | reading every bank and exam (cra sql) | ratio | peak RSS | linked |'
echo '|---:|---:|---:|---:|---:|---:|'
for banks in ${SIZES:-18820 60000 100000}; do
  serve "$work/sandbox.$banks" --banks "$banks"
  url=$(head -n1 "$work/sandbox.$banks")
  mirror=$work/copy.$banks.sqlite
  CRA_BASE_URL=$url "$CRA" --mirror "$mirror" sync --quiet --concurrency 16
  enrich=("$CRA" --mirror "$mirror" enrich --ffiec "$RECORD/ffiec/craratng.zip"
    --bankfind "$RECORD/bankfind/institutions" --quiet)
  "${enrich[@]}"
  read_all=("$CRA" --mirror "$mirror" sql
    "SELECT b.id, b.name, b.city, b.state, r.exam_date, r.rating FROM banks b JOIN ratings r ON r.bank_id = b.id"
    --format csv)
  yard=$(median 3 "${read_all[@]}")
  full=$(median 3 "${enrich[@]}")
  rss=$(/usr/bin/time -f '%M' "${enrich[@]}" 2>&1 >/dev/null | tail -n1)
  linked=$("$CRA" --mirror "$mirror" sql "SELECT count(*) FROM links" --format csv | tail -n1)
  printf '| %s | %s s | %s s | %.2f× | %s MB | %s |\n' \
    "$banks" "$full" "$yard" "$(echo "$full / $yard" | bc -l)" "$((rss / 1024))" "$linked"
done
