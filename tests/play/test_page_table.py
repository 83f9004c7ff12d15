"""The book page's table, driven from Python as the page's script drives it (tests/built_book/test_play_page.py
plays it in a browser): a game picked in the form, every legal choice a button, whole games to "New game"."""
import json
import random
import re
import subprocess
import sys
from html import escape
from html.parser import HTMLParser

import pytest

from deerbook.bots.catalogue import mode_strength
from deerbook.engine.registry import agents_for
from deerbook.play.page import PageTable
from deerbook.play.session import Stop


class Buttons(HTMLParser):
    """The buttons of an HTML part: (data-op, data-name, label)."""

    def __init__(self, html: str):
        super().__init__()
        self.found, self._open = [], None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if tag == "button":
            attrs = dict(attrs)
            self._open = [attrs.get("data-op"), attrs.get("data-name", ""), ""]

    def handle_data(self, data):
        if self._open is not None:
            self._open[2] += data

    def handle_endtag(self, tag):
        if tag == "button" and self._open is not None:
            self.found.append(tuple(self._open))
            self._open = None


SPLIT_FIELD = re.compile(r'<input type="number" name="split" data-seat="(\d+)" value="(-?\d+)"')


SPLIT_FORM = re.compile(r'<fieldset class="deerbook-split">.*?</fieldset>')


def split_fields(html: str, name: str = "") -> list[tuple[int, int]]:
    """(seat, starting value) of each field of the split shown in the choices whose button is named `name` (a
    rack's: the rack played; a split alone: "")."""
    form = next(found for found in SPLIT_FORM.findall(html) if (f'data-name="{escape(name)}"' in found) == bool(name))
    return [(int(seat), int(value)) for seat, value in SPLIT_FIELD.findall(form)]


def random_split(total: int, pawns: int, rng: random.Random) -> list[int]:
    """A random split of `total` spaces over `pawns` pawns, each moved back or forward."""
    cuts = sorted(rng.randint(0, total) for _ in range(pawns - 1))
    sizes = [b - a for a, b in zip([0, *cuts], [*cuts, total])]
    return [size * rng.choice((1, -1)) for size in sizes]


def press(table: PageTable, answer: dict, op: str, name: str) -> dict:
    """Press a button of the last answer (a split's: with the numbers its fields start at)."""
    amounts = {"amounts": [value for _, value in split_fields(answer["choices"], name)]} if op == "split" else {}
    return table.handle({"op": op, "name": name, **amounts})


def play_to_the_end(table: PageTable, answer: dict, seed: int, limit: int = 4000) -> dict:
    """Click the page's buttons as a person would until the game is over (a rack: its whole split at once, the one
    it starts at or a random one); check the buttons on the way."""
    rng = random.Random(seed)
    for _ in range(limit):
        buttons = Buttons(answer["choices"]).found
        if answer["stop"] == "over":
            return answer
        if answer["stop"] == "decide" and table.session.state.phase in ("rack_pawn", "bullseye_pawn"):
            assert [(op, name) for op, name, _ in buttons] == [("split", "")], "the pawns' moves: one decision"
        elif answer["stop"] == "decide":  # a rack's split is one button named by the rack: one decision
            legal = [str(a) for a in table.session.state.legal_actions()]
            assert sorted(name for _, name, _ in buttons) == sorted(legal)
            racks = [op for op, name, _ in buttons if name.startswith("rack ")]
            assert racks[:1] in ([], ["split"]) and set(racks[1:]) <= {"choose"}, "the first rack: a split form"
        op, name, _ = rng.choice(buttons)
        if op == "split":
            start = [value for _, value in split_fields(answer["choices"], name)]
            total = int(re.search(r"\((\d+)\)$", name).group(1)) if name else table.session.state.moves_left
            assert sum(map(abs, start)) == total
            amounts = start if rng.random() < 0.5 else random_split(total, len(start), rng)
            answer = table.handle({"op": "split", "name": name, "amounts": amounts})
            assert answer["stop"] != "error", answer
            continue
        answer = table.handle({"op": op, "name": name})
    pytest.fail("the game did not end")


