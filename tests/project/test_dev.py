"""dev.py: notebooks are stored so that re-running them on unchanged code changes nothing; a cell that raises turns
the test command red (the environments' pinned versions: test_lock.py)."""
import json
import subprocess
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import dev  # noqa: E402  (the set-up script at the repository root)

CHUNKY = """import sys, time
for i in range(6):
    print("line", i, flush=True)
    print("warning", i, file=sys.stderr, flush=True)
    time.sleep(0.03)
for i in range(6):
    print("more", i, flush=True)
    time.sleep(0.03)"""


def test_streams_of_one_name_are_merged_and_widget_ids_dropped():
    outputs = [{"output_type": "stream", "name": "stdout", "text": ["a\n", "b"]},
               {"output_type": "stream", "name": "stdout", "text": "c\n"},
               {"output_type": "stream", "name": "stderr", "text": "e\n"},
               {"output_type": "stream", "name": "stdout", "text": "d\n"}]
    assert dev.merged_streams(outputs) == [{"output_type": "stream", "name": "stdout", "text": ["a\n", "bc\n", "d\n"]},
                                           {"output_type": "stream", "name": "stderr", "text": ["e\n"]}]
    widget = {"output_type": "display_data", "metadata": {},
              "data": {dev.WIDGET_VIEW: {"model_id": "8c26"}, "text/plain": ["IntSlider(value=0)"]}}
    stored = json.loads(dev.stable_json({"cells": [{"cell_type": "code", "outputs": [widget]}], "metadata": {}}))
    assert stored["cells"][0]["outputs"][0]["data"] == {"text/plain": ["IntSlider(value=0)"]}


def test_running_dev_notebooks_twice_leaves_the_notebook_unchanged(tmp_path):
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(CHUNKY),
                                               nbformat.v4.new_code_cell("import ipywidgets\nipywidgets.IntSlider()")])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    path = tmp_path / "small.ipynb"
    nbformat.write(notebook, path)
    # `dev.py notebooks` less its install step, which the environment running the tests has already done
    command = [sys.executable, "-c", f"import dev, pathlib; dev.store_executed([pathlib.Path({str(path)!r})])"]
    subprocess.run(command, check=True, capture_output=True, timeout=300, cwd=ROOT)
    first = path.read_text()
    subprocess.run(command, check=True, capture_output=True, timeout=300, cwd=ROOT)
    assert path.read_text() == first
    outputs = json.loads(first)["cells"][0]["outputs"]
    assert [output["name"] for output in outputs] == ["stdout", "stderr"]
    printed = "".join(outputs[0]["text"])
    assert "model_id" not in first and printed == "".join(f"line {i}\n" for i in range(6)) + "".join(
        f"more {i}\n" for i in range(6))


def test_a_cell_that_raises_turns_the_notebook_step_red(tmp_path):
    """The test command's notebook step (nbval, as `dev.py test` runs it) fails on a notebook whose cell raises,
    though its stored outputs say the same: so the strict book build may render the notebooks as stored."""
    broken = nbformat.v4.new_code_cell("1 / 0", execution_count=1, outputs=[nbformat.v4.new_output(
        "error", ename="ZeroDivisionError", evalue="division by zero", traceback=[])])
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print('fine')"), broken])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    path = tmp_path / "broken.ipynb"
    nbformat.write(notebook, path)
    pytest_command = [sys.executable, *dev.PYTEST[1:]]
    one_process = ["-n", "0"]  # after NBVAL's worker count: workers would only start pytest twice more for two cells
    done = subprocess.run([*pytest_command, *dev.NBVAL, *one_process, str(path)], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)
    assert done.returncode == 1 and "ZeroDivisionError" in done.stdout, done.stdout[-3000:]
    assert "1 failed" in done.stdout and "1 passed" in done.stdout, done.stdout[-3000:]


def test_the_strict_build_renders_the_stored_notebooks_with_the_books_configuration_otherwise():
    config = (ROOT / "book" / "_config.yml").read_text().splitlines()
    stored = dev.stored_outputs_config().splitlines()
    assert [line.split(":")[0] for line in stored] == [line.split(":")[0] for line in config]
    changed = [(before, after) for before, after in zip(config, stored) if before != after]
    assert changed == [("  execute_notebooks: force", '  execute_notebooks: "off"')]
    assert "nbval" in " ".join(dev.NBVAL) and "loadscope" in dev.NBVAL


def test_the_rulings_page_has_every_cited_section_and_ruling_and_nothing_cites_a_missing_file():
    headings = [line for line in (ROOT / "book" / "rulings.md").read_text().splitlines() if line.startswith("#")]
    assert [h.split()[1] for h in headings if h.startswith("## §")] == ["§1", "§2", "§3"]
    assert [h for h in headings if h.startswith("### Ruling ")] == [f"### Ruling {n}" for n in range(1, 22)]
    sources = [*ROOT.glob("deerbook/**/*.py"), *ROOT.glob("deerbook/**/*.json"), *ROOT.glob("tests/**/*.py"),
               *ROOT.glob("*.md"), *ROOT.glob("book/*.md")]
    texts = {path: path.read_text() for path in sources if path != Path(__file__)}
    for path in ROOT.glob("notebooks/*.ipynb"):  # cell sources only: stored outputs follow a re-execution
        texts[path] = "".join("".join(cell["source"]) for cell in json.loads(path.read_text())["cells"])
    assert [path.name for path, text in texts.items() if "RULINGS.md" in text or "RULINGS §" in text] == []


def test_the_test_commands_python_keeps_its_bytecode_in_one_cache_even_where_told_to_write_none(tmp_path, monkeypatch):
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.delenv("PYTHONPYCACHEPREFIX", raising=False)  # as outside the test command
    seen = tmp_path / "seen.json"
    script = f"import json, sys; open({str(seen)!r}, 'w').write(json.dumps([sys.pycache_prefix, "
    script += "sys.dont_write_bytecode]))"
    dev.run_sharing_bytecode("python", "-c", script)
    assert json.loads(seen.read_text()) == [str(dev.PYCACHE), False]
    dev.run("python", "-c", script)  # the install's pip and the other commands: as the environment says
    assert json.loads(seen.read_text()) == [None, True]
