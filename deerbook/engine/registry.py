"""Games and agents by name: each game is one `GameInfo` record, each agent one `AgentInfo` record, found
through the `deerbook.games` and `deerbook.agents` entry-point groups.

A package declares its games (and any agents of its own) in its metadata, e.g. in `pyproject.toml`::

    [project.entry-points."deerbook.games"]
    my-game = "my_package.registration:MY_GAME"     # a GameInfo, or a sequence of them
    [project.entry-points."deerbook.agents"]
    my-bot = "my_package.registration:MY_BOT"       # an AgentInfo, or a sequence of them

and every part of deerbook (the command line, the tables, the balance study, the conformance tests, the
benchmarks) finds them with no edit to deerbook. deerbook declares its own the same way (`BUILTIN`); a
source checkout whose metadata is not installed still gets them, because `BUILTIN` is always loaded first.
An entry point that fails to load in any way (an exception, even `sys.exit` or KeyboardInterrupt raised while it
is imported) is skipped and kept in `load_errors()` (the command line prints one warning line for it; asking for a
game by a name nobody registered lists them), so one broken package never stops the other games; a hook or an
agent's factory that fails to import is one DeerbookError naming it. `register(info)` and `register_agent(info)`
add one at run time (a notebook, a test).

Each game carries its option spec: `make_game` checks every option's name, type and allowed values
against it before building, the same way for every game, and the command line reads option values and
writes its help from it. Hooks (odds, hints, view) are import paths, imported only when asked for, so
the registry and the rules engines never import plotting or widget code.
"""
from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Mapping, Sequence, cast

from .errors import DeerbookError, OptionError
from .options import Option
from .plugins import entry_points_of, failure, load_entry_points
from .protocol import Game

GROUP = "deerbook.games"  # the entry-point group games are declared in
AGENT_GROUP = "deerbook.agents"  # the entry-point group agents are declared in
HOOKS = ("odds", "hints", "view", "log", "codec")  # the GameInfo fields that name an import path
#: deerbook's own registrations by group (pyproject.toml declares these entry points too)
BUILTIN = {GROUP: ("deerbook.deer.registration:GAMES", "deerbook.football.registration:GAMES"),
           AGENT_GROUP: ("deerbook.bots.catalogue:AGENTS",)}
INFORMATION = ("perfect", "imperfect")  # what a seat may see: everything, or not other seats' secrets
CHANCE_KINDS = ("explicit", "none")  # chance nodes with listed outcomes, or a deterministic game
UTILITIES = ("general-sum", "constant-sum", "zero-sum")  # how the returns of a finished game add up
STRENGTHS = ("random", "basic", "good", "strong")  # an agent's strength in words, weakest first
RESERVED_AGENT_NAMES = ("human",)  # a table's seat for a person: no agent may take the name

@dataclass(frozen=True)
class Benchmark:
    """One benchmark case: options, the agent in every seat, and targets (CPU ms per game, steps per CPU second)."""

    options: dict[str, Any] = field(default_factory=dict)
    agent: str = "random"
    target_ms: float | None = None  # at most this many CPU milliseconds per game
    target_steps: float | None = None  # at least this many engine steps per CPU second


