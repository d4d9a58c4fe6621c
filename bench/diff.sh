#!/usr/bin/env bash
# `cra diff` benchmark (issue 11): two real exports of the default data set
# (18,820 banks), the second from a sandbox serving an edited copy of the
# first's history (`--data`: 1% of banks removed, 1% added, 5% with a new
# current rating, 2% moved to another city), compared in three ways:
#   - csv without history, csv with history, json with history;
# each timed (median of 5) against yardsticks run in the same session on
# the same files:
#   - `cmp` (reads both files, compares bytes: the floor of any comparison);
#   - `sort | diff` of the two files (what a shell user would do);
#   - a Python dict diff of the two csv files (stdlib csv, no jq).
# Peak memory (/usr/bin/time %M) for 18,820 and for 94,100 banks (5×).
# Usage: bench/diff.sh        (prints figures; takes about 2 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v /usr/bin/time >/dev/null || { apt-get update -qq && apt-get install -y -qq time; }
cargo build --release --quiet
CRA=$PWD/target/release/cra
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
export CRA_API_KEY=sandbox_active CRA_CONFIG=$work/none.toml

# start_sandbox ARGS... → sets URL
start_sandbox() {
  local out=$work/addr.$RANDOM
  "$CRA" sandbox --port 0 "$@" >"$out" 2>/dev/null &
  pids+=($!)
  until [ -s "$out" ]; do sleep 0.05; done
  URL=$(head -n1 "$out")
}

# median elapsed seconds of 5 runs and the largest peak RSS (kB): "SECONDS KB"
measure() {
  local times=() kb=0
  for _ in 1 2 3 4 5; do
    # cmp and diff exit 1 when the files differ: not a failure here.
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || true
    read -r s k < <(tail -n1 "$work/time")
    times+=("$s"); [ "$k" -gt "$kb" ] && kb=$k
  done
  echo "$(printf '%s\n' "${times[@]}" | sort -n | sed -n 3p) $kb"
}

# The edited data set: the NEW side.
edit() {
  python3 - "$1" "$2" <<'EOF'
import csv, sys
src, dst = sys.argv[1], sys.argv[2]
rows = list(csv.reader(open(src, newline="")))
header, rows = rows[0], rows[1:]
order, banks = [], {}
for r in rows:
    if r[0] not in banks:
        order.append(r[0]); banks[r[0]] = []
    banks[r[0]].append(r)
out = csv.writer(open(dst, "w", newline=""))
out.writerow(header)
twins = []
for i, bid in enumerate(order):
    if i % 100 == 0:
        continue  # removed
    for r in banks[bid]:
        r = list(r)
        if i % 20 == 1 and r[8] == "true":
            r[6] = "Satisfactory" if r[6] == "Outstanding" else "Outstanding"
        if i % 50 == 2:
            r[2] = "ELSEWHERE"
        out.writerow(r)
        if i % 100 == 3:
            twins.append([f"{bid[:-4]}beef"] + [r[1] + " II"] + r[2:])
for r in twins:
    out.writerow(r)
EOF
}

# export_pair BANKS → files in $work/BANKS/{old,new}{,-h}.{csv,json}
export_pair() {
  local n=$1 d=$work/$1
  mkdir -p "$d"
  start_sandbox --banks "$n"
  CRA_BASE_URL=$URL "$CRA" -q export -o "$d/old.csv"
  CRA_BASE_URL=$URL "$CRA" -q export --with-history --concurrency 16 -o "$d/old-h.csv"
  CRA_BASE_URL=$URL "$CRA" -q export --with-history --concurrency 16 -o "$d/old-h.json"
  edit "$d/old-h.csv" "$d/data.csv"
  start_sandbox --data "$d/data.csv"
  CRA_BASE_URL=$URL "$CRA" -q export -o "$d/new.csv"
  CRA_BASE_URL=$URL "$CRA" -q export --with-history --concurrency 16 -o "$d/new-h.csv"
  CRA_BASE_URL=$URL "$CRA" -q export --with-history --concurrency 16 -o "$d/new-h.json"
}

cat >"$work/pydiff.py" <<'EOF'
import csv, sys
def load(p):
    return {r["id"]: r for r in csv.DictReader(open(p, newline=""))}
old, new = load(sys.argv[1]), load(sys.argv[2])
n = 0
for k, v in new.items():
    if k not in old or old[k] != v:
        n += 1
n += sum(1 for k in old if k not in new)
print(n)
EOF

report() {
  local n=$1 d=$work/$1
  echo "== $n banks"
  for pair in "old.csv new.csv" "old-h.csv new-h.csv" "old-h.json new-h.json" "old.csv new-h.json"; do
    read -r a b <<<"$pair"
    local size
    size=$(du -ch "$d/$a" "$d/$b" | tail -n1 | cut -f1)
    read -r s kb < <(measure "$CRA" diff "$d/$a" "$d/$b")
    local changes
    changes=$("$CRA" diff "$d/$a" "$d/$b" --format ndjson | wc -l)
    echo "cra diff $a $b ($size together, $changes changes): ${s}s, peak ${kb} kB"
    read -r s kb < <(measure cmp -s "$d/$a" "$d/$b")
    echo "  cmp: ${s}s, peak ${kb} kB"
    read -r s kb < <(measure bash -c "diff <(sort '$d/$a') <(sort '$d/$b')")
    echo "  sort | diff: ${s}s, peak ${kb} kB"
    if [ "${a##*.}" = csv ] && [ "${b##*.}" = csv ]; then
      read -r s kb < <(measure python3 "$work/pydiff.py" "$d/$a" "$d/$b")
      echo "  python dict diff: ${s}s, peak ${kb} kB"
    fi
  done
}

export_pair 18820
export_pair 94100
report 18820
report 94100
