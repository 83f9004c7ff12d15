"""deerbook as others get it: licence, metadata, version, changelog, citation, conda files, and the built package.

The slow half builds the sdist and wheel once, from a copy of the checkout's files (build writes into its source
folder), checks them as PyPI would (`twine check --strict`), then installs the wheel into fresh virtual environments,
one for the package alone and one for each user extra, each checked by what that extra promises and by the absence
of what it does not bring; then on every other Python version the classifiers name (a chapter downloaded from the book
runs in a fresh environment with only the extras its note names and a kernel: tests/project/test_chapter_front_ends.py).
pip works as configured here (its index and cache), so a second run downloads nothing. Under pytest-xdist the
workers share the one build (a lock in the run's temporary folder) and the environments run on any worker.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

import jsonschema
import pytest
import yaml

import deerbook
from built_package import Dist, Environment, shared_dist
from deerbook.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
PROJECT = PYPROJECT["project"]
VERSION = deerbook.__version__
#: the Python versions the classifiers name: each is one the wheel is installed into and checked on
PYTHONS = [c.rsplit(" :: ", 1)[1] for c in PROJECT["classifiers"]
           if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
THIS_PYTHON = f"{sys.version_info[0]}.{sys.version_info[1]}"
HANG = 1800  # seconds: a subprocess still running then has hung (a slow machine never takes that long)

#: Each user extra: the modules it brings (absent where it is not installed), and the check of what it promises.
EXTRA_MODULES = {"charts": {"plotly"}, "widgets": {"ipywidgets", "anywidget", "plotly"}, "openspiel": {"pyspiel"},
                 "cluster": {"distributed"}}
#: The dependency groups for building the book and for contributing (dev includes the others; environment-dev.yml
#: installs it), which are not published as extras are.
BUILD_GROUPS = {"book", "lite", "dev"}

BASE_CHECK = """
import importlib.metadata, json, pathlib, sys
import deerbook
from deerbook.engine.playthrough import record
from deerbook.engine.registry import game_names
here = pathlib.Path(deerbook.__file__).parent
assert here.is_relative_to(sys.prefix), f"deerbook imported from {here}, not from the environment {sys.prefix}"
assert importlib.metadata.version("deerbook") == deerbook.__version__
assert (here / "py.typed").is_file(), "no py.typed"
extension = pathlib.Path(sys.prefix, "share", "jupyter", "labextensions", "deerbook")  # where JupyterLab finds it
built = json.loads((extension / "package.json").read_text())
assert built["version"] == deerbook.__version__ and (extension / built["jupyterlab"]["_build"]["load"]).is_file()
assert json.loads((extension / "install.json").read_text())["packageName"] == "deerbook"
assert {"deer", "deer-cards", "football"} <= set(game_names())
"""
#: The recorded playthroughs played again from their seeds give the stored text: the rules, agents, seeding and
#: component data work on this Python as in the checkout.
PLAYTHROUGHS_CHECK = """
folder = pathlib.Path(sys.argv[1])
for spec in json.loads((folder / "specs.json").read_text()):
    assert record(spec["game"], spec["options"], spec["agents"], spec["seed"]) == (folder / spec["file"]).read_text()
"""
EXTRA_CHECKS = {
    "charts": """
import deerbook.charts
from deerbook.charts import deer_odds, football_odds
deerbook.charts.use_book_style()
figure = deer_odds.combinations_figure()
assert figure.data and json.loads(figure.to_json())["data"]
""",
    "widgets": """
from deerbook.widgets import DeerExplorer, FootballExplorer, GameTable
table = GameTable("deer", seed=3, bot_delay=0)
assert table.widget.children and not table.state.is_terminal()
explorer = DeerExplorer()
explorer.update()
assert explorer.figure.data and explorer.summary
FootballExplorer().update()
""",
    "openspiel": """
import random
import pyspiel
import deerbook.openspiel
rng = random.Random(1)
for name in ("deerbook_deer", "deerbook_football"):  # a random game through OpenSpiel's interface, to its end
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.returns()) == game.num_players()
""",
    "cluster": """
