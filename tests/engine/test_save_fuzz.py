"""A save file can't hurt: edited, garbled and hostile saves and component files are refused with the
engine's own errors, without opening any file a save names; edited saves that load can be played out. (How fast
they are refused is measured by benchmarks/responsiveness.py, not here.)"""
import json
import os
import threading
from functools import partial

import numpy as np
import pytest

from deerbook.deer import rules as deer_rules
from deerbook.deer.component_file import DATA_DIR
from deerbook.engine import (ComponentError, OptionError, SaveFileError, make_game,
                             state_from_json, state_to_json)
from deerbook.engine.errors import MAX_FILE_BYTES
from deerbook.engine.saving import _digest
from deerbook.football.rules import Phase as FootballPhase
from deerbook.football.sheet import DEFAULT_SHEET

from game_configs import CONFIGS
from save_mutations import changed, edited_save, leaves, load_or_refuse, pick, play_out, real_saves

PHASES = sorted(map(str, deer_rules.Phase)) + list(FootballPhase)
# The file takes about 10 s of CPU, most of it playing out the edited saves that load
EDITS = 1500  # one-field edits of real saves
GARBLES = 8000  # damaged save texts
COMPONENT_FILES = 1000  # damaged component files
COMPONENT_EDITS = 1000  # component data with entries changed
HANG_SECONDS = 60.0  # a load still running after this is stuck (on a FIFO, say), however busy the machine
# every game and option family, the basic Deer rules being covered by the advanced ones' saves
FUZZ_CONFIGS = [(name, options) for name, options in CONFIGS if name == "football" or options.get("advanced")
                or (name == "deer-cards" and options["num_players"] in (2, 5))]


@pytest.fixture(scope="module")
def saves():
    return real_saves(every=25, configs=FUZZ_CONFIGS)


def test_every_edited_save_is_refused_or_plays_to_the_end(saves):
    rng = np.random.default_rng(16)
    loaded = 0
    for i in range(EDITS):
        state = load_or_refuse(edited_save(pick(saves, rng), rng, PHASES))
        if state is not None:
            loaded += 1
            assert play_out(state, seed=i).is_terminal()
    assert 0 < loaded < EDITS  # both outcomes occur: the edits are neither all harmless nor all refused


def garbled(text: str, rng: np.random.Generator) -> bytes:
    """The text damaged: replaced by random bytes, bytes flipped, cut, spliced, or a value made hostile."""
    raw = bytearray(text.encode())
    damage = int(rng.integers(-1, 6))
    if damage == -1:
        return rng.bytes(int(rng.integers(1, 400)))
    if damage == 0:
        for _ in range(int(rng.integers(1, 4))):
            raw[int(rng.integers(len(raw)))] = int(rng.integers(256))
        return bytes(raw)
    if damage == 1:
        return bytes(raw[:int(rng.integers(len(raw)))])
    if damage == 2:
        at = int(rng.integers(len(raw)))
        return bytes(raw[:at] + raw[at - int(rng.integers(1, 50)):])
    hostile = pick(['[' * 1000 + ']' * 1000, '9' * 5001, '-1e999', 'NaN', '"\\ud800"', '{"a": {}}', '[]', 'null',
                    '1' * 17, '"/dev/zero"', '{}', '[[0]]', '"x"', 'true', '1.5', '-1', '[null, null]', '0'], rng)
    doc = json.loads(text)
    where = pick(objects(doc), rng)
    key = pick(sorted(where), rng)
    body = resealed(json.dumps(doc).replace(json.dumps({key: where[key]})[1:-1], f'"{key}": {hostile}', 1))
    return body.encode() if damage < 5 else body.encode() + b"\xff\xfe"


def resealed(text: str) -> str:
    """The text with its digest recomputed, where Python's own json can read it (a careful forger)."""
    try:
        doc = json.loads(text)
        return json.dumps({**doc, "digest": _digest({k: doc[k] for k in ("game", "options", "state")})})
    except (ValueError, RecursionError, KeyError, TypeError):
        return text


