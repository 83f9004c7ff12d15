"""Football Highlights game states: the turn sequence, the board, decisions and chance nodes."""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from ..engine.errors import RuleViolation, SaveFileError
from ..engine.protocol import CHANCE, TERMINAL, Action, ChanceTable, State, evolve
from ..engine.validate import require
from .rules import (DEFENSE_DIE, DEFENSE_NAMES, PLAY_DICE, Marks, blitz_points, check_box, dice_roll)
from .sheet import MAX_POWER_DICE, TRACKS

if TYPE_CHECKING:
    from .game import FootballGame

# Chance phases
DEFENSE_ROLL, MARKER_ROLL, PLAY_ROLL, POWER_ROLL, BLITZ_ROLL, OVERTIME_ROLL = (
    "defense roll", "defense marker roll", "play roll", "power roll", "blitz roll", "overtime roll")
# Decision phases and the end
AREA, ACTIVE, PICKS, FINAL, OVERTIME, OVER = "area", "active", "picks", "final kicks", "overtime", "over"
CHANCE_PHASES = (DEFENSE_ROLL, MARKER_ROLL, PLAY_ROLL, POWER_ROLL, BLITZ_ROLL, OVERTIME_ROLL)
PHASES = CHANCE_PHASES + (AREA, ACTIVE, PICKS, FINAL, OVERTIME, OVER)
ROLL_ORDER = (DEFENSE_ROLL, MARKER_ROLL, PLAY_ROLL, POWER_ROLL)
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
    PICKS: "Non-Active players A-D: one box on each of two different Play tracks of areas with play dice "
           "(one such area: it must be a pick; none: any two)",
    FINAL: "Field Goals: one may be kicked at the very end of the game, within Kick Range",
    OVERTIME: "Overtime Play: check one box per rolled die, in any order, each with its chained actions",
    OVER: "End of Game",
}
WILD_RULE = "Wild Chained Action: check the next box of any other Play track"


