"""The command line: every bad input is one line naming the argument, exit code 2; good runs; help; pipes."""
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from deerbook.cli.main import main
from deerbook.engine import RuleViolation, make_game
from deerbook.engine.errors import OptionError
from deerbook.engine.registry import game_info
from deerbook.analysis.simulate import format_summary, simulate
from processes import HANG_SECONDS, started


def sim(game: str, *extra: str) -> list[str]:
    """A short simulate command line with the given extra arguments."""
    return ["simulate", game, "--seed", "1", "--games", "2", *extra]


# (arguments, the argument the error line must name, words of what is allowed)
BAD_INPUTS = [
    (["--"], "COMMAND", "required"),  # `deerbook` alone prints its help (tests/project/test_packaging.py)
    (["frobnicate"], "COMMAND", "simulate"),
    (["odds", "chess"], "game", "deer-cards"),
    (["odds"], "game", "required"),
    (["odds", "deer", "--players", "3"], "--players", "unrecognized"),
    (["simulate", "deer"], "--seed", "required"),
    (["simulate", "chess", "--seed", "1"], "game", "football"),
    (["simulate", "deer", "--seed", "-3"], "--seed", "one whole number of at most 15 digits"),
    (["simulate", "deer", "--seed", "x"], "--seed", "one whole number of at most 15 digits"),
    (["simulate", "deer", "--seed", "1.5"], "--seed", "one whole number of at most 15 digits"),
    (["simulate", "deer", "--seed", "99999999999999999"], "--seed", "at most 15 digits (game i of the run plays"),
    (["simulate", "deer", "--seed", "7/2"], "--seed", "one whole number"),
    (["play", "deer", "--seed", "1234567890123456"], "--seed", "a seed is a whole number of at most 15 digits"),
    (["play", "deer", "--seed", "/".join(["1"] * 9)], "--seed", "or up to 8 of them joined by '/'"),
    (["balance", "--games", "100000000"], "--games", "from 1 to 1,000,000 (for more, run several seeds)"),
    (["balance", "--advisor-games", "1000001"], "--advisor-games", "from 1 to 1,000,000"),
    (["balance", "--replay", "deer-basic", "--game", "-1"], "--game", "an integer >= 0"),
    (["balance", "--replay", "deer-basic", "--game", "1" * 16], "--game", "an integer >= 0"),
    (["simulate", "deer", "--seed", "1", "--games", "0"], "--games", "from 1 to 1,000,000"),
    (["simulate", "deer", "--seed", "1", "--games", "-1"], "--games", "from 1 to 1,000,000"),
    (["simulate", "deer", "--seed", "1", "--games", "10000000"], "--games", "from 1 to 1,000,000"),
    (["simulate", "deer", "--seed", "1", "--games", "ten"], "--games", "from 1"),
    (sim("football", "--players", "9"), "--players", "from 1 to 4"),
    (sim("football", "--players", "0"), "--players", "from 1 to 4"),
    (sim("deer", "--players", "1"), "--players", "from 2 to 6"),
    (sim("deer", "--players", "-2"), "--players", ">= 0"),
    (sim("deer", "--solo"), "--solo", "from 2 to 6"),
    (sim("football", "--players", "3", "--solo"), "--solo", "one player"),
    (sim("football", "--difficulty", "hard"), "--difficulty", "--solo"),
    (sim("football", "--players", "4", "--difficulty", "hard"), "--difficulty", "--solo"),
    (sim("football", "--solo", "--difficulty", "legendary"), "--difficulty", "normal"),
    (sim("deer", "--difficulty", "hard"), "--difficulty", "knocking"),
    (sim("football", "--advanced"), "--advanced", "solo_difficulty"),
    (sim("deer-cards", "--advanced"), "--advanced", "does not offer"),
    (sim("deer", "--agents", ""), "--agents", "random, greedy, greedy-no-knock, advisor"),
    (sim("deer", "--agents", "smart"), "--agents", "random, greedy, greedy-no-knock, advisor"),
    (sim("deer", "--agents", "greedy,,random"), "--agents", "random, greedy, greedy-no-knock, advisor"),
    (sim("deer", "--agents", "greedy,random"), "--agents", "4 names"),
    (sim("deer", "--option", "nosuch=1"), "--option", "its options are num_players, components"),
    (sim("deer", "--option", "knocking"), "--option", "KEY=VALUE"),
    (sim("deer", "--option", "=true"), "--option", "KEY=VALUE"),
    (sim("deer", "--option", "knocking=maybe"), "--option", "false or true"),
    (sim("deer", "--option", "num_players=4.0"), "--option", "from 2 to 6"),
    (sim("deer", "--option", "num_players=9"), "--option", "from 2 to 6"),
    (sim("deer", "--option", "components=nosuch"), "--option", "board-2014, card-game or the path"),
    (sim("football", "--option", "sheet_file=/nonexistent.json"), "--option", "path of a JSON"),
    (sim("deer", "--option", "knocking=true", "--option", "knocking=false"), "--option", "again"),
    (sim("deer", "--players", "3", "--option", "num_players=3"), "--option", "--players"),
    (sim("deer-cards", "--option", "knocking=true"), "--option", "does not offer"),
    (sim("deer", "--advanced", "--option", "advanced=true"), "--option", "--advanced"),
    (sim("deer", "--json=yes"), "--json", "ignored explicit argument"),
    (sim("deer", "--advanced", "--option", "knocking=false"), "--option", "contradicts --advanced"),
    (["balance", "--game", "3"], "--replay", "go together"),
    (["balance", "--replay", "deer-basic"], "--game", "go together"),
    (["balance", "--replay", "nosuch", "--game", "1"], "--replay", "invalid choice"),
    (["balance", "--replay", "deer-basic", "--game", "-1"], "--game", ">= 0"),
]


