"""`deerbook replay`: a link or a save stepped through at the terminal, scripted; only the chosen seat's hand shows
before the game is over."""
import contextlib
import io
import re
import subprocess
import sys
from dataclasses import replace

import pytest

from deerbook.cli.main import main
from deerbook.cli.replay import ReplayTerminal
from deerbook.cli.usage import OUTPUT_CLOSED
from deerbook.engine.link import link_of
from deerbook.engine.record import save_of_record
from deerbook.engine.seeding import stream
from deerbook.play.replay import Replay
from deerbook.play.views import views_of
from processes import HANG_SECONDS, started
from recorded_games import seeded

HAND = re.compile(r"^Your hand \(.*$", re.MULTILINE)


class Script:
    """Queued answers (then the end of input); every line and prompt kept."""

    def __init__(self, answers):
        self.answers, self.output = list(answers), []

    def read(self, prompt):
        self.output.append(prompt)
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)

    def write(self, text):
        self.output.append(text)

    @property
    def text(self):
        return "\n".join(self.output)


def scripted(record, answers, seat=0):
    replay = Replay(record)
    replay.view_seat(seat)
    script = Script(answers)
    assert ReplayTerminal(replay, script.read, script.write).run() == 0
    return replay, script


@pytest.mark.parametrize("name, players", [("deer", 4), ("deer-cards", 3), ("football", 1), ("football", 2)])
def test_a_scripted_replay_reaches_the_same_final_scores(name, players):
    record, end = seeded(name, ["human"] + ["greedy"] * (players - 1))
    replay, script = scripted(record, [""] * 3 + ["p", f"t {Replay(record).turns}", "a"])
    assert replay.state == end and replay.every_hand
    result = views_of(end.game).result_text({**end.observation(0), "player": -1}, end.game, list(end.winners()),
                                             replay.names)
    assert f"Game over. {result}" in script.output
    shown = views_of(end.game).render_text(end.observation(players - 1), end.game, replay.names)
    assert shown in script.text  # every seat's view at the end


def test_before_the_end_only_the_chosen_seats_hand_shows():
    record, _ = seeded("deer", ["human", "greedy", "greedy", "greedy"])
    cut = replace(record, steps=record.steps[:300])  # a game in progress: its hands are hidden
    whole = Replay(cut)
    forward = [""] * whole.turns
    seat0, mine = scripted(cut, forward, seat=0)
    _, theirs = scripted(cut, forward, seat=1)
    hands0, hands1 = set(HAND.findall(mine.text)), set(HAND.findall(theirs.text))
    assert hands0 and hands1 - hands0  # seat 1's hands, as seat 1 saw them, never shown to seat 0
    assert "P1's view" not in mine.text and "Game over" not in mine.text
    assert seat0.state == cut.final_state() and not seat0.over


def test_every_hand_is_refused_before_the_end_with_a_sentence():
    record, _ = seeded("deer", ["human", "greedy", "greedy"])
    cut = replace(record, steps=record.steps[:120])
    replay, script = scripted(cut, ["a", "s 9", "t 999", "x", "s 2"])
    assert "Not shown: every hand is shown only once the game is over" in script.text
    assert "Not shown: there is no seat 9: the seats are 0 to 2." in script.text
    assert f"Not shown: there is no turn 999: this game has turns 0 (the start) to {replay.turns}." in script.text
    assert "Please type n (or Enter), p, t" in script.text
    assert not replay.every_hand and replay.seat == 2 and replay.turn == 0


def test_the_command_replays_a_link_and_a_save(tmp_path, monkeypatch, capsys):
    record, end = seeded("football", ["human"])
    monkeypatch.setattr("sys.stdin", io.StringIO(f"t {Replay(record).turns}\nq\n"))
    assert main(["replay", link_of(record)]) == 0
    out = capsys.readouterr().out
    assert "Game over." in out and "P0's view:\n" not in out  # one seat's view, not every hand
    save = tmp_path / "game.json"
    save.write_text(save_of_record(record, stream(1)))
    (tmp_path / "link.txt").write_text(link_of(record) + "\n")
    for source in (save, tmp_path / "link.txt"):
        monkeypatch.setattr("sys.stdin", io.StringIO(f"t {Replay(record).turns}\n"))
        assert main(["replay", str(source), "--seat", "0"]) == 0
        assert "Game over." in capsys.readouterr().out


@pytest.mark.parametrize("argv, words", [
    (["deerbook:2:AAAA"], "version '2'"),
    (["deerbook:1:AAAA"], "cut short or damaged"),
    (["no-such-file.json"], "cannot read"),
    (["LINK", "--seat", "5"], "there is no seat 5"),
])
def test_a_bad_link_or_file_is_one_line_and_exit_status_2(argv, words, capsys):
    record, _ = seeded("football", ["human"])
    argv = [link_of(record) if arg == "LINK" else arg for arg in argv]
    with pytest.raises(SystemExit) as stopped:
        main(["replay", *argv])
    assert stopped.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0] and err[0].startswith("deerbook replay: error: argument")


def test_a_replay_whose_reader_goes_away_ends_quietly():
    record, _ = seeded("football", ["human"])
    with started([sys.executable, "-m", "deerbook", "replay", link_of(record)], stdin=subprocess.PIPE,
                 stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout.readline().startswith(b"--- [0/")
        process.stdout.close()  # as `| head -1` does
        with contextlib.suppress(BrokenPipeError):  # it may have ended already, at its next prompt
            process.stdin.write(b"n\n" * 100)
            process.stdin.close()
        assert process.wait(HANG_SECONDS) == OUTPUT_CLOSED
        assert process.stderr.read() == b""
