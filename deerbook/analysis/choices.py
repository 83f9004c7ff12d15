"""Where the search agent chooses differently from the greedy agent, how often, and what each difference is worth.

`differences` plays seeded games with the search agent in one seat (rotating) against greedy agents. At each of the
search agent's decisions with a choice, the greedy agent is asked too, on the same observation. Where the two
differ, both choices are played out again on fresh positions drawn from the seat's observation and fresh dice
(`worth_rollouts` pairs, each pair on the same position and dice: the search agent's own rollout and value, so for
Deer the change in the seat's chance of winning as it stands at the end of the round, for Football the change in the
game's result). The fresh rollouts are not the ones the search chose by, so the worth is not inflated by the choice
itself (no winner's curse). `Difference` summarises one kind of decision: how often the two agents choose
differently (with a 95% interval), what the difference is worth when they do (mean paired gain, 95% interval) and the
commonest switches (greedy's choice -> the search agent's), also by coarse pattern (`choice_label`: e.g. a card passed
to the leading opponent rather than to the one with fewest cards; the fullest Football area taken) with each
pattern's worth: what the advice of the book's "Playing well" chapters reads.

Each game's decisions are its `game_rows`, so a stored measurement replays game by game: the book reads
`CHOICES_FILE` (`load_choices`), written by `save_choices` from the settings in `CHOICE_STUDIES`
(`python -c "from deerbook.analysis.choices import save_choices; save_choices(workers=2)"`, about ten minutes on
two cores; `only=["advisor-knocking"]` measures one again, keeping the others), and a test plays a stored game again
and compares its rows. The same measurement of the Deer advisor with knocking (`agent_name="advisor"`) holds the
figures its choice of where to walk the turn rests on (`bots.deer_advisor.ADVISED_PHASES`).
"""
from __future__ import annotations

import json
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, NamedTuple, cast

from ..engine import make_game
from ..engine.agents import shown_to
from ..engine.errors import SaveFileError, parse_json
from ..engine.files import read_bytes, write_atomic
from ..engine.registry import make_agents
from ..engine.runner import Match
from ..engine.seeding import stream
from .stats import Estimate, estimate

# The decisions by kind, in words: by the phase (Deer) or the action's kind (Football, and Deer's predator choices).
DEER_KINDS = {"knock": "knock or roll", "joker": "play a Joker", "joker_face": "the Joker's number",
              "choose_number": "the number to name", "group": "the groups to pass (Ruling 6)",
              "pass": "whom to pass a card to", "predator": "a predator card: keep, pass or discard",
              "predator_discard": "discard a predator (Discard face)", "rack": "which rack to play, or none",
              "rack_pawn": "whom a rack moves (and which way)", "rack_amount": "how far a rack moves a pawn",
              "draw": "draw from the Predator pile", "set_aside": "the cards to set aside (Ruling 19)",
              "block": "block with a set-aside card", "hand_over": "hand cards over",
              "bullseye_pawn": "whom the Bullseye moves", "bullseye_amount": "how far the Bullseye moves a pawn"}
FOOTBALL_KINDS = {"take": "the area to take", "check": "the order of the dice",
                  "pick": "the tracks to pick (or decline)",
                  "wild": "the track of a wild chain", "kick": "take a field goal", "no kick": "take a field goal"}


def decision_kind(state, legal) -> str:
    """The kind of a decision, in words (`DEER_KINDS`, `FOOTBALL_KINDS`)."""
    phase = getattr(state, "phase", None)
    if state.game.name == "football":
        kinds = {a.kind for a in legal}
        kind = "kick" if kinds & {"kick", "no kick"} else "pick" if "pick" in kinds else min(kinds)
        return FOOTBALL_KINDS.get(kind, kind)
    return DEER_KINDS.get(str(phase), str(phase))


def choice_label(state, action, seat: int) -> str:
    """A choice in words coarse enough to give advice by: what kind of move, and for a card passed or a pawn moved
    whom it goes to, for an area taken whether it is the fullest (the area Blitz Bach would score from, solo)."""
    if state.game.name == "football":
        if action.kind == "take":
            board = state.board
            fullest = max(board[t - 1] for t in range(1, 7) if t != state.defense_marker or not state.solo)
            return "the fullest area" if board[action.args[0] - 1] == fullest else "a smaller area"
        return "a field goal" if action.kind == "kick" else action.kind
    if action.kind in ("pass", "move"):
        target = action.args[1] if action.kind == "pass" else action.args[0]
        if action.kind == "move" and target == seat:
            return "own pawn " + ("back" if action.args[1] < 0 else "forward")
        others = [p for p in range(state.game.num_players) if p != seat]
        leader = min(others, key=lambda p: (state.pawns[p], p))
        closest = min(others, key=lambda p: (sum(state.hands[p]), state.pawns[p], p))
        who = ("the leading opponent" if target == leader else
               "the opponent with fewest cards" if target == closest else "another opponent")
        return who if action.kind == "pass" else f"{who}'s pawn " + ("back" if action.args[1] < 0 else "forward")
    return action.kind.replace("_", " ")


