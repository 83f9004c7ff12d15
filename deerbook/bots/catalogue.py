"""deerbook's agents, each registered once (the `deerbook.agents` entry point `AGENTS`): the command line, the
tables, the balance study and the help texts all read this list through `engine.registry.agents_for`.

Each strength ranks the agents as the balance study measured them in 4-player Deer and 2-player Football
(`analysis.study`, each agent against greedy agents: the ladder of `analysis.skill`), and
tests/analysis/test_balance_study.py checks it: an agent called stronger than another wins more often beyond both 95%
intervals, two called equal are not told apart. What an agent wins and how long it thinks in each mode (solo, 3 or 4
players, knocking, the card edition) is its label (`analysis.labels`, derived from the same study), which the
tables' seat menus (`table_words`, `mode_strength`) and `deerbook play --help` (`labels_help`) show.
"""
from typing import Any, Mapping

from ..analysis.labels import MODES, label, sentence, stored_labels, words
from ..engine.registry import AgentInfo

DEER_GAMES = ("deer", "deer-cards")
SEARCH = "deerbook.bots.search:SearchAgent"


def per_game(paths: dict[str, str]) -> dict[str, str]:
    """Import paths by game name, the Deer path given once for both editions."""
    return {game: path for key, path in paths.items() for game in (DEER_GAMES if key == "deer" else (key,))}


AGENTS = (
    AgentInfo("random", "picks any legal move at random (it almost never wins against greedy play)", "random",
              "deerbook.engine.agents:RandomAgent"),
    AgentInfo("greedy", "takes the move that gains the most right now (points shed, yards and points): the yardstick "
                        "the others are measured against", "basic",
              per_game({"deer": "deerbook.bots.deer_greedy:GreedyAgent",
                        "football": "deerbook.bots.football_greedy:GreedyAgent"})),
    AgentInfo("greedy-no-knock", "the greedy agent, except that it never knocks (for the knocking study: it wins less "
                                 "often than a greedy agent who knocks)", "basic",
              per_game({"deer": "deerbook.bots.refusing:NeverKnocks"})),
    AgentInfo("advisor", "takes the best exact expected points this turn (Football: every choice; Deer: only whether "
                         "to knock, over deals of what it cannot see, where that measurably wins more, otherwise "
                         "greedy's move at greedy's cost); its strength and time in each mode: its label "
                         "(`deerbook play --help`)",
              "basic",
              per_game({"deer": "deerbook.bots.deer_advisor:AdvisorAgent",
                        "football": "deerbook.bots.football_advisor:AdvisorAgent"})),
    AgentInfo("search", "plays each choice out many times in deals consistent with what it has seen and takes the "
                        "best (its strength and time in each mode: its label): the strongest fair player measured",
              "strong",
              per_game({"deer": SEARCH, "football": SEARCH})),
    AgentInfo("perfect-info", "the search agent looking at every hand: it cheats (the balance study's measure of "
                              "what hidden information is worth)", "strong",
              per_game({"deer": "deerbook.bots.search:PerfectInformationSearch"}), cheats=True),
)

# What each agent does at a table, in the game's own words (the set-up's seat menus show it beside the agent's
# name), by agent and game family ("deer": both editions); an agent or game not listed here has its catalogue line.
TABLE_WORDS = {
    "random": {"deer": "plays any legal choice at random; it almost never wins",
               "football": "takes any legal play at random; it almost never wins"},
    "greedy": {"deer": "sheds the most points it can right now",
               "football": "takes the play that gains the most yards and points right now"},
    "greedy-no-knock": {"deer": "the greedy bot, except that it never knocks"},
    "advisor": {"deer": "knocks when that is worth the most points this turn, over the deals it cannot see; "
                        "otherwise plays as the greedy bot",
                "football": "takes the play worth the most points on average this turn, from the exact odds of the "
                            "dice"},
    "search": {"deer": "plays each choice out many times in deals that fit what it has seen",
               "football": "plays each choice out many times to the end of the game"},
}


def table_words(agent: AgentInfo, game: str, options: Mapping[str, Any] | None = None) -> str:
    """What `agent` does at a table of `game`, in that game's words (its catalogue line where none is written), and
    with the table's `options`, its label in that mode (`analysis.labels.words`, e.g. "strong: wins 87% (84–89%) of
    solo Football, normal against Blitz Bach (600 games); 0.015 ms a decision (mean 3.8 ms)")."""
    family = "deer" if game in DEER_GAMES else game
    does = TABLE_WORDS.get(agent.name, {}).get(family, agent.description)
    measured = None if options is None else words(agent.name, game, options)
    return does if measured is None else f"{does} — {measured}"


def mode_strength(agent: AgentInfo, game: str, options: Mapping[str, Any]) -> str:
    """The agent's strength in one word in this mode: its ladder word where the study tells it from greedy play, else
    "≈ greedy" where measured but not told apart from greedy play, else its catalogue strength."""
    found = label(agent.name, game, options)
    if found is None:
        return agent.strength
    return found["ladder"] or "≈ greedy"


def labels_help() -> str:
    """Every measured label, by mode and agent (the `deerbook play` help)."""
    lines = ["the bots as the balance study measured them (win rate, 95% interval; median CPU time a decision):"]
    for mode in MODES:
        lines.append(f"  {mode.words}:")
        labels = stored_labels()["modes"][mode.key]
        lines.extend(f"    {agent.name}: {sentence(labels[agent.name], mode, named=False)}" for agent in AGENTS
                     if agent.name in labels)
    return "\n".join(lines)