from distributed import Client, LocalCluster
from deerbook.analysis.simulate import simulate
from deerbook.engine import make_game
game = make_game("deer", num_players=3)
with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
    with Client(cluster) as client:
        on_dask = simulate(game, ["greedy"] * 3, 6, seed=4, executor=client.get_executor())
assert on_dask == simulate(game, ["greedy"] * 3, 6, seed=4, workers=1)
""",
}


def absence_check(modules: set[str]) -> str:
    return f"import importlib.util\nassert [m for m in {sorted(modules)!r} if importlib.util.find_spec(m)] == []\n"


# --- without building anything -------------------------------------------------------------------------------------

def test_the_version_is_written_once_and_the_command_line_prints_it(capsys):
    assert "version" not in PROJECT and PROJECT["dynamic"] == ["version"]
    assert PYPROJECT["tool"]["hatch"]["version"] == {"path": "deerbook/__init__.py"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", VERSION)
    for flag in ("--version", "-V"):
        with pytest.raises(SystemExit) as stop:
            main([flag])
        assert stop.value.code == 0 and capsys.readouterr().out == f"deerbook {VERSION}\n"


def test_deerbook_alone_prints_its_help_and_succeeds(capsys):
    assert main([]) == 0
    alone = capsys.readouterr()
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0 and alone.out == capsys.readouterr().out and alone.err == ""
    assert "usage: deerbook" in alone.out and "simulate" in alone.out


def test_the_licence_is_apache_2_with_a_notice_that_the_games_are_their_publishers():
    licence = (ROOT / "LICENSE").read_text()
    assert "Apache License\n                           Version 2.0, January 2004" in licence
    assert "END OF TERMS AND CONDITIONS" in licence and len(licence.splitlines()) == 202  # the whole text
    assert PROJECT["license"] == "Apache-2.0" and PROJECT["license-files"] == ["LICENSE", "NOTICE"]
    assert not [c for c in PROJECT["classifiers"] if c.startswith("License ::")]  # PEP 639: the expression only
    notice = " ".join((ROOT / "NOTICE").read_text().split())
    for words in ("Deer in the Headlights", "Football Highlights: The Dice Game", "belong to their publishers",
                  "in its own words", "reconstructed component data"):
        assert words in notice, words
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert f"[Apache-2.0]({PROJECT['urls']['Source']}/blob/main/LICENSE)" in readme
    assert "their publishers'" in readme and "in its own words" in readme
    rulings = " ".join((ROOT / "book" / "rulings.md").read_text().split())
    assert "The games belong to their publishers" in rulings and "in its own words" in rulings


def test_the_metadata_names_status_audience_python_versions_urls_and_the_build_backend_for_pep_639():
    classifiers = PROJECT["classifiers"]
    assert [c for c in classifiers if c.startswith("Development Status ::")]
    assert [c for c in classifiers if c.startswith("Intended Audience ::")] and "Typing :: Typed" in classifiers
    assert PYTHONS[0] == PROJECT["requires-python"].removeprefix(">=") and THIS_PYTHON in PYTHONS
    assert PROJECT["keywords"]
    assert set(PROJECT["urls"]) == {"Homepage", "Documentation", "Source", "Issues", "Changelog"}
    assert PYPROJECT["build-system"]["requires"] == ["hatchling>=1.27"]  # 1.27: license expressions and files
    assert (ROOT / "deerbook" / "py.typed").is_file()
    assert set(PROJECT["optional-dependencies"]) == set(EXTRA_MODULES)
    assert set(PYPROJECT["dependency-groups"]) == BUILD_GROUPS


def test_the_changelog_has_one_entry_per_release_newest_first_starting_with_this_version():
    headings = re.findall(r"^## (.+)$", (ROOT / "CHANGELOG.md").read_text(), re.MULTILINE)
    releases = [re.fullmatch(r"(\d+)\.(\d+)\.(\d+) \((?:\d{4}-\d{2}-\d{2}|not yet released)\)", h) for h in headings]
    assert headings and all(releases), headings
    versions = [tuple(map(int, release.groups())) for release in releases]
    assert versions == sorted(set(versions), reverse=True) and headings[0].startswith(f"{VERSION} ")
    assert all("not yet released" not in heading for heading in headings[1:])


def cff_text(text: str) -> dict:
    """A CITATION.cff read as the schema expects it: dates stay strings (PyYAML would make them date objects)."""
    class Loader(yaml.SafeLoader):
        pass
    Loader.yaml_implicit_resolvers = {key: [(tag, regexp) for tag, regexp in resolvers
                                            if tag != "tag:yaml.org,2002:timestamp"]
                                      for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}
    return yaml.load(text, Loader=Loader)


def test_the_citation_file_is_valid_cff_1_2_0_and_names_this_release():
    schema = json.loads((ROOT / "tests" / "data" / "schemas" / "citation-file-format-1.2.0.json").read_text())
    validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
    text = (ROOT / "CITATION.cff").read_text()
    citation = cff_text(text)
    assert list(validator.iter_errors(citation)) == []
    assert citation["cff-version"] == "1.2.0" and citation["version"] == VERSION
    assert citation["license"] == PROJECT["license"] and citation["repository-code"] == PROJECT["urls"]["Source"]
    broken = cff_text(text.replace("cff-version: 1.2.0", "cff-version: 1.2") + "date-released: 2026-13-45\n")
    del broken["authors"]
    assert {error.validator for error in validator.iter_errors(broken)} >= {"required", "pattern"}


def environment_file(name: str) -> tuple[dict, list[str]]:
    """An environment file's conda dependencies by name (with their specs) and its pip lines."""
    spec = yaml.safe_load((ROOT / name).read_text())
    conda = {re.match(r"[\w-]+", d)[0]: d for d in spec["dependencies"] if isinstance(d, str)}
    pip = [line for d in spec["dependencies"] if isinstance(d, dict) for line in d["pip"]]
    return conda, pip


