"""The README is a front page: short, installing first, its two commands real, every link and picture there and
absolute (it is PyPI's page of the project too), and the pictures drawn by the package as it is now
(book/pictures.py records what each shows). And `dev.py book` serves the book."""
import re
import signal
import subprocess
import sys
import tomllib
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
sys.path.insert(0, str(ROOT / "book"))
sys.path.insert(0, str(ROOT))
import dev  # noqa: E402  (the set-up script at the repository root)
import pictures  # noqa: E402  (book/pictures.py)
from processes import HANG_SECONDS, line_within, started  # noqa: E402

URLS = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]
#: where the README's links into the repository point: a file's page on GitHub, and a picture's bytes
BLOB = f"{URLS['Source']}/blob/main/"
RAW = f"{URLS['Source'].replace('https://github.com/', 'https://raw.githubusercontent.com/')}/main/"


class Targets(HTMLParser):
    """Every link's and picture's address in an HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.addresses: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.addresses += [value for name, value in attrs if name in ("href", "src") and value is not None]


def rendered_addresses() -> list[str]:
    """The README as PyPI shows it (readme_renderer, which twine checks with), and its links' and pictures'
    addresses."""
    pytest.importorskip("comrak", reason="readme_renderer's Markdown needs comrak (no Windows wheel)")
    from readme_renderer.markdown import render

    page = render(README)
    assert page, "readme_renderer rendered nothing"
    targets = Targets()
    targets.feed(page)
    return targets.addresses


def test_the_readme_is_a_front_page_of_at_most_600_words():
    assert len(README.split()) <= 600


def test_the_readme_gives_the_two_commands_and_they_exist():
    assert "python3 dev.py book" in README and "python3 dev.py test" in README
    assert {"book", "test"} <= set(dev.COMMANDS)


def test_the_readme_says_how_to_install_first_then_the_book_then_the_tests():
    headings = re.findall(r"^## (.+)$", README, re.MULTILINE)
    assert headings.index("Install it and play") < headings.index("Read the book") < headings.index("Run the tests")
    assert headings.index("Install it and play") == 1  # after the games it is about


def test_every_link_and_picture_of_the_rendered_readme_is_absolute_and_the_project_s():
    """No relative address, which PyPI's page would turn into a dead link or a missing picture; each points under
    one of pyproject.toml's project URLs or to a picture of the repository. (The renderer's own links to the
    headings, "#user-content-...", stay in the page.)"""
    addresses = [address for address in rendered_addresses() if not address.startswith("#user-content-")]
    assert f"{RAW}book/pictures/deer-table.png" in addresses and URLS["Documentation"] in addresses
    assert [address for address in addresses if not address.startswith("https://")] == []
    assert [address for address in addresses if not address.startswith((RAW, *URLS.values()))] == []


def test_every_file_the_readme_links_to_exists():
    files = [address.removeprefix(BLOB).removeprefix(RAW) for address in rendered_addresses()
             if address.startswith((BLOB, RAW))]
    assert "book/pictures/odds-chart.png" in files and "CONTRIBUTING.md" in files and "environment.yml" in files
    assert [name for name in files if not (ROOT / name).is_file()] == []


def test_the_readme_links_to_the_published_book():
    """The book's address (pyproject.toml's Documentation URL), which .github/workflows/book.yml publishes."""
    assert f"]({URLS['Documentation']})" in README
    assert "actions/deploy-pages" in (ROOT / ".github" / "workflows" / "book.yml").read_text()


@pytest.mark.parametrize("name, source", [("deer-table.png", pictures.table_svg),
                                          ("odds-chart.png", pictures.chart_json)])
def test_each_picture_shows_what_the_package_draws_now(name, source):
    png = (ROOT / "book" / "pictures" / name).read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert pictures.recorded_digest(png) == pictures.digest(source()), f"{name} is stale: run python3 dev.py pictures"


def test_the_odds_picture_writes_each_bars_chance_on_it():
    import json
    from fractions import Fraction

    from deerbook.analysis.deer_odds import odds_report
    from deerbook.analysis.numbers import percent

    (bars,) = json.loads(pictures.chart_json())["data"]
    assert bars["text"] == [percent(Fraction(row["probability"])) for row in odds_report("deer")["combinations"]]
    assert bars["textposition"] == "outside"


def test_a_recorded_digest_reads_back_and_leaves_the_picture_a_png():
    png = (ROOT / "book" / "pictures" / "deer-table.png").read_bytes()
    marked = pictures.with_digest(png, "some source")
    assert pictures.recorded_digest(marked) == pictures.digest("some source")
    assert marked[:33] == png[:33] and marked.endswith(png[-12:])  # signature and header first, IEND last


def test_dev_book_serves_the_book_over_http_until_ctrl_c(tmp_path):
    (tmp_path / "index.html").write_text("<title>the book</title>")
    (tmp_path / "runtime.wasm").write_bytes(b"\0asm")
    # Ctrl-C as a terminal sends it, even if this test run ignores it (a background job)
    code = (f"import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
            f"sys.path.insert(0, {str(ROOT)!r}); import dev, pathlib; dev.serve(pathlib.Path({str(tmp_path)!r}))")
    with started([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                 env={"BROWSER": "true", "PATH": "/usr/bin:/bin"}) as server:
        line = line_within(server.stdout)
        url = re.search(r"http://127\.0\.0\.1:\d+/", line).group()
        assert "<title>the book</title>" in urllib.request.urlopen(url, timeout=60).read().decode()
        assert urllib.request.urlopen(url + "runtime.wasm", timeout=60).headers["Content-Type"] == "application/wasm"
        server.send_signal(signal.SIGINT)
        rest, _ = server.communicate(timeout=HANG_SECONDS)
    assert server.returncode == 0 and "Stopped serving the book." in rest
