"""A game is a link: a seeded game of each mode replays from its link to the same end; a save and a link are two forms
of one record; a link edited by hand is refused with one sentence and changes nothing."""
import re
from dataclasses import replace

import pytest

from deerbook.engine import SaveFileError, make_game, state_to_json
from deerbook.engine.link import LinkError, is_link, link_of, page_link, record_from_link
from deerbook.engine.record import GameRecord, record_from_save, record_of_play, save_of_record
from deerbook.engine.registry import agent_factories
from deerbook.engine.saving import read_save
from deerbook.engine.seeding import stream
from deerbook.play.session import Session

MODES = [("deer", {}), ("deer", {"knocking": True}), ("deer-cards", {}), ("deer", {"num_players": 2}),
         ("football", {"num_players": 1}), ("football", {"num_players": 1, "solo_difficulty": "hard"}),
         ("football", {"num_players": 2}), ("football", {"num_players": 4})]
SENTENCE = re.compile(r"[A-Z].*[.]\Z", re.DOTALL)


def seeded_game(name: str, options: dict, seed: int = 7):
    """A whole game of greedy bots from `seed`: its record and its last position."""
    game = make_game(name, **options)
    seats = ["greedy"] * game.num_players
    return record_of_play(game, seats, [make() for make in agent_factories(game, seats)], seed)


@pytest.fixture(scope="module")
def solo():
    return seeded_game("football", {"num_players": 1})


@pytest.mark.parametrize("name, options", MODES, ids=[f"{n}-{o}" for n, o in MODES])
def test_a_seeded_game_replays_from_its_link_to_the_same_end(name, options):
    record, end = seeded_game(name, options)
    link = link_of(record)
    assert link.startswith("deerbook:1:") and is_link(link)
    opened = record_from_link(link)
    assert opened == record
    last = opened.final_state()
    assert last == end and last.is_terminal() and last.returns() == end.returns() and last.stats() == end.stats()


def test_the_links_of_a_whole_deer_game_and_a_solo_football_game_are_short(solo):
    deer, _ = seeded_game("deer", {})
    assert len(link_of(deer)) < 1000 and len(link_of(solo[0])) < 300  # measured: 867 and 223 characters


def test_a_page_address_carries_the_same_link(solo):
    address = page_link("https://example.org/play.html#old", solo[0])
    assert address.startswith("https://example.org/play.html#game=deerbook:1:")
    assert record_from_link(address) == solo[0]


def test_a_save_converts_to_a_link_and_back_to_the_same_record(tmp_path):
    session = Session("football", ["greedy", "greedy"], seed=11)
    session.run()
    text = session.save_text()
    record = record_from_save(text)
    assert record == session.record() and record.seats == ("greedy", "greedy")
    assert record.final_state() == session.state
    again = save_of_record(record_from_link(link_of(record)), stream(1))
    assert record_from_save(again) == record
    state, table = read_save(again)
    assert state == session.state and table.seed is None  # a record holds no seed


def test_a_save_of_a_game_in_progress_converts_too():
    session = Session("deer", ["human", "greedy", "greedy"], seed=5)
    session.until_decision()
    record = record_from_save(session.save_text())
    assert record_from_link(link_of(record)).final_state() == session.state
    assert not record.final_state().is_terminal()


def test_a_save_that_does_not_list_its_steps_has_no_record():
    game = make_game("football", num_players=1)
    continued = Session(game, ["greedy"], seed=3, state=game.initial_state())  # its earlier steps are unknown
    for text in (continued.save_text(), state_to_json(game.initial_state())):
        with pytest.raises(SaveFileError, match="does not list the steps"):
            record_from_save(text)
    with pytest.raises(SaveFileError, match="does not list its earlier steps"):
        continued.record()


def edits(link: str):
    """Every link one character away from `link` in its data: each character changed to another of its kind."""
    head = len("deerbook:1:")
    for at in range(head, len(link)):
        other = "A" if link[at] != "A" else "B"
        yield link[:at] + other + link[at + 1:]


