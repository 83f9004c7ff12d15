"""The Deer table's words: its choices, prompts, rulings, legend and rules card, in a newcomer's words.

Each choice is named plainly, with the prompt of each decision, the ruling it follows (a link to the book's rulings
page), the legend of the drawing, a short rules card with pictures and cards written out (`cards_text`).

Everything here reads a seat's observation, the legal actions and the component data (so both editions, and a
reader's own components, are told as they are); nothing is a rule. A rack's (or a Bullseye's) moves are offered as
one decision, the whole split at once (`split`), which `split_moves` turns into the engine's own steps for the
engine to check. Standard library only.
"""
from __future__ import annotations

import re
from typing import Sequence

from ..bots.deer_greedy import leading_opponent
from ..engine import Action, RuleViolation
from ..analysis.deer_combinations import chart_table, combination_name
from ..deer.components import CardKind
from ..deer.rules import BULLSEYE_POINTS, SET_ASIDE_CARDS, card_list, hand_value, rolled_numbers
from ..deer.rules.cards import KNOCK_MAX_CARDS
from .drawing import INK, PAPER, Svg, seat_colour
from .log import in_words
from .views import Split, SplitPart

CARD_FILL = {"number": PAPER, "predator": "#F5C396", "joker": "#E3B8D3"}  # light Okabe–Ito tints
RULING = re.compile(r"^Ruling (\d+) \(([^)]*)\): (.*)$")
CARD_CHART = re.compile(r"^Card chart, [^:]*: (.*)$")
CARD_GAME_SECTION = "2-deer-in-the-headlights--card-game-edition"  # the rulings page's §2 heading anchor


def sentence(text: str) -> str:
    """`text` with a capital first letter and a full stop."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "?", "!")) else ".")


def rule_words(rule: str) -> str:
    """A rule's text without its number and title: "Ruling 8 (two Deer Heads…): choose two numbers" -> "Choose two
    numbers."."""
    for pattern, group in ((RULING, 3), (CARD_CHART, 1)):
        found = pattern.match(rule)
        if found:
            return sentence(found.group(group))
    return sentence(rule)


def rule_reference(rule: str) -> tuple[str, str] | None:
    """(link words, anchor on the rulings page) of the ruling a rule text cites, or None."""
    found = RULING.match(rule)
    if found:
        return f"Ruling {found.group(1)}", f"ruling-{found.group(1)}"
    if CARD_CHART.match(rule):
        return "§2 of the rulings", CARD_GAME_SECTION
    return None


def _player(text: str) -> str:
    """Engine words "player 2" as a seat placeholder."""
    return re.sub(r"\bplayer (\d+)\b", r"{P\1}", text)


def choice_label(observation: dict, game, action: Action, names: Sequence[str] | None = None) -> str:
    """A legal choice in plain words (the button's label; the action's own text stays its name)."""
    o, comp, kind, args = observation, game.components, action.kind, action.args
    me = o["player"]
    if kind == "choose":
        held = o["hand"][comp.number_kind[args[0]]]
        return f"{comp.face_name(args[0])} (you hold {held})"
    if kind == "move":
        player, sign = args
        pawn = o["pawns"][player]
        whose = "Your pawn" if player == me else f"{{P{player}}}'s pawn"
        label = f"{whose} {'forward' if sign > 0 else 'back'} (on {pawn})"
        if sign < 0 and pawn == 0:
            label = f"{whose} back (on 0: these spaces are lost)"
        return in_words(label, me, names)
    if kind == "amount":
        return spaces(args[0])
    if kind == "pass":
        return in_words(f"Give {comp.cards[args[0]].name} to {{P{args[1]}}}", me, names)
    if kind == "group":
        return "Pass " + " + ".join(comp.cards[k].name for k in args)
    if kind == "discard":
        return f"Discard {comp.cards[args[0]].name} face down"
    if kind == "rack":
        return f"Play the rack {action.text.removeprefix('rack ').replace('+', ' + ')}"
    if kind == "joker":
        die = comp.number_dice[args[0]][0]
        return f"Joker on die {die} (shows {comp.face_name(o['roll'][args[0]])})"
    if kind == "face":
        return f"Make it {comp.face_name(args[0])}"
    if kind == "draw":
        return "Draw a card from the Predator pile"
    if kind == "keep" and o["phase"] == "predator":
        kind_ = comp.kind_index[o["roll"][-1]]
        return f"Keep your {comp.cards[kind_].name}" + (f" ×{o['hand'][kind_]}" if o["hand"][kind_] > 1 else "")
    return in_words(sentence(_player(action.text)).rstrip("."), me, names)


