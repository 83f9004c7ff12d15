"""Recorded playthroughs replay exactly through today's engine."""
import json
import pathlib

import pytest

from deerbook.engine.playthrough import record, replay

HERE = pathlib.Path(__file__).parents[1] / "data" / "playthroughs"
SPECS = json.loads((HERE / "specs.json").read_text())


@pytest.mark.parametrize("spec", SPECS, ids=[s["file"] for s in SPECS])
def test_playthrough_replays(spec):
    final = replay((HERE / spec["file"]).read_text())
    assert final.game.name == spec["game"]
    assert sum(final.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("spec", SPECS, ids=[s["file"] for s in SPECS])
def test_the_seed_and_agents_still_play_the_recorded_game(spec):
    """Rules, agents and seeding unchanged: recording again from the spec gives the stored text."""
    assert record(spec["game"], spec["options"], spec["agents"], spec["seed"]) == (HERE / spec["file"]).read_text()


def test_replay_detects_a_changed_action():
    spec = SPECS[0]
    lines = (HERE / spec["file"]).read_text().splitlines()
    first_action = next(i for i, line in enumerate(lines) if line.startswith("action: "))
    lines[first_action] = "action: no such action"
    with pytest.raises(Exception, match="no allowed action"):
        replay("\n".join(lines))
