#!/usr/bin/env python3
"""The Scoop manifest of a release, from its Windows archive and checksum.

    tools/scoop-manifest.py DISTRIB [--version X.Y.Z] [-o cra-cli.json]

DISTRIB is the folder holding the release's Windows archive as dist makes
it (target/distrib, or the release's assets downloaded):
cra-cli-x86_64-pc-windows-msvc.zip and its .sha256. The manifest points
Scoop at that archive on the release page, with its SHA-256, `cra.exe` as
the program, and how Scoop finds the next version (`checkver`,
`autoupdate`). Written atomically to -o (standard output without it).

Checked before anything is written, each a one-line refusal and exit 1:
the version is the crate's form (X.Y.Z, maybe -pre), the .sha256 file
names the archive and 64 hex digits, the archive's own SHA-256 is that
one, and the archive is a zip with cra.exe at its top (where Scoop's
`bin` looks).  The release workflow (.github/workflows/wheels.yml) runs
it on the published release; tests/suite/docs/release.rs checks it.
"""

import argparse
import hashlib
import json
import os
import re
import sys
import tempfile
import zipfile

REPOSITORY = "https://github.com/cra-cli/cra"
ARCHIVE = "cra-cli-x86_64-pc-windows-msvc.zip"
DESCRIPTION = (
    "Command-line client for the Bank CRA Ratings service: search, show, "
    "export, webhooks and a built-in sandbox"
)


class Refused(Exception):
    pass


def crate_version(root):
    with open(os.path.join(root, "Cargo.toml"), encoding="utf-8") as cargo:
        for line in cargo:
            found = re.fullmatch(r'version = "(.+)"\s*', line)
            if found:
                return found.group(1)
    raise Refused("Cargo.toml names no version")


def checked_hash(distrib):
    archive = os.path.join(distrib, ARCHIVE)
    listed = archive + ".sha256"
    try:
        with open(listed, encoding="utf-8") as file:
            line = file.read().strip()
    except OSError as error:
        raise Refused(f"no checksum {listed} ({error.strerror})")
    found = re.fullmatch(r"([0-9a-fA-F]{64})\s+\*?(\S+)", line)
    if not found:
        raise Refused(f"{listed} is not a SHA-256 line ('HASH  {ARCHIVE}')")
    digest, named = found.group(1).lower(), found.group(2)
    if os.path.basename(named) != ARCHIVE:
        raise Refused(f"{listed} is the checksum of {named}, not of {ARCHIVE}")
    try:
        with open(archive, "rb") as file:
            actual = hashlib.sha256()
            for block in iter(lambda: file.read(1 << 20), b""):
                actual.update(block)
    except OSError as error:
        raise Refused(f"no archive {archive} ({error.strerror})")
    if actual.hexdigest() != digest:
        raise Refused(f"{archive} has SHA-256 {actual.hexdigest()}, its .sha256 says {digest}")
    try:
        with zipfile.ZipFile(archive) as files:
            names = files.namelist()
    except zipfile.BadZipFile:
        raise Refused(f"{archive} is not a zip archive")
    if "cra.exe" not in names:
        raise Refused(f"{archive} has no cra.exe at its top (it holds {', '.join(names[:5]) or 'nothing'})")
    return digest


def manifest(version, digest):
    download = f"{REPOSITORY}/releases/download/v{{}}/{ARCHIVE}"
    return {
        "version": version,
        "description": DESCRIPTION,
        "homepage": REPOSITORY,
        "license": "MIT|Apache-2.0",
        "architecture": {"64bit": {"url": download.format(version), "hash": digest}},
        "bin": "cra.exe",
        "checkver": {"github": REPOSITORY},
        "autoupdate": {
            "architecture": {"64bit": {"url": download.format("$version")}},
            "hash": {"url": "$url.sha256"},
        },
    }


def write_atomically(path, text):
    folder = os.path.dirname(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(path)}.", suffix=".part")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("distrib", help="the folder holding the Windows archive and its .sha256")
    parser.add_argument("--version", help="the release's version (default: Cargo.toml's)")
    parser.add_argument("-o", "--output", help="where to write the manifest (default: standard output)")
    args = parser.parse_args()
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    try:
        version = args.version or crate_version(root)
        if not re.fullmatch(r"\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?", version):
            raise Refused(f"'{version}' is not a release version (X.Y.Z)")
        text = json.dumps(manifest(version, checked_hash(args.distrib)), indent=4) + "\n"
        if args.output:
            write_atomically(args.output, text)
        else:
            sys.stdout.write(text)
    except Refused as refusal:
        print(f"scoop-manifest: {refusal}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"scoop-manifest: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
