#!/usr/bin/env bash
# Reading public evaluations (issue 47): `cra enrich --pe DIR` over N PEs
# (default 1,000) of 20 to 60 pages, as the sandbox writes them
# (examples/pe-corpus.rs), against the yardstick `pdftotext -layout` over
# the same files (poppler: every page to text, one process a file, as a
# script would run it), in turns in one run (bench/turns.sh: time and
# peak memory, median of RUNS, and the ratio pair by pair). cra reads them
# into the sandbox's copy (synced and enriched first, not timed); none
# links (the corpus's banks are not the sandbox's), so every file is
# read, parsed and stored as unlinked each run. cra reads the files on
# every core (issue 56.6); a second pair of turns sets that against one
# reader (the hidden CRA_PE_WORKERS=1), one file after another.
# Then issue 57's costly files (bench/pe_costly.py writes them: four
# content parts of 31 MiB in a 128 KB file, an object stream full of
# `null`, a raw `[null ...]` array, 300 fonts sharing one ToUnicode map,
# 10,000 fonts of `/W [0 65535 500]`), each read alone by
# `cra enrich --pe FILE` and by the yardstick, under a 3 GB address-space
# cap, wall time and peak memory from /usr/bin/time -v.
# Usage: bench/pe.sh              (N=1000 RUNS=3; takes a few minutes)
#        N=200 RUNS=5 bench/pe.sh
#        PART=costly bench/pe.sh  (the costly files only)
#        CRA=target/debug/cra PART=costly bench/pe.sh  (a build at hand)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v pdftotext >/dev/null || { apt-get update -qq && apt-get install -y -qq poppler-utils; }
# shellcheck source=bench/turns.sh
. bench/turns.sh
[ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time; }
N=${N:-1000}
RUNS=${RUNS:-3}
PART=${PART:-all}
target=${CARGO_TARGET_DIR:-$PWD/target}/release
if [ -z "${CRA:-}" ]; then
  cargo build --release --quiet
  CRA=$target/cra
fi
CRA=$(realpath "$CRA")
# Built before HOME moves (rustup finds its toolchains under HOME).
[ "$PART" = costly ] || cargo build --release --quiet --example pe-corpus
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME=$work CRA_CONFIG=$work/none.toml XDG_DATA_HOME=$work/data
"$CRA" --sandbox sync >/dev/null 2>&1
"$CRA" --sandbox enrich --no-bankfind >/dev/null 2>&1

# One command under /usr/bin/time -v and a 3 GB address-space cap:
# "LABEL  wall S  peak MiB  exit N".
measured() {
  local label=$1; shift
  local code=0
  /usr/bin/time -v -o "$work/time" timeout 600 prlimit --as=3221225472 -- "$@" \
    >/dev/null 2>"$work/said" || code=$?
  awk -v label="$label" -v code="$code" '
    /Elapsed \(wall clock\)/ { n = split($NF, p, ":"); wall = p[n] + (n > 1 ? p[n-1] * 60 : 0) + (n > 2 ? p[n-2] * 3600 : 0) }
    /Maximum resident set size/ { peak = $NF / 1024 }
    END { printf "  %-10s wall %6.2f s  peak %7.1f MiB  exit %s\n", label, wall, peak, code }
  ' "$work/time"
}

if [ "$PART" != corpus ]; then
  python3 bench/pe_costly.py "$work/costly"
  for f in "$work"/costly/*.pdf; do
    echo "$(basename "$f") ($(du -k "$f" | cut -f1) KB on disk)"
    measured cra "$CRA" --sandbox enrich --pe "$f"
    grep -m1 -i "set aside\|$(basename "$f")" "$work/said" | cut -c1-160 | sed 's/^/    /' || true
    measured pdftotext pdftotext -layout "$f" /dev/null
  done
fi
[ "$PART" = costly ] && exit 0

"$target/examples/pe-corpus" "$work/pes" "$N"
echo "corpus: $(find "$work/pes" -name '*.pdf' | wc -l) files, $(du -sh "$work/pes" | cut -f1)"
"$CRA" --sandbox enrich --pe "$work/pes" 2>&1 | tail -n 1
echo "A = cra --sandbox enrich --pe DIR; B = pdftotext -layout FILE /dev/null, one process a file"
turns "$RUNS" "exec '$CRA' --sandbox enrich --pe '$work/pes'" \
  "for f in '$work'/pes/*.pdf; do pdftotext -layout \"\$f\" /dev/null; done"
echo "A = cra --sandbox enrich --pe DIR (one worker a core, $(nproc) cores); B = the same, CRA_PE_WORKERS=1"
turns "$RUNS" "exec '$CRA' --sandbox enrich --pe '$work/pes'" \
  "CRA_PE_WORKERS=1 exec '$CRA' --sandbox enrich --pe '$work/pes'"
