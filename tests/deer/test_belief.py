"""Belief sampling (`deerbook.deer.belief`): a full position consistent with what one seat has seen.

- the round's history replays to the position (every card movement is an entry, with its true kind);
- a sampled position shows the seat exactly what it saw, and the true position is always among those the seat's
  knowledge allows (the knowledge never rules out the truth);
- exactness: on small positions, every consistent history of the physical cards is enumerated (a forward filter
  over the seat's view of the history, independent of the sampler's ledger and counting) and the sampler's
  frequencies match it (chi-square), wherever the seat's knowledge is exact (`Belief.exact`).

The deal counting itself is tested against brute force in tests/engine/test_sampling.py.
"""
import math
import random
from collections import Counter

import pytest

from deerbook.deer import position
from deerbook.deer.belief import Belief
from deerbook.deer.knowledge import Knowledge
from deerbook.deer.rules.history import (ANSWERED, DECK, DISCARD, NOTHING, PENDING, PILE, UNSEEN, aside, kinds_of,
                                        passing)
from deerbook.engine import RandomAgent, make_game
from deerbook.engine.registry import make_agents
from deerbook.engine.runner import play
from deerbook.engine.sampling import fitting
from deerbook.engine.seeding import stream
from chi_square import chi_square_p
from game_configs import CONFIGS

DEER = [(name, options) for name, options in CONFIGS if name.startswith("deer")]


def states_of(game, seed: int, agents: str = "random") -> list:
    states = []
    play(game, make_agents(game, [agents] * game.num_players), seed, on_step=lambda s, a: states.append(s))
    return states


# -- the history ------------------------------------------------------------------------------------------------
def piles(state) -> dict[int, list[int]]:
    """Every place's cards by history code; the cards a hand has set to pass (counted from the history) apart from
    the rest of the hand."""
    n = state.game.num_players
    places = {DISCARD: list(state.discard), PILE: list(state.predator_pile), DECK: list(state.deck)}
    for q in range(n):
        counted = [0] * len(state.discard)
        for entry in state.history:
            counted[entry.kind] += (entry.target == passing(q, n)) - (entry.source == passing(q, n))
        places[passing(q, n)] = counted
        places[q] = [h - c for h, c in zip(state.hands[q], counted)]
        places[aside(q, n)] = list(state.set_aside[q])
    return places


@pytest.mark.parametrize("name,options", DEER, ids=[f"{n}-{o}" for n, o in DEER])
def test_the_history_replays_to_the_position(name, options):
    """From the cards as the deal left them, the history's entries (true kinds) give every place's cards; every
    card's kind is one of those its entry names."""
    game = make_game(name, **options)
    n, checked = game.num_players, 0
    for state in states_of(game, 1)[::3]:
        if state.phase == "deal" or not state.history and state.phase != "set_aside":
            continue
        start = piles(state)
        for source, target, kind, mask in reversed(state.history):
            if target >= PILE:
                assert mask >> kind & 1
                start[target][kind] -= 1
                start[source][kind] += 1
        replayed = {place: list(cards) for place, cards in start.items()}
        assert not any(replayed[PILE]) and all(not any(replayed[place]) for place in replayed if place >= n)
        for source, target, kind, mask in state.history:
            if target >= PILE:
                replayed[source][kind] -= 1
                assert replayed[source][kind] >= 0, "a card leaves a place that does not hold it"
                replayed[target][kind] += 1
            elif target == NOTHING:
                assert not any(replayed[source][k] for k in kinds_of(mask))
        assert replayed == piles(state)
        checked += 1
    assert checked > 20


# -- what a sample shows, and the truth among the possible ------------------------------------------------------
def truth_fits(state, knowledge: Knowledge) -> bool:
    """Whether the true position is one the seat's knowledge allows: each hidden place holds its known cards, and
    its other cards can be dealt onto its cells."""
    truth = piles(state)
    for place, known in knowledge.known.items():
        rest = [t - k for t, k in zip(truth[place], known)]
        if min(rest) < 0:
            return False
        try:
            fitting([c for c in knowledge.cells if c.place == place], rest)
        except ValueError:
            return False
    return True


