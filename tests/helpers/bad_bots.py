"""Bots of a badly written plugin, for the tests that check a game survives them: one raises, one returns a move the
rules forbid, one calls sys.exit(7), and one's factory raises. `install(folder)` declares them in the
deerbook.agents entry-point group of a package "installed" in `folder` (put it on PYTHONPATH), as a real plugin
would; `AGENTS` registers them in a test's own process."""
import os
import sys
from pathlib import Path

from deerbook.engine.registry import AgentInfo

HERE = Path(__file__).resolve().parent


class Raiser:
    def act(self, observation, legal, rng):
        raise ValueError("the bot fell over")


class Cheater:
    def act(self, observation, legal, rng):
        return "a move nobody may make"


class Quitter:
    def act(self, observation, legal, rng):
        sys.exit(7)


def broken_factory():
    raise RuntimeError("no bot today")


AGENTS = [AgentInfo(name, f"a badly written bot ({name})", "random", f"bad_bots:{factory}")
          for name, factory in [("raiser", "Raiser"), ("cheater", "Cheater"), ("quitter", "Quitter"),
                                ("broken", "broken_factory")]]


def install(folder: Path, entry: str = "bad = bad_bots:AGENTS", group: str = "deerbook.agents") -> str:
    """Declare `entry` in `group` as a package installed in `folder`; the PYTHONPATH that finds it (and this
    module, and the toy game)."""
    info = folder / "bad_bots-1.0.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: bad-bots\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[{group}]\n{entry}\n")
    return os.pathsep.join(map(str, (folder, HERE, HERE / "plugins")))
