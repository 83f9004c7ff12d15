"""dev.py: notebooks are stored so that re-running them on unchanged code changes nothing."""
import json
import subprocess
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
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
    command = [sys.executable, str(ROOT / "dev.py"), "notebooks", str(path)]
    subprocess.run(command, check=True, capture_output=True, timeout=300)
    first = path.read_text()
    subprocess.run(command, check=True, capture_output=True, timeout=300)
    assert path.read_text() == first
    outputs = json.loads(first)["cells"][0]["outputs"]
    assert [output["name"] for output in outputs] == ["stdout", "stderr"]
    assert "model_id" not in first and "".join(outputs[0]["text"]).endswith("line 5\nmore 0\nmore 1\nmore 2\nmore 3\nmore 4\nmore 5\n")
