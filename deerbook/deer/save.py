"""Rebuilding a DeerState from JSON, validating every field (raises SaveFileError naming it)."""
from __future__ import annotations

from typing import Any, cast

from ..engine import RuleViolation, SaveFileError
from ..engine.validate import MAX_WHOLE, count, flag, is_whole, list_of, optional, require, whole, wholes
from . import rules
from .rules import PHASE_RULES, Phase
from .rules.history import ANSWERED, PILE, UNSEEN, Entry, History
from .state import BULLSEYE_PHASES, FIELD_NAMES, DeerState
from .spec import DeerSetup

RACK_PHASES = {Phase.RACK_PAWN, Phase.RACK_AMOUNT}
MAX_COUNT = 10_000  # cards of a kind: far beyond any deck, a larger number can only come from an edited save
# A count that grows as the game goes on (rounds, turns, extra turns, racks, points) is read up to the largest
# integer a save holds (`validate.count`): a table can play on from any the loader accepts, and save again.


def load_state(game: DeerSetup, data) -> DeerState:
    """A DeerState rebuilt from saved data; SaveFileError names the first field that breaks a rule."""
    require(isinstance(data, dict), "state", "must be an object")
    if "history" not in data:  # a save from before the round's history was kept: the seats remember nothing
        data = {**data, "history": []}
    require(set(data) == set(FIELD_NAMES), "state",
            f"fields must be exactly {sorted(FIELD_NAMES)}; missing {sorted(set(FIELD_NAMES) - set(data))}, "
            f"unknown {sorted(set(data) - set(FIELD_NAMES))}")
    v = _Values(game)
    values = {name: getattr(v, name)(data[name], f"state.{name}") for name in FIELD_NAMES}
    state = DeerState(game, **values)
    check_consistency(state)
    return state


class _Values:
    """One type-and-range check per field, returning the immutable value."""

    def __init__(self, game: DeerSetup):
        self.game, self.comp, self.n = game, game.components, game.num_players

    def counts(self, value, where: str) -> tuple[int, ...]:
        return wholes(value, where, len(self.comp.cards), 0, MAX_COUNT)

    def per_player(self, value, where: str, low: int = 0, high: float = float("inf")) -> tuple[int, ...]:
        return wholes(value, where, self.n, low, high)

    def phase(self, value, where):
        require(isinstance(value, str) and value in Phase.__members__.values(), where, f"unknown phase {value!r}")
        return Phase(value)

    def current(self, value, where):
        return whole(value, where, 0, self.n - 1)

    def round(self, value, where):
        return count(value, where)

    turns = extra_turns = moves_left = round

    def hands(self, value, where):
        return list_of(value, where, self.n, self.counts)

    set_aside = hands
    deck = discard = predator_pile = to_pass = rack = pending = counts

    def pawns(self, value, where):
        return self.per_player(value, where, 0, self.comp.finish if self.comp.clamp_at_finish else float("inf"))

    def racks_played(self, value, where):
        return self.per_player(value, where, 0, MAX_WHOLE)

    def round_points(self, value, where):  # a knock can score negative points (Ruling 18)
        return self.per_player(value, where, -MAX_WHOLE if self.game.advanced.knocking else 0, MAX_WHOLE)

    def set_aside_due(self, value, where):
        return self.per_player(value, where, 0, rules.SET_ASIDE_CARDS)

    def frozen(self, value, where):
        return list_of(value, where, self.n, flag)

    bullseye_due = frozen

    def benefit_spaces(self, value, where):
        spaces = (*self.comp.headlights_spaces, *self.comp.bullseye_spaces)

        def space(x, w):
            require(x is None or (is_whole(x) and x in spaces), w, f"must be null or one of {list(spaces)}")
            return x
        return list_of(value, where, self.n, space)

    def giver(self, value, where):
        return optional(value, where, lambda x, w: whole(x, w, 0, self.n - 1))

    def blocking(self, value, where):
        def check(v, w):
            require(isinstance(v, list) and len(v) == 2, w, "must be [card kind, holder]")
            return whole(v[0], f"{w}[0]", 0, len(self.comp.cards) - 1), whole(v[1], f"{w}[1]", 0, self.n - 1)
        return optional(value, where, check)

    def roll(self, value, where):
        if value is None:
            return None
        dice, comp = self.comp.all_dice, self.comp
        require(isinstance(value, list) and len(value) == len(dice), where,
                f"must be null or a list of {len(dice)} faces")
        named = comp.numbers if comp.joker_kind is not None and comp.joker_any_number else ()  # Ruling 14
        for i, (face, faces) in enumerate(zip(value, dice)):
            joker = i < len(comp.number_dice) and is_whole(face) and face in named
            require(joker or any(face == f and type(face) is type(f) for f in faces), f"{where}[{i}]",
                    f"{face!r} is not a face of this die" + " nor a number a Joker names" * bool(named))
        return tuple(value)

    def joker_die(self, value, where):
        return optional(value, where, lambda x, w: whole(x, w, 0, len(self.comp.number_dice) - 1))

    def chosen(self, value, where):
        def number(x, w):
            require(is_whole(x) and x in self.comp.number_kind, w, f"{x!r} is not a card number")
            return x
        return list_of(value, where, None, number)

    def move_target(self, value, where):
        def check(v, w):
            require(isinstance(v, list) and len(v) == 2 and v[1] in (1, -1) and is_whole(v[1]), w,
                    "must be [player, 1 or -1]")
            return whole(v[0], f"{w}[0]", 0, self.n - 1), v[1]
        return optional(value, where, check)

    def history(self, value, where):
        n, kinds = self.n, len(self.comp.cards)
        places = range(PILE, 3 * n)  # the piles and every seat's hand, set-aside cards and cards set to pass

        def entry(v, w):
            require(isinstance(v, list) and len(v) == 4, w, "must be [from, to, card kind, kinds it may be]")
            source, target = whole(v[0], f"{w}[0]", PILE, 3 * n - 1), whole(v[1], f"{w}[1]", ANSWERED, 3 * n - 1)
            kind, mask = whole(v[2], f"{w}[2]", UNSEEN, kinds - 1), whole(v[3], f"{w}[3]", 0, (1 << kinds) - 1)
            moved = target in places
            require(not moved or (mask and (kind == UNSEEN or mask >> kind & 1)), w,
                    "a card's kind must be one of the kinds it may be")
            require(moved or source in range(3 * n), w, "only a seat's place can hold nothing or wait")
            return Entry(source, target, kind, mask)
        return History(list_of(value, where, None, entry))

    def ledger(self, value, where):
        def entry(v, w):
            require(isinstance(v, list) and len(v) == 4 and isinstance(v[1], str), w,
                    "must be [player, reason, requested, applied]")
            return (whole(v[0], f"{w}[0]", 0, self.n - 1), v[1],
                    whole(v[2], f"{w}[2]", -MAX_WHOLE, MAX_WHOLE), whole(v[3], f"{w}[3]", -MAX_WHOLE, MAX_WHOLE))
        return list_of(value, where, None, entry)


