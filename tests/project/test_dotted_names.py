"""Every dotted name of the package that the code, the docs and the config mention resolves.

A name like `deerbook.play.hints.deer_hints`, `bots.deer_turn_walk.advise_seat` (a subpackage named without the
`deerbook.` prefix), `deerbook.play.hints:deer_hints` (an import path) or `Turn.reads_unseen` after its module names
a module of the package, then attributes of it. Where a module is moved, renamed or an attribute deleted, a mention
left behind fails here with its file and line. Read: the package's code (comments and docstrings too), the tests and
benchmarks, the book's pages and configuration, README.md, CONTRIBUTING.md, the notebooks' markdown cells, .gitignore,
pyproject.toml, environment.yml and the CI scripts.
"""
import dataclasses
import importlib
import json
import re
import tokenize
import tomllib
from pathlib import Path

import pytest

import deerbook

ROOT = Path(__file__).resolve().parents[2]
SUBPACKAGES = sorted(p.name for p in Path(deerbook.__file__).parent.iterdir() if (p / "__init__.py").exists())
# `deerbook.x.y`, or `x.y` with x a subpackage; then an optional `:attribute` (an import path). Not a file name
# (`deer.json`), nor part of a longer dotted word, path or version (`self.deer.state`, `tests/deer.x`, `1+deerbook.x`).
NAME = re.compile(r"(?<![\w./+-])((?:deerbook|" + "|".join(SUBPACKAGES) + r")(?:\.[A-Za-z_]\w*)+)(?::([A-Za-z_]\w*))?"
                  r"(?![\w/-]|\.\w)")
FIELD = re.compile(r"\{[^{}]*\}")  # an f-string's replacement field
MADE_UP = {"deerbook.core"}  # tests/built_book/test_lite.py's made-up package, the test data of an import scan
FILE_ENDINGS = {"py", "md", "json", "gz", "ipynb", "toml", "yml", "yaml", "cfg", "txt", "csv", "html", "js", "css",
                "png", "svg", "mjs", "whl"}


def sources() -> list[tuple[str, str]]:
    """(file, text) of every place a name may be mentioned: of Python code its comments and strings (a name in the
    code itself is checked by running it: `charts.count()` there is a variable's method), of a notebook its
    markdown cells."""
    found = []
    for pattern in ("deerbook/**/*.py", "tests/**/*.py", "benchmarks/*.py", "book/**/*.py", "*.py"):
        found += [(str(path.relative_to(ROOT)), prose(path)) for path in sorted(ROOT.glob(pattern))
                  if path.name != Path(__file__).name]  # this file names stale examples
    for pattern in ("book/*.md", "*.md", ".gitignore", "pyproject.toml", "environment.yml", "book/*.yml", ".ci/*",
                    ".github/**/*.yml"):
        found += [(str(path.relative_to(ROOT)), path.read_text()) for path in sorted(ROOT.glob(pattern))]
    for path in sorted(ROOT.glob("notebooks/*.ipynb")):
        cells = json.loads(path.read_text())["cells"]
        found.append((str(path.relative_to(ROOT)),
                      "\n".join("".join(c["source"]) if c["cell_type"] == "markdown" else "" for c in cells)))
    return found


def prose(path: Path) -> str:
    """A Python file's comments and strings, each on its own lines, everything else blanked (line numbers kept); an
    f-string without its replacement fields (code: `{deer.cpu:.0f}` reads a variable)."""
    lines = [""] * (path.read_text().count("\n") + 1)
    with path.open("rb") as source:
        for token in tokenize.tokenize(source.readline):
            if token.type in (tokenize.COMMENT, tokenize.STRING):
                text = token.string
                if "f" in text[:text.index(text[-1])].lower():  # the prefix, before the opening quote
                    text = FIELD.sub("", text)
                for row, line in enumerate(text.splitlines(), token.start[0]):
                    lines[row - 1] += " " + line
    return "\n".join(lines)