def test_every_changed_character_is_refused_with_a_sentence(solo):
    link = link_of(solo[0])
    for edited in edits(link):
        with pytest.raises(LinkError) as refused:
            record_from_link(edited)
        assert SENTENCE.match(str(refused.value)), str(refused.value)


@pytest.mark.parametrize("edit, words", [
    (lambda link: link.replace("deerbook:1:", "deerbook:2:"), "version '2'"),
    (lambda link: link[:len(link) // 2], "cut short"),
    (lambda link: link[:-1], "cut short"),
    (lambda link: link + "!", "character no link has"),
    (lambda link: "deerbook:" + link, "version"),
    (lambda link: "hello", "not a deerbook link"),
    (lambda link: link + "A" * 1_000_000, "characters long, more than"),
])
def test_a_link_edited_by_hand_is_refused_naming_what_is_wrong(solo, edit, words):
    with pytest.raises(LinkError, match=words) as refused:
        record_from_link(edit(link_of(solo[0])))
    assert SENTENCE.match(str(refused.value))


@pytest.mark.parametrize("change, words", [
    (lambda steps: steps[:5] + (999,) + steps[6:], "step 6: 999 is no legal choice"),
    (lambda steps: steps + (0,), "already over"),
])
def test_a_step_not_legal_at_its_position_is_refused_naming_it(solo, change, words):
    record = replace(solo[0], steps=change(solo[0].steps))
    with pytest.raises(LinkError, match=words) as refused:
        record_from_link(link_of(record))
    assert SENTENCE.match(str(refused.value))


def test_a_link_with_a_set_up_that_makes_no_game_is_refused(solo):
    for record in (replace(solo[0], game="chess"), replace(solo[0], options={"num_players": 9}),
                   replace(solo[0], seats=("greedy", "greedy"))):
        with pytest.raises(LinkError, match="does not replay"):
            record_from_link(link_of(record))


def test_a_bad_record_leaves_the_table_as_it_was(solo):
    session = Session("football", ["human", "greedy"], seed=2)
    session.until_decision()
    before = (session.state, list(session.log), session.seats, session.seed)
    bad = GameRecord("football", solo[0].options, ("greedy",), (999,))
    with pytest.raises(SaveFileError, match="step 1"):
        session.load_record(bad)
    assert (session.state, list(session.log), session.seats, session.seed) == before


def test_a_link_is_offered_for_hidden_hands_only_over_or_between_bots():
    person = Session("deer", ["human", "greedy", "greedy"], seed=4)
    person.until_decision()
    assert "shows every player's hand" in person.why_no_link()
    with pytest.raises(SaveFileError, match="every player's hand"):
        person.link()
    bots = Session("deer", ["greedy", "greedy", "greedy"], seed=4)
    bots.advance()
    assert bots.why_no_link() == "" and record_from_link(bots.link()).final_state() == bots.state
    bots.run()
    assert bots.state.is_terminal() and bots.why_no_link() == ""
    football = Session("football", ["human", "greedy"], seed=4)
    football.until_decision()
    assert football.why_no_link() == "" and record_from_link(football.link()).final_state() == football.state


def test_a_linked_game_goes_on_at_a_table_with_its_log_and_no_seed(solo):
    record = replace(solo[0], seats=("human",), steps=solo[0].steps[:20])
    session = Session("deer")
    session.load_record(record_from_link(link_of(record)))
    assert session.state == record.final_state() and session.seats == ["human"]
    assert session.seed_text == "a stream" and session.record() == record
    assert len(session.log) == 21  # every step told again, then "Loaded the link"
    session.until_decision()
    assert session.person_to_move() == 0


def test_a_link_holding_more_steps_than_any_game_is_refused_unread(solo):
    record = replace(solo[0], steps=(0,) * 60_000)
    with pytest.raises(LinkError, match="60,000 steps, more than the 50,000"):
        record_from_link(link_of(record))
