"""The Deer table as one seat sees it: a drawing (SVG) and its plain-text twin, from the seat's observation.

Both are pure functions of `observation(p)` and the game (for component data), so nothing a seat may
not know can appear: other hands are card backs with counts, the Predator pile and set-aside cards of
others are face down. `render_svg(..., width=)` lays the drawing out for a narrower page (a phone). The table's
words and help (plain choices, prompts, the legend, the rules card) are `deer_words`, offered here as the view's
hooks. Standard library only (no numpy, plotting or widgets).
"""
from __future__ import annotations

from typing import Sequence

from .log import in_words, seat_label
from .drawing import HIGHLIGHT, INK, PAPER, Svg, fan_levels, seat_colour, wrap_words
from .deer_words import CARD_FILL as CATEGORY_FILL
from .deer_words import choice_label, legend, prompt, roll_prompt, rule_reference, rules_card  # noqa: F401 (hooks)
from .deer_words import order_choices, score_line, split, split_moves  # noqa: F401 (hooks)
from ..deer.rules import hand_value

WIDTH = 780  # the drawing's width on a wide page; a narrower one is laid out for `width=`
PAWN_RADIUS = 9  # px: a pawn's disc on the track
SET_ASIDE_FILL = "#CCCCCC"  # your own set-aside cards, face down on the table
TITLES = {"deer": "Deer in the Headlights", "deer-cards": "Deer in the Headlights, card game"}
PHASE_WORDS = {
    "deal": "dealing", "set_aside": "setting cards aside", "knock": "may knock", "roll": "to roll",
    "reroll": "re-rolling", "joker": "may play a Joker", "joker_face": "turning a die with the Joker",
    "choose_number": "choosing a number", "group": "choosing groups to pass", "hand_over": "asked to hand over",
    "block": "may block", "waiting": "waiting for another player", "pass": "passing cards",
    "predator": "passing or discarding predators", "predator_discard": "may discard a predator",
    "rack": "may play a rack", "rack_pawn": "moving pawns with a rack", "rack_amount": "moving pawns with a rack",
    "draw": "may draw from the Predator pile", "draw_card": "drawing from the Predator pile",
    "bullseye_pawn": "moving pawns (Bullseye)", "bullseye_amount": "moving pawns (Bullseye)", "end": "game over",
}


def sorted_hand(comp, counts) -> list[tuple[str, str, int]]:
    """(card name, category, count) per kind held: numbers ascending, then predators, then Jokers."""
    order = {"number": 0, "predator": 1, "joker": 2}
    kinds = sorted((k for k, c in enumerate(counts) if c),
                   key=lambda k: (order[comp.cards[k].category], comp.cards[k].number or 0, k))
    return [(comp.cards[k].name, comp.cards[k].category, counts[k]) for k in kinds]


def how_many(count: int, thing: str = "card") -> str:
    """A count with its noun, singular for one: "1 card", "7 cards"."""
    return f"{count} {thing}{'s' * (count != 1)}"


def cards_words(comp, counts) -> str:
    """The cards of a count vector in words, e.g. "Fox ×2, Bear" ("none" when empty)."""
    return ", ".join(name + (f" ×{n}" if n > 1 else "") for name, _, n in sorted_hand(comp, counts)) or "none"


def headline(observation: dict, game, names=None) -> str:
    """One line: edition, round, dealer and whose turn it is in which phase."""
    o = observation
    who = "your" if o["current"] == o["player"] else seat_label(o['player'], o["current"], names) + "'s"
    state = "game over" if o["phase"] == "end" else f"{who} turn, {PHASE_WORDS.get(o['phase'], o['phase'])}"
    extra = f" (+{o['extra_turns']} extra turn{'s' * (o['extra_turns'] > 1)})" if o["extra_turns"] else ""
    return f"{TITLES.get(game.name, game.name)}: round {o['round'] + 1}, dealer P{o['dealer']}, {state}{extra}"


def special_spaces(game) -> dict[int, str]:
    """The advanced-rule spaces switched on: space -> 'Headlights' or 'Bullseye'."""
    comp, options = game.components, game.advanced
    spaces = {s: "Headlights" for s in comp.headlights_spaces if options.headlights_spaces}
    spaces.update({s: "Bullseye" for s in comp.bullseye_spaces if options.bullseye_spaces})
    return spaces


def roll_faces(observation: dict, game) -> list[tuple[str, str]]:
    """(die name, face shown) for each die of the roll being resolved."""
    comp, roll = game.components, observation["roll"]
    if roll is None:
        return []
    dice = [f"die {name}" for name, _ in comp.number_dice] + (["predator die"] if comp.predator_die else [])
    return [(die, comp.face_name(face)) for die, face in zip(dice, roll)]


