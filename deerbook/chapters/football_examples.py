"""The Football chapters' worked examples: moves applied by their text, each step told as one compact line, and the
decisions the book asks the advisor about.

Each line says which boxes the action checked and what they did, read off the structured events the rules emit
(`FootballState.step`).

`narrate(state, texts)` applies actions (or chance outcomes) by their text and returns the new
state with one line per step, e.g.
"P0: check a 1 -> track 1 box 1 [5B], Breakaway box 1 [+0], defense die applied".
"""
from __future__ import annotations

from typing import Iterable

from ..analysis.football_positions import decision_positions
from ..bots.football_advisor import Advisor
from ..engine.events import Event
from ..engine.protocol import Action
from ..football.marks import START_MARKER
from ..football.sheet import PlaySheet
from ..football.state import FootballState

SHEET_EVENTS = frozenset(("box_checked", "bonus_checked", "kick_range_checked", "power_unlocked", "defense_applied",
                          "touchdown", "field_goal", "ball_moved"))  # the events that change a player's sheet or field


def sheet_changes(events: Iterable[Event], sheet: PlaySheet) -> list[str]:
    """What one step's events changed on one player's sheet and field, in sheet order."""
    by_kind: dict[str, list[dict]] = {}
    for event in events:
        by_kind.setdefault(event.kind, []).append(dict(event.detail))
    boxes = sorted((e["track"], e["box"], e["code"]) for e in by_kind.get("box_checked", ()))
    changes = [f"track {track} box {box} [{code}]" for track, box, code in boxes]
    for track, title in (("breakaway", "Breakaway"), ("yac", "YAC")):
        changes += [f"{title} box {e['box']} [+{e['yards']}]" for e in by_kind.get("bonus_checked", ())
                    if e["track"] == track]
    changes += [f"Kick Range box {e['box']} [{e['range']}]" for e in by_kind.get("kick_range_checked", ())]
    changes += [f"Power Dice {e['power'] - 1} -> {e['power']}" for e in by_kind.get("power_unlocked", ())]
    changes += ["defense die applied" for _ in by_kind.get("defense_applied", ())]
    changes += [f"TOUCHDOWN +{e['points']}" for e in by_kind.get("touchdown", ())]
    changes += [f"FIELD GOAL +{e['points']}" for e in by_kind.get("field_goal", ())]
    for e in by_kind.get("ball_moved", []) + by_kind.get("touchdown", []) + by_kind.get("field_goal", []):
        if e["marker"] != e.get("to", START_MARKER):
            changes.append(f"marker {e['marker']} -> {e.get('to', START_MARKER)}")
    return changes


def step_line(state: FootballState, action: Action) -> str:
    """One step as text: who acted, the action (with its exact probability at a chance node), what changed."""
    events = state.step(action).events
    probability = dict(state.chance_outcomes()).get(action)
    who = "chance" if state.is_chance_node() else f"P{state.current_player()}"
    line = f"{who}: {action}" + (f" (probability {probability})" if probability is not None else "")
    changes = [("" if p == state.current_player() else f"P{p} ") + ", ".join(found)
               for p in range(state.game.num_players)
               if (found := sheet_changes([e for e in events if e.player == p and e.kind in SHEET_EVENTS],
                                          state.game.sheet))]
    return line + (" -> " + "; ".join(changes) if changes else "")


def narrate(state: FootballState, texts: Iterable[str]) -> tuple[FootballState, list[str]]:
    """Apply legal actions or chance outcomes by their text; return the final state and one line per step."""
    lines = []
    for text in texts:
        action = state.find_action(text)
        lines.append(step_line(state, action))
        state = state.apply(action)
    return state, lines


def advisor_positions(seed: int = 7, count: int = 6) -> list[FootballState]:
    """The first `count` decisions (areas and picks) in a seeded two-player game of greedy agents where the choice
    matters (the advisor's expected points differ between the choices): the first of each kind per player and round."""
    first: dict[tuple, FootballState] = {}
    for s in decision_positions(seed):
        key = (s.round, s.actor, s.phase)
        if key not in first and len({a.expected_points for a in Advisor().advise(s)}) > 1:
            first[key] = s
    return list(first.values())[:count]
