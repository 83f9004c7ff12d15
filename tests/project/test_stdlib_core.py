"""The rules core imports only the standard library, so it runs in Pyodide without numpy or any wheel."""
import subprocess
import sys

BLOCKER = """
import sys
allowed = set(sys.stdlib_module_names) | {"deerbook"}
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] not in allowed:
            raise ImportError(f"the rules core imported {name}, which is not in the standard library")
sys.meta_path.insert(0, Block())
from deerbook.engine.registry import make_agents
from deerbook.engine import make_game, play
from deerbook.engine.batch import BatchSpec, run_batch
from deerbook.engine.registry import agent_factories
from deerbook.analysis.simulate import simulate
import deerbook.bots.deer_advisor, deerbook.analysis.batches, deerbook.analysis.deer_odds, deerbook.analysis.study
import deerbook.play.session, deerbook.play.hints, deerbook.play.terminal
import deerbook.chapters.exercises, deerbook.chapters.deer_examples, deerbook.chapters.football_examples
import deerbook.bots.football_advisor, deerbook.analysis.football_odds
for name, players in (("deer", 4), ("deer-cards", 3), ("football", 2), ("football", 1)):
    game = make_game(name, num_players=players)
    final = play(game, make_agents(game, ["greedy"] * players), 3)
    assert final.is_terminal()
print(simulate(make_game("deer", num_players=2), ["random", "greedy"], 3, 1, workers=1)["games"])
"""


def test_rules_core_plays_with_only_the_standard_library():
    done = subprocess.run([sys.executable, "-c", BLOCKER], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "3"
