"""The engine contract: what every game keeps, after OpenSpiel's game API. It is stated here and only here.

A `Game` (rules, components, player count) makes an initial `State`; a state says whose move it is: a seat
(0..n-1), `CHANCE` or `TERMINAL`. At a chance node `chance_outcomes()` lists outcomes with exact `Fraction`
probabilities summing to 1; at a decision node `legal_actions()` lists short, readable choices. `apply` returns a
new state and never changes the old one.

A game implements:

- `Game`: a `name`, `num_players`, `initial_state()`, `options()` (JSON-able keyword arguments that rebuild it:
  `make_game(name, **options)`; user component data embedded, never a file path, so a save never makes the loader
  open a file) and `state_from_json(data)`, which validates everything (types, ranges, every card in one place,
  a legal action or chance outcome at a live state) and raises `SaveFileError` naming the bad field.
- `State`: a `@dataclass(frozen=True)` subclass, not slots (the engine caches lookups in the instance's `__dict__`,
  each method marked `engine.caching.cached_method`; `engine.frozen` builds the next state fast). It
  implements `current_player()`; `rule()`, the rule governing this node, named by the `RuleViolation` an illegal action
  raises; `_legal_actions()`; `_chance_outcomes()`, distinct outcomes with exact probabilities; `_apply(action)`
  for an action already checked legal; `returns()`, all zero until the end, then the winners share 1.0 (a solo game
  lost to the game itself: all zero); `observation(player)`, a JSON-able dict of what that seat may see and
  nothing more; `to_json()`; and a deterministic `__str__` (recorded playthroughs show it).
- Optional: `stats()` (per-game figures for `simulate`), `observation_view` (the observation's entries worked out
  when read: build both from one table with `observed_dict`), `_step` (structured events, `engine.events`),
  `_chance_table`, `_chance_run`, `play_decision` or `sample_chance` to play chance faster, drawing exactly what
  `ChanceTable.draw` would. A game with hidden information (`GameInfo.information="imperfect"`) overrides
  `sample_belief(player, rng)`: a full state consistent with everything that seat has seen, each consistent deal
  equally likely; its observation must then carry what the seat saw earlier.
- `Action(kind, args, text)`: equal on (kind, args) only, JSON-able args; every legal action at a node reads
  differently (replays find actions by text). Bad input anywhere raises a `deerbook.engine.errors` exception that
  names the rule or field broken (`RuleViolation`, `SaveFileError`, `ComponentError`, `OptionError`) and leaves
  the state as it was.

Agents choose with `act(observation, legal, rng)`, handed what `engine.agents.shown_to` shows their seat.
tests/engine/test_conformance.py checks these promises on every configuration of every registered game.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable, Iterator, Mapping, Self, Sequence, cast

from .caching import IdentityCache, cache_key, cached_method
from .distribution import cumulative_weights, draw_index, exact_sum
from .errors import RuleViolation
from .events import Event, Step
from .seeding import Rng

CHANCE = -1
TERMINAL = -2


@dataclass(frozen=True)
class Action:
    """One move or chance outcome: `kind` and JSON-able `args` identify it, `text` reads it."""

    kind: str
    args: tuple[Any, ...] = ()
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.text or f"{self.kind} {' '.join(map(str, self.args))}".strip()


class Game(ABC):
    """Rules, components and player count; a factory of initial states."""

    name: str  # the registered name; a game may set it per instance (an edition's name)

    @property
    @abstractmethod
    def num_players(self) -> int:
        """How many seats play."""

    @abstractmethod
    def initial_state(self) -> "State":
        """The position before the first move."""

    @abstractmethod
    def options(self) -> dict[str, Any]:
        """JSON-able keyword arguments that rebuild this game via the registry."""

    @abstractmethod
    def state_from_json(self, data: Any) -> "State":
        """Rebuild a state from `State.to_json()`, raising SaveFileError on bad data."""

    def __eq__(self, other: Any) -> bool:
        return type(self) is type(other) and self.options() == other.options()

    @cached_method
    def __hash__(self) -> int:
        """Games are immutable once built, so the hash is computed once (states hash their game)."""
        return hash((self.name, repr(sorted(self.options().items()))))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in sorted(self.options().items()))
        return f"{type(self).__name__}({args})"


class State(ABC):
    """An immutable game position. Subclasses are frozen dataclasses."""

    game: Game

    @abstractmethod
    def current_player(self) -> int:
        """The seat to move, or CHANCE, or TERMINAL."""

    @abstractmethod
    def rule(self) -> str:
        """The rule that governs the current node (named in illegal-move errors)."""

    @abstractmethod
    def _legal_actions(self) -> tuple[Action, ...]: ...

    @abstractmethod
    def _chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]: ...

    @abstractmethod
    def _apply(self, action: Action) -> Self:
        """Apply an action already known to be legal."""

    @abstractmethod
    def returns(self) -> tuple[float, ...]:
        """Per-player result at a terminal state: winners split 1.0; all 0 when the game itself wins (solo)."""

    @abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """What `player` may see at the table, as a JSON-able dict."""

    def observation_view(self, player: int) -> Mapping[str, Any]:
        """The same entries as `observation(player)`, for an agent that reads them by key (`Agent.observes_by_key`):
        a game may return an `ObservationView`, which works out only the entries read."""
        return self.observation(player)

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The state as JSON-able data (read back by `Game.state_from_json`)."""

    def sample_belief(self, player: int, rng: Rng) -> Self:
        """A full state consistent with everything `player` has observed (its observation and the history it saw),
        each consistent state equally likely: the hidden hands, set-aside cards, deck order and the like dealt
        afresh. A perfect-information game has nothing hidden: this default returns the state itself. A game
        registered with `information="imperfect"` overrides it (the conformance suite checks that it does)."""
        return self

    def winners(self) -> tuple[int, ...]:
        """The seats that won a finished game (those with a positive return; none when the game itself wins)."""
        return tuple(seat for seat, result in enumerate(self.returns()) if result > 0)

    def stats(self) -> dict[str, Any]:
        """Per-game figures at a terminal state for `simulate` (numbers or per-seat lists)."""
        return {}

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        """Whether chance moves next."""
        return self.current_player() == CHANCE

    # The lookups below are computed once per state (`cached_method`); the most common first (`frozen.field_values`
    # stops looking once it has dropped every cached one).
    def _chance_table(self) -> "ChanceTable":
        """The chance outcomes as a sampling table. A game may override this to hand out a precomputed
        table (e.g. one per set of dice) with the same outcomes, in the same order, in the same proportions."""
        return ChanceTable.from_outcomes(self.chance_outcomes())

    @cached_method
    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the player to move; empty at chance and terminal nodes."""
        return self._legal_actions() if self.current_player() >= 0 else ()

    @cached_method
    def _chance(self) -> "ChanceTable":
        return self._chance_table()

    @cached_method
    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """(outcome, exact probability) pairs at a chance node; empty elsewhere."""
        return self._chance_outcomes() if self.is_chance_node() else ()

    def chance_table(self) -> "ChanceTable":
        """The chance outcomes as a sampling table (empty elsewhere): the same outcomes in the same order, with integer
        running totals of weights proportional to their exact probabilities, no `Fraction` built."""
        return self._chance() if self.is_chance_node() else ChanceTable((), ())

    @cached_method
    def _allowed(self) -> dict[Action, Action]:
        """The legal actions, each keyed by itself (apply looks an action up in O(1))."""
        return {a: a for a in self.legal_actions()}

    def sample_chance(self, rng: Rng) -> Action:
        """A chance outcome drawn with its exact probability from one `rng.random()` value."""
        return self._chance().draw(rng)

    def play_chance(self, rng: Rng) -> "State":
        """The state where chance has made every move due from here (a seat to move, or the end): the same
        draws from `rng` and the same state as `sample_chance` then `_apply`, step by step. A game may
        override `_chance_run` to play a run of chance moves without a state per step (e.g. a whole deal)."""
        state: State = self
        while state.current_player() == CHANCE:
            state = state._chance_run(rng)
        return state

    def _chance_run(self, rng: Rng) -> "State":
        """The state after one or more chance moves from this chance node, drawn as `sample_chance` draws them."""
        return self._apply(self.sample_chance(rng))

    def play_decision(self, action: Action, rng: Rng) -> "State":
        """`apply(action)`, then `play_chance(rng)`: the state where the next seat decides (or the end). A game
        may override this to play the decision and the chance moves after it without a state in between."""
        return self.apply(action).play_chance(rng)

    def apply(self, action: Action) -> Self:
        """The state after `action`; raises RuleViolation (naming the rule) if it is not legal."""
        return self._apply(self.checked(action))

    def step(self, action: Action) -> Step:
        """The state after `action` and the structured events it emitted; illegal actions as in `apply`."""
        return self._step(self.checked(action))

    def _step(self, action: Action) -> Step:
        """Apply a legal action and report its events. Games override this to emit their own events
        (kind, seat, what moved); the default reports the action itself, public."""
        after = self._apply(action)
        player = self.current_player()
        return Step(after, (Event(action.kind, None if player < 0 else player, {"action": str(action)}),))

    def checked(self, action: Action) -> Action:
        """The legal action or chance outcome equal to `action`; raises RuleViolation (naming the rule) if none is."""
        for legal in self.__dict__.get(LEGAL_ACTIONS_KEY, ()):  # an agent's choice is one of the actions it was
            if legal is action:  # shown (cached): found without hashing
                return legal
        player = self.current_player()
        if player == TERMINAL:
            raise RuleViolation("Game over", f"no action is possible after the game ended, got {action}")
        if player == CHANCE:
            table = self._chance()
            if table.drawn(action):  # the very outcome the table drew: no hashing
                return action
            allowed = table.lookup()
        else:
            allowed = self._allowed()
        try:
            candidate: Action | None = allowed.get(action)
        except TypeError:  # unhashable, so not an Action: never legal
            candidate = None
        if candidate is not None:
            return candidate
        options = list(allowed)
        shown = ", ".join(str(a) for a in options[:8]) + (", ..." if len(options) > 8 else "")
        who = "chance" if player == CHANCE else f"player {player}"
        raise RuleViolation(self.rule(), f"{action} is not allowed for {who} now (allowed: {shown})")

    def find_action(self, text: str) -> Action:
        """The legal action or chance outcome whose text is `text`."""
        allowed: Sequence[Action] = ([a for a, _ in self.chance_outcomes()] if self.is_chance_node()
                                     else self.legal_actions())
        for candidate in allowed:
            if str(candidate) == text:
                return candidate
        raise RuleViolation(self.rule(), f"no allowed action reads {text!r}")


LEGAL_ACTIONS_KEY = cache_key(State.legal_actions)  # where a state keeps its legal actions once asked

Observed = Mapping[str, Callable[[Any, int], Any]]  # observation key -> its value for (state, player)


class ObservationView(Mapping[str, Any]):
    """What `player` may see at `state`, each entry worked out when it is read: `observed[key](state, player)`.
    A game whose `observation` is built from the same `observed` table shows the same in both (`observed_dict`).
    The state is held privately: the view shows the observation's entries and nothing else."""

    __slots__ = ("_state", "_player", "_observed")

    def __init__(self, state: "State", player: int, observed: Observed):
        self._state, self._player, self._observed = state, player, observed

    def __getitem__(self, key: str) -> Any:
        return self._observed[key](self._state, self._player)

    def __iter__(self) -> Iterator[str]:
        return iter(self._observed)

    def __len__(self) -> int:
        return len(self._observed)


