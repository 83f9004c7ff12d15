"""The review's region on the book's play page (`play.review_html`): the progress line with its bar and Stop, then
the graded decisions as a table with a caption (each grade in words), the three costliest named in order, the
grades' thresholds, and the win-chance chart as an inline SVG with its text alternative and exact hovers."""
import re
from bisect import bisect_right
from html import escape, unescape

from deerbook.play.replay import Replay
from deerbook.play.review_words import loss_text, value_text
from deerbook.play.review_html import chart_html, progress_html, review_html, summary
from quick_review import written_review
from recorded_games import recorded

RECORD = recorded("deer", ["human", "greedy", "greedy"])
NAMES = ["person", "greedy", "greedy"]
ENDS = Replay(RECORD).ends


def test_progress_shows_the_line_a_bar_and_stop():
    html = progress_html(3, 41)
    assert "Reviewing decision 4 of 41…" in html
    assert '<progress data-review-bar max="41" value="3"' in html
    assert 'data-op="review_stop"' in html and ">Stop the review</button>" in html


def test_every_decision_is_a_row_with_its_grade_in_words_under_a_caption():
    html = review_html(written_review(RECORD), NAMES, ENDS)
    table = re.search(r"<table>.*</table>", html).group(0)
    assert "<caption>Each decision reviewed (4):" in table
    grades = re.findall(r'<td class="deerbook-grade" data-grade="(\w+)">(\w+)</td>', table)
    assert grades == [("fine", "fine"), ("blunder", "blunder"), ("mistake", "mistake"),
                      ("inaccuracy", "inaccuracy")], "the grade in words, not in colour alone"
    blunder = written_review(RECORD).decisions[1]
    cells = [value_text(blunder.made_value, blunder), value_text(blunder.best_value, blunder), loss_text(blunder)]
    assert all(escape(cell) in table for cell in cells), "the values and the loss in the terminal's words"


def test_the_three_costliest_are_named_largest_loss_first_with_the_thresholds():
    html = unescape(review_html(written_review(RECORD), NAMES, ENDS))
    costliest = re.search(r"<ol>(.*?)</ol>", html).group(1)
    items = re.findall(r"<li>(.*?)</li>", costliest)
    assert [item.split('"')[1] for item in items] == ["pass Wolf", "roll", "rack"]
    assert "fine below 2, inaccuracy below 5, mistake below 10, blunder from 10" in html
    assert "Grades: 1 fine, 1 inaccuracy, 1 mistake, 1 blunder." in html


def test_a_stopped_review_says_how_far_it_went():
    html = review_html(written_review(RECORD, complete=False), NAMES, ENDS)
    assert "Review stopped after 4 decisions</h3>" in html
    assert summary(written_review(RECORD, complete=False), NAMES, ENDS).startswith("Review stopped before the end")


def test_the_chart_is_an_svg_with_its_text_alternative_percent_axis_and_exact_hovers():
    html = unescape(chart_html(written_review(RECORD), NAMES, ENDS))
    svg = re.search(r"<svg .*</svg>", html).group(0)
    alternative = re.search(r'aria-label="([^"]*)"', svg).group(1)
    assert alternative == ("Line chart of the win chance before each decision reviewed: P0 (person) from 40.0% at "
                           "the first decision reviewed to 63.0% at the last (lowest 37.0%).")
    assert f"<figcaption><small>{alternative}</small></figcaption>" in html
    assert 'role="img"' in svg and "currentColor" in svg, "its ink follows the page's light or dark mode"
    assert [label for label in re.findall(r">(\d+%)</text>", svg)] == ["0%", "50%", "100%"]
    hovers = re.findall(r"<circle [^>]*><title>([^<]*)</title>", svg)
    assert hovers[1] == f"P0, turn {bisect_right(ENDS, 9)}: 45.00% (95%: 44.02% to 45.98%)"
    assert len(hovers) == 4
    assert int(re.search(r'viewBox="0 0 (\d+)', svg).group(1)) <= 358, "fits a phone's page at its own size"
