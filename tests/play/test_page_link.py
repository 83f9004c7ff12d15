"""The book page's table and a game's link (`PageTable`'s "link", "open" and the replay's steps): a finished game's
link opens as a replay (Back, Next, a turn box, a seat menu with Every hand), one in progress at the table to play
on; a hidden hand's game has no link before its end, and says why; a bad link or a bad replay request is refused in
one sentence, nothing changed."""
import json
import re
from dataclasses import replace
from html import unescape

import pytest

from deerbook.engine.link import link_of, record_from_link
from deerbook.play.page import PageTable
from deerbook.play.replay import Replay
from recorded_games import recorded

PAGE = "https://example.org/book/play-in-your-browser.html"
BUTTON = re.compile(r'data-op="([a-z_]+)"(?: data-name="([^"]*)")?')


def played_to_the_end(form: dict) -> tuple[PageTable, dict]:
    """A page table that played `form`'s game to its end by its first button each time, and its last answer."""
    table = PageTable()
    answer = table.handle({"op": "start", "form": form})
    for _ in range(3000):
        if answer["stop"] == "over":
            return table, answer
        answer = table.handle(first_button(answer))
    pytest.fail("the game never ended")


def first_button(answer: dict) -> dict:
    """The request of the answer's first button (the next turn while a bot's turn pauses with none)."""
    found = BUTTON.search(answer["choices"])
    return {"op": found.group(1), "name": unescape(found.group(2) or "")} if found else {"op": "next"}


def scores(html: str) -> str:
    return re.search(r'<p class="deerbook-scores">([^<]*)</p>', html).group(1)


@pytest.mark.parametrize("form", [{"game": "football", "num_players": "1", "seed": "9", "pace": "quick"},
                                  {"game": "deer", "num_players": "3", "seat0": "greedy", "seed": "6",
                                   "pace": "quick"}], ids=["football-solo", "deer-bots"])
def test_a_finished_games_link_opens_a_replay_that_ends_at_the_same_scores(form):
    table, end = played_to_the_end(form)
    link = table.handle({"op": "link", "address": PAGE})["link"]
    assert link.startswith(f"{PAGE}#game=deerbook:1:"), "the page's address opening the game"
    assert record_from_link(link).final_state() == table.session.state
    page = PageTable()
    opened = page.handle({"op": "open", "link": link})
    assert opened["stop"] == "replay" and opened["status"].startswith('<p class="deerbook-status"><b>Replay [0/')
    assert [op for op, _ in BUTTON.findall(opened["choices"])] == ["back", "forward", "goto", "review"]
    assert 'data-op="back" disabled' in opened["choices"] and "help" in opened and "form" in opened
    last = int(re.search(r'name="turn" value="0" min="0" max="(\d+)"', opened["choices"]).group(1))
    answer = page.handle({"op": "goto", "turn": last})
    if form.get("seat0") == "greedy":  # a table of bots told its game to nobody, as every hand does
        answer = page.handle({"op": "as_seat", "seat": -1})
        assert answer["view"].count('<div class="deerbook-view">') == 3
    assert scores(answer["status"]) == scores(end["status"])
    assert page.handle({"op": "link", "address": f"{PAGE}#game=old"})["link"] == link, "a replay's link: its game's"
    assert page.handle({"op": "forward"}) == {"stop": "error", "message": "That was the last turn: Back goes back, "
                                                                          "or pick a turn."}


def test_a_replay_step_is_told_and_a_bad_one_changes_nothing():
    record = recorded("deer", ["human", "greedy", "greedy"])
    page = PageTable()
    page.handle({"op": "open", "link": link_of(record)})
    shadow = Replay(record)
    answer = page.handle({"op": "forward"})
    shadow.forward()
    assert answer["news"] == [shadow.title(), *shadow.lines()] and answer["stop"] == "replay"
    mid = shadow.turns // 2
    answer = page.handle({"op": "goto", "turn": mid})
    shadow.go_to(mid)
    for seat in (1, 2):
        answer = page.handle({"op": "as_seat", "seat": seat})
        shadow.view_seat(seat)
        assert unescape(re.search(r"<pre>(.*?)</pre>", answer["view"], re.S).group(1)) == shadow.table_text()
    before = page.replay.turn, page.replay.seat
    for bad in ({"op": "goto", "turn": shadow.turns + 1}, {"op": "as_seat", "seat": 3}, {"op": "goto", "turn": "2"},
                {"op": "goto"}, {"op": "as_seat", "seat": 1.5}, {"op": "roll"}, {"op": "choose", "name": "x"}):
        refused = json.loads(page.handle_json(json.dumps(bad)))
        assert refused["stop"] == "error" and refused["message"].count(":") <= 2, refused
    assert (page.replay.turn, page.replay.seat) == before


def test_a_hidden_hands_game_has_no_link_before_its_end_and_says_why():
    table = PageTable()
    table.handle({"op": "start", "form": {"game": "deer", "num_players": "3", "seed": "4"}})
    answer = table.handle({"op": "link", "address": PAGE})
    assert answer["link"] == "" and answer["message"].startswith("No link to this game now: a link shows every "
                                                                 "player's hand")
    assert PageTable().handle({"op": "link", "address": PAGE})["message"].startswith("No link to this game now: no "
                                                                                    "game yet")


def test_a_game_in_progress_opens_at_the_table_to_play_on_without_a_seed_to_play_again():
    record = recorded("football", ["human", "greedy"])
    cut = replace(record, steps=record.steps[:60])
    table = PageTable()
    answer = table.handle({"op": "open", "link": link_of(cut)})
    assert answer["stop"] in ("roll", "decide") and "Loaded the link" in answer["log"]
    assert table.session.record().steps == cut.steps and table.form["seat1"] == "greedy"
    while answer["stop"] != "over":
        answer = table.handle(first_button(answer))
    assert [op for op, _ in BUTTON.findall(answer["choices"])] == ["new", "review"], "no seed: nothing to play again"
    assert table.session.record().steps[:60] == cut.steps


def test_a_bad_link_is_refused_in_one_sentence_and_the_table_goes_on():
    table = PageTable()
    table.handle({"op": "start", "form": {"game": "football", "num_players": "1", "seed": "3"}})
    saved = table.session.save_text()
    link = link_of(recorded("football", ["human"]))
    for bad, words in ((link[:-3] + ("AAA" if link[-3:] != "AAA" else "BBB"), r"^The link (was changed|is cut)"),
                       ("deerbook:2:abc", "^The link is of version '2'"),
                       (link_of(replace(recorded("football", ["human", "greedy"]), seats=("human", "nobody"),
                                        steps=(0,))), "^The link's game cannot be opened at a table here: seat"),
                       ("x" * 17_000, "must be a game.s link")):
        refused = json.loads(table.handle_json(json.dumps({"op": "open", "link": bad})))
        assert refused["stop"] == "error" and re.search(words, refused["message"]), refused
    assert table.session.save_text() == saved and table.replay is None
