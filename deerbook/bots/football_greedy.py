"""The greedy Football Highlights agent.

Everything at the table is public and nothing is random inside a turn, so the agent
rebuilds the state from its observation and looks ahead through its own decisions.

The look-ahead skips work whose result it never reads: it stops a run of decisions where `rules.decide` says
play moves on (handing play on changes no marks that count), values a candidate box action by its box alone
(`rules.checked_marks`, here `check_box` itself), and checks the dice of a hand that leaves no choice on the marks alone
(`rules.forced_checks`). It reads `rules.plays`, never building the field goal offer it declines. Its choices
are those of applying every move in full, first best in legal order (tests/bots/test_football_greedy.py compares it
with that plain look-ahead on every decision of many games).
"""
from __future__ import annotations

from math import inf
from typing import Any, Mapping, Sequence, cast

from ..engine.protocol import Action
from ..engine.registry import game_of
from ..engine.seeding import Rng
from ..football.marks import FIELD_GOAL_POINTS, START_MARKER, TOUCHDOWN_POINTS, Marks, check_box
from ..football.rules import ACTIVE, BOX_ACTIONS, NO_KICK, decide, forced_checks, plays
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
    checked, yards = marks.checked, sheet.play_yards  # `points`, `field_space` and `sheet.yards_used`, inline
    used = (yards[0][checked[0]] + yards[1][checked[1]] + yards[2][checked[2]] + yards[3][checked[3]]
            + yards[4][checked[4]] + yards[5][checked[5]])
    return (10 * (TOUCHDOWN_POINTS * marks.touchdowns + FIELD_GOAL_POINTS * marks.field_goals)
            + (START_MARKER - marks.marker) // 5 + 2 * marks.power + marks.kick - used / sheet.yards_bound)


def finished_value(state: FootballState, player: int) -> float:
    """The value of playing out the player's current run of decisions greedily, kicking no field goal: at each
    step the first best-valued move (as max() picks; a single move is not valued)."""
    if state.current_player() != player:
        return sheet_value(state.marks[player], state.game.sheet)
    return played_out(state, player)


def played_out(state: FootballState, player: int) -> float:
    """`finished_value` of a state where `player` decides."""
    goes_on, sheet = True, state.game.sheet
    while goes_on:  # `decide` stops where play moves on to another run: no marks that count change after that
        if state.phase == ACTIVE and not state.wild_from:  # the hand's dice share one track: no choice to value
            marks, state = forced_checks(state)
            if state is None:
                return sheet_value(marks, sheet)
        moves = plays(state) or (NO_KICK,)  # the legal actions, a field goal declined
        if len(moves) == 1:
            state, goes_on = decide(state, moves[0])
        else:
            state, goes_on = best_decided(state, moves, player, sheet)
    return sheet_value(state.marks[player], sheet)


def best_decided(state: FootballState, moves: Sequence[Action], player: int, sheet: PlaySheet) -> tuple[Any, bool]:
    """`decide` of the first best-valued of `moves` (as max() picks): a box action valued by its box alone (the rest
    of its move changes no marks), any other by the state it decides, which is kept rather than decided again."""
    best, decided, move, checked = -inf, None, moves[0], None
    marks, defense = state.marks[state.actor], state.defense  # `checked_marks`' arguments, read once
    for candidate in moves:
        if candidate.kind in BOX_ACTIONS:
            candidate_checked = check_box(marks, candidate.args[0], sheet, defense)
            outcome = sheet_value(candidate_checked[0], sheet)
            if outcome > best:
                best, decided, move, checked = outcome, None, candidate, candidate_checked
        else:
            after = decide(state, candidate)
            outcome = sheet_value(after[0].marks[player], sheet)
            if outcome > best:
                best, decided, move, checked = outcome, after, candidate, None
    return decided or decide(state, move, checked=checked)


class GreedyAgent:
    """Tries each legal action, finishes its dice greedily, and keeps the best-valued outcome.

    A field goal wins whenever the rest of its dice this turn cannot score a touchdown; a non-active pick is
    declined when its play would gain nothing (its box would be used up for no value).
    """

    observes_by_key = True  # handed the observation view: nothing built for a single legal action, no rebuild

    def act(self, observation: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action:
        """The action whose finished turn scores best for this player."""
        if len(legal) == 1:
            return legal[0]
        return self.act_in_state(rebuild(observation), legal, observation["player"])

    def act_in_state(self, state: FootballState, legal: Sequence[Action], player: int) -> Action:
        """`act`'s choice in the public `state` itself (a look-ahead that holds the state skips the observation)."""
        if len(legal) == 1:
            return legal[0]
        scores = [action_value(state, action, player) for action in legal]
        return legal[scores.index(max(scores))]


def action_value(state: FootballState, action: Action, player: int) -> float:
    """`finished_value` of the state after `action` (`apply`'s). Where `decide` stops, a game of several seats
    hands play on to another seat's run, or to a run of this seat's with no dice (a new overtime round) where the
    look-ahead only declines field goals: no value changes after `decide`, so play need not be handed on."""
    after, goes_on = decide(state, action)
    if goes_on:
        return played_out(after, player)
    if not state.game.solo:
        return sheet_value(after.marks[player], state.game.sheet)
    return finished_value(state._apply(action), player)  # solo: the active run goes on to this seat's picks
