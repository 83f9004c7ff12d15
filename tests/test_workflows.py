"""The GitHub Actions workflows: actionlint passes, CI runs the README's test command, the book goes to Pages."""
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = ROOT / ".github" / "workflows"


def steps(name: str) -> list[dict]:
    workflow = yaml.safe_load((WORKFLOWS / name).read_text())
    return [step for job in workflow["jobs"].values() for step in job.get("steps", [])]


def test_actionlint_passes_on_every_workflow():
    actionlint = Path(sys.executable).parent / "actionlint"  # installed with deerbook[dev]
    files = sorted(WORKFLOWS.glob("*.yml"))
    done = subprocess.run([str(actionlint), *map(str, files)], capture_output=True, text=True, timeout=120)
    assert len(files) == 2 and done.returncode == 0, done.stdout + done.stderr


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
    assert any(step.get("with", {}).get("path") == "book/_build/html" for step in steps("book.yml"))
    assert any(step.get("run") == "python3 dev.py book --no-serve" for step in steps("book.yml"))
