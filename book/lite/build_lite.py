"""Build the book's JupyterLite site: the reader's browser runs Python with no server and no CDN.

    python book/lite/build_lite.py [OUTPUT_DIR]      (default: book/_build/html/lite; run it after the book build)

Everything the site loads is a file of the site:
- the Pyodide runtime from the npm registry package (`npm pack pyodide@VERSION`, the version the installed
  jupyterlite-pyodide-kernel is made for);
- the pure-Python wheels Pyodide's lock names for the kernel (IPython, jedi, micropip, ...) from PyPI, at exactly
  the lock's versions, plus ipywidgets, comm, plotly, anywidget and psygnal (runs_live.EXTRA_PACKAGES) at the
  versions installed for the book (their pure wheels: psygnal also has compiled ones); all written into
  `pyodide-lock.json` with their imports and dependencies, so a cell's `import plotly` needs no `%pip install`;
- the deerbook wheel built from this repository (`pip wheel --no-deps .`);
- a stand-in `nbformat` that only declares a version (NBFORMAT_STAND_IN), loaded with plotly: Plotly displays a
  figure only when nbformat >= 4.2 imports, and the real one cannot load in Pyodide offline.
The book page's own table (book/play-in-your-browser.md) runs on the same runtime: the build writes
`_static/deerbook-table-runtime.js` beside the site (TABLE_RUNTIME), naming the runtime's folder, the table's own
slim copy of the deerbook wheel (TABLE_WHEEL: the layers up to `deerbook.play` only, without the balance study and
search data, which the table never reads), which that page's worker loads alone (no kernel, no widgets), the table's
start snapshot (TABLE_SNAPSHOT, made by book/lite/table_snapshot.mjs with Node.js: Python started with deerbook
imported, so the table starts in about a second instead of several), and how many bytes the reader's browser
fetches when the reader starts the table (as a host that gzips text and WebAssembly sends them, and as one that
sends every file as it is), which the page says once, on its Start button.
The live site's kernel starts from a snapshot too (KERNEL_SNAPSHOT, made by book/lite/kernel_snapshot.mjs: IPython,
Plotly, ipywidgets and deerbook's layers imported), so a chapter runs seconds after it opens: the kernel's own wheels
(KERNEL_WHEELS) join the lock, `loadPyodideOptions.packages` in jupyter-lite.json names every wheel of the lock (loaded
at once, in parallel, and the kernel skips its own one-by-one installs; after a start from the snapshot, the wheels
the kernel's own start does not need, `deerbookLater`, install while it starts, and a cell's imports wait for them),
the wheels ship without their front ends (FRONT_END_FILES, slow to unpack), and the kernel's built worker is patched
(KERNEL_WORKER_START, checked: the build fails if the worker's code is not found) to start Python through
book/lite/kernel_start.mjs, which falls back to the kernel's usual start when the snapshot cannot be used.
The lock lists only the wheels that ship, and `disablePyPIFallback` is on (book/lite/jupyter-lite.json), so a
package the site lacks fails loudly in the browser instead of reaching for the internet. deerbook's entry depends
on its `charts` and `widgets` extras, so `import deerbook.widgets` just works; a requirement with no pure-Python
wheel (numpy, which only the balance study needs) is left out, and the build says so. Kept in
book/lite/_cache, downloads are not repeated: a second build downloads nothing.
"""
from __future__ import annotations

import base64
import email.parser
import gzip
import hashlib
import importlib.metadata
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION, PYODIDE_VERSION
from runs_live import EXTRA_PACKAGES, KERNEL_PACKAGES, canonical, live_chapters

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CACHE = HERE / "_cache"
CONTENT = HERE / "content"
DEFAULT_OUTPUT = ROOT / "book" / "_build" / "html" / "lite"

