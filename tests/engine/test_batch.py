"""The one seeded batch runner: the same games whatever the worker count or executor, Dask included."""
from concurrent.futures import Executor, Future, ThreadPoolExecutor

import hashlib
import random

import pytest

from deerbook.engine import make_game, play
from deerbook.cli.running import executor_for
from deerbook.engine.batch import (MAX_IN_FLIGHT, BatchSpec, InlineExecutor, batch_records, chunks,
                                   run_batch)
from deerbook.engine.registry import agent_factories
from deerbook.engine.seeding import as_generator, stream
from deerbook.analysis.simulate import simulate


def deer_spec(rotate=False):
    game = make_game("deer", num_players=3)
    return BatchSpec(game, agent_factories(game, ["greedy", "random", "random"]), rotate=rotate)


@pytest.fixture(scope="module")
def serial():
    return run_batch(deer_spec(rotate=True), 9, seed=5, workers=1)


def test_streams_follow_the_documented_derivation():
    for key in [(7,), (11, 0), (11, 4), (0, 19_999)]:
        digest = hashlib.sha256(("deerbook:" + "/".join(map(str, key))).encode()).digest()
        assert stream(*key).random() == random.Random(int.from_bytes(digest, "big")).random()
    assert as_generator(7).random() == stream(7).random()
    for bad in [(), (1.5,), (True,), ("7",)]:
        with pytest.raises(ValueError):
            stream(*bad)


def test_game_i_of_a_batch_plays_from_stream_seed_i(serial):
    spec = deer_spec(rotate=True)
    for record in serial[:3]:
        agents = [spec.agents[a]() for a in record.seating]
        assert play(spec.game, agents, stream(5, record.index)).returns() == record.returns


def test_chunks_cover_every_game_once_in_order():
    for games, parts in [(10, 3), (3, 8), (1, 1), (0, 4), (1000, 7)]:
        ranges = list(chunks(games, parts))
        assert [i for a, b in ranges for i in range(a, b)] == list(range(games))
        assert len(ranges) <= max(1, parts)


def test_records_are_in_game_order_with_rotated_seats(serial):
    assert [r.index for r in serial] == list(range(9))
    assert [r.seating for r in serial[:4]] == [(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 1, 2)]
    assert all(sum(r.returns) == pytest.approx(1) for r in serial)


def test_two_processes_and_a_thread_pool_play_the_same_games(serial):
    assert run_batch(deer_spec(rotate=True), 9, seed=5, workers=2) == serial
    with ThreadPoolExecutor(3) as pool:
        assert run_batch(deer_spec(rotate=True), 9, seed=5, executor=pool) == serial
    assert run_batch(deer_spec(rotate=True), 9, seed=5, executor=InlineExecutor()) == serial


def test_a_game_does_not_depend_on_the_batch_size(serial):
    assert run_batch(deer_spec(rotate=True), 4, seed=5, workers=2) == serial[:4]


def test_a_dask_local_cluster_plays_the_same_games(serial):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            assert run_batch(deer_spec(rotate=True), 9, seed=5, executor=client.get_executor()) == serial


def test_simulate_is_the_same_on_any_number_of_workers():
    game = make_game("football", num_players=2)
    one = simulate(game, ["greedy", "random"], 6, seed=3, workers=1)
    assert simulate(game, ["greedy", "random"], 6, seed=3, workers=2) == one
    with executor_for(workers=1) as inline:
        assert simulate(game, ["greedy", "random"], 6, seed=3, executor=inline) == one


def test_bad_arguments_are_refused_by_name():
    with pytest.raises(ValueError, match="workers"):
        run_batch(deer_spec(), 2, seed=1, workers=0)
    with pytest.raises(ValueError, match="games"):
        run_batch(deer_spec(), -1, seed=1)
    with pytest.raises(ValueError, match="unknown agent"):
        agent_factories(make_game("deer", num_players=2), ["greedy", "genius"])
    with pytest.raises(ValueError, match="workers"):
        with executor_for(workers=-2):
            pass


class Recording(Executor):
    """An executor that plays nothing: it notes each chunk submitted and hands back one stand-in record for it."""

    def __init__(self):
        self.submitted = 0

    def submit(self, fn, /, *args, **kwargs):
        self.submitted += 1
        future = Future()
        future.set_result([args[2]])  # the chunk's first game number
        return future


def test_a_huge_batch_holds_a_bounded_number_of_chunks_at_a_time():
    """A billion games: the chunks are submitted as the earliest come back, never all at once."""
    executor = Recording()
    records = batch_records(deer_spec(), 10**9, seed=1, executor=executor)
    firsts = [next(records) for _ in range(500)]
    assert firsts == [250 * i for i in range(500)]  # in game order, 250 games a chunk
    assert executor.submitted == MAX_IN_FLIGHT + 499 < 10**9 // 250
