# Shared by the bench scripts that source it: the release build's path,
# a work directory and the servers started, both cleaned up on exit, and
# the median of timed runs.
# shellcheck shell=bash
CRA=${CARGO_TARGET_DIR:-$PWD/target}/release/cra
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

median() { # RUNS COMMAND... → median seconds
  local runs=$1 times=()
  shift
  for _ in $(seq "$runs"); do
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p" | awk "{ printf \"%.3f\", \$1 / 1000000 }"
}