#: deerbook's extras whose packages load with it, so `import deerbook.widgets` needs no `%pip install`
DEERBOOK_EXTRAS = ("charts", "widgets")
#: npm package files a browser never asks for
UNUSED_PYODIDE_FILES = ("*.map", "*.d.ts", "console*.html", "README.md", "package.json")
#: the JupyterLite front ends the book links to
APPS = ("lab", "notebooks")
#: Plotly's `fig.show()` (and so every figure a cell displays) checks that nbformat >= 4.2 is importable; the real
#: nbformat cannot load in Pyodide offline (jsonschema needs the compiled rpds-py), so a stand-in that declares the
#: installed version, and fails loudly on anything else, loads with plotly.
NBFORMAT_STAND_IN = '''"""Not nbformat: a stand-in in the deerbook book's in-browser Python (book/lite/build_lite.py).

Plotly shows a figure only when `nbformat.__version__` is at least 4.2; the real nbformat cannot load here (its
jsonschema needs rpds-py, compiled, which no package registry has for Pyodide). This declares the version only.
"""
__version__ = "{version}"


def __getattr__(name):
    raise AttributeError(f"nbformat.{{name}}: the book's in-browser Python has only a stand-in for nbformat "
                         "(its version, for Plotly); the real package runs in JupyterLab")
'''
STAND_IN_LABEL = "+deerbook.stand.in"
#: dependencies the lock adds to a shipped project's own
ALSO_DEPENDS = {"plotly": ["nbformat"]}


#: the book page's table finds its runtime here (the book ships a copy that says there is none)
TABLE_RUNTIME = Path("_static") / "deerbook-table-runtime.js"
#: the book page's table starts Python from this memory snapshot, beside the runtime (book/lite/table_snapshot.mjs)
TABLE_SNAPSHOT = "deerbook-table.snapshot.gz"
#: the deerbook wheel as the page's table loads it: its own copy, beside the runtime, without what it never reads
TABLE_WHEEL = "deerbook-table.whl"
#: what the table's copy leaves out: the layers above `deerbook.play` (which the table never imports:
#: tests/project/test_layers.py keeps play below them) and the analysis data (the balance study, the search
#: agent's choices)
TABLE_OMITS = ("deerbook/cli/", "deerbook/charts/", "deerbook/chapters/", "deerbook/widgets/", "deerbook/bookext/",
               "deerbook/openspiel/", "deerbook/__main__.py", "deerbook/analysis/data/")
#: the runtime's files the table's worker fetches (loadPyodide's), besides the wheel and the snapshot
TABLE_RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: files a static host gzips on the way (book/lite/lite_browser.py serves the book so in the tests)
HOST_GZIPS = (".mjs", ".js", ".json", ".wasm")
#: the kernel's own wheels (JupyterLite's kernel package ships them; the kernel installs them one by one unless the
#: lock has them and `loadPyodideOptions.packages` names them)
KERNEL_WHEELS = ("ipykernel-*.whl", "piplite-*.whl", "pyodide_kernel-*.whl")
KERNEL_EXTENSION = Path("share", "jupyter", "labextensions", "@jupyterlite", "pyodide-kernel-extension")
#: a wheel's files for JupyterLab and the Notebook, which the kernel's copy leaves out
FRONT_END_FILES = (".data/data/share/jupyter/", ".data/data/etc/jupyter/", "/labextension/", "/nbextension/")
#: the wheels whose files the kernel's own start needs after a start from the snapshot (the rest install meanwhile)
KERNEL_START_NEEDS = ("micropip", "piplite", "ipykernel", "pyodide-kernel")
#: the kernel's start snapshot and the module that starts Python from it (book/lite/kernel_start.mjs), beside the
#: runtime
KERNEL_SNAPSHOT = "deerbook-kernel.snapshot.gz"
KERNEL_START = "deerbook-kernel-start.mjs"
#: what the kernel's snapshot has imported (a `deerbook.` layer: every module of it); not deerbook.cli, bookext or
#: openspiel, which no live chapter imports, nor deerbook.widgets, which makes widgets (layouts) when imported, and a
#: widget made before the kernel runs never reaches the page; and the modules the kernel's own start imports that
#: keep no JavaScript object (piplite's micropip imports unittest.mock and html.parser, the kernel the rest): about
#: 1 s of the kernel's own start in Node.js, the snapshot 1 MB larger
KERNEL_IMPORTS = ("IPython", "comm", "jedi", "ipywidgets", "anywidget", "plotly.graph_objects", "deerbook.engine",
                  "deerbook.deer", "deerbook.football", "deerbook.analysis", "deerbook.bots", "deerbook.play",
                  "deerbook.chapters", "deerbook.charts", "unittest.mock", "html.parser", "_strptime", "calendar",
                  "getpass", "IPython.core.completerlib")
