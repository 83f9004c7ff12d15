"""The README is a front page: short, its two commands real, every link and picture there, and the pictures drawn
by the package as it is now (book/pictures.py records what each shows). And `dev.py book` serves the book."""
import re
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
sys.path.insert(0, str(ROOT / "book"))
sys.path.insert(0, str(ROOT))
import dev  # noqa: E402  (the set-up script at the repository root)
import pictures  # noqa: E402  (book/pictures.py)
from processes import HANG_SECONDS, line_within, started  # noqa: E402

LINK = re.compile(r"""(?:\]\(|src=")([^)"#]+)""")


def test_the_readme_is_a_front_page_of_at_most_600_words():
    assert len(README.split()) <= 600


def test_the_readme_gives_the_two_commands_and_they_exist():
    assert "python3 dev.py book" in README and "python3 dev.py test" in README
    assert {"book", "test"} <= set(dev.COMMANDS)


def test_every_file_the_readme_links_to_exists():
    targets = [target for target in LINK.findall(README) if "://" not in target and not target.startswith("../../")]
    assert "book/pictures/deer-table.png" in targets and "CONTRIBUTING.md" in targets
    assert [target for target in targets if not (ROOT / target).exists()] == []


def test_the_readme_links_to_the_published_book():
    """A link GitHub follows from the README to the repository's Pages deployment (../../ leaves the README's folder of
    blob/main for the repository's own pages), which .github/workflows/book.yml publishes."""
    assert "](../../deployments/github-pages)" in README
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
