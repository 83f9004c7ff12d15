"""A game at a table, without any display: seats, bots, seeded chance, the per-seat log, save and load.

The notebook table (`widgets.table.GameTable`), the terminal (`play.terminal`) and the in-browser table all
drive a `Session`, which plays through the engine's one game loop (`engine.runner.Match`): the same game,
seats and seed give the same game as `engine.play`, a batch's game of that seed, and every other table.
Every step is logged as a `play.narration.Narration`. Standard library and the engine only (no widgets).
"""
from __future__ import annotations

import secrets
import time
from typing import Callable, Sequence

from ..engine import Game, RuleViolation, SaveFileError, State, make_game, state_from_json, state_to_json
from ..engine.registry import table_agents
from ..engine.runner import Match
from ..engine.seeding import Seed, parse_seed, seed_text
from .narration import Narration
from .views import views_of

HUMAN = "human"


def default_seats(game: Game) -> list[str]:
    """You in seat 0, the strongest quick bot in every other seat."""
    bot = "greedy" if "greedy" in table_agents(game.name) else "random"
    return [HUMAN] + [bot] * (game.num_players - 1)


def fresh_seed() -> int:
    """A new seed for a table (shown, so the game can be played again)."""
    return secrets.randbelow(10**6)


class Session:
    """One game at a table: `seats` are "human" or an agent's name; `seed` (default: a fresh one) names the game.

    `game` is a Game or a registered name (then it has as many players as `seats`, or its default)."""

    def __init__(self, game: Game | str = "deer", seats: Sequence[str] | None = None,
                 seed: Seed | str | None = None, state: State | None = None, *,
                 auto_single: bool = True):
        if isinstance(game, str):  # a game by name: as many players as seats given
            game = make_game(game, **({"num_players": len(seats)} if seats else {}))
        self.game = game
        self.seats = list(seats or default_seats(self.game))
        self._check_seats()
        self.auto_single = auto_single
        self.view_module, self.step_event = views_of(self.game)
        self.viewer = self.humans()[0] if self.humans() else 0
        self.bot_seconds = 0.0
        self._start(fresh_seed() if seed is None else seed, state)

    def _start(self, seed: Seed | str, state: State | None) -> None:
        """Seat the agents and start the match of `seed` ("7/12" read as `(7, 12)`) from `state` (default: a new
        game)."""
        seed = parse_seed(seed) if isinstance(seed, str) else seed
        self.seed = seed
        agents = [None if seat == HUMAN else self.catalogue[seat].load(self.game.name)() for seat in self.seats]
        self.match = Match(self.game, agents, seed, state)
        self.events: list[Narration] = []

    def _check_seats(self) -> None:
        if len(self.seats) != self.game.num_players:
            raise ValueError(f"{self.game.name} needs {self.game.num_players} seats, got {len(self.seats)}")
        self.catalogue = table_agents(self.game.name)
        for seat in self.seats:
            if seat != HUMAN and seat not in self.catalogue:
                raise ValueError(f"seat {seat!r}: use 'human' or one of {', '.join(self.catalogue)}")

    @property
    def state(self) -> State:
        """The position now."""
        return self.match.state

    @property
    def seed_text(self) -> str:
        """The seed as a person types it ("7", or "7/12" for game 12 of a batch with seed 7)."""
        return seed_text(self.seed) if isinstance(self.seed, (int, tuple)) else "a stream"

    def humans(self) -> list[int]:
        """The seats a person plays."""
        return [i for i, s in enumerate(self.seats) if s == HUMAN]

    @property
    def names(self) -> list[str]:
        """The name of each seat."""
        return self.seats

    def strength(self, seat: int) -> str:
        """A bot seat's strength in words (the catalogue's: "random", "basic", "good", "strong"); "" for a person."""
        name = self.seats[seat]
        return "" if name == HUMAN else self.catalogue[name].strength

    def seat_summaries(self) -> list[str]:
        """Each seat in words: "P0 human", "P1 search (strong): plays each choice out ..." (the catalogue's line)."""
        return [f"P{p} {name}" if name == HUMAN else f"P{p} {self.catalogue[name].summary}"
                for p, name in enumerate(self.seats)]

    def person_to_move(self) -> int | None:
        """The human seat that must decide now, or None (chance, a bot, or the game is over)."""
        return self.match.awaits()

    def run(self, after_bot_move: Callable[[], bool] = lambda: False) -> None:
        """Let chance and bots move until a person must decide or the game ends. After each bot move the
        viewer is told of, `after_bot_move()` may return True to stop there. `bot_seconds` is the time the
        bots spent thinking in this run."""
        self.bot_seconds = 0.0
        while not self.state.is_terminal():
            player = self.state.current_player()
            if self.match.awaits() is None:
                start = time.perf_counter()
                action = self.match.next_action()
                self.bot_seconds += (time.perf_counter() - start) * (player >= 0)
            elif self.auto_single and len(self.state.legal_actions()) == 1:
                action = self.state.legal_actions()[0]
            else:
                return
            if self.step(action) and player >= 0 and self.match.agents[player] is not None and after_bot_move():
                return

    def step(self, action) -> bool:
        """Apply `action`, logging it; True if the viewer was told something."""
        before = self.state
        self.match.state = before.apply(action)
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

    def restart(self, seed: Seed | str | None = None) -> None:
        """A fresh game at the same seats (a new seed unless one is given)."""
        self._start(fresh_seed() if seed is None else seed, None)

    def result(self) -> str:
        """The standings in words, told to the viewer (at the end of the game)."""
        winners = list(self.state.winners())
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
        unknown = sorted({s for s in self.seats if s != HUMAN} - set(table_agents(state.game.name)))
        if unknown:
            raise SaveFileError(f"{state.game.name} has no bot named {', '.join(unknown)}")
        self.game = state.game
        self._check_seats()
        self.view_module, self.step_event = views_of(self.game)
        self._start(self.seed, state)
        self.events = [Narration(f"loaded {source}")]
