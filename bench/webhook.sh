#!/usr/bin/env bash
# cra listen vs adnanh/webhook (both on loopback, loaded by wrk), listen's
# memory over 100,000+ deliveries, and verify-webhook vs openssl on 100 MB.
# Usage: bench/webhook.sh   (from the repository root; writes to $OUT)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-target/bench-webhook}
DURATION=${DURATION:-10s}
mkdir -p "$OUT"

need() { command -v "$1" >/dev/null 2>&1; }
if ! need wrk || ! need webhook || ! need hyperfine; then
  apt-get update -qq && apt-get install -y -qq wrk webhook hyperfine >/dev/null
fi
cargo build --release -q
CRA=$PWD/target/release/cra
SECRET=bench-secret-0123456789

# The same signed ~190-byte rating.created body for both receivers.
BODY='{"event":"rating.created","timestamp":"2026-11-20T12:34:56.789Z","data":{"bank_id":"3f2b6c1e-6f0a-5b8e-9d1c-2a4b6c8d0e1f","bank_name":"CITIZENS BANK","rating":"Satisfactory","exam_date":"2026-11-01","regulator":"FDIC"}}'
printf '%s' "$BODY" > "$OUT/body.json"
SIG="sha256=$(openssl dgst -sha256 -hmac "$SECRET" -r "$OUT/body.json" | cut -d' ' -f1)"
echo "body: $(wc -c < "$OUT/body.json") bytes"
cat > "$OUT/post.lua" <<LUA
wrk.method = "POST"
wrk.body = '$BODY'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-Service-Signature"] = "$SIG"
LUA

cat > "$OUT/hooks.json" <<JSON
[
  {
    "id": "cra",
    "execute-command": "/bin/true",
    "response-message": "ok",
    "trigger-rule-mismatch-http-response-code": 401,
    "trigger-rule": {
      "match": {
        "type": "payload-hmac-sha256",
        "secret": "$SECRET",
        "parameter": { "source": "header", "name": "X-Service-Signature" }
      }
    }
  }
]
JSON

PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

# cra listen, logging every delivery, events to /dev/null.
rm -f "$OUT/listen.ndjson"
"$CRA" listen --port 0 --secret "$SECRET" --log "$OUT/listen.ndjson" >/dev/null 2>"$OUT/listen.err" &
LISTEN_PID=$!; PIDS+=("$LISTEN_PID")
until grep -q '^listening on ' "$OUT/listen.err" 2>/dev/null; do sleep 0.05; done
CRA_URL=$(sed -n 's/^listening on //p' "$OUT/listen.err" | head -1)

webhook -hooks "$OUT/hooks.json" -ip 127.0.0.1 -port 9317 >"$OUT/webhook.log" 2>&1 &
WEBHOOK_PID=$!; PIDS+=("$WEBHOOK_PID")
until curl -s -o /dev/null http://127.0.0.1:9317/hooks/cra; do sleep 0.05; done
WEBHOOK_URL=http://127.0.0.1:9317/hooks/cra

# Both must accept the delivery before they are measured.
for url in "$CRA_URL" "$WEBHOOK_URL"; do
  code=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
    -H "X-Service-Signature: $SIG" --data-binary @"$OUT/body.json" "$url")
  echo "check $url -> $code"; [ "$code" = 200 ]
  code=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
    -H "X-Service-Signature: sha256=$(printf '0%.0s' {1..64})" --data-binary @"$OUT/body.json" "$url")
  echo "check bad signature $url -> $code"; [ "$code" != 200 ]   # webhook answers 500
done

# webhook answers 200 and then runs the hook's command in the background, so
# after a load run it goes on forking /bin/true for its backlog for many
# seconds. Measuring cra meanwhile would charge webhook's backlog to cra; so
# every round starts once webhook has no children and has used no CPU for
# half a second.
cpu_ticks() { awk '{print $14 + $15}' /proc/"$1"/stat; }
wait_idle() {
  local pid=$1 before after waited=0
  while :; do
    before=$(cpu_ticks "$pid"); sleep 0.5; after=$(cpu_ticks "$pid")
    waited=$((waited + 1))
    if [ "$before" = "$after" ] && ! pgrep -P "$pid" >/dev/null; then break; fi
    if [ "$waited" -ge 240 ]; then echo "webhook still busy after 120 s" >&2; break; fi
  done
  echo "  (waited $((waited / 2)).$((waited % 2 * 5)) s for webhook to go idle)"
}

hwm() { awk '/VmHWM/ {print $2}' /proc/"$LISTEN_PID"/status; }
run_wrk() { wrk -t2 -c32 -d"$DURATION" --latency -s "$OUT/post.lua" "$1" > "$2"; }
summ() { # file -> "rps p50 p99 non2xx"
  awk '/Requests\/sec/ {r=$2} /^ +50%/ {p50=$2} /^ +99%/ {p99=$2} /Non-2xx/ {n=$NF} END {print r, p50, p99, (n==""?0:n)}' "$1"
}

echo "warm-up"; wrk -t2 -c32 -d2s -s "$OUT/post.lua" "$CRA_URL" >/dev/null
wrk -t2 -c32 -d2s -s "$OUT/post.lua" "$WEBHOOK_URL" >/dev/null
HWM_WARM=$(hwm); LINES_WARM=$(wc -l < "$OUT/listen.ndjson")

ROUNDS=${ROUNDS:-3}
for round in $(seq "$ROUNDS"); do
  wait_idle "$WEBHOOK_PID"
  run_wrk "$CRA_URL" "$OUT/wrk-cra-$round.txt"
  wait_idle "$WEBHOOK_PID"
  run_wrk "$WEBHOOK_URL" "$OUT/wrk-webhook-$round.txt"
  echo "round $round cra:     $(summ "$OUT/wrk-cra-$round.txt")   (req/s p50 p99 non-2xx)"
  echo "round $round webhook: $(summ "$OUT/wrk-webhook-$round.txt")"
done
HWM_END=$(hwm); LINES_END=$(wc -l < "$OUT/listen.ndjson")
echo "listen VmHWM: ${HWM_WARM} kB after ${LINES_WARM} deliveries, ${HWM_END} kB after ${LINES_END}"
bad=$(grep -vc '"verdict":"valid"' "$OUT/listen.ndjson" || true)
echo "log lines not valid: $bad"

# verify-webhook on 100 MB vs openssl's HMAC over the same file.
head -c 100000000 /dev/urandom > "$OUT/big.bin"
BIG_SIG="sha256=$(openssl dgst -sha256 -hmac "$SECRET" -r "$OUT/big.bin" | cut -d' ' -f1)"
"$CRA" verify-webhook --secret "$SECRET" --signature "$BIG_SIG" "$OUT/big.bin"
hyperfine -N --warmup 3 --runs 20 --export-json "$OUT/verify.json" \
  "openssl dgst -sha256 -hmac $SECRET $OUT/big.bin" \
  "$CRA verify-webhook --secret $SECRET --signature $BIG_SIG $OUT/big.bin"
rm -f "$OUT/big.bin"