def python_spec() -> str:
    """The conda spec of the Python versions the classifiers name."""
    return f"python>={PYTHONS[0]},<3.{int(PYTHONS[-1].split('.')[1]) + 1}"


def pyproject_requirement(name: str) -> str:
    """The requirement of `name` that pyproject.toml states (in any extra or dependency group)."""
    lists = [*PROJECT["optional-dependencies"].values(), *PYPROJECT.get("dependency-groups", {}).values()]
    return next(r for requirements in lists for r in requirements if isinstance(r, str)
                and re.match(r"[\w-]+", r)[0] == name)


def readers_extras() -> set[str]:
    """The extras the chapters import from, but OpenSpiel's (a wheel for Linux only, which its one chapter names)."""
    return {extra for path in (ROOT / "notebooks").glob("*.ipynb") for module in chapter_imports(path)
            for extra in EXTRA_MODULES if module.startswith((f"deerbook.{extra}", *EXTRA_MODULES[extra]))} - {
        "openspiel"}


def test_the_readers_conda_file_installs_deerbook_and_jupyterlab_from_the_registries():
    """No checkout: deerbook from PyPI with the extras the chapters need, JupyterLab and those extras' main
    packages from conda-forge at pyproject.toml's versions; no path install, no Node.js, no build extra."""
    conda, pip = environment_file("environment.yml")
    extras = readers_extras()
    assert extras == {"charts", "widgets"} and extras <= set(EXTRA_MODULES)
    assert pip == [f"deerbook[{','.join(sorted(extras))}]"]
    assert conda["python"] == python_spec() and "pip" in conda and "nodejs" not in conda
    for name in ("jupyterlab", "ipywidgets", "plotly"):
        assert conda[name] == pyproject_requirement(name), conda.get(name)


