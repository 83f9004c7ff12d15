"""Hints for the person to move: every legal choice with the exact expected value from the game's advisor.

A game's registration names its hint function (`GameInfo.hints`, e.g. "deerbook.play.hints:deer_hints"):
`(state, player) -> [Hint, ...]`, best first. A hint sees only `state.observation(player)`, never the full
state, so it cannot peek at other hands:

- Deer (both editions): `bots.deer_turn_walk.advise` is exact for a full position, so `DEALS` positions are drawn
  (fixed seed) from what the seat knows (`bots.deer_advisor.advise_seat`: the seat's belief, `deer.belief`) and the
  values averaged. When every deal gives the same value (the usual case: the cards in hand decide this turn) the
  value is exact and labelled so; otherwise it is labelled as the mean over the deals.
- Football: everything on the table is public; `Advisor.advise` ranks by expected net points this turn
  (your points minus Blitz Bach's in solo); each choice is told with its touchdown and field-goal chances and,
  when it does not score, where the ball ends on average, so a choice that scores nothing this turn still shows
  what it gains.

The values are exact (`Fraction`); `format_hints` writes them for people: decimals and percentages.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Callable, NamedTuple


from ..bots.deer_advisor import TABLE_BUDGET, advise_seat, mean
from ..engine import State
from ..engine.seeding import stream
from ..bots.football_advisor import Advisor
from ..bots.football_greedy import rebuild
from ..football.rules import PICKS
from ..engine.registry import game_hook

DEALS = 4  # deals of the unseen Deer cards per hint
HINT_SEED = 0  # hints draw their deals from their own generator: asking for a hint never changes the game


class Hint(NamedTuple):
    """One advised action with its exact value and the label shown."""

    action: str
    value: Fraction
    label: str


def deer_hints(state: State, player: int) -> list[Hint]:
    """Expected net points shed this turn (greedy play afterwards), per choice, on `DEALS` positions drawn from what
    the player knows (none when the answer is too big to compute)."""
    values = advise_seat(state.observation(player), DEALS, stream(HINT_SEED), TABLE_BUDGET)
    return [_deer_hint(str(action), deals) for action, deals in values.items()]


def _deer_hint(text: str, values: list[Fraction]) -> Hint:
    value = mean(values)
    exact = len(set(values)) == 1
    how = "exact" if exact else f"an average over {len(values)} deals of the cards you cannot see"
    return Hint(text, value, f"net {number(value)} point{'s' * (value != 1)} shed this turn ({how})")


def football_hints(state: State, player: int) -> list[Hint]:
    """Expected net points this turn per choice (the advisor's best play afterwards), with the touchdown and
    field-goal chances and the ball's average end position when the choice does not score."""
    public = rebuild(state.observation(player))
    solo = public.game.num_players == 1
    first_pick = public.phase == PICKS and not public.picks
    return [Hint(str(a.action), a.expected_net, _football_label(a, solo, first_pick and a.action.kind == "pick"))
            for a in Advisor().advise(public, by="net")]


def _football_label(advice, solo: bool, then_best_pick: bool = False) -> str:
    """The label of one choice: its points, chances and where the ball ends; a first pick is valued with the best
    second pick after it (`then_best_pick`), and says so."""
    outcome = advice.outcome
    points = (f"{signed(advice.expected_net)} points net: you {signed(advice.expected_points)}, Blitz Bach "
              f"{signed(advice.expected_blitz)}" if solo else f"{signed(advice.expected_points)} points")
    goal = outcome.probability(lambda e: e.field_goals > 0)
    chances = f"touchdown {percent(advice.touchdown_chance)}, field goal {percent(goal)}"
    no_score = outcome.probability(lambda e: e.touchdowns == e.field_goals == 0)
    ball = ""
    if no_score:
        marker = outcome.given(lambda e: e.touchdowns == e.field_goals == 0).expectation(lambda e: e.marker)
        ball = f"; otherwise the ball ends on the {float(marker):.0f} on average"
    assumed = " with your best second pick" if then_best_pick else ""
    return f"{points} this turn{assumed} ({chances}){ball}"


def number(value: Fraction) -> str:
    """A value for people: a whole number as it is, else one decimal."""
    return str(int(value)) if value.denominator == 1 else f"{float(value):.1f}"


def signed(value: Fraction) -> str:
    """A value with its sign: "+0.5", "−2", "0"."""
    text = number(abs(value))
    return text if value == 0 or text in ("0", "0.0") else ("+" if value > 0 else "−") + text


def percent(chance: Fraction) -> str:
    """A chance as a percentage: "7%", "<1%" for a small one that is not 0, "0%" for none."""
    if chance and chance < Fraction(1, 200):
        return "<1%"
    return f"{float(chance) * 100:.0f}%"


def hint_function(game_name: str) -> Callable[[State, int], list[Hint]] | None:
    """The hint function a game's registration names, or None."""
    return game_hook(game_name, "hints")


def format_hints(hints: list[Hint]) -> str:
    """Hints as text lines, best first: 'choice: what it gains'."""
    if not hints:
        return "No hint: the advisor cannot answer here."
    width = max(len(h.action) for h in hints)
    return "\n".join(f"{h.action:<{width}} : {h.label}" for h in hints)
