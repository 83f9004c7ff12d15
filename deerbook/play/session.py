"""A game at a table, without any display: seats, bots, seeded chance, the per-seat log, save and load.

The notebook table (`widgets.table.GameTable`), the terminal (`play.terminal`) and the book page's table
(`play.page`) all drive a `Session`, which plays through the engine's one game loop (`engine.runner.Match`): the
same game, seats and seed give the same game as `engine.play`, a batch's game of that seed, and every other table.

The stepping is the same at every table (`Session.advance`): chance and bots move until a person must decide; a
step with a single legal choice is made for the person and logged as such (unless `one_by_one` is set: then it
waits for the person's click too); a person's own turn that starts with a roll waits for the person to roll (unless
the game rolls it by itself: a frozen Deer player's roll, which only looks for a Deer Head); and after each bot's
turn the table may pause (a short pause, or a Continue button), so every bot turn is shown as its own step. Every
step is logged as a `play.log.Narration` under the turn it belongs to.

A person's decision may take several engine steps at once (`decide`: a Deer rack's whole split), checked step by
step by the engine and made all or nothing. In a game against bots the person may take back their decisions (`undo`),
but only those since the last thing they did not decide: a chance outcome (a roll, a deal, a draw, seen or not) or
another seat's move. Once that has happened the choices before it stand (the undo stack is cleared), so an undo
never shows what comes next and then lets the person decide again knowing it (as online tables stop undo at a die
roll). The engine steps since the game's start are kept (`moves`), so a save carries them and a load tells the whole
log again, from the seat that plays next (a hot-seat table shows its pass screen first: `resumed`). Standard library
and the engine only (no widgets).
"""
from __future__ import annotations

import random
import secrets
import time
from dataclasses import replace
from enum import StrEnum
from typing import Callable, NamedTuple, Sequence

from ..engine import Action, Game, RuleViolation, SaveFileError, State, make_game, state_to_json
from ..engine.link import link_of
from ..engine.record import GameRecord, record_of_moves, save_of_record
from ..engine.registry import game_info, table_agents
from ..engine.runner import Match
from ..engine.saving import TableRecord, read_save, save_name
from ..engine.seeding import Seed, check_seed, parse_seed, seed_text
from .log import Narration, Turn, in_words
from .views import views_of

HUMAN = "human"
NO_SEAT = -1  # whom a table of bots tells its story: nobody at it (no seat is "you", only public lines)


class TableMismatch(SaveFileError):
    """A sound saved game this table cannot seat (its message is a sentence about the game)."""


class Stop(StrEnum):
    """Why `Session.advance` stopped."""

    DECIDE = "decide"  # a person must choose (also when a single choice is legal)
    ROLL = "roll"  # a person's own turn starts with chance: the person rolls (`Session.roll`)
    TURN = "turn"  # a bot's turn has been shown and the next turn is due (the table may pause here)
    OVER = "over"  # the game is over


class LogEntry(NamedTuple):
    """One logged step: the turn it belongs to and what it tells each seat."""

    turn: Turn
    narration: Narration


class Snapshot(NamedTuple):
    """The table just before a person's decision (what `Session.undo` goes back to, while nothing the person did not
    decide has happened since)."""

    state: State
    streams: tuple  # each random stream's `getstate()`
    log: int  # entries in the log
    moves: int | None  # engine steps recorded
    played: int  # engine steps played since the game began
    last_turn: Turn | None
    decision: str  # the decision in words


def default_seats(game: Game) -> list[str]:
    """You in seat 0, the strongest quick bot in every other seat."""
    bot = "greedy" if "greedy" in table_agents(game.name) else "random"
    return [HUMAN] + [bot] * (game.num_players - 1)


def fresh_seed() -> int:
    """A new seed for a table (shown, so the game can be played again)."""
    return secrets.randbelow(10**6)


