"""Structured events of Deer steps: `step(a).state == apply(a)` over whole seeded games of every Deer
configuration, the events account for every card and pawn that moved, and a seat never learns a card it may
not see."""
from __future__ import annotations

from collections import Counter

import pytest

from deerbook.bots.deer_greedy import GreedyAgent
from deerbook.engine import RandomAgent, make_game
from deerbook.engine.seeding import stream
from game_configs import CONFIGS

DEER_CONFIGS = [(name, options) for name, options in CONFIGS if name.startswith("deer")]


def places(s) -> dict:
    """Every place's count vector, keyed as the card_moved events name places."""
    piles = {("deck", None): s.deck, ("discard", None): s.discard, ("predator_pile", None): s.predator_pile}
    piles.update({("hand", p): h for p, h in enumerate(s.hands)})
    piles.update({("set_aside", p): a for p, a in enumerate(s.set_aside)})
    return {place: list(counts) for place, counts in piles.items()}


def check_step(before, action, n: int) -> tuple:
    """Step once; check the events against the states before and after; return the step."""
    step = before.step(action)
    assert step.state == before.apply(action)
    kinds = Counter(e.kind for e in step.events)
    if not kinds["cards_gathered"]:  # within a round every card movement is an event
        piles = places(before)
        for e in (e for e in step.events if e.kind == "card_moved"):
            piles[(e.detail["from"], e.detail["from_seat"])][e.detail["kind"]] -= 1
            piles[(e.detail["to"], e.detail["to_seat"])][e.detail["kind"]] += 1
        assert piles == places(step.state)
    pawns = [e for e in step.events if e.kind == "pawn_moved"]
    assert len(step.state.ledger) - len(before.ledger) == len(pawns)
    for e, entry in zip(pawns, step.state.ledger[len(before.ledger):]):
        assert (e.player, e.detail["reason"], e.detail["requested"], e.detail["to"] - e.detail["from"]) == entry
    for e in step.events:
        for seat in range(n):
            told = e.for_seat(seat)
            if e.visible_to(seat):
                assert told == e
            else:
                assert "card" not in told.detail and "kind" not in told.detail, (e, seat)
        if e.kind == "card_moved" and e.seen_by is not None:
            assert {e.detail["from_seat"], e.detail["to_seat"]} - {None} == set(e.seen_by)
    return step


@pytest.mark.parametrize("name, options", DEER_CONFIGS, ids=[f"{n}{o}" for n, o in DEER_CONFIGS])
def test_step_matches_apply_and_events_account_for_every_move(name, options):
    game = make_game(name, **options)
    seen = Counter()
    for seed in range(2):
        rng, state = stream(seed), game.initial_state()
        agents = [GreedyAgent() if p % 2 else RandomAgent() for p in range(game.num_players)]
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                player = state.current_player()
                action = agents[player].act(state.observation(player), state.legal_actions(), rng)
            step = check_step(state, action, game.num_players)
            seen.update(e.kind for e in step.events)
            state = step.state
    assert seen["game_over"] == 2 and seen["round_ended"] >= 2 and seen["card_moved"] > 0 and seen["rolled"] > 0


def test_a_dealt_card_is_seen_by_its_receiver_only():
    game = make_game("deer", num_players=3)
    state = game.initial_state()
    deal = state.chance_outcomes()[0][0]
    (event,) = state.step(deal).events
    assert event.kind == "card_moved" and event.seen_by == {state.current}
    other = (state.current + 1) % 3
    assert event.for_seat(other).detail == {"from": "deck", "from_seat": None, "to": "hand", "to_seat": state.current}
    assert event.for_seat(state.current).detail["card"] == game.components.cards[deal.args[0]].name
