"""Turn-based tables (turns.py): the deadline lives in the store, one sweeper plays the
stand-in move once it passed, on both stores, after a restart, with the table unloaded meanwhile,
and only once when two hubs sweep the same PostgreSQL. Time is a fake clock: nothing sleeps hours."""

from __future__ import annotations

import asyncio
import threading
import time

from sqlalchemy import inspect, select

from deadtable.server import db, migrate, turns
from deadtable.server.db import actions
from deadtable.server.hub import Hub
from deadtable.server.live_table import LiveTable
from deadtable.server.rematch import make_rematch
from deadtable.server.store import Store, hash_token

HOURS_6 = 6 * turns.HOUR
START = 1_800_000_000.0  # the fake clock's start (unix seconds)


class FakeClock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def _two_people(
    store: Store,
    *,
    turn_based: bool = True,
    move_time: int = HOURS_6,
    game: str = "carson-zoo",
    seed: int = 7,
) -> str:
    table_id, _tokens = store.create_table(
        game=game,
        players=2,
        seed=seed,
        options={},
        seat_specs=[("human", None, "Ann"), ("human", None, "Bo")],
        move_time=move_time,
        turn_based=turn_based,
    )
    return table_id


def _actors(store: Store, table_id: str) -> list[tuple[int, str]]:
    with store.engine.connect() as conn:
        query = select(actions.c.idx, actions.c.actor).where(actions.c.table_id == table_id)
        rows = conn.execute(query.order_by(actions.c.idx))
        return [(r.idx, r.actor) for r in rows]


async def _armed(lt: LiveTable, index: int, timeout: float = 10.0) -> float:
    """Until the table shows the deadline of move `index` (armed in the background)."""
    end = time.monotonic() + timeout
    while not (lt.deadline is not None and lt.row.deadline_index == index and lt.index == index):
        assert time.monotonic() < end, "the deadline was never armed"
        await asyncio.sleep(0.01)
    return lt.deadline


async def _open(hub: Hub, table_id: str) -> LiveTable:
    lt = await hub.get(table_id)
    assert lt is not None
    hub.after_change(lt)
    return lt


# -- the store ----------------------------------------------------------------------------------
def test_a_deadline_is_set_once_per_move_and_only_while_the_table_is_at_it(store: Store) -> None:
    table_id = _two_people(store)
    assert turns.arm(store, table_id, 0, 1000) == 1000
    assert turns.arm(store, table_id, 0, 2000) == 1000  # another process arming later learns it
    assert turns.arm(store, table_id, 5, 3000) is None  # the table is not at move 5
    row = store.table(table_id)
    assert row is not None and (row.turn_based, row.deadline, row.deadline_index) == (True, 1000, 0)
    assert turns.due(store, 999) == [] and turns.due(store, 1000) == [(table_id, 0, 1000)]
    # A real-time table never shows up among the turn-based deadlines.
    other = _two_people(store, turn_based=False, move_time=60)
    turns.arm(store, other, 0, 10)
    assert [t for t, _i, _d in turns.due(store, 5000)] == [table_id]


