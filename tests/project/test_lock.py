"""requirements/dev.lock, what `python3 dev.py install` puts in .venv besides deerbook: every line pinned and hashed,
one version of each package for each of Linux, macOS and Windows on Python 3.11 to 3.13, every requirement of the
dev install pinned wherever it applies, and the environment running the tests installed from it."""
import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import dev  # noqa: E402  (the set-up script at the repository root)

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
CPYTHON = {"implementation_name": "cpython", "platform_python_implementation": "CPython"}
PLATFORMS = {name: {"sys_platform": sys_platform, "platform_system": system, "os_name": os_name,
                    "platform_machine": machine}
             for name, sys_platform, system, os_name, machine in [
                 ("Linux x86-64", "linux", "Linux", "posix", "x86_64"),
                 ("Linux ARM", "linux", "Linux", "posix", "aarch64"),
                 ("macOS Apple silicon", "darwin", "Darwin", "posix", "arm64"),
                 ("macOS Intel", "darwin", "Darwin", "posix", "x86_64"),
                 ("Windows", "win32", "Windows", "nt", "AMD64")]}
PYTHONS = {"3.11": "3.11.5", "3.12": "3.12.0", "3.13": "3.13.0"}  # 3.11.5: dev.LOCK_PYTHON
ENVIRONMENTS = {f"{platform}, Python {version}": {**CPYTHON, **markers, "python_version": version,
                                                  "python_full_version": full}
                for platform, markers in PLATFORMS.items() for version, full in PYTHONS.items()}


def lock_entries(text: str) -> list[tuple[Requirement, list[str]]]:
    """Each requirement of a pip requirements file with its hashes (continuation lines joined, comments dropped)."""
    lines = [line for line in text.replace("\\\n", " ").splitlines() if line.strip() and not line.lstrip()[0] == "#"]
    entries = []
    for line in lines:
        requirement, *hashes = re.split(r"\s+--hash=", line.strip())
        entries.append((Requirement(requirement), hashes))
    return entries


def pins_for(environment: dict[str, str] | None) -> dict[str, str]:
    """The version the lock installs of each package where `environment`'s markers hold (None: here)."""
    pins: dict[str, str] = {}
    for requirement, _ in lock_entries(dev.LOCK.read_text()):
        if requirement.marker is None or requirement.marker.evaluate(environment):
            name = canonicalize_name(requirement.name)
            assert name not in pins, f"{name} is pinned twice for {environment}"
            pins[name] = str(requirement.specifier).removeprefix("==")
    return pins


def group(name: str) -> list[str]:
    """A dependency group's requirements, its included groups' included (PEP 735)."""
    requirements = []
    for item in PYPROJECT["dependency-groups"][name]:
        requirements += group(item["include-group"]) if isinstance(item, dict) else [item]
    return requirements


def dev_requirements() -> list[Requirement]:
    """What the dev install asks for besides deerbook: deerbook's own requirements with dev.LOCKED_EXTRAS, and the
    dev group."""
    project = PYPROJECT["project"]
    extras = [line for extra in dev.LOCKED_EXTRAS for line in project["optional-dependencies"][extra]]
    return [Requirement(line) for line in [*project["dependencies"], *extras, *group("dev")]]


def test_every_locked_requirement_is_one_exact_version_with_sha256_hashes():
    entries = lock_entries(dev.LOCK.read_text())
    assert len(entries) > 150
    for requirement, hashes in entries:
        assert re.fullmatch(r"==[\w.+]+", str(requirement.specifier)), requirement
        assert hashes and all(re.fullmatch(r"sha256:[0-9a-f]{64}", h) for h in hashes), requirement
        assert not requirement.url and not requirement.extras, requirement


@pytest.mark.parametrize("environment", ENVIRONMENTS)
def test_the_lock_pins_each_requirement_of_the_dev_install_once_on_every_platform_and_python(environment):
    markers = ENVIRONMENTS[environment]
    pins = pins_for(markers)
    for requirement in dev_requirements():
        if requirement.marker is None or requirement.marker.evaluate(markers):
            name = canonicalize_name(requirement.name)
            assert name in pins and requirement.specifier.contains(pins[name], prereleases=True), requirement


