"""`deerbook play GAME --load LINK`: a game's link (or a file holding one) goes on at the terminal table as a save
does (hot seat by link); a finished game's link points to `deerbook replay`, a bad one is refused in one line."""
from dataclasses import replace

import pytest

from deerbook.cli import play as table
from deerbook.cli.main import build_parser, main
from deerbook.engine.link import link_of
from recorded_games import recorded
from cli_errors import refused


CUT = 60  # steps of the recorded game the link holds: a game in progress


@pytest.fixture(scope="module")
def in_progress():
    record = recorded("football", ["human", "greedy"])
    return replace(record, steps=record.steps[:CUT])


def session_of(argv):
    args = build_parser().parse_args(argv)
    return table.session_from_args(args, {})


def test_a_link_goes_on_at_the_table_with_its_seats_and_its_steps(in_progress, tmp_path):
    link = link_of(in_progress)
    held = tmp_path / "link.txt"
    held.write_text(f"{link}\n")
    for source in (link, f"https://example.org/book/play-in-your-browser.html#game={link}", str(held)):
        session = session_of(["play", "football", "--load", source])
        assert session.seats == ["human", "greedy"] and session.state == in_progress.final_state()
        assert session.record().steps == in_progress.steps, "the steps since the start go on in the record"
        assert session.history, "the log of the game so far is told again"


def test_a_link_played_on_by_bots_ends_and_says_what_it_continued(in_progress, capsys):
    assert main(["play", "football", "--load", link_of(in_progress), "--seats", "greedy,greedy"]) == 0
    out = capsys.readouterr().out
    assert "continuing the link; seats:" in out and "deerbook:1:" not in out


def test_a_finished_games_link_points_to_replay(capsys):
    err = refused(["play", "football", "--load", link_of(recorded("football", ["human"]))], capsys)
    assert "argument --load: the link's game is over, so there is nothing to play on: step through it with " \
           "deerbook replay LINK" in err


def test_a_link_edited_by_hand_or_of_another_game_is_refused(in_progress, capsys):
    link = link_of(in_progress)
    edited = link[:-3] + ("AAA" if link[-3:] != "AAA" else "BBB")
    err = refused(["play", "football", "--load", edited], capsys)
    assert "argument --load: The link" in err and ("was changed" in err or "cut short" in err)
    err = refused(["play", "deer", "--load", link], capsys)
    assert "argument --load: the link holds a football game, not deer" in err