def spaces(count: int) -> str:
    """"1 space", "12 spaces"."""
    return f"{count} space{'s' * (count != 1)}"


def prompt(observation: dict, game, rule: str, legal: Sequence[Action], names: Sequence[str] | None = None) -> str:
    """What the seat to move is asked, in plain words (the rule's own words where they are plain)."""
    o, comp = observation, game.components
    me, phase = o["player"], o["phase"]
    if phase == "knock":
        return (f"You hold {sum(o['hand'])} cards ({KNOCK_MAX_CARDS} or fewer): knock to end the round now and score "
                f"the hands (Ruling 18), or roll the dice.")
    if phase == "set_aside":
        return (f"Your pawn ended the round on a Deer-in-the-Headlights space: set aside up to {SET_ASIDE_CARDS} "
                "number cards of different numbers, face down. Later you may reveal one to stop another player "
                "discarding or passing that number.")
    if phase == "joker":
        return "You hold a Joker: play it on one number die to turn that die into any number, or play no Joker."
    if phase == "joker_face":
        return "Name the number the die with your Joker shows now."
    if phase == "hand_over":
        numbers = ", ".join(comp.face_name(n) for n in rolled_numbers(comp, o["roll"]))
        return in_words(f"{{P{o['current']}}} rolled {numbers} and holds none of them: hand over your cards of "
                        f"those {numbers_word(comp)}, or keep them.", me, names)
    if phase == "block":
        card = comp.cards[o["blocking"][0]].name
        return in_words(f"{{P{o['current']}}} is about to move cards of the number {card}: reveal your set-aside "
                        f"{card} to block it (they keep those cards), or don't block.", me, names)
    if phase == "pass":
        left = o["to_pass_count"]
        return f"{rule_words(rule)} Give each card to a player: {left} card{'s' * (left > 1)} still to pass."
    if phase == "predator":
        face = comp.face_name(o["roll"][-1])
        return (f"The predator die shows {face}: give your {face} cards to other players, discard them face down "
                "to the Predator pile, or keep them.")
    if phase == "predator_discard":
        return "The predator die shows Discard: you may discard one predator card face down to the Predator pile."
    if phase == "rack":
        return ("You may play a rack: its points move pawns, split as you like (your own pawn back, others "
                "forward: the lowest score wins).")
    if phase in ("rack_pawn", "bullseye_pawn"):
        return f"{_moving(o, comp)}: {spaces(o['moves_left'])} still to move. Which pawn, and which way?"
    if phase in ("rack_amount", "bullseye_amount"):
        player, sign = o["move_target"]
        whose = "your pawn" if player == me else f"{{P{player}}}'s pawn"
        return in_words(f"Move {whose} {'forward' if sign > 0 else 'back'} how many spaces? "
                        f"({o['moves_left']} still to move)", me, names)
    if phase == "draw":
        return "You may draw one random card from the Predator pile (face down), or not."
    if phase == "choose_number" and o["chosen"]:
        chosen = ", ".join(comp.face_name(n) for n in o["chosen"])
        return f"{rule_words(rule)} Chosen so far: {chosen}."
    return rule_words(rule)


def numbers_word(comp) -> str:
    """What this edition's rules call the numbers a die names: "ranks" for the card game's, else "numbers"."""
    return "ranks" if comp.game == "deer-cards" else "numbers"