@pytest.mark.parametrize("form", [
    {"game": "deer", "num_players": "3", "seed": "12", "pace": "step"},
    {"game": "deer", "num_players": "4", "opt:advanced": True, "seat1": "advisor", "seed": "3", "pace": "step"},
    {"game": "deer-cards", "num_players": "3", "seed": "7/2", "pace": "quick"},
    {"game": "football", "num_players": "2", "seat1": "advisor", "seed": "8", "pace": "step"},
    {"game": "football", "num_players": "1", "opt:solo_difficulty": "hard", "seed": "9", "pace": "quick"},
], ids=["deer", "deer-advanced", "deer-cards", "football", "football-solo"])
def test_a_whole_game_by_its_buttons_ends_with_the_result_and_new_game(form):
    table = PageTable()
    answer = table.handle({"op": "start", "form": form})
    assert answer["stop"] == "roll" and "How to play" in answer["help"] and "<svg" in answer["view"]
    assert table.session.seed_text == form["seed"] and table.session.seats[0] == "human"
    over = play_to_the_end(table, answer, 1)
    assert "<b>Game over.</b>" in over["status"] and re.search(r"\b(wins?|beat|share the win)\b", over["status"])
    assert re.search(r"(The game ended after round|The most points wins|Blitz Bach)", over["status"])
    assert [op for op, _, _ in Buttons(over["choices"]).found] == ["new", "again", "review"]
    again = table.handle({"op": "again"})
    assert table.session.seed_text == form["seed"] and again["stop"] == "roll"
    fresh = table.handle({"op": "new"})
    assert fresh["stop"] in ("roll", "decide", "turn") and "How to play" in fresh["help"]
    assert table.session.seed_text != form["seed"], "a new game has a fresh seed (1 in a million: the same)"


def test_step_pace_shows_each_bot_turn_and_quick_pace_plays_straight_on():
    stepped = PageTable()
    answer = stepped.handle({"op": "start", "form": {"game": "deer", "num_players": "4", "seed": "5", "pace": "step"}})
    stops = []
    for _ in range(150):
        stops.append(answer["stop"])
        op, name, _ = Buttons(answer["choices"]).found[0]
        answer = press(stepped, answer, op, name)
    assert "turn" in stops and Buttons(PageTable().handle({"op": "setup"})["form"]).found  # the Start button
    quick = PageTable()
    answer = quick.handle({"op": "start", "form": {"game": "deer", "num_players": "4", "seed": "5", "pace": "quick"}})
    for _ in range(150):
        assert answer["stop"] != "turn"
        op, name, _ = Buttons(answer["choices"]).found[0]
        answer = press(quick, answer, op, name)


def test_the_form_lists_every_game_and_each_seat_the_catalogue_with_strengths():
    table = PageTable()
    form = table.handle({"op": "setup", "form": {"game": "football", "num_players": "2"}})["form"]
    assert 'value="football" selected' in form and 'value="deer-cards"' in form
    for agent, info in agents_for("football").items():  # its strength as measured in 2-player Football
        word = mode_strength(info, "football", {"num_players": 2})
        assert f">{agent} ({'weakest' if word == 'random' else escape(word)})</option>" in form
    assert form.count('name="seat') == 2 and 'name="opt:solo_difficulty"' in form
    solo = table.handle({"op": "setup", "form": {"num_players": "1"}})["form"]
    assert solo.count('name="seat') == 1 and "1 (solo)" in solo
    deer = table.handle({"op": "setup", "form": {"game": "deer"}})["form"]
    assert 'value="search"' in deer and "search (strong)" in deer
    assert "perfect-info" in agents_for("deer") and 'value="perfect-info"' not in deer  # it cheats: no seat


