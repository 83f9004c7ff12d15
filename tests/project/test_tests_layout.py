"""tests/ mirrors the package, as tests/README.md says: a folder per subpackage, built_book/ and project/; shared
code in helpers/, data in data/; no test file imports another."""
import ast
from pathlib import Path

import deerbook

TESTS = Path(__file__).resolve().parents[1]
SUBPACKAGES = {path.parent.name for path in Path(deerbook.__file__).parent.glob("*/__init__.py")}
FOLDERS = SUBPACKAGES | {"built_book", "project"}


def test_every_test_file_is_in_the_folder_of_what_it_tests():
    files = [path.relative_to(TESTS) for path in TESTS.rglob("test_*.py") if "data" not in path.parts]
    assert len(files) > 80
    assert [str(path) for path in files if len(path.parts) != 2 or path.parts[0] not in FOLDERS] == []


def test_every_subpackage_has_its_folder_and_the_readme_is_ten_lines_at_most():
    assert {path.name for path in TESTS.iterdir() if path.is_dir() and path.name != "__pycache__"} == (
        FOLDERS | {"helpers", "data"})
    assert len((TESTS / "README.md").read_text().splitlines()) <= 10


def test_no_test_file_imports_another():
    """Test files are imported by path (pytest's importlib mode): what two share lives in tests/helpers/."""
    imported = {}
    for path in TESTS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            imported.update({f"{path.relative_to(TESTS)}: {name}": name for name in names
                             if name.split(".")[0].startswith(("test_", "conftest"))})
    assert list(imported) == []
