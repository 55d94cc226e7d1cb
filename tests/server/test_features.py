"""A table feature plugs into the hub through the hooks of `TableFeature` (features.py): the hub
calls each one where its docstring says, and a hook's answer changes what the hub does."""

from __future__ import annotations

import asyncio
from collections.abc import Collection, Iterator

import pytest

from deadtable.server import db, migrate
from deadtable.server.features import TableFeature, standard
from deadtable.server.hub import Hub
from deadtable.server.live_table import LiveTable
from deadtable.server.rows import TableRow
from deadtable.server.store import Store


class Recorder(TableFeature):
    """Notes every hook called; keeps the clock of the tables it is told to, and rests one table."""

    def __init__(self, rest: str | None = None, keep_clocks: bool = False) -> None:
        self.calls: list[tuple[str, str | None]] = []
        self.rest = rest
        self.keep_clocks = keep_clocks

    async def started(self, hub: Hub) -> None:
        self.calls.append(("started", None))

    async def resting(self, hub: Hub) -> Collection[str]:
        self.calls.append(("resting", None))
        return [self.rest] if self.rest else []

    def arm_clock(self, hub: Hub, lt: LiveTable) -> bool:
        self.calls.append(("arm_clock", lt.id))
        return self.keep_clocks

    def refreshing(self, hub: Hub, lt: LiveTable, row: TableRow) -> bool:
        self.calls.append(("refreshing", row.id))
        return False

    async def refreshed(self, hub: Hub, lt: LiveTable) -> None:
        self.calls.append(("refreshed", lt.id))


@pytest.fixture
def sqlite_store(sqlite_url: str) -> Iterator[Store]:
    engine = db.make_engine(sqlite_url)
    migrate.upgrade(engine)
    yield Store(engine)
    engine.dispose()


def _timed_table(store: Store) -> str:
    """Two people with a real-time move clock of a minute: the hub would arm one for the first."""
    table_id, _tokens = store.create_table(
        game="carson-zoo",
        players=2,
        seed=3,
        options={},
        seat_specs=[("human", None, "Ana"), ("human", None, "Bo")],
        move_time=60,
    )
    return table_id


def _start(store: Store, feature: Recorder) -> tuple[dict[str, bool], list[tuple[str, str | None]]]:
    async def scenario() -> dict[str, bool]:
        hub = Hub(store, features=[feature])
        try:
            await hub.start()
            return {table_id: lt.clock is not None for table_id, lt in hub.tables.items()}
        finally:
            await hub.close()

    return asyncio.run(scenario()), feature.calls


def test_start_runs_the_hooks_and_leaves_the_resting_tables_in_the_store(sqlite_store: Store) -> None:
    first, second = _timed_table(sqlite_store), _timed_table(sqlite_store)
    clocks, calls = _start(sqlite_store, Recorder(rest=second))
    assert calls[:2] == [("started", None), ("resting", None)]
    assert list(clocks) == [first]  # the resting table was not loaded
    assert ("arm_clock", first) in calls
    assert clocks == {first: True}  # the hub armed its own real-time clock


def test_a_feature_that_keeps_the_clock_keeps_the_hubs_off(sqlite_store: Store) -> None:
    table_id = _timed_table(sqlite_store)
    clocks, calls = _start(sqlite_store, Recorder(keep_clocks=True))
    assert ("arm_clock", table_id) in calls
    assert clocks == {table_id: False}


def test_a_refresh_calls_refreshing_with_the_stored_row_then_refreshed(sqlite_store: Store) -> None:
    table_id = _timed_table(sqlite_store)
    feature = Recorder()

    async def scenario() -> None:
        hub = Hub(sqlite_store, features=[feature])
        try:
            assert await hub.get(table_id) is not None
            await hub.refresh(table_id)
        finally:
            await hub.close()

    asyncio.run(scenario())
    assert [c for c in feature.calls if c[0].startswith("refresh")] == [
        ("refreshing", table_id),
        ("refreshed", table_id),
    ]


def test_every_hub_has_the_standard_features_unless_told_otherwise(sqlite_store: Store) -> None:
    names = [type(f).__name__ for f in Hub(sqlite_store).features]
    assert (
        names == [type(f).__name__ for f in standard()] == ["CreatorTokens", "Rematch", "TurnBased", "Chat"]
    )
    assert Hub(sqlite_store, features=()).features == ()