def observed_dict(state: "State", player: int, observed: Observed) -> dict[str, Any]:
    """Every entry of the `observed` table for `player` at `state`, as a dict (the observation itself)."""
    return {key: value(state, player) for key, value in observed.items()}


class ChanceTable:
    """Chance outcomes ready to sample: the actions, integer running totals of their weights (proportional
    to the exact probabilities) and a lookup of each action by itself."""

    __slots__ = ("actions", "cumulative", "_by_identity")

    def __init__(self, actions: Iterable[Action], cumulative: Iterable[int]):
        self.actions, self.cumulative = tuple(actions), tuple(cumulative)
        self._by_identity = {id(a): a for a in self.actions}

    @classmethod
    def from_outcomes(cls, outcomes: Sequence[tuple[Action, Fraction]]) -> "ChanceTable":
        """The table of (action, exact probability) pairs."""
        return cls([a for a, _ in outcomes], cumulative_weights([p for _, p in outcomes]))

    @classmethod
    def shared(cls, outcomes: tuple[tuple[Action, Fraction], ...]) -> "ChanceTable":
        """The table of an outcomes tuple that a game hands out again and again (e.g. a cached dice roll),
        built once (`IdentityCache`)."""
        return cast(ChanceTable, _SHARED_TABLES.of(outcomes))

    def draw(self, rng: Rng) -> Action:
        """An action drawn with its exact probability from one `rng.random()` value."""
        return self.actions[draw_index(self.cumulative, rng)]

    def drawn(self, action: Any) -> bool:
        """Whether `action` is one of this table's own outcome objects (as `draw` hands them out): found by identity
        in O(1), without hashing the action."""
        return action is not None and self._by_identity.get(id(action)) is action  # (a miss gets None)

    def lookup(self) -> dict[Action, Action]:
        """Each action keyed by itself, built when asked: only an action that is not one of the table's own objects
        (`drawn`) is looked up by value."""
        return {a: a for a in self.actions}


_SHARED_TABLES = IdentityCache(ChanceTable.from_outcomes, maxsize=256)


def check_distribution(pairs: Sequence[tuple[Action, Fraction]]) -> None:
    """Raise AssertionError unless probabilities are positive Fractions summing to exactly 1 (`exact_sum`: a roll's
    hundreds of outcomes, at every chance node a test meets)."""
    assert pairs, "a chance node needs outcomes"
    probabilities = [p for _, p in pairs]
    assert all(isinstance(p, Fraction) and p.numerator > 0 for p in probabilities), \
        "probabilities must be positive Fractions"
    assert exact_sum(probabilities) == 1, "probabilities must sum to exactly 1"
    assert len({a for a, _ in pairs}) == len(pairs), "outcomes must be distinct"