@dataclass(frozen=True)
class Difference:
    """One kind of decision: how often the search agent differs from greedy, and what the difference is worth."""

    kind: str
    decisions: int
    differ: Estimate  # the share of decisions where the two agents choose differently
    worth: Estimate | None  # the mean gain of the search agent's choice over greedy's where they differ
    switches: tuple[tuple[str, str, int], ...]  # (greedy's choice, the search agent's, how often), commonest first
    patterns: tuple[tuple[str, str, int, Estimate], ...]  # (greedy's, the search's `choice_label`, how often, worth)

    def __str__(self) -> str:
        worth = "no difference met" if self.worth is None else \
            f"worth {self.worth.mean:+.4f} (95% interval {self.worth.low:+.4f} to {self.worth.high:+.4f}) a time"
        return f"{self.kind}: {self.decisions} decisions, differs in {self.differ.percent()}; {worth}"


# One of the search agent's decisions with a choice: its kind, whether it differs from greedy's, the worth of the
# difference (None when they agree), greedy's choice and the search agent's, and their `choice_label`s.
Row = tuple[str, bool, "float | None", str, str, str, str]
CHOICES_FILE = Path(__file__).parent / "data" / "search-choices.json"


class ChoiceStudy(NamedTuple):
    """One stored measurement (`run_choices`): game, options, games, seed, worth rollouts per difference, and the agent
    compared with greedy play (the search agent, or another judged by the search agent's rollouts)."""

    game: str
    options: dict
    games: int
    seed: int
    worth_rollouts: int
    agent: str = "search"

    def settings(self) -> dict:
        """The settings as the file stores them (the agent named only when it is not the search agent)."""
        named = {} if self.agent == "search" else {"agent": self.agent}
        return {"game": self.game, "options": self.options, "games": self.games, "seed": self.seed,
                "worth_rollouts": self.worth_rollouts, **named}


CHOICE_STUDIES = {"deer": ChoiceStudy("deer", {"num_players": 4}, 100, 3001, 16),
                  "football": ChoiceStudy("football", {"num_players": 2}, 200, 3002, 16),
                  # where the Deer advisor walks the turn (`bots.deer_advisor.ADVISED_PHASES`): what it gains there
                  "advisor-knocking": ChoiceStudy("deer", {"num_players": 4, "knocking": True}, 60, 7001, 16,
                                                  "advisor")}


def game_rows(game_name: str, options: dict, seed: int, index: int, worth_rollouts: int = 16,
              simulations: int | None = None, agent_name: str = "search") -> list[Row]:
    """The search agent's decisions with a choice in game `index` (seed "seed/index", the agent in seat index mod n,
    greedy agents elsewhere), each with the greedy agent's choice on the same observation and, where they differ,
    the worth of the difference (`paired_gains` on fresh positions and dice). `agent_name` "perfect-info" asks the
    search agent that sees every hand instead: where knowing the hands changes the choice, and what that is worth;
    another agent (e.g. "advisor") is judged by the search agent's rollouts and values."""
    game = make_game(game_name, **options)
    seat = index % game.num_players
    names = ["greedy"] * game.num_players
    names[seat] = agent_name
    agents = make_agents(game, names)
    if simulations:
        agents[seat].simulations = simulations
    judge = make_agents(game, ["greedy"])[0]
    worth_judge = agents[seat] if hasattr(agents[seat], "rollout") else make_agents(game, ["search"])[0]
    match = Match(game, agents, (seed, index))
    state, rows = match.state.play_chance(match.chance_rng), cast(list[Row], [])
    while not state.is_terminal():
        player, legal = state.current_player(), state.legal_actions()
        agent = agents[player]
        chosen = agent.act(shown_to(agent, state, player), legal, match.seat_rngs[player])
        if player == seat and len(legal) > 1:
            greedy = judge.act(shown_to(judge, state, player), legal, stream(seed, index, 1))
            worth = None
            if chosen != greedy:
                gains = paired_gains(worth_judge, state, player, chosen, greedy, worth_rollouts,
                                     stream(seed, index, 2, len(rows)))
                worth = sum(gains) / len(gains)
            rows.append((decision_kind(state, legal), chosen != greedy, worth, str(greedy), str(chosen),
                         choice_label(state, greedy, seat), choice_label(state, chosen, seat)))
        state = state.play_decision(chosen, match.chance_rng)
    return rows


def differences_of(rows: Iterable[Row]) -> list[Difference]:
    """The decisions by kind, most frequent first (module docstring)."""
    by_kind: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        by_kind[row[0]].append(row)
    return sorted((summary(kind, kind_rows) for kind, kind_rows in by_kind.items()), key=lambda d: -d.decisions)