#: the kernel worker's start, `{loadPyodide:L}=await IMPORT(URL);`, and what wraps it: L starts from the snapshot
KERNEL_WORKER_START = re.compile(r"\{loadPyodide:(\w+)\}=await (\w+)\((\w+)\);")
KERNEL_WORKER_WRAP = (r'{loadPyodide:\1}=await \2(\3);\1=await \2(\3.replace(/[^/]*$/,"' + KERNEL_START + r'"))'
                      r".then(start=>start.fromSnapshot(\1,\3),()=>\1);")
RUNTIME_MODULE = """// Written by book/lite/build_lite.py: the in-browser Python of the book's table page.
export const runtime = {json};
"""


class NpmMissing(Exception):
    """npm is absent and the Pyodide runtime is not cached yet."""


def run(*command: str, cwd: Path = ROOT) -> None:
    """Run a command in `cwd`, echoing it; fail the build if it fails."""
    print("+", " ".join(command), flush=True)
    subprocess.run(command, check=True, cwd=cwd)


def pyodide_core() -> Path:
    """The unpacked npm package `pyodide@PYODIDE_VERSION` (downloaded once into the cache)."""
    unpacked = CACHE / f"pyodide-{PYODIDE_VERSION}"
    if not (unpacked / "pyodide-lock.json").exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        npm = shutil.which("npm")
        if npm is None:
            raise NpmMissing("build_lite: no lite site built: npm is needed once to fetch Pyodide (npm pack pyodide)")
        run(npm, "pack", "--silent", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(CACHE))
        with tarfile.open(CACHE / f"pyodide-{PYODIDE_VERSION}.tgz") as archive:
            archive.extractall(CACHE / "npm", filter="data")
        shutil.rmtree(unpacked, ignore_errors=True)
        (CACHE / "npm" / "package").rename(unpacked)
        (CACHE / "npm").rmdir()
        (CACHE / f"pyodide-{PYODIDE_VERSION}.tgz").unlink()
    return unpacked


def is_pure(entry: dict) -> bool:
    """Whether a lock entry is a pure-Python wheel (PyPI has it; compiled ones exist only on Pyodide's CDN)."""
    return entry["file_name"].endswith("-none-any.whl")


def kernel_closure(lock: dict, roots: list[str]) -> dict[str, dict]:
    """The lock entries the roots need, following `depends`; each must be a pure-Python wheel."""
    entries = {canonical(name): entry for name, entry in lock["packages"].items()}
    needed: dict[str, dict] = {}
    pending = [canonical(name) for name in roots]
    while pending:
        name = pending.pop()
        if name in needed:
            continue
        entry = entries[name]
        if not is_pure(entry):
            raise SystemExit(f"build_lite: {name} is compiled ({entry['file_name']}); only pure-Python wheels ship")
        needed[name] = entry
        pending.extend(canonical(dep) for dep in entry["depends"])
    return needed


def cached_wheel(name: str, version: str) -> Path | None:
    """The cached PyPI wheel of `name==version`, if downloaded before."""
    for wheel in (CACHE / "wheels").glob("*.whl"):
        project, wheel_version = wheel.name.split("-")[:2]
        if canonical(project) == canonical(name) and wheel_version == version:
            return wheel
    return None


def pypi_wheels(pins: dict[str, str]) -> dict[str, Path]:
    """The pure-Python wheel of each `name: version` from PyPI for Pyodide's Python (cached)."""
    missing = [f"{name}=={version}" for name, version in pins.items() if cached_wheel(name, version) is None]
    if missing:
        run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:",
            "--python-version", PYODIDE_PYTHON_VERSION, "--platform", "any",  # the pure wheel, never a compiled one
            "--dest", str(CACHE / "wheels"), *missing)
    return {name: cached_wheel(name, version) for name, version in pins.items()}


