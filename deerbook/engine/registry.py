"""Games by name: each game is one `GameInfo` record, found through the `deerbook.games` entry-point group.

A package declares its games in its own metadata, e.g. in `pyproject.toml`::

    [project.entry-points."deerbook.games"]
    my-game = "my_package.registration:MY_GAME"     # a GameInfo, or a sequence of them

and every part of deerbook (the command line, the widgets, the conformance tests, the benchmarks) finds
them with no edit to deerbook. deerbook declares its own games the same way (`BUILTIN`); a source
checkout whose metadata is not installed still gets them, because `BUILTIN` is always loaded first.
An entry point that fails to load is skipped and kept in `load_errors()` (the command line prints one
warning line for it; asking for a game by a name nobody registered lists them), so one broken package
never stops the other games. `register(info)` adds a game at run time (a notebook, a test).

Each game carries its option spec: `make_game` checks every option's name, type and allowed values
against it before building, the same way for every game, and the command line reads option values and
writes its help from it. Hooks (odds, hints, view) are import paths, imported only when asked for, so
the registry and the rules engines never import plotting or widget code.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any, Callable, Sequence, cast

from .errors import DeerbookError, OptionError
from .protocol import Game

GROUP = "deerbook.games"  # the entry-point group games are declared in
HOOKS = ("odds", "hints", "view", "events")  # the GameInfo fields that name an import path
BUILTIN = "deerbook.games:GAMES"  # deerbook's own games (pyproject.toml declares this entry point too)

TRUE_WORDS, FALSE_WORDS = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


@dataclass(frozen=True)
class Option:
    """One game option: its type (int, bool or str), default, allowed values or range, and a one-line help."""

    name: str
    type: type[Any]
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    path: bool = False  # str options only: the path of an existing file is allowed too
    data: bool = False  # the component data itself is allowed too (a dict, as saved games embed it; the game checks it)

    def allowed(self) -> str:
        """The allowed values in words, e.g. "an integer from 2 to 6"."""
        if self.choices:
            words = [str(c).lower() if isinstance(c, bool) else str(c) for c in self.choices]
            words += ["the path of a JSON file"] if self.path else []
            return " or ".join(filter(None, (", ".join(words[:-1]), words[-1])))
        if self.type is int:
            return f"an integer from {self.low} to {self.high}"
        if self.type is bool:
            return "true or false"
        return "the path of a JSON file" if self.path else "a string"

    def check(self, game: str, value: Any) -> None:
        """Raise OptionError unless `value` is allowed (a bool is never an int here)."""
        if not (value is None and self.default is None or self._fits(value)):
            raise self.error(game, value)

    def error(self, game: str, value: Any) -> OptionError:
        """The OptionError for a value that is not allowed, saying what is."""
        message = f"{game} option {self.name} ({self.help}) must be {self.allowed()}, got {value!r}"
        return OptionError(self.name, message)

    def _fits(self, value: Any) -> bool:
        if self.data and isinstance(value, dict):
            return True
        if not isinstance(value, self.type) or (isinstance(value, bool) and self.type is not bool):
            return False
        if self.choices or self.path:
            return value in self.choices or (self.path and Path(value).is_file())
        return self.type is not int or cast(int, self.low) <= value <= cast(int, self.high)  # int options set both

    def parse(self, game: str, text: str) -> Any:
        """The value of a command-line word (`true`/`false` for a bool, digits for an int), not yet checked."""
        if self.type is bool and text.lower() in TRUE_WORDS + FALSE_WORDS:
            value: Any = text.lower() in TRUE_WORDS
        elif self.type is int and text.strip().lstrip("+-").isdigit():
            value = int(text)
        elif self.type is str:
            value = text
        else:
            raise self.error(game, text)
        return value


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
    Agents are not listed here: they come from the game itself (`Game.agents()`).
    """

    name: str
    title: str
    factory: Callable[..., Game]
    options: Sequence[Option]
    odds: str | None = None  # module with odds_report(game_name) -> JSON-able dict and format_odds(report) -> str
    hints: str | None = None  # "module:function", (state, player) -> [Hint, ...] best first (deerbook.widgets.hints)
    view: str | None = None  # module with render_svg, render_text, headline, result_text, PHASE_WORDS (deerbook.views)
    events: str | None = None  # module with step_event(before, action, after) -> Event; default: the view module
    configs: Sequence[dict[str, Any]] = ({},)
    benchmarks: Sequence[Benchmark] = (Benchmark(),)

    def __post_init__(self) -> None:
        for name, value in (("options", self.options), ("configs", self.configs), ("benchmarks", self.benchmarks)):
            object.__setattr__(self, name, tuple(value))  # frozen all the way down
        if not self.name or not isinstance(self.name, str) or self.name != self.name.strip().lower() \
                or " " in self.name:
            raise DeerbookError(f"a game name is one lower-case word (dashes allowed), got {self.name!r}")
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
        """The imported hook `kind` (one of HOOKS; events default to the view module), or None if not given."""
        if kind not in HOOKS:
            raise ValueError(f"a hook is one of {', '.join(HOOKS)}, got {kind!r}")
        path = getattr(self, kind) or (self.view if kind == "events" else None)
        try:
            return None if path is None else load_path(path)
        except (ImportError, AttributeError) as exc:
            raise DeerbookError(f"game {self.name!r}: its {kind} hook {path!r} cannot be loaded: {exc}") from exc