def test_bad_input_is_named_and_changes_nothing():
    table = PageTable()
    table.handle({"op": "start", "form": {"game": "deer", "num_players": "3", "seed": "4"}})
    before = table.session.state
    assert table.handle({"op": "choose", "name": "choose 13"}) == {
        "stop": "error", "message": f"{before.rule()}: it is not a person's turn"}
    refused = table.handle({"op": "start", "form": {"seed": "seven"}})
    assert refused["stop"] == "error" and "a seed is a whole number" in refused["message"]
    assert table.session.state == before and table.form["seed"] == "4"


def test_the_drawing_follows_the_page_width_and_hints_answer():
    table = PageTable()
    table.handle({"op": "start", "form": {"game": "football", "num_players": "1", "seed": "7"}})
    narrow = table.handle({"op": "width", "px": 360})
    assert 'width="360"' in narrow["view"] and "help" not in narrow
    assert 'width="780"' in table.handle({"op": "width", "px": 1200})["view"]
    assert table.handle({"op": "hint"}) == {"hint": ""}  # a roll is no decision
    decided = table.handle({"op": "roll"})
    assert decided["stop"] == "decide" and decided["hint_available"]
    hint = table.handle({"op": "hint"})["hint"]
    assert hint.count("<li>") == len(table.session.state.legal_actions()) and "%" in hint


def test_hot_seat_passes_the_table_before_showing_a_hand():
    table = PageTable()
    answer = table.handle({"op": "start", "form": {"game": "deer", "num_players": "2", "seat1": "human",
                                                   "seed": "2", "pace": "step"}})
    passes = 0
    for _ in range(200):
        if answer["stop"] == "pass":
            passes += 1
            assert answer["view"] == answer["log"] == "" and Buttons(answer["choices"]).found[0][0] == "seat"
        op, name, _ = Buttons(answer["choices"]).found[0]
        answer = press(table, answer, op, name)
    assert passes > 2


def test_requests_and_answers_are_json():
    table = PageTable()
    answer = json.loads(table.handle_json(json.dumps({"op": "start", "form": {"seed": "1"}})))
    assert answer["stop"] == str(Stop.ROLL) and set(answer) >= {"status", "choices", "view", "log", "help", "form"}


def seat_log(table: PageTable, seat: int) -> list[str]:
    """Every line of the game's log that seat `seat` may read, oldest first."""
    session = table.session
    return [line for entry in session.log for line in entry.narration.lines_for(seat, session.names)]


def test_each_move_tells_the_new_lines_and_what_the_reader_is_asked():
    table = PageTable()
    answer = table.handle({"op": "start", "form": {"game": "deer", "num_players": "3", "seed": "12", "pace": "step"}})
    told, rng = [], random.Random(3)
    for _ in range(300):
        told += answer["news"]
        assert told == table.session.history, "each line told once, in order, none left out"
        if answer["stop"] in ("roll", "decide", "over"):
            assert answer["prompt"] and escape(answer["prompt"]) in answer["status"], "the prompt, as shown"
        else:
            assert answer["prompt"] == "", "a bot's turn shown asks nothing"
        if answer["stop"] == "over":
            break
        assert "news" not in table.handle({"op": "width", "px": 400}), "a redraw tells nothing"
        if answer.get("hint_available"):
            assert set(table.handle({"op": "hint"})) == {"hint"}
        op, name, _ = rng.choice(Buttons(answer["choices"]).found)
        answer = press(table, answer, op, name)
    assert answer["stop"] == "over" and answer["prompt"] == table.session.result()
    fresh = table.handle({"op": "new"})
    assert fresh["news"] == table.session.history and fresh["news"][0].startswith("The cards are dealt"), \
        "a new game is told from its start"


