"""The Football table's log: each engine step turned into the line every seat reads (the game's `log` hook).

Football steps are told in plain words, and every event is public (nothing at a Football table is hidden).

`FootballState.step(action)` returns the structured events the rules emit (`rules.py`, only when asked, so
`apply` stays fast), in the order things happen. Kinds and details (seat: the player concerned, None for the
table or Blitz Bach):

- rolls: `defense_rolled` (face, effect), `defense_marker_placed` (area), `dice_rolled` (dice "play" or
  "power", counts per area 1-6, purpose: the phase rolled for);
- choices: `area_taken` (area, play, power dice);
- the sheet: `box_checked` (track, box 1-based, code, action, yards), `bonus_checked` (track "breakaway" or
  "yac", box, yards), `kick_range_checked` (box, range), `power_unlocked` (power), `defense_applied`
  (penalty), `pass_incomplete` (marker);
- the ball and the score: `ball_moved` (marker, to), `touchdown` (marker, points, score),
  `field_goal` (marker, points, score), `blitz_scored` (removed areas, dice, points, score);
- the game: `turn_started` (turn, round), `overtime_started` (round, tied), `game_over` (scores).

`step_narration(before, action, after)` is the line every seat hears of a step (see `deerbook.play.log`): what
was rolled or chosen, each box checked in words, the ball's move and the score; `turn_of(state)` names the turn
a position belongs to. (`chapters.football_examples.step_line` is the compact engine-words form the chapters print.)
"""
from __future__ import annotations

from ..engine.protocol import Action
from ..football.rules import (ACTIVE, AREA, BLITZ_ROLL, DEFENSE_ROLL, FINAL, MARKER_ROLL, OVER, OVERTIME,
                              OVERTIME_ROLL, PICKS, PLAY_ROLL, POWER_ROLL)
from ..football.sheet import TRACKS
from .football_view import box_words
from .football_words import dice
from .log import Narration, Turn

TURN_PHASES = (DEFENSE_ROLL, MARKER_ROLL, PLAY_ROLL, POWER_ROLL, AREA, ACTIVE)  # the active player's turn


def step_narration(before, action: Action, after) -> Narration:
    """One step in words (a Football table hides nothing: every seat hears all of it)."""
    events = before.step(action).events
    lines = [part for part in (_what(before, action, events), _sheet(before, events)) if part]
    notes = [text for event in events if (text := _score(event, before))]
    return Narration(" ".join(lines) or None, notes=tuple(notes))


def turn_of(state) -> Turn:
    """The turn a position belongs to: the active player's turn (its rolls, area and dice), another player's
    picks, Blitz Bach's roll, an overtime round or the last field goals."""
    s = state
    title = f"Round {s.round} of {s.game.rounds}"
    if s.phase in TURN_PHASES:
        return Turn(s.active, ("turn", s.turn), f"{title}: {{P{s.active}}}'s turn")
    if s.phase == PICKS:
        return Turn(s.actor, ("picks", s.turn, s.actor), f"{title}: {{P{s.actor}}}'s picks")
    if s.phase == BLITZ_ROLL:
        return Turn(None, ("blitz", s.turn), f"{title}: Blitz Bach rolls")
    if s.phase in (OVERTIME_ROLL, OVERTIME):
        return Turn(s.actor, ("overtime", s.overtime, s.actor), f"Overtime {s.overtime}: {{P{s.actor}}}'s roll")
    if s.phase == FINAL:
        return Turn(s.actor, ("final", s.actor), f"The end: {{P{s.actor}}} may kick a last field goal")
    assert s.phase == OVER
    return Turn(None, ("over",), "Game over")


def _dice(counts) -> str:
    return ", ".join(str(face) for face, n in enumerate(counts, 1) for _ in range(n))