@dataclass(frozen=True)
class GameInfo:
    """Everything deerbook knows about one game besides its rules, registered once (like OpenSpiel's GameType).

    `options` must include an integer `num_players` (its range gives the player counts). The hooks are
    import paths, "module" or "module:attribute", imported only when used; a game may leave any out.
    `configs` are the option sets the conformance suite runs (default: the default options);
    `benchmarks` the cases `benchmarks/run.py` measures (default: random play at the default options).
    `information`, `chance` and `utility` describe the game for a generic agent (after OpenSpiel's GameType).
    Agents are registered on their own (`AgentInfo`), each naming the games it plays.
    """

    name: str
    title: str
    factory: Callable[..., Game]
    options: Sequence[Option]
    odds: str | None = None  # module with odds_report(game_name) -> JSON-able dict and format_odds(report) -> str
    hints: str | None = None  # "module:function", (state, player) -> [Hint, ...] best first (deerbook.play.hints)
    view: str | None = None  # module with render_svg, render_text, headline, result_text, PHASE_WORDS
    # (deerbook.play.views)
    log: str | None = None  # module with step_narration(before, action, after) and turn_of(state) (deerbook.play.log);
    # default: the view module
    codec: str | None = None  # "module:function", game -> engine.codec.ActionCodec: its actions as integers
    configs: Sequence[dict[str, Any]] = ({},)
    benchmarks: Sequence[Benchmark] = (Benchmark(),)
    information: str = "perfect"
    chance: str = "explicit"
    utility: str = "general-sum"

    def __post_init__(self) -> None:
        for name, value in (("options", self.options), ("configs", self.configs), ("benchmarks", self.benchmarks)):
            object.__setattr__(self, name, tuple(value))  # frozen all the way down
        check_name("game", self.name)
        for name, allowed in (("information", INFORMATION), ("chance", CHANCE_KINDS), ("utility", UTILITIES)):
            if getattr(self, name) not in allowed:
                raise DeerbookError(f"game {self.name!r}: {name} must be one of {', '.join(allowed)}, "
                                    f"got {getattr(self, name)!r}")
        players = self.option_spec.get("num_players")
        if players is None or players.type is not int or players.low is None or players.high is None:
            raise DeerbookError(f"game {self.name!r} needs an integer option num_players with low and high")
        for kind in HOOKS:
            path = getattr(self, kind)
            if path is not None and not (isinstance(path, str) and path.partition(":")[0]):
                raise DeerbookError(f"game {self.name!r}: its {kind} hook must be an import path "
                                    f"\"module\" or \"module:name\", got {path!r}")
        for options in [*self.configs, *(case.options for case in self.benchmarks)]:
            self.check(options)

    @property
    def option_spec(self) -> dict[str, Option]:
        """The options by name."""
        return {option.name: option for option in self.options}

    @property
    def min_players(self) -> int:
        """The fewest players the game takes."""
        return cast(int, self.option_spec["num_players"].low)

    @property
    def max_players(self) -> int:
        """The most players the game takes."""
        return cast(int, self.option_spec["num_players"].high)

    def option(self, key: str) -> Option:
        """The spec of option `key`; OptionError listing the valid ones if there is none."""
        spec = self.option_spec
        if key not in spec:
            raise OptionError(key, f"{self.name} has no option {key!r}; its options are {', '.join(spec)}")
        return spec[key]

    def check(self, options: dict[str, Any]) -> None:
        """Raise OptionError naming the first unknown or badly typed option (with the valid ones)."""
        for key, value in options.items():
            self.option(key).check(self.name, value)

    def hook(self, kind: str) -> Any:
        """The imported hook `kind` (one of HOOKS; the log defaults to the view module), or None if not given."""
        if kind not in HOOKS:
            raise ValueError(f"a hook is one of {', '.join(HOOKS)}, got {kind!r}")
        path = getattr(self, kind) or (self.view if kind == "log" else None)
        try:
            return None if path is None else load_path(path)
        except (Exception, SystemExit) as exc:  # a plugin's module may fail to import in any way
            raise DeerbookError(f"game {self.name!r}: its {kind} hook {path!r} cannot be loaded: "
                                f"{failure(exc)}") from exc


def check_name(kind: str, name: Any) -> None:
    """Raise DeerbookError unless `name` is one lower-case word (dashes allowed)."""
    if not name or not isinstance(name, str) or name != name.strip().lower() or " " in name:
        raise DeerbookError(f"a {kind} name is one lower-case word (dashes allowed), got {name!r}")


