#!/usr/bin/env bash
# What one answer costs in memory (issue 27, item 6): the peak RSS of `cra`
# reading answers whose unknown field holds millions of zeros, against a
# small in-script server (python3), for this branch's cra and for BASE's
# (the binary before the change), in the same run:
#   - `search --limit 1 --format json` of one list page of about 2, 8 and
#     15.8 MB (1, 4 and 8.3 million zeros; 16 MiB is the most cra reads);
#   - `export --with-history --format ndjson` of 24 banks whose every
#     detail carries 4 MB (2 million zeros), at --concurrency 1, 8 and 32.
# Yardsticks of the same run: the body's own size, and the same command
# against an ordinary page (no unknown field). BASE runs under an address
# space limit of 3 GiB (`prlimit --as`), so that it fails rather than take
# the machine: such a run is reported as over 3 GiB.
# Usage: CRA=path/to/cra BASE_CRA=path/to/base/cra bench/answers.sh
#        (without CRA, this branch is built in release; ~3 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v /usr/bin/time >/dev/null || { apt-get update -qq && apt-get install -y -qq time; }
if [ -z "${CRA:-}" ]; then
  cargo build --release --quiet
  CRA=${CARGO_TARGET_DIR:-$PWD/target}/release/cra
fi
: "${BASE_CRA:?set BASE_CRA to the binary to compare with}"
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

# serve ZEROS_ON_PAGE ZEROS_IN_DETAIL BANKS → sets URL
serve() {
  python3 - "$@" >"$work/addr" <<'EOF' &
import sys, json, http.server, threading
page_zeros, detail_zeros, banks = (int(a) for a in sys.argv[1:4])
def zeros(n):
    return ("[" + ",".join(["0"] * n) + "]") if n else "[]"
rating = {"rating": "Satisfactory", "exam_date": "2019-05-01", "exam_type": "Small Bank"}
def entry(i, n):
    e = {"id": f"bank-{i:03}", "name": f"BANK {i}", "city": "AMES", "state": "IA",
         "regulator": "FDIC", "current_rating": rating}
    text = json.dumps(e, separators=(",", ":"))
    return text[:-1] + ',"zeros":' + zeros(n) + "}" if n else text
page = ('{"data":[' + ",".join(entry(i, page_zeros if i == 0 else 0) for i in range(banks)) +
        '],"meta":{"total":%d,"page":1,"per_page":100,"total_pages":1}}' % banks).encode()
details = {}
for i in range(banks):
    d = {"id": f"bank-{i:03}", "name": f"BANK {i}", "city": "AMES", "state": "IA",
         "regulator": "FDIC", "charter_type": None,
         "ratings": [dict(rating, is_current=True)]}
    text = json.dumps(d, separators=(",", ":"))
    if detail_zeros:
        text = text[:-1] + ',"zeros":' + zeros(detail_zeros) + "}"
    details[f"bank-{i:03}"] = ('{"data":' + text + "}").encode()
class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_GET(self):
        path = self.path.split("?")[0]
        body = page if path == "/api/v1/banks" else details.get(path.rsplit("/", 1)[-1], b"{}")
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args):
        pass
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(f"http://127.0.0.1:{server.server_address[1]}", flush=True)
server.serve_forever()
EOF
  pids+=($!)
  until [ -s "$work/addr" ]; do sleep 0.05; done
  URL=$(head -n1 "$work/addr")
  : >"$work/addr"
}
stop() { kill "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true; }

# peak BIN ARGS...: "PEAK_MB STATUS" (BASE under a 3 GiB address space)
peak() {
  local bin=$1
  shift
  local limit=()
  [ "$bin" = "$BASE_CRA" ] && limit=(prlimit --as=$((3 << 30)))
  local code=0
  CRA_BASE_URL=$URL CRA_API_KEY=k CRA_CONFIG=$work/none.toml \
    /usr/bin/time -f "%M" -o "$work/time" "${limit[@]}" "$bin" "$@" >/dev/null 2>"$work/err" || code=$?
  python3 -c "print(f'{int(open(\"$work/time\").read().split()[-1])/1024:.1f}', end=' ')"
  if [ "$code" = 0 ]; then echo ok; else echo "exit $code: $(tail -c 120 "$work/err" | tr '\n' ' ')"; fi
}

echo "== search --limit 1 --format json: one list page (peak RSS, MB)"
serve 0 0 1
echo "ordinary page (yardstick): new $(peak "$CRA" search --limit 1 --format json) | base $(peak "$BASE_CRA" search --limit 1 --format json)"
stop
for n in 1000000 4000000 8300000; do
  serve "$n" 0 1
  size=$(curl -s "$URL/api/v1/banks" | wc -c)
  echo "page of $(python3 -c "print(f'{$size/1e6:.1f}')") MB ($n zeros): new $(peak "$CRA" search --limit 1 --format json) | base $(peak "$BASE_CRA" search --limit 1 --format json)"
  stop
done

echo "== export --with-history --format ndjson: 24 banks, every detail 4 MB (2,000,000 zeros)"
serve 0 2000000 24
for c in 1 8 32; do
  echo "--concurrency $c: new $(peak "$CRA" export --with-history --format ndjson --concurrency "$c") | base $(peak "$BASE_CRA" export --with-history --format ndjson --concurrency "$c")"
done
stop
serve 0 0 24
echo "ordinary details (yardstick), --concurrency 8: new $(peak "$CRA" export --with-history --format ndjson --concurrency 8)"
stop