def test_the_lock_is_resolved_once_for_every_platform_and_has_their_own_packages():
    command = dev.lock_command(upgrade=True)
    assert {"--universal", "--generate-hashes", "--group=dev", f"--python-version={dev.LOCK_PYTHON}"} <= set(command)
    assert {f"--extra={extra}" for extra in dev.LOCKED_EXTRAS} <= set(command)
    assert "--upgrade" not in dev.lock_command(upgrade=False)
    only = {platform: set(pins_for(ENVIRONMENTS[f"{platform}, Python 3.13"])) for platform in PLATFORMS}
    assert "colorama" in only["Windows"] - only["Linux x86-64"] - only["macOS Apple silicon"]
    assert "appnope" in only["macOS Apple silicon"] - only["Linux x86-64"] - only["Windows"]
    assert "jeepney" in only["Linux x86-64"] - only["macOS Apple silicon"] - only["Windows"]


def test_the_dev_group_has_the_book_the_live_site_and_the_openspiel_extra_where_it_has_wheels():
    dev_group = [Requirement(line) for line in group("dev")]
    for name in ("book", "lite"):
        assert {str(Requirement(line)) for line in group(name)} <= {str(r) for r in dev_group}
    spiel = [r for r in dev_group if r.name == "open-spiel"]
    extra = Requirement(PYPROJECT["project"]["optional-dependencies"]["openspiel"][0])
    assert len(spiel) == 1 and spiel[0].specifier == extra.specifier
    assert not spiel[0].marker.evaluate(ENVIRONMENTS["macOS Intel, Python 3.13"])  # no wheel: its sdist won't build
    assert all(spiel[0].marker.evaluate(ENVIRONMENTS[f"{p}, Python 3.13"]) for p in PLATFORMS if p != "macOS Intel")


def test_the_lock_pins_every_dependency_of_what_it_installs_here():
    """The installed packages' own requirements, followed from pyproject.toml's with the extras asked for, are all
    pinned for this machine (pip check, at the end of `dev.py install`, says the same of what is installed)."""
    pins = pins_for(None)
    wanted = [r for r in dev_requirements() if r.marker is None or r.marker.evaluate()]
    followed: set[tuple[str, frozenset[str]]] = set()
    while wanted:
        requirement = wanted.pop()
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is not locked: run `python3 dev.py lock --keep`"
        if (name, frozenset(requirement.extras)) in followed:
            continue
        followed.add((name, frozenset(requirement.extras)))
        try:
            requires = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue  # not installed: the next test says so
        for line in requires:
            dependency = Requirement(line)
            if dependency.marker is None or any(dependency.marker.evaluate({"extra": extra})
                                                for extra in {"", *requirement.extras}):
                wanted.append(dependency)
    assert len(followed) > 150


def test_the_environment_running_the_tests_is_the_locked_one():
    """Every package the lock pins for this machine is installed at its version (`python3 dev.py install`)."""
    differing = []
    for name, version in pins_for(None).items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            installed = "none"
        if installed != version:
            differing.append(f"{name} {installed} (locked {version})")
    assert differing == [], "reinstall with `python3 dev.py install`: " + ", ".join(differing)


def test_an_install_with_a_python_older_than_the_locks_stops_and_says_which_it_needs():
    with pytest.raises(SystemExit, match=r"for Python 3\.11\.5 or newer, and this is Python 3\.11\.4"):
        dev.require_lock_python((3, 11, 4))
    dev.require_lock_python((3, 11, 5))
    dev.require_lock_python((3, 13, 0))


def test_an_install_removes_what_the_lock_no_longer_pins_but_pip_and_deerbook():
    lock = "six==1.17.0 \\\n    --hash=sha256:4721f391ed90541fddacab5acf947aa0d3dc7d27b2e1e8eda2be8970586c3274\n"
    installed = ["pip", "deerbook", "Jupyter_Server.MathJax", "six", "SIX"]
    assert dev.unlocked(installed, lock) == ["jupyter-server-mathjax"]


def test_the_lock_is_the_one_list_of_versions():
    assert not (ROOT / "constraints.txt").exists()
    documents = [ROOT / name for name in ("dev.py", "CONTRIBUTING.md", "README.md", ".ci/run", "environment.yml",
                                          "environment-dev.yml", "book/developers.md")]
    assert [path.name for path in documents if "constraints.txt" in path.read_text()] == []
