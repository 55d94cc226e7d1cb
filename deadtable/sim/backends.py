"""Where the games run: in this process, on a local process pool, or on a Dask cluster.

Each backend plays chunks of game indices with `runner.play_chunk` and hands rows back in any
order; `run` sorts them by game index, so the result depends only on the plan, never on the
backend, the number of workers or the order chunks finish in.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from deadtable.core import DeadtableError

from .runner import Plan, play_chunk

Rows = list[dict[str, Any]]
Progress = Callable[[int], None]


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def chunks(n_games: int, workers: int, start: int = 0) -> list[list[int]]:
    """Game indices cut into chunks: small enough to balance load and move the progress bar.

    >>> chunks(5, 2)
    [[0], [1], [2], [3], [4]]
    >>> [len(c) for c in chunks(1000, 2)][:3]
    [25, 25, 25]
    """
    size = max(1, min(25, n_games // (workers * 8) if workers else n_games))
    return [list(range(i, min(i + size, start + n_games))) for i in range(start, start + n_games, size)]


def run(
    plan: Plan,
    n_games: int,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> Rows:
    """Play games 0..n_games-1 of `plan`; rows sorted by game index.

    `scheduler` None uses a local process pool with `workers` processes (default: every core;
    1 plays in this process). `scheduler="local"` starts a Dask LocalCluster on loopback;
    `"tcp://HOST:PORT"` uses a running Dask scheduler (its workers need deadtable installed).
    """
    if n_games < 0:
        raise DeadtableError("the number of games cannot be negative")
    if scheduler:
        rows = _run_dask(plan, n_games, scheduler, workers, progress)
    else:
        w = workers or cores()
        if w < 1:
            raise DeadtableError("workers must be at least 1")
        rows = _run_serial(plan, n_games, progress) if w == 1 else _run_pool(plan, n_games, w, progress)
    rows.sort(key=lambda r: int(r["game"]))
    return rows


def _run_serial(plan: Plan, n_games: int, progress: Progress | None) -> Rows:
    rows: Rows = []
    for chunk in chunks(n_games, 1):
        got = play_chunk(plan, chunk)
        rows.extend(got)
        if progress:
            progress(len(got))
    return rows


def _run_pool(plan: Plan, n_games: int, workers: int, progress: Progress | None) -> Rows:
    rows: Rows = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        todo = iter(chunks(n_games, workers))
        running: set[Future[Rows]] = set()
        # Keep a bounded number of chunks in flight, so a huge run does not queue everything at once.
        for chunk in _take(todo, workers * 3):
            running.add(pool.submit(play_chunk, plan, chunk))
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for fut in done:
                got = fut.result()
                rows.extend(got)
                if progress:
                    progress(len(got))
                for chunk in _take(todo, 1):
                    running.add(pool.submit(play_chunk, plan, chunk))
    return rows


def _take(it: Iterator[list[int]], n: int) -> list[list[int]]:
    out = []
    for _ in range(n):
        nxt = next(it, None)
        if nxt is None:
            break
        out.append(nxt)
    return out


def _run_dask(
    plan: Plan, n_games: int, scheduler: str, workers: int | None, progress: Progress | None
) -> Rows:
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise DeadtableError("running on Dask needs the sim extra: pip install 'deadtable[sim]'") from None
    cluster = None
    if scheduler == "local":
        cluster = LocalCluster(
            n_workers=workers or cores(),
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        )
        client = Client(cluster)
    elif scheduler.startswith(("tcp://", "tls://", "ws://", "wss://", "inproc://")):
        try:
            client = Client(scheduler, timeout=20)
        except OSError as err:
            raise DeadtableError(
                "cannot reach the Dask scheduler at {scheduler}: {err}", scheduler=scheduler, err=str(err)
            ) from None
    else:
        raise DeadtableError(
            "--scheduler takes tcp://HOST:PORT or local, not {scheduler!r}", scheduler=scheduler
        )
    rows: Rows = []
    try:
        n_workers = max(1, len(client.scheduler_info().get("workers", {})))
        parts = chunks(n_games, n_workers)
        futures = client.map(play_chunk, [plan] * len(parts), parts, pure=False)
        for fut in as_completed(futures):
            got = fut.result()
            rows.extend(got)
            if progress:
                progress(len(got))
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return rows
