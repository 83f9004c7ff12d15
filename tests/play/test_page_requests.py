"""Every request the book page's worker can receive gets an answer without a traceback: crafted requests (each field
null, of a wrong type, nested junk, a huge or non-finite number, an unknown field or op, text that is not JSON) sent
through the worker's entry point (`PageTable.handle_json`) at several points of a game of each mode, hot seat
included. A refusal is "Not allowed: <one sentence>" on the page and leaves the table as it was."""
import copy
import json
import random
import re
import sys
from html import unescape

import pytest

from deerbook.play.page import UNFORESEEN, PageTable

# a choice's button (its op and name) or a split's number field (its starting value), in the order they come
PART = re.compile(r'<button type="button" class="deerbook-choice" data-op="([a-z]+)"(?: data-name="([^"]*)")?'
                  r'|name="split" data-seat="\d+" value="(-?\d+)"')
# (name, form): each game and mode, people and bots, hot seat (two people at one table)
TABLES = [("deer", {"game": "deer", "num_players": "3", "seed": "11", "pace": "step"}),
          ("deer hot seat", {"game": "deer", "num_players": "2", "seat1": "human", "seed": "4", "pace": "quick"}),
          ("deer cards", {"game": "deer-cards", "num_players": "2", "seed": "5", "pace": "quick"}),
          ("football", {"game": "football", "num_players": "2", "seed": "3", "pace": "step"}),
          ("football hot seat", {"game": "football", "num_players": "2", "seat1": "human", "seed": "8"}),
          ("football solo", {"game": "football", "num_players": "1", "opt:solo_difficulty": "hard", "seed": "2"})]
MOST_PRESSES = 2000  # buttons pressed in a game at most (a game by its buttons takes a few hundred)
PER_POINT = 50  # crafted requests at each point of a game
JUNK = [None, True, 0, -1, 1.5, 10 ** 30, -10 ** 30, "", "x" * 5000, "\ud800", [], [None], [[[[]]]], {},
        {"op": "roll"}, {"a": {"b": [1, {"c": None}]}}, "1e999"]


def buttons(answer: dict) -> list[dict]:
    """The requests the answer's buttons send (a split's: with the numbers its own fields start at)."""
    found, fields = [], []
    for op, name, value in PART.findall(answer.get("choices", "")):
        if value:
            fields.append(int(value))
            continue
        found.append({"op": op, "name": unescape(name), **({"amounts": fields} if op == "split" else {})})
        fields = []
    return found


def sent(table: PageTable, request) -> dict:
    """The answer to a request sent as the page's worker sends it (JSON text)."""
    return json.loads(table.handle_json(request if isinstance(request, str) else json.dumps(request)))


def copied(table: PageTable) -> PageTable:
    """An independent copy of the table (modules and the game's view hooks shared: they hold no state)."""
    shared = {id(module): module for module in list(sys.modules.values())}
    if table.session is not None:
        shared[id(table.session.view_module)] = table.session.view_module
    return copy.deepcopy(table, shared)


def points(form: dict) -> dict[str, tuple[PageTable, dict]]:
    """A table, with its last answer, at several points of one game from `form`: before any game, just started,
    and the first time it stops at each kind of stop (roll, decide, a split, a bot's turn, the pass screen of a hot
    seat, the game's end), its buttons pressed at random (seeded)."""
    table = PageTable()
    found = {"no game": (copied(table), sent(table, {"op": "setup", "form": form, "changed": None}))}
    answer = sent(table, {"op": "start", "form": form})
    found["started"] = (copied(table), answer)
    rng = random.Random(json.dumps(form))
    for _ in range(MOST_PRESSES):
        offered = buttons(answer)
        kind = "split" if any(b["op"] == "split" for b in offered) else answer["stop"]
        if kind not in found:
            found[kind] = (copied(table), answer)
        if kind == "over":
            break
        reply = sent(table, rng.choice(offered or [{"op": "next"}]))
        answer = answer if reply["stop"] == "error" else reply
    return found


def started(form: dict) -> tuple[PageTable, dict]:
    """A page table that has just started a game from `form`, and its answer."""
    table = PageTable()
    return table, sent(table, {"op": "start", "form": form})


def valid_requests(answer: dict, form: dict) -> list[dict]:
    """Requests the page could send here: its buttons, the tools, the form's own, a resize."""
    return [*buttons(answer), {"op": "hint"}, {"op": "undo", "name": ""}, {"op": "setup", "form": form,
                                                                            "changed": "game"},
            {"op": "start", "form": form}, {"op": "width", "px": 390}, {"op": "split", "amounts": [1, -2]},
            {"op": "choose", "name": "roll"}, {"op": "seat", "name": ""}, {"op": "new"}, {"op": "again"}]


