"""The Football Highlights rules: phases, dice and every transition of the turn sequence.

A player's pencil marks and what checking a box does to them are in `football.marks`. `legal_actions`, `apply` and
`chance_outcomes` are the turn sequence on a `FootballState` (which holds no rules itself); `decide` is `apply`
for a decision, stopped where play would move on to the next run of decisions (a look-ahead needs no more).
A look-ahead may also follow a run on the few fields it changes: `check_plays`, `pick_plays` and `wild_plays` are
`plays` from those fields, `checks_in_a_row` the checks of a hand that leaves no choice.

Every transition takes `emit`: None on the hot path (agents, the advisor), or a function
`emit(kind, player, **detail)` that `FootballState.step` passes to collect structured events where
things change (see `deerbook.play.football_log`).
"""
from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod

from typing import Any, Callable, TypeVar

from ..engine.frozen import with_fields
from ..engine.protocol import CHANCE, TERMINAL, Action, ChanceTable
from .marks import (FIELD_GOAL_POINTS, NO_EFFECT, PASS_MINUS_10, RUN_MINUS_5, START_MARKER, Emit, Marks, check_box,
                    points)
from .sheet import MAX_POWER_DICE, TRACKS, PlaySheet

T = TypeVar("T")


class Phase(StrEnum):
    """The phase of a turn; a saved game stores its value (e.g. "defense roll")."""

    DEFENSE_ROLL = "defense roll"
    MARKER_ROLL = "defense marker roll"
    PLAY_ROLL = "play roll"
    POWER_ROLL = "power roll"
    BLITZ_ROLL = "blitz roll"
    OVERTIME_ROLL = "overtime roll"
    AREA = "area"
    ACTIVE = "active"
    PICKS = "picks"
    FINAL = "final kicks"
    OVERTIME = "overtime"
    OVER = "over"

    __hash__ = str.__hash__  # hashed as the string it equals (Enum's default hashes the member's name instead)


# The members by their short names, as the rules, the tables and the tests name the phases.
(DEFENSE_ROLL, MARKER_ROLL, PLAY_ROLL, POWER_ROLL, BLITZ_ROLL, OVERTIME_ROLL,
 AREA, ACTIVE, PICKS, FINAL, OVERTIME, OVER) = Phase
CHANCE_PHASES = frozenset((DEFENSE_ROLL, MARKER_ROLL, PLAY_ROLL, POWER_ROLL, BLITZ_ROLL, OVERTIME_ROLL))
ROLL_ORDER = (DEFENSE_ROLL, MARKER_ROLL, PLAY_ROLL, POWER_ROLL)
REGULATION_PHASES = frozenset(ROLL_ORDER + (AREA, ACTIVE, PICKS, BLITZ_ROLL))
MAX_OVERTIME = 10
NO_DICE = (0,) * 6

RULES = {
    DEFENSE_ROLL: "Game Play: the active player rolls the Defense Die",
    MARKER_ROLL: "Solo step 2: a power die places the Defense Marker",
    PLAY_ROLL: "Game Play: roll the play dice passed to you",
    POWER_ROLL: "Game Play: roll your unlocked Power Dice",
    BLITZ_ROLL: "Solo step 5A: roll your unlocked Power Dice for Blitz Bach",
    OVERTIME_ROLL: "Overtime Play: roll as many dice as your unlocked Power Dice",
    AREA: "Game Play: the active player takes all the dice of one Play Dice area that has dice",
    ACTIVE: "Game Play A-E: check one box per die, left to right, each with its chained actions; "
            "a field goal may be kicked between your own dice",
    PICKS: "Non-Active players A-D: may check one box on each of two different Play tracks of areas with play "
           "dice (one such area: it must be a pick; none: any two), or decline either pick",
    FINAL: "Field Goals: one may be kicked at the very end of the game, within Kick Range",
    OVERTIME: "Overtime Play: check one box per rolled die, in any order, each with its chained actions",
    OVER: "End of Game",
}
WILD_RULE = "Wild Chained Action: check the next box of any other Play track"

DEFENSE_NAMES = ("no effect", "-5 yards on a run", "-10 yards on a pass")
DEFENSE_DIE = tuple((Action("defense", (face,), f"defense die: {DEFENSE_NAMES[face]}"), p)
                    for face, p in ((NO_EFFECT, Fraction(1, 2)), (RUN_MINUS_5, Fraction(1, 3)),
                                    (PASS_MINUS_10, Fraction(1, 6))))
PLAY_DICE = 11
BLITZ_CHART = (0, 0, 3, 7, 10, 14, 21)  # points by dice in the fullest area; 6+ dice score 21
BLITZ_SCORES = tuple(sorted(set(BLITZ_CHART)))  # every score Blitz Bach can make in a round