@pytest.mark.parametrize("argv, argument, allowed", BAD_INPUTS, ids=[" ".join(a) or "none" for a, _, _ in BAD_INPUTS])
def test_a_bad_input_is_one_line_naming_the_argument(argv, argument, allowed, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    out, err = capsys.readouterr()
    assert stop.value.code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("deerbook") and "error:" in err and argument in err and allowed in err, err


def test_at_least_thirty_bad_inputs_across_every_subcommand():
    assert len(BAD_INPUTS) >= 30 and {"simulate", "odds"} <= {argv[0] for argv, _, _ in BAD_INPUTS if argv}


@pytest.mark.parametrize("game, option, text", [("deer", "components", "{not json"), ("deer", "components", "{}"),
                                                ("football", "sheet_file", '{"x": 1}')])
def test_a_malformed_data_file_is_one_line_naming_the_option(game, option, text, tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    with pytest.raises(SystemExit) as stop:
        main(["simulate", game, "--seed", "1", "--option", f"{option}={bad}"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1 and f"argument --option {option}:" in err, err


def test_a_component_set_that_does_not_fit_the_flags_is_one_line(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "deer", "--seed", "1", "--advanced", "--option", "components=card-game"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1 and "--option components: deer-cards has no advanced" in err


def test_options_are_read_by_the_game_spec(capsys):
    assert main(["simulate", "deer", "--players", "2", "--games", "3", "--seed", "4", "--option", "knocking=True",
                 "--agents", "greedy, random", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["options"]["knocking"] is True and summary["agents"] == ["greedy", "random"]
    assert summary == simulate(make_game("deer", num_players=2, knocking=True), ["greedy", "random"], 3, 4)


def test_the_text_summary_is_plain_words_and_explains_shared_wins(capsys):
    assert main(["simulate", "football", "--solo", "--difficulty", "hard", "--games", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("football: 1 player, solo difficulty hard\n3 games from seed 2\n")
    assert "a shared win counts 1/k to each of its k winners" in out and "{" not in out


def test_a_shared_win_is_split_in_the_summary():
    summary = {"game": "toy", "options": {"num_players": 2, "fast": False, "sheet": None}, "agents": ["a", "b"],
               "games": 2, "seed": 0, "wins_per_seat": [1.5, 0.5], "win_rate_per_seat": [0.75, 0.25], "means": {}}
    text = format_summary(summary)
    assert text.splitlines()[0] == "toy: 2 players, fast off" and "     1.5" in text and "1/k" in text


@pytest.mark.parametrize("command", ["simulate", "odds", ""])
def test_every_command_has_help_with_examples(command, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # argparse wraps help to the terminal width
    with pytest.raises(SystemExit) as stop:
        main([*filter(None, [command]), "--help"])
    out = capsys.readouterr().out
    assert stop.value.code == 0 and "examples:" in out and f"deerbook {command or 'simulate'} " in out
    if command == "simulate":
        assert "(default: 100)" in out and "(default: deer 4, deer-cards 4, football 2" in out  # (+ test games)
        assert "solo_difficulty" in out and "allowed: normal or hard" in out


def test_make_game_checks_option_names_and_types():
    for options, words in [({"nosuch": 1}, "its options are num_players"), ({"num_players": 4.0}, "got 4.0"),
                           ({"num_players": True}, "got True"), ({"knocking": "true"}, "false or true")]:
        with pytest.raises(OptionError, match=words):
            make_game("deer", **options)
    deer = game_info("deer")
    assert deer.option("knocking").parse("deer", "TRUE") is True and deer.option("num_players").parse("deer", "3") == 3
    with pytest.raises(OptionError, match="football has no option 'advanced'"):
        make_game("football", advanced=True)


@pytest.mark.parametrize("bad", [[1, 2], {"kind": "roll"}, "roll", None, 3])
def test_apply_refuses_anything_that_is_not_a_legal_action(bad):
    state = make_game("deer", num_players=3).initial_state()
    before = state.to_json()
    with pytest.raises(RuleViolation, match="is not allowed"):
        state.apply(bad)
    assert state.to_json() == before


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deerbook", *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("argv", [["simulate", "football", "--players", "9", "--seed", "1"],
                                  ["simulate", "deer", "--seed", "1", "--option", "nosuch=1"],
                                  ["odds", "chess"]])
def test_a_real_process_exits_2_with_one_line(argv):
    done = run(*argv)
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1, done.stderr


def test_a_closed_pipe_ends_quietly():
    with started([sys.executable, "-m", "deerbook", "odds", "deer", "--json"], stdout=subprocess.PIPE,
                 stderr=subprocess.PIPE) as process:
        process.stdout.close()  # the reader leaves at once, as `| head -1` does after one line
        err = process.communicate(timeout=HANG_SECONDS)[1].decode()
    assert process.returncode == 141 and err == ""


def test_the_console_script_is_the_same_command():
    script = Path(sys.executable).parent / "deerbook"
    done = subprocess.run([str(script), "odds", "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout == run("odds", "--help").stdout


def test_balance_replays_a_stored_game_as_json(capsys):
    """`deerbook balance --replay KEY --game I` prints the game as the committed study stores it."""
    from study_records import record_at

    from deerbook.analysis.study import load_study

    assert main(["balance", "--replay", "deer-basic", "--game", "3"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == {"configuration": "deer-basic", "game": 3,
                       **record_at(load_study()["configurations"]["deer-basic"], 3)}


def test_the_play_help_gives_every_exit_status_and_the_seed_rule(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    assert "a whole number of at most 15 digits, or up to 8 joined by '/'" in out
    statuses = re.findall(r"^  (\d+)  ", out.split("exit status:")[1], re.MULTILINE)
    assert statuses == ["0", "1", "2", "3", "4", "141"]
    assert "saved (you quit with a save,\n     or something stopped it)" in out and "no folder took the save" in out
