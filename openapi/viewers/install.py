"""Fetch the pinned Swagger UI and ReDoc packages from npm, check their hashes, unpack what is served.

Run by `make viewers`: `npm pack` downloads only the package's own tarball (no dependencies and
no install scripts), so nothing but the listed files lands in openapi/viewers/<package>/.
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SERVED = {
    "swagger-ui-dist": ("swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js",
                        "favicon-32x32.png", "LICENSE", "NOTICE"),
    "redoc": ("bundles/redoc.standalone.js", "bundles/redoc.standalone.js.LICENSE.txt", "LICENSE"),
}


def pinned() -> list[tuple[str, str, str]]:
    """(name, version, integrity) of every package in packages.lock."""
    lines = (HERE / "packages.lock").read_text().splitlines()
    return [tuple(line.split()) for line in lines if line.strip() and not line.startswith("#")]


def integrity(path: Path) -> str:
    """npm's integrity string of a tarball."""
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def install(name: str, version: str, expected: str, work: Path) -> None:
    """Fetch one package, refuse it unless its hash matches, and unpack its served files."""
    subprocess.run(["npm", "pack", "--silent", "--pack-destination", str(work), f"{name}@{version}"],
                   check=True, stdout=subprocess.DEVNULL)
    tarball = work / f"{name}-{version}.tgz"
    if integrity(tarball) != expected:
        sys.exit(f"{name}@{version}: the downloaded tarball does not match packages.lock")
    target = HERE / name
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir()
    with tarfile.open(tarball) as archive:
        for member in SERVED[name]:
            source = archive.extractfile(f"package/{member}")
            (target / Path(member).name).write_bytes(source.read())
    (target / "VERSION").write_text(version + "\n")


def main() -> None:
    """Install every pinned package."""
    with tempfile.TemporaryDirectory() as work:
        for name, version, expected in pinned():
            install(name, version, expected, Path(work))


if __name__ == "__main__":
    main()
