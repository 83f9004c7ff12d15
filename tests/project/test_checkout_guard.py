"""The guard that fails a test run which left files in the checkout (tests/helpers/checkout_guard.py), tried on a
repository of its own."""
import shutil
import subprocess
import sys
from pathlib import Path

from checkout_guard import changes, left_behind


def git(folder, *args):
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=folder, check=True,
                   capture_output=True, timeout=60)


def test_new_changed_and_deleted_files_are_caught_and_ignored_ones_are_not(tmp_path):
    (tmp_path / ".gitignore").write_text("build/\n")
    (tmp_path / "kept.txt").write_text("kept")
    (tmp_path / "edited.txt").write_text("before")
    (tmp_path / "removed.txt").write_text("here")
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-qm", "start")
    (tmp_path / "edited.txt").write_text("a local change before the run")
    before = changes(tmp_path)
    assert before is not None and list(before) == ["edited.txt"]
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "output.html").write_text("ignored")
    assert left_behind(before, changes(tmp_path)) == []  # a change made before the run, and an ignored file
    (tmp_path / "deerbook-deer-seed3-60.json").write_text("{}")
    (tmp_path / "edited.txt").write_text("changed again during the run")
    (tmp_path / "removed.txt").unlink()
    assert left_behind(before, changes(tmp_path)) == ["deerbook-deer-seed3-60.json", "edited.txt", "removed.txt"]


def test_a_folder_that_is_no_checkout_is_not_judged(tmp_path):
    assert changes(tmp_path) is None


def test_a_run_on_several_workers_that_leaves_a_file_fails(tmp_path):
    """As `dev.py test` runs pytest (pytest-xdist, a worker per core): a test leaving a file in the checkout turns
    the run red, said once, by the controller."""
    (tmp_path / "tests" / "helpers").mkdir(parents=True)
    shutil.copy(Path(__file__).parents[1] / "helpers" / "checkout_guard.py", tmp_path / "tests" / "helpers")
    (tmp_path / "conftest.py").write_text("import sys\nsys.path.insert(0, 'tests/helpers')\n"
                                          "pytest_plugins = ['checkout_guard']\n")
    (tmp_path / "tests" / "test_stray.py").write_text(
        "import pathlib\n\ndef test_writes_in_the_checkout():\n    pathlib.Path('stray.txt').write_text('x')\n\n"
        "def test_writes_nothing():\n    pass\n")
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-qm", "start")
    without_nbval = ["-p", "no:nbval"]  # its plugin, which no test here needs, imports jsonschema in each process
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *without_nbval, "-n", "2", "tests"]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1 and "2 passed" in done.stdout, done.stdout
    assert done.stdout.count("the tests left files in the checkout") == 1 and "stray.txt" in done.stdout
