"""Which chapters run in the book's JupyterLite site, decided from what their code imports.

A chapter runs live when every module its code cells import (and, for deerbook's own modules, every module
those import when loaded, followed through the package's source) is in Python's standard library, in deerbook,
or in a project the lite site ships (`LITE_PROJECTS`, the same list build_lite.py bundles). Imports inside
functions and under `if TYPE_CHECKING:` do not count: they do not run when a module loads.
book/lite/live_links.py links the chapters that run live and says what the others need; build_lite.py copies
the same chapters into the site. Nothing here is a hand-kept list of chapters.
"""
from __future__ import annotations

import ast
import importlib.metadata
import json
import re
import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "deerbook"
#: Pyodide packages the kernel itself loads at start (their dependencies in Pyodide's lock come along)
KERNEL_PACKAGES = ("micropip", "packaging", "ipython", "jedi", "traitlets")
#: pure-Python packages that Pyodide's lock lacks (shipped at the versions the book is built with); the table's
#: script is an anywidget (deerbook/widgets/script.py), which needs psygnal
EXTRA_PACKAGES = ("anywidget", "comm", "ipywidgets", "plotly", "psygnal")
#: the projects whose modules a chapter may import in the lite kernel
LITE_PROJECTS = KERNEL_PACKAGES + EXTRA_PACKAGES


def canonical(name: str) -> str:
    """The PEP 503 form of a project name (how Pyodide's lock matches `depends`)."""
    return re.sub(r"[-_.]+", "-", name).lower()


@lru_cache(maxsize=None)
def lite_imports() -> frozenset[str]:
    """Top-level module names the lite kernel can import: the standard library, deerbook, the shipped projects."""
    shipped = {canonical(project) for project in LITE_PROJECTS}
    third_party = {module for module, projects in importlib.metadata.packages_distributions().items()
                   if any(canonical(project) in shipped for project in projects)}
    return frozenset(sys.stdlib_module_names | third_party | {PACKAGE})


def loaded_imports(tree: ast.AST) -> list[tuple[str, tuple[str, ...], int]]:
    """`(module, names, level)` of every import that runs when the code runs (not inside functions or under
    `if TYPE_CHECKING:`)."""
    found: list[tuple[str, tuple[str, ...], int]] = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            found += [item for child in node.orelse for item in loaded_imports(ast.Module([child], []))]
            continue
        if isinstance(node, ast.Import):
            found += [(alias.name, (), 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", tuple(alias.name for alias in node.names), node.level))
        else:
            found += loaded_imports(node)
    return found


def package_source(module: str) -> Path | None:
    """The source file of a deerbook module or package, if there is one."""
    path = ROOT.joinpath(*module.split("."))
    for candidate in (path / "__init__.py", path.with_suffix(".py")):
        if candidate.exists():
            return candidate
    return None


def absolute(module: str, level: int, importer: str, importer_is_package: bool) -> str:
    """The absolute name of a (possibly relative) import made in module `importer`."""
    if level == 0:
        return module
    parts = importer.split(".")[: len(importer.split(".")) - level + importer_is_package]
    return ".".join(parts + ([module] if module else []))


def imported_modules(tree: ast.AST, importer: str = "", importer_is_package: bool = False) -> set[str]:
    """Every module an import in `tree` loads: `from a.b import c` loads a, a.b and, if c is a module, a.b.c."""
    modules: set[str] = set()
    for module, names, level in loaded_imports(tree):
        name = absolute(module, level, importer, importer_is_package)
        parts = name.split(".")
        modules |= {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
        modules |= {f"{name}.{n}" for n in names if name.startswith(PACKAGE) and package_source(f"{name}.{n}")}
    return modules


def needs_of(modules: set[str]) -> list[str]:
    """The top-level modules the lite kernel lacks that loading `modules` would import (following deerbook's own
    modules through their source, import cycles included)."""
    pending, seen, needs = list(modules), set(), set()
    while pending:
        module = pending.pop()
        if module in seen:
            continue
        seen.add(module)
        top = module.split(".")[0]
        if top != PACKAGE and top not in lite_imports():
            needs.add(top)
        elif (source := package_source(module) if top == PACKAGE else None) is not None:
            pending += source_imports(source, module)
    return sorted(needs)


@lru_cache(maxsize=None)
def source_imports(source: Path, module: str) -> frozenset[str]:
    """Every module that loading deerbook's `module`, whose source is `source`, imports (each file parsed once)."""
    return frozenset(imported_modules(ast.parse(source.read_text()), module, source.name == "__init__.py"))


def notebook_code(notebook: Path) -> str:
    """A notebook's code cells as one Python source (IPython magics and shell lines left out)."""
    cells = [cell for cell in json.loads(notebook.read_text())["cells"] if cell["cell_type"] == "code"]
    lines = [line for cell in cells for line in "".join(cell["source"]).splitlines()
             if not line.lstrip().startswith(("%", "!"))]
    return "\n".join(lines)


def notebook_needs(notebook: Path) -> list[str]:
    """The modules a notebook needs that the lite kernel cannot import (empty: it runs live)."""
    return needs_of(imported_modules(ast.parse(notebook_code(notebook))))


def chapters() -> dict[str, list[str]]:
    """Every chapter notebook of the book (its docname, e.g. "notebooks/10-deer-in-the-headlights") with what
    it needs that the lite kernel lacks."""
    return {path.relative_to(ROOT).with_suffix("").as_posix(): notebook_needs(path)
            for path in sorted((ROOT / "notebooks").glob("*.ipynb"))}


def live_chapters() -> list[str]:
    """The chapters that run in the lite kernel."""
    return [chapter for chapter, needs in chapters().items() if not needs]
