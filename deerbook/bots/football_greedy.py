"""The greedy Football Highlights agent.

Everything at the table is public and nothing is random inside a turn, so the agent
rebuilds the state from its observation and looks ahead through its own decisions.

The look-ahead follows the actor's run of decisions on the few fields it changes (`run_value`: the actor's marks,
dice in hand, picks and waiting wild box), never building a state: a candidate box action is valued by its box alone,
from the fields it changes (`box_value`; marks are built, by `check_box`, only for the move the run goes on from, and
a second pick that leaves no wild box waiting ends the run unbuilt), the dice of a hand that leaves no choice are
checked on the marks alone (`rules.checks_in_a_row`), and the run stops where play would move on (handing play on
changes no marks that count). It reads the rules' plays (`rules.pick_plays`, `check_plays`, `wild_plays`), never
building the field goal offer it declines. A non-active player's first pick (`FirstPicks`, most of a game's
look-ahead) works out each pick's box once on the marks as they are (`box_effect`) and adds up a pair of boxes
where the second `fits` after the first (other tracks, reading nothing the first moved), checking on the
marks built only the pairs that do not. Its choices are those of applying every move in full, first best in legal
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
from ..football.sheet import TRACKS, PlaySheet
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


def whole_value(touchdowns: int, field_goals: int, marker: int, power: int, kick: int) -> int:
    """The whole-number part of `fields_value` (which has it inline, on the look-ahead's hot path)."""
    return (10 * (TOUCHDOWN_POINTS * touchdowns + FIELD_GOAL_POINTS * field_goals)
            + (START_MARKER - marker) // 5 + 2 * power + kick)


def box_value(marks: Marks, track: int, sheet: PlaySheet, defense: int) -> tuple[float, int]:
    """`sheet_value` of the marks after checking the next box of `track` (`check_box`), from the fields it changes
    (`box_outcome`: no Marks built), and the wild box's track then (0 if none). An empty box (or a full track's)
    changes no field that counts."""
    done, boxes = marks.checked[track - 1], sheet.tracks[track - 1]
    if done == len(boxes) or boxes[done].action == "empty":
        return sheet_value(marks, sheet), 0
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
    """The index in `legal` of the first best-valued action (`action_value`; a first pick's by `first_pick_scores`)."""
    if state.phase == PICKS and not state.picks and not state.wild_from:
        scores = first_pick_scores(state, legal, player)
    else:
        scores = [action_value(state, action, player) for action in legal]
    return scores.index(max(scores))


STATIC = frozenset(("empty", "kick", "power", "wild"))  # box actions that read no field a play moves
KICK, POWER = 1, 2  # the capped tracks a box may fill, a bit each
Effect = tuple[int, int, int, int, bool, bool, int]  # see `box_effect`
Run = tuple[int, int, int, int, bool]  # see `joined`
NO_RUN: Run = (0, 0, 0, 0, False)


def box_effect(marks: Marks, track: int, sheet: PlaySheet, defense: int, used: int) -> Effect:
    """What checking the next box of `track` on `marks` changes (`box_outcome`; `used`: the yards of plays the marks
    have used): the value's whole-number part (`fields_value`) and the yards used by so much, the tracks whose
    boxes checked change (a bit each), the capped tracks filled (`KICK`, `POWER`), whether a play moved the marker,
    the score, a bonus track or the defense die, whether the box is `STATIC` (a full track's too), and the wild
    box's track (0 if none)."""
    done, boxes = marks.checked[track - 1], sheet.tracks[track - 1]
    if done == len(boxes):  # a full track: nothing checked
        return 0, 0, 0, 0, False, True, 0
    box = boxes[done]
    if box.action == "empty":
        return 0, 0, 1 << track, 0, False, True, 0
    checked, breakaway, yac, kick, power, touchdowns, marker, defense_used, wild = box_outcome(marks, track, sheet,
                                                                                             defense)
    if box.action == "chain":
        mask = sum(1 << t for t in TRACKS if checked[t - 1] != marks.checked[t - 1])
        yards = sheet.yards_used(checked) - used
    else:
        mask, yards = 1 << track, box.yards
    moved = (marker != marks.marker or touchdowns != marks.touchdowns or breakaway != marks.breakaway
             or yac != marks.yac or defense_used != marks.defense_used)
    score = (whole_value(touchdowns, marks.field_goals, marker, power, kick)
             - whole_value(marks.touchdowns, marks.field_goals, marks.marker, marks.power, marks.kick))
    capped = KICK * (kick != marks.kick) | POWER * (power != marks.power)
    return score, yards, mask, capped, moved, box.action in STATIC, wild


def fits(run: Run, effect: Effect) -> bool:
    """Whether the box of `effect`, checked after the boxes of `run`, changes what it changes on the marks before
    them (but for whether a wild box waits: a track may have filled): it checks no box of their tracks, fills no
    capped track they fill, and reads no field their plays moved (a `STATIC` box reads none)."""
    return not run[2] & effect[2] and not run[3] & effect[3] and (effect[5] or not run[4])


def joined(run: Run, effect: Effect) -> Run:
    """The changes of a run of boxes each of which `fits` after those before it (the value's whole-number part, the
    yards used, the tracks checked, the capped tracks filled, whether a play moved), with one more such box."""
    return run[0] + effect[0], run[1] + effect[1], run[2] | effect[2], run[3] | effect[3], run[4] or effect[4]


class FirstPicks:
    """A non-active player's first pick valued from each box's `box_effect` on the marks as they are: a run of
    boxes each of which `fits` after those before it is valued by adding their changes, any other box on the marks
    after the boxes before it (`check_box`, built once). A pick goes on as `run_value` does: a waiting wild box's
    target, then the second pick, each the first best."""

    def __init__(self, state: FootballState, player: int, tracks: Sequence[int]) -> None:
        """The first picks of `tracks` (every second pick's track among them) by `player` in `state`."""
        marks = self.marks = state.marks[player]
        sheet, defense = self.sheet, self.defense = state.game.sheet, state.defense
        self.areas, used = areas_with_dice(state), sheet.yards_used(marks.checked)
        self.used = used
        self.score = whole_value(marks.touchdowns, marks.field_goals, marks.marker, marks.power, marks.kick)
        self.effects = {track: box_effect(marks, track, sheet, defense, used) for track in tracks}
        self.built: dict[tuple[int, ...], Marks] = {}

    def effect(self, track: int) -> Effect:
        """`box_effect` of `track` on the marks as they are (a wild box's target may be another track)."""
        known = self.effects.get(track)
        if known is None:
            known = self.effects[track] = box_effect(self.marks, track, self.sheet, self.defense, self.used)
        return known

    def after(self, tracks: tuple[int, ...]) -> Marks:
        """The marks after checking the next box of each of `tracks` in turn."""
        known = self.built.get(tracks)
        if known is None:
            before = self.after(tracks[:-1]) if len(tracks) > 1 else self.marks
            known = self.built[tracks] = check_box(before, tracks[-1], self.sheet, self.defense)[0]
        return known

    def value(self, run: Run | None, tracks: tuple[int, ...]) -> float:
        """`sheet_value` of the marks after checking `tracks`, whose changes are `run` (None: not added up)."""
        if run is None:
            return sheet_value(self.after(tracks), self.sheet)
        return (self.score + run[0]) - (self.used + run[1]) / self.sheet.yards_bound

    def pick_value(self, track: int) -> float | None:
        """`action_value` of a first pick of `track`; None where a second wild box would wait."""
        first = self.effects[track]
        run: Run | None = joined(NO_RUN, first)
        tracks: tuple[int, ...] = (track,)
        wild = first[6]
        if wild:  # its target first
            _, target, wild = self.best_box(wild_plays(self.after(tracks), wild, self.sheet), run, tracks)
            if wild:
                return None
            run, tracks = self.extended(run, tracks, target)
        best, second, wild = self.best_box(pick_plays(self.areas, (track,)), run, tracks)
        if wild:  # the second pick's target ends the run
            run, tracks = self.extended(run, tracks, second)
            best, _, wild = self.best_box(wild_plays(self.after(tracks), wild, self.sheet), run, tracks)
        return None if wild else best

    def extended(self, run: Run | None, tracks: tuple[int, ...], track: int) -> tuple[Run | None, tuple[int, ...]]:
        """The changes (None: not added up) and tracks of checking `tracks`, whose changes are `run`, then `track`."""
        effect = self.effect(track)
        return joined(run, effect) if run is not None and fits(run, effect) else None, tracks + (track,)

    def best_box(self, moves: Sequence[Action], run: Run | None, tracks: tuple[int, ...]) -> tuple[float, int, int]:
        """The first best of `moves` (box actions and a decline) after checking `tracks` (whose changes are `run`),
        as `run_value` takes it (a single one not valued; none: the marks as they are): its value, its track (0 for
        a decline) and the wild box's track it leaves waiting."""
        alone = self.value(run, tracks)
        best, chosen, wild, effects = -inf, 0, 0, self.effects
        (score, used), bound = (self.score + run[0], self.used + run[1]) if run else (0, 0), self.sheet.yards_bound
        for move in moves:
            track = move.args[0] if move.kind != "decline" else 0
            if not track:
                outcome, outcome_wild = alone, 0
            elif run is not None and not (effect := effects.get(track) or self.effect(track))[6] and fits(run, effect):
                outcome, outcome_wild = (score + effect[0]) - (used + effect[1]) / bound, 0  # `value`, inline
            else:
                outcome, outcome_wild = box_value(self.after(tracks), track, self.sheet, self.defense)
            if outcome > best:
                best, chosen, wild = outcome, track, outcome_wild
        return (best, chosen, wild) if moves else (alone, 0, 0)


def first_pick_scores(state: FootballState, legal: Sequence[Action], player: int) -> list[float]:
    """`action_value` of each action of a non-active player's first pick: a pick's by `FirstPicks` where it need
    not follow a second wild box."""
    picks, scores = FirstPicks(state, player, [action.args[0] for action in legal if action.kind == "pick"]), []
    for action in legal:
        score = picks.pick_value(action.args[0]) if action.kind == "pick" else None
        scores.append(action_value(state, action, player) if score is None else score)
    return scores


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
