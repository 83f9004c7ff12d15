"""The Deer table's log: each engine step turned into the lines each seat may read (the game's `log` hook).

Deer steps are told per seat: the dealt, drawn, passed or face-down cards only to those who hold them.

`step_narration(before, action, after)` reads the full states, so it decides what each seat may hear:
the public part names no hidden card; the card itself goes only to the seats that see it (the
passer and the receiver of a pass, the drawer of a Predator-pile card). A declined block or
hand-over is a secret decision: nobody else hears of it. Every card that enters or leaves a seat's hand
is told to that seat alone (`own` lines): its whole hand once the deal is done, and after any other step the
cards its hand gained and lost. A rack's or a Bullseye's steps are told as one line with its last move: the cards,
the points and each pawn's share (`_split_line`). `turn_of(state)` names the turn a position belongs to.
"""
from __future__ import annotations

from ..engine import Action
from .log import Narration, Turn
from .deer_view import cards_words
from .deer_words import cards_text, chart_row_words, spaces
from ..deer.rules import BULLSEYE_POINTS, Phase, hand_value, loses_turn, matching, rolled_numbers

TURN_START = (Phase.ROLL, Phase.KNOCK)  # a turn's first phases: the turn counter steps on at its roll or knock
# After a roll, the phases in which the roll's chart row still asks something of a player (a number to choose, cards
# to group, pass or hand over, a Joker): the roll has not yet had its effect.
ROW_PENDING = (Phase.JOKER, Phase.JOKER_FACE, Phase.CHOOSE_NUMBER, Phase.GROUP, Phase.HAND_OVER, Phase.BLOCK,
               Phase.PASS, Phase.REROLL)
QUIET_ROWS = ("freeze", "extra_turns", "nothing")  # rows that say themselves they move no card
SPLIT_KINDS = ("rack", "amount")  # a rack's or Bullseye's steps: told as one line with the last of them


def rolls_by_itself(state) -> bool:
    """A frozen player's roll is made without waiting for them (it only looks for a Deer Head, Ruling 7)."""
    return state.phase in TURN_START[:1] and bool(state.frozen[state.current])


def step_narration(before, action: Action, after) -> Narration:
    """One engine step in words, split into what everyone hears and what only the insiders hear."""
    public, private, insiders = _main(before, action)
    if action.kind in SPLIT_KINDS:
        public = _split_line(before, action, after)
    events = before.step(action).events
    extras, notes = _public_changes(before, events, after)
    if extras:
        public = "; ".join(filter(None, [public, *extras]))
        private = private and "; ".join([private, *extras])
    return Narration(public or None, private, frozenset(insiders), tuple(notes), _hand_changes(before, events, after))


def turn_of(state) -> Turn:
    """The turn a position belongs to: the deal, the set-asides after it, a player's turn (from its knock or
    roll on) or a Bullseye's moves."""
    s, title = state, f"Round {state.round + 1}"
    if s.phase == Phase.DEAL:
        return Turn(None, ("deal", s.round), f"{title}: the deal")
    if s.phase == Phase.SET_ASIDE:
        return Turn(None, ("set aside", s.round), f"{title}: setting cards aside")
    if s.phase in (Phase.BULLSEYE_PAWN, Phase.BULLSEYE_AMOUNT):
        return Turn(s.current, ("bullseye", s.round, s.current), f"{title}: {{P{s.current}}}'s Bullseye moves")
    if s.phase == Phase.END:
        return Turn(None, ("end",), "Game over")
    number = s.turns + (s.phase in TURN_START)
    return Turn(s.current, ("turn", number), f"{title}, turn {number}: {{P{s.current}}}'s turn")