def check_consistency(s: DeerState) -> None:
    """Raise SaveFileError unless the position keeps the rules: conservation of cards, the pawn ledger, and what
    each phase requires."""
    comp, n, phase = s.game.components, s.game.num_players, s.phase
    places = [*s.hands, *s.set_aside, s.deck, s.discard, s.predator_pile]
    for k, card in enumerate(comp.cards):
        held, total = sum(place[k] for place in places), s.game.full_deck[k]
        require(held == total, f"state (card {card.name})", f"{held} in play, the deck has {total}")
    for p in range(n):
        applied = sum(e[3] for e in s.ledger if e[0] == p)
        require(applied == s.pawns[p], f"state.pawns[{p}]", f"{s.pawns[p]} differs from the ledger's total {applied}")
    _check_pending(s)
    _check_advanced(s)
    if phase == Phase.DEAL:
        _check_deal(s)
    elif phase == Phase.END:
        require(max(s.pawns) >= comp.finish, "state.phase", "the game ends only with a pawn on Finish")
    elif phase not in BULLSEYE_PHASES:  # Bullseye moves follow the round's end
        require(all(map(any, s.hands)), "state.hands", "a hand is empty during play (the round would have ended)")
    needs, effects = PHASE_RULES[phase].needs, PHASE_RULES[phase].effects
    if needs is not None:
        require(needs(s), "state.phase", f"the position does not allow the {phase} phase")
    if s.roll is not None and effects is not None:
        effect = comp.chart_row(s.roll).effect
        require(effect in effects, "state.phase", f"{phase} does not follow the roll {list(s.roll)}")