def roll_prompt(observation: dict, game) -> str:
    """The prompt of a person's own roll (it follows "Your turn: ")."""
    dice = f"the {len(game.components.number_dice)} number dice" + (" and the predator die"
                                                                    * bool(game.components.predator_die))
    if observation["frozen"][observation["player"]]:
        return f"you are frozen: roll {dice}; without a Deer Head the turn is lost (Ruling 7)."
    return f"roll {dice}."


def _moving(o: dict, comp) -> str:
    """What moves the pawns now: "Bullseye" or "Rack of 15"."""
    return "Bullseye" if o["phase"].startswith("bullseye") else f"Rack of {hand_value(comp, o['rack'])}"


def split(observation: dict, game, names: Sequence[str] | None = None) -> Split | None:
    """A rack's (or a Bullseye's) moves as one decision: a signed number of spaces per pawn (your own first),
    starting from the split that helps you most: your own pawn back as far as it goes, the rest forward onto the
    leading opponent (the lowest other pawn). None outside those moves."""
    o = observation
    if o["phase"] not in ("rack_pawn", "bullseye_pawn"):
        return None
    me, total, pawns = o["player"], o["moves_left"], o["pawns"]
    back = min(total, pawns[me])
    best = {me: -back, **({leading_opponent(o): total - back} if total > back else {})}
    order = [me] + [p for p in range(len(pawns)) if p != me]
    parts = tuple(SplitPart(p, in_words(("your pawn" if p == me else f"{{P{p}}}'s pawn") + f" (on {pawns[p]})", me,
                                        names), best.get(p, 0)) for p in order)
    prompt = (f"{_moving(o, game.components)}: move the pawns {spaces(total)} in all, every pawn at once (minus back, "
              "plus forward; the lowest score wins). It starts at the split that helps you most.")
    return Split(total, prompt, parts)


def split_moves(observation: dict, game, amounts: Sequence[int]) -> list[Action]:
    """The engine's steps for a split (`amounts`, one signed number per pawn of `split`'s parts, in their order):
    each pawn moved is a pawn-and-direction step, then its number of spaces; the engine checks each."""
    parts = split(observation, game)
    rule = "Ruling 20 (Bullseye space)" if observation["phase"].startswith("bullseye") else "Ruling 13 (rack)"
    if parts is None:
        raise RuleViolation(rule, "there are no rack or Bullseye moves to make now")
    if len(amounts) != len(parts.parts):
        raise RuleViolation(rule, f"give one number for each of the {len(parts.parts)} pawns")
    moved = sum(abs(int(amount)) for amount in amounts)
    if moved != parts.total:
        raise RuleViolation(f"{rule}: the sizes of the moves add up exactly to {parts.total}",
                            f"these moves add up to {spaces(moved)}")
    steps = []
    for part, amount in zip(parts.parts, amounts):
        if amount:
            steps += [Action("move", (part.seat, 1 if amount > 0 else -1), ""), Action("amount", (abs(amount),), "")]
    return steps


KEEPING = ("keep", "no_discard", "no_draw", "no_knock")  # keeping what you hold: offered first
DECLINING = ("discard", "no_joker", "no_rack", "no_more_groups", "no_set_aside", "no_block")  # offered last


def order_choices(observation: dict, game, legal: Sequence[Action]) -> list[Action]:
    """The legal choices in the rule's own order: keeping first, then playing or giving, then discarding or
    declining (and last whatever hurts you: your own pawn forward, a draw that adds a card, a knock); within a group
    the engine's order (numbers and players ascending)."""
    me = observation["player"]

    def rank(action: Action) -> int:
        if action.kind == "move":
            player, sign = action.args
            return 2 * ((player == me) == (sign > 0))
        return 0 if action.kind in KEEPING else 2 if action.kind in DECLINING + ("draw", "knock") else 1

    return sorted(legal, key=rank)