@dataclass(frozen=True)
class AgentInfo:
    """One agent, registered once: its name, what it does in one line, its strength, and how to make it.

    `factory` is an import path ("module:name") to a class or function that takes no arguments and returns an
    agent (`engine.agents.Agent`), imported only when the agent plays. One path makes a generic agent, which
    reads only the protocol and plays every game whose `GameInfo.information` is in `information`; a mapping
    from game names to paths makes an agent of those games only, one implementation each."""

    name: str
    description: str  # one line, e.g. "takes the move that gains the most right now"
    strength: str  # one of STRENGTHS
    factory: str | Mapping[str, str]
    information: Sequence[str] = INFORMATION
    cheats: bool = False  # it sees every hand (`engine.agents.shown_to`): for studies only, never seated at a table

    def __post_init__(self) -> None:
        check_name("agent", self.name)
        if self.name in RESERVED_AGENT_NAMES:
            raise DeerbookError(f"agent name {self.name!r} is a table's seat for a person; register the agent under "
                                "another name")
        paths = [self.factory] if isinstance(self.factory, str) else list(dict(self.factory).values())
        object.__setattr__(self, "information", tuple(self.information))
        if not isinstance(self.factory, str):
            object.__setattr__(self, "factory", tuple(dict(self.factory).items()))  # hashable, frozen
        if self.strength not in STRENGTHS:
            raise DeerbookError(f"agent {self.name!r}: strength must be one of {', '.join(STRENGTHS)}, "
                                f"got {self.strength!r}")
        if not paths or not all(isinstance(path, str) and path.partition(":")[2] for path in paths):
            raise DeerbookError(f"agent {self.name!r}: a factory is an import path \"module:name\" (or one per game), "
                                f"got {self.factory!r}")

    def plays(self, game: GameInfo) -> bool:
        """Whether this agent plays `game`."""
        if isinstance(self.factory, str):
            return game.information in self.information
        return game.name in dict(self.factory)

    def load(self, game: str) -> Callable[[], Any]:
        """The factory that makes this agent for the game named `game` (imported now)."""
        path = self.factory if isinstance(self.factory, str) else dict(self.factory)[game]
        try:
            return cast(Callable[[], Any], load_path(path))
        except (Exception, SystemExit) as exc:  # a plugin's module may fail to import in any way
            raise DeerbookError(f"agent {self.name!r}: its factory {path!r} cannot be loaded: "
                                f"{failure(exc)}") from exc

    @property
    def summary(self) -> str:
        """The agent in words, e.g. "greedy (basic): takes the move that gains the most right now"."""
        return f"{self.name} ({self.strength}{', cheats' * self.cheats}): {self.description}"


def load_path(path: str) -> Any:
    """The module "package.module", or the attribute "package.module:name" of it."""
    module, _, attribute = path.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


_GAMES: dict[str, GameInfo] = {}
_AGENTS: dict[str, AgentInfo] = {}
_LOAD_ERRORS: dict[str, str] = {}  # "name = value" of each entry point that failed -> why
_discovered = False


def register(info: GameInfo) -> None:
    """Make `info.factory(**options)` buildable as `make_game(info.name, ...)`; the same record twice is no change.

    The installed games are discovered first, so their names are never taken by a later registration."""
    discover()
    _add(_GAMES, GameInfo, info)


def register_agent(info: AgentInfo) -> None:
    """Add an agent to the catalogue; the same record twice is no change (installed agents come first)."""
    discover()
    _add(_AGENTS, AgentInfo, info)


def _add(table: dict[str, Any], kind: type[GameInfo | AgentInfo], info: object) -> None:
    if not isinstance(info, kind):
        raise DeerbookError(f"expected a {kind.__name__}, got {type(info).__name__}")
    known = table.get(info.name)
    if known is not None and known != info:
        what, holder = ("game", known.title) if isinstance(known, GameInfo) else ("agent", known.description)
        raise DeerbookError(f"{what} name {info.name!r} is taken (by {holder}); register under another name")
    table[info.name] = info


