"""Play whole games: chance sampled from a seeded stream, decisions by agents."""
from __future__ import annotations

from typing import Callable, Sequence, cast

from .agents import Agent, shown_to
from .events import Event, Step
from .protocol import CHANCE, TERMINAL, Action, Game, State
from .seeding import Rng, as_generator, spawn


def sample_outcome(state: State, rng: Rng) -> Action:
    """A chance outcome of `state` drawn with its exact probability."""
    return state.sample_chance(rng)


def play(
    game: Game,
    agents: Sequence[Agent],
    seed: int | Rng | None,
    *,
    state: State | None = None,
    on_step: Callable[[State, Action], None] | None = None,
    on_events: Callable[[tuple[Event, ...]], None] | None = None,
    max_steps: int = 1_000_000,
) -> State:
    """Play from `state` (default: the initial state) to the end and return the terminal state.

    Chance and each agent draw from their own streams spawned from `seed` (`engine.seeding`), so the
    same seed and agents give the same game, in CPython and in the browser alike. `on_events` receives the
    structured events of every step (the runner then steps with `State.step`; the game is the same).
    With neither `on_step` nor `on_events`, each decision and the run of chance moves after it are played by
    `State.play_decision` (the same draws and states; `max_steps` then counts such a run as one step).
    """
    if len(agents) != game.num_players:
        raise ValueError(f"{game.name} with {game.num_players} players needs {game.num_players} agents")
    chance_rng, *agent_rngs = spawn(as_generator(seed), 1 + game.num_players)
    state = game.initial_state() if state is None else state
    unwatched = on_step is None and on_events is None  # then runs of moves are played at once
    for _ in range(max_steps):
        player = state.current_player()
        if player == TERMINAL:
            return state
        if player == CHANCE:
            if unwatched:
                state = state.play_chance(chance_rng)
                continue
            action = state.sample_chance(chance_rng)
            if on_step is not None:
                on_step(state, action)
            # drawn from the state's own outcomes: no need to check it
            state = state._apply(action) if on_events is None else _stepped(state._step(action), on_events)
            continue
        agent = agents[player]
        action = agent.act(shown_to(agent, state, player), state.legal_actions(), agent_rngs[player])
        if unwatched:
            state = state.play_decision(action, chance_rng)
            continue
        if on_step is not None:
            on_step(state, action)
        state = state.apply(action) if on_events is None else _stepped(state.step(action), on_events)
    raise RuntimeError(f"game did not end within {max_steps} steps")


def _stepped(step: Step, on_events: Callable[[tuple[Event, ...]], None]) -> State:
    """The state after a step, its events handed to `on_events`."""
    on_events(step.events)
    return cast(State, step.state)