def blitz_points(dice: int) -> int:
    """Blitz Bach's points for a number of dice (six or more score alike)."""
    return BLITZ_CHART[min(dice, 6)]


@lru_cache(maxsize=None)
def dice_roll(kind: str, k: int) -> tuple[tuple[Action, Fraction], ...]:
    """k six-sided dice as one chance node: outcomes are counts per face, multinomial probabilities."""
    outcomes = []
    for faces in combinations_with_replacement(TRACKS, k):
        counts = tuple(faces.count(face) for face in TRACKS)
        ways = factorial(k) // prod(factorial(c) for c in counts)
        text = f"{kind}: " + " ".join(map(str, faces))
        outcomes.append((Action(kind, counts, text), Fraction(ways, 6 ** k)))
    return tuple(outcomes)


# --- the turn sequence on a FootballState `s` ------------------------------------------------------
def current_player(s) -> int:
    """The seat to move, or CHANCE, or TERMINAL."""
    if s.phase == OVER:
        return TERMINAL
    return CHANCE if s.phase in CHANCE_PHASES else s.actor


def rule(s) -> str:
    """The rule that governs the current phase."""
    return WILD_RULE if s.wild_from else RULES[s.phase]


def legal_actions(s) -> tuple[Action, ...]:
    """The actor's legal actions at a decision node: its `plays`, then any field goal offer."""
    moves = plays(s)
    if s.wild_from or s.phase == AREA:  # no field goal while a wild chain waits or before the dice are taken
        return moves
    return moves + _kick_options(s, not moves)


def plays(s) -> tuple[Action, ...]:
    """The actor's legal actions but the field goal offer (kick, no kick): a wild target, an area, boxes, picks."""
    if s.wild_from:
        return wild_plays(s.me, s.wild_from, s.game.sheet)
    phase = s.phase
    if phase == AREA:
        return tuple(TAKE_ACTIONS[t, s.board[t - 1], s.power_board[t - 1]] for t in TRACKS
                     if s.board[t - 1] + s.power_board[t - 1])
    if phase == ACTIVE or phase == OVERTIME:
        return check_plays(s.hand)
    if phase == PICKS:
        return pick_plays(areas_with_dice(s), s.picks)
    return ()  # FINAL: only the field goal offer


def wild_plays(marks: Marks, wild_from: int, sheet: PlaySheet) -> tuple[Action, ...]:
    """The targets of the wild box waiting on track `wild_from`: every other track with a box left."""
    checked, tracks = marks.checked, sheet.tracks  # `Marks.open_tracks`, inline
    return tuple([WILD_ACTIONS[t] for t in TRACKS if t != wild_from and checked[t - 1] < len(tracks[t - 1])])


@lru_cache(maxsize=1024)
def check_plays(hand: tuple[int, ...]) -> tuple[Action, ...]:
    """The checks of the dice in `hand` (active or overtime), a track each."""
    return tuple(CHECK_ACTIONS[t] for t in TRACKS if hand[t - 1])


def _kick_options(s, done: bool) -> tuple[Action, ...]:
    me = s.marks[s.actor]
    if not me.can_kick(s.game.sheet):
        return ()
    return KICK_PAIRS[me.marker] if done else (KICK_ACTIONS[me.marker],)


def areas_with_dice(s) -> frozenset[int]:
    """Areas a non-active pick may use: play dice (solo: play or power dice)."""
    return _areas(s.board, s.power_board if s.game.solo else NO_DICE)


@lru_cache(maxsize=4096)
def _areas(board: tuple[int, ...], power_board: tuple[int, ...]) -> frozenset[int]:
    return frozenset(t for t, play, power in zip(TRACKS, board, power_board) if play or power)


@lru_cache(maxsize=None)
def _pick_options(areas: frozenset[int], picks: tuple[int, ...]) -> tuple[int, ...]:
    """The tracks a non-active player may pick next, given the areas with dice and the picks so far (a declined
    pick ends the picking: `picks` then holds DECLINED up to two entries)."""
    if len(picks) == 2:
        return ()

    def valid(a: int, b: int) -> bool:
        return {a, b} <= areas if len(areas) >= 2 else areas <= {a, b}

    if picks:
        return tuple(t for t in TRACKS if t != picks[0] and valid(picks[0], t))
    return tuple(t for t in TRACKS if any(valid(t, u) for u in TRACKS if u != t))


