"""The Football Highlights game: player count, solo difficulty and play sheet."""
from __future__ import annotations

from ..engine.errors import RuleViolation
from ..engine.protocol import Game
from .rules import Marks
from .sheet import PlaySheet, default_sheet
from .state import FootballState, state_from_json

ROUNDS = {1: 6, 2: 6, 3: 4, 4: 3}
DIFFICULTIES = ("normal", "hard")


class FootballGame(Game):
    """make_game("football", num_players=1..4, solo_difficulty="normal"|"hard", sheet_file=None).

    One player is the solo game against Blitz Bach; `sheet_file` loads another play sheet.
    """

    name = "football"

    def __init__(self, num_players: int = 2, solo_difficulty: str = "normal", sheet_file: str | None = None):
        if num_players not in ROUNDS or isinstance(num_players, bool):
            raise RuleViolation("Game Play: 1 to 4 players", f"cannot play with {num_players!r} players")
        if solo_difficulty not in DIFFICULTIES:
            raise RuleViolation("Solo Game Play: difficulty", f"{solo_difficulty!r} is not one of {DIFFICULTIES}")
        self._num_players, self.solo_difficulty, self.sheet_file = num_players, solo_difficulty, sheet_file
        self.sheet: PlaySheet = default_sheet() if sheet_file is None else PlaySheet.from_file(sheet_file)

    @property
    def num_players(self) -> int:
        return self._num_players

    @property
    def rounds(self) -> int:
        return ROUNDS[self.num_players]

    @property
    def total_turns(self) -> int:
        return self.rounds * self.num_players

    def initial_state(self) -> FootballState:
        """Fresh sheets at the 45; solo normal difficulty starts with the first Power Dice box checked."""
        fresh = Marks(power=1) if self.num_players == 1 and self.solo_difficulty == "normal" else Marks()
        return FootballState(self, marks=(fresh,) * self.num_players)

    def options(self) -> dict:
        options = {"num_players": self.num_players, "solo_difficulty": self.solo_difficulty}
        return options if self.sheet_file is None else {**options, "sheet_file": self.sheet_file}

    def state_from_json(self, data) -> FootballState:
        return state_from_json(self, data)

    def agents(self) -> dict:
        from .advisor import AdvisorAgent
        from .agents import GreedyAgent

        return {**super().agents(), "greedy": GreedyAgent, "advisor": AdvisorAgent}
