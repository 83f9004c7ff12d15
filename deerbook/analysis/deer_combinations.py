"""The Deer combination chart in words: each roll signature's name, the chart's rows in the printed order, and the
table the book prints (the one naming of chart rows for odds tables, charts, lessons and the printed chart)."""
from __future__ import annotations

from ..deer.components import CAR, DEER_HEAD, RUNNING_DEER, ChartRow, DeerComponents

COUNT_WORDS = {1: "", 2: "two ", 3: "three "}


def combination_name(comp: DeerComponents, sig: tuple) -> str:
    """A roll signature in words, with the component set's face names, e.g. "Two numbers + Deer Head",
    "Number + two Running Deer" (the one naming of chart rows: odds tables, charts, the printed chart)."""
    numbers, *symbols = sig
    parts = [f"{COUNT_WORDS[numbers]}number{'s' * (numbers > 1)}"] if numbers else []
    for face, count in zip((DEER_HEAD, RUNNING_DEER, CAR), symbols):
        if count:
            name = comp.face_name(face)
            parts.append(COUNT_WORDS[count] + (name + "s" if count > 1 and not name.endswith(("Deer", "s")) else name))
    name = " + ".join(parts)
    return name[0].upper() + name[1:]


def row_name(comp: DeerComponents, roll: tuple) -> str:
    """The combination name of a roll (its number dice)."""
    return combination_name(comp, comp.chart_row(roll).signature)


def chart_rows(comp: DeerComponents) -> list[ChartRow]:
    """The chart's rows in its order, then the chart's default row for each possible roll it does not list."""
    listed = {row.signature for row in comp.chart}
    unlisted = sorted((sig for sig in comp.chart_by_signature if sig not in listed), reverse=True)
    return [*comp.chart, *(comp.chart_by_signature[sig] for sig in unlisted)]


def chart_table(comp: DeerComponents) -> list[dict]:
    """The combination chart as printed by the book: one line per possible roll signature (`chart_rows`
    order), with the chance of each from the dice faces (`signature_odds`)."""
    return [{"roll": combination_name(comp, r.signature), "play": r.rule, "effect": r.effect, "listed": r.listed,
             "probability": comp.signature_odds[r.signature]} for r in chart_rows(comp)]
