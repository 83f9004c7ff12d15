"""The package's folders are its layers, and imports point one way: down the layers, never in a circle.

    engine  <-  deer, football (the rules cores)  <-  analysis  <-  bots  <-  play  <-  cli, charts, chapters
    <-  widgets, bookext, openspiel (the games inside OpenSpiel: every layer below it but charts)

(The analysis, exact odds and seeded statistics, reads agents only by name through the engine's catalogue, so the
bots can use its odds. The chapters' helpers read the table's session and hints, so they sit just above play.)

Every import counts, the ones inside functions too. The rules cores, the bots, the analysis, the play layer and
the chapters' helpers import only the standard library (tests/project/test_stdlib_core.py runs them so); Plotly and
ipywidgets sit above them.
"""
import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "deerbook"
LAYER = {"engine": 0, "deer": 1, "football": 1, "analysis": 2, "bots": 3, "play": 4, "cli": 5, "charts": 5,
         "chapters": 5, "widgets": 6, "bookext": 6, "openspiel": 6, "__main__": 7}
SIBLINGS_APART = {("deer", "football"), ("football", "deer"), ("cli", "charts"), ("charts", "cli"),
                  ("openspiel", "widgets"), ("widgets", "openspiel"), ("openspiel", "bookext"),
                  ("bookext", "openspiel"), ("chapters", "cli"), ("cli", "chapters"), ("chapters", "charts"),
                  ("charts", "chapters")}  # same layer, and neither imports the other
APART = SIBLINGS_APART | {("openspiel", "charts")}  # the OpenSpiel adapter plays games: no charts
STDLIB_LAYERS = ("engine", "deer", "football", "bots", "analysis", "play", "chapters")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Every module `path` imports (relative imports resolved), wherever the import statement stands."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)  # `from . import rules`
    here = module_name(path)
    return {m for m in found if not here.startswith(m + ".")}  # a module's own packages are imported with it


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}
GRAPH = {name: {m for m in imports(path) if m in MODULES and m != name} for name, path in MODULES.items()}


def layer_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def test_every_folder_is_a_known_layer():
    folders = {layer_of(m) for m in MODULES} - {"__init__"}
    assert folders == set(LAYER), f"a folder with no layer, or a layer with no folder: {folders ^ set(LAYER)}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_point_down_the_layers(module):
    here = layer_of(module)
    if here == "__init__":
        assert GRAPH[module] == set(), "the package's face imports nothing"
        return
    for target in GRAPH[module]:
        there = layer_of(target)
        if there == "__init__":
            continue  # deerbook.__version__
        assert (there == here or LAYER[there] < LAYER[here]) and (here, there) not in APART, \
            f"{module} ({here}) imports {target} ({there})"


def test_no_import_circles():
    """Depth-first search for a cycle in the module graph (lazy imports included)."""
    state: dict[str, int] = {}

    def visit(module: str, trail: list[str]) -> None:
        state[module] = 1
        for target in sorted(GRAPH[module]):
            if state.get(target) == 1:
                cycle = trail[trail.index(target):] + [target] if target in trail else [module, target]
                raise AssertionError(" -> ".join(cycle))
            if target not in state:
                visit(target, [*trail, target])
        state[module] = 2

    for module in sorted(GRAPH):
        if module not in state:
            visit(module, [module])


@pytest.mark.parametrize("module", sorted(m for m in MODULES if layer_of(m) in STDLIB_LAYERS))
def test_lower_layers_import_only_the_standard_library(module):
    outside = {m.partition(".")[0] for m in imports(MODULES[module])} - set(sys.stdlib_module_names) - {"deerbook"}
    assert not outside, f"{module} imports {sorted(outside)}"
