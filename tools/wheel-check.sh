#!/usr/bin/env bash
# The Python wheel, checked as a user with only Python would meet it
# (pyproject.toml says how it is built):
#
# 1. maturin builds this machine's wheel (or WHEEL, if given, is checked
#    as it is).
# 2. The wheel holds the `cra` binary where pip installs programs
#    (cra_cli-VERSION.data/scripts/), and its version, in its name and in
#    its METADATA, is the crate's.
# 3. A fresh virtual environment, `pip install` of the wheel file with no
#    index (no network), then that environment's bin/cra: `cra --version`
#    says the crate's version and the README's first command, on the
#    sandbox, prints the large banks of Texas.
# 4. `uv tool install` and `pipx install` of the same file, each where it
#    is installed (neither is on this machine's Debian; the forge's runners
#    have both), into scratch folders.
#
#   tools/wheel-check.sh               build and check this machine's wheel
#   tools/wheel-check.sh WHEEL         check a wheel as it is
#   tools/wheel-check.sh --self-test   build, check, then make three broken
#                                      copies (no binary, a binary that does
#                                      not run, another version) and fail
#                                      unless the check refuses each
#
# Needs python3 (with venv) and maturin (pip install maturin, or
# cargo install maturin --locked --no-default-features).
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "wheel-check: $*" >&2; exit 1; }
type -P python3 >/dev/null || fail "python3 is not installed"
python3 -c 'import venv, zipfile' 2>/dev/null || fail "python3 has no venv module (Debian: apt-get install python3-venv)"

crate_version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
[ -n "$crate_version" ] || fail "Cargo.toml names no version"
# The crate's version as the package index writes it (PEP 440), as
# maturin converts it: 1.2.0-alpha.3 is 1.2.0a3, 1.2.0-rc.1 is 1.2.0rc1.
python_version=$(python3 - "$crate_version" <<'EOF'
import re, sys
v = sys.argv[1]
m = re.fullmatch(r"(\d+\.\d+\.\d+)(?:-(alpha|beta|rc)\.?(\d+))?", v)
if not m:
    sys.exit(f"wheel-check: no Python version for the crate's {v}")
kind = {"alpha": "a", "beta": "b", "rc": "rc"}.get(m.group(2), "")
print(m.group(1) + (kind + m.group(3) if kind else ""))
EOF
)

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

