"""The editions and rule sets side by side, for the book: the printed chart and seeded comparisons."""
from __future__ import annotations

from fractions import Fraction

from ..engine import make_game
from .simulate import simulate
from ..deer.components import DeerComponents, chart_table

RULE_SETS = {
    "board game, basic rules": ("deer", {}),
    "board game, advanced rules": ("deer", {"advanced": True}),
    "card game": ("deer-cards", {}),
}


def format_chart(comp: DeerComponents) -> str:
    """The combination chart as a text table: every possible roll, its exact chance and its play,
    the rolls the chart does not list marked as such."""
    rows = chart_table(comp)
    width = max(len(row["roll"]) for row in rows)
    lines = [f"{'roll':<{width}}  {'chance':>7}  play"]
    for row in rows:
        play = row["play"] if row["listed"] else f"(not listed) {row['play']}"
        lines.append(f"{row['roll']:<{width}}  {str(row['probability']):>7}  {play}")
    return "\n".join(lines)


def unlisted_chance(comp: DeerComponents) -> Fraction:
    """The exact chance that a roll is one the chart does not list."""
    return sum((row["probability"] for row in chart_table(comp) if not row["listed"]), 0)


def compare_rule_sets(players: int = 4, games: int = 100, seed: int = 7) -> list[dict]:
    """Seeded greedy games under each rule set: win rate per seat, mean rounds and turns."""
    rows = []
    for label, (name, options) in RULE_SETS.items():
        summary = simulate(make_game(name, num_players=players, **options), ["greedy"] * players, games, seed)
        means = summary["means"]
        rows.append({"rules": label, "win_rate_per_seat": summary["win_rate_per_seat"],
                     "rounds": means["rounds"], "turns": means["turns"],
                     "turns_per_round": round(means["turns"] / means["rounds"], 2)})
    return rows


def format_comparison(rows: list[dict]) -> str:
    """A plain-text table comparing rule variants: game length and win rate per seat."""
    width = max(len(row["rules"]) for row in rows)
    lines = [f"{'rules':<{width}}  {'rounds':>6}  {'turns':>6}  {'turns/round':>11}  win rate per seat"]
    for row in rows:
        rates = " ".join(f"{r:.2f}" for r in row["win_rate_per_seat"])
        lines.append(f"{row['rules']:<{width}}  {row['rounds']:>6g}  {row['turns']:>6g}  "
                     f"{row['turns_per_round']:>11g}  {rates}")
    return "\n".join(lines)
