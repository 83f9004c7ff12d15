"""A game in play, without any display: seats, bots, seeded chance, the per-seat log, save and load.

The notebook table (`widgets.table.GameTable`) and the terminal (`terminal`) both drive a `Session`,
so they play by the same steps: chance from a seeded Generator, bots from their observation, a
person's single legal choice played by itself if wished, every step logged as an `events.Narration`.
Standard library and the engine only (no widgets).
"""
from __future__ import annotations

import secrets
import time
from typing import Any, Callable, Sequence, cast


from .engine import Game, RuleViolation, SaveFileError, State, make_game, state_from_json, state_to_json
from .engine.agents import shown_to
from .engine.runner import sample_outcome
from .engine.seeding import Rng, as_generator
from .events import Narration
from .views import views_of

HUMAN = "human"


def default_seats(game: Game) -> list[str]:
    """You in seat 0, the strongest quick bot in every other seat."""
    bots = game.agents()
    return [HUMAN] + ["greedy" if "greedy" in bots else "random"] * (game.num_players - 1)


class Session:
    """One game at a table: `seats` are "human" or a bot name; `seed` (default: a fresh one) drives chance.

    `game` is a Game or a registered name (then it has as many players as `seats`, or its default)."""

    def __init__(self, game: Game | str = "deer", seats: Sequence[str] | None = None,
                 seed: int | Rng | None = None, state: State | None = None, *,
                 auto_single: bool = True):
        if isinstance(game, str):  # a game by name: as many players as seats given
            game = make_game(game, **({"num_players": len(seats)} if seats else {}))
        self.game = game
        self.seats = list(seats or default_seats(self.game))
        self._check_seats()
        self.seed = secrets.randbelow(10**6) if seed is None else seed
        self.rng = as_generator(self.seed)
        self.auto_single = auto_single
        self.view_module, self.step_event = views_of(self.game)
        self.events: list[Narration] = []
        self.viewer = self.humans()[0] if self.humans() else 0
        self.bot_seconds = 0.0
        self.state = self.game.initial_state() if state is None else state

    def _check_seats(self) -> None:
        if len(self.seats) != self.game.num_players:
            raise ValueError(f"{self.game.name} needs {self.game.num_players} seats, got {len(self.seats)}")
        catalogue = self.game.agents()
        for seat in self.seats:
            if seat != HUMAN and seat not in catalogue:
                raise ValueError(f"seat {seat!r}: use 'human' or one of {sorted(catalogue)}")
        self.agents = {i: catalogue[s]() for i, s in enumerate(self.seats) if s != HUMAN}

    def humans(self) -> list[int]:
        """The seats a person plays."""
        return [i for i, s in enumerate(self.seats) if s == HUMAN]

    @property
    def names(self) -> list[str]:
        """The name of each seat."""
        return self.seats

    def person_to_move(self) -> int | None:
        """The human seat that must decide now, or None (chance, a bot, or the game is over)."""
        player = self.state.current_player()
        return player if player >= 0 and player not in self.agents else None

    def run(self, after_bot_move: Callable[[], bool] = lambda: False) -> None:
        """Let chance and bots move until a person must decide or the game ends. After each bot move the
        viewer is told of, `after_bot_move()` may return True to stop there. `bot_seconds` is the time the
        bots spent thinking in this run."""
        self.bot_seconds = 0.0
        while not self.state.is_terminal():
            player = self.state.current_player()
            legal = self.state.legal_actions()
            if self.state.is_chance_node():
                action = sample_outcome(self.state, self.rng)
            elif player in self.agents:
                start = time.perf_counter()
                agent = self.agents[player]
                action = agent.act(shown_to(agent, self.state, player), legal, self.rng)
                self.bot_seconds += time.perf_counter() - start
            elif self.auto_single and len(legal) == 1:
                action = legal[0]
            else:
                return
            if self.step(action) and player in self.agents and after_bot_move():
                return

    def step(self, action) -> bool:
        """Apply `action`, logging it; True if the viewer was told something."""
        before, self.state = self.state, self.state.apply(action)
        event = self.step_event(before, action, self.state)
        self.events.append(event)
        return event.told_to(self.viewer) is not None

    def choose(self, text: str) -> None:
        """The person to move plays the legal action that reads `text` (nothing else moves)."""
        if self.person_to_move() is None:
            raise RuleViolation(self.state.rule(), "it is not a person's turn")
        self.step(self.state.find_action(text))

    @property
    def history(self) -> list[str]:
        """The log as the viewing seat may read it, oldest first."""
        told = (event.told_to(self.viewer, self.names) for event in self.events)
        return [line for line in told if line is not None]

    def restart(self) -> None:
        """A fresh game at the same seats with a new seed."""
        self.seed = secrets.randbelow(10**6)
        self.rng = as_generator(self.seed)
        self.state, self.events = self.game.initial_state(), []

    def result(self) -> str:
        """The standings in words, told to the viewer (at the end of the game)."""
        winners = list(cast(Any, self.state).winners())  # every registered game's state has winners()
        return self.view_module.result_text(self.state.observation(self.viewer), self.game, winners, self.names)

    def save_text(self) -> str:
        """The current state as a saved-game JSON document."""
        return state_to_json(self.state)

    def load_text(self, text: str, source: str) -> None:
        """Continue the saved game in `text`; raise SaveFileError (nothing changed) for a bad file."""
        try:
            state = state_from_json(text)
        except RuleViolation as exc:
            raise SaveFileError(str(exc)) from None
        if state.game.num_players != len(self.seats):
            raise SaveFileError(f"the file holds {state.game.num_players} players, this table has "
                                f"{len(self.seats)} seats")
        unknown = sorted({s for s in self.seats if s != HUMAN} - set(state.game.agents()))
        if unknown:
            raise SaveFileError(f"{state.game.name} has no bot named {', '.join(unknown)}")
        self.game, self.state = state.game, state
        self._check_seats()
        self.view_module, self.step_event = views_of(self.game)
        self.events = [Narration(f"loaded {source}")]