def objects(value) -> list[dict]:
    """Every non-empty JSON object inside `value`."""
    found = [value] if isinstance(value, dict) and value else []
    for item in value.values() if isinstance(value, dict) else value if isinstance(value, list) else ():
        found.extend(objects(item))
    return found


def load_or_refusal(load, refusals):
    """Run one load: it succeeds or raises one of `refusals` (anything else fails the test)."""
    try:
        load()
    except refusals:
        pass


def test_garbled_saves_raise_only_engine_errors(saves):
    rng = np.random.default_rng(1600)
    for _ in range(GARBLES):
        load_or_refusal(partial(state_from_json, garbled(pick(saves, rng), rng)), SaveFileError)


def component_sources() -> list[tuple[str, str, dict]]:
    """(game, option taking the data, data) of every built-in component set."""
    deer = [("deer", "components", json.loads((DATA_DIR / f"{name}.json").read_text()))
            for name in ("board-2014", "card-game")]
    return [*deer, ("football", "sheet", json.loads(DEFAULT_SHEET.read_text()))]


def test_garbled_component_files_raise_only_engine_errors(tmp_path):
    rng = np.random.default_rng(1601)
    sources, path = component_sources(), tmp_path / "components.json"
    for _ in range(COMPONENT_FILES):
        game, option, data = pick(sources, rng)
        path.write_bytes(garbled(json.dumps(data), rng))
        option = "sheet_file" if option == "sheet" else option  # the file a person names
        load_or_refusal(partial(make_game, game, **{option: str(path)}),
                   (ComponentError, OptionError))  # OptionError: e.g. the default player count no longer fits


def test_edited_component_data_raises_only_engine_errors():
    """One to three entries of the component data changed (to a neighbour, another type or another word)."""
    rng = np.random.default_rng(1602)
    words = ["number", "joker", "predator", "discard", "car", "deer_head", "wild", "kick", "5B", "5Y", "chain 7"]
    for _ in range(COMPONENT_EDITS):
        game, option, data = pick(component_sources(), rng)
        for _ in range(int(rng.integers(1, 4))):
            *keys, last = pick(leaves(data), rng)
            target = data
            for key in keys:
                target = target[key]
            target[last] = pick([changed(target[last], rng, words), [], {}, None, [1], {"a": 1}], rng)
        load_or_refusal(partial(make_game, game, **{option: data}), (ComponentError, OptionError))


# --- hostile input, one kind at a time ----------------------------------------------------------------
def save_of(name="deer", **options) -> str:
    return state_to_json(make_game(name, **options).initial_state())


def options_set(updates: dict):
    """A change to a save document setting some of its options."""
    return lambda doc: doc["options"].update(updates)


def forged(text: str, change) -> str:
    doc = json.loads(text)
    change(doc)
    return json.dumps({**doc, "digest": _digest({k: doc[k] for k in ("game", "options", "state")})})


@pytest.mark.parametrize("text, message", [
    ('[' * 1000 + ']' * 1000, "nested more than 32 deep"),
    ('{"format": ' + '[' * 40 + ']' * 40 + '}', "nested more than 32 deep"),
    ('{"format": ' + '9' * 5001 + '}', "thousands of digits"),
    ('{"format": "deerbook-save", "round": ' + '9' * 300 + '}', "saved game: round: an integer of 300 digits"),
    (b'{"format": "deerbook-save\xff"}', "not UTF-8"),
    ('{"format": NaN}', "NaN is not a JSON number"),
    (12, "expected JSON text"),
    (" " * (MAX_FILE_BYTES + 1), "more than the 1000000 allowed"),
])
def test_malformed_text_is_refused_naming_the_problem(text, message):
    with pytest.raises(SaveFileError, match=message):
        state_from_json(text)


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(game="deer-cards"), "'deer-cards' disagrees with its options, which make 'deer'"),
    (lambda d: d.update(game=["deer"]), "game: must be a game name"),
    (lambda d: d["options"].update(num_players=4.0),
     "deer option num_players .*must be an integer from 2 to 6, got 4.0"),
    (lambda d: d["options"].update(components=7), "components.* must be"),
    (lambda d: d["options"].update(flying=True), "flying"),
    (lambda d: d["state"].update(round=-1), r"state.round: must be an integer from 0 to 999999999999999"),
    (lambda d: d["state"].update(turns=2.0), r"state.turns: must be an integer from 0 to 999999999999999, got 2.0"),
    (lambda d: d["state"].update(hands="all"), r"state.hands: must be a list"),
])
def test_wrong_options_and_fields_are_refused_naming_them(change, message):
    with pytest.raises(SaveFileError, match=message):
        state_from_json(forged(save_of(num_players=4), change))