def crafted(request: dict, rng: random.Random) -> str:
    """One request made wrong: a field replaced by junk or dropped, a field or op unknown, or text that is no
    request at all; sent as the worker sends it, JSON text."""
    request = dict(request)
    kind = rng.randrange(8)
    if kind <= 2 and len(request) > 1:
        request[rng.choice([k for k in request if k != "op"])] = rng.choice(JUNK)
    elif kind == 3:
        request["op"] = rng.choice([*JUNK, "init", "load", "ROLL", "choose "])
    elif kind == 4:
        request[rng.choice(["id", "px", "amounts", "form", "__proto__", "x"])] = rng.choice(JUNK)
    elif kind == 5 and isinstance(request.get("form"), dict):
        request["form"] = {**request["form"], rng.choice(["game", "num_players", "seat0", "seat1", "seed", "pace",
                                                          "opt:advanced", "opt:nope", "one_by_one"]):
                           rng.choice([*JUNK, "99", "-3", "nope", "human", "search"])}
    elif kind == 6:
        request.pop(rng.choice(list(request)))
    elif kind == 7:
        return rng.choice(["", "null", "[]", "7", '"roll"', "{", '{"op": "roll"' + "}" * 3, "[" * 500 + "]" * 500,
                           '{"op": "width", "px": 1e999}', '{"op": "width", "px": NaN}', '{"op": "width", "px": '
                           + "9" * 5000 + "}", '{"op": "split", "amounts": [1e999]}'])
    else:
        request["amounts"] = rng.choice([[None], [1.5], ["1"], [True], [10 ** 20], list(range(50)), "1,2"])
    return json.dumps(request)


def table_now(table: PageTable) -> tuple:
    """What a refusal must leave as it was: the game (its save), the form, the pass screen and the width."""
    saved = table.session.save_text() if table.session is not None else None
    return saved, json.dumps(table.form, sort_keys=True), table.passing_to, table.width


@pytest.fixture(scope="module", params=TABLES, ids=[name for name, _ in TABLES])
def game_points(request):
    return request.param[1], points(request.param[1])


def test_the_points_cover_every_kind_of_stop(game_points):
    form, found = game_points
    kinds = {"no game", "started", "roll", "decide", "over"}
    kinds |= {kind for kind, here in (("turn", form.get("pace") == "step"), ("pass", form.get("seat1") == "human"),
                                      ("split", form["game"] == "deer")) if here}
    assert kinds <= set(found), sorted(found)


def test_every_crafted_request_gets_json_without_a_traceback_and_a_refusal_changes_nothing(game_points):
    form, found = game_points
    rng = random.Random(json.dumps(form))
    refused = 0
    for point, (pristine, answer) in found.items():
        table, before = copied(pristine), table_now(pristine)
        for _ in range(PER_POINT):
            text = table.handle_json(crafted(rng.choice(valid_requests(answer, form)), rng))
            reply = json.loads(text)
            assert "Traceback" not in text and 'File "' not in text, (point, text)
            if reply.get("stop") != "error":
                table = copied(pristine)  # a sound request moved the table on: back to this point
                continue
            refused += 1
            message = reply["message"]
            assert message and "\n" not in message and message != UNFORESEEN, (point, message)
            assert table_now(table) == before, (point, message)
    assert refused > len(found) * PER_POINT // 2


@pytest.mark.parametrize("request_, words", [
    ({"op": "width", "px": None}, "px must be a number of pixels, got null"),
    ({"op": "setup", "form": None}, "form must be an object of the set-up's fields"),
    ({"op": "start", "form": {"num_players": None}}, "'num_players' must be text"),
    ({"op": "start", "form": {"num_players": "two"}}, "the number of players must be a whole number"),
    ({"op": "split", "amounts": [None]}, "amounts must list one whole number of spaces for each pawn"),
    ({"op": "split", "amounts": [3]}, "no split is asked of you now"),
    ({"op": "roll", "px": 3}, "a 'roll' request has no field \"px\""),
    ({"op": "fly"}, "unknown request \"fly\": the table takes setup, start"),
    ({"op": "choose"}, "a 'choose' request needs its field 'name'"),
])
def test_the_worker_reproductions_are_refused_in_a_sentence(request_, words):
    table, _ = started({"game": "football", "num_players": "2", "seed": "3"})
    before = table_now(table)
    reply = sent(table, request_)
    assert reply["stop"] == "error" and words in reply["message"] and table_now(table) == before


def test_at_the_pass_screen_only_the_next_person_may_take_the_table():
    form = {"game": "deer", "num_players": "2", "seat1": "human", "seed": "4", "pace": "quick"}
    table, answer = started(form)
    rng = random.Random(4)
    for _ in range(200):
        if table.passing_to is not None:
            break
        reply = sent(table, rng.choice(buttons(answer)))
        answer = answer if reply["stop"] == "error" else reply
    assert table.passing_to is not None
    before = table_now(table)
    for request in ({"op": "roll"}, {"op": "hint"}, {"op": "choose", "name": "x"}, {"op": "next"}):
        reply = sent(table, request)
        assert reply["message"] == f"the table waits for P{table.passing_to} to take it first"
    assert table_now(table) == before


def test_an_unforeseen_error_is_told_in_a_sentence_and_its_traceback_goes_to_the_console(monkeypatch, capsys):
    table, _ = started({"game": "deer", "num_players": "2", "seed": "1"})

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")
    monkeypatch.setattr(PageTable, "answer", broken)
    text = table.handle_json(json.dumps({"op": "width", "px": 500}))
    assert json.loads(text) == {"stop": "error", "message": UNFORESEEN} and "Traceback" not in text
    assert "RuntimeError: a bug" in capsys.readouterr().err  # the browser's console (the worker's stderr)
