"""CONTRIBUTING.md is a guide a newcomer reads: at most 1,500 words, opening with where things live; the engine
contract and the test stages are each written in one place, which the guides point to."""
import inspect
import re
import sys
from itertools import takewhile
from pathlib import Path

import deerbook.engine.protocol

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "CONTRIBUTING.md").read_text()
sys.path.insert(0, str(ROOT))
MOST_WORDS = 1500
# What a newcomer comes to change, each the start of a row of the table
ASKED = ["a rule", "a bot's choice", "a chart", "a widget", "a number in a chapter", "a test", "a benchmark"]
CONTRACT = ["_legal_actions", "_chance_outcomes", "_apply", "state_from_json", "sample_belief", "cached_method"]


def where_things_live() -> list[list[str]]:
    """The table's rows (header and rule dropped), each a list of its cells."""
    lines = [line for line in GUIDE.splitlines() if line.strip()]
    assert lines[:2] == ["# Contributing", "## Where things live"], "the guide opens with where things live"
    table = list(takewhile(lambda line: line.startswith("|"), lines[2:]))
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in table[2:]]


def test_the_guide_is_at_most_1500_words():
    assert len(GUIDE.split()) <= MOST_WORDS


def test_the_guide_opens_with_a_table_of_where_things_live():
    rows = where_things_live()
    assert all(len(row) == 2 and all(row) for row in rows)
    assert [asked for asked in ASKED if not any(row[0].startswith(asked) for row in rows)] == []


def test_every_file_and_folder_the_table_names_exists():
    named = [path for _, where in where_things_live() for path in re.findall(r"`([^`\s]+/[^`\s]*)`", where)]
    concrete = [path for path in named if not re.search(r"[A-Z]", path)]  # not a pattern: tests/SUBPACKAGE/
    assert len(concrete) > 10
    assert [path for path in concrete if not (ROOT / path).exists()] == []


def test_the_engine_contract_is_written_once_in_the_protocol_module():
    docstring = inspect.getdoc(deerbook.engine.protocol)
    assert [name for name in CONTRACT if name not in docstring] == []
    for guide in ("CONTRIBUTING.md", "book/developers.md"):
        text = (ROOT / guide).read_text()
        assert "deerbook/engine/protocol.py" in text or "deerbook.engine.protocol" in text, guide
        assert [name for name in CONTRACT[:3] if name in text] == [], f"{guide} restates the contract"


def test_every_test_stage_is_in_the_one_list_of_them():
    import dev  # the set-up script at the repository root

    listed = inspect.getdoc(dev.test_stages).lower()
    assert [name for name, _ in dev.test_stages() if name.lower() not in listed] == []
    assert "`test_stages`" in GUIDE