def test_hot_seat_tells_each_seat_only_its_own_log():
    table = PageTable()
    answer = table.handle({"op": "start", "form": {"game": "deer", "num_players": "2", "seat1": "human",
                                                   "seed": "2", "pace": "step"}})
    told, passes, rng = {0: [], 1: []}, 0, random.Random(4)
    for _ in range(400):
        if answer["stop"] == "pass":
            passes += 1
            to = table.passing_to
            assert (answer["news"], answer["prompt"]) == ([], f"Pass the table to P{to}."), "whom to pass to, only"
        else:
            seat = table.session.viewer
            told[seat] += answer["news"]
            assert told[seat] == seat_log(table, seat), f"P{seat} is told its own log, all of it, and nothing else"
        if answer["stop"] == "over":
            break
        op, name, _ = rng.choice(Buttons(answer["choices"]).found)
        answer = press(table, answer, op, name)
    assert passes > 2 and told[0] and told[1]
    assert set(seat_log(table, 0)) != set(seat_log(table, 1)), "the two seats' logs differ (their hands)"


def test_warm_up_imports_what_a_first_deal_needs(tmp_path):
    # The page's start snapshot is taken after warm_up: then a first deal of any game imports nothing more.
    script = ("import sys\nfrom deerbook.play.page import PageTable, warm_up\nwarm_up()\nbefore = set(sys.modules)\n"
              "for game in ('deer', 'deer-cards', 'football'):\n"
              "    PageTable().handle({'op': 'start', 'form': {'game': game, 'num_players': '2', 'seed': '9'}})\n"
              "print(sorted(set(sys.modules) - before))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, check=True,
                          timeout=120)
    assert done.stdout.strip() == "[]", done.stdout


def rack_table(*moves) -> PageTable:
    """A page table at a rack of 15 the reader plays (its pawns all on 0), against two greedy bots."""
    from deerbook.deer import position
    from deerbook.engine import make_game
    from deerbook.chapters.deer_examples import act, roll
    from deerbook.play.session import Session

    game = make_game("deer", num_players=3)
    state = act(roll(position(game, [["1", "Fox", "Wolf", "Bear", "9"], ["2", "3"], ["4", "5"]]), 1, 2, 4,
                     "discard"), "discard nothing", "rack Fox+Wolf+Bear (15)", *moves)
    table = PageTable()
    table.form = {**table.form, "pace": "step"}
    table.session = Session(game, ["human", "greedy", "greedy"], seed=1, state=state)
    table.advance()
    return table


def test_a_rack_is_one_decision_on_the_page():
    table = rack_table()
    shown = table.answer(full=False)
    assert split_fields(shown["choices"]) == [(0, 0), (1, 15), (2, 0)], "your pawn on 0: all onto the leader"
    assert [op for op, _, _ in Buttons(shown["choices"]).found] == ["split"]
    assert "Your pawn (on 0)" in shown["choices"] and "Move the pawns (15 spaces)" in shown["choices"]
    answer = table.handle({"op": "split", "amounts": [0, 9, 6]})
    assert table.session.state.pawns == (0, 9, 6) and table.session.state.phase != "rack_pawn"
    assert len(table.session.undo_stack) == 1, "the whole split: one decision"
    assert "You played Fox+Wolf+Bear (15): P1 (greedy)'s pawn forward 9, P2 (greedy)'s pawn forward 6" in \
        answer["news"], "the rack told in one line"


def test_seat_menus_are_short_labels_with_what_the_bot_does_beside_in_the_games_words():
    table = PageTable()
    football = table.handle({"op": "setup", "form": {"game": "football", "num_players": "2", "seat1": "advisor"}})
    menu = football["form"].split('name="seat1"')[1].split("</select>")[0]
    options = re.findall(r"<option[^>]*>([^<]*)</option>", menu)
    assert options == ["a person", "random (weakest)", "greedy (basic)", "advisor (≈ greedy)", "search (strong)"]
    about = re.search(r'<small class="deerbook-about" id="about-seat1">([^<]*)</small>', football["form"]).group(1)
    assert "play" in about and not re.search(r"\b(numbers|knocks?|Deer)\b", about), about
    assert 'aria-describedby="about-seat1"' in football["form"]
    deer = table.handle({"op": "setup", "form": {"game": "deer"}, "changed": "game"})["form"]
    assert "sheds the most points" in deer and "yards" not in deer