class Session:
    """One game at a table: `seats` are "human" or an agent's name; `seed` (default: a fresh one) names the game.

    `game` is a Game or a registered name (then it has as many players as `seats`, or its default). `table` (from a
    saved game, with `state`) continues that game exactly: its seats and seed unless others are given, and its
    random streams."""

    def __init__(self, game: Game | str = "deer", seats: Sequence[str] | None = None,
                 seed: Seed | str | None = None, state: State | None = None, *, table: TableRecord | None = None):
        if isinstance(game, str):  # a game by name: as many players as seats given
            game = make_game(game, **({"num_players": len(seats)} if seats else {}))
        self.game = game
        self.seats = list(seats or (table.seats if table else ()) or default_seats(self.game))
        self._check_seats()
        self._use_views()
        self.viewer = self.humans()[0] if self.humans() else 0
        self.bot_seconds = 0.0
        self.one_by_one = False  # True: a single legal choice waits for the person too
        # how `advance` makes each move due from inside the match (chance's, a bot's): called with
        # `match.next_action`; the terminal makes a bot's move one it can abandon (`play.bot_move`)
        self.make_move: Callable[[Callable[[], Action]], Action] = lambda move: move()
        seed = table.seed if seed is None and table is not None else seed
        self._start(fresh_seed() if seed is None else seed, state, table.streams if table else None,
                    table.steps if table else 0)
        if table is not None and table.moves is not None:
            self._retell(list(table.moves))
        if state is not None:
            self._face_next_seat()

    def _use_views(self) -> None:
        self.view_module = views_of(self.game)  # the game's view and log hooks
        self.step_narration, self.turn_of = self.view_module.step_narration, self.view_module.turn_of

    def _start(self, seed: Seed | str, state: State | None, streams: Sequence[object] | None = None,
               played: int = 0) -> None:
        """Seat the agents and start the match of `seed` ("7/12" read as `(7, 12)`; the seed rule of
        `engine.seeding.check_seed`) from `state` (default: a new game, `played` steps into it), its random streams
        where `streams` left them (default: spawned from the seed)."""
        if isinstance(seed, (str, int, tuple)):
            seed = parse_seed(seed) if isinstance(seed, str) else check_seed(seed)
        self.seed, self.played = seed, played
        agents = [None if seat == HUMAN else self.catalogue[seat].load(self.game.name)() for seat in self.seats]
        self.match = Match(self.game, agents, seed, state, streams)
        self.log: list[LogEntry] = []
        self.last_turn: Turn | None = None  # the turn of the last step played
        self.moves: list[str] | None = [] if state is None else None  # engine steps since the start, if known
        self.undo_stack: list[Snapshot] = []  # the person's decisions since the last chance or other seat's move
        self.resumed = state is not None  # a game continued (a hot-seat table passes the screen before showing it)

    def _check_seats(self, game: Game | None = None, seats: list[str] | None = None) -> None:
        """The seats fit the game (default: this table's) and name a person or the game's agents."""
        game, seats = game or self.game, self.seats if seats is None else seats
        if len(seats) != game.num_players:
            raise ValueError(f"{game.name} needs {game.num_players} seats, got {len(seats)}")
        catalogue = table_agents(game.name)
        for seat in seats:
            if seat != HUMAN and seat not in catalogue:
                raise ValueError(f"seat {seat!r}: use 'human' or one of {', '.join(catalogue)}")
        self.catalogue = catalogue

    @property
    def state(self) -> State:
        """The position now."""
        return self.match.state

    @property
    def seed_text(self) -> str:
        """The seed as a person types it ("7", or "7/12" for game 12 of a batch with seed 7)."""
        return seed_text(self.seed) if isinstance(self.seed, (int, tuple)) else "a stream"

    def humans(self) -> list[int]:
        """The seats a person plays."""
        return [i for i, s in enumerate(self.seats) if s == HUMAN]

    @property
    def names(self) -> list[str]:
        """The name of each seat as the table says it: a bot's name, "person" for a person's seat ("P1 (person)")."""
        return ["person" if seat == HUMAN else seat for seat in self.seats]

    @property
    def listener(self) -> int:
        """The seat the table's words are told to: the viewer, or NO_SEAT at a table of bots (whoever watches is
        none of them: told the public lines, and no seat is called "you")."""
        return self.viewer if self.humans() else NO_SEAT

    @property
    def narrations(self) -> list[Narration]:
        """Every step's narration, oldest first."""
        return [entry.narration for entry in self.log]

    def strength(self, seat: int) -> str:
        """A bot seat's strength in words (the catalogue's: "random", "basic", "good", "strong"); "" for a person."""
        name = self.seats[seat]
        return "" if name == HUMAN else self.catalogue[name].strength

    def seat_summaries(self) -> list[str]:
        """Each seat in words: "P0 human", "P1 search (strong): plays each choice out ..." (the catalogue's line)."""
        return [f"P{p} {name}" if name == HUMAN else f"P{p} {self.catalogue[name].summary}"
                for p, name in enumerate(self.seats)]

    def person_to_move(self) -> int | None:
        """The human seat that must decide now, or None (chance, a bot, or the game is over)."""
        return self.match.awaits()

    def roller(self) -> int | None:
        """The human seat whose own turn starts now with a roll (it waits for `roll`), or None (also when the game
        rolls it by itself: the view's `rolls_by_itself`)."""
        if not self.state.is_chance_node() or self.view_module.rolls_by_itself(self.state):
            return None
        turn = self.turn_of(self.state)
        new = self.last_turn is None or turn.key != self.last_turn.key
        return turn.seat if new and turn.seat is not None and self.seats[turn.seat] == HUMAN else None

    def only_choice(self) -> Action | None:
        """The person's single legal choice, when it is made for them (not `one_by_one`), else None."""
        if self.one_by_one or self.person_to_move() is None:
            return None
        legal = self.state.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def advance(self) -> Stop:
        """Let chance and bots move until a person must decide or roll, the game ends, or a bot's turn has been
        shown to the viewer and another bot's turn is next (then stop before it starts). `bot_seconds` is the time
        the bots spent thinking."""
        self.bot_seconds, shown = 0.0, None
        while not self.state.is_terminal():
            if (only := self.only_choice()) is not None:
                self._make_for_person(only)
                continue
            if self.person_to_move() is not None:
                return Stop.DECIDE
            if self.roller() is not None:
                return Stop.ROLL
            turn = self.turn_of(self.state)
            if shown is not None and turn.key != shown:
                return Stop.TURN
            start = time.perf_counter()
            action = self.make_move(self.match.next_action)
            self.bot_seconds += (time.perf_counter() - start) * (not self.state.is_chance_node())
            if self.step(action) and turn.seat is not None and self.seats[turn.seat] != HUMAN:
                shown = turn.key
        return Stop.OVER

    def run(self, on_turn: Callable[[], None] = lambda: None) -> Stop:
        """Advance through the bots' turns until a person must decide or roll, or the game ends; `on_turn()` is
        called after each bot turn shown."""
        while (stop := self.advance()) == Stop.TURN:
            on_turn()
        return stop

    def until_decision(self) -> Stop:
        """`run`, rolling for the person each time their turn starts with a roll, until a person must decide or the
        game ends (a notebook's or a test's way through the Roll button)."""
        while (stop := self.run()) == Stop.ROLL:
            self.roll()
        return stop

    def step(self, action) -> bool:
        """Apply `action`, logging it under its turn; True if the viewer was told something. A chance outcome or a
        bot's move is news no person decided: the decisions before it can no longer be taken back."""
        before = self.state
        turn = self.turn_of(before)
        self.match.state = before.apply(action)
        if not self._persons_move(before):
            self.undo_stack.clear()
        self.log.append(LogEntry(turn, self.step_narration(before, action, self.state)))
        if self.moves is not None:
            self.moves.append(str(action))
        self.last_turn, self.played = turn, self.played + 1
        return bool(self.log[-1].narration.lines_for(self.listener))

    def _make_for_person(self, action) -> None:
        """Play a person's only legal choice for them, logged as made for them."""
        seat = self.state.current_player()
        self.step(action)
        turn, narration = self.log[-1]
        self.log[-1] = LogEntry(turn, replace(narration, made_for=seat))

    def choice_words(self, action) -> str:
        """A legal action in the plain words of the seat to move (the view's `choice_label`)."""
        seat = self.state.current_player()
        return self.view_module.choice_label(self.state.observation(seat), self.game, action, self.names)

    def choose(self, text: str) -> None:
        """The person to move plays the legal action that reads `text` (nothing else moves)."""
        self.decide([text])

    def decide(self, steps: Sequence[str | Action], words: str | None = None) -> None:
        """The person to move makes one decision of one or more engine steps (each a legal action, or its text, when
        its turn comes), all of them or, if the engine refuses one, none. `words`: the decision in words (default:
        the first step's). Nothing else moves."""
        person = self.person_to_move()
        if person is None:
            raise RuleViolation(self.state.rule(), "it is not a person's turn")
        if not steps:
            raise RuleViolation(self.state.rule(), "a decision needs at least one move")
        snapshot = self._snapshot(words or self.choice_words(self._legal(steps[0])))
        try:
            for i, step in enumerate(steps):
                if i and self.person_to_move() != person:
                    raise RuleViolation(self.state.rule(), "the decision ended before all its moves were made")
                self.step(self._legal(step))
        except RuleViolation:
            self._restore(snapshot)
            raise
        self.undo_stack.append(snapshot)

    def _legal(self, step: str | Action) -> Action:
        """The legal action `step` names (by its text, or equal to it); the engine refuses any other when applied."""
        if isinstance(step, str):
            return self.state.find_action(step)
        return next((action for action in self.state.legal_actions() if action == step), step)

    # -- undo -----------------------------------------------------------------------------------------------------
    def _persons_move(self, state: State) -> bool:
        """Whether the move due at `state` is a person's (not chance's, not a bot's)."""
        player = state.current_player()
        return not state.is_chance_node() and 0 <= player < len(self.seats) and self.seats[player] == HUMAN

    def _streams(self) -> list:
        return [self.match.chance_rng, *self.match.seat_rngs]

    def _snapshot(self, decision: str) -> Snapshot:
        return Snapshot(self.state, tuple(rng.getstate() for rng in self._streams()), len(self.log),
                        None if self.moves is None else len(self.moves), self.played, self.last_turn, decision)

    def _restore(self, snapshot: Snapshot) -> None:
        self.match.state = snapshot.state
        for rng, saved in zip(self._streams(), snapshot.streams):
            rng.setstate(saved)
        del self.log[snapshot.log:]
        if self.moves is not None and snapshot.moves is not None:
            del self.moves[snapshot.moves:]
        self.last_turn, self.played = snapshot.last_turn, snapshot.played

    def can_undo(self) -> bool:
        """Whether the person may take back a decision: a game of one person against bots, not over, after a
        decision of theirs since the last chance outcome or bot's move."""
        return len(self.humans()) == 1 and bool(self.undo_stack) and not self.state.is_terminal()

    def undo(self) -> str:
        """Take back the person's last decision since the last chance outcome or bot's move: the position, the log
        and every random stream go back to the moment before it. Returns the decision in words."""
        if not self.can_undo():
            raise RuleViolation("Undo", self.why_no_undo())
        snapshot = self.undo_stack.pop()
        self._restore(snapshot)
        return snapshot.decision

    def why_no_undo(self) -> str:
        """Why the person may not take back a decision now, in words (when `can_undo` is False)."""
        if len(self.humans()) != 1:
            return "undo is for a game against bots only (several people share this table)"
        if self.state.is_terminal():
            return "the game is over"
        return ("no decision of yours to take back since the last roll or draw, or another player's move (the "
                "decisions before it stand)")

    def roll(self) -> None:
        """The person whose turn starts with a roll rolls: the chance move is drawn from the seeded stream."""
        if self.roller() is None:
            raise RuleViolation(self.state.rule(), "it is not a person's roll")
        self.step(self.match.next_action())

    @property
    def history(self) -> list[str]:
        """The log as the viewing seat may read it, one line each, oldest first."""
        listener, names = self.listener, self.names
        return [line for entry in self.log for line in entry.narration.lines_for(listener, names)]

    def turn_log(self) -> list[tuple[str, list[str]]]:
        """The log as the viewing seat may read it, oldest first, as (turn title, lines) per turn; a turn with
        nothing the viewer may read is left out."""
        groups: list[tuple[object, str, list[str]]] = []
        listener, names = self.listener, self.names
        for turn, narration in self.log:
            lines = narration.lines_for(listener, names)
            if not lines:
                continue
            if not groups or groups[-1][0] != turn.key:
                groups.append((turn.key, in_words(turn.title, listener, names), []))
            groups[-1][2].extend(lines)
        return [(title, lines) for _, title, lines in groups]

    def restart(self, seed: Seed | str | None = None) -> None:
        """A fresh game at the same seats (a new seed unless one is given)."""
        self._start(fresh_seed() if seed is None else seed, None)

    def reseat(self, game: Game, seats: Sequence[str], seed: Seed | str | None = None,
               state: State | None = None, streams: Sequence[object] | None = None, played: int = 0) -> None:
        """Another game at this table: `game` with `seats` (checked first: a refusal changes nothing), from `seed`
        (None: a fresh one), `state`, `played` steps into it, and `streams` (default: a new game)."""
        self._check_seats(game, list(seats))
        self.game, self.seats = game, list(seats)
        self._use_views()
        self.viewer = self.viewer if self.viewer in self.humans() else (self.humans() or [0])[0]
        self._start(fresh_seed() if seed is None else seed, state, streams, played)

    def result(self) -> str:
        """Who won and why, told to the listener (at the end of the game; `State.winners()` says who won)."""
        winners = list(self.state.winners())
        observation = self.state.observation(self.viewer)
        if self.listener == NO_SEAT:  # a table of bots: the standings are told to nobody at the table
            observation = {**observation, "player": NO_SEAT}
        return self.view_module.result_text(observation, self.game, winners, self.names)

    def table_record(self) -> TableRecord:
        """The seats, the seed, where every random stream stands now and the engine steps since the start (a save
        records them)."""
        seed = self.seed if isinstance(self.seed, (int, tuple)) else None
        moves = None if self.moves is None else tuple(self.moves)
        return TableRecord(tuple(self.seats), seed, tuple(self.match.streams()), moves, self.played)

    @property
    def save_stem(self) -> str:
        """The name a save of this game gets (without ".json"): game, seed and the steps played since the game
        began (counting on after a resume), e.g. deerbook-deer-seed7-12-40 (`engine.saving.save_name`)."""
        return save_name(self.game.name, self.seed if isinstance(self.seed, (int, tuple)) else None, self.played)

    def save_text(self) -> str:
        """The game as a saved-game JSON document: the state and the table, so loading it continues exactly."""
        return state_to_json(self.state, self.table_record())

    def load_text(self, text: str, source: str) -> None:
        """Continue the saved game in `text` (with its seats, seed and random streams when the file records them,
        and its log told again from the steps it records); raise SaveFileError (nothing changed) for a bad file."""
        try:
            state, table = read_save(text)
        except RuleViolation as exc:
            raise SaveFileError(str(exc)) from None
        seats = list(table.seats) if table else self.seats
        if state.game.num_players != len(seats):
            raise TableMismatch(f"the game in it has {state.game.num_players} players, and this table has "
                                f"{len(seats)} seats")
        unknown = sorted({s for s in seats if s != HUMAN} - set(table_agents(state.game.name)))
        if unknown:
            raise TableMismatch(f"it seats a bot this deerbook does not have ({', '.join(unknown)})")
        seed = self.seed if table is None else random.SystemRandom() if table.seed is None else table.seed
        self.reseat(state.game, seats, seed, state, table.streams if table else None, table.steps if table else 0)
        if table is not None and table.moves is not None:
            self._retell(list(table.moves))
        self.log.append(LogEntry(Turn(None, ("loaded", len(self.log)), "Loaded"),
                                 Narration(f"Loaded {source}: the game goes on from here.")))
        self._face_next_seat()

    # -- the game as a record: a link -------------------------------------------------------------------------------
    def record(self) -> GameRecord:
        """The game so far as a record (`engine.record`): its set-up, seats and every step since the start;
        SaveFileError if the steps before a load are not known (a game continued from an older save)."""
        if self.moves is None:
            raise SaveFileError("this game was continued from a save that does not list its earlier steps, so it "
                                "cannot be written as a record or a link")
        return record_of_moves(self.game, self.seats, self.moves)

    def why_no_link(self) -> str:
        """Why the table offers no link of the game now, in words, or "" when it offers one. A link shows every hand
        to whoever opens it, so a game with hidden hands has one only once it is over or when every seat is a bot."""
        if self.moves is None:
            return "this game was continued from an older save that does not list its earlier steps"
        if (game_info(self.game.name).information == "perfect" or self.state.is_terminal()
                or not self.humans()):
            return ""
        return ("a link shows every player's hand to whoever opens it, so this game has one once it is over (or "
                "when every seat is a bot)")

    def link(self) -> str:
        """The game so far as a link (`engine.link`); SaveFileError saying why when the table offers none
        (`why_no_link`)."""
        why = self.why_no_link()
        if why:
            raise SaveFileError(why)
        return link_of(self.record())

    def load_record(self, record: GameRecord, source: str = "the link") -> None:
        """Continue the recorded game (a link's) at this table, as `load_text` continues a save: its seats, its log
        told again, and fresh randomness for what comes next (a record holds no seed)."""
        self.load_text(save_of_record(record), source)

    def next_person(self) -> int | None:
        """The human seat that plays next: to move, to roll, or whose turn is in play; None if none of these."""
        person = self.person_to_move()
        if person is None and not self.state.is_terminal():
            person = self.roller() if self.roller() is not None else self.turn_of(self.state).seat
        return person if person is not None and 0 <= person < len(self.seats) and self.seats[person] == HUMAN \
            else None

    def _face_next_seat(self) -> None:
        """A game continued is seen from the seat that plays next (a person's; else the viewer stays)."""
        person = self.next_person()
        self.viewer = self.viewer if person is None else person

    def _retell(self, moves: list[str]) -> None:
        """The log of the game these engine steps (from the start of the game of this seed) lead to: replayed
        through the engine, and kept only if they end exactly at the position now (else the log starts here)."""
        state, log = self.game.initial_state(), []
        try:
            for text in moves:
                action = state.find_action(text)
                after = state.apply(action)
                log.append(LogEntry(self.turn_of(state), self.step_narration(state, action, after)))
                state = after
        except RuleViolation:
            return
        if state == self.state:
            self.log, self.moves = log, moves
            self.last_turn = log[-1].turn if log else None
