"""One seed, one game: the runner, a batch, the tables and the command line all play the same game from it."""
import pytest

from batch_studies import play_batch
from deerbook.cli.main import main
from deerbook.engine import make_game, play
from deerbook.engine.batch import BatchSpec, run_batch
from deerbook.engine.registry import agent_factories, make_agents
from deerbook.engine.seeding import parse_seed, seed_text
from deerbook.play.session import Session

TABLES = [("deer", {"num_players": 3}, ["greedy"] * 3), ("deer-cards", {"num_players": 4}, ["greedy", "random"] * 2),
          ("deer", {"num_players": 4, "advanced": True}, ["advisor", "greedy", "greedy-no-knock", "random"]),
          ("football", {"num_players": 2}, ["greedy", "advisor"]), ("football", {"num_players": 1}, ["greedy"])]


def table_final(game, seats, seed):
    session = Session(game, seats, seed)
    session.run()
    assert session.state.is_terminal()
    return session


@pytest.mark.parametrize("name, options, seats", TABLES)
def test_the_runner_and_a_table_play_the_same_game(name, options, seats):
    game = make_game(name, **options)
    assert table_final(game, seats, 7).state == play(game, make_agents(game, seats), 7)


def test_the_game_of_the_issue_now_ends_the_same_everywhere():
    """Seed 7, three greedy Deer seats: once [7, 27, 100] by `play` and [0, 75, 100] at the terminal table."""
    game = make_game("deer", num_players=3)
    final = play(game, make_agents(game, ["greedy"] * 3), 7)
    assert table_final(game, ["greedy"] * 3, 7).state.pawns == final.pawns


@pytest.mark.parametrize("name, options, seats", TABLES[:1] + TABLES[3:4])
def test_every_game_of_a_batch_is_named_by_a_seed_the_tables_accept(name, options, seats):
    game = make_game(name, **options)
    records = run_batch(BatchSpec(game, agent_factories(game, seats)), 3, 41, workers=1)
    assert [record.seed for record in records] == ["41/0", "41/1", "41/2"]
    for record in records:
        session = table_final(game, seats, record.seed)
        assert session.seed == (41, record.index) and session.seed_text == record.seed
        assert tuple(float(r) for r in session.state.returns()) == record.returns
        assert session.state.stats() == record.stats


def test_a_rotated_batch_replays_with_its_seating():
    batch = play_batch("deer", ["greedy", "random", "random"], 3, seed=5, rotate=True)
    for index, seating in enumerate(batch.seats):
        game = make_game("deer", num_players=3)
        assert (table_final(game, list(seating), f"5/{index}").state.stats()
                == {k: v[index] for k, v in batch.stats.items()})


def test_the_command_line_plays_a_batch_game_by_its_seed(capsys):
    game = make_game("deer", num_players=3)
    expected = table_final(game, ["greedy"] * 3, (7, 2)).result()
    assert main(["play", "deer", "--seats", "greedy,greedy,greedy", "--seed", "7/2"]) == 0
    out = capsys.readouterr().out
    assert "deer, seed 7/2; seats:" in out and out.rstrip().endswith(f"Game over. {expected}")


@pytest.mark.parametrize("text, seed", [("7", 7), ("7/12", (7, 12)), (" 3/0/1 ", (3, 0, 1))])
def test_seeds_are_read_and_written_as_people_type_them(text, seed):
    assert parse_seed(text) == seed and seed_text(seed) == text.strip()


@pytest.mark.parametrize("text", ["", "seven", "7/", "-3", "7.5", "²", "1" * 31])
def test_a_bad_seed_is_refused_in_words(text):
    with pytest.raises(ValueError, match="a seed is a whole number"):
        parse_seed(text)
