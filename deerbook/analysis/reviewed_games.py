"""The games the "Playing well" chapters review: a seeded game of greedy players, one greedy seat's decisions graded
by the reviewer (`analysis.review`). A whole review takes tens of seconds, so the reviews are stored
(`REVIEWS_FILE`, written by `save_reviews`: `python -c "from deerbook.analysis.reviewed_games import save_reviews;
save_reviews()"`) and a test reviews stored decisions again and compares them."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..engine import make_game
from ..engine.errors import SaveFileError, parse_json
from ..engine.files import read_bytes, write_atomic
from ..engine.link import link_of, record_from_link
from ..engine.record import GameRecord, record_of_play
from ..engine.registry import make_agents
from .review import Decision, Review, Reviewer
from .stats import Estimate

REVIEWS_FILE = Path(__file__).parent / "data" / "reviewed-games.json"
REVIEW_SEED = 0  # the reviewer's own seed (every front end's default)


@dataclass(frozen=True)
class ReviewedGame:
    """A seeded game of greedy players (`options`, game seed `seed`) and the seat whose decisions are reviewed."""

    game: str
    options: dict[str, Any]
    seed: int
    seat: int

    def record(self) -> GameRecord:
        """The game played again: every step, chance included."""
        game = make_game(self.game, **self.options)
        seats = ["greedy"] * game.num_players
        return record_of_play(game, seats, make_agents(game, seats), self.seed)[0]


REVIEWED = {"deer": ReviewedGame("deer", {"num_players": 4}, 12, 0),
            "football": ReviewedGame("football", {"num_players": 2}, 12, 0),
            "football-solo": ReviewedGame("football", {"num_players": 1, "solo_difficulty": "normal"}, 2, 0)}


def review_game(key: str) -> Review:
    """The whole review of `REVIEWED[key]`'s reviewed seat."""
    reviewed = REVIEWED[key]
    return Reviewer(reviewed.record(), (reviewed.seat,), REVIEW_SEED).run()


def save_reviews(path: Path | str = REVIEWS_FILE) -> Path:
    """Review every game of `REVIEWED` and write the reviews all at once: each game's link and decisions."""
    reviews = {key: review_game(key) for key in REVIEWED}
    stored = {key: {"link": link_of(review.record), "decisions": [asdict(d) for d in review.decisions]}
              for key, review in reviews.items()}
    return write_atomic(path, json.dumps(stored, indent=1).encode(), "reviewed games")


def load_reviews(path: Path | str = REVIEWS_FILE) -> dict[str, Review]:
    """The stored reviews (`save_reviews`), by key of `REVIEWED`."""
    limit = 5_000_000
    stored = parse_json(read_bytes(path, "reviewed games", SaveFileError, limit=limit, own=True),
                        f"reviewed games {path}", SaveFileError, limit=limit)
    return {key: Review(record_from_link(game["link"]), tuple(map(decision_of, game["decisions"])), True)
            for key, game in stored.items()}


def decision_of(stored: dict[str, Any]) -> Decision:
    """A decision as `save_reviews` stored it (its values' intervals as lists)."""
    values = {name: estimate_of(stored[name]) for name in ("made_value", "best_value")}
    return Decision(**{**stored, **values, "loss_interval": tuple(stored["loss_interval"])})


def estimate_of(stored: dict[str, Any]) -> Estimate:
    bounds = stored["bounds"]
    return Estimate(stored["mean"], stored["se"], stored["n"], None if bounds is None else tuple(bounds))
