"""Information sets: what a seat is shown depends only on what that seat may know.

For states met in seeded random games of every configuration, the test builds other states that differ
only in what player p cannot see (other hands, other players' set-aside cards, the undealt deck, the
Predator pile, who is deciding a private block or hand-over, the kinds of the cards others moved face down in the
round's history), keeps those the loader accepts, and checks
that p's observation (as a dict and as a view read by key) and p's drawn view are the same for all of them.
"""
import json

import numpy as np
import pytest

from deerbook.chapters.deer_examples import roll
from deerbook.engine import RandomAgent, SaveFileError, make_game
from deerbook.engine.runner import play
from game_configs import CONFIGS
from deerbook.deer import position
from deerbook.deer.rules.history import PILE

try:
    from deerbook.openspiel.games import shown_text  # the seat's OpenSpiel observation string
except ImportError:  # open-spiel is not installed: the other views are still compared
    shown_text = None

STATES_PER_GAME = 20
VARIANTS_PER_SEAT = 3


def seen(state, player: int, drawn: dict[str, dict] | None = None) -> str:
    """Everything shown to `player`: the observation, as a dict and as the view an agent reading by key is handed,
    its OpenSpiel observation string (with open-spiel installed), and, where the game has one, the drawn view.
    `drawn` (one per game) keeps the drawings of each observation by its repr, which keeps order and types: drawn
    from the observation and the game alone, the same observation draws the same (redrawing it was a fifth of the
    time of the test comparing the most states)."""
    observation = state.observation(player)
    shown = {"observation": observation, "by_key": dict(state.observation_view(player))}
    if shown_text is not None:
        shown["openspiel"] = shown_text(state, player)
    view = _view_module(state.game.name)
    if view is not None:
        drawn = {} if drawn is None else drawn
        key = repr(observation)
        if key not in drawn:
            drawn[key] = {"svg": view.render_svg(observation, state.game),
                          "text": view.render_text(observation, state.game)}
        shown.update(drawn[key])
    return json.dumps(shown, sort_keys=True)


def _view_module(name: str):
    try:
        if name.startswith("deer"):
            from deerbook.play import deer_view as view
        else:
            from deerbook.play import football_view as view
    except ImportError:
        return None
    return view


def every_state(game, seed: int) -> list:
    """Every decision and chance node met in a seeded game between random agents."""
    states = []
    play(game, [RandomAgent()] * game.num_players, seed, on_step=lambda s, a: states.append(s))
    return states