@dataclass(frozen=True)
class FootballState(State):
    """A position of Football Highlights: each player's marks, the dice on the board and the phase."""

    game: "FootballGame"
    marks: tuple[Marks, ...]
    phase: str = DEFENSE_ROLL
    turn: int = 0  # turns started; the active player is turn % players; equals total turns once play ends
    actor: int = 0  # the player who decides (or rolls) now
    board: tuple[int, ...] = NO_DICE  # play dice per area 1-6
    power_board: tuple[int, ...] = NO_DICE  # power dice per area 1-6
    pool: int = PLAY_DICE  # play dice off the board, to be rolled next turn
    defense: int = 0  # the Defense Die face (rules.NO_EFFECT, RUN_MINUS_5, PASS_MINUS_10)
    defense_marker: int = 0  # solo: the area Blitz Bach may not score from
    hand: tuple[int, ...] = NO_DICE  # dice per track the actor still has to check
    picks: tuple[int, ...] = ()  # tracks a non-active player has picked this turn
    wild_from: int = 0  # a wild box on this track waits for its target track
    blitz: tuple[int, ...] = ()  # solo: Blitz Bach's points per round
    overtime: int = 0  # overtime rounds started
    tied: tuple[int, ...] = ()  # players in overtime

    # --- who moves -------------------------------------------------------------------------
    @property
    def solo(self) -> bool:
        """Whether this is a solo game against Blitz Bach."""
        return self.game.num_players == 1

    @property
    def active(self) -> int:
        """The player whose turn it is."""
        return self.turn % self.game.num_players

    @property
    def round(self) -> int:
        """The current round (1-based; the last one once play ends)."""
        return min(self.turn, self.game.total_turns - 1) // self.game.num_players + 1

    @property
    def me(self) -> Marks:
        """The marks of the player who decides now."""
        return self.marks[self.actor]

    def current_player(self) -> int:
        """The seat to move, or CHANCE, or TERMINAL."""
        if self.phase == OVER:
            return TERMINAL
        return CHANCE if self.phase in CHANCE_PHASES else self.actor

    def rule(self) -> str:
        """The rule that governs the current phase."""
        return WILD_RULE if self.wild_from else RULES[self.phase]

    def segment(self) -> tuple:
        """Identifies the actor's current run of decisions (an agent may look ahead within it)."""
        return (self.turn, self.overtime, self.actor, ACTIVE if self.phase == AREA else self.phase)

    # --- decisions ---------------------------------------------------------------------------
    def _legal_actions(self) -> tuple[Action, ...]:
        if self.wild_from:
            return tuple(WILD_ACTIONS[t] for t in self.me.open_tracks(self.game.sheet) if t != self.wild_from)
        if self.phase == AREA:
            return tuple(_take_action(t, self.board[t - 1], self.power_board[t - 1]) for t in TRACKS
                         if self.board[t - 1] + self.power_board[t - 1])
        if self.phase in (ACTIVE, OVERTIME):
            checks = tuple(CHECK_ACTIONS[t] for t in TRACKS if self.hand[t - 1])
            return checks + self._kick_options(done=not checks)
        if self.phase == PICKS:
            picks = tuple(PICK_ACTIONS[t] for t in self.pick_options())
            return picks + self._kick_options(done=not picks)
        return self._kick_options(done=True)  # FINAL

    def _kick_options(self, done: bool) -> tuple[Action, ...]:
        if not self.me.can_kick(self.game.sheet):
            return ()
        kick = _kick_action(self.me.marker)
        return (kick, NO_KICK) if done else (kick,)

    def areas_with_dice(self) -> set[int]:
        """Areas a non-active pick may use: play dice (solo: play or power dice)."""
        if self.solo:
            return {t for t, play, power in zip(TRACKS, self.board, self.power_board) if play or power}
        return {t for t, play in zip(TRACKS, self.board) if play}

    def pick_options(self) -> tuple[int, ...]:
        """Tracks the actor may pick next under non-active rules A-D."""
        return _pick_options(frozenset(self.areas_with_dice()), self.picks)

    def _apply(self, action: Action) -> "FootballState":
        kind, args = action.kind, action.args
        if self.phase in CHANCE_PHASES:
            return self._apply_chance(args)
        if kind == "wild":
            return self._check(args[0])
        if kind == "take":
            return self._take(args[0])
        if kind == "check":
            return self._check(args[0], hand=_minus_one(self.hand, args[0]))
        if kind == "pick":
            return self._check(args[0], picks=self.picks + args)
        if kind == "kick":
            return self._with_marks(self.me.kick_field_goal())._settle()
        return self._end_holding()  # "no kick"

    def _with_marks(self, marks: Marks, **changes) -> "FootballState":
        return evolve(self, marks=self.marks[:self.actor] + (marks,) + self.marks[self.actor + 1:], **changes)

    def _check(self, track: int, **changes) -> "FootballState":
        """Check one box on `track` for the actor (with `changes` to the state: the die used), then settle."""
        marks, wild = check_box(self.me, track, self.game.sheet, self.defense)
        return self._with_marks(marks, wild_from=wild, **changes)._settle()

    def _take(self, track: int) -> "FootballState":
        i = track - 1
        hand = tuple(self.board[i] + self.power_board[i] if t == track else 0 for t in TRACKS)
        return evolve(self, phase=ACTIVE, hand=hand, pool=self.pool + self.board[i],
                       board=_set(self.board, i, 0), power_board=_set(self.power_board, i, 0))._settle()

    def _settle(self) -> "FootballState":
        """End the actor's dice when nothing is left to decide (no dice, no field goal to offer)."""
        if self.wild_from or self.me.can_kick(self.game.sheet):
            return self
        phase = self.phase
        if phase == ACTIVE or phase == OVERTIME:
            done = not any(self.hand)
        else:
            done = len(self.picks) == 2 if phase == PICKS else phase == FINAL
        return self._end_holding() if done else self

    def _end_holding(self) -> "FootballState":
        """The actor has checked all their dice (and declined a last field goal): move on."""
        if self.phase == ACTIVE:
            power = self.power_board if self.solo else NO_DICE  # solo power dice stay until Blitz Bach
            return evolve(self, phase=PICKS, power_board=power, picks=(),
                           actor=(self.active + 1) % self.game.num_players)._settle()
        if self.phase == PICKS:
            if self.solo:
                return evolve(self, phase=BLITZ_ROLL, power_board=NO_DICE, picks=())._start_blitz()
            following = (self.actor + 1) % self.game.num_players
            if following != self.active:
                return evolve(self, actor=following, picks=())._settle()
            return self._next_turn()
        if self.phase == FINAL:
            return self._offer_final_kick(self.actor + 1)
        return self._next_in_overtime(self.tied.index(self.actor) + 1)

    # --- chance ------------------------------------------------------------------------------
    def _chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        if self.phase == DEFENSE_ROLL:
            return DEFENSE_DIE
        if self.phase == MARKER_ROLL:
            return dice_roll("defense marker", 1)
        if self.phase == PLAY_ROLL:
            return dice_roll("play dice", self.pool)
        return dice_roll("power dice", self.me.power)  # POWER_ROLL, BLITZ_ROLL, OVERTIME_ROLL

    def _chance_table(self) -> ChanceTable:
        return ChanceTable.shared(self.chance_outcomes())  # the dice rolls are cached tuples

    def _apply_chance(self, args: tuple) -> "FootballState":
        if self.phase == DEFENSE_ROLL:
            return evolve(self, defense=args[0])._next_roll(DEFENSE_ROLL)
        if self.phase == MARKER_ROLL:
            return evolve(self, defense_marker=args.index(1) + 1)._next_roll(MARKER_ROLL)
        if self.phase == PLAY_ROLL:
            return evolve(self, board=tuple(map(sum, zip(self.board, args))), pool=0)._next_roll(PLAY_ROLL)
        if self.phase == POWER_ROLL:
            return evolve(self, power_board=args)._next_roll(POWER_ROLL)
        if self.phase == BLITZ_ROLL:
            return self._blitz_scores(args)
        return evolve(self, phase=OVERTIME, hand=args)._settle()  # OVERTIME_ROLL

    def _next_roll(self, done: str) -> "FootballState":
        needed = {MARKER_ROLL: self.solo, PLAY_ROLL: self.pool > 0, POWER_ROLL: self.marks[self.active].power > 0}
        for phase in ROLL_ORDER[ROLL_ORDER.index(done) + 1:]:
            if needed[phase]:
                return evolve(self, phase=phase)
        return evolve(self, phase=AREA)

    # --- turns, rounds, end of game ------------------------------------------------------------
    def _next_turn(self) -> "FootballState":
        turn = self.turn + 1
        if turn == self.game.total_turns:
            return evolve(self, turn=turn, picks=())._offer_final_kick(0)
        marks = tuple(evolve(m, defense_used=False) if m.defense_used else m for m in self.marks)
        return evolve(self, marks=marks, turn=turn, phase=DEFENSE_ROLL, actor=turn % self.game.num_players,
                       picks=(), hand=NO_DICE)

    def _start_blitz(self) -> "FootballState":
        return self if self.me.power else self._blitz_scores(NO_DICE)

    def _blitz_scores(self, faces: tuple[int, ...]) -> "FootballState":
        """Solo step 5: remove the areas of the rolled faces, score the fullest area off the marker."""
        removed = sum(self.board[i] for i in range(6) if faces[i])
        board = tuple(0 if faces[i] else self.board[i] for i in range(6))
        fullest = max(n for t, n in zip(TRACKS, board) if t != self.defense_marker)
        state = evolve(self, board=board, pool=self.pool + removed, blitz=self.blitz + (blitz_points(fullest),))
        return state._next_turn()

    def _offer_final_kick(self, first: int) -> "FootballState":
        for player in range(first, self.game.num_players):
            if self.marks[player].can_kick(self.game.sheet):
                return evolve(self, phase=FINAL, actor=player)
        return self._compare(tuple(range(self.game.num_players)))

    def _compare(self, contenders: tuple[int, ...]) -> "FootballState":
        best = max(self.marks[p].points for p in contenders)
        leaders = tuple(p for p in contenders if self.marks[p].points == best)
        if self.solo or len(leaders) == 1 or self.overtime == MAX_OVERTIME:
            return evolve(self, phase=OVER, tied=leaders if self.overtime else ())
        return evolve(self, overtime=self.overtime + 1, tied=leaders)._next_in_overtime(0)

    def _next_in_overtime(self, index: int) -> "FootballState":
        if index == len(self.tied):
            return self._compare(self.tied)
        player = self.tied[index]
        state = evolve(self, actor=player, hand=NO_DICE, defense=0, wild_from=0)
        if self.marks[player].power:
            return evolve(state, phase=OVERTIME_ROLL)
        return evolve(state, phase=OVERTIME)._settle()

    # --- results ------------------------------------------------------------------------------
    def winners(self) -> tuple[int, ...]:
        """The winning seats (solo: seat 0 if it beat Blitz Bach)."""
        if self.solo:
            return (0,) if self.marks[0].points > sum(self.blitz) else ()
        best = max(m.points for m in self.marks)
        return tuple(p for p, m in enumerate(self.marks) if m.points == best)

    def returns(self) -> tuple[float, ...]:
        """Winners split 1.0 at the end; all 0 before (and in a lost solo game)."""
        winners = self.winners() if self.is_terminal() else ()
        return tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(self.game.num_players))

    def stats(self) -> dict:
        """Points, touchdowns and field goals per seat, rounds, overtime (and Blitz Bach's score solo)."""
        figures = {"points": [m.points for m in self.marks], "touchdowns": [m.touchdowns for m in self.marks],
                   "field_goals": [m.field_goals for m in self.marks], "rounds": self.game.rounds,
                   "overtime_rounds": self.overtime}
        if self.solo:
            figures.update(blitz_bach_score=sum(self.blitz), won_vs_blitz_bach=int(bool(self.winners())))
        return figures

    def observation(self, player: int) -> dict:
        """Everything at the table is public: the whole state."""
        return {"player": player, "options": self.game.options(), "state": self.to_json()}

    def to_json(self) -> dict:
        """Every field as JSON-able data (read back by `FootballGame.state_from_json`)."""
        return {"phase": self.phase, "turn": self.turn, "actor": self.actor, "board": list(self.board),
                "power_board": list(self.power_board), "pool": self.pool, "defense": self.defense,
                "defense_marker": self.defense_marker, "hand": list(self.hand), "picks": list(self.picks),
                "wild_from": self.wild_from, "blitz": list(self.blitz), "overtime": self.overtime,
                "tied": list(self.tied), "marks": [_marks_to_json(m) for m in self.marks]}

    def __str__(self) -> str:
        game = self.game
        head = (f"round {self.round}/{game.rounds}, turn of player {self.active}" if self.turn < game.total_turns
                else "end of regulation") + (f", overtime {self.overtime}" if self.overtime else "")
        lines = [f"{head}; {self.phase}" + (f", player {self.actor} to move" if self.phase not in CHANCE_PHASES + (OVER,) else ""),
                 f"defense die: {DEFENSE_NAMES[self.defense]}"
                 + (f"; defense marker on area {self.defense_marker}" if self.defense_marker else ""),
                 f"board: {_dice(self.board)}; power dice: {_dice(self.power_board)}; pool {self.pool}"]
        if any(self.hand) or self.picks or self.wild_from:
            lines.append(f"hand: {_dice(self.hand)}; picks: {list(self.picks)}"
                         + (f"; wild chain from track {self.wild_from}" if self.wild_from else ""))
        for p, m in enumerate(self.marks):
            lines.append(f"P{p}: {m.points} pts ({m.touchdowns} TD, {m.field_goals} FG), marker {m.marker}, "
                         f"kick range {m.kick_range(game.sheet)}, power {m.power}, tracks {'/'.join(map(str, m.checked))}, "
                         f"breakaway {m.breakaway}, yac {m.yac}" + (", defended" if m.defense_used else ""))
        if self.solo:
            lines.append(f"Blitz Bach: {sum(self.blitz)} pts {list(self.blitz)}")
        return "\n".join(lines)


