"""Exact Deer in the Headlights dice odds, from the engine's own roll node and chart data.

Every probability is a `Fraction` read off the chance outcomes of a real engine state at the
start of a turn (`roll_state`), each roll looked up in the components' combination chart.
Nothing here models the rules a second time.

- `combination_distribution`: the chance of each chart row (both editions; unlisted rolls too).
- `joker_reach`: the chance of being *able* to reach each row when a Joker may make one die any
  number (Ruling 14; or, by an edition's own-faces reading, another of its faces) — from the
  engine's Joker legal actions.
- `predator_distribution`, `number_chances`: the predator die, and each number on at least one die; `face_counts`:
  how many dice show each face (numbers, symbols, the predator die's faces).
- `odds_report` / `format_odds` for `python -m deerbook odds deer` (and `deer-cards`).
One turn of a hand is in `deerbook.bots.deer_turn_walk`, the advisor in `deerbook.bots.deer_advisor`.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import cast

from ..engine import Distribution
from ..engine.registry import game_of
from ..deer.components import SIGNATURE_KEYS, DeerComponents
from .deer_combinations import chart_rows, combination_name, row_name
from ..deer.rules import Phase, rolled_numbers
from ..deer.state import DeerState
from ..deer.save import position


def roll_state(game, with_joker: bool = False) -> DeerState:
    """A position at the start of player 0's turn (the roll comes next): everyone holds one number
    card, player 0 also a Joker when asked (and the edition has Jokers)."""
    comp = game.components
    names = [comp.cards[comp.number_kind[comp.numbers[p % len(comp.numbers)]]].name for p in range(game.num_players)]
    hands = [[name] for name in names]
    if with_joker:
        hands[0].append(comp.cards[comp.joker_kind].name)
    return position(game, hands)


def edition(game_name: str, num_players: int = 4):
    """The game of an edition (built once per edition and player count: `engine.registry.game_of`)."""
    return game_of(game_name, {"num_players": num_players})


def combination_distribution(game) -> Distribution:
    """Chart row name -> exact probability, over the engine's roll outcomes."""
    comp = game.components
    return Distribution((row_name(comp, a.args), p) for a, p in roll_state(game).chance_outcomes())


def joker_rolls(state: DeerState) -> list[tuple]:
    """Every roll a player at the Joker decision can resolve: as rolled, or one die set by a Joker
    to what the engine offers (Ruling 14)."""
    roll = cast(tuple[int, ...], state.roll)  # the Joker decision follows a roll
    rolls = [roll]
    for use in state.legal_actions():
        if use.kind == "joker":
            die = use.args[0]
            rolls += [roll[:die] + face.args + roll[die + 1:]
                      for face in state.apply(use).legal_actions()]
    return rolls


def joker_reach(game) -> dict[str, Fraction] | None:
    """Row name -> chance that a player holding a Joker can resolve that row this roll (None
    when the edition has no Jokers)."""
    comp = game.components
    if comp.joker_kind is None:
        return None
    reach = {combination_name(comp, row.signature): Fraction(0) for row in chart_rows(comp)}
    start = roll_state(game, with_joker=True)
    for roll, p in start.chance_outcomes():
        state = start.apply(roll)
        assert state.phase == Phase.JOKER, "a player holding a Joker decides on it after every roll"
        for name in {row_name(comp, r) for r in joker_rolls(state)}:
            reach[name] += p
    return reach


def predator_distribution(game) -> Distribution | None:
    """Predator die face name -> probability (None when the edition has no predator die)."""
    comp = game.components
    if not comp.predator_kinds:
        return None
    return Distribution((comp.face_name(a.args[-1]), p) for a, p in roll_state(game).chance_outcomes())


def number_chances(game) -> dict[int, Fraction]:
    """Number -> chance it shows on at least one number die."""
    comp, outcomes = game.components, roll_state(game).chance_outcomes()
    return {n: sum((p for a, p in outcomes if n in rolled_numbers(comp, a.args)), Fraction(0)) for n in comp.numbers}


