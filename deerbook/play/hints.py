"""Hints for the person to move: every legal choice with the exact expected value from the game's advisor.

A game's registration names its hint function (`GameInfo.hints`, e.g. "deerbook.play.hints:deer_hints"):
`(state, player) -> [Hint, ...]`, best first. A hint sees only `state.observation(player)`, never the full
state, so it cannot peek at other hands:

- Deer (both editions): `deer.advisor.advise` is exact for a full position, so the unseen cards are
  dealt (`state_from_observation`) on `DEALS` fixed-seed deals and the values averaged (the deals share every
  position whose future reads none of the unseen cards: `advisor.shared_deals`). When every deal
  gives the same value (the usual case: the cards in hand decide this turn) the value is exact and
  labelled so; otherwise it is labelled as the mean over the deals.
- Football: everything on the table is public; `Advisor.advise` ranks by expected net points this turn
  (your points minus Blitz Bach's in solo).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Callable, NamedTuple


from ..bots.deer_advisor import AdvisorAgent, OverBudget, advise, shared_deals, state_from_observation
from ..engine import SaveFileError, State
from ..engine.seeding import stream
from ..bots.football_advisor import Advisor
from ..bots.football_greedy import rebuild
from ..engine.registry import game_hook

DEALS = 4  # deals of the unseen Deer cards per hint
HINT_SEED = 0  # hints draw their deals from their own generator: asking for a hint never changes the game


class Hint(NamedTuple):
    """One advised action with its exact value and the label shown."""

    action: str
    value: Fraction
    label: str


def deer_hints(state: State, player: int) -> list[Hint]:
    """Expected net points shed this turn (greedy play afterwards), per choice, on `DEALS` deals of unseen cards."""
    observation = state.observation(player)
    rng = stream(HINT_SEED)
    per_deal, shared = [], shared_deals()
    for _ in range(DEALS):
        try:
            ranked = advise(state_from_observation(observation, rng), budget=AdvisorAgent.budget, shared=shared)
        except (SaveFileError, OverBudget):  # a deal the rules forbid, or an answer too big to compute
            continue
        per_deal.append({str(action): value for action, value in ranked})
    if not per_deal:
        return []
    hints = [_deer_hint(text, [values[text] for values in per_deal]) for text in per_deal[0]]
    return sorted(hints, key=lambda hint: hint.value, reverse=True)


def _deer_hint(text: str, values: list[Fraction]) -> Hint:
    mean = sum(values, Fraction(0)) / len(values)
    exact = len(set(values)) == 1
    label = "exact" if exact else f"mean of {len(values)} deals of the unseen cards"
    return Hint(text, mean, f"net points shed this turn, {label}")


def football_hints(state: State, player: int) -> list[Hint]:
    """Expected net points this turn per choice (the advisor's best play afterwards), with the touchdown chance."""
    public = rebuild(state.observation(player))
    solo = public.game.num_players == 1
    return [Hint(str(a.action), a.expected_net, _football_label(a, solo)) for a in Advisor().advise(public, by="net")]


def _football_label(advice, solo: bool) -> str:
    points = f"your {advice.expected_points} − Blitz Bach's {advice.expected_blitz}" if solo else "points"
    return f"{points} this turn; touchdown chance {advice.touchdown_chance}"


def hint_function(game_name: str) -> Callable[[State, int], list[Hint]] | None:
    """The hint function a game's registration names, or None."""
    return game_hook(game_name, "hints")


def format_hints(hints: list[Hint]) -> str:
    """Hints as aligned text lines, best first: 'choice : value ≈ decimal (label)'."""
    if not hints:
        return "No hint: the advisor cannot answer here."
    width = max(len(h.action) for h in hints)
    return "\n".join(f"{h.action:<{width}} : {h.value} ≈ {float(h.value):.3f} ({h.label})" for h in hints)