CHECK_ACTIONS = {t: Action("check", (t,), f"check a {t}") for t in TRACKS}
PICK_ACTIONS = {t: Action("pick", (t,), f"pick track {t}") for t in TRACKS}
WILD_ACTIONS = {t: Action("wild", (t,), f"wild chain to track {t}") for t in TRACKS}
NO_KICK = Action("no kick", (), "no field goal")


@lru_cache(maxsize=None)
def _pick_options(areas: frozenset[int], picks: tuple[int, ...]) -> tuple[int, ...]:
    """The tracks a non-active player may pick next, given the areas with dice and the picks so far."""
    if len(picks) == 2:
        return ()

    def valid(a: int, b: int) -> bool:
        return {a, b} <= areas if len(areas) >= 2 else areas <= {a, b}

    if picks:
        return tuple(t for t in TRACKS if t != picks[0] and valid(picks[0], t))
    return tuple(t for t in TRACKS if any(valid(t, u) for u in TRACKS if u != t))


@lru_cache(maxsize=None)
def _kick_action(marker: int) -> Action:
    return Action("kick", (), f"kick a field goal from the {marker}")


@lru_cache(maxsize=None)
def _take_action(track: int, play: int, power: int) -> Action:
    dice = f"{play} play" + (f" + {power} power" if power else "")
    return Action("take", (track,), f"take the {track}s ({dice})")


