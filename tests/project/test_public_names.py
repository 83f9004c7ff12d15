"""Every public name of the package is used outside tests/: code that only the tests call lives in tests/helpers/.

A module's public names are its top-level functions, classes and assignments not starting with `_`. A name is used
when code outside tests/ reads it: the package itself (its own module included), the notebooks' code cells, the
benchmarks, the book's build and scripts, dev.py, or a dotted path that names it (`deerbook.play.page.warm_up` in a
script, "deerbook.bots.catalogue:AGENTS" in pyproject.toml, an import in the README or the book's pages).
`ALLOWED` names the few exceptions, each with its reason.
"""
import ast
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "deerbook"
SCRIPTS = ("benchmarks/*.py", "book/**/*.py", "dev.py", ".ci/*.py")
TEXTS = ("book/**/*.md", "book/**/*.js", "book/**/*.mjs", "README.md", "CONTRIBUTING.md", "pyproject.toml")
SKIPPED = {"_build", "_cache", "node_modules", "content"}  # built or downloaded files, not the project's
DOTTED = re.compile(r"\bdeerbook(?:\.\w+)+[.:](\w+)|\bfrom deerbook(?:\.\w+)* import \(?([\w, \n]+)")

ALLOWED = {
    "deerbook/engine/registry.py:register_agent": "adds an agent at run time, as `register` adds a game (CONTRIBUTING,"
                                                  " Adding a game)",
    "deerbook/analysis/choices.py:save_choices": "writes the stored search-choices file again, run by hand as "
                                                 "`deerbook balance` runs the study",
    "deerbook/analysis/reviewed_games.py:save_reviews": "writes the stored reviews of the Playing well chapters "
                                                        "again, run by hand as `save_choices` is",
    "deerbook/analysis/skill.py:round_pawns": "the data `fit_temperature` fits",
    "deerbook/analysis/skill.py:fit_temperature": "fits the search agent's TEMPERATURES again (bots/search.py names "
                                                  "it)",
    "deerbook/analysis/choices.py:differences": "measures where an agent (the advisor: bots/deer_advisor.py's "
                                                "ADVISED_PHASES) chooses otherwise than greedy",
    "deerbook/football/calibration.py:evidence": "the figures the calibrated sheet's rules match, beside `python -m "
                                                 "deerbook.football.calibration` that writes the sheet",
}


def public_names(path: Path) -> set[str]:
    """The top-level names `path` defines that do not start with `_`."""
    found = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found.update(name.id for target in targets for name in ast.walk(target) if isinstance(name, ast.Name))
    return {name for name in found if not name.startswith("_")}


def files(patterns: tuple[str, ...]) -> list[Path]:
    """The project's files matching `patterns`, without built or downloaded ones."""
    return [path for pattern in patterns for path in ROOT.glob(pattern) if not SKIPPED & set(path.parts)]


def code_sources() -> list[str]:
    """The Python code outside tests/: the package, the scripts, and the notebooks' code cells (magics left out)."""
    sources = [path.read_text() for path in [*PACKAGE.rglob("*.py"), *files(SCRIPTS)]]
    for notebook in (ROOT / "notebooks").glob("*.ipynb"):
        cells = json.loads(notebook.read_text())["cells"]
        code = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
        sources.append("\n".join(line for line in code.splitlines() if not line.lstrip().startswith(("%", "!"))))
    return sources


def names_read(source: str) -> set[str]:
    """Every name `source` reads, imports or names by a dotted path in a string (not in a docstring or comment)."""
    found, tree = set(), ast.parse(source)
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Store):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.ImportFrom):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            found.update(dotted_names(node.value))
    return found


def dotted_names(text: str) -> set[str]:
    """The names a text names by a dotted path (`deerbook.play.page.warm_up`) or imports from the package."""
    found = set()
    for attribute, imported in DOTTED.findall(text):
        found.update([attribute] if attribute else re.findall(r"\w+", imported))
    return found


def unused_names() -> set[str]:
    """Each public name no code outside tests/ reads, as "path:name"."""
    used = set().union(*map(names_read, code_sources()), *(dotted_names(path.read_text()) for path in files(TEXTS)))
    return {f"{path.relative_to(ROOT)}:{name}" for path in PACKAGE.rglob("*.py") if path.name != "__init__.py"
            for name in public_names(path) - used}


def test_every_public_name_is_used_outside_the_tests():
    unused = unused_names()
    assert sorted(unused - set(ALLOWED)) == [], "used by tests only: move it to tests/helpers/, or delete it"
    assert sorted(set(ALLOWED) - unused) == [], "allowed but used (or gone): take it off ALLOWED"


def test_the_check_finds_a_name_only_tests_read():
    assert dotted_names("python.runPython('deerbook.play.page.warm_up()')") == {"warm_up"}
    assert dotted_names("from deerbook.engine import (make_game,\n    play)") == {"make_game", "play"}
    assert names_read("import x\nx.helper(value)") >= {"helper", "value"} and "y" not in names_read("y = 1")