def mentions() -> dict[str, list[str]]:
    """Each dotted name mentioned, with where (file:line)."""
    where: dict[str, list[str]] = {}
    for file, text in sources():
        for number, line in enumerate(text.splitlines(), 1):
            for name in names_in(line):
                where.setdefault(name, []).append(f"{file}:{number}")
    return where


def names_in(line: str) -> list[str]:
    """The dotted names a line mentions (an import path's `:attribute` as one more dotted part)."""
    found = []
    for match in NAME.finditer(line):
        dotted, attribute = match.groups()
        if attribute is None and dotted.rsplit(".", 1)[1] in FILE_ENDINGS:
            continue  # a file name, e.g. deer.json
        found.append(dotted + (f".{attribute}" if attribute else ""))
    return found


def entry_point_groups() -> set[str]:
    """The package's entry-point group names (`deerbook.games`): dotted, but no module."""
    return set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"])


def resolves(name: str) -> bool:
    """Whether `name` (with or without the `deerbook.` prefix) is a module of the package, then attributes of it."""
    parts = name.split(".")
    if parts[0] != "deerbook":
        parts.insert(0, "deerbook")
    for split in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:split]))
        except ModuleNotFoundError:
            continue
        return all_attributes(found, parts[split:])
    return False


def all_attributes(found, names: list[str]) -> bool:
    """Whether each of `names` is an attribute of the one before (a class's declared fields count)."""
    for name in names:
        if hasattr(found, name):
            found = getattr(found, name)
        elif isinstance(found, type) and name in declared(found):
            return True  # an instance's field: nothing further to follow
        else:
            return False
    return True


def declared(cls: type) -> set[str]:
    """The fields a class declares for its instances: annotations (dataclasses, named tuples) and slots."""
    names: set[str] = set()
    for klass in cls.__mro__:
        names |= set(vars(klass).get("__annotations__", {})) | set(vars(klass).get("__slots__", ()))
    if dataclasses.is_dataclass(cls):
        names |= {f.name for f in dataclasses.fields(cls)}
    return names


MENTIONS = mentions()
GROUPS = entry_point_groups()


def test_names_are_found_in_every_kind_of_source():
    """The scan has teeth: it finds names in code, docs, notebooks and config alike."""
    files = {place.split(":")[0] for places in MENTIONS.values() for place in places}
    for expected in ("deerbook/play/hints.py", "CONTRIBUTING.md", "pyproject.toml", "README.md"):
        assert expected in files
    assert any(file.startswith("notebooks/") for file in files) and any(file.startswith("book/") for file in files)
    assert not resolves("deerbook.play.words") and not resolves("deer.advisor.advise")
    assert resolves("bots.deer_turn_walk.TurnAccount.reads_unseen")
    assert resolves("deerbook.engine.registry.GameInfo.information")


def test_every_dotted_name_resolves():
    stale = {name: places for name, places in MENTIONS.items() if name not in GROUPS | MADE_UP and not resolves(name)}
    assert not stale, "names that are no module or attribute of the package:\n" + "\n".join(
        f"{name}: {', '.join(places)}" for name, places in sorted(stale.items()))


def test_an_f_strings_fields_are_code(tmp_path):
    source = tmp_path / "example.py"
    source.write_text('x = f"{deer.cpu:.0f} steps, see bots.search"  # and play.session\n')
    assert names_in(prose(source)) == ["bots.search", "play.session"]


@pytest.mark.parametrize("text, names", [("see `deerbook.play.hints:deer_hints`.", ["deerbook.play.hints.deer_hints"]),
                                         ("`deer/belief.py`, deer.json and 1.0+deerbook.stand.in", []),
                                         ("self.deer.state, play.session", ["play.session"]),
                                         ("(bots.search.SearchAgent)", ["bots.search.SearchAgent"])])
def test_what_counts_as_a_dotted_name(text, names):
    assert names_in(text) == names