def _dice(counts: tuple[int, ...]) -> str:
    return " ".join(f"{t}:{n}" for t, n in zip(TRACKS, counts) if n) or "-"


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return values[:index] + (value,) + values[index + 1:]


def _minus_one(hand: tuple[int, ...], track: int) -> tuple[int, ...]:
    return _set(hand, track - 1, hand[track - 1] - 1)


MARK_FIELDS = ("checked", "breakaway", "yac", "kick", "power", "touchdowns", "field_goals", "marker", "defense_used")


def _marks_to_json(m: Marks) -> dict:
    return {"checked": list(m.checked), "breakaway": m.breakaway, "yac": m.yac, "kick": m.kick, "power": m.power,
            "touchdowns": m.touchdowns, "field_goals": m.field_goals, "marker": m.marker,
            "defense_used": m.defense_used}


def trusted_state(game: "FootballGame", data: dict) -> FootballState:
    """The state of `to_json()` data the engine itself just produced (an observation), NOT validated: quick, for
    agents and hints. Anything from outside (a saved game, a person) goes through `state_from_json`."""
    marks = tuple(Marks(tuple(m["checked"]), m["breakaway"], m["yac"], m["kick"], m["power"], m["touchdowns"],
                        m["field_goals"], m["marker"], m["defense_used"]) for m in data["marks"])
    return FootballState(game, marks, data["phase"], data["turn"], data["actor"], tuple(data["board"]),
                         tuple(data["power_board"]), data["pool"], data["defense"], data["defense_marker"],
                         tuple(data["hand"]), tuple(data["picks"]), data["wild_from"], tuple(data["blitz"]),
                         data["overtime"], tuple(data["tied"]))


