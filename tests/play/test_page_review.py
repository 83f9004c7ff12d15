"""A game's review on the book's play page without a browser (`PageTable`'s "review", "review_step" and
"review_stop"): Review is offered in a finished game's replay and at the table once the game is over; it answers
one decision a request with its progress (so the page stays responsive and Stop works between decisions), ends with
the same grades as the reviewer run at once (the terminal's), stops with what it graded; a review asked of a game in
progress, a step with no review, or a review request with a field it does not take is refused in a sentence, and a
new game drops the review."""
import re

import pytest

from deerbook.analysis.review import Reviewer
from deerbook.engine.link import link_of
from deerbook.play.page import PageTable
from quick_review import quick, record

GRADE = re.compile(r'data-grade="(\w+)"')

__all__ = ["quick", "record"]  # the module's fixtures


def opened(record) -> PageTable:
    table = PageTable()
    assert table.handle({"op": "open", "link": link_of(record)})["stop"] == "replay"
    return table


def test_the_replay_of_a_finished_game_offers_review(record):
    answer = PageTable().handle({"op": "open", "link": link_of(record)})
    assert 'data-op="review">Review: grade each decision</button>' in answer["choices"]
    assert answer["review"] == "", "a link opened clears the last game's review"


def test_a_review_answers_one_decision_a_request_and_ends_with_the_reviewers_grades(record):
    table = opened(record)
    total = Reviewer(record).total
    answer = table.handle({"op": "review"})
    assert answer["reviewing"] and (answer["done"], answer["total"]) == (1, total)
    assert answer["review_line"] == f"Reviewing decision 2 of {total}…"
    assert 'data-op="review_stop"' in answer["review"], "Stop, while it runs"
    steps = 1
    while answer["reviewing"]:
        answer = table.handle({"op": "review_step"})
        assert "stop" not in answer, "a step leaves the replay as it stands"
        steps += 1
    assert steps == total and answer["done"] == total
    assert GRADE.findall(answer["review"]) == [d.grade for d in Reviewer(record).run().decisions]
    assert answer["news"][0].startswith("Review of ")
    assert table.handle({"op": "forward"})["stop"] == "replay", "the replay goes on after its review"


def test_stop_shows_what_was_reviewed(record):
    table = opened(record)
    table.handle({"op": "review"})
    table.handle({"op": "review_step"})
    answer = table.handle({"op": "review_stop"})
    assert not answer["reviewing"] and answer["done"] == 2
    assert "Review stopped after 2 decisions</h3>" in answer["review"]
    assert len(GRADE.findall(answer["review"])) == 2
    assert table.handle({"op": "review_step"}) == {
        "stop": "error", "message": "no review is under way: press Review to start one"}


def test_the_finished_game_at_the_table_is_reviewed_and_offers_review():
    table = PageTable()
    over = table.handle({"op": "start", "form": {"game": "football", "num_players": "2", "seat0": "greedy",
                                                 "seat1": "greedy", "seed": "4", "pace": "quick"}})
    while over["stop"] == "turn":  # a table of bots: each turn shown in turn
        over = table.handle({"op": "next"})
    assert over["stop"] == "over" and 'data-op="review"' in over["choices"]
    answer = table.handle({"op": "review"})
    assert answer["reviewing"] and answer["total"] == Reviewer(table.session.record()).total
    assert table.handle({"op": "review_stop"})["done"] == 1


def test_a_new_game_drops_the_review(record):
    table = opened(record)
    table.handle({"op": "review"})
    answer = table.handle({"op": "start", "form": {"game": "deer", "seed": "1"}})
    assert answer["review"] == ""
    assert table.handle({"op": "review_step"})["stop"] == "error"


@pytest.mark.parametrize("request_, message", [
    ({"op": "review"}, "a game is reviewed once it is over: finish it, or open a finished game's link"),
    ({"op": "review_step"}, "no review is under way: press Review to start one"),
    ({"op": "review", "turn": 3}, "a 'review' request has no field \"turn\""),
], ids=["in-progress", "no-review", "bad-field"])
def test_a_review_that_cannot_be_made_is_refused_in_a_sentence(request_, message):
    table = PageTable()
    table.handle({"op": "start", "form": {"game": "deer", "seed": "1"}})
    before = table.session.state
    assert table.handle(request_) == {"stop": "error", "message": message}
    assert table.session.state == before and table.reviewer is None
