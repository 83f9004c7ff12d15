"""deerbook's games as OpenSpiel Python games (`pyspiel.register_game`), one per registered game with a codec.

A deerbook game `name` is the OpenSpiel game `deerbook_<name>` (dashes become underscores): `players` is
OpenSpiel's player count, and every other option of type int, bool or str is a parameter under its deerbook name
(an option whose default is None takes "" for "not given"; an option that holds data, such as Football's `sheet`,
is not a parameter). Actions and chance outcomes are the game's own integer numbering (`GameInfo.codec`). An
OpenSpiel state holds the deerbook state now and the trail of moves to it, both immutable and shared, so a clone
is cheap.

What a seat is shown: its observation string is its deerbook observation (`State.observation`, the game's options
left out) as sorted JSON; its information state is that and a SHA-256 digest of everything it was shown before:
its own actions and each observation that changed, so two histories it cannot tell apart give the same string.
`resample_from_infostate` draws from the engine's belief sampling (`State.sample_belief`): the seat keeps its
information state, and the other seats' histories start at the sampled state.
"""
from __future__ import annotations

import hashlib
import itertools
import json
import operator
import random
from typing import Any, Callable, ClassVar, NamedTuple, cast

import pyspiel

from ..engine import CHANCE, TERMINAL, Action, State
from ..engine.codec import ActionCodec
from ..engine.errors import RuleViolation
from ..engine.caching import IdentityCache
from ..engine.protocol import ChanceTable
from ..engine.registry import GameInfo, game_info, game_names

MAX_GAME_LENGTH = 100_000  # decisions: a cap, not a bound the rules prove (random play stays under 2,000)
PREFIX = "deerbook_"
HIDDEN_KEYS = ("options",)  # the same at every state of a game: left out of what a seat is shown
_TYPES = (int, bool, str)
_UTILITY = {"general-sum": pyspiel.GameType.Utility.GENERAL_SUM,
            "constant-sum": pyspiel.GameType.Utility.CONSTANT_SUM,
            "zero-sum": pyspiel.GameType.Utility.ZERO_SUM}
_UTILITY_SUM = {"general-sum": None, "constant-sum": 1.0, "zero-sum": 0.0}  # deerbook's winners split 1.0


def short_name(name: str) -> str:
    """The OpenSpiel name of a deerbook game, e.g. "deer-cards" -> "deerbook_deer_cards"."""
    return PREFIX + name.replace("-", "_")


def parameters(info: GameInfo) -> dict[str, Any]:
    """The OpenSpiel parameters of a deerbook game and their defaults: `players`, then its other simple options."""
    spec = {"players": info.option_spec["num_players"].default}
    for option in info.options:
        if option.name != "num_players" and option.type in _TYPES:
            spec[option.name] = "" if option.default is None else option.default
    return spec


def deerbook_options(info: GameInfo, params: dict[str, Any]) -> dict[str, Any]:
    """The deerbook options of OpenSpiel parameters (a "" for an option whose default is None: not given)."""
    options = {"num_players": params["players"]}
    for key, value in params.items():
        if key != "players" and not (value == "" and info.option(key).default is None):
            options[key] = value
    return options


def game_type(info: GameInfo) -> pyspiel.GameType:
    """The OpenSpiel description of a deerbook game, from its registration."""
    imperfect = info.information == "imperfect"
    chance = info.chance == "explicit"
    return pyspiel.GameType(
        short_name=short_name(info.name), long_name=info.title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if imperfect
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=_UTILITY[info.utility], reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players, min_num_players=info.min_players,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification=parameters(info))