# --- loading and hand-built positions ------------------------------------------------------------
def _int(value, where: str, low: int, high: int) -> int:
    require(isinstance(value, int) and not isinstance(value, bool) and low <= value <= high,
            where, f"must be an integer from {low} to {high}, got {value!r}")
    return value


def _ints(value, where: str, length: int | None, low: int, high: int) -> tuple[int, ...]:
    require(isinstance(value, list) and (length is None or len(value) == length),
            where, "must be a list" + (f" of {length} integers" if length else ""))
    return tuple(_int(v, f"{where}[{i}]", low, high) for i, v in enumerate(value))


def _marks_from_json(data, where: str, sheet) -> Marks:
    require(isinstance(data, dict) and set(data) == set(MARK_FIELDS), where, f"needs exactly {MARK_FIELDS}")
    checked = _ints(data["checked"], f"{where}.checked", 6, 0, 99)
    for t in TRACKS:
        require(checked[t - 1] <= len(sheet.track(t)), f"{where}.checked", f"track {t} has only {len(sheet.track(t))} boxes")
    require(isinstance(data["defense_used"], bool), f"{where}.defense_used", "must be true or false")
    marker = _int(data["marker"], f"{where}.marker", 5, 45)
    require(marker % 5 == 0, f"{where}.marker", "must be a yard number 45, 40, ..., 5")
    return Marks(checked=checked, breakaway=_int(data["breakaway"], f"{where}.breakaway", 0, len(sheet.breakaway)),
                 yac=_int(data["yac"], f"{where}.yac", 0, len(sheet.yac)),
                 kick=_int(data["kick"], f"{where}.kick", 0, len(sheet.kick_range)),
                 power=_int(data["power"], f"{where}.power", 0, MAX_POWER_DICE),
                 touchdowns=_int(data["touchdowns"], f"{where}.touchdowns", 0, 10_000),
                 field_goals=_int(data["field_goals"], f"{where}.field_goals", 0, 10_000),
                 marker=marker, defense_used=data["defense_used"])