def _main(s, action: Action) -> tuple[str | None, str | None, set]:
    comp, c, kind, args = s.game.components, s.current, action.kind, action.args
    name = comp.cards[args[0]].name if args and kind in ("set_aside", "pass", "discard", "draw_card") else ""
    if kind == "deal":
        return None, None, set()
    if kind == "roll":
        return f"{{P{c}}} rolled {comp.roll_text(args)}", None, set()
    if kind == "face":
        roll = (*s.roll[:s.joker_die], args[0], *s.roll[s.joker_die + 1:])
        return f"the Joker turned the die to {comp.face_name(args[0])}; {_row(s, roll)}", None, set()
    if kind == "pass":
        to = args[1]
        return f"{{P{c}}} passed a card to {{P{to}}}", f"{{P{c}}} passed {name} to {{P{to}}}", {c, to}
    if kind == "set_aside":
        return f"{{P{c}}} set a card aside face down", f"{{P{c}}} set {name} aside face down", {c}
    if kind == "discard":
        return (f"{{P{c}}} discarded a predator face down to the Predator pile",
                f"{{P{c}}} discarded {name} face down to the Predator pile", {c})
    if kind == "draw_card":
        return f"{{P{c}}} drew a card from the Predator pile", f"{{P{c}}} drew {name} from the Predator pile", {c}
    if kind == "hand_over":
        cards = cards_text(comp, matching(comp, s.hands[s.giver], rolled_numbers(comp, s.roll)))
        return (f"{{P{s.giver}}} handed cards over to {{P{c}}}", f"{{P{s.giver}}} handed over {cards} to {{P{c}}}",
                {s.giver, c})
    if kind == "group":
        cards = " + ".join(comp.cards[k].name for k in args)
        return f"{{P{c}}} chose a group of cards to pass", f"{{P{c}}} chose the group {cards} to pass", {c}
    if kind == "keep" and s.phase == Phase.HAND_OVER:
        return None, f"{{P{s.giver}}} kept them", {s.giver}
    if kind == "keep" and s.phase == Phase.PREDATOR:  # the others cannot tell a kept predator from none held
        predator = comp.cards[comp.kind_index[s.roll[-1]]].name
        return None, f"{{P{c}}} kept the {predator}", {c}
    if kind == "no_block":
        return None, f"{{P{s.blocking[1]}}} did not block", {s.blocking[1]}
    if kind == "reveal":
        kind_, holder = s.blocking
        return f"{{P{holder}}} revealed a set-aside {comp.cards[kind_].name} to block", None, set()
    return _announced(s, action), None, set()


def _announced(s, action: Action) -> str | None:
    """The decisions everyone sees being made (None for a step that shows nothing, e.g. 'no rack')."""
    comp, c, kind, args = s.game.components, s.current, action.kind, action.args
    if kind == "knock":
        return f"{{P{c}}} knocked"
    if kind == "joker":
        return f"{{P{c}}} played a Joker on die {comp.number_dice[args[0]][0]}"
    if kind == "choose":
        return f"{{P{c}}} chose {comp.face_name(args[0])}"
    return None


def _split_line(before, action: Action, after) -> str | None:
    """A rack's or a Bullseye's moves told in one line with its last move (its earlier steps tell nothing): "{P0}
    played Bear+Bear+Bear (21): {P0}'s pawn back 6, {P1}'s pawn forward 15". The moves are read back from the
    pawn ledger (`DeerState.ledger`): this move's entry (a round that ends with it adds its scores after) and the
    entries of the split's kind before it, as far back as its points go."""
    comp, c = before.game.components, before.current
    if action.kind == "rack" or before.moves_left > action.args[0]:
        return None
    bullseye = before.phase == Phase.BULLSEYE_AMOUNT
    reason, total = ("bullseye", BULLSEYE_POINTS) if bullseye else ("rack", hand_value(comp, before.rack))
    moves: dict[tuple[int, int], list[int]] = {}  # (pawn, direction): [spaces asked, spaces moved]
    told = 0
    for player, why, requested, applied in reversed(after.ledger[:len(before.ledger) + 1]):
        if why != reason or told >= total:
            break
        told += abs(requested)
        sizes = moves.setdefault((player, 1 if requested > 0 else -1), [0, 0])
        sizes[0], sizes[1] = sizes[0] + abs(requested), sizes[1] + abs(applied)
    parts = ", ".join(_pawn_move(pawn, sign, *sizes) for (pawn, sign), sizes in reversed(moves.items()))
    if bullseye:
        return f"{{P{c}}} moved the pawns with the Bullseye ({BULLSEYE_POINTS}): {parts}"
    names = "+".join(comp.cards[kind].name for kind, count in enumerate(before.rack) for _ in range(count))
    return f"{{P{c}}} played {names} ({total}): {parts}"


def _pawn_move(pawn: int, sign: int, asked: int, moved: int) -> str:
    """One pawn's share of a split: "{P1}'s pawn forward 15", and the spaces lost when it stopped at 0 or Finish."""
    words = f"{{P{pawn}}}'s pawn {'forward' if sign > 0 else 'back'} {asked}"
    if moved < asked:
        words += f" (it stopped at {'Finish' if sign > 0 else 0}: {spaces(asked - moved)} lost)"
    return words


def _row(s, roll: tuple) -> str:
    """The chart row the number dice pick, lower-cased to follow a semicolon."""
    words = chart_row_words(s.game.components, roll)
    return words[:1].lower() + words[1:]