def dependency_group(name: str) -> list[str]:
    """A dependency group of pyproject.toml with the groups it includes written out, in order."""
    return [line for item in PYPROJECT["dependency-groups"][name]
            for line in (dependency_group(item["include-group"]) if isinstance(item, dict) else [item])]


def test_the_contributors_conda_file_installs_the_checkout_with_node_and_the_dev_group():
    """Editable, with the user extras (but OpenSpiel's, which the dev group names where it has wheels), the dev
    group written out line by line (pip reads no group from conda's requirements file) and Node.js."""
    conda, pip = environment_file("environment-dev.yml")
    assert conda["python"] == python_spec() and conda["nodejs"] == "nodejs>=20" and "pip" in conda
    assert pip == [f"-e .[{','.join(sorted(set(EXTRA_MODULES) - {'openspiel'}))}]", *dependency_group("dev")]
    assert {"jupyter-book", "jupyterlite-core", "pytest"} <= {re.match(r"[\w-]+", line)[0] for line in pip[1:]}


def chapter_imports(path: Path) -> set[str]:
    notebook = json.loads(path.read_text())
    code = "\n".join("".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code")
    return set(re.findall(r"^\s*(?:from|import)\s+([\w.]+)", code, re.MULTILINE))


@pytest.mark.parametrize("path", sorted((ROOT / "notebooks").glob("*.ipynb")), ids=lambda path: path.stem)
def test_each_chapter_installs_deerbook_with_the_extras_it_imports(path):
    install = json.loads(path.read_text())["cells"][1]  # the first code cell (tests/project/test_chapter_install.py)
    note = re.search(r'"pip", "install", "--quiet", "deerbook\[([\w,]+)\]"', "".join(install["source"]))
    assert install["cell_type"] == "code" and note, "the first code cell installs deerbook"
    extras = set(note[1].split(","))
    needed = {extra for extra in EXTRA_MODULES
              for module in chapter_imports(path) if module.startswith((f"deerbook.{extra}", *EXTRA_MODULES[extra]))}
    assert needed <= extras <= set(EXTRA_MODULES), (needed, extras)


# --- the built package ---------------------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def dist(tmp_path_factory) -> Dist:
    """The sdist and wheel, built once per run (tests/helpers/built_package.py)."""
    return shared_dist(tmp_path_factory)


def check_command_line(environment: Environment) -> None:
    version = environment.run("deerbook", "--version")
    assert (version.returncode, version.stdout) == (0, f"deerbook {VERSION}\n"), version.stderr
    assert environment.run("python", "-m", "deerbook", "-V").stdout == version.stdout
    helped, alone = environment.run("deerbook", "--help"), environment.run("deerbook")
    assert helped.returncode == alone.returncode == 0 and "simulate" in helped.stdout and alone.stdout == helped.stdout


def check_extras(environment: Environment, extras: set[str], playthroughs: bool = False) -> None:
    """The command line, the package alone, each extra's promise, and none of the other extras' modules; with
    `playthroughs`, the recorded games played again."""
    check_command_line(environment)
    brought = set().union(*(EXTRA_MODULES[extra] for extra in extras))
    absent = set().union(*EXTRA_MODULES.values()) - brought
    script = absence_check(absent) + BASE_CHECK + (PLAYTHROUGHS_CHECK if playthroughs else "")
    environment.check(script + "".join(EXTRA_CHECKS[e] for e in sorted(extras)),
                      str(ROOT / "tests" / "data" / "playthroughs"))


def test_the_sdist_and_wheel_pass_twine_and_carry_the_licence_metadata_and_data(dist):
    checked = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(dist.sdist), str(dist.wheel)],
                             capture_output=True, text=True, timeout=HANG)
    assert checked.returncode == 0 and checked.stdout.count("PASSED") == 2, checked.stdout + checked.stderr
    assert dist.wheel.name == f"deerbook-{VERSION}-py3-none-any.whl"
    with zipfile.ZipFile(dist.wheel) as wheel:
        names = set(wheel.namelist())
        info = f"deerbook-{VERSION}.dist-info"
        metadata = Parser().parsestr(wheel.read(f"{info}/METADATA").decode())
    assert metadata["License-Expression"] == "Apache-2.0" and metadata.get_all("License-File") == ["LICENSE", "NOTICE"]
    assert {f"{info}/licenses/LICENSE", f"{info}/licenses/NOTICE", "deerbook/py.typed"} <= names
    assert {"deerbook/deer/data/board-2014.json", "deerbook/football/data/sheet.json",
            "deerbook/analysis/data/balance-study.json.gz"} <= names
    extension = f"deerbook-{VERSION}.data/data/share/jupyter/labextensions/deerbook"  # where JupyterLab finds it
    assert {f"{extension}/package.json", f"{extension}/install.json"} <= names
    assert [name for name in names if re.fullmatch(rf"{extension}/static/remoteEntry\.[0-9a-f]{{8,}}\.js", name)]
    assert not [name for name in names if name.startswith("deerbook/labextension/")]  # not twice
    assert metadata["Version"] == VERSION and metadata["Requires-Python"] == PROJECT["requires-python"]
    assert set(metadata.get_all("Provides-Extra")) == set(PROJECT["optional-dependencies"])
    assert {url.split(",")[0] for url in metadata.get_all("Project-URL")} == set(PROJECT["urls"])
    assert not [name for name in names if name.startswith(("tests/", "notebooks/", "book/"))]
    with tarfile.open(dist.sdist) as sdist:
        members = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    assert {"LICENSE", "NOTICE", "pyproject.toml", "README.md", "deerbook/py.typed", "CHANGELOG.md", "CITATION.cff",
            "conftest.py", "tests/README.md", "tests/project/test_packaging.py", "tests/data/playthroughs/specs.json",
            "labextension/package.json", "labextension/package-lock.json", "labextension/install.json",
            "labextension/webpack.config.js", "labextension/src/index.js", "labextension/style/index.css",
            "deerbook/labextension/package.json"} <= members
    assert not [name for name in members if name.startswith((".venv/", "book/", "notebooks/", "benchmarks/"))
                or "node_modules/" in name or "__pycache__/" in name or name.endswith(".pyc")]