def state_from_json(game: "FootballGame", data) -> FootballState:
    """Rebuild and validate a state; raise SaveFileError naming the bad field."""
    fields = {f for f in FootballState.__dataclass_fields__} - {"game"}
    require(isinstance(data, dict) and set(data) == fields, "state", f"needs exactly the fields {sorted(fields)}")
    n = game.num_players
    require(data["phase"] in PHASES, "state.phase", f"unknown phase {data['phase']!r}")
    require(isinstance(data["marks"], list) and len(data["marks"]) == n, "state.marks", f"needs {n} players")
    state = FootballState(
        game, marks=tuple(_marks_from_json(m, f"state.marks[{p}]", game.sheet) for p, m in enumerate(data["marks"])),
        phase=data["phase"], turn=_int(data["turn"], "state.turn", 0, game.total_turns),
        actor=_int(data["actor"], "state.actor", 0, n - 1),
        board=_ints(data["board"], "state.board", 6, 0, PLAY_DICE),
        power_board=_ints(data["power_board"], "state.power_board", 6, 0, MAX_POWER_DICE),
        pool=_int(data["pool"], "state.pool", 0, PLAY_DICE), defense=_int(data["defense"], "state.defense", 0, 2),
        defense_marker=_int(data["defense_marker"], "state.defense_marker", 0, 6 if n == 1 else 0),
        hand=_ints(data["hand"], "state.hand", 6, 0, PLAY_DICE + MAX_POWER_DICE),
        picks=_ints(data["picks"], "state.picks", None, 1, 6),
        wild_from=_int(data["wild_from"], "state.wild_from", 0, 6),
        blitz=_ints(data["blitz"], "state.blitz", None, 0, 21), overtime=_int(data["overtime"], "state.overtime", 0, MAX_OVERTIME),
        tied=_ints(data["tied"], "state.tied", None, 0, n - 1))
    _check_consistency(state)
    return state


def _check_consistency(s: FootballState) -> None:
    game, regulation = s.game, s.phase in ROLL_ORDER + (AREA, ACTIVE, PICKS, BLITZ_ROLL)
    require(sum(s.board) + s.pool == PLAY_DICE, "state.board", f"board and pool must hold the {PLAY_DICE} play dice")
    require((s.turn < game.total_turns) == regulation, "state.turn", f"turn {s.turn} does not fit phase {s.phase!r}")
    require(not regulation or s.phase == PICKS or s.actor == s.active, "state.actor", "must be the active player")
    require(sum(s.power_board) <= s.marks[s.active].power, "state.power_board", "more power dice than unlocked")
    on_board = (AREA, ACTIVE, PICKS) if s.solo else (AREA, ACTIVE)  # solo power dice stay until Blitz Bach
    require(s.phase in on_board or not any(s.power_board), "state.power_board", f"no power dice in phase {s.phase!r}")
    require(s.phase != AREA or sum(s.power_board) == s.marks[s.active].power, "state.power_board",
            "the active player's unlocked power dice are all rolled before an area is taken")
    require(not any(s.hand) or s.phase in (ACTIVE, OVERTIME), "state.hand", f"no dice in hand in phase {s.phase!r}")
    require(s.phase != ACTIVE or sum(1 for n in s.hand if n) <= 1, "state.hand", "the active player's dice share one track")
    require(len(set(s.picks)) == len(s.picks) <= (2 if s.phase == PICKS else 0), "state.picks", "at most two different tracks while picking")
    require(not s.wild_from or s.phase in (ACTIVE, PICKS, OVERTIME), "state.wild_from", f"no wild chain in phase {s.phase!r}")
    require(s.phase != PICKS or s.solo or s.actor != s.active, "state.actor", "the active player does not pick")
    require(len(s.blitz) == (min(s.turn, game.total_turns) if s.solo else 0), "state.blitz", "one score per finished solo round")
    require(all(v in (0, 3, 7, 10, 14, 21) for v in s.blitz), "state.blitz", "scores come from Blitz Bach's chart")
    in_overtime = s.phase in (OVERTIME, OVERTIME_ROLL)
    require(not in_overtime or (s.overtime and s.actor in s.tied), "state.tied", "overtime needs the actor among the tied")
    require(list(s.tied) == sorted(set(s.tied)), "state.tied", "tied players in seat order, once each")


def position(game: "FootballGame", marks: dict | None = None, **fields) -> FootballState:
    """A hand-built, validated position, e.g. position(game, marks={0: dict(marker=10)}, phase=ACTIVE, hand=...).

    `marks` maps players to Marks fields (others keep a fresh sheet); `pool` defaults to the dice off the board.
    Raises RuleViolation if the position is impossible.
    """
    start = game.initial_state()
    sheets = tuple(replace(m, **(marks or {}).get(p, {})) for p, m in enumerate(start.marks))
    fields.setdefault("pool", PLAY_DICE - sum(fields.get("board", NO_DICE)))
    state = replace(start, marks=sheets, **fields)
    try:
        return state_from_json(game, state.to_json())
    except SaveFileError as exc:
        raise RuleViolation("Position builder", str(exc)) from None