@pytest.mark.parametrize("name,options", DEER, ids=[f"{n}-{o}" for n, o in DEER])
def test_a_sample_shows_the_seat_what_it_saw(name, options):
    """At states met in random and greedy games, for every seat: a sampled position gives the seat the very same
    observation, and the seat's knowledge allows the true position."""
    game = make_game(name, **options)
    rng, compared = random.Random(5), 0
    for seed, agents in ((2, "random"), (3, "greedy")):
        states = states_of(game, seed, agents)
        for state in states[::max(1, len(states) // 15)]:
            for player in range(game.num_players):
                sampled = state.sample_belief(player, rng)
                assert sampled.observation(player) == state.observation(player), (player, str(state))
                assert truth_fits(state, Knowledge(game, state.observation(player))), (player, str(state))
                compared += 1
    assert compared >= 30 * game.num_players


def test_what_the_seat_saw_constrains_the_sample():
    """Cards the seat passed stay where it knows they are; a player who passed every 7 and 9 holds none."""
    game = make_game("deer", num_players=3)
    start = position(game, [["7", "9", "Fox", "2"], ["7", "7", "5", "1"], ["3", "4", "6", "8"]],
                     discard=None, predator_pile=[])
    from deerbook.chapters.deer_examples import roll
    state = roll(start, 9, "deer_head", 7, "Fox")  # player 0 passes its 7 and 9 (Ruling 3)
    while state.phase == "pass":
        state = state.apply(next(a for a in state.legal_actions() if a.args[1] == 1))
    assert state.hands[1][game.components.number_kind[9]] == 1
    rng = random.Random(1)
    for _ in range(50):
        sampled = state.sample_belief(0, rng)
        assert sampled.hands[1][game.components.number_kind[9]] == 1  # player 0 saw its 9 go to player 1
        assert sampled.hands[1][game.components.number_kind[7]] >= 1
    for _ in range(50):  # player 2 saw two cards of 7 and 9 go to player 1: and player 0 keeps none of them
        sampled = state.sample_belief(2, rng)
        held = sampled.hands[0]
        assert not held[game.components.number_kind[7]] and not held[game.components.number_kind[9]]


# -- exactness against every consistent history -----------------------------------------------------------------
def labeled_ways(counts: list[list[int]], pool: list[int]) -> int:
    """The ways to put the physical cards of `pool` in places holding `counts` (a multinomial per kind)."""
    ways = 1
    for k, total in enumerate(pool):
        ways *= math.factorial(total)
        for place in counts:
            ways //= math.factorial(place[k])
    return ways


def compositions(pool: list[int], sizes: list[int]):
    """Every way to split the count vector `pool` into places of `sizes` (count vectors)."""
    if not sizes:
        if not any(pool):
            yield []
        return
    first, rest = sizes[0], sizes[1:]
    kinds = [k for k, c in enumerate(pool) if c]

    def pick(i: int, left: int, taken: list[int]):
        if i == len(kinds):
            if not left:
                yield list(taken)
            return
        k = kinds[i]
        for x in range(min(pool[k], left) + 1):
            taken[k] = x
            yield from pick(i + 1, left - x, taken)
        taken[k] = 0

    for part in pick(0, first, [0] * len(pool)):
        for others in compositions([p - q for p, q in zip(pool, part)], rest):
            yield [part, *others]


def consistent_histories(belief: Belief) -> Counter:
    """Every history of the physical cards consistent with the seat's view, each counted once, as the positions they
    end in: the hidden places filled at the history's start in every way, then each entry applied to each world
    (a card the seat did not see: every kind it may be that the place holds, once per physical card)."""
    knowledge, obs = belief.knowledge, belief.obs
    hidden = sorted(knowledge.places)
    n = belief.n
    start = dict(knowledge.places)
    own = {"hand": list(obs["hand"]), "discard": list(obs["discard"]), "aside": list(obs["set_aside"])}
    mine = {belief.seat: belief.seat, passing(belief.seat, n): belief.seat}  # the cards it set to pass are in hand
    for entry in reversed(knowledge.history):
        source, target = mine.get(entry.source, entry.source), mine.get(entry.target, entry.target)
        if entry.target < PILE or source == target:
            continue
        for place, change in ((source, 1), (target, -1)):
            if place in start:
                start[place] += change
            elif place == DISCARD:
                own["discard"][entry.kind] += change
            elif place == belief.seat:
                own["hand"][entry.kind] += change
            elif place == aside(belief.seat, n):
                own["aside"][entry.kind] += change
    pool = [t - a - b - c for t, a, b, c in zip(belief.game.full_deck, own["hand"], own["discard"], own["aside"])]
    worlds = Counter()
    for split in compositions(pool, [start[p] for p in hidden]):
        worlds[tuple(map(tuple, split))] += labeled_ways(split, pool)
    index = {place: i for i, place in enumerate(hidden)}
    for source, target, kind, mask in knowledge.history:
        if target in (PENDING, ANSWERED):
            continue
        after = Counter()
        for world, weight in worlds.items():
            if target == NOTHING:
                if source not in index or not any(world[index[source]][k] for k in kinds_of(mask)):
                    after[world] += weight
                continue
            cards = [list(c) for c in world]
            choices = [kind] if kind != UNSEEN else kinds_of(mask)
            for k in choices:
                times = 1
                if source in index:
                    times = cards[index[source]][k]
                    if not times:
                        continue
                moved = [list(c) for c in cards]
                if source in index:
                    moved[index[source]][k] -= 1
                if target in index:
                    moved[index[target]][k] += 1
                after[tuple(map(tuple, moved))] += weight * times
        worlds = after
    positions = Counter()
    for world, weight in worlds.items():
        state = belief.position({place: list(world[index[place]]) for place in hidden}, stream(0))
        if state is not None:
            positions[state] += weight
    return positions


SMALL = [  # (game, options, hands, predator pile): the other cards lie face up on the Discard pile
    ("deer", {"num_players": 2}, [["3", "7", "Fox", "Joker"], ["5", "7", "Wolf", "Fox"]], ["Bear", "Fox"]),
    ("deer", {"num_players": 3}, [["3", "9", "Fox"], ["5", "7", "Wolf"], ["9", "2", "Bear"]], ["Joker"]),
    ("deer", {"num_players": 2, "advanced": True}, [["1", "2", "3", "Fox", "Wolf"], ["3", "5", "Joker", "Bear"]],
     ["Fox"]),
    ("deer-cards", {"num_players": 3}, [["A", "2", "5"], ["5", "9", "K"], ["7", "7", "Q"]], None),
]


@pytest.mark.parametrize("name,options,hands,pile", SMALL, ids=[f"{s[0]}-{s[1]}" for s in SMALL])
def test_each_consistent_history_equally_likely(name, options, hands, pile):
    """From small positions, random play; at the decisions whose seat knows exactly (distinct views, 2 to 40
    consistent positions, six per position), the sampled positions follow the enumeration of every consistent
    history of the physical cards (chi-square, p > 1e-4 each); the truth is always among them."""
    game = make_game(name, **options)
    rng, tested, views = random.Random(7), 0, set()
    for seed in range(12):
        start = position(game, hands, discard=None, predator_pile=pile) if pile is not None else position(game, hands)
        state, walk = start, stream(seed)
        while not state.is_terminal() and state.round == start.round and tested < 6:
            player = state.current_player()
            observation = state.observation(player) if player >= 0 else None
            if observation is not None and observation["phase"] != "waiting" and repr(observation) not in views:
                views.add(repr(observation))
                belief = Belief(game, observation)
                expected = consistent_histories(belief) if belief.exact else {state: 1}
                assert state in expected, "the truth is among the consistent positions"
                if 2 <= len(expected) <= 40:
                    total, draws = sum(expected.values()), 150 * len(expected)
                    seen = Counter(belief.sample(rng) for _ in range(draws))
                    p = chi_square_p(seen, {s: w / total for s, w in expected.items()}, draws)
                    assert p > 1e-4, (p, str(state))
                    tested += 1
            action = (state.sample_chance(walk) if state.is_chance_node()
                      else RandomAgent().act({}, state.legal_actions(), walk))
            state = state.apply(action)
    assert tested == 6, f"only {tested} positions had 2 to 40 consistent positions"
