"""Recorded playthroughs: complete seeded games written as text and replayed as regression tests.

At every decision node the text holds the state, the legal actions and the chosen
action; at chance nodes the outcome drawn. Replaying re-applies the recorded
actions through the engine and checks that every state and legal-action list
still reads the same.
"""
from __future__ import annotations

import json
from typing import Any, Sequence

from .protocol import Action, State
from .registry import make_agents, make_game
from .runner import play

HEADER = "deerbook playthrough v1"


def record(game_name: str, options: dict[str, Any], agent_names: Sequence[str], seed: int) -> str:
    """Play one seeded game and return its playthrough text."""
    game = make_game(game_name, **options)
    agents = make_agents(game, agent_names)
    lines = [HEADER, f"game: {game_name}", f"options: {json.dumps(options, sort_keys=True)}",
             f"agents: {','.join(agent_names)}", f"seed: {seed}", ""]

    def write(state: State, action: Action) -> None:
        if state.is_chance_node():
            lines.append(f"chance: {action}")
        else:
            lines.extend(_decision_lines(state))
            lines.append(f"action: {action}")

    final = play(game, agents, seed, on_step=write)
    lines.extend(["", "final:", *_indent(str(final)), f"returns: {list(final.returns())}", ""])
    return "\n".join(lines)


def _indent(text: str) -> list[str]:
    return ["  " + line for line in text.splitlines()]


def _decision_lines(state: State) -> list[str]:
    return ["state:", *_indent(str(state)), f"player: {state.current_player()}",
            "legal: " + " | ".join(str(a) for a in state.legal_actions())]


def replay(text: str) -> State:
    """Replay a playthrough through the engine; raise AssertionError at the first difference."""
    lines = text.splitlines()
    assert lines[0] == HEADER, "not a deerbook playthrough"
    header = dict(line.split(": ", 1) for line in lines[1:5])
    state = make_game(header["game"], **json.loads(header["options"])).initial_state()
    i = 6
    while lines[i] != "":
        if lines[i].startswith("chance: "):
            state = state.apply(state.find_action(lines[i][len("chance: "):]))
            i += 1
            continue
        expected = _decision_lines(state)
        got = lines[i:i + len(expected)]
        assert got == expected, (f"line {i + 1}: the engine now reads\n" + "\n".join(expected) + "\nrecorded:\n"
                                 + "\n".join(got))
        i += len(expected)
        assert lines[i].startswith("action: "), f"line {i + 1}: expected an action"
        state = state.apply(state.find_action(lines[i][len("action: "):]))
        i += 1
    assert state.is_terminal(), "the recorded game ended before the engine's did"
    final = ["final:", *_indent(str(state)), f"returns: {list(state.returns())}"]
    assert lines[i + 1:i + 1 + len(final)] == final, "final state differs"
    return state
