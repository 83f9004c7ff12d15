"""Nothing lost, over every edition and option set: every card is always in exactly one place (the
set-aside areas included), pawns equal the ledger, and each round's score entries are the scores
of the hands at the moment the round ended (a hand emptied, or a knock)."""
import pytest

from deerbook.bots.deer_greedy import GreedyAgent
from deerbook.deer import rules
from deerbook.deer.rules import transitions
from deerbook.deer.state import FIELD_NAMES
from deerbook.engine import RandomAgent, make_game, play

EDITIONS = [("deer", {}), ("deer", {"advanced": True}), ("deer", {"knocking": True}),
            ("deer", {"headlights_spaces": True}), ("deer", {"bullseye_spaces": True}), ("deer-cards", {})]


def check_state(s) -> None:
    comp = s.game.components
    places = [*s.hands, *s.set_aside, s.deck, s.discard, s.predator_pile]
    assert [sum(p[k] for p in places) for k in range(len(comp.cards))] == list(s.game.full_deck)
    assert all(count >= 0 for place in places for count in place)
    for player, pawn in enumerate(s.pawns):
        assert 0 <= pawn and (pawn <= comp.finish or not comp.clamp_at_finish)
        assert pawn == sum(applied for who, _, _, applied in s.ledger if who == player)
    if s.phase not in ("deal", "end", "bullseye_pawn", "bullseye_amount"):
        assert all(map(any, s.hands)), "a hand is empty but the round goes on"
    for name in FIELD_NAMES:  # a transition hands the next state tuples, never its working lists
        value = getattr(s, name)
        assert not isinstance(value, list), name
        assert not (isinstance(value, tuple) and any(isinstance(v, list) for v in value)), name


def replay_ledger(s) -> None:
    """Each applied move is the requested one clamped to the board."""
    comp, pawns = s.game.components, [0] * s.game.num_players
    for player, _, requested, applied in s.ledger:
        after = max(pawns[player] + requested, 0)
        after = min(after, comp.finish) if comp.clamp_at_finish else after
        assert applied == after - pawns[player]
        pawns[player] = after
    assert tuple(pawns) == s.pawns


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("name, options", EDITIONS, ids=[f"{n}{o}" for n, o in EDITIONS])
@pytest.mark.parametrize("agents", ["random", "mixed"])
def test_nothing_lost_over_seeded_games(n, name, options, agents, monkeypatch):
    scored = []  # (round, scores) at each round end, seen from inside the rules
    original = transitions.end_round

    def spy(t, knocker=None):
        assert knocker is not None or sum(not any(h) for h in t.hands) >= 1, "a round ended with no empty hand"
        scored.append((t.round, rules.round_scores(t.comp, t.hands, knocker)))
        original(t, knocker)

    monkeypatch.setattr(transitions, "end_round", spy)
    game = make_game(name, num_players=n, **options)
    for seed in range(6 if (name, options) == EDITIONS[0] else 2):
        scored.clear()
        team = [RandomAgent() if agents == "random" or p % 2 else GreedyAgent() for p in range(n)]
        final = play(game, team, seed, on_step=lambda s, a: check_state(s))
        check_state(final)
        replay_ledger(final)
        assert final.is_terminal() and max(final.pawns) >= final.game.components.finish
        for round_index, scores in scored:
            entries = [e for e in final.ledger if e[1] == f"round {round_index + 1} score"]
            assert [(who, requested) for who, _, requested, _ in entries] == list(enumerate(scores))
        assert len(scored) == final.stats()["rounds"]
        assert final.round_points == scored[-1][1]
