"""The GitHub Actions workflows: actionlint passes, CI runs the README's test command, the book goes to Pages, and
a version tag publishes a checked release."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import deerbook

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = ROOT / ".github" / "workflows"


def steps(name: str) -> list[dict]:
    workflow = yaml.safe_load((WORKFLOWS / name).read_text())
    return [step for job in workflow["jobs"].values() for step in job.get("steps", [])]


def release() -> dict:
    return yaml.safe_load((WORKFLOWS / "release.yml").read_text())


def test_actionlint_passes_on_every_workflow():
    actionlint = Path(sys.executable).parent / "actionlint"  # installed with the dev group (requirements/dev.lock)
    files = sorted(WORKFLOWS.glob("*.yml"))
    done = subprocess.run([str(actionlint), *map(str, files)], capture_output=True, text=True, timeout=120)
    assert len(files) == 3 and done.returncode == 0, done.stdout + done.stderr


def test_ci_runs_the_readme_test_command_on_push_and_pull_request_with_pip_caching():
    workflow = yaml.safe_load((WORKFLOWS / "test.yml").read_text())
    assert {"push", "pull_request"} <= set(workflow[True])  # YAML 1.1 reads the key `on` as True
    runs = [step.get("run", "") for step in steps("test.yml")]
    assert ".ci/run" in runs and "python3 dev.py test" in (ROOT / ".ci" / "run").read_text()
    assert "python3 dev.py test" in (ROOT / "README.md").read_text()
    assert any("apt-get install -y chromium" in run for run in runs)
    assert any(step.get("uses", "").startswith("actions/cache@") and step["with"]["path"] == "~/.cache/pip"
               for step in steps("test.yml"))
    assert "bookworm" in workflow["jobs"]["test"]["container"]  # Debian, for Debian's chromium


def test_the_book_is_built_and_published_to_github_pages():
    uses = [step.get("uses", "").split("@")[0] for step in steps("book.yml")]
    assert {"actions/upload-pages-artifact", "actions/deploy-pages"} <= set(uses)
    assert any(step.get("run") == "python3 dev.py book --no-serve" for step in steps("book.yml"))


def test_main_is_published_as_latest_and_each_tag_under_its_version_beside_the_others():
    """The gh-pages branch keeps every version's folder (deerbook.bookext.publish adds this build's); the whole
    site is deployed."""
    workflow = yaml.safe_load((WORKFLOWS / "book.yml").read_text())
    assert workflow[True]["push"] == {"branches": ["main"], "tags": ["v*"]}
    build = workflow["jobs"]["build"]
    assert build["env"]["DEERBOOK_BOOK_VERSION"] == "${{ github.ref_type == 'tag' && github.ref_name || 'latest' }}"
    assert build["permissions"] == {"contents": "write"}
    publish = "\n".join(step.get("run", "") for step in build["steps"])
    assert ("-m deerbook.bookext.publish site book/_build/html" in publish and "git push origin gh-pages" in publish)
    assert any(step.get("with", {}).get("path") == "site" for step in build["steps"]
               if step.get("uses", "").startswith("actions/upload-pages-artifact@"))


def test_a_version_tag_runs_the_suite_builds_and_checks_then_publishes_by_trusted_publishing():
    workflow = release()
    jobs = workflow["jobs"]
    assert workflow[True] == {"push": {"tags": ["v*"]}} and workflow["permissions"] == {"contents": "read"}
    assert jobs["test"]["uses"] == "./.github/workflows/test.yml"
    assert "workflow_call" in yaml.safe_load((WORKFLOWS / "test.yml").read_text())[True]
    build = "\n".join(step.get("run", "") for step in jobs["build"]["steps"])
    assert "python -m build" in build and "twine check --strict dist/*" in build
    publish = jobs["publish"]
    assert set(publish["needs"]) == {"test", "build"} and publish["environment"]["name"] == "pypi"
    assert publish["permissions"] == {"id-token": "write"}  # trusted publishing: a token from GitHub, none stored
    uploads = [step for step in publish["steps"] if step.get("uses", "").startswith("pypa/gh-action-pypi-publish@")]
    assert len(uploads) == 1 and "password" not in uploads[0].get("with", {})


def version_check(folder: Path, tag: str, repository: str = "https://github.com/deerbook/deerbook"):
    """Run the release's version check in `folder` as the workflow would for `tag`."""
    step = next(step for step in release()["jobs"]["build"]["steps"] if "CHANGELOG.md" in step.get("name", ""))
    return subprocess.run(["bash", "-e", "-c", step["run"]], cwd=folder, capture_output=True, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin", "TAG": tag, "REPOSITORY": repository})


@pytest.fixture
def release_folder(tmp_path):
    """The files the version check reads, for the current version, its changelog entry dated as on release day."""
    for name in ("CITATION.cff", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path)
    changelog = (ROOT / "CHANGELOG.md").read_text().replace(f"## {deerbook.__version__} (not yet released)",
                                                            f"## {deerbook.__version__} (2026-12-24)")
    (tmp_path / "CHANGELOG.md").write_text(changelog)
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / f"deerbook-{deerbook.__version__}-py3-none-any.whl").touch()
    return tmp_path, deerbook.__version__


def test_the_release_version_check_passes_on_a_dated_release_of_this_version(release_folder):
    folder, version = release_folder
    done = version_check(folder, f"v{version}")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("change, says", [("tag", "no wheel of version"), ("undated", "the day of the release"),
                                          ("citation", "CITATION.cff"), ("fork", "Source URL")])
def test_the_release_version_check_refuses_a_mismatch(release_folder, change, says):
    folder, version = release_folder
    if change == "undated":
        changelog = (folder / "CHANGELOG.md").read_text()
        (folder / "CHANGELOG.md").write_text(changelog.replace("(2026-12-24)", "(not yet released)"))
    if change == "citation":
        citation = (folder / "CITATION.cff").read_text()
        (folder / "CITATION.cff").write_text(citation.replace(f"version: {version}", "version: 9.9.9"))
    done = version_check(folder, "v9.9.9" if change == "tag" else f"v{version}",
                         "https://github.com/someone/fork" if change == "fork" else
                         "https://github.com/deerbook/deerbook")
    assert done.returncode != 0 and says in done.stdout, done.stdout + done.stderr