def met_states(game, seed: int) -> list:
    states = every_state(game, seed)
    return states[::max(1, len(states) // STATES_PER_GAME)]


def private_places(data: dict, player: int) -> list[tuple]:
    """Where the cards `player` cannot see lie in a Deer state's JSON: (field, index or None)."""
    places = [("hands", q) for q in range(len(data["hands"])) if q != player]
    places += [("set_aside", q) for q in range(len(data["set_aside"])) if q != player]
    return places + [("deck", None), ("predator_pile", None)]


def _counts(data: dict, place: tuple) -> list[int]:
    field, index = place
    return data[field] if index is None else data[field][index]


def swap_hidden_cards(data: dict, player: int, rng: np.random.Generator) -> dict:
    """A copy of `data` with 1-3 pairs of cards swapped between places hidden from `player` (sizes kept)."""
    data = json.loads(json.dumps(data))
    places = [p for p in private_places(data, player) if any(_counts(data, p))]
    for _ in range(int(rng.integers(1, 4))):
        if len(places) < 2:
            break
        a, b = (places[i] for i in rng.choice(len(places), 2, replace=False))
        ca, cb = _counts(data, a), _counts(data, b)
        ka = int(rng.choice([k for k, c in enumerate(ca) if c]))
        kb = int(rng.choice([k for k, c in enumerate(cb) if c]))
        ca[ka] -= 1
        cb[ka] += 1
        cb[kb] -= 1
        ca[kb] += 1
    return data


def rewrite_unseen_history(data: dict, player: int, rng: np.random.Generator) -> dict:
    """A copy of `data` whose history names other kinds (within what each entry allows) for the cards `player` did
    not see: those another seat moved face down."""
    data = json.loads(json.dumps(data))
    n = len(data["hands"])
    for entry in data["history"]:
        source, target, kind, mask = entry
        kinds = [k for k in range(mask.bit_length()) if mask >> k & 1]
        mine = any(0 <= place < 3 * n and place % n == player for place in (source, target))
        if kind >= 0 and len(kinds) > 1 and not mine and target >= PILE:  # a card moved face down
            entry[2] = int(rng.choice(kinds))
    return data


def other_deciders(data: dict, player: int) -> list[dict]:
    """Copies of a state at another player's private decision with someone else deciding."""
    n, variants = len(data["hands"]), []
    if data["phase"] == "block" and data["blocking"][1] != player:
        kind, holder = data["blocking"]
        mover = data["current"] if data["giver"] is None else data["giver"]
        for q in set(range(n)) - {player, holder, mover}:
            for swap in (k for k, c in enumerate(data["set_aside"][q]) if c and not data["set_aside"][holder][k]):
                variant = json.loads(json.dumps(data))
                theirs, mine = variant["set_aside"][q], variant["set_aside"][holder]
                theirs[swap], mine[swap], mine[kind], theirs[kind] = 0, 1, 0, 1
                variant["blocking"] = [kind, q]
                variants.append(variant)
    if data["phase"] == "hand_over" and data["giver"] != player:
        variants += [{**data, "giver": q} for q in set(range(n)) - {player, data["current"], data["giver"]}]
    return variants


def accepted(game, candidates: list[dict]) -> list:
    states = []
    for data in candidates:
        try:
            states.append(game.state_from_json(data))
        except SaveFileError:
            pass
    return states


DEER = [(name, options) for name, options in CONFIGS if name.startswith("deer")]
FOOTBALL = [(name, options) for name, options in CONFIGS if name == "football"]


@pytest.mark.parametrize("name,options", DEER, ids=[f"{n}-{o}" for n, o in DEER])
def test_deer_seat_sees_the_same_whatever_it_cannot_see(name, options):
    game = make_game(name, **options)
    rng = np.random.default_rng(11)
    compared, drawn = 0, {}
    for seed in (1, 2):
        for state in met_states(game, seed):
            data = state.to_json()
            for player in range(game.num_players):
                candidates = [swap_hidden_cards(data, player, rng) for _ in range(VARIANTS_PER_SEAT)]
                candidates.append(rewrite_unseen_history(data, player, rng))
                candidates += other_deciders(data, player)
                variants = [v for v in accepted(game, candidates) if v != state]
                expected = seen(state, player, drawn)
                for variant in variants:
                    assert seen(variant, player, drawn) == expected, (player, str(state), str(variant))
                compared += len(variants)
    assert compared >= 50 * game.num_players, f"only {compared} hidden-information variants were accepted"


def test_who_decides_a_hand_over_is_not_shown():
    """Every card-game hand-over met in 4 random games (96 of them, 579 variants: 30 games took minutes and gave
    nearly 5,000), varied over who is asked."""
    game = make_game("deer-cards", num_players=5)
    compared = 0
    for seed in range(4):
        for state in (s for s in every_state(game, seed) if s.phase == "hand_over"):
            for player in range(game.num_players):
                variants = accepted(game, other_deciders(state.to_json(), player))
                expected = seen(state, player)
                assert all(seen(v, player) == expected for v in variants), (player, str(state))
                compared += len(variants)
    assert compared >= 200, f"only {compared} states with another decider were compared"


def test_who_is_offered_a_block_is_not_shown():
    """P1 is offered a block of the 7s (Ruling 19); had P2 set the 7 aside instead, P0 and P3 would see
    the same table, and neither sees a block at all."""
    game = make_game("deer", num_players=4, headlights_spaces=True)
    start = position(game, [["7", "7", "3", "9"], ["1", "2"], ["4", "5"], ["6", "8"]],
                                    set_aside=[[], ["7", "10", "11"], ["12", "1", "2"], []])
    state = roll(start, 3, "deer_head", 7, "Bear")
    assert state.phase == "block" and state.blocking[1] == 1
    assert state.observation(1)["blocking"] == state.blocking
    for player in (0, 3):
        variants = accepted(game, other_deciders(state.to_json(), player))
        assert [v.blocking[1] for v in variants] == [2, 2, 2]  # P2 gives up its 12, 1 or 2 for the 7
        assert all(seen(v, player) == seen(state, player) for v in variants)
        shown = state.observation(player)
        assert shown["phase"] == "waiting" and shown["blocking"] is None
    assert state.observation(0)["pending_count"] == 3 and state.observation(3)["pending_count"] is None


@pytest.mark.parametrize("name,options", FOOTBALL, ids=[f"{n}-{o}" for n, o in FOOTBALL])
def test_football_has_nothing_hidden_and_shows_the_whole_table(name, options):
    """Football's table is public: each seat's observation determines the state exactly."""
    from deerbook.bots.football_greedy import rebuild

    game = make_game(name, **options)
    for state in met_states(game, 3):
        for player in range(game.num_players):
            assert rebuild(state.observation(player)) == state


@pytest.mark.parametrize("name,options", [("deer", {"num_players": 3, "headlights_spaces": True}),
                                          ("deer-cards", {"num_players": 5})])
def test_deer_information_state_reads_only_what_the_seat_was_shown(name, options):
    """The OpenSpiel information state (perfect recall) of a seat is the same along any history that shows the seat
    the same: each state of a game's history replaced by one differing in what the seat cannot see."""
    pyspiel = pytest.importorskip("pyspiel", reason="open-spiel is not installed (pip install 'deerbook[openspiel]')")
    from deerbook.openspiel.games import DeerbookState, Position, Trail, short_name

    params = {"players": options["num_players"], **{k: v for k, v in options.items() if k != "num_players"}}
    game = pyspiel.load_game(short_name(name), params)
    rng = np.random.default_rng(5)
    history = _history_of_a_random_game(game, seed=5, steps=240)
    for player in range(game.num_players()):
        copy, varied = None, 0
        for i, (trail, state) in enumerate(history):
            candidates = accepted(game.game, [swap_hidden_cards(state.to_json(), player, rng)])
            other = candidates[0] if candidates else state
            varied += other != state
            copy = Trail(copy, trail.actor, trail.action, state=other)
            if i % 20 == 19:
                assert (DeerbookState(game, Position(other, copy)).information_state_string(player)
                        == DeerbookState(game, Position(state, trail)).information_state_string(player))
        assert varied > 100, f"only {varied} states of the history were varied for player {player}"


def _history_of_a_random_game(game, seed: int, steps: int) -> list:
    """(trail, deerbook state) at each of the first `steps` positions of a seeded random OpenSpiel game, in order."""
    import random

    state, rng, history = game.new_initial_state(), random.Random(seed), []
    for _ in range(steps):
        history.append((state.position.trail, state.state))
        if state.is_chance_node():
            numbers, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(numbers, weights)[0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return history
SEARCHED = [("deer", {"num_players": 4}), ("deer", {"num_players": 3, "advanced": True}),
            ("deer-cards", {"num_players": 4})]


@pytest.mark.parametrize("name,options", SEARCHED, ids=[f"{n}-{o}" for n, o in SEARCHED])
def test_the_search_agent_decides_the_same_whatever_it_cannot_see(name, options):
    """The search agent reads only its seat's observation (handed as the runner hands it): at states that differ
    only in what its seat cannot see, it makes the same choice from the same seed."""
    from deerbook.bots.search import SearchAgent
    from deerbook.engine.agents import shown_to
    from deerbook.engine.seeding import stream

    game, agent = make_game(name, **options), SearchAgent(simulations=4)
    rng, compared = np.random.default_rng(3), 0
    for state in [s for seed in (1, 2, 3) for s in met_states(game, seed)]:
        player = state.current_player()
        if player < 0 or len(state.legal_actions()) < 2:
            continue
        data = state.to_json()
        variants = [v for v in accepted(game, [swap_hidden_cards(data, player, rng),
                                               rewrite_unseen_history(data, player, rng)]) if v != state]
        expected = agent.act(shown_to(agent, state, player), state.legal_actions(), stream(7))
        for variant in variants:
            assert agent.act(shown_to(agent, variant, player), variant.legal_actions(), stream(7)) == expected
            compared += 1
    assert compared >= 8, f"only {compared} variants compared"
