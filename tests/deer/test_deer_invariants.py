"""Nothing lost: over many seeded games every card is always in exactly one place, pawns equal the
ledger, and each round's score entries are the hand values at the moment a hand emptied."""
import pytest

from deerbook.deer import GreedyAgent, rules
from deerbook.engine import RandomAgent, make_game, play


def check_state(s) -> None:
    comp = s.game.components
    places = [*s.hands, s.deck, s.discard, s.predator_pile]
    assert [sum(p[k] for p in places) for k in range(len(comp.cards))] == list(comp.full_deck)
    assert all(count >= 0 for place in places for count in place)
    for player, pawn in enumerate(s.pawns):
        assert 0 <= pawn <= comp.finish
        assert pawn == sum(applied for who, _, _, applied in s.ledger if who == player)
    if s.phase not in ("deal", "end"):
        assert all(map(any, s.hands)), "a hand is empty but the round goes on"


def replay_ledger(s) -> None:
    """Each applied move is the requested one clamped to the board."""
    pawns = [0] * s.game.num_players
    for player, _, requested, applied in s.ledger:
        after = min(max(pawns[player] + requested, 0), s.game.components.finish)
        assert applied == after - pawns[player]
        pawns[player] = after
    assert tuple(pawns) == s.pawns


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("agents", ["random", "mixed"])
def test_nothing_lost_over_seeded_games(n, agents, monkeypatch):
    scored = []  # (round, hand values) at each round end, seen from inside the rules
    original = rules.end_round

    def spy(t):
        assert sum(not any(h) for h in t.hands) >= 1, "a round ended with no empty hand"
        scored.append((t.round, [sum(c * card.points for c, card in zip(h, t.comp.cards)) for h in t.hands]))
        original(t)

    monkeypatch.setattr(rules, "end_round", spy)
    game = make_game("deer", num_players=n)
    for seed in range(6):
        scored.clear()
        team = [RandomAgent() if agents == "random" or p % 2 else GreedyAgent() for p in range(n)]
        final = play(game, team, seed, on_step=lambda s, a: check_state(s))
        check_state(final)
        replay_ledger(final)
        assert final.is_terminal() and final.game.components.finish in final.pawns
        for round_index, values in scored:
            entries = [e for e in final.ledger if e[1] == f"round {round_index + 1} score"]
            assert [(who, requested) for who, _, requested, _ in entries] == list(enumerate(values))
        assert len(scored) == final.stats()["rounds"]
        assert final.round_points == tuple(scored[-1][1])