def result_text(observation: dict, game, winners: Sequence[int], names: Sequence[str] | None = None) -> str:
    """Who won and why: the final standings, winners first (Ruling 16: after a round that puts a pawn at Finish,
    the lowest score wins; a tie goes to the fewest points in the last round)."""
    o, finish = observation, game.components.finish
    pawns = o["pawns"]
    order = sorted((p for p in range(len(pawns)) if p not in winners), key=lambda p: pawns[p])
    verb = "wins" if len(winners) == 1 and winners[0] != o["player"] else "win"
    verb = "share the win" if len(winners) > 1 else verb
    rest = ", ".join(f"{{P{p}}} {pawns[p]}" for p in order)
    best = " and ".join(f"{{P{p}}}" for p in winners)
    then = f"; then {rest}" if rest else ""
    out = " and ".join(f"{{P{p}}}" for p in range(len(pawns)) if pawns[p] >= finish)
    why = (f" The game ended after round {o['round'] + 1}, when {out} reached Finish ({finish}); the lowest score "
           "wins." if out else "")
    tied = [p for p in order if pawns[p] == pawns[winners[0]]]
    if tied:
        why += " The tie went to the fewest points in the last round."
    return in_words(f"{best} {verb} with {pawns[winners[0]]}{then}.{why}", o["player"], names)


def render_text(observation: dict, game, names: Sequence[str] | None = None) -> str:
    """The table in plain text for a terminal (what `render_svg` draws, line by line)."""
    o, comp = observation, game.components
    n = len(o["pawns"])
    lines = [headline(o, game, names)]
    track = []
    for p in range(n):
        marks = " D" * (p == o["dealer"]) + " frozen" * bool(o["frozen"][p])
        track.append(f"{seat_label(o['player'], p, names)} {o['pawns'][p]}{marks}")
    lines.append(f"Scores (race to {comp.finish}): " + " | ".join(track))
    spaces = special_spaces(game)
    if spaces:
        lines.append("Special spaces: " + ", ".join(f"{kind} {s}" for s, kind in sorted(spaces.items())))
    if o["roll"] is not None:
        lines.append("Dice: " + " | ".join(f"{die}: {face}" for die, face in roll_faces(o, game)))
    lines.append(f"Your hand ({how_many(sum(o['hand']))}, value {hand_value(comp, o['hand'])}): "
                 f"{cards_words(comp, o['hand'])}")
    if any(o["set_aside"]):
        lines.append(f"Your set-aside cards (face down): {cards_words(comp, o['set_aside'])}")
    for p in range(n):
        if p != o["player"]:
            aside = f", {o['set_aside_sizes'][p]} set aside" if o["set_aside_sizes"][p] else ""
            lines.append(f"{seat_label(o['player'], p, names)}: {how_many(o['hand_sizes'][p])}{aside}")
    if o["deck_size"]:
        lines.append(f"Deck: {how_many(o['deck_size'])} still to deal")
    lines.append(f"Discard pile ({sum(o['discard'])}): {cards_words(comp, o['discard'])}")
    if comp.predator_kinds:
        lines.append(f"Predator pile: {how_many(o['predator_pile_size'])} face down")
    if any(o["rack"]) or o["moves_left"]:
        lines.append(f"Moves left to make: {o['moves_left']}")
    if any(o["round_points"]):
        lines.append("Last round: " + ", ".join(f"{seat_label(o['player'], p, names)} {pts:+d}"
                                                for p, pts in enumerate(o["round_points"])))
    return "\n".join(lines)


def render_svg(observation: dict, game, names: Sequence[str] | None = None, width: int = WIDTH) -> str:
    """The table as an SVG drawing `width` pixels wide: track, dice, your hand, the other hands as backs, the
    piles, the scores (parts wrap onto more lines on a narrow page)."""
    o = observation
    svg = Svg(width, headline(o, game, names))
    y = svg.headline(headline(o, game, names)) + 20
    y = _track(svg, o, game, names, y)
    y = _dice(svg, o, game, y + 10)
    y = _hand(svg, o, game, y + 10)
    y = _others(svg, o, game, names, y + 10)
    _piles(svg, o, game, y + 10)
    return str(svg)


def _track(svg: Svg, o: dict, game, names, top: float) -> float:
    """The 0..Finish track: a tick every 10 spaces, special spaces marked, each pawn a labelled disc
    (pawns on one space, or on spaces too close to stand side by side, fanned out above it)."""
    comp = game.components
    end = max(comp.finish, *o["pawns"])
    left, right = 30, svg.width - 30
    x_of = lambda space: left + (right - left) * space / end  # noqa: E731
    levels = fan_levels([x_of(pawn) for pawn in o["pawns"]], 2 * PAWN_RADIUS + 2)
    bar = top + 20 * max(levels) + 32
    svg.rect(left, bar, right - left, 14, fill=PAPER, stroke=INK, rx=3)
    step = 10 if right - left > 500 else 20 if comp.finish <= 100 else 30
    for space in range(0, end + 1, step):
        svg.line(x_of(space), bar, x_of(space), bar + 14, stroke=INK)
        svg.text(x_of(space), bar + 28, space, size=11, anchor="middle")
    svg.text(x_of(comp.finish), top + 10, f"Finish {comp.finish}", size=11, anchor="end", weight="bold")
    for space, kind in special_spaces(game).items():
        svg.rect(x_of(space) - 3, bar, 6, 14, fill=HIGHLIGHT if kind == "Headlights" else "#009E73",
                 stroke=INK, label=f"{kind} space {space}")
    for p, (pawn, level) in enumerate(zip(o["pawns"], levels)):
        x, y = x_of(pawn), bar - 11 - 20 * level
        svg.circle(x, y, PAWN_RADIUS, seat_colour(p), label=f"{seat_label(o['player'], p, names)} on {pawn}")
        svg.text(x, y + 4, p, size=11, fill=INK, anchor="middle", weight="bold")
    return bar + 34


