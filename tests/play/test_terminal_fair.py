"""Fair play at the terminal (issue 52): Undo never goes back past a roll it has shown, and a resumed hot-seat game
shows the pass screen before anything of any seat's."""
import pytest

from deerbook.engine import make_game
from save_files import read_save_file
from deerbook.play.session import HUMAN, Session
from deerbook.play.terminal import SAVED, Terminal


def test_undo_after_a_roll_cannot_go_back_to_the_decision_before_it():
    """The issue's game: `deerbook play deer --seed 7 --seats human,greedy`, turn 1 played, the next roll shown,
    then u twice: nothing is taken back, and the dice rolled stay."""
    session = Session(make_game("deer", num_players=2), ["human", "greedy"], seed=7)
    output, rolls, after_roll, undos = [], [], [], ["u", "u"]

    def read(prompt):
        output.append(prompt)
        if "Press Enter to roll" in prompt:
            rolls.append(len(output))
            return "q" if len(rolls) == 3 else ""
        if prompt.startswith("Save the game"):
            return "n"
        if len(rolls) == 2 and undos:
            after_roll[:] = after_roll or list(session.moves)
            return undos.pop()
        return "1"

    Terminal(session, read, output.append).play()
    text = "\n".join(output)
    assert len(rolls) == 3 and after_roll, "turn 1 played, the second roll shown, both u typed"
    assert "Undone" not in text and text.count("Not undone: no decision of yours to take back since the last roll "
                                               "or draw, or another player's move") == 2, "u twice: said why, twice"
    first_prompt = next(line for line in output[rolls[1]:] if line.startswith("Your choice"))
    assert "u to undo" not in first_prompt, "nothing of the person's to take back since the roll"
    assert session.moves[:len(after_roll)] == after_roll, "the roll and everything before it stay played"


def play_until_prompt(session, tmp_path, seat):
    """Play (each person's first choice) until `seat` has taken the hot seat and is asked to roll or choose; the
    input ends there, so the table saves the game into `tmp_path`. The path saved."""
    output, seated = [], []

    def read(prompt):
        output.append(prompt)
        if prompt.startswith(f"P{seat}, press Enter"):
            seated.append(True)
        elif seated:
            raise EOFError
        return "" if "Enter" in prompt else "1"

    assert Terminal(session, read, output.append, save_dir=tmp_path).play() == SAVED
    return next(tmp_path.glob("*.json"))


def resume(path):
    """Resume a saved game at the terminal, as `deerbook play --load` does; the output until the first question
    after the pass screen (then the input ends)."""
    state, table = read_save_file(path)
    session = Session(state.game, None, None, state, table=table)
    output = []

    def read(prompt):
        output.append(prompt)
        if "press Enter when the others look away" in prompt:
            return ""
        raise EOFError

    Terminal(session, read, output.append, save_dir=path.parent / "again").play()
    return session, output


@pytest.mark.parametrize("game, seats, seat", [
    ("deer", [HUMAN, HUMAN], 1),
    ("deer", [HUMAN, "greedy", HUMAN], 2),
    ("deer-cards", [HUMAN, HUMAN], 1),
    ("deer-cards", [HUMAN, HUMAN, HUMAN], 1),
    ("football", [HUMAN, HUMAN], 1),
])
def test_a_resumed_hot_seat_game_shows_the_pass_screen_first_then_only_that_seats_log(tmp_path, game, seats, seat):
    (tmp_path / "again").mkdir()
    played = Session(make_game(game, num_players=len(seats)), seats, seed=7)
    path = play_until_prompt(played, tmp_path, seat)
    session, output = resume(path)
    passing = next(i for i, line in enumerate(output) if line.endswith(f"Pass the terminal to P{seat}."))
    assert all(line.startswith("How to play:") for line in output[:passing]), \
        "nothing but the rules card before the pass screen"
    told = [line[2:] for line in output[passing:] if line.startswith("  ") and not line.startswith("  1)")]
    mine = [line for entry in played.log for line in entry.narration.lines_for(seat, played.names)]
    assert told == mine, f"the log retold is P{seat}'s own"
    drawn = next(line for line in output[passing + 1:] if line.startswith("\n"))
    views = session.view_module
    assert session.viewer == seat and drawn == "\n" + views.render_text(session.state.observation(seat),
                                                                       session.game, session.names)
    if game.startswith("deer"):
        others = [line for entry in played.log for line in entry.narration.lines_for(0, played.names)]
        assert any(line.startswith("You were dealt") for line in others)
        assert not set(others) - set(mine) & set(told), "none of P0's own lines"