def wheel_metadata(wheel: Path, extras: tuple[str, ...] = ()) -> tuple[list[str], list[str]]:
    """A wheel's top-level import names and the project names it requires (with the given extras)."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata_file = next(n for n in names if n.count("/") == 1 and n.endswith(".dist-info/METADATA"))
        metadata = email.parser.Parser().parsestr(archive.read(metadata_file).decode())
    imports = sorted(n.split("/")[0] for n in names if n.count("/") == 1 and n.endswith("/__init__.py"))
    imports += sorted(n[:-3] for n in names if "/" not in n and n.endswith(".py"))
    specs = metadata.get_all("Requires-Dist") or []
    extra_of = {spec: re.search(r"""extra\s*==\s*['"]([^'"]+)""", spec) for spec in specs}
    requires = [re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", spec).group(0) for spec, extra in extra_of.items()
                if extra is None or extra.group(1) in extras]
    return imports, requires


def lock_entry(wheel: Path, entry: dict | None = None) -> dict:
    """A pyodide-lock.json entry for a wheel beside the lock (Pyodide's own entry, re-pointed, when it has one)."""
    imports, requires = wheel_metadata(wheel, DEERBOOK_EXTRAS if wheel.name.startswith("deerbook-") else ())
    project, version = wheel.name.split("-")[:2]
    entry = entry or {"name": canonical(project), "version": version, "install_dir": "site",
                      "package_type": "package", "imports": imports, "depends": requires,
                      "unvendored_tests": False}
    return {**entry, "file_name": wheel.name, "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest()}


def nbformat_stand_in(into: Path) -> Path:
    """A wheel of the nbformat stand-in (NBFORMAT_STAND_IN), the same bytes on every build."""
    version = importlib.metadata.version("nbformat") + STAND_IN_LABEL
    info = f"nbformat-{version}.dist-info"
    files = {"nbformat/__init__.py": NBFORMAT_STAND_IN.format(version=version),
             f"{info}/METADATA": f"Metadata-Version: 2.1\nName: nbformat\nVersion: {version}\n"
                                 "Summary: a stand-in declaring nbformat's version for Plotly\n",
             f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: deerbook build_lite\nRoot-Is-Purelib: true\n"
                              "Tag: py3-none-any\n"}
    files[f"{info}/RECORD"] = "".join(f"{name},sha256={record_hash(text)},{len(text.encode())}\n"
                                      for name, text in files.items()) + f"{info}/RECORD,,\n"
    into.mkdir(parents=True, exist_ok=True)
    wheel = into / f"nbformat-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for name, text in files.items():
            archive.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), text)
    return wheel


def record_hash(text: str) -> str:
    """A file's hash as a wheel's RECORD writes it."""
    return base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()


def deerbook_wheel(into: Path) -> Path:
    """The deerbook wheel built from this repository (setuptools' build/ folder emptied first: it keeps the files of
    modules since deleted, which would ship in the wheel)."""
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(into), str(ROOT))
    return next(into.glob("deerbook-*.whl"))


def bundled_lock(core: Path, extra: list[Path]) -> tuple[dict, list[Path]]:
    """Pyodide's lock cut down to the wheels that ship (kernel closure + extra), and those wheels."""
    lock = json.loads((core / "pyodide-lock.json").read_text())
    pure = {canonical(name) for name, entry in lock["packages"].items() if is_pure(entry)}
    added = {canonical(w.name.split("-")[0]): lock_entry(w) for w in extra}
    roots = [*KERNEL_PACKAGES, *(dep for entry in added.values() for dep in entry["depends"] if canonical(dep) in pure)]
    needed = kernel_closure(lock, roots)
    wheels = pypi_wheels({entry["name"]: entry["version"] for entry in needed.values()})
    packages = {name: lock_entry(wheels[entry["name"]], entry) for name, entry in needed.items()} | added
    for name, entry in added.items():
        entry["depends"] += ALSO_DEPENDS.get(name, [])
        dropped = [dep for dep in entry["depends"] if canonical(dep) not in packages]
        if dropped:
            print(f"build_lite: {name} ships without {', '.join(dropped)} (not pure Python, or front-end only)")
        entry["depends"] = [canonical(dep) for dep in entry["depends"] if canonical(dep) in packages]
    return {**lock, "packages": dict(sorted(packages.items()))}, [*wheels.values(), *extra]


