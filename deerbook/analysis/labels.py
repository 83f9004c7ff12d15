"""Each agent's label per game and mode, derived from the stored balance study: how often it wins against greedy
agents (against Blitz Bach in solo) with its 95% Wilson interval, its place on the ladder where the study tells it
from greedy play, and its median CPU time a decision.

`MODES` are the modes a table offers that the study measures; `MEASURED` names, for every agent a table seats, the
study's configuration (and the agent seated in it) that measures it in each mode. `derive(study)` works every label
out of a study (`study.load_study`); the package stores them in `LABELS_FILE` (`save_labels`, which `deerbook balance
--update-package` calls), which the catalogue and the tables read (a few kB, where the study is a MB: the page's table
carries the labels, not the study), and a test derives them again from the stored study and compares. `mode_of`
finds the mode of a game and its options; `words` says a label in a sentence.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping, NamedTuple

from ..engine.files import write_atomic
from .batches import Batch
from .skill import field_rate

# Beside the catalogue that reads it, in the part of the package the page's table carries (its copy leaves out
# analysis/data/, the study: book/lite/build_lite.py).
LABELS_FILE = Path(__file__).parents[1] / "bots" / "data" / "agent-labels.json"
YARDSTICK = "greedy"


class Mode(NamedTuple):
    """A mode of play the labels cover: its key, how the study played it, and whom an agent faces there."""

    key: str
    words: str  # e.g. "4-player Deer with knocking"
    against: str  # e.g. "three greedy bots"


MODES = (
    Mode("deer", "4-player Deer", "three greedy bots"),
    Mode("deer-knocking", "4-player Deer with knocking", "three greedy bots"),
    Mode("deer-cards", "4-player card edition", "three greedy bots"),
    Mode("football-2p", "2-player Football", "a greedy player"),
    Mode("football-3p", "3-player Football", "two greedy players"),
    Mode("football-4p", "4-player Football", "three greedy players"),
    Mode("solo-normal", "solo Football, normal", "Blitz Bach"),
    Mode("solo-hard", "solo Football, hard", "Blitz Bach"),
)


def football_mode(players: int, search: str) -> dict[str, tuple[str, str]]:
    """The configurations of a Football mode with more than one player (keys `football-Np`, `football-Np-AGENT`)."""
    base = f"football-{players}p"
    return {"random": (f"{base}-random", "random"), "greedy": (base, "greedy"),
            "advisor": (f"{base}-advisor", "advisor"), "search": (search, "search")}


def solo_mode(level: str) -> dict[str, tuple[str, str]]:
    """The configurations of a solo difficulty."""
    return {agent: (f"football-solo-{level}" + ("" if agent == "greedy" else f"-{agent}"), agent)
            for agent in ("random", "greedy", "advisor", "search")}


# mode -> agent -> (configuration, agent seated there). The greedy agent who never knocks is the greedy agent where
# nobody may knock (it differs only at a knock), so its games there are greedy's.
MEASURED: dict[str, dict[str, tuple[str, str]]] = {
    "deer": {"random": ("deer-random", "random"), "greedy": ("deer-basic", "greedy"),
             "greedy-no-knock": ("deer-basic", "greedy"), "advisor": ("deer-advisor", "advisor"),
             "search": ("deer-search", "search")},
    "deer-knocking": {"random": ("deer-knocking-random", "random"), "greedy": ("deer-knocking-greedy", "greedy"),
                      "greedy-no-knock": ("deer-knocking-no-knock", "greedy-no-knock"),
                      "advisor": ("deer-advisor-knocking", "advisor"), "search": ("deer-knocking-search", "search")},
    "deer-cards": {"random": ("deer-cards-random", "random"), "greedy": ("deer-cards", "greedy"),
                   "greedy-no-knock": ("deer-cards", "greedy"), "advisor": ("deer-cards-advisor", "advisor"),
                   "search": ("deer-cards-search", "search")},
    "football-2p": {"random": ("football-random", "random"), "greedy": ("football-2p", "greedy"),
                    "advisor": ("football-advisor", "advisor"), "search": ("football-search", "search")},
    "football-3p": football_mode(3, "football-3p-search"),
    "football-4p": football_mode(4, "football-4p-search"),
    "solo-normal": solo_mode("normal"),
    "solo-hard": solo_mode("hard"),
}


def mode_of(game: str, options: Mapping[str, Any]) -> str | None:
    """The mode (`MODES`) a table of `game` with `options` plays, None where the study has none: Deer and its card
    edition at any number of players (measured at 4), knocking alone or with the other advanced rules."""
    if game in ("deer", "deer-cards"):
        cards = game == "deer-cards" or options.get("components") == "card-game"
        knocking = bool(options.get("knocking") or options.get("advanced"))
        return None if cards and knocking else "deer-cards" if cards else "deer-knocking" if knocking else "deer"
    if game == "football":
        players = int(options.get("num_players", 2))
        return f"solo-{options.get('solo_difficulty') or 'normal'}" if players == 1 else f"football-{players}p"
    return None


# -- deriving the labels from a study ------------------------------------------------------------------------------
def interval(low: float, mean: float, high: float) -> dict[str, float]:
    """A rate and its interval, rounded as stored."""
    return {"mean": round(mean, 4), "low": round(low, 4), "high": round(high, 4)}


def ladder_word(rates: Mapping[str, dict], agent: str) -> str | None:
    """Where the study puts `agent` among the agents of one mode (`rates`: each one's win rate), against the yardstick
    (greedy), each step beyond both 95% intervals: "basic" for greedy; below it "random" (the weakest rung), or
    "below greedy" if another agent is below it in turn; above it "strong", or "good" if another agent is above it
    in turn; None where the intervals do not tell it from greedy's."""
    if agent == YARDSTICK:
        return "basic"
    rate, yardstick = rates[agent], rates[YARDSTICK]
    others = [other for name, other in rates.items() if name != agent]
    if rate["high"] < yardstick["low"]:
        return "below greedy" if any(other["high"] < rate["low"] for other in others) else "random"
    if rate["low"] <= yardstick["high"]:
        return None
    return "good" if any(other["low"] > rate["high"] for other in others) else "strong"


def mode_labels(study: dict, mode: str) -> dict[str, dict]:
    """Every agent's label in one mode, from the study's stored games and decision times."""
    from .study import as_batch

    batches: dict[str, Batch] = {}
    rates, labels = {}, {}
    for agent, (key, seated) in MEASURED[mode].items():
        config = study["configurations"][key]
        if key not in batches:
            batches[key] = as_batch(config)
        rate = field_rate(batches[key], seated)
        rates[agent] = interval(rate.low, rate.mean, rate.high)
        labels[agent] = {"configuration": key, "games": config["games"], "win_rate": rates[agent],
                         "decision_ms": study.get("decision_times", {}).get(key, {}).get("agents", {}).get(seated)}
    for agent, label in labels.items():
        label["ladder"] = ladder_word(rates, agent)
    return labels


def derive(study: dict) -> dict:
    """The labels of every agent in every mode, worked out from a study (`study.load_study`)."""
    return {"labels": "deerbook agents' labels, derived from the balance study by deerbook.analysis.labels.derive",
            "study_package_version": study.get("package_version"),
            "modes": {mode.key: mode_labels(study, mode.key) for mode in MODES}}


def save_labels(labels: dict, path: Path | str = LABELS_FILE) -> Path:
    """Write the labels (`derive`) as JSON, all at once."""
    return write_atomic(path, (json.dumps(labels, indent=1, sort_keys=True) + "\n").encode(), "agents' labels")


_loaded: dict[str, dict] = {}


def stored_labels() -> dict:
    """The package's labels (`LABELS_FILE`), read once."""
    if "labels" not in _loaded:
        _loaded["labels"] = json.loads(LABELS_FILE.read_text(encoding="utf-8"))
    return _loaded["labels"]


# -- in words ----------------------------------------------------------------------------------------------------
def label(agent: str, game: str, options: Mapping[str, Any]) -> dict | None:
    """The stored label of `agent` at a table of `game` with `options`, None where the study has not measured it."""
    mode = mode_of(game, options)
    return None if mode is None else stored_labels()["modes"].get(mode, {}).get(agent)


def percent(rate: float) -> str:
    """A rate as a whole percentage ("86"), with a decimal below 10% ("1.1")."""
    return f"{100 * rate:.1f}" if rate < 0.095 else f"{100 * rate:.0f}"


PLACES = {"random": "weakest", "basic": "the baseline", None: "not told apart from greedy"}  # a ladder word in words


def words(agent: str, game: str, options: Mapping[str, Any]) -> str | None:
    """A label in a sentence, e.g. "strong: wins 86% (82–89%) of solo Football, hard against Blitz Bach (600
    games); 0.02 ms a decision", or None where the study has not measured the agent in this mode."""
    found, mode = label(agent, game, options), mode_of(game, options)
    if found is None or mode is None:
        return None
    return sentence(found, next(m for m in MODES if m.key == mode))


def sentence(found: dict, mode: Mode, named: bool = True) -> str:
    """One stored label in words: its ladder word (where the study tells the agent from greedy), win rate and time
    (`named`: with the mode's name)."""
    rate = found["win_rate"]
    place = PLACES.get(found["ladder"], found["ladder"])
    where = f"of {mode.words} " if named else ""
    text = (f"{place}: wins {percent(rate['mean'])}% ({percent(rate['low'])}–{percent(rate['high'])}%) {where}"
            f"against {mode.against} ({found['games']:,} games)")
    ms = found["decision_ms"]
    return text if ms is None else f"{text}; {time_words(ms)}"


def time_words(ms: dict) -> str:
    """A median time a decision in words, with the mean beside it where a few long decisions make it far larger."""
    from .decision_times import short_time

    text = f"{short_time(ms['median_ms'])} a decision"
    return text + f" (mean {short_time(ms['mean_ms'])})" if ms["mean_ms"] > 10 * ms["median_ms"] else text