def _dice(svg: Svg, o: dict, game, top: float) -> float:
    faces = roll_faces(o, game)
    if not faces:
        svg.text(10, top + 14, "Dice: not rolled", size=12)
        return top + 20
    svg.text(10, top + 14, "Dice", size=12, weight="bold")
    beside = svg.width >= 420  # the dice beside their heading, or under it on a narrow page
    left, top = (60, top) if beside else (10, top + 22)
    pitch = min(72, (svg.width - left - 30) // len(faces))
    size = min(58, pitch - 12)
    for i, (die, face) in enumerate(faces):
        predator = die == "predator die"
        x = left + i * pitch + 12 * predator
        svg.die(x, top, face, size=size, fill=CATEGORY_FILL["predator"] if predator else PAPER,
                label=f"{die}: {face}")
        svg.text(x + size / 2, top + size + 14, die, size=11, anchor="middle")
    return top + size + 20


def _hand(svg: Svg, o: dict, game, top: float) -> float:
    """Your hand's cards, then your set-aside cards drawn grey (the heading names them)."""
    comp = game.components
    heading = f"Your hand: {how_many(sum(o['hand']))}, value {hand_value(comp, o['hand'])}"
    if any(o["set_aside"]):
        heading += f"; set aside face down (grey): {cards_words(comp, o['set_aside'])}"
    lines = wrap_words(heading, int((svg.width - 20) / 7.4))
    for i, line in enumerate(lines):
        svg.text(10, top + 14 + 16 * i, line, size=12, weight="bold")
    x, y = 10, top + 26 + 16 * (len(lines) - 1)
    cards = [(name, CATEGORY_FILL[category], count) for name, category, count in sorted_hand(comp, o["hand"])]
    cards += [(name, SET_ASIDE_FILL, count) for name, _, count in sorted_hand(comp, o["set_aside"])]
    for name, fill, count in cards:
        if x > svg.width - 52:
            x, y = 10, y + 80
        svg.card(x, y, name, fill=fill, count=count)
        x += 52
    return y + 78


def _others(svg: Svg, o: dict, game, names, top: float) -> float:
    x = 10
    for p in range(len(o["pawns"])):
        if p == o["player"]:
            continue
        if x + 180 > svg.width:
            x, top = 10, top + 74
        svg.rect(x, top, 180, 66, fill="none", stroke=seat_colour(p), rx=6, width=2)
        svg.text(x + 8, top + 16, seat_label(o['player'], p, names), size=12, weight="bold")
        svg.card_back(x + 8, top + 20)
        svg.text(x + 46, top + 40, how_many(o['hand_sizes'][p]), size=12)
        flags = [f"{o['set_aside_sizes'][p]} set aside"] * bool(o["set_aside_sizes"][p])
        flags += ["frozen"] * bool(o["frozen"][p]) + ["dealer"] * (p == o["dealer"])
        svg.text(x + 46, top + 57, ", ".join(flags), size=11, fill=HIGHLIGHT if o["frozen"][p] else "currentColor")
        x += 190
    return top + 74 if x > 10 else top


def _piles(svg: Svg, o: dict, game, top: float) -> None:
    comp, chars = game.components, int((svg.width - 20) / 6.9)
    lines = wrap_words(f"Discard pile ({sum(o['discard'])}, face up): {cards_words(comp, o['discard'])}", chars)
    if comp.predator_kinds:
        lines.append(f"Predator pile: {how_many(o['predator_pile_size'])} face down")
    if o["deck_size"]:
        lines.append(f"Deck: {how_many(o['deck_size'])} still to deal")
    you = o["player"]
    status = (f"You are P{you}" + (" (frozen)" if o["frozen"][you] else "")
              + (" and the dealer" if o["dealer"] == you else ""))
    if o["moves_left"]:
        status += f"; {how_many(o['moves_left'], 'space')} still to move"
    lines += wrap_words(status, chars)
    if any(o["round_points"]):
        lines += wrap_words("Last round: " + ", ".join(f"P{p} {pts:+d}" for p, pts in enumerate(o["round_points"])),
                            chars)
    for i, line in enumerate(lines):
        svg.text(10, top + 14 + 18 * i, line, size=12)
