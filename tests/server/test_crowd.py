"""A crowd of spectators never stands between a player and the answer to their move.

The hub wakes the seats' writers itself and leaves the spectators to the table's own task, which
wakes them a batch at a time (spectators.py). Measured in the order the writers take their
messages, not in seconds: from the moment a move is stored, at most one batch of spectators' states
leaves before the mover's own, however many watch; spectators whose writer never finishes a send
hold nobody; every spectator ends at the latest state, and only ever gets the spectator's view.
While a change is being made (the table's lock held) no spectator is told: it goes first.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from deadtable.server.live_limits import SPECTATOR_BATCH
from deadtable.server.live_table import Conn, LiveTable

from .conftest import create

WATCHERS = 20 * SPECTATOR_BATCH
STUCK = 3  # spectators whose writer takes one message, then never finishes sending it
MOVES = 12


async def _crowd_plays(hub: Any, lt: LiveTable) -> dict[str, Any]:
    """Two seats play MOVES moves, each as soon as the mover got the state past its previous one,
    while the crowd watches. What the writers took, in order, and what each spectator saw."""
    taken: list[tuple[str, int]] = []  # (who, index of the state) in the order the writers took them
    views: list[dict[str, Any]] = []  # every message a spectator took
    last_of: dict[int, int] = {}  # each spectator's last state
    never = asyncio.Event()

    async def write(conn: Conn, who: str) -> None:
        async for text in conn.outgoing():
            msg = json.loads(text)
            taken.append((who, msg["index"]))
            if conn.seat is None:
                views.append(msg)
                last_of[id(conn)] = msg["index"]
            if who == "stuck":
                await never.wait()  # a send that never ends

    seats = [(Conn(seat=seat), f"seat {seat}") for seat in (0, 1)]
    crowd = [(Conn(seat=None), "watcher") for _ in range(WATCHERS)]
    crowd += [(Conn(seat=None), "stuck") for _ in range(STUCK)]
    writers = []
    for conn, who in [*seats, *crowd]:
        await hub.join(lt, conn)
        writers.append(asyncio.ensure_future(write(conn, who)))

    async def until(done: Any) -> None:
        for _ in range(10_000):
            if done():
                return
            await asyncio.sleep(0.001)
        raise AssertionError("the connections were never told")

    broadcast = hub.broadcast

    def marked(table: LiveTable) -> None:  # the move is stored: from here on the mover waits
        taken.append(("stored", table.index))
        broadcast(table)

    hub.broadcast = marked
    movers = []
    try:
        for _ in range(MOVES):
            seat = lt.state.current_player
            index = lt.index
            movers.append(seat)
            await hub.act(lt, seat, str(lt.state.legal_actions()[0]), index)
            answer = (f"seat {seat}", index + 1)
            await until(lambda answer=answer: answer in taken)
        watchers = [id(c) for c, who in crowd if who == "watcher"]
        await until(lambda: all(last_of.get(k) == lt.index for k in watchers))
    finally:
        hub.broadcast = broadcast
        for task in writers:
            task.cancel()
        for conn, _ in [*seats, *crowd]:
            lt.remove_conn(conn)
    return {
        "taken": taken,
        "movers": movers,
        "views": views,
        "last": [last_of[id(c)] for c, _ in crowd],
        "alive": all(c.alive for c, _ in crowd),
    }


def _ahead_of_the_mover(taken: list[tuple[str, int]], index: int, mover: int) -> int:
    """Spectators' states taken after move `index` was stored, before the mover's state past it."""
    start = taken.index(("stored", index))
    end = taken.index((f"seat {mover}", index), start)
    return sum(1 for who, _ in taken[start:end] if who in ("watcher", "stuck"))


def test_the_movers_answer_waits_for_one_batch_of_spectators_at_most(client):
    t = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    hub = client.app.state.hub
    lt = hub.tables[t["id"]]
    seen = client.portal.call(_crowd_plays, hub, lt)
    taken, movers = seen["taken"], seen["movers"]
    assert len(movers) == MOVES and lt.index == MOVES
    ahead = [_ahead_of_the_mover(taken, i + 1, mover) for i, mover in enumerate(movers)]
    # Were the spectators woken with the seats, the mover's writer would stand in line among them.
    assert max(ahead) <= SPECTATOR_BATCH, ahead
    # Every spectator that reads ends at the latest state; the stuck ones (one state taken, never
    # sent) held nobody and were not dropped: a state waits in a queue once at most.
    assert seen["last"] == [MOVES] * WATCHERS + [0] * STUCK
    assert sum(1 for who, _ in taken if who == "stuck") == STUCK and seen["alive"]
    # Only the spectator's view ever reached a spectator.
    assert all(m["seat"] is None and m["legal"] == [] and not m["your_turn"] for m in seen["views"])


async def _told_while_locked(hub: Any, lt: LiveTable) -> tuple[int, int, int]:
    """Spectators told while the table's lock is held (a change being made), then after it."""
    crowd = [Conn(seat=None) for _ in range(3 * SPECTATOR_BATCH)]
    for conn in crowd:
        lt.add_conn(conn)
    try:
        async with lt.lock:
            hub.broadcast(lt)
            for _ in range(50):
                await asyncio.sleep(0)
            during = sum(len(c.queue) for c in crowd)
        for _ in range(200):
            if all(c.queue for c in crowd):
                break
            await asyncio.sleep(0.001)
        return during, sum(len(c.queue) for c in crowd), lt.spectators.rounds
    finally:
        for conn in crowd:
            lt.remove_conn(conn)


