"""Terminal play with scripted input: whole games, bad entries, quitting with a save, loading it back."""
import builtins
import re

import pytest

from deerbook.cli.main import main
from deerbook.engine import make_game
from deerbook.play.session import Session, Stop
from deerbook.play.terminal import Terminal
from terminal_script import Script

@pytest.mark.parametrize("name,options,seats", [
    ("deer", {"num_players": 3}, ["human", "greedy", "greedy"]),
    ("deer-cards", {"num_players": 2}, ["human", "greedy"]),
    ("football", {"num_players": 1}, ["human"]),
])
def test_a_whole_game_is_played_with_numbered_choices(name, options, seats):
    script = Script(seed=1)
    session = Session(make_game(name, **options), seats, seed=4)
    Terminal(session, script.read, script.write).play()
    assert session.state.is_terminal()
    assert "Game over." in script.output[-1] and re.search(r"\b(wins?|beat)\b", script.output[-1])
    assert "  1) " in script.text


def test_the_log_never_names_a_card_a_bot_drew_or_was_dealt():
    script = Script(seed=2)
    Terminal(Session(make_game("deer", num_players=4), seed=9), script.read, script.write).play()
    lines = [line.strip() for line in script.output if line.startswith("  ") and not line.startswith("  1)")]
    assert not any(line.startswith("Chance: deal") or "deal " in line for line in lines)
    drawn = [line for line in lines if " drew " in line]
    assert drawn and all(line.startswith("You drew ") or line.endswith("drew a card from the Predator pile")
                         for line in drawn)


def test_a_bad_entry_asks_again():
    script = Script(["x", "99", "0", "1", "q", "n"])
    session = Session(make_game("deer", num_players=3), seed=1)
    Terminal(session, script.read, script.write).play()
    assert script.text.count("Please type a number from 1 to") == 3
    assert "You chose 1" in script.text and script.output[-1] == "Goodbye."


def test_quitting_offers_to_save_and_load_continues(tmp_path, monkeypatch, capsys):
    path = tmp_path / "game.json"
    script = Script(["1", "q", "y", str(path)])
    session = Session(make_game("deer", num_players=3), ["human", "greedy", "greedy"], seed=3)
    Terminal(session, script.read, script.write).play()
    assert path.exists() and "Saved to" in script.text
    saved = session.state
    answers = iter(["q", "n"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    assert main(["play", "deer", "--load", str(path), "--seats", "human,greedy,greedy"]) == 0
    out = capsys.readouterr().out
    saved_text = saved.observation(0)
    assert f"Your hand ({sum(saved_text['hand'])} cards" in out and "Goodbye." in out


def test_hot_seat_shows_a_pass_screen_before_the_other_hand():
    script = Script(seed=5)
    session = Session(make_game("deer", num_players=2), ["human", "human"], seed=2)
    terminal = Terminal(session, script.read, script.write)
    for _ in range(30):
        if session.state.is_terminal():
            break
        stop = session.run(on_turn=terminal._tell)
        terminal._take_seat(session.person_to_move() if stop == Stop.DECIDE else session.roller())
        terminal._roll() if stop == Stop.ROLL else terminal._decide()
    passes = [i for i, line in enumerate(script.output) if "Pass the terminal to P" in line]
    assert passes
    for i in passes:
        seat = int(script.output[i].split("Pass the terminal to P")[1][0])
        shown = next(line for line in script.output[i + 1:] if line.startswith("\n"))
        assert f"You are P{seat}" in next(line for line in script.output[i + 1:] if line.startswith("You are P"))
        assert "(you)" in shown


def test_command_line_reports_bad_seats(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["play", "deer", "--seats", "human,nobody"])
    assert exit_.value.code == 2
    assert "argument --seats" in capsys.readouterr().err


def test_command_line_plays_with_a_seed(monkeypatch, capsys):
    answers = lambda prompt="": "q" if "choice" in prompt else "" if "roll" in prompt else "n"  # noqa: E731
    monkeypatch.setattr(builtins, "input", answers)
    assert main(["play", "deer-cards", "--seats", "human,greedy", "--seed", "12"]) == 0
    out = capsys.readouterr().out
    assert "deer-cards, seed 12; seats:\n  P0 human\n  P1 greedy (basic): takes the move" in out
    assert "race to 150" in out


def test_the_tables_name_each_bot_and_its_strength(monkeypatch, capsys):
    """`deerbook play --seats human,search,greedy` seats the search agent and says how strong each bot is; the
    agent that sees every hand is never seated."""
    monkeypatch.setattr(builtins, "input", lambda prompt="": "n" if "Save the game" in prompt else "q")
    assert main(["play", "deer", "--seats", "human,search,greedy", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "P1 search (strong): plays each choice out" in out and "P2 greedy (basic)" in out
    with pytest.raises(SystemExit):
        main(["play", "deer", "--seats", "human,perfect-info,greedy,greedy"])
    err = capsys.readouterr().err
    assert "seat 'perfect-info'" in err and "search" in err and "perfect-info" not in err.split("one of")[-1]


def test_options_read_by_the_caller_are_used_as_given():
    import argparse

    from deerbook.cli.main import key_value
    from deerbook.cli.play import add_arguments, session_from_args

    parser = argparse.ArgumentParser()
    add_arguments(parser, ["deer"], key_value)
    args = parser.parse_args(["deer", "--seats", "human,greedy", "--seed", "3"])
    session = session_from_args(args, {"num_players": 2, "knocking": True})
    assert session.game.advanced.knocking and session.seats == ["human", "greedy"] and session.seed == 3


def test_undo_takes_back_a_decision_within_the_turn_and_says_how_far_back_it_goes():
    def game(answers):
        script = Script(answers)
        session = Session(make_game("deer", num_players=3), ["human", "greedy", "greedy"], seed=21)
        Terminal(session, script.read, script.write).play()
        return script, session

    plain, played = game(["1", "1", "q", "n"])
    undone, replayed = game(["1", "u", "1", "1", "q", "n"])
    prompts = [line for line in undone.output if line.startswith(("Your turn: ", "Your choice "))]
    assert "u to undo" not in prompts[0] and "u to undo back to the last roll" in undone.text, "once there is one"
    assert re.search(r"Undone: .*\. Decide again: undo goes back only as far as the last roll or draw, or another "
                     r"player's move\.", undone.text)
    assert (replayed.state, replayed.history) == (played.state, played.history), \
        "the same decisions after the undo meet the same dice and the same bots' moves"


def test_undo_is_not_offered_at_a_table_of_people():
    script = Script(["1", "u", "q", "n"], seed=3)
    session = Session(make_game("deer", num_players=2), ["human", "human"], seed=2)
    Terminal(session, script.read, script.write).play()
    assert "u to undo" not in script.text and "Undone" not in script.text