def test_of_many_claiming_a_passed_deadline_at_once_exactly_one_wins(store: Store) -> None:
    table_id = _two_people(store)
    turns.arm(store, table_id, 0, 1000)
    won: list[bool] = []

    def ask(k: int) -> None:
        won.append(turns.claim(store, table_id, 0, 1000, 5000 + k))

    threads = [threading.Thread(target=ask, args=(k,)) for k in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(won) == [False] * 5 + [True]
    row = store.table(table_id)
    assert row is not None and row.deadline in range(5000, 5006)  # the lease of the one that won
    assert turns.due(store, 4999) == []


def test_a_store_from_before_turn_based_tables_is_upgraded_in_place(db_url: str) -> None:
    engine = db.make_engine(db_url)
    try:
        migrate.upgrade(engine, "0003")
        assert "turn_based" not in {c["name"] for c in inspect(engine).get_columns("dt_tables")}
        migrate.upgrade(engine)
        names = {c["name"] for c in inspect(engine).get_columns("dt_tables")}
        assert {"turn_based", "deadline", "deadline_index", "creator_hash"} <= names
        table_id = _two_people(Store(engine))
        row = Store(engine).table(table_id)
        assert row is not None and row.turn_based and row.creator_hash is None
    finally:
        engine.dispose()


def test_play_again_keeps_the_clock_kind_and_the_creator_token(store: Store) -> None:
    table_id, _tokens = store.create_table(
        game="carson-zoo",
        players=2,
        seed=7,
        options={},
        seat_specs=[("human", None, "Ann"), ("human", None, "Bo")],
        move_time=HOURS_6,
        turn_based=True,
        creator_hash=hash_token("the creator"),
    )
    store.accept(table_id, 0, 0, lambda _missing: (0, "pass", {"scores": [1, 0]}), "player")
    new = store.table(make_rematch(store, table_id, 9))
    assert new is not None and new.id != table_id
    assert (new.turn_based, new.move_time, new.creator_hash) == (True, HOURS_6, hash_token("the creator"))
    assert new.deadline is None  # armed when the new table's first person is to act


# -- the sweeper, with a fake clock --------------------------------------------------------------
def test_the_sweeper_plays_one_stand_in_move_once_the_deadline_passed(store: Store) -> None:
    table_id = _two_people(store)
    clock = FakeClock()

    async def scenario() -> tuple[float, float, int, int]:
        hub = Hub(store, clock=clock)
        try:
            lt = await _open(hub, table_id)
            first = await _armed(lt, 0)
            seat = lt.state.current_player
            assert seat is not None and lt.clock is None  # nothing waits in memory
            clock.now += HOURS_6 - 1
            early = await turns.sweep(hub)
            clock.now += 1
            played = await turns.sweep(hub)
            again = await turns.sweep(hub)
            second = await _armed(lt, 1)
            assert lt.row.seats[seat].away is False  # the person keeps the seat
            return first, second, early + again, played
        finally:
            await hub.close()

    first, second, none, played = asyncio.run(scenario())
    assert first == START + HOURS_6 and none == 0 and played == 1
    assert second == START + 2 * HOURS_6  # the next person's deadline runs from the stand-in move
    assert _actors(store, table_id) == [(0, "standby")]


def test_an_idle_turn_based_table_is_unloaded_and_still_gets_its_stand_in(store: Store) -> None:
    table_id = _two_people(store)
    clock = FakeClock()

    async def scenario() -> tuple[bool, int]:
        hub = Hub(store, clock=clock, idle_unload=0.0)
        try:
            lt = await _open(hub, table_id)
            await _armed(lt, 0)
            hub.unload_idle()  # (the hub's own idle sweep may have done it already)
            held = table_id in hub.tables  # its clock would hold it in memory
            clock.now += HOURS_6
            played = await turns.sweep(hub)
            return held, played
        finally:
            await hub.close()

    held, played = asyncio.run(scenario())
    assert not held and played == 1
    assert _actors(store, table_id) == [(0, "standby")]


def test_a_new_hub_on_the_same_store_plays_the_stand_in_after_the_deadline(store: Store) -> None:
    """A restart (or a SIGKILL: the deadline was committed before anybody saw it)."""
    table_id = _two_people(store)
    clock = FakeClock()

    async def before() -> None:
        hub = Hub(store, clock=clock)
        lt = await _open(hub, table_id)
        await _armed(lt, 0)
        await hub.close()  # no shutdown work is needed: the deadline is in the store

    async def after() -> int:
        hub = Hub(store, clock=clock)
        try:
            return await turns.sweep(hub)
        finally:
            await hub.close()

    asyncio.run(before())
    clock.now += 3 * HOURS_6  # the server was down past the deadline
    assert asyncio.run(after()) == 1
    assert _actors(store, table_id) == [(0, "standby")]


def test_a_start_leaves_turn_based_tables_waiting_for_a_person_unloaded(store: Store) -> None:
    waiting, unarmed = _two_people(store), _two_people(store)
    real_time = _two_people(store, turn_based=False, move_time=60)
    turns.arm(store, waiting, 0, 1000)

    async def scenario() -> set[str]:
        hub = Hub(store, clock=FakeClock())
        try:
            await hub.resume()
            loaded = set(hub.tables)
            lt = hub.tables.get(unarmed)
            if lt is not None:
                await _armed(lt, 0)
            return loaded
        finally:
            await hub.close()

    # The one without a deadline yet (a crash between a move and its deadline) is loaded to arm it.
    assert asyncio.run(scenario()) == {unarmed, real_time}
    assert store.table(unarmed).deadline_index == 0  # type: ignore[union-attr]


def test_a_person_who_moved_in_time_gets_no_stand_in(store: Store) -> None:
    table_id = _two_people(store)
    clock = FakeClock()

    async def scenario() -> int:
        hub = Hub(store, clock=clock)
        try:
            lt = await _open(hub, table_id)
            await _armed(lt, 0)
            seat = lt.state.current_player
            assert seat is not None
            clock.now += turns.HOUR
            await hub.act(lt, seat, str(lt.state.legal_actions()[0]), 0)
            assert await _armed(lt, 1) == START + turns.HOUR + HOURS_6
            clock.now = START + HOURS_6  # move 0's deadline passed, but move 1's has not
            return await turns.sweep(hub)
        finally:
            await hub.close()

    assert asyncio.run(scenario()) == 0
    assert _actors(store, table_id) == [(0, "player")]


def test_two_hubs_sweeping_one_postgresql_play_one_stand_in(pg_server: str) -> None:
    from .pg import fresh_database

    engine = db.make_engine(fresh_database(pg_server, "turns_two_hubs"))
    migrate.upgrade(engine)
    store_a, store_b = Store(engine), Store(db.make_engine(str(engine.url.render_as_string(False))))
    table_id = _two_people(store_a)
    clock = FakeClock()

    async def scenario() -> list[int]:
        a, b = Hub(store_a, clock=clock), Hub(store_b, clock=clock)
        try:
            lt = await _open(a, table_id)
            await _armed(lt, 0)
            await b.get(table_id)
            clock.now += HOURS_6
            return list(await asyncio.gather(turns.sweep(a), turns.sweep(b)))
        finally:
            await a.close()
            await b.close()

    try:
        assert sorted(asyncio.run(scenario())) == [0, 1]
        assert _actors(store_a, table_id) == [(0, "standby")]
    finally:
        store_b.engine.dispose()
        engine.dispose()


def _status_deadline(base: str, table_id: str) -> float | None:
    import httpx

    answer = httpx.post(base + "/api/tables/status", json={"ids": [table_id]}).json()
    deadline: float | None = answer["tables"][0]["deadline"]
    return deadline


def test_two_server_processes_on_postgresql_play_a_passed_deadline_once(pg_server: str) -> None:
    """Real processes: the deadline survives a SIGKILL, and both processes sweep at start-up the
    deadline that passed while they were down; one plays it."""
    from .pg import fresh_database
    from .procs import ServerProcess

    url = fresh_database(pg_server, "turns_two_procs")
    first = ServerProcess(url).start()
    try:
        made = first.post(
            "/api/tables",
            {
                "game": "carson-zoo",
                "turn_based": True,
                "move_time": HOURS_6,
                "seats": [{"kind": "human"}] * 2,
            },
        )
        end = time.monotonic() + 20
        while (shown := _status_deadline(first.base, made["id"])) is None:
            assert time.monotonic() < end, "the deadline was never armed"
            time.sleep(0.05)
        first.kill()  # SIGKILL: no shutdown code runs
    finally:
        first.stop()
    engine = db.make_engine(url)
    try:
        kept = Store(engine).table(made["id"])
        assert kept is not None and (kept.deadline, kept.deadline_index) == (shown, 0)  # it survived
        with engine.begin() as conn:  # the deadline passed while no server ran
            conn.execute(db.tables.update().where(db.tables.c.id == made["id"]).values(deadline=1000))
        servers = [ServerProcess(url), ServerProcess(url)]
        starting = [threading.Thread(target=s.start) for s in servers]
        for th in starting:
            th.start()
        for th in starting:
            th.join()
        try:
            store = Store(engine)
            end = time.monotonic() + 30
            while not _actors(store, made["id"]):
                assert time.monotonic() < end, "no stand-in move was played"
                time.sleep(0.1)
            time.sleep(1.0)  # time for a second stand-in, if the claim let one through
            assert _actors(store, made["id"]) == [(0, "standby")]
            with engine.connect() as conn:
                notes = conn.execute(select(db.notes.c.text).where(db.notes.c.table_id == made["id"])).all()
            assert len([n for n in notes if "ran out of time" in n.text]) == 1
        finally:
            for s in servers:
                s.stop()
    finally:
        engine.dispose()


def test_after_an_undo_the_move_the_table_is_back_at_gets_its_deadline(store: Store) -> None:
    # A turn-based Zombie Overlord table: the person chooses a phase (undoable), takes it back and
    # chooses again. Each move's deadline is set for it, so the sweeper still plays the stand-in
    # once the last one passed (an undo must not leave the table without a clock).
    from deadtable.server import takeback

    table_id = _two_people(store, game="zombie-overlord", seed=2)
    clock = FakeClock()

    async def scenario() -> int:
        hub = Hub(store, clock=clock)
        try:
            lt = await _open(hub, table_id)
            await _armed(lt, 0)
            seat = lt.state.current_player
            assert seat is not None
            await hub.act(lt, seat, "purchase", 0)
            await _armed(lt, 1)
            clock.now += turns.HOUR
            await takeback.take_back(hub, lt, seat, 1)
            assert await _armed(lt, 0) == START + turns.HOUR + HOURS_6  # set again, for move 0
            await hub.act(lt, seat, "purchase", 0)
            assert await _armed(lt, 1) == START + turns.HOUR + HOURS_6
            clock.now += HOURS_6
            return await turns.sweep(hub)
        finally:
            await hub.close()

    assert asyncio.run(scenario()) == 1
    assert _actors(store, table_id) == [(0, "player"), (1, "standby")]