def test_sheets_are_named_for_what_they_are_with_the_developer_name_as_a_tooltip():
    form = PageTable().handle({"op": "setup", "form": {"game": "football", "num_players": "2"}})["form"]
    assert "<span>Play sheet</span>" in form and "calibrated-v2 / " not in form
    assert '<option value="calibrated-v2" title="calibrated-v2" selected>the standard sheet</option>' in form
    assert '<option value="reconstructed-v1" title="reconstructed-v1">the first reconstruction</option>' in form
    assert "the default is calibrated-v2" not in form


def test_every_advanced_rule_and_the_rule_boxes_stay_in_step():
    table = PageTable()
    table.handle({"op": "setup", "form": {"game": "deer"}, "changed": "game"})
    ticked = table.handle({"op": "setup", "form": {"opt:advanced": True}, "changed": "opt:advanced"})["form"]
    rules = ("advanced", "knocking", "headlights_spaces", "bullseye_spaces")
    assert all(f'name="opt:{rule}" checked' in ticked for rule in rules), "ticking every rule ticks all three"
    one_off = table.handle({"op": "setup", "form": {"opt:knocking": False}, "changed": "opt:knocking"})["form"]
    assert 'name="opt:advanced" checked' not in one_off and 'name="opt:bullseye_spaces" checked' in one_off
    again = table.handle({"op": "setup", "form": {"opt:knocking": True}, "changed": "opt:knocking"})["form"]
    assert 'name="opt:advanced" checked' in again, "all three ticked: every rule is"
    off = table.handle({"op": "setup", "form": {"opt:advanced": False}, "changed": "opt:advanced"})["form"]
    assert not any(f'name="opt:{rule}" checked' in off for rule in rules)


def test_hot_seat_is_a_named_choice_and_the_other_person_is_called_by_seat():
    table = PageTable()
    form = table.handle({"op": "setup", "form": {"game": "deer", "num_players": "2"}})["form"]
    assert "Play with friends at one screen (hot seat)" in form and 'data-hot-seat data-bot="greedy">' in form
    both = table.handle({"op": "setup", "form": {"seat1": "human"}, "changed": "seat1"})["form"]
    assert 'data-hot-seat data-bot="greedy" checked>' in both, "every seat a person: the hot-seat box is ticked"
    solo = table.handle({"op": "setup", "form": {"game": "football", "num_players": "1"}})["form"]
    assert "hot seat" not in solo
    answer = table.handle({"op": "start", "form": {"game": "deer", "num_players": "2", "seat1": "human",
                                                   "seed": "2"}})
    assert "P1 (person)" in answer["status"] and "(human)" not in answer["status"] + answer["log"]


def test_the_start_button_is_not_pushed_down():
    form = PageTable().handle({"op": "setup", "form": {"game": "deer"}})["form"]
    assert form.endswith('<p class="deerbook-submit"><button type="submit">Start this game</button></p>')
    assert 'class="deerbook-start"' not in form, "the page's big centred Start style is for the table's first button"


def rack_choice_table() -> tuple[PageTable, dict]:
    """A page table at the reader's rack decision (Fox+Wolf+Bear of 15, its pawns all on 0)."""
    from deerbook.deer import position
    from deerbook.engine import make_game
    from deerbook.chapters.deer_examples import act, roll
    from deerbook.play.session import Session

    game = make_game("deer", num_players=3)
    state = act(roll(position(game, [["1", "Fox", "Wolf", "Bear", "9"], ["2", "3"], ["4", "5"]]), 1, 2, 4,
                     "discard"), "discard nothing")
    table = PageTable()
    table.form = {**table.form, "pace": "step"}
    table.session = Session(game, ["human", "greedy", "greedy"], seed=1, state=state)
    table.advance()
    return table, table.answer(full=False)


