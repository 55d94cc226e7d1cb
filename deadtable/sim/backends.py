"""Where the games run: in this process, on a local process pool, or on a Dask cluster.

Each backend plays chunks of game indices with `runner.play_chunk` and hands rows back in any
order. `stream` yields each chunk's rows as soon as it finishes and keeps only a bounded number of
chunks in flight (a few per worker), so a run of any length holds a few chunks of rows at a time,
never the whole run; `run` collects them sorted by game index, so its result depends only on the
plan, never on the backend, the number of workers or the order chunks finish in.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from deadtable.core import DeadtableError

from .runner import Plan, play_chunk

Rows = list[dict[str, Any]]
Progress = Callable[[int], None]
IN_FLIGHT = 3  # chunks submitted per worker and not yet collected, in the pool and on Dask


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
    return list(cut(range(start, start + n_games), workers))


def cut(indices: Sequence[int], workers: int) -> Iterator[list[int]]:
    """Any game indices (a resumed run plays only the missing ones) in chunks, lazily.

    >>> list(cut([0, 1, 2, 5, 9], 1))
    [[0], [1], [2], [5], [9]]
    """
    n = len(indices)
    size = max(1, min(25, n // (workers * 8) if workers else n))
    for i in range(0, n, size):
        yield list(indices[i : i + size])


def run(
    plan: Plan,
    n_games: int,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> Rows:
    """Play games 0..n_games-1 of `plan`; rows sorted by game index (all of them in memory: a long
    run streams them instead, `stream`).

    `scheduler` None uses a local process pool with `workers` processes (default: every core;
    1 plays in this process). `scheduler="local"` starts a Dask LocalCluster on loopback;
    `"tcp://HOST:PORT"` uses a running Dask scheduler (its workers need deadtable installed).
    """
    if n_games < 0:
        raise DeadtableError("the number of games cannot be negative")
    rows: Rows = []
    for got in stream(plan, range(n_games), workers=workers, scheduler=scheduler):
        rows.extend(got)
        if progress:
            progress(len(got))
    rows.sort(key=lambda r: int(r["game"]))
    return rows


def stream(
    plan: Plan,
    indices: Sequence[int],
    *,
    workers: int | None = None,
    scheduler: str | None = None,
) -> Generator[Rows, None, None]:
    """Play the games `indices` of `plan`, yielding each chunk's rows as it finishes (any order).

    The backends are `run`'s. Closing the generator early (an interruption) stops submitting games.
    """
    if scheduler:
        yield from _stream_dask(plan, indices, scheduler, workers)
        return
    w = workers or cores()
    if w < 1:
        raise DeadtableError("workers must be at least 1")
    if w == 1:
        for chunk in cut(indices, 1):
            yield play_chunk(plan, chunk)
    else:
        yield from _stream_pool(plan, indices, w)


def _stream_pool(plan: Plan, indices: Sequence[int], workers: int) -> Iterator[Rows]:
    with ProcessPoolExecutor(max_workers=workers) as pool:
        todo = cut(indices, workers)
        running: set[Future[Rows]] = set()
        try:
            # A bounded number of chunks in flight, so a huge run does not queue everything at once.
            for chunk in _take(todo, workers * IN_FLIGHT):
                running.add(pool.submit(play_chunk, plan, chunk))
            while running:
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for fut in done:
                    yield fut.result()
                    for chunk in _take(todo, 1):
                        running.add(pool.submit(play_chunk, plan, chunk))
        finally:
            for fut in running:  # interrupted: queued chunks are dropped, running ones finish
                fut.cancel()


def _take(it: Iterator[list[int]], n: int) -> list[list[int]]:
    out = []
    for _ in range(n):
        nxt = next(it, None)
        if nxt is None:
            break
        out.append(nxt)
    return out


def _stream_dask(plan: Plan, indices: Sequence[int], scheduler: str, workers: int | None) -> Iterator[Rows]:
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
    try:
        n_workers = max(1, len(client.scheduler_info().get("workers", {})))
        todo = cut(indices, n_workers)
        # As on the pool: a bounded window of chunks on the cluster, topped up as each one finishes,
        # and each result released as soon as it is yielded.
        window = as_completed(
            [client.submit(play_chunk, plan, c, pure=False) for c in _take(todo, n_workers * IN_FLIGHT)]
        )
        for fut in window:
            got = fut.result()
            fut.release()
            for chunk in _take(todo, 1):
                window.add(client.submit(play_chunk, plan, chunk, pure=False))
            yield got
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
