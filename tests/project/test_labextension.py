"""deerbook's JupyterLab extension: its source in labextension/, built by @jupyterlab/builder into
deerbook/labextension (committed, so installing needs no Node), with hashed file names and deerbook's version, and
the one JupyterLab finds in this environment (`dev.py install` links the build there)."""
import json
import re
import tomllib
from pathlib import Path

from jupyter_core.paths import jupyter_path
from jupyterlab_server.config import get_federated_extensions, get_page_config

import deerbook

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "labextension"
BUILT = ROOT / "deerbook" / "labextension"
#: JupyterLab serves an extension's static/ as immutable for a year: its entry point's name must change with it
HASHED_ENTRY = re.compile(r"static/remoteEntry\.[0-9a-f]{8,}\.js")
REBUILD = "the build is not the source's: cd labextension && npm ci && npm run build (CONTRIBUTING.md)"


def package(folder: Path) -> dict:
    return json.loads((folder / "package.json").read_text())


def built_scripts() -> str:
    return "".join(path.read_text() for path in sorted((BUILT / "static").glob("*.js")))


def test_the_source_has_deerbooks_name_and_version_and_is_built_where_the_wheel_takes_it_from():
    source = package(SOURCE)
    assert (source["name"], source["version"]) == ("deerbook", deerbook.__version__), "set the version and rebuild"
    assert "@jupyterlab/builder" in source["devDependencies"] and source["jupyterlab"]["extension"] is True
    assert (SOURCE / source["jupyterlab"]["outputDir"]).resolve() == BUILT
    lock = json.loads((SOURCE / "package-lock.json").read_text())["packages"]
    assert lock[""]["version"] == deerbook.__version__ and "node_modules/@jupyterlab/builder" in lock
    shared = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert shared["shared-data"] == {"deerbook/labextension": "share/jupyter/labextensions/deerbook",
                                     "labextension/install.json": "share/jupyter/labextensions/deerbook/install.json"}
    assert json.loads((SOURCE / "install.json").read_text()) == {
        "packageManager": "python", "packageName": "deerbook",
        "uninstallInstructions": "Use your Python package manager (pip, conda, etc.) to uninstall the package deerbook"}


def test_the_committed_build_is_the_sources_built_with_a_hashed_entry_point():
    built = package(BUILT)
    build = built["jupyterlab"].pop("_build")
    assert built == package(SOURCE), REBUILD
    assert HASHED_ENTRY.fullmatch(build["load"]) and build["extension"] == "./extension", build
    assert [path.name for path in (BUILT / "static").glob("remoteEntry.*")] == [Path(build["load"]).name]
    scripts = built_scripts()
    assert json.dumps((SOURCE / "style" / "index.css").read_text()) in scripts, REBUILD  # css-loader keeps the text
    plugin = (SOURCE / "src" / "index.js").read_text()
    for _, text in re.findall(r"^  (?:id|description): (['\"])(.+)\1,$", plugin, re.MULTILINE):
        assert text in scripts, REBUILD


def test_jupyterlab_here_loads_deerbooks_extension_from_a_hashed_file_at_deerbooks_version():
    paths = jupyter_path("labextensions")
    installed = get_federated_extensions(paths)["deerbook"]
    assert installed["version"] == deerbook.__version__, installed["ext_dir"]
    [loaded] = [extension for extension in get_page_config(paths)["federated_extensions"]
                if extension["name"] == "deerbook"]
    assert HASHED_ENTRY.fullmatch(loaded["load"]) and loaded["extension"] == "./extension", loaded
    assert (Path(installed["ext_dir"]) / "deerbook" / loaded["load"]).is_file()