def load_path(path: str) -> Any:
    """The module "package.module", or the attribute "package.module:name" of it."""
    module, _, attribute = path.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


_GAMES: dict[str, GameInfo] = {}
_LOAD_ERRORS: dict[str, str] = {}  # "name = value" of each entry point that failed -> why
_discovered = False


def register(info: GameInfo) -> None:
    """Make `info.factory(**options)` buildable as `make_game(info.name, ...)`; the same record twice is no change.

    The installed games are discovered first, so their names are never taken by a later registration."""
    discover()
    if not isinstance(info, GameInfo):
        raise DeerbookError(f"register takes a GameInfo, got {type(info).__name__}")
    known = _GAMES.get(info.name)
    if known is not None and known != info:
        raise DeerbookError(f"game name {info.name!r} is taken (by {known.title}); register under another name")
    _GAMES[info.name] = info


def discover() -> None:
    """Register every game of the entry-point group, once; an entry point that fails is noted in load_errors()."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    for entry in _entry_points():
        before = dict(_GAMES)
        try:
            for info in _game_infos(entry.load()):
                register(info)
        except Exception as exc:  # a package's import may fail in any way: note it, keep the other games
            _LOAD_ERRORS[f"{entry.name} = {entry.value}"] = f"{type(exc).__name__}: {exc}"
            _GAMES.clear()
            _GAMES.update(before)  # all the games of an entry point, or none


def _entry_points() -> list[EntryPoint]:
    """The group's entry points, deerbook's own first (declared here too, for a checkout without metadata)."""
    found = [entry for entry in entry_points(group=GROUP) if entry.value != BUILTIN]
    return [EntryPoint("deerbook", BUILTIN, GROUP), *found]


def _game_infos(loaded: Any) -> list[GameInfo]:
    infos = [loaded] if isinstance(loaded, GameInfo) else list(loaded) if isinstance(loaded, (list, tuple)) else []
    if not infos or not all(isinstance(info, GameInfo) for info in infos):
        raise DeerbookError(f"expected a GameInfo or a list of them, got {type(loaded).__name__}")
    return infos


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


def game_options(name: str) -> dict[str, Option]:
    """The option spec of a registered game, by option name."""
    return game_info(name).option_spec


def check_options(name: str, options: dict[str, Any]) -> None:
    """Raise OptionError naming the first unknown or badly typed option (with the valid ones)."""
    game_info(name).check(options)


def read_option(name: str, key: str, text: str) -> Any:
    """The value of option `key` of game `name` from a command-line word (`true` for a switch)."""
    return game_info(name).option(key).parse(name, text)


def make_game(name: str, **options: Any) -> Game:
    """Build a registered game, e.g. make_game("deer", num_players=4), after checking its options."""
    info = game_info(name)
    info.check(options)
    return info.factory(**options)
