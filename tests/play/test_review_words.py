"""A review in plain words (`play.review_words`): what every front end shows."""
from quick_review import decision, written_review
from recorded_games import recorded

from deerbook.analysis.review import Decision, Review
from deerbook.analysis.stats import Estimate
from deerbook.play.review_words import progress_line, review_lines

NAMES = ["person", "greedy", "greedy", "greedy"]


def test_progress_says_which_decision_is_under_way_then_that_all_are_done():
    assert progress_line(2, 41) == "Reviewing decision 3 of 41…"
    assert progress_line(0, 1) == "Reviewing decision 1 of 1…"
    assert progress_line(41, 41) == "Reviewed all 41 decisions."
    assert progress_line(0, 0).startswith("Nothing to review")


def test_the_lines_tell_the_unit_the_tally_each_decision_and_the_three_costliest_in_order():
    record = recorded("deer", ["human", "greedy", "greedy", "greedy"])
    lines = review_lines(written_review(record), NAMES)
    text = "\n".join(lines)
    assert lines[0].startswith("Review of 4 decisions with a choice, against the search player")
    assert "fine below 2, inaccuracy below 5, mistake below 10, blunder from 10" in lines[1]
    assert "a loss whose interval includes 0 is fine" in lines[1]
    assert lines[2] == "Grades: 1 fine, 1 inaccuracy, 1 mistake, 1 blunder."
    assert ('Step 9, P0 (person): "pass Wolf" (win chance 25.0%, 95% interval 24.0% to 26.0%); the reviewer: '
            '"keep" (win chance 45.0%, 95% interval 44.0% to 46.0%); loss 20.0 percentage points (95% interval 19.0 '
            'to 21.0): blunder.') in lines
    assert 'Step 3, P0 (person): "keep" (win chance 40.0%, 95% interval 39.0% to 41.0%), the reviewer\'s choice ' \
           'too: fine.' in lines
    costliest = lines[lines.index("The three costliest decisions:") + 1:]
    assert [line[:10] for line in costliest] == ["1. Step 9,", "2. Step 20", "3. Step 31"]
    assert '"roll" instead of the reviewer\'s "stop": 7.0 percentage points' in text


def test_turns_are_named_as_the_replay_numbers_them_when_given():
    record = recorded("deer", ["human", "greedy", "greedy", "greedy"])
    lines = review_lines(written_review(record), NAMES, turn_ends=[0, 4, 10, 25, 40])
    assert any(line.startswith("Turn 2, P0 (person)") for line in lines)  # step 9: in turn 2 (steps 4 to 9)
    assert any(line.startswith("1. Turn 2, P0 (person)") for line in lines)


def test_a_stopped_review_says_so_and_a_review_that_lost_nothing_names_no_costliest():
    record = recorded("deer", ["human", "greedy", "greedy", "greedy"])
    stopped = review_lines(Review(record, (decision(3, 0, "keep", "keep", 0.4, 0.4),), False), NAMES)
    assert stopped[0] == "Review stopped before the end: 1 decision with a choice reviewed so far, against the " \
                         "search player."
    assert stopped[-1] == "No decision lost anything: every move was the reviewer's choice or better."


def test_an_exact_decision_shows_exact_chances_without_intervals():
    record = recorded("football", ["human"], 2)
    exact = Decision(70, 0, "kick a field goal from the 10", "check a 3", Estimate(0.518, 0.0, 1, (0.518, 0.518)),
                     Estimate(1.0, 0.0, 1, (1.0, 1.0)), 0.482, "blunder", "win chance", True, (0.482, 0.482))
    lines = review_lines(Review(record, (exact,), True), ["person"])
    assert ('Step 70, P0 (person): "kick a field goal from the 10" (51.8% win chance, exact); the reviewer: '
            '"check a 3" (100.0% win chance, exact); loss 48.2 percentage points: blunder.') in lines
    assert lines[-2:] == ["The costliest decisions:", '1. Step 70, P0 (person): "kick a field goal from the 10" '
                          'instead of the reviewer\'s "check a 3": 48.2 percentage points (blunder).']
