"""What the chapters show in words, read from the engines: the deal, the chart, Markdown tables and verdicts.

How to play's deal and combination chart in words, Markdown tables for a chapter's computed text, and the balance
chapters' verdicts on an estimate. Nothing here is a rule: it reads component data and applies actions through the
engines. Standard library only.
"""
from __future__ import annotations

import re
from itertools import product
from typing import TYPE_CHECKING, Sequence, cast

from ..analysis.simulate import describe_options
from ..analysis.stats import Estimate, departs
from ..analysis.deer_combinations import chart_rows, combination_name
from ..engine.registry import make_game

if TYPE_CHECKING:
    from ..deer.game import DeerGame

#: "Ruling 2 (three numbers): discard ..." or "Card chart, three numbers: discard ...": the ruling and the words.
RULE_TEXT = re.compile(r"^(?:Ruling (?P<ruling>\d+) \([^)]*\)|[^:]*): (?P<words>.*)$")


def dealt_hands(game_name: str, players: int) -> list[int]:
    """How many cards each player holds once the engine has dealt (every card of the deck is dealt,
    one at a time, so the sizes do not depend on which cards fall where)."""
    state = cast("DeerGame", make_game(game_name, num_players=players)).initial_state()
    while state.phase == "deal":
        state = state.apply(state.chance_outcomes()[0][0])
    return [sum(hand) for hand in state.hands]


def example_roll(comp, signature: tuple) -> tuple:
    """The first roll of the number dice (die by die, faces in their order) that makes the combination."""
    return next(faces for faces in product(*(f for _, f in comp.number_dice))
                if comp.chart_row(faces).signature == signature)


def chart_in_words(game_name: str) -> list[dict]:
    """The combination chart as a player reads it: each possible combination, an example roll, what the roller
    does (the chart's own words, capitalised) and the ruling that says so (None for the card game's chart)."""
    comp = cast("DeerGame", make_game(game_name, num_players=4)).components  # every edition seats four
    lines = []
    for row in chart_rows(comp):
        match = RULE_TEXT.match(row.rule)
        ruling, words = (match["ruling"], match["words"]) if match else (None, row.rule)
        lines.append({"combination": combination_name(comp, row.signature),
                      "example": ", ".join(str(comp.face_name(f)) for f in example_roll(comp, row.signature)),
                      "what you do": words[0].upper() + words[1:], "ruling": int(ruling) if ruling else None,
                      "listed": row.listed})
    return lines


def markdown_table(headers: Sequence[str], rows: Sequence[Sequence]) -> str:
    """A Markdown table (for a chapter's computed text): one header row, one row per entry."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(str(cell).replace("|", "\\|") for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def setting_words(params: dict) -> str:
    """A game's settings as OpenSpiel names them, in words: {"players": 3, "advanced": True} -> "3 players, advanced
    on"."""
    return describe_options({"num_players" if key == "players" else key: value for key, value in params.items()})


def verdict(estimate: Estimate, reference: float, what: str) -> str:
    """An estimate against the value of "no effect" in words: "really above a fair quarter", "really below 0" or
    "consistent with a fair quarter" (real: its 95% interval leaves the value out)."""
    if not departs(estimate, reference):
        return f"consistent with {what}"
    return f"really {'above' if estimate.mean > reference else 'below'} {what}"


def difference_verdict(change: Estimate) -> str:
    """A difference between two estimates in words: "a real difference", or "not distinguishable from none" (its 95%
    interval holds 0)."""
    return "a real difference" if departs(change, 0) else "not distinguishable from no difference"


#: How an opponent plays, by the share of the games a player wins against it (lowest share first).
CONTEST_WORDS = ((0.2, "a hard opponent (the player rarely wins)"), (0.4, "the favourite (he wins most games)"),
                 (0.6, "a contest (either side can win)"), (0.8, "the underdog (the player wins most games)"),
                 (1.01, "an easy opponent (the player almost always wins)"))


def contest(win_rate: float) -> str:
    """What a player's win rate says about the opponent, in words (e.g. "a contest (either side can win)")."""
    return next(words for below, words in CONTEST_WORDS if win_rate < below)


#: How much a game rewards skill, by the skill share of its best fair player (`analysis.skill.skill_share`).
SKILL_WORDS = ((0.05, "luck decides nearly every game against this field"),
               (0.15, "mostly luck, with some room for skill"), (0.35, "luck and skill both count"),
               (1.01, "skill counts for more than luck"))


def skill_words(share: float) -> str:
    """What a skill share says about a game, in words (e.g. "mostly luck, with some room for skill")."""
    return next(words for below, words in SKILL_WORDS if share < below)
