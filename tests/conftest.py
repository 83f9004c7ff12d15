import pathlib
import sys

HERE = pathlib.Path(__file__).parent
# tests/ holds the toy game's module; tests/plugins/ its installed-package metadata (a dist-info folder
# declaring it in the deerbook.games entry-point group), so every test sees it as an installed game.
sys.path[:0] = [str(HERE), str(HERE / "plugins")]