def discover() -> None:
    """Register every game and agent of the entry-point groups, once; an entry point that fails is noted in
    load_errors() (all of its records, or none, are registered: `engine.plugins`)."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    load_entry_points([(entry_points_of(GROUP, BUILTIN[GROUP]), _GAMES, partial(_add, _GAMES, GameInfo), GameInfo),
                       (entry_points_of(AGENT_GROUP, BUILTIN[AGENT_GROUP]), _AGENTS, partial(_add, _AGENTS, AgentInfo),
                        AgentInfo)], _LOAD_ERRORS)


def load_errors() -> dict[str, str]:
    """Each entry point of the group that failed to load ("name = value") and why."""
    discover()
    return dict(_LOAD_ERRORS)


def game_names() -> list[str]:
    """The names of every registered game, sorted."""
    discover()
    return sorted(_GAMES)


def game_info(name: str) -> GameInfo:
    """The registration of a game; DeerbookError listing the known games (and broken entry points) if none."""
    discover()
    if name not in _GAMES:
        broken = "".join(f"; entry point {entry} failed to load ({why})" for entry, why in _LOAD_ERRORS.items())
        raise DeerbookError(f"unknown game {name!r}; known games: {', '.join(sorted(_GAMES))}{broken}")
    return _GAMES[name]


def game_hook(name: str, kind: str) -> Any:
    """The hook `kind` of game `name` (see GameInfo.hook), or None when no registered game has that name."""
    return game_info(name).hook(kind) if name in game_names() else None


def make_game(name: str, **options: Any) -> Game:
    """Build a registered game, e.g. make_game("deer", num_players=4), after checking its options."""
    info = game_info(name)
    info.check(options)
    return info.factory(**options)


_BUILT: dict[tuple[str, str], Game] = {}
MAX_BUILT = 64  # games rebuilt from observations: few distinct ones in any run


def game_of(name: str, options: dict[str, Any]) -> Game:
    """`make_game(name, **options)` built once per distinct options (an agent rebuilding the game its
    observation names, move after move); the one cache of games built from options."""
    key = (name, json.dumps(options, sort_keys=True))
    game = _BUILT.get(key)
    if game is None:
        if len(_BUILT) >= MAX_BUILT:
            _BUILT.clear()
        game = _BUILT[key] = make_game(name, **options)
    return game


def agents_for(game: str) -> dict[str, AgentInfo]:
    """The agents that play the registered game `game`, by name (the catalogue's order)."""
    info = game_info(game)
    return {name: agent for name, agent in _AGENTS.items() if agent.plays(info)}


def table_agents(game: str) -> dict[str, AgentInfo]:
    """The agents a table may seat for `game`: those of `agents_for` that play by the rules (no cheating agent)."""
    return {name: agent for name, agent in agents_for(game).items() if not agent.cheats}


def agent_names() -> list[str]:
    """Every registered agent's name, in the catalogue's order."""
    discover()
    return list(_AGENTS)


def agent_info(name: str) -> AgentInfo:
    """The registration of an agent; DeerbookError listing the known agents if none."""
    discover()
    if name not in _AGENTS:
        raise DeerbookError(f"unknown agent {name!r}; known agents: {', '.join(_AGENTS)}")
    return _AGENTS[name]


def agent_factories(game: Game, names: Sequence[str]) -> tuple[Callable[[], Any], ...]:
    """The factory of each agent named, for `game`; ValueError naming the agents it has for an unknown name."""
    known = agents_for(game.name)
    unknown = [name for name in dict.fromkeys(names) if name not in known]
    if unknown:
        raise ValueError(f"unknown agent {', '.join(map(repr, unknown))}; {game.name} has {', '.join(known)}")
    loaded = {name: known[name].load(game.name) for name in set(names)}
    return tuple(loaded[name] for name in names)


def make_agents(game: Game, names: Sequence[str]) -> list[Any]:
    """A new agent for each name, to play `game` (see `agent_factories`)."""
    return [factory() for factory in agent_factories(game, names)]