def face_counts(game) -> dict[str, Distribution]:
    """Each face the dice can show (every number, then the symbols, then the predator die's faces), by name -> the
    exact distribution of how many dice show it in one roll."""
    comp, dice = game.components, len(game.components.number_dice)
    symbols = [face for _, faces in comp.number_dice for face in faces if not isinstance(face, int)]
    faces = [*comp.numbers, *dict.fromkeys(symbols)]
    outcomes = roll_state(game).chance_outcomes()
    counts = {comp.face_name(face): Distribution((a.args[:dice].count(face), p) for a, p in outcomes)
              for face in faces}
    for face in dict.fromkeys(comp.predator_die):
        counts[comp.face_name(face)] = Distribution((int(a.args[-1] == face), p) for a, p in outcomes)
    return counts


def face_tuples(comp: DeerComponents) -> int:
    """How many equally likely face tuples the number dice have (216 for three six-sided dice)."""
    total = 1
    for _, faces in comp.number_dice:
        total *= len(faces)
    return total


def fraction_text(p: Fraction) -> str:
    """An exact probability as "numerator/denominator" (also "1/1", unlike str(Fraction))."""
    return f"{p.numerator}/{p.denominator}"


@lru_cache(maxsize=None)
def odds_report(game_name: str) -> dict:
    """Every combination (chart order) with its exact probability; Joker reach; predator die; numbers."""
    game = edition(game_name)
    comp = game.components
    combos, reach, rolls = combination_distribution(game), joker_reach(game), face_tuples(comp)
    rows = []
    for row in chart_rows(comp):
        name = combination_name(comp, row.signature)
        entry = {"name": name, "signature": dict(zip(SIGNATURE_KEYS, row.signature)), "effect": row.effect,
                 "listed": row.listed, "rule": row.rule, "probability": fraction_text(combos[name]),
                 "percent": round(float(combos[name]) * 100, 4), "rolls": int(combos[name] * rolls)}
        if reach is not None:
            entry["with_joker"] = fraction_text(reach[name])
        rows.append(entry)
    predator = predator_distribution(game)
    return {
        "edition": game_name, "components": comp.name, "face_tuples": rolls,
        "dice": {name: [comp.face_name(f) for f in faces] for name, faces in comp.number_dice},
        "combinations": rows,
        "predator_die": None if predator is None else [{"face": f, "probability": fraction_text(p)}
                                                        for f, p in predator.items()],
        "numbers": [{"number": n, "name": comp.face_name(n), "probability": fraction_text(p)}
                    for n, p in number_chances(game).items()],
    }


def format_odds(report: dict) -> str:
    """The report as plain-text tables."""
    joker = "with_joker" in report["combinations"][0]
    labels = [row["name"] + ("" if row["listed"] else " (unlisted)") for row in report["combinations"]]
    width = max(len("combination"), *map(len, labels))
    lines = [f"{report['edition']}: {report['components']}",
             f"{report['face_tuples']} equally likely rolls of the number dice "
             + "; ".join(f"{d}: {', '.join(faces)}" for d, faces in report["dice"].items()), "",
             f"{'combination':<{width}} {'rolls':>5} {'probability':>11} {'percent':>8}" + ("  with a Joker" * joker)]
    for label, row in zip(labels, report["combinations"]):
        line = f"{label:<{width}} {row['rolls']:>5} {row['probability']:>11} {row['percent']:>7.2f}%"
        if joker:
            p = Fraction(row["with_joker"])
            line += f"  {row['with_joker']:>7} ({float(p) * 100:.2f}%)"
        lines.append(line)
    if report["predator_die"]:
        lines += ["", "predator die: " + ", ".join(f"{e['face']} {e['probability']}" for e in report["predator_die"])]
    if not all(row["listed"] for row in report["combinations"]):
        lines.append("(unlisted: a roll the chart does not list; no card play, the turn passes)")
    lines += ["", "chance a number shows on at least one die:"]
    lines += [f"  {e['name']:>3}: {e['probability']:>6} ({float(Fraction(e['probability'])) * 100:5.2f}%)"
              for e in report["numbers"]]
    return "\n".join(lines)