def score_line(observation: dict, game, names: Sequence[str] | None = None) -> str:
    """Every seat's score (pawn) in one line, the lowest first named as such."""
    pawns = observation["pawns"]
    seats = " · ".join(f"{{P{p}}} {pawns[p]}" for p in range(len(pawns)))
    return in_words(f"Scores (the lowest wins; Finish at {game.components.finish}): {seats}", observation["player"],
                    names)


def cards_text(comp, counts) -> str:
    """A count vector as card names, e.g. ``"3 3 7 Fox"`` (``"(none)"`` when empty)."""
    return " ".join(card_list(comp, counts)) or "(none)"


def chart_row_words(comp, roll: tuple) -> str:
    """The chart row a roll's number dice pick, in words: "Chart row: Two numbers + Deer Head: pass every card of
    the two numbers to other players"."""
    row = comp.chart_row(roll)
    listed = "" if row.listed else " (not on the chart)"
    play = rule_words(row.rule).rstrip(".")
    return f"Chart row: {combination_name(comp, row.signature)}{listed}: {play[:1].lower()}{play[1:]}"


# -- help: the legend and the rules card --------------------------------------------------------------------------
def _points_words(comp) -> str:
    numbers = [c for c in comp.cards if c.category == "number"]
    same = [c.name for c in numbers if c.number == c.points]
    other = [f"{c.name} {c.points}" for c in numbers if c.number != c.points]
    words = f"number cards {same[0]}–{same[-1]} their number" + (", " + ", ".join(other) if other else "")
    special = [f"{c.name} {c.points}" for c in comp.cards if c.category != "number"]
    return words + (", " + ", ".join(special) if special else "")


def legend(game) -> list[tuple[str, str]]:
    """(mark, meaning) for what the drawing shows."""
    comp = game.components
    marks = [("white card", f"a number card: {_points_words(comp)}")]
    if comp.predator_kinds:
        marks.append(("orange card", "a predator (Fox, Wolf, Bear): three alike or one of each make a rack"))
    if comp.joker_kind is not None:
        marks.append(("pink card", "a Joker: turns a die into any number, or stands in for a predator in a rack"))
    marks += [("×2", "how many cards of that kind you hold"),
              ("blue card back", "another player's hand: only the count is shown"),
              ("numbered disc", "a player's pawn on the score track (its seat number); lower is better"),
              (comp.face_name("deer_head"), "a die symbol: with the numbers rolled it picks the chart row"),
              (comp.face_name("running_deer"), "a die symbol")]
    if any("car" in faces for _, faces in comp.number_dice):
        marks.append((comp.face_name("car"), "a die symbol"))
    if comp.predator_die:
        marks.append(("predator die", "Fox, Wolf, Bear: pass or discard that predator; Discard: discard one"))
    marks += [("frozen", "rolled a number and two Deer Heads: the next turns need a Deer Head (Ruling 7)"),
              ("dealer", "dealt this round and took its first turn")]
    if game.advanced.headlights_spaces:
        marks.append(("grey card", "one of your set-aside cards: face down on the table, only you see it"))
    if game.advanced.headlights_spaces or game.advanced.bullseye_spaces:
        marks.append(("coloured marks on the track", "advanced-rule spaces: vermilion Headlights, green Bullseye"))
    return marks