def test_a_rack_is_played_and_split_in_one_form_with_no_rack_beside_it():
    table, shown = rack_choice_table()
    assert table.session.state.phase == "rack"
    buttons = Buttons(shown["choices"]).found
    assert [(op, name) for op, name, _ in buttons] == [("split", "rack Fox+Wolf+Bear (15)"), ("choose", "no rack")]
    assert buttons[0][2] == "Move the pawns (15 spaces)" and buttons[1][2] == "No rack"
    assert "<legend>Play the rack Fox + Wolf + Bear (15)</legend>" in shown["choices"]
    assert split_fields(shown["choices"], "rack Fox+Wolf+Bear (15)") == [(0, 0), (1, 15), (2, 0)]
    assert table.handle({"op": "split", "name": "no rack", "amounts": [0, 15, 0]})["stop"] == "error"
    answer = table.handle({"op": "split", "name": "rack Fox+Wolf+Bear (15)", "amounts": [0, 9, 6]})
    assert answer["stop"] != "error" and table.session.state.pawns == (0, 9, 6)
    assert len(table.session.undo_stack) == 1, "the rack and its split: one decision"
    table.handle({"op": "undo"})
    assert table.session.state.phase == "rack", "undo takes back the rack and its split together"


def test_choices_come_in_the_rules_order_and_never_a_harmful_one_first():
    from deerbook.play.table_html import choices

    seen = set()
    for seed in range(1, 9):
        table = PageTable()
        answer = table.handle({"op": "start", "form": {"game": "deer", "num_players": "3", "seed": str(seed),
                                                       "opt:advanced": True, "pace": "quick"}})
        rng = random.Random(seed)
        while answer["stop"] != "over":
            state = table.session.state
            if answer["stop"] == "decide":
                kinds = [state.find_action(choice.name).kind for choice in choices(table.session, Stop.DECIDE)]
                seen.add(state.phase)
                if "keep" in kinds or "no_discard" in kinds or "no_draw" in kinds:
                    assert kinds[0] in ("keep", "no_discard", "no_draw"), kinds
                for last in ("discard", "no_joker", "no_rack", "no_more_groups", "draw", "knock"):
                    if last in kinds:
                        assert set(kinds[kinds.index(last):]) <= {"discard", "no_joker", "no_rack", "no_more_groups",
                                                                  "no_set_aside", "no_block", "draw", "knock"}, kinds
            op, name, _ = rng.choice(Buttons(answer["choices"]).found)
            answer = press(table, answer, op, name)
    assert {"predator", "rack", "joker"} <= {str(phase) for phase in seen}


def test_a_split_that_does_not_add_up_is_refused_on_the_page():
    table = rack_table()
    before = table.session.state
    refused = table.handle({"op": "split", "amounts": [0, 9, 5]})
    assert refused["stop"] == "error" and "these moves add up to 14 spaces" in refused["message"]
    assert table.session.state == before
    assert table.handle({"op": "split", "amounts": "9"})["stop"] == "error"


