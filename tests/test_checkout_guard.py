"""The guard that fails a test run which left files in the checkout (tests/checkout_guard.py), tried on a
repository of its own."""
import subprocess

from checkout_guard import changes, left_behind


def git(folder, *args):
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=folder, check=True,
                   capture_output=True)


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
