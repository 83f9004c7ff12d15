"""Bots of a plugin whose move never ends, for the tests that stop a table while a bot thinks: `sleepy` sleeps,
`spinner` loops in Python (holding the interpreter between its switches). Each first draws from its seat's random
stream (so a save must give the stream back as it was before the move) and says on stderr that it is thinking.
Declare them for a process with `bad_bots.install(folder, ENTRY)`; `AGENTS` registers them in a test's own process,
where `RELEASE.set()` ends their moves (so no thread is left running).
"""
import sys
import threading

from deerbook.engine.registry import AgentInfo

ENTRY = "stuck = stuck_bots:AGENTS"
THINKING = "a stuck bot is thinking"  # the line each writes to stderr as its move begins
RELEASE = threading.Event()


def _begin(rng) -> None:
    for _ in range(100):
        rng.random()
    print(THINKING, file=sys.stderr, flush=True)


class Sleepy:
    def act(self, observation, legal, rng):
        _begin(rng)
        while not RELEASE.wait(3600):
            pass
        return legal[0]


class Spinner:
    def act(self, observation, legal, rng):
        _begin(rng)
        while not RELEASE.is_set():
            pass
        return legal[0]


AGENTS = [AgentInfo("sleepy", "a bot whose move never ends (it sleeps)", "random", "stuck_bots:Sleepy"),
          AgentInfo("spinner", "a bot whose move never ends (it loops)", "random", "stuck_bots:Spinner")]
