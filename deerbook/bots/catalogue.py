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
    AgentInfo("advisor", "takes the best exact expected points this turn (Deer: the numbers it names and knocks, over "
                         "deals of what it cannot see); measured as strong as greedy, stronger only with knocking on",
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