class DeerbookGame(pyspiel.Game):
    """A deerbook game seen by OpenSpiel: `game`, the deerbook game built (as `make_game` builds it) from the
    parameters, and the numbering of its actions. Each game registers its own subclass (`game_class`), which names
    its deerbook registration."""

    info: ClassVar[GameInfo]

    def __init__(self, params: dict[str, Any] | None = None):
        info = self.info
        params = {**parameters(info), **(params or {})}
        options = deerbook_options(info, params)
        info.check(options)
        self.game = info.factory(**options)
        self.numbering = Numbering(info.hook("codec")(self.game))
        codec = self.numbering.codec
        super().__init__(game_type(info), pyspiel.GameInfo(
            num_distinct_actions=codec.num_actions, max_chance_outcomes=codec.num_outcomes,
            num_players=self.game.num_players, min_utility=0.0, max_utility=1.0,
            utility_sum=_UTILITY_SUM[info.utility], max_game_length=MAX_GAME_LENGTH), params)

    def new_initial_state(self) -> "DeerbookState":
        """The state before the first move."""
        state = self.game.initial_state()
        return DeerbookState(self, Position(state, Trail(state=state)))

    def make_py_observer(self, iig_obs_type=None, params=None) -> "Observer":
        """The observation (no `perfect_recall`) or the information state of one seat."""
        if params:
            raise ValueError(f"deerbook observers take no parameters, got {params}")
        if iig_obs_type is not None and not (iig_obs_type.public_info
                                             and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError("deerbook games show a seat the public table and its own private information only")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(information_state if recall else observation_string)


class Numbered(NamedTuple):
    """The actions of one node by number: the numbers in OpenSpiel's order (at a chance node, each with its
    probability), and each number's action, the node's own object (so it is applied without looking it up)."""

    numbers: tuple[Any, ...]
    actions: dict[int, Action]


class Numbering:
    """A game's codec, and the numbers of each tuple of legal actions and each chance table the engine hands out
    again and again, worked out once. Shared by every state of the game (a copy is itself)."""

    MAX_KNOWN = 50_000  # chance outcome objects whose numbers are remembered (then it starts again)
    SHARED = 64  # a chance table with more outcomes than this is numbered once per table (a shared roll table)

    def __init__(self, codec: ActionCodec):
        self.codec = codec
        self.legal = IdentityCache(self._legal, maxsize=4096)
        self.chance = IdentityCache(self._chance, maxsize=256)
        # The number of each chance outcome object met, by id(): a card dealt is the same object deal after deal,
        # though its table is new. Each object is kept alive here, so its id is not reused while remembered.
        self._known: dict[int, int] = {}
        self._kept: list[Action] = []

    def __deepcopy__(self, memo: dict) -> "Numbering":
        return self

    def _legal(self, legal: tuple[Action, ...]) -> Numbered:
        actions = dict(zip(self.codec.action_ids(legal), legal))
        return Numbered(tuple(sorted(actions)), actions)

    def _chance(self, table: ChanceTable) -> Numbered:
        cumulative = table.cumulative
        weights = map(operator.sub, cumulative, (0, *cumulative))
        probabilities = map(operator.truediv, weights, itertools.repeat(cumulative[-1]))
        numbers = self.outcome_numbers(table.actions)
        return Numbered(tuple(zip(numbers, probabilities)), dict(zip(numbers, table.actions)))

    def outcome_numbers(self, outcomes: tuple[Action, ...]) -> list[int]:
        """The numbers of chance outcomes (the codec's, remembered by object)."""
        known = list(map(self._known.get, map(id, outcomes)))
        if None not in known:
            return cast(list[int], known)
        if len(self._kept) > self.MAX_KNOWN:
            self._known.clear()
            self._kept.clear()
        numbers = self.codec.outcome_ids(outcomes)
        self._known.update(zip(map(id, outcomes), numbers))
        self._kept.extend(outcomes)
        return numbers

    def at(self, position: "Position") -> Numbered:
        """The numbered actions (a seat) or outcomes (chance) of a position, worked out once per position."""
        if position.numbered is None:
            state = position.state
            if position.player != CHANCE:
                position.numbered = self.legal.of(state.legal_actions())
            else:
                table = state.chance_table()
                position.numbered = self.chance.of(table) if len(table.actions) > self.SHARED else self._chance(table)
        return position.numbered

    def decoded(self, player: int, number: int) -> Action:
        """The chance outcome (`player` is chance) or action numbered `number`, wherever it is legal."""
        return self.codec.outcome(number) if player == CHANCE else self.codec.action(number)


class Trail:
    """The moves to a position: the trail before it, who moved (a seat or chance) and the number played, and what
    each seat was shown on the way, worked out when asked. It keeps a state only at its start and where a seat's view
    was worked out; the states in between are played again from the nearest one kept, so a long game holds few
    states alive. Immutable but for those caches, so clones share it."""

    __slots__ = ("parent", "actor", "action", "shown", "state")

    def __init__(self, parent: "Trail | None" = None, actor: int = CHANCE, action: int = -1,
                 state: State | None = None):
        self.parent, self.actor, self.action, self.state = parent, actor, action, state
        self.shown: dict[int, tuple[str, bytes]] | None = None  # seat -> (observation text, digest of all shown)

    def __deepcopy__(self, memo: dict) -> "Trail":
        return self  # OpenSpiel's clone deep-copies a Python state's attributes

    def __reduce__(self):
        raise TypeError("a deerbook state is saved as JSON (deerbook.engine.saving), never pickled")

    def seen(self, seat: int, state: State, numbering: "Numbering") -> tuple[str, bytes]:
        """What `seat` is shown here, where the state is `state`: its observation text, and a digest of everything
        shown to it so far (worked out once; the states before, where not kept, played again)."""
        if self.shown is not None and seat in self.shown:
            return self.shown[seat]
        self.state = state  # kept: a view asked further on is played from here
        unseen: list[Trail] = []  # this trail and those before it whose view is not known yet, newest first
        step: Trail | None = self
        while step is not None and not (step.shown and seat in step.shown):
            unseen.append(step)
            step = step.parent
        oldest = unseen[-1]
        here = oldest.replayed(numbering)
        for later in reversed(unseen):
            if later is not oldest:
                here = later.after(here, numbering)
            later._show(seat, here)
        return self.shown[seat]  # type: ignore[index]

    def replayed(self, numbering: "Numbering") -> State:
        """The state here: kept, or played again from the nearest state kept before it (the start keeps one)."""
        moves, step = [], self
        while step.state is None:
            moves.append(step)
            step = step.parent  # type: ignore[assignment]
        state = step.state
        for move in reversed(moves):
            state = move.after(state, numbering)
        return state

    def after(self, before: State, numbering: "Numbering") -> State:
        """The state here, `before` being the state of the trail before: kept, or played again."""
        return self.state if self.state is not None else before.apply(numbering.decoded(self.actor, self.action))

    def _show(self, seat: int, state: State) -> None:
        """Work out what `seat` is shown here, its view of the trail before being known."""
        text = shown_text(state, seat)
        if self.parent is None:
            shown = text, _digest(b"", text)
        else:
            before, digest = self.parent.shown[seat]  # type: ignore[index]
            news = (f"own action {self.action}\n" if self.actor == seat else "") + (text if text != before else "")
            shown = text, _digest(digest, news) if news else digest
        if self.shown is None:
            self.shown = {}
        self.shown[seat] = shown


class Position:
    """What an OpenSpiel state holds: the deerbook state now, whose move it is, its numbered actions (once asked),
    and the trail to it. Immutable but for that cache, so clones share it."""

    __slots__ = ("state", "player", "trail", "numbered")

    def __init__(self, state: State, trail: Trail):
        self.state, self.trail = state, trail
        self.player = state.current_player()  # asked several times a step
        self.numbered: Numbered | None = None  # its actions or chance outcomes by number (`Numbering.at`)

    def __deepcopy__(self, memo: dict) -> "Position":
        return self  # OpenSpiel's clone deep-copies a Python state's attributes

    def __reduce__(self):
        raise TypeError("a deerbook state is saved as JSON (deerbook.engine.saving), never pickled")

    def seen(self, seat: int, numbering: "Numbering") -> tuple[str, bytes]:
        """What `seat` is shown here (`Trail.seen`)."""
        return self.trail.seen(seat, self.state, numbering)


def _digest(before: bytes, news: str) -> bytes:
    return hashlib.sha256(before + news.encode()).digest()


def shown_text(state: State, seat: int) -> str:
    """The seat's observation as sorted JSON, the game's options left out."""
    shown = {key: value for key, value in state.observation(seat).items() if key not in HIDDEN_KEYS}
    return json.dumps(shown, sort_keys=True, separators=(",", ":"))


def observation_string(state: "DeerbookState", seat: int) -> str:
    """What `seat` sees now."""
    return state.seen(seat)[0]


def information_state(state: "DeerbookState", seat: int) -> str:
    """What `seat` sees now, and the digest of everything it was shown on the way."""
    text, digest = state.seen(seat)
    return f"{text}\nhistory {digest.hex()}"


class Observer:
    """OpenSpiel's Python observer interface: strings only (no tensors)."""

    tensor = None

    def __init__(self, text: Callable[["DeerbookState", int], str]):
        self.text = text
        self.dict: dict[str, Any] = {}

    def set_from(self, state: "DeerbookState", player: int) -> None:
        """No tensor to fill."""

    def string_from(self, state: "DeerbookState", player: int) -> str:
        """What `player` is shown at `state`."""
        return self.text(state, player)


class DeerbookState(pyspiel.State):
    """An OpenSpiel state over a deerbook state: integers in, the engine's own rules underneath.

    `legal_actions`, `is_chance_node` and `current_player` answer a Python caller here, without the round trip
    through OpenSpiel's C++ (which reaches `_legal_actions`): the same answers, faster."""

    def __init__(self, game: DeerbookGame, position: Position):
        super().__init__(game)
        # OpenSpiel's clone deep-copies each attribute: both copy as themselves.
        self.numbering, self.position = game.numbering, position

    @property
    def state(self) -> State:
        """The deerbook state now."""
        return self.position.state

    def seen(self, seat: int) -> tuple[str, bytes]:
        """What `seat` is shown now: its observation text and the digest of all it was shown (`Trail.seen`)."""
        return self.position.seen(seat, self.numbering)

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance or terminal player."""
        player = self.position.player
        return pyspiel.PlayerId.TERMINAL if player == TERMINAL else player

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.position.player == TERMINAL

    def is_chance_node(self) -> bool:
        """Whether chance moves next."""
        return self.position.player == CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The numbers of the legal actions of `player` (default: the one to move; none for another seat), or of
        the chance outcomes at a chance node."""
        here = self.position
        if here.player == TERMINAL or (player is not None and player != here.player and here.player != CHANCE):
            return []
        numbered = self.numbering.at(here).numbers
        return [number for number, _ in numbered] if here.player == CHANCE else list(numbered)

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.numbering.at(self.position).numbers)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each chance outcome's number and probability (a new list: OpenSpiel's MCTS shuffles it)."""
        return list(self.numbering.at(self.position).numbers) if self.position.player == CHANCE else []

    def _apply_action(self, number: int) -> None:
        here = self.position
        action = (here.numbered or self.numbering.at(here)).actions.get(number)
        if action is None:  # not one of this node's: RuleViolation naming the rule (or the numbering) it breaks
            action = here.state.checked(self.numbering.decoded(here.player, number))
        # The node's own action or outcome: legal, so applied as the engine's own chance loop applies one.
        self.position = Position(here.state._apply(action), Trail(here.trail, here.player, number))

    def _action_to_string(self, player: int, number: int) -> str:
        action = self.numbering.decoded(player, number)
        try:
            return str(self.position.state.checked(action))
        except RuleViolation:
            return str(action)  # not legal here: its kind and arguments

    def returns(self) -> list[float]:
        """Each seat's result: winners split 1.0 at the end; 0 before."""
        return list(self.position.state.returns())

    def resample(self, player: int, rng: random.Random) -> "DeerbookState":
        """A state `player` cannot tell from this one, drawn by the engine's belief sampling (`State.sample_belief`):
        `player` keeps its information state; the other seats' histories start at the sampled state."""
        sampled = self.position.state.sample_belief(player, rng)
        shown = self.seen(player)
        if shown_text(sampled, player) != shown[0]:
            raise RuleViolation("Belief sampling", f"the sampled state shows player {player} something else")
        trail = Trail(state=sampled)
        trail.shown = {player: shown}
        return DeerbookState(self.get_game(), Position(sampled, trail))

    def resample_from_infostate(self, player_id: int, probability_sampler) -> "DeerbookState":
        """OpenSpiel's name for `resample`, with a stream seeded from one draw of OpenSpiel's sampler."""
        return self.resample(player_id, random.Random(int(probability_sampler() * 2 ** 53)))

    def __str__(self) -> str:
        return str(self.position.state)


def register_all() -> list[str]:
    """Register every deerbook game that numbers its actions with OpenSpiel (once); their OpenSpiel names."""
    names = []
    for name in game_names():
        info = game_info(name)
        if info.codec is None:
            continue
        if short_name(name) not in pyspiel.registered_names():
            pyspiel.register_game(game_type(info), game_class(info))
        names.append(short_name(name))
    return names


def game_class(info: GameInfo) -> type[DeerbookGame]:
    """The OpenSpiel game class of a deerbook game. OpenSpiel's registry keeps its creator until after the
    interpreter has shut down, then lets go of it: a class (as OpenSpiel's own Python games register) outlives
    that, a plain function would be freed then and crash the exit."""
    return type(f"DeerbookGame_{short_name(info.name)}", (DeerbookGame,), {"info": info})


