"""The greedy Football Highlights agent.

Everything at the table is public and nothing is random inside a turn, so the agent
rebuilds the state from its observation and looks ahead through its own decisions.

The look-ahead follows the actor's run of decisions on the few fields it changes (`run_value`: the actor's marks,
dice in hand, picks and waiting wild box), never building a state: a candidate box action is valued by its box alone,
from the fields it changes (`box_value`; marks are built, by `check_box`, only for the move the run goes on from, and
a second pick that leaves no wild box waiting ends the run unbuilt), the dice of a hand that leaves no choice are
checked on the marks alone (`rules.checks_in_a_row`), and the run stops where play would move on (handing play on
changes no marks that count). It reads the rules' plays (`rules.pick_plays`, `check_plays`, `wild_plays`), never
building the field goal offer it declines. Its choices are those of applying every move in full, first best in legal
order (tests/bots/test_football_greedy.py compares it with that plain look-ahead on every decision of many games). A
look-ahead holding states (the search agent's rollouts) asks `act_in_state`, which remembers each choice by what it
depends on.
"""
from __future__ import annotations

from math import inf
from typing import Any, Mapping, Sequence, cast

from ..engine.protocol import Action
from ..engine.registry import game_of
from ..engine.seeding import Rng
from ..football.marks import FIELD_GOAL_POINTS, START_MARKER, TOUCHDOWN_POINTS, Marks, box_outcome, check_box
from ..football.rules import (ACTIVE, BOX_ACTIONS, OVERTIME, PICKS, areas_with_dice, check_plays, checks_in_a_row,
                               minus_one, pick_plays, taken_hand, wild_plays)
from ..football.game import FootballGame
from ..football.sheet import PlaySheet
from ..football.save import trusted_state
from ..football.state import FootballState, PublicView


def rebuild(observation: Mapping[str, Any]) -> FootballState:
    """The public state an observation by the engine shows: the state itself from the observation view
    (`FootballState.observation_view`), else rebuilt from its JSON (trusted: not validated again, see
    `trusted_state`)."""
    if isinstance(observation, PublicView):
        return observation.public_state
    return trusted_state(game_for(observation["options"]), observation["state"])


_LAST_GAME: list[tuple[dict, FootballGame]] = []  # the last options and their game: one game in play, move after move


def game_for(options: Mapping[str, Any]) -> FootballGame:
    """The game of an observation's options (`game_of`), the last one kept: comparing the options costs less than
    `game_of`'s key."""
    if not _LAST_GAME or _LAST_GAME[0][0] != options:
        _LAST_GAME[:] = [(dict(options), cast(FootballGame, game_of("football", dict(options))))]
    return _LAST_GAME[0][1]


def value(state: FootballState, player: int) -> float:
    """Points first, then field position, then Power Dice and Kick Range; among equals, the fewest yards of plays
    used up (a share of the sheet's, below one: a pick whose play gains nothing, e.g. an incomplete pass, is worth
    less than declining it)."""
    return sheet_value(state.marks[player], state.game.sheet)


def sheet_value(marks: Marks, sheet: PlaySheet) -> float:
    """The value of one player's marks on `sheet` (see `value`)."""
    return fields_value(marks.checked, marks.touchdowns, marks.field_goals, marks.marker, marks.power, marks.kick,
                        sheet)


