"""Where the command line's batches run (this process, local processes or a Dask cluster) and their progress bars."""
from __future__ import annotations

from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Iterator

from ..engine.batch import InlineExecutor, Progress, check_workers, default_workers


@contextmanager
def executor_for(workers: int | None = None, scheduler: str | None = None) -> Iterator[Executor]:
    """The executor CLI-style arguments ask for: a Dask cluster at `scheduler` (an address such as
    tcp://10.0.0.5:8786), else `workers` local processes (default every core; 1: play in this process)."""
    if scheduler is not None:
        try:
            from distributed import Client
        except ImportError:
            raise ValueError("--scheduler needs the 'distributed' package: pip install distributed") from None
        with Client(scheduler) as client:
            yield client.get_executor()
        return
    check_workers(workers)
    count = workers or default_workers()
    if count == 1:
        yield InlineExecutor()
        return
    with ProcessPoolExecutor(count) as pool:
        yield pool


@contextmanager
def progress_bar(total: int, label: str, show: bool) -> Iterator[Progress | None]:
    """A tqdm bar of `total` games as a batch's `progress` callback, or None when not shown."""
    if not show:
        yield None
        return
    from tqdm import tqdm

    with tqdm(total=total, desc=label, unit="game", leave=False) as bar:
        def advance(games: int) -> None:
            bar.update(games)

        yield advance