def test_spectators_wait_while_a_change_is_made_then_are_all_told(client):
    t = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    hub = client.app.state.hub
    lt = hub.tables[t["id"]]
    during, after, rounds = client.portal.call(_told_while_locked, hub, lt)
    assert (during, after, rounds) == (0, 3 * SPECTATOR_BATCH, 1)


async def _crowd_hears_a_line(hub: Any, lt: LiveTable) -> dict[str, Any]:
    """Seat 0 writes a chat line while the crowd watches: what the writers took, in order."""
    from deadtable.server import chat

    taken: list[tuple[str, str]] = []  # (who, message type) in the order the writers took them

    async def write(conn: Conn, who: str) -> None:
        async for text in conn.outgoing():
            taken.append((who, json.loads(text)["type"]))

    seats = [(Conn(seat=seat), f"seat {seat}") for seat in (0, 1)]
    crowd = [(Conn(seat=None), "watcher") for _ in range(WATCHERS)]
    writers = []
    for conn, who in [*seats, *crowd]:
        await hub.join(lt, conn)
        writers.append(asyncio.ensure_future(write(conn, who)))
    try:
        for _ in range(10_000):  # everyone has had the table's state
            if sum(1 for _, kind in taken if kind == "state") >= 2 + WATCHERS:
                break
            await asyncio.sleep(0.001)
        taken.append(("said", "chat"))  # from here on, the seats wait for the line
        await chat.say(hub, lt, 0, "the Trap is armed")
        for _ in range(10_000):
            if taken.count(("watcher", "chat")) == WATCHERS:
                break
            await asyncio.sleep(0.001)
    finally:
        for task in writers:
            task.cancel()
        for conn, _ in [*seats, *crowd]:
            lt.remove_conn(conn)
    return {"taken": taken, "rounds": lt.spectators.rounds}


def test_a_chat_line_reaches_the_seats_before_all_but_one_batch_of_spectators(client):
    t = create(client, seats=[{"kind": "human"}, {"kind": "human"}])
    hub = client.app.state.hub
    lt = hub.tables[t["id"]]
    seen = client.portal.call(_crowd_hears_a_line, hub, lt)
    taken = seen["taken"]
    start = taken.index(("said", "chat"))
    reached = [taken.index((f"seat {seat}", "chat"), start) for seat in (0, 1)]
    ahead = sum(1 for who, kind in taken[start : max(reached)] if who == "watcher" and kind == "chat")
    # Were the spectators' writers woken with the seats', the seats would wait among them.
    assert ahead <= SPECTATOR_BATCH, ahead
    # Every spectator gets the line once, and no state comes with it (the state did not change).
    assert taken[start:].count(("watcher", "chat")) == WATCHERS
    assert ("watcher", "state") not in taken[start:]
    assert seen["rounds"] == 1