def _public_changes(before, events, after) -> tuple[list[str], list[str]]:
    """What everyone sees change on the table, read from the step's events: the Discard pile, frozen, extra
    turns (pending after the step), told on the step's own line; and the notes after it: round scores, the deal."""
    comp, c, changes, notes = before.game.components, before.current, [], []
    moved = [e.detail for e in events if e.kind == "card_moved"]
    rolled = next((e.detail["faces"] for e in events if e.kind == "rolled"), None)
    if rolled is not None and loses_turn(comp, before.phase, before.frozen[c], tuple(rolled)):
        if before.phase == Phase.REROLL:  # a frozen roll's loss is told below, with being still frozen
            changes.append("no Deer Head on the re-roll: the turn ends")
    elif rolled is not None:
        changes.append(_row(before, tuple(rolled)))
        if not moved and comp.chart_row(tuple(rolled)).effect not in QUIET_ROWS and after.phase not in ROW_PENDING \
                and after.round == before.round:
            changes.append("no card moves")
    if after.round == before.round:
        gained = [0] * len(comp.cards)
        for card in moved:
            gained[card["kind"]] += card["to"] == "discard"
        if any(gained):
            changes.append(f"to the Discard pile: {cards_text(comp, gained)}")
        if any(card["from"] == "discard" for card in moved):
            changes.append(f"{{P{c}}} took the Discard pile into hand")
        if any(e.kind == "frozen" for e in events):
            changes.append(f"from now on {{P{c}}}'s turns need a Deer Head (frozen)")
        elif before.phase in TURN_START and before.frozen[c] and any(e.kind == "rolled" for e in events):
            changes.append("no Deer Head: the turn is lost, still frozen" if after.frozen[c]
                           else "a Deer Head: no longer frozen")
        if after.extra_turns > before.extra_turns:
            changes.append(f"extra turns for {{P{c}}}: {after.extra_turns - before.extra_turns}")
    scores = [e for e in events if e.kind == "pawn_moved" and e.detail["reason"].startswith("round")]
    if scores:
        round_name = scores[0].detail["reason"].removesuffix(" score")
        notes.append(f"{round_name[0].upper()}{round_name[1:]} ends: each hand's points move its pawn: " + ", ".join(
            map(_score_words, scores)))
    if before.phase == Phase.DEAL and after.phase != Phase.DEAL:
        notes.append(f"The cards are dealt for round {after.round + 1}.")
    return changes, notes


def _score_words(event) -> str:
    """A round's score for one pawn: "{P1} +12 (now 40)", saying so where the board stopped the move: "{P0} +58,
    stopped at Finish (now 100: no pawn moves past Finish)"."""
    d = event.detail
    stopped = d["to"] - d["from"] != d["requested"]
    where = (f", stopped at Finish (now {d['to']}: no pawn moves past Finish)" if d["requested"] > 0
             else f", stopped at 0 (now {d['to']}: no pawn moves below 0)") if stopped else f" (now {d['to']})"
    return f"{{P{event.player}}} {d['requested']:+d}{where}"


def _hand_changes(before, events, after) -> tuple[tuple[int, str], ...]:
    """Each seat's own line about its hand: the whole hand when the deal is done, else the cards the step's events
    moved into and out of it."""
    comp, n = before.game.components, before.game.num_players
    if before.phase == Phase.DEAL:
        return tuple((p, f"You were dealt {sum(hand)} cards: {cards_words(comp, hand)}.")
                     for p, hand in enumerate(after.hands)) if after.phase != Phase.DEAL else ()
    gained, lost = [[0] * len(comp.cards) for _ in range(n)], [[0] * len(comp.cards) for _ in range(n)]
    for event in events:
        card = event.detail
        if event.kind == "card_moved" and card["to"] == "hand":
            gained[card["to_seat"]][card["kind"]] += 1
        if event.kind == "card_moved" and card["from"] == "hand":
            lost[card["from_seat"]][card["kind"]] += 1
    lines = []
    for p in range(n):
        parts = [f"{verb} {cards_words(comp, counts)}" for verb, counts in (("gained", gained[p]), ("lost", lost[p]))
                 if any(counts)]
        if parts:
            now = sum(before.hands[p]) + sum(gained[p]) - sum(lost[p])  # before a round's end gathers the cards
            lines.append((p, f"Your hand {' and '.join(parts)} (now {now} card{'s' * (now != 1)})."))
    return tuple(lines)
