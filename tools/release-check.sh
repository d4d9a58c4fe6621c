#!/usr/bin/env bash
# The release, as far as this machine can make it (the rest only runs on
# the forge, from .github/workflows/release.yml):
#
# 1. `dist plan` lists every artifact of dist-workspace.toml: an archive
#    and its .sha256 for each target, sha256.sum, the shell and PowerShell
#    installers and the Homebrew formula.
# 2. `dist build` makes this machine's archive and the installers; the
#    archive holds cra, the README, the licences, completions/ and man/.
# 3. The shell installer, pointed at target/distrib rather than the
#    release page, installs cra into a scratch folder (checking the
#    archive's SHA-256 when it knows it), and that cra runs.
#
#   tools/release-check.sh        (needs dist: cargo install cargo-dist --locked)
set -euo pipefail
cd "$(dirname "$0")/.."

type -P dist >/dev/null || { echo "release-check: dist is not installed (cargo install cargo-dist --locked)" >&2; exit 1; }
type -P jq >/dev/null || { echo "release-check: jq is not installed" >&2; exit 1; }
fail() { echo "release-check: $*" >&2; exit 1; }

app=cra-cli
version=$(cargo metadata --no-deps --format-version 1 --locked | jq -r --arg app "$app" '.packages[] | select(.name == $app) | .version')
host=$(rustc -vV | sed -n 's/^host: //p')

# 1. The plan.
plan=$(dist plan --output-format=json)
want=("source.tar.gz" "sha256.sum" "$app-installer.sh" "$app-installer.ps1" "$app.rb")
for target in x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu \
  x86_64-unknown-linux-musl aarch64-unknown-linux-musl \
  x86_64-apple-darwin aarch64-apple-darwin; do
  want+=("$app-$target.tar.xz" "$app-$target.tar.xz.sha256")
done
want+=("$app-x86_64-pc-windows-msvc.zip" "$app-x86_64-pc-windows-msvc.zip.sha256")
for name in "${want[@]}"; do
  jq -e --arg name "$name" '.artifacts | has($name)' <<<"$plan" >/dev/null ||
    fail "dist plan lists no $name"
done
echo "ok - dist plan: ${#want[@]} artifacts for v$version"

# 2. This machine's archive and the installers.
rm -rf target/distrib
dist build --target "$host" --artifacts=all >/dev/null
archive="target/distrib/$app-$host.tar.xz"
[ -s "$archive" ] || fail "dist build made no $archive"
contents=$(tar -tJf "$archive")
for path in cra README.md LICENSE-MIT LICENSE-APACHE completions/_cra completions/cra.bash \
  completions/_cra.ps1 man/cra.1 man/cra-search.1; do
  grep -qx "$app-$host/$path" <<<"$contents" || fail "$archive lacks $path"
done
(cd target/distrib && sha256sum -c "$app-$host.tar.xz.sha256" >/dev/null) ||
  fail "$archive does not match its .sha256"
# The shell installer comes with a Unix archive; the PowerShell one only
# with a Windows build, which is the forge's (step 1 checked it is planned).
[ -s "target/distrib/$app-installer.sh" ] || fail "dist build made no $app-installer.sh"
echo "ok - dist build: $archive ($(du -h "$archive" | cut -f1)), its .sha256 and the shell installer"

# 3. The installer, from the local archive, into a scratch folder; HOME
# too is scratch, so that no profile of the user's is touched.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
env -i PATH="$PATH" HOME="$scratch/home" \
  INSTALLER_DOWNLOAD_URL="file://$PWD/target/distrib" \
  CRA_CLI_UNMANAGED_INSTALL="$scratch/bin" \
  sh "target/distrib/$app-installer.sh" --quiet >"$scratch/log" 2>&1 ||
  { cat "$scratch/log" >&2; fail "the shell installer failed"; }
cra="$scratch/bin/cra"
[ -x "$cra" ] || fail "the installer put no cra in $scratch/bin: $(ls -R "$scratch/bin" 2>&1)"
[ "$("$cra" --version)" = "cra $version" ] || fail "the installed cra says $("$cra" --version)"
"$cra" version --verbose | grep -qx "target: $host" || fail "the installed cra is not built for $host"
banks=$(HOME="$scratch/home" "$cra" --sandbox search --state VT --format csv | wc -l)
[ "$banks" -gt 1 ] || fail "the installed cra found no bank"
echo "ok - the shell installer installed $("$cra" version) into a scratch folder, and it runs"
