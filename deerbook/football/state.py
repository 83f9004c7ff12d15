"""FootballState: one immutable position of Football Highlights (the rules live in `rules.py`)."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, cast

from ..engine.events import Event, Step
from ..engine.caching import cached_method
from ..engine.protocol import LEGAL_ACTIONS_KEY, Action, ChanceTable, ObservationView, State, observed_dict
from ..engine.seeding import Rng
from . import rules
from .marks import Marks
from .rules import CHANCE_PHASES, DEFENSE_NAMES, NO_DICE, OVER, PLAY_DICE, Phase
from .sheet import TRACKS
from .spec import FootballSetup


@dataclass(frozen=True)
class FootballState(State):
    """A position of Football Highlights: each player's marks, the dice on the board and the phase."""

    game: FootballSetup
    marks: tuple[Marks, ...]
    phase: Phase = Phase.DEFENSE_ROLL
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
        return self.game.solo

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

    # The rules' own functions serve as the hot-path methods (one call each, not two).
    current_player = rules.current_player  # the seat to move, or CHANCE, or TERMINAL

    def is_terminal(self) -> bool:
        """Whether the game is over (read from the phase: every step's loop asks)."""
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        """Whether chance moves next (read from the phase)."""
        return self.phase in CHANCE_PHASES

    @cached_method
    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the seat to move (none at chance and terminal nodes), cached: read from the phase,
        without the protocol's `current_player()` first (every decision asks)."""
        phase = self.phase
        return () if phase in CHANCE_PHASES or phase == OVER else rules.legal_actions(self)

    def apply(self, action: Action) -> "FootballState":
        """The state after `action`; RuleViolation (naming the rule) if it is not legal. The protocol's `checked`
        then `_apply`, fused for what a step loop hands back: a roll the (shared) roll table drew, or one of the
        cached legal actions, each found by identity; anything else goes the protocol's way."""
        if self.phase in CHANCE_PHASES:
            if rules.chance_table(self).drawn(action):
                return rules.apply(self, action)
        else:
            for legal in self.__dict__.get(LEGAL_ACTIONS_KEY, ()):
                if legal is action:  # an agent's choice is one of the actions it was shown: found without hashing
                    return rules.apply(self, action)
        return rules.apply(self, self.checked(action))

    def rule(self) -> str:
        """The rule that governs the current phase."""
        return rules.rule(self)

    def segment(self) -> tuple:
        """Identifies the actor's current run of decisions (an agent may look ahead within it)."""
        return (self.turn, self.overtime, self.actor, Phase.ACTIVE if self.phase == Phase.AREA else self.phase)

    # --- the rules ---------------------------------------------------------------------------
    _legal_actions = rules.legal_actions

    def _chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        return rules.chance_outcomes(self)

    def _chance_table(self) -> ChanceTable:
        return rules.chance_table(self)

    def sample_chance(self, rng: Rng) -> Action:
        """A roll drawn as the protocol draws it, from the roll's shared table (`rules.chance_table`): looked up, not
        cached on the state, so the next state is built without a cached lookup to drop."""
        return rules.chance_table(self).draw(rng)

    _apply = rules.apply  # (emit=None: no events)

    def _step(self, action: Action) -> Step:
        """The state after `action` and the events the rules emitted on the way (every one public)."""
        events: list[Event] = []

        def emit(kind: str, player: int | None, **detail: Any) -> None:
            events.append(Event(kind, player, detail))

        return Step(rules.apply(self, action, emit), tuple(events))

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
        """Everything at the table is public: the whole state (`OBSERVED`)."""
        return observed_dict(self, player, OBSERVED)

    def observation_view(self, player: int) -> "PublicView":
        """`observation(player)`, each entry worked out when an agent reads it, and the state itself (`PublicView`)."""
        return PublicView(self, player, OBSERVED)

    def to_json(self) -> dict:
        """Every field as JSON-able data (read back by `FootballGame.state_from_json`)."""
        return {"phase": str(self.phase), "turn": self.turn, "actor": self.actor, "board": list(self.board),
                "power_board": list(self.power_board), "pool": self.pool, "defense": self.defense,
                "defense_marker": self.defense_marker, "hand": list(self.hand), "picks": list(self.picks),
                "wild_from": self.wild_from, "blitz": list(self.blitz), "overtime": self.overtime,
                "tied": list(self.tied), "marks": [_marks_to_json(m) for m in self.marks]}

    def __str__(self) -> str:
        game = self.game
        head = (f"round {self.round}/{game.rounds}, turn of player {self.active}" if self.turn < game.total_turns
                else "end of regulation") + (f", overtime {self.overtime}" if self.overtime else "")
        lines = [f"{head}; {self.phase}"
                 + (f", player {self.actor} to move" if self.phase not in CHANCE_PHASES and self.phase != OVER else ""),
                 f"defense die: {DEFENSE_NAMES[self.defense]}"
                 + (f"; defense marker on area {self.defense_marker}" if self.defense_marker else ""),
                 f"board: {_dice(self.board)}; power dice: {_dice(self.power_board)}; pool {self.pool}"]
        if any(self.hand) or self.picks or self.wild_from:
            lines.append(f"hand: {_dice(self.hand)}; picks: {list(self.picks)}"
                         + (f"; wild chain from track {self.wild_from}" if self.wild_from else ""))
        for p, m in enumerate(self.marks):
            lines.append(f"P{p}: {m.points} pts ({m.touchdowns} TD, {m.field_goals} FG), marker {m.marker}, "
                         f"kick range {m.kick_range(game.sheet)}, power {m.power}, "
                         f"tracks {'/'.join(map(str, m.checked))}, "
                         f"breakaway {m.breakaway}, yac {m.yac}" + (", defended" if m.defense_used else ""))
        if self.solo:
            lines.append(f"Blitz Bach: {sum(self.blitz)} pts {list(self.blitz)}")
        return "\n".join(lines)


def _dice(counts: tuple[int, ...]) -> str:
    return " ".join(f"{t}:{n}" for t, n in zip(TRACKS, counts) if n) or "-"


class PublicView(ObservationView):
    """Football's observation view: everything at the table is public, so besides the observation's entries it
    hands over the state itself (`public_state`), which an agent need not rebuild from its JSON."""

    __slots__ = ()

    @property
    def public_state(self) -> FootballState:
        """The position the observation shows (immutable, and all of it public)."""
        return cast(FootballState, self._state)


# What a seat sees, entry by entry: the observation (a dict) and its view (read by key) are both built from it.
OBSERVED: dict[str, Callable[[FootballState, int], Any]] = {
    "player": lambda s, p: p, "options": lambda s, p: s.game.options(), "state": lambda s, p: s.to_json()}

MARK_FIELDS = ("checked", "breakaway", "yac", "kick", "power", "touchdowns", "field_goals", "marker", "defense_used")


def _marks_to_json(m: Marks) -> dict:
    return {"checked": list(m.checked), "breakaway": m.breakaway, "yac": m.yac, "kick": m.kick, "power": m.power,
            "touchdowns": m.touchdowns, "field_goals": m.field_goals, "marker": m.marker,
            "defense_used": m.defense_used}