def stage_pyodide(core: Path, into: Path, lock: dict, wheels: list[Path]) -> None:
    """Copy the runtime, the wheels and the cut-down lock to `into` (JupyterLite serves it as static/pyodide)."""
    shutil.copytree(core, into, ignore=shutil.ignore_patterns(*UNUSED_PYODIDE_FILES))
    for wheel in wheels:
        shutil.copy2(wheel, into / wheel.name)
    (into / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")


def stage_contents(into: Path) -> None:
    """The lite notebooks plus every chapter that runs in the lite kernel (runs_live.py), its outputs cleared:
    the reader runs it, and a stored widget output could not be drawn without its kernel."""
    shutil.copytree(CONTENT, into)
    for chapter in live_chapters():
        notebook = json.loads((ROOT / f"{chapter}.ipynb").read_text())
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code":
                cell.update(outputs=[], execution_count=None)
        (into / f"{Path(chapter).name}.ipynb").write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")


def build(output: Path = DEFAULT_OUTPUT) -> Path:
    """Build the JupyterLite site into `output` (replacing it) and return it."""
    core = pyodide_core()
    with tempfile.TemporaryDirectory(prefix="deerbook-lite-") as temporary:
        staging = Path(temporary)
        pins = {name: importlib.metadata.version(name) for name in EXTRA_PACKAGES}
        projects = [*pypi_wheels(pins).values(), deerbook_wheel(staging / "dist")]
        extra = [*(kernel_only(wheel, staging / "kernel") for wheel in projects), nbformat_stand_in(staging / "dist"),
                 *kernel_wheels()]
        lock, wheels = bundled_lock(core, extra)
        stage_pyodide(core, staging / "site" / "static" / "pyodide", lock, wheels)
        stage_config(staging / "site" / "jupyter-lite.json", lock)
        stage_contents(staging / "contents")
        shutil.rmtree(output, ignore_errors=True)
        run(sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(staging / "site"),
            "--contents", str(staging / "contents"), "--output-dir", str(output), "--no-sourcemaps",
            "--no-unused-shared-packages", *(f"--apps={app}" for app in APPS), cwd=staging)  # its task db
    start_kernel_from_snapshot(output)
    write_table_runtime(output, lock["packages"]["deerbook"]["file_name"])
    return output


def kernel_only(wheel: Path, into: Path) -> Path:
    """The wheel without its JupyterLab and Notebook front ends (FRONT_END_FILES, which the site serves from its
    extensions/ folder and the kernel never reads: Plotly's are a quarter of its wheel, slow to unpack), written into
    `into`, the same bytes on every build; the wheel itself when it has none."""
    with zipfile.ZipFile(wheel) as source:
        kept = [item for item in source.infolist() if not any(part in item.filename for part in FRONT_END_FILES)]
        if len(kept) == len(source.infolist()):
            return wheel
        into.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(into / wheel.name, "w", zipfile.ZIP_DEFLATED) as slim:
            for item in kept:
                slim.writestr(item, source.read(item))
    return into / wheel.name


def kernel_wheels() -> list[Path]:
    """The kernel's own wheels (KERNEL_WHEELS) from the installed JupyterLite kernel package."""
    folder = Path(sys.prefix) / KERNEL_EXTENSION / "static" / "pypi"
    found = [next(folder.glob(pattern), None) for pattern in KERNEL_WHEELS]
    if None in found:
        raise SystemExit(f"build_lite: the kernel's wheels {KERNEL_WHEELS} are not all in {folder}")
    return found


def stage_config(target: Path, lock: dict) -> None:
    """book/lite/jupyter-lite.json with the kernel's loadPyodide told to load every wheel of the lock at once, and
    which of them a start from the snapshot may install after the kernel's own start (KERNEL_START_NEEDS)."""
    config = json.loads((HERE / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    first = kernel_closure(lock, list(KERNEL_START_NEEDS))
    kernel["loadPyodideOptions"] = {"packages": sorted(lock["packages"]),
                                    "deerbookLater": sorted(set(lock["packages"]) - set(first))}
    target.write_text(json.dumps(config, indent=2) + "\n")


def start_kernel_from_snapshot(output: Path) -> None:
    """The kernel's start snapshot and its start module beside the runtime, and the kernel's workers patched to use
    them (without Node.js: no snapshot, and the kernel starts as usual, loading every wheel at once)."""
    folder = output / "static" / "pyodide"
    shutil.copy2(HERE / "kernel_start.mjs", folder / KERNEL_START)
    patch_kernel_workers(output / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static")
    node = shutil.which("node")
    if node is None:
        print("build_lite: no Node.js, so no start snapshot for the live kernel (it starts several seconds slower)")
        return
    run(node, str(HERE / "kernel_snapshot.mjs"), str(folder), str(folder / KERNEL_SNAPSHOT), *KERNEL_IMPORTS)


def patch_kernel_workers(folder: Path) -> None:
    """Each of the kernel's built workers (one for a cross-origin-isolated page, one for others) starts Python through
    KERNEL_START; the build fails if a worker's start is not found exactly once (a new kernel version)."""
    workers = sorted(folder.glob("*.worker.*.js"))
    if not workers:
        raise SystemExit(f"build_lite: no kernel worker in {folder}")
    patched = {worker: KERNEL_WORKER_START.subn(KERNEL_WORKER_WRAP, worker.read_text()) for worker in workers}
    for worker, (_, found) in patched.items():
        if found != 1:
            raise SystemExit(f"build_lite: {worker.name} starts Python {found} times the way "
                             f"{KERNEL_WORKER_START.pattern} matches, not once: the kernel changed, update the patch")
    for worker, (text, _) in patched.items():  # only once every worker is known to patch
        worker.write_text(text)


def write_table_runtime(output: Path, wheel: str) -> None:
    """Point the book page's table at the runtime just built: the site's Pyodide folder, the table's wheel, its
    snapshot and the bytes a start fetches."""
    target = output.parent / TABLE_RUNTIME
    if target.parent.is_dir():  # the book is built beside the site
        folder = output / "static" / "pyodide"
        table_wheel(folder / wheel, folder / TABLE_WHEEL)
        runtime = {"pyodide": f"{output.name}/static/pyodide/", "wheel": TABLE_WHEEL, **table_snapshot(folder)}
        files = [*TABLE_RUNTIME_FILES, runtime["wheel"], *([runtime["snapshot"]] if "snapshot" in runtime else [])]
        runtime["bytes"] = sum(sent_bytes(folder / name) for name in files)
        runtime["unpacked_bytes"] = sum((folder / name).stat().st_size for name in files)  # from a host that won't gzip
        target.write_text(RUNTIME_MODULE.format(json=json.dumps(runtime)))


def table_wheel(wheel: Path, target: Path) -> Path:
    """The table's copy of the deerbook wheel: every file but TABLE_OMITS, the same bytes on every build."""
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as slim:
        for item in source.infolist():
            if not item.filename.startswith(TABLE_OMITS):
                slim.writestr(item, source.read(item))
    return target


def sent_bytes(path: Path) -> int:
    """The bytes a static host sends for a file: gzipped (HOST_GZIPS), or as it is."""
    data = path.read_bytes()
    return len(gzip.compress(data, compresslevel=6, mtime=0)) if path.suffix in HOST_GZIPS else len(data)


def table_snapshot(folder: Path) -> dict[str, str]:
    """The page table's start snapshot, made in `folder` (the runtime's) with the table's wheel: {"snapshot": its
    file name}, or {} without Node.js (the table then starts Python itself, a few seconds slower)."""
    node = shutil.which("node")
    if node is None:
        print("build_lite: no Node.js, so no start snapshot for the page's table (it starts a few seconds slower)")
        return {}
    run(node, str(HERE / "table_snapshot.mjs"), str(folder), str(folder / TABLE_WHEEL), str(folder / TABLE_SNAPSHOT))
    return {"snapshot": TABLE_SNAPSHOT}


if __name__ == "__main__":
    try:
        print(f"JupyterLite site built: {build(*(Path(a).resolve() for a in sys.argv[1:2]))}")
    except NpmMissing as missing:  # the book stays usable; tests/built_book/test_lite.py then skips, saying why
        print(missing)
