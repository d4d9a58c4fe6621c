#!/usr/bin/env bash
# Reading public evaluations (issue 47): `cra enrich --pe DIR` over N PEs
# (default 1,000) of 20 to 60 pages, as the sandbox writes them
# (examples/pe-corpus.rs), against the yardstick `pdftotext -layout` over
# the same files (poppler: every page to text, one process a file, as a
# script would run it), in turns in one run (farm-bench: time and peak
# memory, median of RUNS, and the ratio pair by pair). cra reads them
# into the sandbox's copy (synced and enriched first, not timed); none
# links (the corpus's banks are not the sandbox's), so every file is
# read, parsed and stored as unlinked each run.
# Usage: bench/pe.sh              (N=1000 RUNS=3; takes a few minutes)
#        N=200 RUNS=5 bench/pe.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v pdftotext >/dev/null || { apt-get update -qq && apt-get install -y -qq poppler-utils; }
command -v farm-bench >/dev/null || { echo "bench/pe.sh needs farm-bench (the tool library's timer)"; exit 1; }
N=${N:-1000}
RUNS=${RUNS:-3}
cargo build --release --quiet --example pe-corpus
cargo build --release --quiet
target=${CARGO_TARGET_DIR:-$PWD/target}/release
CRA=$target/cra
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$target/examples/pe-corpus" "$work/pes" "$N"
echo "corpus: $(find "$work/pes" -name '*.pdf' | wc -l) files, $(du -sh "$work/pes" | cut -f1)"
export HOME=$work CRA_CONFIG=$work/none.toml XDG_DATA_HOME=$work/data
"$CRA" --sandbox sync >/dev/null 2>&1
"$CRA" --sandbox enrich --no-bankfind >/dev/null 2>&1
"$CRA" --sandbox enrich --pe "$work/pes" 2>&1 | tail -n 1
farm-bench -n "$RUNS" --timeout 3000 --vs "sh -c 'for f in $work/pes/*.pdf; do pdftotext -layout \"\$f\" /dev/null; done'" \
  -- "$CRA" --sandbox enrich --pe "$work/pes"
