"""Whatever the loader accepts, a table can play on from and save, and that save loads again: one validation for
reading and writing (`engine.saving`). Crafted saves are real saves of tables of each game (Deer, Deer cards,
Football for two and solo) with one field of the state, the options or the table changed and the digest made to
match, as a careful forger would; each one the loader accepts is played on with seeded bots at a `Session` and saved
again. (Hypothesis is not a dependency of the project: the cases come from a seeded generator, like
tests/engine/test_save_fuzz.py's.)"""
import json
import math
import random

import pytest

from deerbook.engine import SaveFileError, make_game
from deerbook.engine.saving import MAX_STEPS, _digest, read_save, state_to_json
from deerbook.engine.validate import MAX_WHOLE
from deerbook.play.session import Session, Stop

from save_mutations import leaves

# (game, options, seats): people and bots, each game and mode; a person's choice is a seeded random legal one
TABLES = [("deer", {"num_players": 3, "advanced": True}, ["human", "random", "greedy"]),
          ("deer-cards", {"num_players": 3}, ["random", "human", "random"]),
          ("football", {"num_players": 2}, ["human", "greedy"]),
          ("football", {"num_players": 1, "solo_difficulty": "hard"}, ["human"])]
CASES = 150  # crafted saves per table (the file takes about 20 s of CPU)
PLAY_ON = 4  # stops of the table played after a crafted save is loaded
INFINITE = "__1e999__"  # a value written into the text as the number 1e999, which Python reads as infinity
BODY = ("game", "options", "state", "table")


def moved_on(session: Session, rng: random.Random, stops: int) -> None:
    """The table played on for `stops` stops: bots move, a person rolls or makes a random legal choice."""
    for _ in range(stops):
        stop = session.advance()
        if stop == Stop.OVER:
            return
        if stop == Stop.ROLL:
            session.roll()
        elif stop == Stop.DECIDE:
            session.decide([rng.choice(session.state.legal_actions())])


def table_saves(name: str, options: dict, seats: list[str], seed: int) -> list[str]:
    """The saves of one seeded game at a table, one at each of its stops."""
    session, rng, saves = Session(make_game(name, **options), seats, seed=seed), random.Random(seed), []
    while not session.state.is_terminal():
        moved_on(session, rng, 1)
        saves.append(session.save_text())
    return saves


@pytest.fixture(scope="module")
def saves() -> dict[str, list[str]]:
    return {f"{name}-{len(seats)}": table_saves(name, options, seats, seed)
            for seed, (name, options, seats) in enumerate(TABLES)}


def crafted_value(value, rng: random.Random):
    """A value a forger might put in a field: a neighbour, a bound, a huge or non-finite number, another type."""
    if isinstance(value, bool):
        return rng.choice([not value, None, 0, 1, "true"])
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, value + rng.randint(2, 20), 0, -1, MAX_STEPS, MAX_STEPS + 1, 10 ** 12,
                           MAX_WHOLE - 10 ** 6, -MAX_WHOLE + 10 ** 6, 1.5, 2.0, "1", None, INFINITE])
    if isinstance(value, float) or value is None:  # a stream's gauss field, a pending choice
        return rng.choice([None, 0.5, -1.75, 1e308, INFINITE, 0, 3])
    if isinstance(value, str):
        return rng.choice(["human", "random", "greedy", "x" * 41, "", value + "x", "pass 1 to player 1", 7])
    if isinstance(value, list):
        return rng.choice([value[:-1], [*value, *value[:1]], [], None])
    return rng.choice([None, 1, "x"])


def crafted(text: str, rng: random.Random) -> str:
    """The save with one field of its state, options or table changed and its digest made to match."""
    doc = json.loads(text)
    part = rng.choices(["state", "table", "options"], weights=[14, 5, 1])[0]
    root = doc[part]
    if part == "table":  # a field of the table first: most of its leaves are a stream's words
        key = rng.choice(sorted(root))
        paths = [(key, *path) for path in leaves(root[key])]
        gauss = [(key, i, 2) for i in range(len(root[key]))] if key == "streams" else []
        *keys, last = rng.choice(gauss) if gauss and rng.random() < 0.5 else rng.choice(paths or [(key,)])
    else:
        *keys, last = rng.choice(leaves(root))
    target = root
    for key in keys:
        target = target[key]
    target[last] = crafted_value(target[last], rng)
    body = {key: doc[key] for key in BODY if key in doc}
    digest = _digest(json.loads(json.dumps(body).replace(f'"{INFINITE}"', "Infinity"), parse_constant=float))
    return json.dumps({**doc, "digest": digest}).replace(f'"{INFINITE}"', "1e999")


def loaded(text: str) -> Session | None:
    """A table that loaded the save, or None if the loader refused it (with SaveFileError, and only that)."""
    session = Session("deer", ["random", "random"], seed=1)
    try:
        session.load_text(text, "the crafted save")
    except SaveFileError:
        return None
    return session