def test_undo_on_the_page_takes_back_a_decision_within_the_turn():
    table = PageTable()
    answer = table.handle({"op": "start", "form": {"game": "deer", "num_players": "3", "seed": "21", "pace": "quick"}})
    assert not answer["undo_available"]
    while answer["stop"] != "decide":
        answer = press(table, answer, *Buttons(answer["choices"]).found[0][:2])
    before, log = table.session.state, table.session.history
    first = Buttons(answer["choices"]).found[0]
    answer = press(table, answer, *first[:2])
    while answer["stop"] != "decide":  # on to the reader's next decision
        answer = press(table, answer, *Buttons(answer["choices"]).found[0][:2])
    after = table.session.history
    assert answer["undo_available"], "still the reader's turn: no roll and no bot's move since the decision"
    undone = table.handle({"op": "undo"})
    assert undone["undo_available"] is False, "the first decision taken back: nothing more to undo"
    assert table.session.state == before and table.session.history == log
    assert undone["hint"].startswith('<p class="deerbook-note">Undone: ')
    assert undone["prompt"].startswith("Undone: ") and undone["news"] == []
    again = press(table, undone, *first[:2])  # the same decision: the same dice and bots' moves follow
    while again["stop"] != "decide":
        again = press(table, again, *Buttons(again["choices"]).found[0][:2])
    assert table.session.history == after
    assert table.handle({"op": "undo"})["stop"] == "decide"
    assert table.handle({"op": "undo"})["stop"] == "error", "nothing left to take back"


def test_a_paused_bot_turn_offers_no_button_and_step_pace_offers_next():
    for pace, buttons in (("pause", []), ("step", [("next", "next")])):
        table = PageTable()
        answer = table.handle({"op": "start", "form": {"game": "deer", "num_players": "4", "seed": "5",
                                                       "pace": pace}})
        for _ in range(100):
            if answer["stop"] == "turn":
                assert [(op, name) for op, name, _ in Buttons(answer["choices"]).found] == buttons
                assert "Done: " in answer["status"]
                break
            answer = press(table, answer, *Buttons(answer["choices"]).found[0][:2])
        else:
            pytest.fail("no bot turn shown")


def test_one_by_one_is_a_setting_of_the_form_that_applies_at_once():
    table = PageTable()
    answer = table.handle({"op": "start", "form": {"game": "football", "num_players": "1", "seed": "7"}})
    assert 'name="one_by_one"' in answer["form"] and not table.session.one_by_one
    table.handle({"op": "setup", "form": {"one_by_one": True}})
    assert table.session.one_by_one


def test_every_seats_score_is_in_the_status():
    table = PageTable()
    answer = table.handle({"op": "start", "form": {"game": "football", "num_players": "3", "seed": "7"}})
    assert "Scores (the most points wins): you 0 · P1 (greedy) 0 · P2 (greedy) 0" in answer["status"]
    solo = table.handle({"op": "start", "form": {"game": "football", "num_players": "1", "seed": "7"}})
    assert "you 0 · Blitz Bach 0" in solo["status"]
    deer = table.handle({"op": "start", "form": {"game": "deer", "num_players": "2", "seed": "7"}})
    assert "Scores (the lowest wins; Finish at 100): you 0 · P1 (greedy) 0" in deer["status"]


def test_undo_on_the_page_never_goes_back_past_a_roll():
    """Issue 52's game at the page: turn 1 played, the next roll shown; Undo is neither offered nor done."""
    table = PageTable()
    answer = table.handle({"op": "start", "form": {"game": "deer", "num_players": "2", "seat1": "greedy",
                                                   "seed": "7", "pace": "quick"}})
    rolls = 0
    while rolls < 2:
        op, name, _ = Buttons(answer["choices"]).found[0]
        rolls += op == "roll"
        answer = press(table, answer, op, name)
    rolled = list(table.session.moves)
    assert answer["stop"] == "decide" and answer["undo_available"] is False
    refused = table.handle({"op": "undo"})
    assert refused["stop"] == "error" and "since the last roll or draw" in refused["message"]
    assert table.session.moves == rolled, "the roll and the decisions before it stand"


def test_undo_is_off_on_the_page_once_the_game_is_over():
    table = PageTable()
    answer = table.handle({"op": "start", "form": {"game": "deer", "num_players": "2", "seat1": "greedy",
                                                   "seed": "4", "pace": "quick"}})
    over = play_to_the_end(table, answer, 4)
    assert over["undo_available"] is False and table.handle({"op": "undo"})["stop"] == "error"