def may_decline(areas: frozenset[int], picks: tuple[int, ...]) -> bool:
    """Whether a non-active player may decline the picks left ("may check off", rule text): always, except that
    with one area left with dice a player who picked must have picked it ("that must be one of your picks")."""
    return len(picks) < 2 and not (len(areas) == 1 and picks and picks[0] not in areas)


@lru_cache(maxsize=None)
def pick_plays(areas: frozenset[int], picks: tuple[int, ...]) -> tuple[Action, ...]:
    """A non-active player's picks left with these areas with dice and picks so far, then a decline if allowed."""
    decline = (DECLINE_ACTIONS[2 - len(picks)],) if may_decline(areas, picks) else ()
    return tuple(PICK_ACTIONS[t] for t in _pick_options(areas, picks)) + decline


CHECK_ACTIONS = {t: Action("check", (t,), f"check a {t}") for t in TRACKS}
PICK_ACTIONS = {t: Action("pick", (t,), f"pick track {t}") for t in TRACKS}
WILD_ACTIONS = {t: Action("wild", (t,), f"wild chain to track {t}") for t in TRACKS}
DECLINED = 0  # a declined pick, as `picks` records it
DECLINE_ACTIONS = {2: Action("decline", (2,), "decline both picks"),  # by the number of picks declined
                   1: Action("decline", (1,), "decline the second pick")}
NO_KICK = Action("no kick", (), "no field goal")
BOX_ACTIONS = frozenset(("check", "pick", "wild"))  # the decisions that check the next box of the track they name


MARKERS = range(START_MARKER, 0, -5)  # the yard numbers a marker can stand on: 45, 40, ..., 5
KICK_ACTIONS = {marker: Action("kick", (), f"kick a field goal from the {marker}") for marker in MARKERS}
KICK_PAIRS = {marker: (kick, NO_KICK) for marker, kick in KICK_ACTIONS.items()}  # kick or not, once the dice are used
TAKE_ACTIONS = {(track, play, power): Action("take", (track,), f"take the {track}s ({play} play"
                                             + (f" + {power} power)" if power else ")"))
                for track in TRACKS for play in range(PLAY_DICE + 1) for power in range(MAX_POWER_DICE + 1)}


def apply(s, action: Action, emit: Emit = None):
    """The state after a legal action or chance outcome."""
    if s.phase in CHANCE_PHASES:
        return _apply_chance(s, action.args, emit)
    after, goes_on = decide(s, action, emit)
    return after if goes_on else _end_holding(after, emit)


def decide(s, action: Action, emit: Emit = None) -> tuple[Any, bool]:
    """The actor's legal decision up to where play moves on, and whether the actor still decides (`deciding`).

    If so, the state is `apply`'s. If not, `apply` hands it to the next run of decisions (another seat, phase,
    turn or the end), which changes no one's marks but `defense_used`: a look-ahead may stop here.
    """
    kind, args = action.kind, action.args
    if kind == "check":
        after = _check(s, args[0], emit, {"hand": minus_one(s.hand, args[0])})
    elif kind == "pick":
        after = _check(s, args[0], emit, {"picks": s.picks + args})
    elif kind == "wild":
        after = _check(s, args[0], emit, {})
    elif kind == "decline":
        after = with_fields(s, {"picks": s.picks + (DECLINED,) * args[0]})
    elif kind == "take":
        after = _take(s, args[0], emit)
    elif kind == "kick":
        if emit:
            emit("field_goal", s.actor, marker=s.me.marker, points=FIELD_GOAL_POINTS,
                 score=points(s.me.touchdowns, s.me.field_goals + 1))
        after = _with_marks(s, s.me.kick_field_goal())
    else:  # "no kick": the actor is done
        return s, False
    return after, deciding(after)


def checks_in_a_row(marks: Marks, hand: tuple[int, ...], sheet: PlaySheet,
                    defense: int) -> tuple[Marks, tuple[int, ...], int]:
    """The checks of an active hand, whose dice share one track (the checks leave no choice), one by one until a
    wild box waits for its target or the hand is empty: the marks, the hand and the wild box's track (0 if none)
    then, as `decide` on each check (a field goal declined) leaves them."""
    left = max(hand)  # the dice of the one track with dice
    track = hand.index(left) + 1
    while left:
        left -= 1
        marks, wild_from = check_box(marks, track, sheet, defense)
        if wild_from:
            return marks, _set(hand, track - 1, left), wild_from
    return marks, NO_DICE, 0


def _with_marks(s, marks: Marks, **changes):
    return with_fields(s, {"marks": _set(s.marks, s.actor, marks), **changes})