def fields_value(checked: tuple[int, ...], touchdowns: int, field_goals: int, marker: int, power: int, kick: int,
                 sheet: PlaySheet) -> float:
    """`sheet_value` of the marks with these fields."""
    yards = sheet.play_yards  # `points`, `field_space` and `sheet.yards_used`, inline
    used = (yards[0][checked[0]] + yards[1][checked[1]] + yards[2][checked[2]] + yards[3][checked[3]]
            + yards[4][checked[4]] + yards[5][checked[5]])
    return (10 * (TOUCHDOWN_POINTS * touchdowns + FIELD_GOAL_POINTS * field_goals)
            + (START_MARKER - marker) // 5 + 2 * power + kick - used / sheet.yards_bound)


def box_value(marks: Marks, track: int, sheet: PlaySheet, defense: int) -> tuple[float, int]:
    """`sheet_value` of the marks after checking the next box of `track` (`check_box`), from the fields it changes
    (`box_outcome`: no Marks built), and the wild box's track then (0 if none)."""
    checked, _, _, kick, power, touchdowns, marker, _, wild = box_outcome(marks, track, sheet, defense)
    return fields_value(checked, touchdowns, marks.field_goals, marker, power, kick, sheet), wild


def finished_value(state: FootballState, player: int) -> float:
    """The value of playing out the player's current run of decisions greedily, kicking no field goal: at each
    step the first best-valued move (as max() picks; a single move is not valued)."""
    if state.current_player() != player:
        return sheet_value(state.marks[player], state.game.sheet)
    return run_value(state, state.phase, state.marks[player], state.hand, state.picks, state.wild_from)


def run_value(state: FootballState, phase: Any, marks: Marks, hand: tuple[int, ...], picks: tuple[int, ...],
              wild_from: int) -> float:
    """The value of playing out greedily the actor's run of decisions in `state`, kicking no field goal, where the
    run has reached `phase` with these marks, dice in hand, picks and waiting wild box (the only fields a run
    changes): at each step the first best-valued move (as max() picks), a box valued by its box alone."""
    sheet, defense, areas = state.game.sheet, state.defense, None
    while True:
        if wild_from:
            moves = wild_plays(marks, wild_from, sheet)
        elif phase == ACTIVE:  # the hand's dice share one track: no choice until a wild box waits
            marks, hand, wild_from = checks_in_a_row(marks, hand, sheet, defense)
            if not wild_from:
                return sheet_value(marks, sheet)
            continue
        elif phase == PICKS and len(picks) < 2:
            moves = pick_plays(areas or (areas := areas_with_dice(state)), picks)
        elif phase == OVERTIME:
            moves = check_plays(hand)
        else:
            return sheet_value(marks, sheet)
        if not moves:
            return sheet_value(marks, sheet)
        if len(moves) == 1:
            move, best, wild = moves[0], None, 0
        else:
            move, best, wild = first_best(moves, marks, sheet, defense)
        kind = move.kind
        if kind == "decline":
            return best if best is not None else sheet_value(marks, sheet)
        track = move.args[0]
        if kind == "pick" and picks and not wild and best is not None:  # the run ends: valued already
            return best
        marks, wild_from = check_box(marks, track, sheet, defense)
        if kind == "check":
            hand = minus_one(hand, track)
        elif kind == "pick":
            picks = picks + (track,)


def first_best(moves: Sequence[Action], marks: Marks, sheet: PlaySheet, defense: int) -> tuple[Action, float, int]:
    """The first best-valued of several `moves` (as max() picks), its value and, for a box action, the track of the
    wild box it leaves waiting (0 if none): a box action valued by its box alone (`box_value`), a decline by the
    marks as they are."""
    best, move, wild = -inf, moves[0], 0
    for candidate in moves:
        if candidate.kind == "decline":
            outcome = sheet_value(marks, sheet)
            if outcome > best:
                best, move, wild = outcome, candidate, 0
        else:
            outcome, candidate_wild = box_value(marks, candidate.args[0], sheet, defense)
            if outcome > best:
                best, move, wild = outcome, candidate, candidate_wild
    return move, best, wild


CHOICES_KEPT = 4096  # choices a greedy agent remembers (`GreedyAgent.act_in_state`): when full, it starts again


class GreedyAgent:
    """Tries each legal action, finishes its dice greedily, and keeps the best-valued outcome.

    A field goal wins whenever the rest of its dice this turn cannot score a touchdown; a non-active pick is
    declined when its play would gain nothing (its box would be used up for no value).
    """

    observes_by_key = True  # handed the observation view: nothing built for a single legal action, no rebuild

    def __init__(self) -> None:
        self._choices: dict[tuple, tuple[Any, int]] = {}  # `act_in_state`'s, by what they depend on

    def act(self, observation: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        """The action whose finished turn scores best for this player."""
        if len(legal) == 1:
            return legal[0]
        return legal[best_index(rebuild(observation), legal, observation["player"])]

    def act_in_state(self, state: FootballState, legal: Sequence[Action], player: int) -> Action:
        """`act`'s choice in the public `state` itself, for a look-ahead that holds the state and hands over its
        `legal_actions()` (the search agent's rollouts). The rollouts of several candidates, and of several dice
        after a candidate, meet the same decisions again: each choice is remembered by what it depends on (the
        actor's marks, the phase, the dice and picks, the Defense Die, in this game)."""
        if len(legal) == 1:
            return legal[0]
        marks = state.marks[player]
        key = (marks.checked, marks.breakaway, marks.yac, marks.kick, marks.power, marks.touchdowns,
               marks.field_goals, marks.marker, marks.defense_used, state.phase, state.hand, state.picks,
               state.wild_from, state.defense, state.board, state.power_board)
        known = self._choices.get(key)
        if known is None or known[0] is not state.game:
            if len(self._choices) >= CHOICES_KEPT:
                self._choices.clear()
            known = self._choices[key] = (state.game, best_index(state, legal, player))
        return legal[known[1]]


def best_index(state: FootballState, legal: Sequence[Action], player: int) -> int:
    """The index in `legal` of the first best-valued action (`action_value`)."""
    scores = [action_value(state, action, player) for action in legal]
    return scores.index(max(scores))


def action_value(state: FootballState, action: Action, player: int) -> float:
    """`finished_value` of the state after `action` (`apply`'s), followed on the fields the actor's run changes
    (`run_value`). Where the run ends, a game of several seats hands play on to another seat's run, or to a run of
    this seat's with no dice (a new overtime round) where the look-ahead only declines field goals: no value changes
    after that, so play need not be handed on; solo, the active run goes on to this seat's picks."""
    kind, sheet, phase = action.kind, state.game.sheet, state.phase
    marks, hand, picks, wild_from = state.marks[player], state.hand, state.picks, 0
    if kind == "pick" and picks:  # a second pick ends the run but where it leaves a wild box waiting
        outcome, wild = box_value(marks, action.args[0], sheet, state.defense)
        if not wild:
            return outcome
    if kind in BOX_ACTIONS:
        track = action.args[0]
        marks, wild_from = check_box(marks, track, sheet, state.defense)
        if kind == "check":
            hand = minus_one(hand, track)
        elif kind == "pick":
            picks = picks + (track,)
    elif kind == "take":
        track = action.args[0]
        return run_value(state, ACTIVE, marks, taken_hand(track, state.board[track - 1] + state.power_board[track - 1]),
                         picks, 0)
    elif kind == "kick":
        marks = marks.kick_field_goal()
    elif not (state.game.solo and phase == ACTIVE):  # a decline or no kick ends the run, the marks as they are
        return sheet_value(marks, sheet)
    if state.game.solo and phase == ACTIVE and (kind == "no kick" or not (wild_from or any(hand)
                                                                           or marks.can_kick(sheet))):
        return finished_value(state._apply(action), player)  # the active run ends: on to this seat's picks
    return run_value(state, phase, marks, hand, picks, wild_from)
