"""The Nu HTML checker (the W3C's validator, npm's `vnu-jar`), run with Java on the built book's pages.

`python3 dev.py test` fetches the checker from the npm registry once (`npm pack vnu-jar@NU_VERSION`) into the download
cache the book build already keeps (book/lite/_cache, git-ignored), as it does axe-core (tests/helpers/axe.py); it runs
offline from there. `errors(files)` checks pages and returns the checker's errors (warnings and notes left out).
"""
from __future__ import annotations

import json
import shutil
import subprocess

from pathlib import Path

from npm_cache import CACHE, npm_file

NU_VERSION = "26.9.27"
NU_JAR = CACHE / f"vnu-jar-{NU_VERSION}" / "vnu.jar"


def fetch_nu() -> Path:
    """vnu.jar in the cache, fetched from the npm registry once (npm is needed the first time only)."""
    return npm_file("vnu-jar", NU_VERSION, "build/dist/vnu.jar", NU_JAR)


def missing_reason() -> str | None:
    """Why the checker cannot run here (None: it can)."""
    if shutil.which("java") is None:
        return "no Java to run the Nu HTML checker (apt-get install default-jre-headless)"
    cached = NU_JAR.is_file()
    return None if cached else f"the Nu HTML checker is not cached at {NU_JAR}: python3 dev.py test fetches it"


def errors(files: list) -> list[dict]:
    """The checker's errors in the files (paths): each {"url": the file's path, "lastLine", "message", "extract"}."""
    result = subprocess.run(["java", "-jar", str(NU_JAR), "--format", "json", "--errors-only",
                             *map(str, files)], capture_output=True, text=True)
    return [{**message, "url": message["url"].removeprefix("file:")}
            for message in json.loads(result.stderr)["messages"] if message.get("type") == "error"]


if __name__ == "__main__":  # `python tests/helpers/nu.py`: what dev.py test runs before the book's tests
    try:
        print(f"Nu HTML checker {NU_VERSION}: {fetch_nu()}")
    except FileNotFoundError as missing:
        print(f"{missing}: the HTML check will be skipped")
