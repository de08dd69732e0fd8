#!/usr/bin/env python3
"""Fetch Discord's Embedded App SDK (`@discord/embedded-app-sdk`, the pinned `VERSION`)
from the npm registry and keep its ES-module build in the bot's web files, with no Node.

The web board, run as an Activity inside Discord, loads the SDK as plain served files:
its `output/*.mjs` (the ES-module build, which imports only its own files) and its
licence (MIT) are unpacked into `bot/web/static/vendor/embedded-app-sdk-<VERSION>/`,
with `SHA256SUMS` listing each file's SHA-256 (the bot serves only the files listed
there, and a test checks that what it serves matches).

The tarball's SHA-512 must match both the registry's `dist.integrity` and the pinned
`INTEGRITY` below: a package changed at the registry, or a different version, is refused
and nothing is written. To move to a new version, set `VERSION` and `INTEGRITY` (from
`npm view @discord/embedded-app-sdk@X dist.integrity` or the registry's JSON), run this
script, and commit the new folder (removing the old one).

    python3 scripts/discord_sdk.py [--registry https://registry.npmjs.org]
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import shutil
import sys
import tarfile
import urllib.request
from pathlib import Path, PurePosixPath

PACKAGE = "@discord/embedded-app-sdk"
VERSION = "2.5.0"
INTEGRITY = (
    "sha512-"
    "FNoe5PbSkoKEbqPubaBmq6tlEMOftMjR3gu55YrdrrKmBfKKM4i9P/Z+Zxl0RZdJcKviBwVcTyYMMPM/aGex/w=="
)
REGISTRY = "https://registry.npmjs.org"
ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "bot" / "web" / "static" / "vendor"
FOLDER = f"embedded-app-sdk-{VERSION}"
SUMS = "SHA256SUMS"
#: The most bytes read from the registry (the tarball is about 0.5 MB).
MOST_BYTES = 20 * 1024 * 1024


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=60) as answer:  # noqa: S310 (https only)
        data: bytes = answer.read(MOST_BYTES + 1)
    if len(data) > MOST_BYTES:
        raise SystemExit(f"{url} is larger than {MOST_BYTES} bytes: refused")
    return data


def _integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def kept(name: str) -> str | None:
    """Where a tarball member is kept in the folder (None: not kept): the ES modules of
    `output/`, and the licence."""
    path = PurePosixPath(name)
    if path.parts[:1] != ("package",) or ".." in path.parts:
        return None
    inner = PurePosixPath(*path.parts[1:])
    if inner.parts[:1] == ("output",) and inner.suffix == ".mjs":
        return str(inner)
    if inner.name.upper().startswith("LICENSE"):
        return inner.name
    return None


def unpack(data: bytes, folder: Path) -> dict[str, str]:
    """Write the kept files of the tarball `data` into `folder`; their SHA-256 by path."""
    sums: dict[str, str] = {}
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for member in tar.getmembers():
            target = kept(member.name)
            if target is None or not member.isfile():
                continue
            extracted = tar.extractfile(member)
            assert extracted is not None
            content = extracted.read()
            path = folder / target
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
            sums[target] = hashlib.sha256(content).hexdigest()
    return sums


def main() -> None:
    """Fetch, check, unpack."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--registry", default=REGISTRY)
    registry = parser.parse_args().registry.rstrip("/")
    meta = json.loads(_get(f"{registry}/{PACKAGE.replace('/', '%2F')}/{VERSION}"))
    dist = meta["dist"]
    if dist["integrity"] != INTEGRITY:
        raise SystemExit(f"the registry's integrity {dist['integrity']} is not the pinned one")
    data = _get(dist["tarball"])
    if _integrity(data) != INTEGRITY:
        raise SystemExit("the tarball does not match its integrity: refused, nothing written")
    folder = VENDOR / FOLDER
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    sums = unpack(data, folder)
    if not any(name.endswith(".mjs") for name in sums) or "output/index.mjs" not in sums:
        raise SystemExit("the package holds no ES-module build (output/index.mjs)")
    lines = [f"# {PACKAGE} {VERSION} ({meta.get('license', '?')}), tarball {INTEGRITY}"]
    lines += [f"{digest}  {name}" for name, digest in sorted(sums.items())]
    (folder / SUMS).write_text("\n".join(lines) + "\n")
    print(
        f"{len(sums)} files of {PACKAGE} {VERSION} in {folder.relative_to(ROOT)}", file=sys.stderr
    )


if __name__ == "__main__":
    main()
