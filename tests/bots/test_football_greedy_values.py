"""The greedy Football agent values a box it need not go on from by the fields it changes (`box_value`): the value
of the marks `check_box` builds, and a second pick that leaves no wild box waiting is valued with no marks built."""
import deerbook.bots.football_greedy as football_greedy
from deerbook.analysis.positions import decision_states
from deerbook.bots.football_greedy import best_index, box_value, sheet_value
from deerbook.engine import make_game
from deerbook.football.marks import NO_EFFECT, PASS_MINUS_10, RUN_MINUS_5, check_box
from deerbook.football.rules import PICKS
from deerbook.football.sheet import TRACKS


def test_box_value_is_the_value_of_the_marks_check_box_builds():
    game = make_game("football", num_players=3)
    marks_met = {marks for seed in range(2) for state in decision_states(game, ["random"] * 3, seed)
                 for marks in state.marks}
    for marks in marks_met:
        for track in TRACKS:
            for defense in (NO_EFFECT, RUN_MINUS_5, PASS_MINUS_10):
                after, wild = check_box(marks, track, game.sheet, defense)
                assert box_value(marks, track, game.sheet, defense) == (sheet_value(after, game.sheet), wild)


def test_a_second_pick_leaving_no_wild_box_is_valued_with_no_marks_built(monkeypatch):
    """A second pick ends the run: its choice is the plain one (`best_index`) with no `check_box` on the way."""
    game = make_game("football", num_players=4)
    second_picks = [s for seed in range(3) for s in decision_states(game, ["greedy"] * 4, seed)
                    if s.phase == PICKS and len(s.picks) == 1 and not s.wild_from and len(s.legal_actions()) > 1
                    and not any(box_value(s.me, a.args[0], game.sheet, s.defense)[1]
                                for a in s.legal_actions() if a.kind == "pick")
                    and all(a.kind in ("pick", "decline") for a in s.legal_actions())]
    chosen = [best_index(s, s.legal_actions(), s.actor) for s in second_picks]
    built: list = []
    monkeypatch.setattr(football_greedy, "check_box", lambda *args: built.append(args) or check_box(*args))
    assert [best_index(s, s.legal_actions(), s.actor) for s in second_picks] == chosen
    assert len(second_picks) > 50 and built == []
