# Sourced by the bench scripts: two commands timed in turns (A B A B ...)
# with /usr/bin/time -v, and their ratio taken pair by pair, so that the
# machine's speed drifting during the run moves both sides alike.
#
#   turns RUNS "COMMAND A" "COMMAND B" ["BEFORE EACH A"]
#
# Each command is one `sh -c` string; its output is thrown away. The
# optional third string runs, untimed, before each run of A (to give A a
# fresh copy). Prints, for A, B and A/B, the median (min-max) of wall
# seconds, cpu seconds (user + system) and peak resident memory (MiB; for
# a loop of processes, the largest one).
# shellcheck shell=bash
[ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time; }

# one_run COMMAND OUT: "wall cpu peak_mib exit" of one run, into OUT.
one_run() {
  local code=0
  /usr/bin/time -v -o "$2.time" sh -c "$1" >/dev/null 2>"$2.err" || code=$?
  awk -v code="$code" '
    /Elapsed \(wall clock\)/ { n = split($NF, p, ":"); wall = p[n] + (n > 1 ? p[n-1] * 60 : 0) + (n > 2 ? p[n-2] * 3600 : 0) }
    /User time/ { cpu += $NF } /System time/ { cpu += $NF }
    /Maximum resident set size/ { peak = $NF / 1024 }
    END { printf "%.3f %.3f %.1f %s\n", wall, cpu, peak, code }
  ' "$2.time" >>"$2"
}

# stat FILE COLUMN: "median (min-max)" of a column of numbers.
stat_of() {
  sort -g -k"$2","$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END {
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%.3g (%.3g-%.3g)", m, v[1], v[NR] }'
}

turns() {
  local runs=$1 a=$2 b=$3 before=${4:-true} dir
  dir=$(mktemp -d)
  for i in $(seq "$runs"); do
    sh -c "$before" >/dev/null 2>&1
    one_run "$a" "$dir/a"
    one_run "$b" "$dir/b"
  done
  paste -d' ' "$dir/a" "$dir/b" | awk '{ printf "%.4f %.4f\n", $1 / ($5 > 0 ? $5 : 1e-9), $2 / ($6 > 0 ? $6 : 1e-9) }' >"$dir/ratio"
  printf '  %-4s wall s %-22s cpu s %-22s peak MiB %s  exits %s\n' \
    A "$(stat_of "$dir/a" 1)" "$(stat_of "$dir/a" 2)" "$(stat_of "$dir/a" 3)" "$(cut -d' ' -f4 "$dir/a" | sort -u | tr '\n' ' ')" \
    B "$(stat_of "$dir/b" 1)" "$(stat_of "$dir/b" 2)" "$(stat_of "$dir/b" 3)" "$(cut -d' ' -f4 "$dir/b" | sort -u | tr '\n' ' ')"
  if awk '$1 + 0 == 0 { zero = 1 } END { exit !zero }' "$dir/b"; then
    echo "  A/B  not taken: B ends within the timer's 0.01 s"
  else
    printf '  A/B  wall   %-22s cpu   %s   (%s pairs)\n' "$(stat_of "$dir/ratio" 1)" "$(stat_of "$dir/ratio" 2)" "$runs"
  fi
  if grep -qv ' 0$' "$dir/a" "$dir/b"; then
    echo "  a run failed; its standard error:"
    cat "$dir/a.err" "$dir/b.err" | head -5 | sed 's/^/    /'
  fi
  rm -rf "$dir"
}