def _what(s, action: Action, events) -> str:
    """Who rolled or chose what."""
    who = "Blitz Bach" if s.phase == BLITZ_ROLL else f"{{P{s.actor}}}"
    for event in events:
        d = event.detail
        if event.kind == "defense_rolled":
            return f"{who} rolled the Defense Die: {d['effect']}."
        if event.kind == "defense_marker_placed":
            return f"The Defense Marker goes on area {d['area']}."
        if event.kind == "dice_rolled":
            return f"{who} rolled {dice(sum(d['counts']), d['dice'])}: {_dice(d['counts'])}."
        if event.kind == "area_taken":
            taken = " and ".join(dice(d[kind], kind) for kind in ("play", "power") if d[kind])
            return f"{who} took the dice of area {d['area']}: {taken}."
    words = {"check": f"{who} checked a {action.args[0]}" if action.args else "",
             "pick": f"{who} picked track {action.args[0]}" if action.args else "",
             "wild": f"{who} sent the wild chain to track {action.args[0]}" if action.args else "",
             "kick": f"{who} kicked a field goal", "no kick": f"{who} kicked no field goal",
             "decline": f"{who} declined {'both picks' if action.args == (2,) else 'the second pick'}"}
    return words.get(action.kind, f"{who}: {action}") + ("." if action.kind in ("kick", "no kick", "decline") else ":")


def _sheet(s, events) -> str:
    """Each box checked in words, then the ball's move (after the choice's words and a colon)."""
    parts = []
    for event in events:
        d = event.detail
        if event.kind == "box_checked":
            parts.append(f"track {d['track']} box {d['box']} ({box_words(d['code'], d['track'])})")
        elif event.kind == "bonus_checked":
            parts.append(f"{'Breakaway' if d['track'] == 'breakaway' else 'Yards after Catch'} box {d['box']} "
                         f"(+{d['yards']} yards)")
        elif event.kind == "kick_range_checked":
            parts.append(f"Kick Range now {d['range']}")
        elif event.kind == "power_unlocked":
            parts.append(f"a Power Die unlocked ({d['power']} now)")
        elif event.kind == "defense_applied":
            parts.append(f"the Defense Die takes {d['penalty']} yards")
        elif event.kind == "pass_incomplete":
            parts.append("the pass is incomplete (it would land beyond the End Zone): no gain")
        elif event.kind == "ball_moved":
            parts.append(f"ball from the {d['marker']} to the {d['to']}")
    if not parts:
        return ""
    return "; ".join(parts) + "."


def _score(event, before) -> str | None:
    """A score (Blitz Bach's included), overtime or the end of the game, as a note of its own."""
    d = event.detail
    if event.kind == "blitz_scored":
        return _blitz_words(d, before)
    if event.kind == "touchdown":
        return f"TOUCHDOWN for {{P{event.player}}} from the {d['marker']}: +{d['points']} (now {d['score']})."
    if event.kind == "field_goal":
        return f"FIELD GOAL for {{P{event.player}}} from the {d['marker']}: +{d['points']} (now {d['score']})."
    if event.kind == "overtime_started":
        return f"Tied: overtime round {d['round']} for " + " and ".join(f"{{P{p}}}" for p in d["tied"]) + "."
    return None


def _blitz_words(d: dict, before) -> str:
    """Blitz Bach's score in the solo rules' words: the areas his power dice clear, the area with the most dice left
    outside the Defense Marker's, and what his chart gives for it."""
    cleared, marker, most = d["removed"], before.defense_marker, d["dice"]
    clear = (f"his power dice clear area{'s' * (len(cleared) > 1)} {_and(cleared)}" if cleared
             else "he has no power dice to clear an area")
    left = [0 if t in cleared else before.board[t - 1] for t in TRACKS]  # the play dice once his dice cleared theirs
    fullest = [t for t in TRACKS if t != marker and left[t - 1] == most]
    if not most:
        return (f"Blitz Bach scores 0 points (now {d['score']}): {clear}; no area outside the Defense Marker's area "
                f"{marker} holds a die, and 0 dice score 0 on his chart.")
    held = (f"area {fullest[0]} holds the most dice ({most})" if len(fullest) == 1
            else f"areas {_and(fullest)} hold the most dice ({most} each)")
    return (f"Blitz Bach scores {d['points']} point{'s' * (d['points'] != 1)} (now {d['score']}): {clear}; leaving "
            f"out the Defense Marker's area {marker}, {held}: {dice(most)} score{'s' * (most == 1)} {d['points']} "
            "on his chart.")


def _and(numbers) -> str:
    """"4", "4 and 6", "1, 4 and 6"."""
    words = [str(n) for n in numbers]
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]
