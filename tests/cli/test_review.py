"""`deerbook review`: a link or a save reviewed in the terminal, with progress, refusals and Ctrl-C."""
from dataclasses import replace

import pytest
from cli_errors import refused
from quick_review import fewer_rollouts
from recorded_games import recorded

from deerbook.analysis.review import Reviewer
from deerbook.cli.main import main
from deerbook.cli.usage import INTERRUPTED
from deerbook.engine.link import link_of
from deerbook.engine.record import save_of_record
from deerbook.engine.seeding import stream


@pytest.fixture
def record(monkeypatch):
    """The first 40 steps of a seeded solo Football game (its first turns), reviewed with few rollouts."""
    fewer_rollouts(monkeypatch)
    whole = recorded("football", ["human"], 2)
    return replace(whole, steps=whole.steps[:40])


def test_a_link_and_a_save_give_the_same_review(record, tmp_path, capsys):
    assert main(["review", link_of(record), "--seed", "3"]) == 0
    by_link = capsys.readouterr()
    save = tmp_path / "game.json"
    save.write_text(save_of_record(record, stream(1)))
    assert main(["review", str(save), "--seed", "3"]) == 0
    by_save = capsys.readouterr()
    total = Reviewer(record).total
    assert by_link.out == by_save.out and f"Review of {total} decisions with a choice" in by_link.out
    assert "Grades: " in by_link.out and "costliest" in by_link.out and "Turn 1, P0 (person): " in by_link.out
    assert by_link.err.splitlines() == [f"Reviewing decision {i} of {total}…" for i in range(1, total + 1)] + \
        [f"Reviewed all {total} decisions."]


def test_a_bad_link_or_seat_is_refused_in_one_sentence(record, capsys):
    link = link_of(record)
    edited = link[:-6] + ("A" if link[-6] != "A" else "B") + link[-5:]
    assert "argument LINK_OR_SAVE_FILE: " in refused(["review", edited], capsys)
    assert "argument LINK_OR_SAVE_FILE: " in refused(["review", "no-such-file.json"], capsys)
    err = refused(["review", link, "--seat", "1"], capsys)
    assert "argument --seat: seat 1 is not at this table: it seats 1 player, numbered 0 to 0" in err
    assert "a review's seed is a whole number" in refused(["review", link, "--seed", "-2"], capsys)


def test_ctrl_c_prints_what_was_reviewed_and_exits_130(record, monkeypatch, capsys):
    step = Reviewer.step

    def interrupted_third(self):
        if self.done == 2:
            raise KeyboardInterrupt
        return step(self)

    monkeypatch.setattr(Reviewer, "step", interrupted_third)
    assert main(["review", link_of(record)]) == INTERRUPTED
    shown = capsys.readouterr()
    total = Reviewer(record).total
    assert shown.out.startswith("Review stopped before the end: 2 decisions with a choice reviewed so far")
    assert sum(line.startswith("Turn ") for line in shown.out.splitlines()) == 2
    assert shown.err.splitlines()[-1] == f"Stopped by Ctrl-C: 2 of {total} decisions reviewed."
