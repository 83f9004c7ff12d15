"""A game record: the set-up and every step since the start, the one record behind a save and a link.

A record holds the game's name and options, who sat in each seat ("human" or an agent's name) and every engine step
from the initial state, chance outcomes included: a decision as its index into that step's `legal_actions()`, a
chance outcome as its index into `chance_outcomes()`. Replaying the steps through the engine rebuilds the game
exactly, so a record needs no seed and holds no random stream: it tells what happened, never what will (a record of
an unfinished game says nothing of the coming dice and cards; a game continued from one draws fresh randomness).

Its two forms: a saved game (`engine.saving`), whose table lists every step by its text (`record_from_save`,
`save_of_record`), and a link (`engine.link`). Every check is the engine's own: a step that is not a legal index at
its position is refused with a `SaveFileError` naming the step, and nothing is built. Standard library only.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from .errors import RuleViolation, SaveFileError
from .agents import Agent
from .protocol import Action, Game, State
from .runner import play
from .saving import MAX_STEPS, TableRecord, _rebuild_game, read_save, state_to_json
from .seeding import Rng, Seed, spawn, stream_state

FORMAT_VERSION = 1  # the record's layout; a link names it (`engine.link`)


@dataclass(frozen=True)
class GameRecord:
    """A game's set-up (`game`, `options`, `seats`) and every step since its start (`steps`, indices)."""

    game: str
    options: dict[str, Any]
    seats: tuple[str, ...]
    steps: tuple[int, ...]

    def make_game(self) -> Game:
        """The game this record was played in (options checked as a save's are; no file is opened)."""
        return _rebuild_game(self.game, self.options)

    def positions(self) -> list[State]:
        """Every position from the initial state to the last step's (one more than the steps); SaveFileError naming
        the first step that is not an index of a legal action or chance outcome there."""
        game = self.make_game()
        if len(self.seats) != game.num_players:
            raise SaveFileError(f"the record seats {len(self.seats)} players, and its {self.game} game has "
                                f"{game.num_players}")
        states = [game.initial_state()]
        for number, index in enumerate(self.steps, 1):
            states.append(states[-1].apply(_action_at(states[-1], index, number)))
        return states

    def final_state(self) -> State:
        """The position after the last step (checked as `positions` checks it)."""
        return self.positions()[-1]


def step_choices(state: State) -> Sequence[Action]:
    """What a step's index points into at `state`: its chance outcomes at a chance node, else its legal actions."""
    return [action for action, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()


def _action_at(state: State, index: int, number: int) -> Action:
    """The action at `index` of step `number`'s choices; SaveFileError saying why there is none."""
    choices = step_choices(state)
    if state.is_terminal():
        raise SaveFileError(f"step {number}: the game was already over, yet the record goes on")
    if not 0 <= index < len(choices):
        raise SaveFileError(f"step {number}: {index} is no legal choice there (the {state.rule()} step has "
                            f"{len(choices)}, numbered from 0)")
    return choices[index]


def record_of_moves(game: Game, seats: Sequence[str], moves: Sequence[Action | str]) -> GameRecord:
    """The record of `game` played by `seats` through `moves` (actions, or their texts as a save lists them) from its
    initial state; SaveFileError naming the first move that is not legal at its step."""
    state, steps = game.initial_state(), []
    for number, move in enumerate(moves, 1):
        try:
            action = state.find_action(move) if isinstance(move, str) else state.checked(move)
        except RuleViolation as exc:
            raise SaveFileError(f"step {number}: {exc}") from None
        steps.append(list(step_choices(state)).index(action))
        state = state.apply(action)
    return GameRecord(game.name, game.options(), tuple(seats), tuple(steps))


def record_of_play(game: Game, seats: Sequence[str], agents: Sequence[Agent], seed: Seed) -> tuple[GameRecord, State]:
    """A whole game of `agents` from `seed`, recorded with `seats` (the names a replay shows, e.g. "human" for a seat
    a bot played here): its record and its last position."""
    moves: list[Action] = []
    end = play(game, agents, seed, on_step=lambda _, action: moves.append(action))
    return record_of_moves(game, seats, moves), end


def record_from_save(text: str | bytes, where: str = "saved game") -> GameRecord:
    """The record a saved game holds: its game, seats and every step since the start (its table's moves);
    SaveFileError if the file is no good save or does not list its steps (a save of a game loaded from a save that
    did not)."""
    state, table = read_save(text, where)
    if table is None or table.moves is None:
        raise SaveFileError(f"{where} does not list the steps played since its game began (an older save, or a game "
                            "continued from one), so it cannot be replayed")
    record = record_of_moves(state.game, table.seats, table.moves)
    if record.final_state() != state:
        raise SaveFileError(f"{where}: its steps do not lead to its saved position")
    return record


def save_of_record(record: GameRecord, rng: Rng | None = None) -> str:
    """The record as a saved game (checked as every save is): its final position, seats and steps, no seed, and
    random streams for whatever is played after it spawned from `rng` (default: the system's fresh randomness, so
    nobody who holds the record can tell the coming dice and cards)."""
    states = record.positions()
    game = states[0].game
    streams = spawn(rng or random.SystemRandom(), 1 + game.num_players)
    moves = tuple(str(action_between(before, index)) for before, index in zip(states, record.steps))
    table = TableRecord(record.seats, None, tuple(stream_state(rng) for rng in streams), moves,
                        min(len(record.steps), MAX_STEPS))
    return state_to_json(states[-1], table)


def action_between(state: State, index: int) -> Action:
    """The action a record's step `index` stands for at `state` (already checked by `GameRecord.positions`)."""
    return step_choices(state)[index]