def checked_marks(s, track: int, emit: Emit = None) -> tuple[Marks, int]:
    """The actor's marks after checking the next box of `track` (a check, pick or wild action: `BOX_ACTIONS`) with
    this state's sheet and Defense Die, and the wild chain then waiting (0 if none)."""
    return check_box(s.marks[s.actor], track, s.game.sheet, s.defense, emit, s.actor)


def _check(s, track: int, emit: Emit, changes: dict[str, Any]):
    """Check one box on `track` for the actor (with `changes` to the state: the die used)."""
    actor = s.actor
    marks, changes["wild_from"] = checked_marks(s, track, emit)
    changes["marks"] = _set(s.marks, actor, marks)
    return with_fields(s, changes)


def _take(s, track: int, emit: Emit):
    i = track - 1
    if emit:
        emit("area_taken", s.actor, area=track, play=s.board[i], power=s.power_board[i])
    hand = taken_hand(track, s.board[i] + s.power_board[i])
    return with_fields(s, {"phase": ACTIVE, "hand": hand, "pool": s.pool + s.board[i], "board": _set(s.board, i, 0),
                       "power_board": _set(s.power_board, i, 0)})


def deciding(s) -> bool:
    """Whether the actor has something left to decide: a wild chain's target, a field goal to offer, dice or picks."""
    if s.wild_from:
        return True
    phase = s.phase
    if phase == ACTIVE or phase == OVERTIME:
        left = any(s.hand)
    else:
        left = len(s.picks) < 2 if phase == PICKS else phase != FINAL
    return left or s.marks[s.actor].can_kick(s.game.sheet)  # the field goal asked last: dice left are more usual


def _settle(s, emit: Emit):
    """End the actor's dice when nothing is left to decide (no dice, no field goal to offer)."""
    return s if deciding(s) else _end_holding(s, emit)


def _end_holding(s, emit: Emit):
    """The actor has checked all their dice (and declined a last field goal): move on."""
    if s.phase == ACTIVE:
        power = s.power_board if s.solo else NO_DICE  # solo power dice stay until Blitz Bach
        return _settle(with_fields(s, {"phase": PICKS, "power_board": power, "picks": (),
                                   "actor": (s.active + 1) % s.game.num_players}), emit)
    if s.phase == PICKS:
        if s.solo:
            return _start_blitz(with_fields(s, {"phase": BLITZ_ROLL, "power_board": NO_DICE, "picks": ()}), emit)
        following = (s.actor + 1) % s.game.num_players
        if following != s.active:
            return _settle(with_fields(s, {"actor": following, "picks": ()}), emit)
        return _next_turn(s, emit)
    if s.phase == FINAL:
        return _offer_final_kick(s, s.actor + 1, emit)
    return _next_in_overtime(s, s.tied.index(s.actor) + 1, emit)


# --- chance ------------------------------------------------------------------------------------------
def chance_outcomes(s) -> tuple[tuple[Action, Fraction], ...]:
    """The outcomes of the current roll with their exact probabilities."""
    if s.phase == DEFENSE_ROLL:
        return DEFENSE_DIE
    if s.phase == MARKER_ROLL:
        return dice_roll("defense marker", 1)
    if s.phase == PLAY_ROLL:
        return dice_roll("play dice", s.pool)
    return dice_roll("power dice", s.me.power)  # POWER_ROLL, BLITZ_ROLL, OVERTIME_ROLL


def chance_table(s) -> ChanceTable:
    """The roll as a sampling table, built once per distinct roll (the dice rolls are cached tuples)."""
    return ChanceTable.shared(chance_outcomes(s))


def _apply_chance(s, args: tuple, emit: Emit):
    if emit:
        _emit_roll(s, args, emit)
    if s.phase == DEFENSE_ROLL:
        return _next_roll(s, DEFENSE_ROLL, {"defense": args[0]})
    if s.phase == MARKER_ROLL:
        return _next_roll(s, MARKER_ROLL, {"defense_marker": args.index(1) + 1})
    if s.phase == PLAY_ROLL:
        return _next_roll(s, PLAY_ROLL, {"board": tuple(map(sum, zip(s.board, args))), "pool": 0})
    if s.phase == POWER_ROLL:
        return _next_roll(s, POWER_ROLL, {"power_board": args})
    if s.phase == BLITZ_ROLL:
        return _blitz_scores(s, args, emit)
    return _settle(with_fields(s, {"phase": OVERTIME, "hand": args}), emit)  # OVERTIME_ROLL


def _emit_roll(s, args: tuple, emit: Callable[..., None]) -> None:
    if s.phase == DEFENSE_ROLL:
        emit("defense_rolled", s.actor, face=args[0], effect=DEFENSE_NAMES[args[0]])
    elif s.phase == MARKER_ROLL:
        emit("defense_marker_placed", None, area=args.index(1) + 1)
    else:
        dice = "play" if s.phase == PLAY_ROLL else "power"
        emit("dice_rolled", s.actor, dice=dice, counts=list(args), purpose=s.phase.value)


