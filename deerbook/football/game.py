"""The Football Highlights game: player count, solo difficulty and play sheet."""
from __future__ import annotations

import copy

from ..engine.errors import OptionError
from .spec import FootballSetup
from .marks import Marks
from .sheet import DEFAULT_SHEET_NAME, PlaySheet, builtin_name, builtin_sheet, default_sheet
from .save import load_state
from .state import FootballState

ROUNDS = {1: 6, 2: 6, 3: 4, 4: 3}
DIFFICULTIES = ("normal", "hard")


class FootballGame(FootballSetup):
    """make_game("football", num_players=1..4, solo_difficulty="normal"|"hard", sheet_file=None, sheet=None).

    One player is the solo game against Blitz Bach. Another play sheet comes from `sheet_file` (a JSON file
    a person names) or `sheet`: a built-in sheet's name (`sheet.BUILTIN_SHEETS`, e.g. "reconstructed-v1") or the
    sheet data itself, as a saved game embeds it. options() names a built-in sheet and embeds any other's data.
    Build games with `make_game`, which checks every option against the registered spec first.
    """

    name = "football"

    def __init__(self, num_players: int = 2, solo_difficulty: str = "normal", sheet_file: str | None = None,
                 sheet: str | dict | None = None):
        if sheet_file is not None and sheet is not None:
            raise OptionError("sheet", "football options sheet_file and sheet: give the play sheet one way, not both")
        self._num_players, self.solo_difficulty = num_players, solo_difficulty
        self.solo = num_players == 1  # a solo game against Blitz Bach (a plain attribute: read on the hot path)
        self.sheet: PlaySheet = (PlaySheet.from_file(sheet_file) if sheet_file is not None
                                 else default_sheet() if sheet is None
                                 else builtin_sheet(sheet) if isinstance(sheet, str) else PlaySheet.from_dict(sheet))
        name = builtin_name(self.sheet)
        self._sheet_option = None if name == DEFAULT_SHEET_NAME else name or self.sheet.data

    @property
    def num_players(self) -> int:
        """How many seats play."""
        return self._num_players

    @property
    def rounds(self) -> int:
        """The rounds of regulation play for this player count."""
        return ROUNDS[self.num_players]

    @property
    def total_turns(self) -> int:
        """The turns of regulation play."""
        return self.rounds * self.num_players

    def initial_state(self) -> FootballState:
        """Fresh sheets at the 45; solo normal difficulty starts with the first Power Dice box checked."""
        fresh = Marks(power=1) if self.num_players == 1 and self.solo_difficulty == "normal" else Marks()
        return FootballState(self, marks=(fresh,) * self.num_players)

    def options(self) -> dict:
        """The JSON-able options that rebuild this game (the sheet only when it is not the default: a built-in
        sheet by name, any other by its data)."""
        options = {"num_players": self.num_players, "solo_difficulty": self.solo_difficulty}
        if self._sheet_option is None:
            return options
        return {**options, "sheet": copy.deepcopy(self._sheet_option)}

    def state_from_json(self, data) -> FootballState:
        """A state rebuilt from `FootballState.to_json()`, checked."""
        return load_state(self, data)