def test_football_player_counts_must_be_integers():
    for players in (4.0, True, "2", None):
        with pytest.raises(OptionError, match="num_players"):
            make_game("football", num_players=players)
    with pytest.raises(SaveFileError, match="num_players"):
        state_from_json(forged(save_of("football"), lambda d: d["options"].update(num_players=2.0)))


def in_thread(load, *args, seconds=HANG_SECONDS, **kwargs):
    """The exception `load(*args, **kwargs)` raises, failing the test if it is still running after `seconds` (a
    load that opened a FIFO would block for ever)."""
    outcome = []

    def run():
        try:
            load(*args, **kwargs)
            outcome.append(None)
        except Exception as exc:  # noqa: BLE001 (returned to the test, which checks its type)
            outcome.append(exc)
    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert outcome, f"{load.__name__} blocked for {seconds} s"
    return outcome[0]


# A path that is not a regular file may be refused before it is read, by make_game's option check (OptionError:
# "must be ... the path of a JSON file", which only looks the path up), or by the file reader (ComponentError).
NOT_A_FILE = "path of a JSON file"


@pytest.fixture
def hostile_paths(tmp_path):
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    return {"a FIFO": (fifo, "not a regular file"), "a device": ("/dev/zero", "not a regular file"),
            "a directory": (tmp_path, "not a regular file"), "a huge file": (huge, "more than the 1000000 allowed"),
            "missing": (tmp_path / "missing.json", "cannot read")}


def test_a_person_naming_a_hostile_component_file_gets_a_component_error(hostile_paths):
    for label, (path, message) in hostile_paths.items():
        for name, option in (("deer", "components"), ("football", "sheet_file")):
            error = in_thread(make_game, name, **{option: str(path)})
            assert (isinstance(error, ComponentError) and message in str(error)
                    or isinstance(error, OptionError) and NOT_A_FILE in str(error)), (label, name, error)


@pytest.mark.parametrize("name, options", [
    ("deer", {"components": 7}), ("deer", {"components": {"name": "x"}}), ("deer", {"components": [1]}),
    ("football", {"sheet_file": 7}), ("football", {"sheet": "sheet.json"}), ("football", {"sheet": {"play_tracks": 1}}),
])
def test_bad_component_arguments_get_an_engine_error(name, options):
    with pytest.raises((ComponentError, OptionError)):  # the constructor's, or make_game's option check's
        make_game(name, **options)


def test_a_non_utf8_component_file_gets_a_component_error(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(DEFAULT_SHEET.read_bytes().replace(b'"name"', b'"n\xe4me"', 1))
    with pytest.raises(ComponentError, match="not UTF-8"):
        make_game("football", sheet_file=str(path))


def test_a_save_never_opens_a_file_it_names(hostile_paths, tmp_path):
    good = tmp_path / "board.json"
    good.write_bytes((DATA_DIR / "board-2014.json").read_bytes())
    paths = [good, *(path for path, _ in hostile_paths.values())]
    for path in paths:
        for name, option in (("deer", "components"), ("football", "sheet_file")):
            text = forged(save_of(name), options_set({option: str(path)}))
            error = in_thread(state_from_json, text)
            assert isinstance(error, SaveFileError), (path, error)
            assert "may not name a file" in str(error) or NOT_A_FILE in str(error) and path != good, (path, error)


def test_edition_names_cannot_reach_outside_the_data_folder():
    with pytest.raises(SaveFileError, match=f"may not name a file|{NOT_A_FILE}"):
        state_from_json(forged(save_of(), options_set({"components": "../data/board-2014"})))