@pytest.mark.parametrize("extra", ["", *EXTRA_MODULES], ids=lambda extra: extra or "alone")
def test_the_wheel_alone_and_with_each_extra_works_in_a_fresh_environment(extra, dist, tmp_path):
    environment = Environment(tmp_path / "venv", sys.executable, dist.wheel, extra)
    check_extras(environment, {extra} - {""}, playthroughs=not extra)
    if not extra:  # a cluster asked for without its extra: one line saying which extra to install
        done = environment.run("deerbook", "simulate", "deer", "--seed", "1", "--games", "2", "--scheduler",
                               "tcp://127.0.0.1:9")
        assert done.returncode == 2 and 'pip install "deerbook[cluster]"' in done.stderr, done.stderr


def interpreter(version: str) -> str | None:
    """A working `pythonX.Y` on PATH or among pyenv's builds; None if this machine has none."""
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    candidates = [shutil.which(f"python{version}"), *map(str, sorted(pyenv.glob(f"versions/{version}.*/bin/python3")))]
    for candidate in filter(None, candidates):
        if subprocess.run([candidate, "-c", "import venv"], capture_output=True, timeout=HANG).returncode == 0:
            return candidate
    return None


@pytest.mark.parametrize("version", [version for version in PYTHONS if version != THIS_PYTHON])
def test_the_wheel_works_on_every_other_python_the_classifiers_name(version, dist, tmp_path):
    python = interpreter(version)
    if python is None:
        pytest.skip(f"no Python {version} here (python{version} on PATH or a pyenv build): its classifier is untested")
    environment = Environment(tmp_path / "venv", python, dist.wheel, "charts,widgets")
    assert environment.run("python", "-c", "import sys; print(sys.version)").stdout.startswith(f"{version}.")
    check_extras(environment, {"charts", "widgets"}, playthroughs=True)
