"""deerbook's agents, each registered once (the `deerbook.agents` entry point `AGENTS`): the command line, the
tables, the balance study and the help texts all read this list through `engine.registry.agents_for`.

Each strength says what the balance study measured (`analysis.study`, each agent against greedy agents: the ladder of
`analysis.skill`), and tests/analysis/test_balance_study.py checks it: an agent called stronger than another wins
more often beyond both 95% intervals, two called equal are not told apart.
"""
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
    AgentInfo("advisor", "takes the best exact expected points this turn (Deer: whether to knock, over deals of what "
                         "it cannot see; otherwise greedy's move); measured as strong as greedy, stronger only with "
                         "knocking on",
              "basic",
              per_game({"deer": "deerbook.bots.deer_advisor:AdvisorAgent",
                        "football": "deerbook.bots.football_advisor:AdvisorAgent"})),
    AgentInfo("search", "plays each choice out many times in deals consistent with what it has seen and takes the "
                        "best (about a tenth of a second a move): the strongest fair player measured", "strong",
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
    "search": {"deer": "plays each choice out many times in deals that fit what it has seen: the strongest bot",
               "football": "plays each choice out many times to the end of the game: the strongest bot"},
}


def table_words(agent: AgentInfo, game: str) -> str:
    """What `agent` does at a table of `game`, in that game's words (its catalogue line where none is written)."""
    family = "deer" if game in DEER_GAMES else game
    return TABLE_WORDS.get(agent.name, {}).get(family, agent.description)
