"""Saved Football Highlights states: `load_state` validates every field of JSON from outside (a saved game, a
person's position); `trusted_state` rebuilds the engine's own observations without checks; `position` builds a
validated position by hand."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

from ..engine.errors import RuleViolation, SaveFileError
from ..engine.frozen import rebuilt
from ..engine.validate import count, flag, one_of, require, whole, wholes
from .marks import START_MARKER, Marks
from .rules import (ACTIVE, AREA, BLITZ_SCORES, DECLINED, MAX_OVERTIME, NO_DICE, OVERTIME, OVERTIME_ROLL, PICKS,
                    PLAY_DICE, REGULATION_PHASES, Phase)
from .sheet import MAX_POWER_DICE, TRACKS
from .state import MARK_FIELDS, FootballState
from .spec import FootballSetup

STATE_FIELDS = frozenset(FootballState.__dataclass_fields__) - {"game"}
PHASES = {phase.value: phase for phase in Phase}  # by the value a saved state holds


def trusted_state(game: FootballSetup, data: dict) -> FootballState:
    """The state of `to_json()` data the engine itself just produced (an observation), NOT validated: quick, for
    agents and hints. Anything from outside (a saved game, a person) goes through `load_state`."""
    marks = tuple([rebuilt(Marks, m | {"checked": tuple(m["checked"])}) for m in data["marks"]])
    return rebuilt(FootballState, data | {
        "game": game, "marks": marks, "phase": PHASES[data["phase"]], "board": tuple(data["board"]),
        "power_board": tuple(data["power_board"]), "hand": tuple(data["hand"]), "picks": tuple(data["picks"]),
        "blitz": tuple(data["blitz"]), "tied": tuple(data["tied"])})


def load_state(game: FootballSetup, data: Any) -> FootballState:
    """Rebuild and validate a state; raise SaveFileError naming the bad field."""
    require(isinstance(data, dict) and set(data) == STATE_FIELDS, "state",
            f"needs exactly the fields {sorted(STATE_FIELDS)}")
    n = game.num_players
    require(isinstance(data["marks"], list) and len(data["marks"]) == n, "state.marks", f"needs {n} players")
    state = FootballState(
        game, marks=tuple(_marks_from_json(m, f"state.marks[{p}]", game.sheet) for p, m in enumerate(data["marks"])),
        phase=Phase(one_of(data["phase"], "state.phase", frozenset(Phase))),
        turn=whole(data["turn"], "state.turn", 0, game.total_turns),
        actor=whole(data["actor"], "state.actor", 0, n - 1),
        board=wholes(data["board"], "state.board", 6, 0, PLAY_DICE),
        power_board=wholes(data["power_board"], "state.power_board", 6, 0, MAX_POWER_DICE),
        pool=whole(data["pool"], "state.pool", 0, PLAY_DICE), defense=whole(data["defense"], "state.defense", 0, 2),
        defense_marker=whole(data["defense_marker"], "state.defense_marker", 0, 6 if n == 1 else 0),
        hand=wholes(data["hand"], "state.hand", 6, 0, PLAY_DICE + MAX_POWER_DICE),
        picks=wholes(data["picks"], "state.picks", None, DECLINED, 6),
        wild_from=whole(data["wild_from"], "state.wild_from", 0, 6),
        blitz=wholes(data["blitz"], "state.blitz", None, 0, max(BLITZ_SCORES)),
        overtime=whole(data["overtime"], "state.overtime", 0, MAX_OVERTIME),
        tied=wholes(data["tied"], "state.tied", None, 0, n - 1))
    _check_consistency(state)
    return state


def _marks_from_json(data: Any, where: str, sheet) -> Marks:
    require(isinstance(data, dict) and set(data) == set(MARK_FIELDS), where, f"needs exactly {MARK_FIELDS}")
    checked = wholes(data["checked"], f"{where}.checked", 6, 0, 99)
    for t in TRACKS:
        require(checked[t - 1] <= len(sheet.track(t)), f"{where}.checked",
                f"track {t} has only {len(sheet.track(t))} boxes")
    marker = whole(data["marker"], f"{where}.marker", 5, START_MARKER)
    require(marker % 5 == 0, f"{where}.marker", "must be a yard number 45, 40, ..., 5")
    return Marks(checked=checked, breakaway=whole(data["breakaway"], f"{where}.breakaway", 0, len(sheet.breakaway)),
                 yac=whole(data["yac"], f"{where}.yac", 0, len(sheet.yac)),
                 kick=whole(data["kick"], f"{where}.kick", 0, len(sheet.kick_range)),
                 power=whole(data["power"], f"{where}.power", 0, MAX_POWER_DICE),
                 touchdowns=count(data["touchdowns"], f"{where}.touchdowns"),  # any count a table can save again
                 field_goals=count(data["field_goals"], f"{where}.field_goals"),
                 marker=marker, defense_used=flag(data["defense_used"], f"{where}.defense_used"))


def _check_consistency(s: FootballState) -> None:
    game, regulation = s.game, s.phase in REGULATION_PHASES
    require(sum(s.board) + s.pool == PLAY_DICE, "state.board", f"board and pool must hold the {PLAY_DICE} play dice")
    require((s.turn < game.total_turns) == regulation, "state.turn", f"turn {s.turn} does not fit phase '{s.phase}'")
    require(not regulation or s.phase == PICKS or s.actor == s.active, "state.actor", "must be the active player")
    require(sum(s.power_board) <= s.marks[s.active].power, "state.power_board", "more power dice than unlocked")
    on_board = (AREA, ACTIVE, PICKS) if s.solo else (AREA, ACTIVE)  # solo power dice stay until Blitz Bach
    require(s.phase in on_board or not any(s.power_board), "state.power_board", f"no power dice in phase '{s.phase}'")
    require(s.phase != AREA or sum(s.power_board) == s.marks[s.active].power, "state.power_board",
            "the active player's unlocked power dice are all rolled before an area is taken")
    require(not any(s.hand) or s.phase in (ACTIVE, OVERTIME), "state.hand", f"no dice in hand in phase '{s.phase}'")
    require(s.phase != ACTIVE or sum(1 for n in s.hand if n) <= 1, "state.hand",
            "the active player's dice share one track")
    made = tuple(t for t in s.picks if t != DECLINED)
    require(len(set(made)) == len(made) and len(s.picks) <= (2 if s.phase == PICKS else 0)
            and s.picks[:len(made)] == made and (made == s.picks or len(s.picks) == 2), "state.picks",
            f"at most two different tracks while picking, a declined pick ({DECLINED}) ending the picking")
    require(not s.wild_from or s.phase in (ACTIVE, PICKS, OVERTIME), "state.wild_from",
            f"no wild chain in phase '{s.phase}'")
    require(s.phase != PICKS or s.solo or s.actor != s.active, "state.actor", "the active player does not pick")
    require(len(s.blitz) == (min(s.turn, game.total_turns) if s.solo else 0), "state.blitz",
            "one score per finished solo round")
    require(all(v in BLITZ_SCORES for v in s.blitz), "state.blitz", "scores come from Blitz Bach's chart")
    in_overtime = s.phase in (OVERTIME, OVERTIME_ROLL)
    require(not in_overtime or (s.overtime and s.actor in s.tied), "state.tied",
            "overtime needs the actor among the tied")
    require(list(s.tied) == sorted(set(s.tied)), "state.tied", "tied players in seat order, once each")


def position(game: FootballSetup, marks: dict | None = None, **fields) -> FootballState:
    """A hand-built, validated position, e.g. position(game, marks={0: dict(marker=10)}, phase=ACTIVE, hand=...).

    `marks` maps players to Marks fields (others keep a fresh sheet); `pool` defaults to the dice off the board.
    Raises RuleViolation if the position is impossible.
    """
    start = cast(FootballState, game.initial_state())
    sheets = tuple(replace(m, **(marks or {}).get(p, {})) for p, m in enumerate(start.marks))
    fields.setdefault("pool", PLAY_DICE - sum(fields.get("board", NO_DICE)))
    state = replace(start, marks=sheets, **fields)
    try:
        return load_state(game, state.to_json())
    except SaveFileError as exc:
        raise RuleViolation("Position builder", str(exc)) from None
