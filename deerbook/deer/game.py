"""DeerGame: Deer in the Headlights, board-game edition (2014), basic rules (RULINGS.md §1, rulings 1–17)."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Mapping

from ..engine import Game, RandomAgent
from .components import DEFAULT_COMPONENTS, DeerComponents, load_components
from .agents import GreedyAgent
from .save import load_state
from .state import DeerState

DECISIONS = (
    "Cards are identified by kind (all four 7s are alike); every place (undealt deck, each hand, Discard pile, "
    "Predator pile) is a count vector, and each card is always in exactly one place.",
    "The deal is one chance node per card, starting left of the dealer; outcome = card kind with probability "
    "count remaining / cards remaining. Round r (0-based) is dealt by player r mod n, who takes the first turn.",
    "A roll is ONE chance node over (die A, die B, die C, predator die) faces, identical face tuples merged, "
    "with exact Fractions (die C has two Deer Head faces).",
    "The combination chart and every component (cards, dice, board) are data read from a JSON file; the default "
    "is data/board-2014.json (reconstructed, RULINGS.md §1).",
    "A frozen player's roll (Ruling 7) and the Three-Deer-Heads re-roll (Ruling 10) are judged on the dice as "
    "rolled: a Joker cannot supply the Deer Head. A roll without one loses the turn at once: no predator die, "
    "rack or draw. Number + two Deer Heads also loses the turn that way.",
    "Joker on a die (Ruling 14): after the roll, before resolving: first 'no Joker' or the die, then one of that "
    "die's own faces other than the one showing. The Joker goes to the Predator pile. At most one per roll; the "
    "Three-Deer-Heads re-roll is a new roll.",
    "Three numbers (Ruling 2) is automatic. Holding none of them, the other players give theirs from the roller's "
    "left, number by number, each card a separate movement.",
    "Three Deer Heads (Ruling 10): the Discard pile goes into the hand, then all four dice are re-rolled as a new "
    "chance node; a re-roll with a Deer Head is played as this turn (Three Deer Heads again repeats).",
    "Passing (Rulings 3, 6, 12) goes one card at a time; the player chooses the recipient of each card.",
    "Ruling 6: after the cards of the number itself, the player picks groups one at a time among the distinct "
    "multisets of two or more number cards summing to the number still available, or 'no more groups'; then "
    "passes every chosen card.",
    "Ruling 4: the third number is any of 1–12 except the rolled ones. Ruling 8: two different numbers, chosen "
    "one decision each.",
    "Ruling 12, predator face: one decision per card of that predator: pass it to player j, discard it to the "
    "Predator pile, or keep the rest. Discard face: one predator kind held, or none.",
    "Ruling 13, rack: after the predator die, one available rack (three alike or one of each; a Joker stands in "
    "only for a predator the hand lacks) or 'no rack'. Its value is moved as signed moves, each chosen as "
    "(pawn, direction) then size, applied at once and clamped to 0..Finish; the sizes sum exactly to the value. "
    "The rack's cards stay in the hand while its moves are made, then go to the Predator pile, so a rack that "
    "empties the hand still moves pawns before the round ends.",
    "Ruling 1, draw: with a non-empty Predator pile, 'draw' or 'don't draw'; the draw is a chance node over the "
    "card kinds in the pile.",
    "Ruling 9, extra turns: the turn is finished, then the same player takes two more whole turns; extra turns "
    "earned during extra turns add up.",
    "Ruling 15: the round ends the moment any hand becomes empty, checked after every single card movement, "
    "whoever's turn it is; pending extra turns and frozen status are cleared.",
    "Scoring adds each hand value to its pawn, clamped to 0..Finish, and every pawn move is kept in a ledger "
    "(player, reason, requested, applied). Ruling 16: lowest score wins; a tie goes to the fewest points scored "
    "in the final round; then a shared win splits 1.0.",
)


@dataclass(frozen=True)
class DeerOptions:
    """Advanced rules (Rulings 18–21). Reserved: this version plays the basic rules only."""

    knocking: bool = False
    headlights_spaces: bool = False
    bullseye_spaces: bool = False


class DeerGame(Game):
    name = "deer"

    def __init__(self, num_players: int = 4, components: str = DEFAULT_COMPONENTS, **advanced: bool):
        self.components: DeerComponents = load_components(components)
        low, high = self.components.min_players, self.components.max_players
        if not isinstance(num_players, int) or not low <= num_players <= high:
            raise ValueError(f"deer needs {low}..{high} players, got {num_players!r}")
        self._num_players = num_players
        self.components_name = components
        self.advanced = DeerOptions(**advanced)
        enabled = [flag for flag, on in asdict(self.advanced).items() if on]
        if enabled:
            raise ValueError(f"advanced rules {enabled} (Rulings 18–21) are not implemented yet")

    @property
    def num_players(self) -> int:
        return self._num_players

    def options(self) -> dict:
        return {"num_players": self._num_players, "components": self.components_name, **asdict(self.advanced)}

    def initial_state(self) -> DeerState:
        return DeerState.new_game(self)

    def state_from_json(self, data: Any) -> DeerState:
        return load_state(self, data)

    def agents(self) -> Mapping[str, type]:
        return {"random": RandomAgent, "greedy": GreedyAgent}