@pytest.mark.parametrize("table", [f"{name}-{len(seats)}" for name, _, seats in TABLES])
def test_every_crafted_save_the_loader_accepts_plays_on_and_saves_again(saves, table):
    rng = random.Random(table)
    accepted = 0
    for case in range(CASES):
        session = loaded(crafted(rng.choice(saves[table]), rng))
        if session is None:
            continue
        accepted += 1
        moved_on(session, random.Random(case), PLAY_ON)
        again = session.save_text()  # a save the loader refuses would raise SaveFileError here
        assert loaded(again) is not None, again
    assert 0 < accepted < CASES  # both outcomes occur: the edits are neither all harmless nor all refused


def with_table(text: str, change) -> str:
    """A save with its table changed by `change`, the digest made to match."""
    doc = json.loads(text)
    change(doc["table"])
    return json.dumps({**doc, "digest": _digest({key: doc[key] for key in BODY})})


def started(name: str = "deer", seats=("human", "greedy")) -> Session:
    session = Session(name, list(seats), seed=7)
    session.until_decision()
    return session


def test_a_table_at_the_most_steps_plays_on_and_its_save_loads_again():
    session = loaded(with_table(started().save_text(), lambda t: t.update(steps=MAX_STEPS)))
    assert session is not None and session.played == MAX_STEPS
    moved_on(session, random.Random(1), PLAY_ON)
    assert session.played > MAX_STEPS
    state, table = read_save(session.save_text())
    assert table.steps == MAX_STEPS and state == session.state  # the count stops at the bound, the game goes on


def test_steps_past_the_bound_are_refused_by_the_loader():
    with pytest.raises(SaveFileError, match=f"table.steps: must be an integer from 0 to {MAX_STEPS}"):
        read_save(with_table(started().save_text(), lambda t: t.update(steps=MAX_STEPS + 1)))


def infinite_gauss(text: str, stream: int) -> str:
    """A save whose random stream `stream` has 1e999 (read as infinity) as its gauss field."""
    text = with_table(text, lambda t: t["streams"][stream].__setitem__(2, math.inf))
    return text.replace("Infinity", "1e999")


@pytest.mark.parametrize("stream", [0, 1])
def test_a_stream_with_an_infinite_gauss_field_is_refused_naming_it(stream):
    text = infinite_gauss(started().save_text(), stream)
    with pytest.raises(SaveFileError, match=rf"table.streams\[{stream}\]\[2\]: must be a finite number"):
        Session("deer", ["random", "random"], seed=1).load_text(text, "the file")


@pytest.mark.parametrize("number", ["1e999", "-1e999", "1E400"])
def test_a_state_number_out_of_range_is_refused_naming_it(number):
    text = started("football").save_text()
    doc = json.loads(text)
    doc["state"]["turn"] = math.inf
    body = {key: doc[key] for key in BODY}
    text = json.dumps({**doc, "digest": _digest(body)}).replace("Infinity", number)
    with pytest.raises(SaveFileError, match=r"state.turn: must be a finite number"):
        read_save(text)


def test_the_writer_refuses_a_game_the_loader_would_refuse():
    session = started()
    session.match.chance_rng.setstate((3, session.match.chance_rng.getstate()[1], math.inf))
    with pytest.raises(SaveFileError, match="this game cannot be saved: .*Infinity is not a JSON number"):
        session.save_text()


def test_a_save_too_big_with_its_moves_is_written_without_them():
    session = started()
    record = session.table_record()
    huge = record.__class__(record.seats, record.seed, record.streams, ("x" * 199,) * 6000, record.steps)
    state, table = read_save(state_to_json(session.state, huge))
    assert state == session.state and table.moves is None


def test_the_notebook_table_plays_on_from_the_most_steps_and_refuses_an_infinite_gauss(tmp_path):
    pytest.importorskip("ipywidgets")
    from deerbook.widgets import GameTable

    text = started().save_text()
    table = GameTable("deer", ["human", "greedy"], seed=5, bot_delay=0, save_dir=tmp_path)
    assert table.load(with_table(text, lambda t: t.update(steps=MAX_STEPS)), "big.json")
    moved_on(table, random.Random(2), PLAY_ON)
    path = table.save()
    assert path is not None and "Saved to" in table.note.value
    other = GameTable("deer", ["greedy", "greedy"], seed=9, bot_delay=0, save_dir=tmp_path)
    assert other.load(path.read_text(), path.name) and other.played >= MAX_STEPS
    before = other.save_text()
    assert not other.load(infinite_gauss(text, 0), "gauss.json") and "gauss.json cannot be loaded" in other.note.value
    assert other.save_text() == before  # the refused file changed nothing