def _next_roll(s, done: Phase, changes: dict[str, Any]):
    """The state with the roll `done`'s `changes`, moved on to the first roll after it in `ROLL_ORDER` that has dice to
    roll (each asked only when reached), else to AREA: one new state, not one per step."""
    after = ROLL_ORDER.index(done)
    if after < 1 and s.solo:
        changes["phase"] = MARKER_ROLL
    elif after < 2 and changes.get("pool", s.pool) > 0:
        changes["phase"] = PLAY_ROLL
    elif after < 3 and s.marks[s.active].power > 0:  # (no roll changes the marks)
        changes["phase"] = POWER_ROLL
    else:
        changes["phase"] = AREA
    return with_fields(s, changes)


# --- turns, rounds, end of game ----------------------------------------------------------------------
def _next_turn(s, emit: Emit):
    turn = s.turn + 1
    if turn == s.game.total_turns:
        return _offer_final_kick(with_fields(s, {"turn": turn, "picks": ()}), 0, emit)
    marks = tuple(with_fields(m, {"defense_used": False}) if m.defense_used else m for m in s.marks)
    if emit:
        emit("turn_started", turn % s.game.num_players, turn=turn, round=turn // s.game.num_players + 1)
    return with_fields(s, {"marks": marks, "turn": turn, "phase": DEFENSE_ROLL, "actor": turn % s.game.num_players,
                       "picks": (), "hand": NO_DICE})


def _start_blitz(s, emit: Emit):
    return s if s.me.power else _blitz_scores(s, NO_DICE, emit)


def _blitz_scores(s, faces: tuple[int, ...], emit: Emit):
    """Solo step 5: remove the areas of the rolled faces, score the fullest area off the marker."""
    removed = sum(s.board[i] for i in range(6) if faces[i])
    board = tuple(0 if faces[i] else s.board[i] for i in range(6))
    fullest = max(n for t, n in zip(TRACKS, board) if t != s.defense_marker)
    scored = blitz_points(fullest)
    if emit:
        emit("blitz_scored", None, removed=[t for t in TRACKS if faces[t - 1]], dice=fullest, points=scored,
             score=sum(s.blitz) + scored)
    return _next_turn(with_fields(s, {"board": board, "pool": s.pool + removed, "blitz": s.blitz + (scored,)}), emit)


def _offer_final_kick(s, first: int, emit: Emit):
    for player in range(first, s.game.num_players):
        if s.marks[player].can_kick(s.game.sheet):
            return with_fields(s, {"phase": FINAL, "actor": player})
    return _compare(s, tuple(range(s.game.num_players)), emit)


def _compare(s, contenders: tuple[int, ...], emit: Emit):
    best = max(s.marks[p].points for p in contenders)
    leaders = tuple(p for p in contenders if s.marks[p].points == best)
    if s.solo or len(leaders) == 1 or s.overtime == MAX_OVERTIME:
        if emit:
            emit("game_over", None, scores=[m.points for m in s.marks])
        return with_fields(s, {"phase": OVER, "tied": leaders if s.overtime else ()})
    if emit:
        emit("overtime_started", None, round=s.overtime + 1, tied=list(leaders))
    return _next_in_overtime(with_fields(s, {"overtime": s.overtime + 1, "tied": leaders}), 0, emit)


def _next_in_overtime(s, index: int, emit: Emit):
    if index == len(s.tied):
        return _compare(s, s.tied, emit)
    player = s.tied[index]
    state = with_fields(s, {"actor": player, "hand": NO_DICE, "defense": 0, "wild_from": 0})
    if s.marks[player].power:
        return with_fields(state, {"phase": OVERTIME_ROLL})
    return _settle(with_fields(state, {"phase": OVERTIME}), emit)


def _set(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    changed = list(values)  # cheaper than joining slices
    changed[index] = value
    return tuple(changed)


@lru_cache(maxsize=4096)  # hands repeat all through a look-ahead
def minus_one(hand: tuple[int, ...], track: int) -> tuple[int, ...]:
    """`hand` less one die on `track`."""
    return _set(hand, track - 1, hand[track - 1] - 1)


@lru_cache(maxsize=None)  # at most 6 tracks times the dice an area can hold
def taken_hand(track: int, dice: int) -> tuple[int, ...]:
    """The hand of an area taken: its `dice`, every one on `track`."""
    return _set(NO_DICE, track - 1, dice)
