"""Files of npm packages the tests use (axe-core, the Nu HTML checker), fetched once into the download cache the book
build already keeps (book/lite/_cache, git-ignored), so the tests run offline."""
from __future__ import annotations

import shutil
import subprocess
import tarfile
from pathlib import Path

CACHE = Path(__file__).resolve().parents[2] / "book" / "lite" / "_cache"


def npm_file(package: str, version: str, member: str, target: Path) -> Path:
    """`target`, the file `member` of the npm package `package@version`, fetched from the registry the first time
    (`npm pack`; npm is needed then only)."""
    if not target.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise FileNotFoundError(f"{package} {version} is not cached and npm is missing to fetch it")
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run([npm, "pack", "--silent", f"{package}@{version}", "--pack-destination", str(CACHE)],
                       check=True, stdout=subprocess.DEVNULL, timeout=600)
        archive = CACHE / f"{package}-{version}.tgz"
        with tarfile.open(archive) as packed:
            found = packed.extractfile(f"package/{member}")
            assert found is not None, f"{archive} holds no {member}"
            target.parent.mkdir(exist_ok=True)
            target.with_suffix(".tmp").write_bytes(found.read())
        target.with_suffix(".tmp").rename(target)
        archive.unlink()
    return target
