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
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any

from ..engine import make_game
from ..engine.agents import shown_to
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
FOOTBALL_KINDS = {"take": "the area to take", "check": "the order of the dice", "pick": "the tracks to pick",
                  "wild": "the track of a wild chain", "kick": "take a field goal", "no kick": "take a field goal"}


def decision_kind(state, legal) -> str:
    """The kind of a decision, in words (`DEER_KINDS`, `FOOTBALL_KINDS`)."""
    phase = getattr(state, "phase", None)
    if state.game.name == "football":
        kinds = {a.kind for a in legal}
        kind = "kick" if kinds & {"kick", "no kick"} else next(iter(sorted(kinds)))
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


def differences(game_name: str, options: dict, games: int, seed: int, worth_rollouts: int = 16,
                simulations: int | None = None, agent_name: str = "search") -> list[Difference]:
    """Seeded games (game i from seed "seed/i", the search agent in seat i mod n, greedy agents elsewhere); the
    decisions by kind, most frequent first (module docstring). `agent_name` "perfect-info" asks the search agent
    that sees every hand instead: where knowing the hands changes the choice, and what that is worth."""
    game = make_game(game_name, **options)
    seen: dict[str, list[float]] = defaultdict(list)
    worth: dict[str, list[float]] = defaultdict(list)
    switches: dict[str, Counter] = defaultdict(Counter)
    patterns: dict[str, dict[tuple[str, str], list[float]]] = defaultdict(lambda: defaultdict(list))
    for index in range(games):
        seat = index % game.num_players
        names = ["greedy"] * game.num_players
        names[seat] = agent_name
        agents = make_agents(game, names)
        if simulations:
            agents[seat].simulations = simulations
        judge = make_agents(game, ["greedy"])[0]
        match = Match(game, agents, (seed, index))
        state = match.state.play_chance(match.chance_rng)
        while not state.is_terminal():
            player, legal = state.current_player(), state.legal_actions()
            agent = agents[player]
            chosen = agent.act(shown_to(agent, state, player), legal, match.seat_rngs[player])
            if player == seat and len(legal) > 1:
                kind = decision_kind(state, legal)
                greedy = judge.act(shown_to(judge, state, player), legal, stream(seed, index, 1))
                seen[kind].append(float(chosen != greedy))
                if chosen != greedy:
                    switches[kind][(str(greedy), str(chosen))] += 1
                    gains = paired_gains(agent, state, player, chosen, greedy, worth_rollouts,
                                         stream(seed, index, 2, len(seen[kind])))
                    worth[kind].append(sum(gains) / len(gains))
                    labels = choice_label(state, greedy, seat), choice_label(state, chosen, seat)
                    patterns[kind][labels].append(worth[kind][-1])
            state = state.play_decision(chosen, match.chance_rng)
    return sorted((summary(kind, seen[kind], worth.get(kind), switches[kind], patterns[kind]) for kind in seen),
                  key=lambda d: -d.decisions)


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


def summary(kind: str, differs: list[float], gains: list[float] | None, switched: Counter,
            patterns: dict[tuple[str, str], list[float]]) -> Difference:
    """One kind's `Difference`; the worth averages each differing decision's mean gain (one value a decision)."""
    by_pattern = sorted(((before, after, len(values), estimate(values))
                         for (before, after), values in patterns.items()), key=lambda p: -p[2])
    return Difference(kind, len(differs), estimate(differs), estimate(gains) if gains else None,
                      tuple((before, after, count) for (before, after), count in switched.most_common(5)),
                      tuple(by_pattern))
