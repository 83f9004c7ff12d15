"""The one game loop: chance drawn from a seeded stream, decisions by agents, one stream per seat.

Every front end plays through a `Match` (the batch runner, `simulate` and the study through `play`; the
notebook, terminal and in-browser tables through `play.session.Session`), so the same game, seats and seed
give the same game everywhere. The streams are spawned from the seed in a fixed order (`engine.seeding`): the
chance stream, then one per seat; a seat a person plays gets its stream too (and never draws from it), so a
table whose people happen to choose as a bot would play the bot's game.
"""
from __future__ import annotations

from typing import Callable, Sequence, cast

from .agents import Agent, shown_to
from .events import Event, Step
from .errors import RuleViolation
from .protocol import CHANCE, TERMINAL, Action, Game, State
from .seeding import Seed, as_generator, restore_stream, spawn, stream_state


class Match:
    """One game in play: its state, the chance stream and one stream per seat, all spawned from `seed`.

    `agents` has one entry per seat: an agent, or None for a seat decided from outside (a person at a table).
    `streams` (what `streams()` returned, e.g. from a saved game) continues those streams instead."""

    def __init__(self, game: Game, agents: Sequence[Agent | None], seed: Seed, state: State | None = None,
                 streams: Sequence[object] | None = None):
        if len(agents) != game.num_players:
            raise ValueError(f"{game.name} with {game.num_players} players needs {game.num_players} agents")
        if streams is not None and len(streams) != 1 + game.num_players:
            raise ValueError(f"{game.name} with {game.num_players} players has {1 + game.num_players} streams")
        self.game, self.agents = game, list(agents)
        self.chance_rng, *self.seat_rngs = (spawn(as_generator(seed), 1 + game.num_players) if streams is None
                                            else [restore_stream(data) for data in streams])
        self.state = game.initial_state() if state is None else state

    def streams(self) -> list[object]:
        """Where the chance stream and each seat's stream stand, as JSON data (a saved game records them)."""
        return [stream_state(rng) for rng in (self.chance_rng, *self.seat_rngs)]

    def awaits(self) -> int | None:
        """The seat whose decision must come from outside now (its agent is None), else None."""
        player = self.state.current_player()
        return player if player >= 0 and self.agents[player] is None else None

    def next_action(self) -> Action:
        """The move due now from inside the match: chance's draw, or the agent's choice at its seat."""
        player = self.state.current_player()
        if player == CHANCE:
            return self.state.sample_chance(self.chance_rng)
        agent = self.agents[player] if player >= 0 else None
        if agent is None:
            raise RuleViolation(self.state.rule(), "the game is over" if player == TERMINAL
                                else f"player {player} decides from outside the match")
        return agent.act(shown_to(agent, self.state, player), self.state.legal_actions(), self.seat_rngs[player])

    def play_to_end(self, max_steps: int = 1_000_000) -> State:
        """Play every remaining move (all seats must have agents); each decision and the chance moves after it go
        by `State.play_decision`, which draws exactly as move-by-move play does."""
        state = self.state.play_chance(self.chance_rng)
        for _ in range(max_steps):
            player = state.current_player()
            if player == TERMINAL:
                self.state = state
                return state
            agent = cast(Agent, self.agents[player])
            action = agent.act(shown_to(agent, state, player), state.legal_actions(), self.seat_rngs[player])
            try:
                state = state.play_decision(action, self.chance_rng)
            except RuleViolation as exc:  # say whose move it was
                raise RuleViolation(exc.rule, f"P{player}'s agent {type(agent).__name__} broke it: {exc.detail}"
                                    ) from None
        raise RuntimeError(f"game did not end within {max_steps} steps")


def play(
    game: Game,
    agents: Sequence[Agent],
    seed: Seed,
    *,
    state: State | None = None,
    on_step: Callable[[State, Action], None] | None = None,
    on_events: Callable[[tuple[Event, ...]], None] | None = None,
    max_steps: int = 1_000_000,
) -> State:
    """Play a `Match` from `state` (default: the initial state) to the end and return the terminal state.

    `seed` is a seed (a whole number, or whole numbers such as `(7, 12)`: see `engine.seeding`) or a
    `random.Random`. `on_step(state, action)` sees every move before it is made; `on_events` receives the
    structured events of every step. The game is the same watched or not."""
    if None in agents:
        raise ValueError("play needs an agent in every seat")
    match = Match(game, agents, seed, state)
    if on_step is None and on_events is None:
        return match.play_to_end(max_steps)
    for _ in range(max_steps):
        if match.state.is_terminal():
            return match.state
        action = match.next_action()
        if on_step is not None:
            on_step(match.state, action)
        match.state = match.state.apply(action) if on_events is None else _stepped(match.state.step(action), on_events)
    raise RuntimeError(f"game did not end within {max_steps} steps")


def _stepped(step: Step, on_events: Callable[[tuple[Event, ...]], None]) -> State:
    """The state after a step, its events handed to `on_events`."""
    on_events(step.events)
    return cast(State, step.state)
