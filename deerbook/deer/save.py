"""Rebuilding a DeerState from JSON, validating every field (raises SaveFileError naming it)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.saving import require
from . import rules
from .components import DISCARD_FACE, is_int
from .state import FIELD_NAMES, DeerState

if TYPE_CHECKING:
    from .game import DeerGame

TURN_PHASES = rules.PHASES - {"deal", "roll", rules.END}  # a roll is being resolved


def load_state(game: "DeerGame", data) -> DeerState:
    require(isinstance(data, dict), "state", "must be an object")
    require(set(data) == set(FIELD_NAMES), "state",
            f"fields must be exactly {sorted(FIELD_NAMES)}; missing {sorted(set(FIELD_NAMES) - set(data))}, "
            f"unknown {sorted(set(data) - set(FIELD_NAMES))}")
    v = _Values(game)
    values = {name: getattr(v, name)(data[name], f"state.{name}") for name in FIELD_NAMES}
    state = DeerState(game, **values)
    _check_consistency(state)
    return state


class _Values:
    """One type-and-range check per field, returning the immutable value."""

    def __init__(self, game: "DeerGame"):
        self.comp, self.n = game.components, game.num_players

    @staticmethod
    def int_in(value, where: str, low: int, high: float = float("inf")) -> int:
        require(is_int(value) and low <= value <= high, where, f"must be an integer in {low}..{high}, got {value!r}")
        return value

    def list_of(self, value, where: str, length: int | None, item) -> tuple:
        require(isinstance(value, list), where, "must be a list")
        require(length is None or len(value) == length, where, f"must have {length} entries, got {len(value)}")
        return tuple(item(x, f"{where}[{i}]") for i, x in enumerate(value))

    def counts(self, value, where: str) -> tuple[int, ...]:
        return self.list_of(value, where, len(self.comp.cards), lambda x, w: self.int_in(x, w, 0))

    def per_player(self, value, where: str, low: int = 0, high: float = float("inf")) -> tuple[int, ...]:
        return self.list_of(value, where, self.n, lambda x, w: self.int_in(x, w, low, high))

    @staticmethod
    def optional(value, where: str, item):
        return None if value is None else item(value, where)

    def phase(self, value, where):
        require(value in rules.PHASES, where, f"unknown phase {value!r}")
        return value

    def current(self, value, where):
        return self.int_in(value, where, 0, self.n - 1)

    def round(self, value, where):
        return self.int_in(value, where, 0)

    turns = extra_turns = moves_left = round

    def hands(self, value, where):
        return self.list_of(value, where, self.n, self.counts)

    deck = discard = predator_pile = to_pass = rack = counts

    def pawns(self, value, where):
        return self.per_player(value, where, 0, self.comp.finish)

    def racks_played(self, value, where):
        return self.per_player(value, where)

    round_points = racks_played

    def frozen(self, value, where):
        def flag(x, w):
            require(isinstance(x, bool), w, f"must be true/false, got {x!r}")
            return x
        return self.list_of(value, where, self.n, flag)

    def roll(self, value, where):
        if value is None:
            return None
        dice = [faces for _, faces in self.comp.number_dice] + [self.comp.predator_die]
        require(isinstance(value, list) and len(value) == len(dice), where, f"must be null or a list of {len(dice)} faces")
        for i, (face, faces) in enumerate(zip(value, dice)):
            require(any(face == f and type(face) is type(f) for f in faces), f"{where}[{i}]",
                    f"{face!r} is not a face of this die")
        return tuple(value)

    def joker_die(self, value, where):
        return self.optional(value, where, lambda x, w: self.int_in(x, w, 0, len(self.comp.number_dice) - 1))

    def chosen(self, value, where):
        def number(x, w):
            require(is_int(x) and x in self.comp.number_kind, w, f"{x!r} is not a card number")
            return x
        return self.list_of(value, where, None, number)

    def move_target(self, value, where):
        def check(v, w):
            require(isinstance(v, list) and len(v) == 2 and v[1] in (1, -1) and is_int(v[1]), w,
                    "must be [player, 1 or -1]")
            return self.int_in(v[0], f"{w}[0]", 0, self.n - 1), v[1]
        return self.optional(value, where, check)

    def ledger(self, value, where):
        def entry(v, w):
            require(isinstance(v, list) and len(v) == 4 and isinstance(v[1], str), w,
                    "must be [player, reason, requested, applied]")
            return (self.int_in(v[0], f"{w}[0]", 0, self.n - 1), v[1],
                    self.int_in(v[2], f"{w}[2]", -10**9), self.int_in(v[3], f"{w}[3]", -10**9))
        return self.list_of(value, where, None, entry)


def _check_consistency(s: DeerState) -> None:
    """Conservation of cards, the pawn ledger, and what each phase requires."""
    comp, n, phase = s.game.components, s.game.num_players, s.phase
    places = [*s.hands, s.deck, s.discard, s.predator_pile]
    for k, card in enumerate(comp.cards):
        held = sum(place[k] for place in places)
        require(held == card.count, f"state (card {card.name})", f"{held} in play, the deck has {card.count}")
    for p in range(n):
        applied = sum(e[3] for e in s.ledger if e[0] == p)
        require(applied == s.pawns[p], f"state.pawns[{p}]", f"{s.pawns[p]} differs from the ledger's total {applied}")
    _check_pending(s)
    if phase == "deal":
        _check_deal(s)
    elif phase == rules.END:
        require(comp.finish in s.pawns, "state.phase", "the game ends only with a pawn on Finish")
    else:
        require(all(map(any, s.hands)), "state.hands", "a hand is empty during play (the round would have ended)")
    if phase in PHASE_NEEDS:
        require(PHASE_NEEDS[phase](s), "state.phase", f"the position does not allow the {phase} phase")
    if s.roll is not None and phase in PHASE_EFFECTS:
        effect = comp.chart_row(s.roll).effect
        require(effect in PHASE_EFFECTS[phase], "state.phase", f"{phase} does not follow the roll {list(s.roll)}")


def _check_pending(s: DeerState) -> None:
    """The per-turn fields are set exactly in the phases that use them."""
    phase, hand = s.phase, s.hands[s.current]
    in_rack = phase in ("rack_pawn", "rack_amount")
    require((s.roll is not None) == (phase in TURN_PHASES), "state.roll", "must be set exactly while resolving a roll")
    require((phase == "deal") == any(s.deck), "state.deck", "cards are undealt exactly during the deal")
    require((s.joker_die is not None) == (phase == "joker_face"), "state.joker_die",
            "set exactly while choosing a face")
    require(all(t <= h for t, h in zip(s.to_pass, hand)), "state.to_pass", "more cards than the hand holds")
    require(phase in ("pass", "group") or not any(s.to_pass), "state.to_pass", "only while passing")
    require(phase != "pass" or any(s.to_pass), "state.to_pass", "the pass phase needs cards to pass")
    require(phase == "choose_number" or not s.chosen, "state.chosen", "only while choosing numbers")
    require(in_rack == (s.moves_left > 0) == any(s.rack), "state.rack", "pending exactly while its moves are made")
    require((s.move_target is not None) == (phase == "rack_amount"), "state.move_target",
            "set exactly before an amount")
    require(s.extra_turns == 0 or phase not in ("deal", rules.END), "state.extra_turns", "none between rounds")
    if in_rack:
        comp = s.game.components
        kinds = tuple(k for k, c in enumerate(s.rack) for _ in range(c))
        require(kinds in rules.available_racks(comp, hand), "state.rack", "not a rack of the current hand")
        require(s.moves_left <= rules.hand_value(comp, s.rack), "state.moves_left", "exceeds the rack's value")
    if phase == "choose_number":
        require(len(s.chosen) < s.game.components.chart_row(s.roll).choose_more, "state.chosen", "too many numbers")


def _holds_joker(s: DeerState) -> bool:
    joker = s.game.components.joker_kind
    return joker is not None and s.hands[s.current][joker] > 0


def _predator_face_held(s: DeerState) -> bool:
    comp, face = s.game.components, s.roll[-1]
    return face != DISCARD_FACE and s.hands[s.current][comp.kind_index[face]] > 0


def _discard_face_held(s: DeerState) -> bool:
    return s.roll[-1] == DISCARD_FACE and any(s.hands[s.current][k] for k in s.game.components.predator_kinds)


PHASE_NEEDS = {
    "joker": _holds_joker, "joker_face": _holds_joker, "group": rules.group_options,
    "predator": _predator_face_held, "predator_discard": _discard_face_held,
    "rack": lambda s: rules.available_racks(s.game.components, s.hands[s.current]),
    "draw": lambda s: any(s.predator_pile), "draw_card": lambda s: any(s.predator_pile),
}
PHASE_EFFECTS = {"choose_number": {"discard_rolled"}, "group": {"pass_number_and_sums"},
                 "pass": {"pass_rolled", "pass_number_and_sums"}, "reroll": {"take_discard_reroll"}}


def _check_deal(s: DeerState) -> None:
    """Ruling 17: one card at a time from the dealer's left, nothing else on the table yet."""
    n = s.game.num_players
    dealt = sum(map(sum, s.hands))
    require(not any(s.discard) and not any(s.predator_pile), "state", "the piles are empty during the deal")
    require(not any(s.frozen), "state.frozen", "nobody is frozen during the deal")
    require(s.current == (s.dealer + 1 + dealt) % n, "state.current", "not the next player in deal order")
    for offset in range(n):
        player = (s.dealer + 1 + offset) % n
        expected = len(range(offset, dealt, n))
        require(sum(s.hands[player]) == expected, f"state.hands[{player}]", f"should hold {expected} cards in the deal")