def _check_pending(s: DeerState) -> None:
    """The per-turn fields are set exactly in the phases that use them."""
    phase, hand = s.phase, s.hands[s.current]
    in_rack = phase in RACK_PHASES
    require((s.roll is not None) == PHASE_RULES[phase].in_turn, "state.roll",
            "must be set exactly while resolving a roll")
    require((phase == Phase.DEAL) == any(s.deck), "state.deck", "cards are undealt exactly during the deal")
    require(phase != Phase.JOKER_FACE or s.joker_die is not None, "state.joker_die", "the Joker's die comes first")
    require(s.joker_die is None or (s.roll is not None and phase != Phase.JOKER), "state.joker_die",
            "set only once a Joker is played on this roll")
    for i, (face, (_, faces)) in enumerate(zip(s.roll or (), s.game.components.number_dice)):
        require(face in faces or (i == s.joker_die and phase != Phase.JOKER_FACE), f"state.roll[{i}]",
                f"{face!r} is not a face of this die, and no Joker made it so")
    require(all(t <= h for t, h in zip(s.to_pass, hand)), "state.to_pass", "more cards than the hand holds")
    require(phase in (Phase.PASS, Phase.GROUP) or not any(s.to_pass), "state.to_pass", "only while passing")
    require(phase != Phase.PASS or any(s.to_pass), "state.to_pass", "the pass phase needs cards to pass")
    require(phase == Phase.CHOOSE_NUMBER or not s.chosen, "state.chosen", "only while choosing numbers")
    require(in_rack == any(s.rack), "state.rack", "pending exactly while its moves are made")
    require((in_rack or phase in BULLSEYE_PHASES) == (s.moves_left > 0), "state.moves_left",
            "positive exactly while rack or Bullseye moves are made")
    require((s.move_target is not None) == (phase in (Phase.RACK_AMOUNT, Phase.BULLSEYE_AMOUNT)), "state.move_target",
            "set exactly before an amount")
    require(s.extra_turns == 0 or phase not in (Phase.DEAL, Phase.END), "state.extra_turns", "none between rounds")
    if in_rack:
        comp = s.game.components
        kinds = tuple(k for k, c in enumerate(s.rack) for _ in range(c))
        require(kinds in rules.available_racks(comp, hand), "state.rack", "not a rack of the current hand")
        require(s.moves_left <= rules.hand_value(comp, s.rack), "state.moves_left", "exceeds the rack's value")
    if phase in BULLSEYE_PHASES:
        require(s.moves_left <= rules.BULLSEYE_POINTS, "state.moves_left",
                f"at most {rules.BULLSEYE_POINTS} Bullseye points")
    if phase == Phase.CHOOSE_NUMBER:
        row = s.game.components.chart_row(cast(tuple, s.roll))
        require(len(s.chosen) < row.choices, "state.chosen", "too many numbers")


def _check_advanced(s: DeerState) -> None:
    """Rulings 18–21 and the hand-over: their fields are set only with their option, in their phases."""
    comp, options, phase = s.game.components, s.game.advanced, s.phase
    for p, aside in enumerate(s.set_aside):
        require(all(c == 0 or (c == 1 and k in comp.number_kind.values()) for k, c in enumerate(aside))
                and sum(aside) <= rules.SET_ASIDE_CARDS, f"state.set_aside[{p}]",
                "at most three number cards of different numbers")
        require(options.headlights_spaces or not any(aside), f"state.set_aside[{p}]", "needs headlights_spaces")
    require(options.headlights_spaces or not any(s.set_aside_due), "state.set_aside_due", "needs headlights_spaces")
    require(phase in (Phase.DEAL, Phase.SET_ASIDE, *BULLSEYE_PHASES) or not any(s.set_aside_due), "state.set_aside_due",
            "owed only from the round's end (during Bullseye moves) until the cards are set aside")
    if phase in BULLSEYE_PHASES:  # granted at this round's end: the full three, to a pawn on a Headlights space
        require(all(due in (0, rules.SET_ASIDE_CARDS) and (not due or space in comp.headlights_spaces)
                    for due, space in zip(s.set_aside_due, s.benefit_spaces)), "state.set_aside_due",
                f"{rules.SET_ASIDE_CARDS} cards owed only by a pawn on a Deer-in-the-Headlights space")
    require(phase in BULLSEYE_PHASES or not any(s.bullseye_due), "state.bullseye_due", "only while moving")
    enabled = (comp.headlights_spaces * options.headlights_spaces) + (comp.bullseye_spaces * options.bullseye_spaces)
    require(all(b is None or b in enabled for b in s.benefit_spaces), "state.benefit_spaces", "not an enabled space")
    require((phase == Phase.BLOCK) == (s.blocking is not None) == any(s.pending), "state.blocking",
            "a block is offered exactly while number cards wait to move")
    require(s.giver is None or (s.giver != s.current and phase in (Phase.HAND_OVER, Phase.BLOCK)), "state.giver",
            "set only during a hand-over, never the roller")
    require(phase != Phase.HAND_OVER or s.giver is not None, "state.giver", "the hand-over needs a giver")
    mover = rules.mover(s)
    require(all(p <= h for p, h in zip(s.pending, s.hands[mover])), "state.pending", "more cards than the hand holds")
    if s.blocking is not None:
        kind, holder = s.blocking
        require(holder != mover and s.set_aside[holder][kind] and s.pending[kind], "state.blocking",
                "the holder must hold a set-aside card of a number about to move")