build() {
  type -P maturin >/dev/null ||
    fail "maturin is not installed (pip install maturin, or cargo install maturin --locked --no-default-features)"
  maturin build --release --quiet --out "$scratch/built" >"$scratch/build.log" 2>&1 ||
    { cat "$scratch/build.log" >&2; fail "maturin build failed"; }
  local wheels=("$scratch"/built/*.whl)
  [ ${#wheels[@]} -eq 1 ] && [ -f "${wheels[0]}" ] || fail "maturin built ${#wheels[@]} wheels, not one"
  echo "${wheels[0]}"
}

# Steps 2-4 for one wheel; says what failed and returns non-zero.
check() (
  set -euo pipefail
  wheel=$1
  work=$(mktemp -d "$scratch/check.XXXXXX")
  name=$(basename "$wheel")
  case "$name" in
    "cra_cli-$python_version-"*.whl) ;;
    *) fail "$name is not version $python_version (the crate's $crate_version)" ;;
  esac
  python3 - "$wheel" "$python_version" <<'EOF' || exit 1
import sys, zipfile
wheel, version = sys.argv[1], sys.argv[2]
def fail(message):
    sys.exit(f"wheel-check: {wheel.rsplit('/', 1)[-1]}: {message}")
try:
    archive = zipfile.ZipFile(wheel)
except (OSError, zipfile.BadZipFile) as error:
    fail(f"not a wheel ({error})")
names = archive.namelist()
info = f"cra_cli-{version}.dist-info/"
if info + "METADATA" not in names:
    fail(f"no {info}METADATA (its version is not {version})")
metadata = archive.read(info + "METADATA").decode("utf-8", "replace")
said = [line.split(":", 1)[1].strip() for line in metadata.splitlines() if line.startswith("Version:")]
if said != [version]:
    fail(f"METADATA says version {', '.join(said) or 'nothing'}, not {version}")
binaries = [n for n in names if n in (f"cra_cli-{version}.data/scripts/cra", f"cra_cli-{version}.data/scripts/cra.exe")]
if not binaries:
    fail(f"no cra binary in cra_cli-{version}.data/scripts/")
if archive.getinfo(binaries[0]).file_size < 1_000_000:
    fail(f"{binaries[0]} is {archive.getinfo(binaries[0]).file_size} bytes, too small to be cra")
EOF
  echo "ok - $name holds the cra binary and says version $python_version"

  # As a new user: a virtual environment, the wheel installed from the
  # file alone, HOME scratch so that no pip cache or cra config is read.
  export HOME="$work/home" PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
  unset CRA_API_KEY CRA_BASE_URL CRA_CONFIG CRA_WEBHOOK_SECRET
  python3 -m venv "$work/venv"
  "$work/venv/bin/python" -m pip install --quiet --no-index "$wheel" >"$work/pip.log" 2>&1 ||
    { cat "$work/pip.log" >&2; fail "pip install $name failed"; }
  cra="$work/venv/bin/cra"
  [ -x "$cra" ] || fail "pip installed no $cra"
  said=$("$cra" --version 2>&1) || fail "$cra --version failed: $said"
  [ "$said" = "cra $crate_version" ] || fail "$cra --version says '$said', not 'cra $crate_version'"
  "$cra" --sandbox search --state TX --size "Large Bank" >"$work/table" 2>"$work/stderr" ||
    { cat "$work/stderr" >&2; fail "cra --sandbox search --state TX --size \"Large Bank\" failed"; }
  "$cra" --sandbox search --state TX --size "Large Bank" --format csv >"$work/csv" 2>/dev/null
  rows=$(python3 - "$work/csv" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
wrong = [r for r in rows if r["state"] != "TX" or r["exam_type"] != "Large Bank"]
print(-1 if wrong or not rows else len(rows))
EOF
  )
  [ "$rows" -gt 0 ] || fail "the wheel's cra printed no Texas large bank, or another bank"
  echo "ok - pip install $name into a fresh environment with no index: cra --version, and $rows Texas large banks from the sandbox"

  if type -P uv >/dev/null; then
    UV_TOOL_DIR="$work/uv-tools" UV_TOOL_BIN_DIR="$work/uv-bin" UV_CACHE_DIR="$work/uv-cache" \
      uv tool install --offline --quiet "$wheel" >"$work/uv.log" 2>&1 ||
      { cat "$work/uv.log" >&2; fail "uv tool install $name failed"; }
    [ "$("$work/uv-bin/cra" --version)" = "cra $crate_version" ] || fail "uv's cra does not say cra $crate_version"
    echo "ok - uv tool install $name: cra $crate_version"
  else
    echo "skip - uv tool install: uv is not installed"
  fi
  if type -P pipx >/dev/null; then
    PIPX_HOME="$work/pipx" PIPX_BIN_DIR="$work/pipx-bin" PIPX_MAN_DIR="$work/pipx-man" \
      pipx install --pip-args=--no-index "$wheel" >"$work/pipx.log" 2>&1 ||
      { cat "$work/pipx.log" >&2; fail "pipx install $name failed"; }
    [ "$("$work/pipx-bin/cra" --version)" = "cra $crate_version" ] || fail "pipx's cra does not say cra $crate_version"
    echo "ok - pipx install $name: cra $crate_version"
  else
    echo "skip - pipx install: pipx is not installed"
  fi
)

# A copy of WHEEL with one change, for the self-test: `drop` leaves the
# binary out, `break` replaces it with bytes that do not run, `version`
# renames the wheel and its metadata to another version.
broken() {
  python3 - "$1" "$2" "$3" "$python_version" <<'EOF'
import os, sys, zipfile
source, how, folder, version = sys.argv[1:5]
other = version + ".post9" if how == "version" else version
name = os.path.basename(source).replace(f"cra_cli-{version}-", f"cra_cli-{other}-")
target = os.path.join(folder, name)
os.makedirs(folder, exist_ok=True)
with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
    for item in old.infolist():
        data = old.read(item)
        path = item.filename.replace(f"cra_cli-{version}.", f"cra_cli-{other}.")
        binary = "/scripts/cra" in path
        if how == "drop" and binary:
            continue
        if how == "break" and binary:
            data = b"\x7fELF" + b"\0" * 2_000_000
        if how == "version" and path.endswith("/METADATA"):
            data = data.replace(f"Version: {version}".encode(), f"Version: {other}".encode())
        item.filename = path
        new.writestr(item, data)
print(target)
EOF
}

case "${1:-}" in
  --self-test)
    wheel=$(build)
    check "$wheel"
    for how in drop break version; do
      copy=$(broken "$wheel" "$how" "$scratch/$how")
      if (check "$copy") >"$scratch/$how.out" 2>&1; then
        cat "$scratch/$how.out" >&2
        fail "the check passed a wheel with '$how' done to it"
      fi
      echo "ok - a wheel with '$how' done to it is refused: $(grep -m1 'wheel-check:' "$scratch/$how.out" || tail -n1 "$scratch/$how.out")"
    done
    ;;
  -*) fail "unknown option $1 (tools/wheel-check.sh [WHEEL | --self-test])" ;;
  "") check "$(build)" ;;
  *) [ -f "$1" ] || fail "no wheel at $1"; check "$(realpath "$1")" ;;
esac
