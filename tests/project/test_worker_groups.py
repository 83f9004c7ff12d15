"""`--dist loadgroup` keeps a file's `xdist_group` on one worker, as the unit stage relies on (a JupyterLab and its
browser per test file, `dev.test_stages`): with pytest 9.2 it silently stopped (pytest-xdist issue 1386)."""
import subprocess
import sys

# nbval's plugin, which no test here needs, imports jsonschema (about 1.5 CPU seconds) in each of the three processes
WITHOUT_NBVAL = ["-p", "no:nbval"]


def test_a_group_of_tests_runs_on_one_worker(tmp_path):
    (tmp_path / "test_grouped.py").write_text(
        "import pytest\npytestmark = pytest.mark.xdist_group('one')\n\n"
        "@pytest.mark.parametrize('case', range(6))\ndef test_case(case):\n    pass\n")
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *WITHOUT_NBVAL, "-n", "2", "--dist",
               "loadgroup", "-v", "test_grouped.py"]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    workers = [line.split()[0] for line in done.stdout.splitlines() if " PASSED test_grouped.py" in line]
    assert done.returncode == 0 and len(workers) == 6 and len(set(workers)) == 1, done.stdout
