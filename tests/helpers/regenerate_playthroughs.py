"""Rewrite every recorded playthrough listed in tests/data/playthroughs/specs.json:
python tests/helpers/regenerate_playthroughs.py

Run it only after a deliberate rules change, then read the diff.
"""
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parents[1] / "data" / "playthroughs"
sys.path.insert(0, str(HERE.parents[2]))

from deerbook.engine.playthrough import record  # noqa: E402


def main() -> None:
    for spec in json.loads((HERE / "specs.json").read_text()):
        text = record(spec["game"], spec["options"], spec["agents"], spec["seed"])
        (HERE / spec["file"]).write_text(text)
        print(f"wrote {spec['file']} ({len(text.splitlines())} lines)")


if __name__ == "__main__":
    main()
