from deerbook.analysis.reviewed_games import load_reviews
from deerbook.chapters.reviews import costliest_table, turn_of
from deerbook.play.replay import Replay

REVIEW = load_reviews()["football"]


def test_a_decisions_turn_is_the_replays_turn_that_plays_its_step():
    replay = Replay(REVIEW.record)
    for decision in REVIEW.decisions:
        turn = turn_of(REVIEW, decision.step)
        assert replay.ends[turn - 1] <= decision.step < replay.ends[turn]


def test_the_costliest_table_has_a_row_per_costly_decision_in_order():
    rows = costliest_table(REVIEW).splitlines()[2:]
    worst = REVIEW.costliest(3)
    assert len(rows) == 3
    for row, decision in zip(rows, worst):
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        assert cells[0] == str(turn_of(REVIEW, decision.step)) and cells[2:4] == [decision.made, decision.best]
        assert cells[4].startswith(f"{100 * decision.loss:.1f} (") and cells[5] == decision.grade
