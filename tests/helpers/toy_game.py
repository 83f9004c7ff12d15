"""A tiny game for testing the engine itself: race to a target.

On a turn the player adds 1 or 2 to their total, then a fair coin adds 0 or 1 more.
The first to reach the target wins.

It is registered the way any other package registers a game: `TOY_RACE` is declared in the
`deerbook.games` entry-point group by the installed-package metadata in `tests/helpers/plugins/` (tests/conftest.py
puts it on sys.path), and deerbook finds it with no edit (see CONTRIBUTING.md, "Adding a game").
"""
from dataclasses import dataclass
from fractions import Fraction

from deerbook.engine import CHANCE, TERMINAL, Action, Game, GameInfo, State
from deerbook.engine.options import Option
from deerbook.engine.validate import require

STEPS = (Action("add", (1,), "add 1"), Action("add", (2,), "add 2"))
COIN = ((Action("coin", (0,), "coin +0"), Fraction(1, 2)), (Action("coin", (1,), "coin +1"), Fraction(1, 2)))


class RaceGame(Game):
    name = "toy-race"

    def __init__(self, num_players: int = 2, target: int = 6):
        self._num_players, self.target = num_players, target

    @property
    def num_players(self):
        return self._num_players

    def initial_state(self):
        return RaceState(self, (0,) * self.num_players, 0, False)

    def options(self):
        return {"num_players": self.num_players, "target": self.target}

    def state_from_json(self, data):
        require(isinstance(data, dict) and set(data) == {"totals", "turn", "coin"}, "state", "bad fields")
        totals = data["totals"]
        require(isinstance(totals, list) and len(totals) == self.num_players, "state.totals", "one per player")
        require(all(isinstance(t, int) and t >= 0 for t in totals), "state.totals", "non-negative ints")
        return RaceState(self, tuple(totals), data["turn"], data["coin"])


@dataclass(frozen=True)
class RaceState(State):
    game: RaceGame
    totals: tuple
    turn: int
    coin: bool

    def current_player(self):
        if max(self.totals) >= self.game.target:
            return TERMINAL
        return CHANCE if self.coin else self.turn

    def rule(self):
        return "Race rule: add 1 or 2, then a coin"

    def _legal_actions(self):
        return STEPS

    def _chance_outcomes(self):
        return COIN

    def _add(self, amount):
        return self.totals[:self.turn] + (self.totals[self.turn] + amount,) + self.totals[self.turn + 1:]

    def _apply(self, action):
        totals = self._add(action.args[0])
        if self.coin:
            return RaceState(self.game, totals, (self.turn + 1) % self.game.num_players, False)
        return RaceState(self.game, totals, self.turn, True)

    def returns(self):
        return tuple(1.0 if t >= self.game.target else 0.0 for t in self.totals)

    def observation(self, player):
        return {"totals": list(self.totals), "turn": self.turn}

    def to_json(self):
        return {"totals": list(self.totals), "turn": self.turn, "coin": self.coin}

    def stats(self):
        return {"totals": list(self.totals)}

    def __str__(self):
        return f"totals {list(self.totals)}, turn {self.turn}{', coin' if self.coin else ''}"


TOY_RACE = GameInfo(RaceGame.name, "Race to a target (a toy game for the tests)", RaceGame,
                    [Option("num_players", int, 2, "number of players", low=1, high=6),
                     Option("target", int, 6, "total that wins", low=1, high=1000)],
                    configs=[{"num_players": 1}, {"num_players": 2}, {"num_players": 3, "target": 10}])
# A package taking a name already taken (deerbook's own "deer"), for the registry's tests.
OTHER_DEER = GameInfo("deer", "Another deer", RaceGame,
                      [Option("num_players", int, 2, "number of players", low=1, high=4)])
TOY_AND_OTHER_DEER = [TOY_RACE, OTHER_DEER]


class FirstChoice:
    """A generic agent for the catalogue tests: always the first legal move."""

    def act(self, observation, legal, rng):
        return legal[0]