def rules_card(game) -> tuple[str, str]:
    """(HTML, plain text) of a short rules card: the goal, a turn, the chart with each roll's chance, and
    pictures of the dice and cards drawn from the components."""
    comp = game.components
    board = bool(comp.predator_die)
    sections = [("Goal", f"Empty your hand. When any hand is empty the round ends, and each pawn moves forward by "
                         f"the points left in its player's hand ({_points_words(comp)}). After a round that puts a "
                         f"pawn at {comp.finish} or more, the lowest score wins.")]
    turn = (f"Roll the {len(comp.number_dice)} number dice" + (" and the predator die" if board else "")
            + ". What the number dice show picks one row of the chart below; "
            + ("then the predator die; then you may play a rack and draw from the Predator pile. " if board else "")
            + "Then the player on your left goes.")
    sections.append(("Your turn", turn))
    chart = [f"{row['roll']} ({100 * float(row['probability']):.0f}%): {rule_words(row['play']).rstrip('.')}"
             for row in chart_table(comp) if row["listed"]]
    if comp.chart_default is not None:
        chart.append(f"Any other roll: {rule_words(comp.chart_default.rule).rstrip('.')}")
    if board:
        sections.append(("Predators and racks", "Predator die Fox, Wolf or Bear: you may give your cards of that "
                         "predator to others or discard them face down to the Predator pile; Discard: you may "
                         "discard one predator. A rack (three alike, or Fox + Wolf + Bear) moves pawns by its "
                         "points, split as you like: your own pawn back, the others forward."))
    if comp.joker_kind is not None:
        sections.append(("Jokers", "Before the roll is resolved, a Joker turns one number die into any number."))
    extra = [text for flag, text in (
        (game.advanced.knocking, f"Knocking: with {KNOCK_MAX_CARDS} or fewer cards you may knock instead of rolling; "
                                 "the round ends at once (Ruling 18)."),
        (game.advanced.headlights_spaces, "Deer-in-the-Headlights spaces: after the next deal, set aside up to "
                                          f"{SET_ASIDE_CARDS} number cards to block others (Ruling 19)."),
        (game.advanced.bullseye_spaces, f"Bullseye spaces: split {BULLSEYE_POINTS} points into pawn moves "
                                        "(Ruling 20).")) if flag]
    if extra:
        sections.append(("Advanced rules", " ".join(extra)))
    text = "\n".join(f"{title}: {body}" for title, body in sections) + "\nThe chart:\n" + "\n".join(
        f"  {line}" for line in chart)
    return _card_html(sections, chart, _dice_picture(game)), text


def _card_html(sections, chart, picture: str) -> str:
    from html import escape

    body = "".join(f"<p><b>{escape(title)}.</b> {escape(text)}</p>" for title, text in sections[:2])
    body += f'<div class="deerbook-picture">{picture}</div>'
    body += "<p><b>The chart</b> (chance of each roll):</p><ul>" + "".join(
        f"<li>{escape(line)}</li>" for line in chart) + "</ul>"
    body += "".join(f"<p><b>{escape(title)}.</b> {escape(text)}</p>" for title, text in sections[2:])
    return body


def _dice_picture(game) -> str:
    """Every die with its six faces, one card of each category with its points, and a pawn, drawn."""
    comp = game.components
    dice = [(f"die {name}", faces, PAPER) for name, faces in comp.number_dice]
    if comp.predator_die:
        dice.append(("predator die", comp.predator_die, CARD_FILL["predator"]))
    svg = Svg(360, "the dice and the cards")
    for row, (name, faces, fill) in enumerate(dice):
        y = 4 + row * 28
        svg.text(2, y + 15, name, size=11, weight="bold")
        x = 78.0
        for face in faces:
            x += svg.chip(x, y, comp.face_name(face), fill=fill, size=10) + 3
    y = 14 + len(dice) * 28
    kinds: dict[str, CardKind] = {}  # one card of each category
    for card in comp.cards:
        kinds.setdefault(card.category, card)
    for i, card in enumerate(kinds.values()):
        svg.card(4 + i * 64, y, card.name, fill=CARD_FILL[card.category])
        svg.text(24 + i * 64, y + 70, f"{card.points} point{'s' * (card.points != 1)}", size=10, anchor="middle")
    x = 4 + len(kinds) * 64 + 12
    svg.circle(x, y + 28, 8, seat_colour(0))
    svg.text(x, y + 32, 0, size=10, fill=INK, anchor="middle", weight="bold")
    svg.text(x + 14, y + 32, "a pawn (seat 0)", size=10)
    return str(svg)
