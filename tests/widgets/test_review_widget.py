"""Review in a notebook (`widgets.review.ReviewPanel`, in `ReplayTable` and a finished `GameTable`): shown only once
the game is over; in a script it runs through and shows the terminal's lines (`review_words`) and the win-chance
chart; in a kernel's event loop it reviews one decision a pass, so a click on Stop is handled between two decisions
and the review shows what it graded; a new game at the table clears it."""
import asyncio
import json
from html import escape


from deerbook.analysis.review import Reviewer
from deerbook.play.replay import Replay
from deerbook.play.review_words import review_lines
from deerbook.widgets.replay import ReplayTable
from deerbook.widgets.table import GameTable
from quick_review import quick, record

__all__ = ["quick", "record"]  # the module's fixtures


def test_review_is_offered_once_the_game_is_over(record):
    assert ReplayTable(record).review.widget.layout.display == ""
    unfinished = ReplayTable(record.__class__(record.game, record.options, record.seats, record.steps[:40]))
    assert unfinished.review.widget.layout.display == "none"


def test_in_a_script_review_runs_through_with_the_terminals_lines_and_the_chart(record):
    panel = ReplayTable(record).review
    panel.button.click()
    assert panel.review is not None and panel.review.complete
    expected = Reviewer(record).run()
    assert [d.grade for d in panel.review.decisions] == [d.grade for d in expected.decisions]
    lines = review_lines(expected, Replay(record).names, Replay(record).ends)
    assert all(escape(line) in panel.result.value for line in lines)
    (chart,) = panel.chart.outputs
    figure = chart["data"]["application/vnd.plotly.v1+json"]
    assert figure["layout"]["yaxis"]["tickformat"] == ".0%" and json.dumps(figure)
    assert not panel.button.disabled and panel.stop_button.layout.display == "none"


def test_in_an_event_loop_stop_is_handled_between_two_decisions(record):
    panel = ReplayTable(record).review

    async def review_then_stop() -> int:
        panel.button.click()
        assert panel.task is not None and not panel.task.done(), "the click returns: the kernel is free"
        assert panel.button.disabled and panel.stop_button.layout.display == ""
        while panel.bar.value < 2:
            await asyncio.sleep(0)  # the kernel handles its messages (here: nothing) between two decisions
        reviewed = panel.bar.value
        panel.stop_button.click()
        await panel.task
        return reviewed

    reviewed = asyncio.run(review_then_stop())
    assert panel.review is not None and not panel.review.complete
    assert len(panel.review.decisions) == reviewed < panel.reviewer.total
    assert "Review stopped before the end" in panel.result.value
    assert not panel.button.disabled and panel.stop_button.layout.display == "none"


def test_the_table_offers_review_once_over_and_a_new_game_clears_it():
    table = GameTable("football", ["greedy", "greedy"], seed=4, bot_delay=0)
    assert table.stop.name == "OVER" and table.review.widget.layout.display == ""
    table.review.button.click()
    assert table.review.review is not None and table.review.review.complete
    table.new_game()
    assert table.review.review is None and table.review.result.value == ""
    assert table.review.widget.layout.display == ("" if table.stop.name == "OVER" else "none")
