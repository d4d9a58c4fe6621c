#!/usr/bin/env bash
# The printing paths, one binary against another (a restructuring must not
# slow them): each command run alternately with BEFORE and AFTER (whole
# process, standard output to /dev/null), the median of the per-pair ratios
# of wall and of CPU (user + system) time, and, where valgrind is
# installed, the instructions each executes (callgrind, every thread: a
# figure the machine's load does not move). Over one local copy of the
# sandbox's 18,820 banks, synced and enriched by BEFORE and read by both
# (AFTER reads it as it is). `cra --version` is the yardstick.
# Usage: bench/printing.sh BEFORE AFTER [PAIRS]   (default 15 pairs)
set -euo pipefail
before=$(realpath "${1:?usage: bench/printing.sh BEFORE AFTER [PAIRS]}")
after=$(realpath "${2:?usage: bench/printing.sh BEFORE AFTER [PAIRS]}")
pairs=${3:-15}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME=$work/home CRA_CONFIG=$work/none.toml XDG_DATA_HOME=$work/data
M=$work/m.sqlite
"$before" --sandbox --mirror "$M" sync --quiet
"$before" --sandbox --mirror "$M" enrich --quiet 2>/dev/null

commands=(
  "--offline search --state TX --all --format csv"
  "--offline search --state TX --all --format table"
  "--offline search --state TX --all --enriched --format csv"
  "--offline search --state TX --all --enriched --format json"
  "--offline export --format csv"
  "--offline export --with-history --format csv"
  "stats --by state,regulator --percent --format csv"
  "stats --gaps --by regulator --format csv"
  "due --format csv"
  "due --enriched --format csv"
  "changes --since 2020-01-01 --format csv"
  "changes --since 2020-01-01 --enriched --format csv"
  "sql 'select name, city, state, regulator, rating, exam_date from banks order by position' --format csv"
  "--version"
)

# One run: CPU seconds (user + system of the child) and wall seconds.
run() {
  local bin=$1 line=$2 start end
  start=$(date +%s%N)
  local cpu
  cpu=$( { /usr/bin/env time -f '%U %S' sh -c "exec \"$bin\" --mirror \"$M\" $line >/dev/null 2>/dev/null"; } 2>&1 | tail -1 | awk '{print $1 + $2}')
  end=$(date +%s%N)
  echo "$cpu $(( (end - start) / 1000 ))"
}

median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

instructions() {
  local bin=$1 line=$2 out=$work/cg.$RANDOM
  sh -c "valgrind --tool=callgrind --callgrind-out-file=$out \"$bin\" --mirror \"$M\" $line >/dev/null 2>&1"
  grep '^summary:' "$out" | awk '{print $2}'
}

have_time=$(command -v time >/dev/null && /usr/bin/env time -f '%U' true 2>&1 >/dev/null | tail -1 | grep -c '^[0-9]' || true)
if [ "$have_time" != 1 ]; then
  echo "bench/printing.sh needs GNU time (apt-get install time)" >&2
  exit 1
fi

printf '%-78s %9s %9s %7s %7s %s\n' "command (cra --mirror COPY ...)" "before ms" "after ms" "wall x" "cpu x" "instructions before -> after"
for line in "${commands[@]}"; do
  run "$before" "$line" >/dev/null; run "$after" "$line" >/dev/null
  : >"$work/walls"; : >"$work/cpus"; : >"$work/b"; : >"$work/a"
  for _ in $(seq "$pairs"); do
    read -r bc bw < <(run "$before" "$line")
    read -r ac aw < <(run "$after" "$line")
    echo "$bw" >>"$work/b"; echo "$aw" >>"$work/a"
    awk -v a="$aw" -v b="$bw" 'BEGIN {print a / b}' >>"$work/walls"
    awk -v a="$ac" -v b="$bc" 'BEGIN {print (b > 0) ? a / b : 1}' >>"$work/cpus"
  done
  counts=""
  if command -v valgrind >/dev/null; then
    ib=$(instructions "$before" "$line"); ia=$(instructions "$after" "$line")
    counts=$(awk -v a="$ia" -v b="$ib" 'BEGIN {printf "%.1f M -> %.1f M (%.3fx)", b / 1e6, a / 1e6, a / b}')
  fi
  printf '%-78s %9.1f %9.1f %7.2f %7.2f %s\n' "$line" \
    "$(median <"$work/b" | awk '{print $1 / 1000}')" "$(median <"$work/a" | awk '{print $1 / 1000}')" \
    "$(median <"$work/walls")" "$(median <"$work/cpus")" "$counts"
done