def _check_deal(s: DeerState) -> None:
    """Ruling 17: one card at a time from the dealer's left, nothing else on the table yet."""
    n = s.game.num_players
    dealt = sum(map(sum, s.hands))
    require(not any(s.discard) and not any(s.predator_pile) and not any(map(any, s.set_aside)), "state",
            "the piles are empty during the deal")
    require(not any(s.frozen), "state.frozen", "nobody is frozen during the deal")
    require(s.current == (s.dealer + 1 + dealt) % n, "state.current", "not the next player in deal order")
    for offset in range(n):
        player = (s.dealer + 1 + offset) % n
        expected = len(range(offset, dealt, n))
        require(sum(s.hands[player]) == expected, f"state.hands[{player}]", f"should hold {expected} cards in the deal")


def position(game: DeerSetup, hands, *, discard=(), predator_pile=None, pawns=None,
                  current: int = 0, round: int = 0, frozen=None, set_aside=None) -> DeerState:
    """A hand-made position at the start of `current`'s turn (the roll, or the knock decision, comes next).

    Cards are named, e.g. ``hands=[["3", "3", "Fox"], ["7"]]``; `set_aside` lists each player's
    face-down cards (Ruling 19). The cards nobody lists go to whichever of `discard` and
    `predator_pile` is None (by default the Predator pile; the Discard pile in an edition without one).
    Raises RuleViolation if the position is impossible (e.g. five sevens, an empty hand).
    """
    n = game.num_players
    try:
        counts = _placed_cards(game, hands, set_aside or [[]] * n, discard, predator_pile)
        pawns = list(pawns or [0] * n)
        data = {**DeerState.new_game(game).to_json(), **counts, "deck": [0] * len(game.components.cards),
                "phase": rules.turn_start_phase(game, counts["hands"][current]), "pawns": pawns,
                "ledger": [[p, "position", v, v] for p, v in enumerate(pawns) if v], "current": current,
                "round": round, "frozen": list(frozen or [False] * n)}
        return load_state(game, data)
    except SaveFileError as exc:
        raise RuleViolation("Hand-made position (Rulings 15 and 17)", str(exc)) from None


def _placed_cards(game: DeerSetup, hands, set_aside, discard, predator_pile) -> dict[str, Any]:
    """The count vectors of a hand-made position: the cards listed in each place, and every card nobody lists
    in whichever of `discard` and `predator_pile` is None (the Discard pile in an edition without predators)."""
    comp = game.components
    if not comp.predator_kinds and predator_pile is None and discard == ():
        discard, predator_pile = None, ()
    piles = {"discard": discard, "predator_pile": predator_pile}
    if list(piles.values()).count(None) != 1:
        raise SaveFileError("discard, predator_pile: exactly one of them must be None (it takes the rest)")
    counts: dict[str, Any] = {"hands": [_named_counts(game, h, f"hands[{i}]") for i, h in enumerate(hands)],
                              "set_aside": [_named_counts(game, a, f"set_aside[{i}]") for i, a in enumerate(set_aside)]}
    counts.update({name: _named_counts(game, names, name) for name, names in piles.items() if names is not None})
    listed = [*counts["hands"], *counts["set_aside"], *(counts[name] for name in piles if name in counts)]
    rest = next(name for name, names in piles.items() if names is None)
    counts[rest] = [total - sum(placed) for total, placed in zip(game.full_deck, zip(*listed))]
    for card, total, left in zip(comp.cards, game.full_deck, counts[rest]):
        if left < 0:
            raise SaveFileError(f"card {card.name}: {total - left} listed, the deck has {total}")
    return counts


def _named_counts(game: DeerSetup, names, where: str) -> list[int]:
    """The count vector of card names (SaveFileError naming `where` for an unknown card)."""
    comp = game.components
    counts = [0] * len(comp.cards)
    for name in names:
        if name not in comp.kind_index:
            raise SaveFileError(f"{where}: unknown card {name!r}")
        counts[comp.kind_index[name]] += 1
    return counts