def differences(game_name: str, options: dict, games: int, seed: int, worth_rollouts: int = 16,
                simulations: int | None = None, agent_name: str = "search") -> list[Difference]:
    """Games 0 to games-1 of `game_rows`, by kind of decision (`differences_of`)."""
    return differences_of(row for index in range(games)
                          for row in game_rows(game_name, options, seed, index, worth_rollouts, simulations,
                                               agent_name))


def run_choices(workers: int | None = None, only: Iterable[str] | None = None) -> dict:
    """Every measurement of `CHOICE_STUDIES` (or those named in `only`), one game's rows a task on `workers`
    processes: {name: {"settings": ..., "games": [rows of game 0, ...]}}."""
    names = list(CHOICE_STUDIES if only is None else only)
    with ProcessPoolExecutor(workers) as pool:
        return {name: {"settings": study.settings(),
                       "games": list(pool.map(game_rows, *zip(*[(study.game, study.options, study.seed, i,
                                                                  study.worth_rollouts, None, study.agent)
                                                                 for i in range(study.games)])))}
                for name, study in ((name, CHOICE_STUDIES[name]) for name in names)}


def stored_choices(path: Path | str = CHOICES_FILE) -> dict:
    """The stored measurements as the file holds them (`save_choices`)."""
    limit = 20_000_000
    return parse_json(read_bytes(path, "search choices", SaveFileError, limit=limit, own=True),
                      f"search choices {path}", SaveFileError, limit=limit)


def load_choices(path: Path | str = CHOICES_FILE) -> dict[str, list[Difference]]:
    """The stored measurements (`save_choices`), by kind of decision for each game."""
    return {name: differences_of(tuple(row) for rows in study["games"] for row in rows)
            for name, study in stored_choices(path).items()}


def save_choices(path: Path | str = CHOICES_FILE, workers: int | None = None,
                 only: Iterable[str] | None = None) -> Path:
    """Measure `CHOICE_STUDIES` (`run_choices`; with `only`, those named, the file's others kept as stored) and write
    the file all at once."""
    measured = {**({} if only is None else stored_choices(path)), **run_choices(workers, only)}
    return write_atomic(path, json.dumps(measured, separators=(",", ":")).encode(), "search choices")


def paired_gains(agent: Any, state, seat: int, chosen, greedy, rollouts: int, rng) -> list[float]:
    """The search agent's choice minus greedy's, each pair played out from one fresh position drawn from the seat's
    observation with the same dice (the search agent's own rollouts and values)."""
    game = state.game
    draw = agent.positions(game, shown_to(agent, state, seat))
    players = agent.greedy(game)
    gains = []
    for _ in range(rollouts):
        position, dice = draw(rng), rng.getrandbits(64)
        gains.append(agent.rollout(position, chosen, seat, dice, players)
                     - agent.rollout(position, greedy, seat, dice, players))
    return gains


def summary(kind: str, rows: list[Row]) -> Difference:
    """One kind's `Difference`; the worth averages each differing decision's mean gain (one value a decision)."""
    differing = [row for row in rows if row[1]]
    switched = Counter((row[3], row[4]) for row in differing)
    patterns: dict[tuple[str, str], list[float]] = defaultdict(list)
    for row in differing:
        patterns[row[5], row[6]].append(cast(float, row[2]))
    by_pattern = sorted(((before, after, len(values), estimate(values))
                         for (before, after), values in patterns.items()), key=lambda p: -p[2])
    return Difference(kind, len(rows), estimate(float(row[1]) for row in rows),
                      estimate(cast(float, row[2]) for row in differing) if differing else None,
                      tuple((before, after, count) for (before, after), count in switched.most_common(5)),
                      tuple(by_pattern))


# Stored labels (`choice_label`: an action's kind where nothing finer applies) as a person says them.
LABEL_WORDS = {"joker": "play the Joker", "no joker": "keep the Joker", "no draw": "do not draw", "rack": "play a rack",
               "no rack": "play no rack", "no kick": "no field goal", "decline": "decline the pick"}


def in_words(label: str) -> str:
    """A stored choice label as a person says it (`LABEL_WORDS`)."""
    return LABEL_WORDS.get(label, label)


@dataclass(frozen=True)
class Advice:
    """One measured habit: at `kind` decisions, where greedy play would choose `instead`, choose `choose`."""

    kind: str
    instead: str
    choose: str
    times: int
    worth: Estimate


def habits(found: Iterable[Difference], least: int = 5) -> list[Advice]:
    """The switches of the search agent (by pattern) seen at least `least` times whose worth is really above 0
    (its 95% interval above 0), the largest total gain (times x worth) first; a switch within one pattern (another
    area that is also the fullest, say) is no advice a person can follow, and is left out."""
    kept = [Advice(d.kind, before, after, times, worth) for d in found for before, after, times, worth in d.patterns
            if times >= least and worth.low > 0 and before != after]
    return sorted(kept, key=lambda a: -a.times * a.worth.mean)
