"""Open seats: a person's seat left for anyone to take from the lobby.

A table's creator may leave a person's seat open (`{"kind": "open"}` in POST /api/tables): it is
stored as a person's seat without a secret, so no link plays it (`seat_access.authenticate` refuses
a seat without one), and away from the start: like any person away, the table's stand-in bot plays
it while people are at the table, until someone takes it and comes. The lobby lists such seats
(`open` in a seat's public summary) and anyone may take one (POST
/api/tables/{id}/seats/{seat}/take): ONE transaction locks the table's row, checks that the game is
still on and the seat still open, and writes the new secret's hash and the name given; the first to
ask gets the seat, the others are told it was taken. The secret is answered once, as the links of a
new table are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import select, update

from deadtable.i18n import N_, Message

from .db import seats, tables
from .store import NO_TABLE, Refused, Store, hash_token, new_token

if TYPE_CHECKING:
    from .hub import Hub

OPEN = "open"  # the seat kind asked for at creation (stored as a person's seat without a secret)
NOT_OPEN = N_("seat P{seat} is not open: someone has taken it, or it was never open")
OVER = N_("this game is over: its seats can no longer be taken")


def is_open(kind: str, token_hash: str | None) -> bool:
    """A person's seat nobody holds a link to."""
    return kind == "human" and token_hash is None


def take_seat(store: Store, table_id: str, seat: int, name: str) -> str:
    """Give the open `seat` of `table_id` a new secret and the name `name`; returns the secret."""
    with store.transaction() as conn:
        found = store.lock_table(conn, table_id, tables.c.status, tables.c.players)
        if found is None:
            raise Refused("no-table", Message(NO_TABLE, table=table_id))
        if found.status != "playing":
            raise Refused("seat-over", Message(OVER))
        row = conn.execute(
            select(seats.c.kind, seats.c.token_hash).where(seats.c.table_id == table_id, seats.c.seat == seat)
        ).first()
        if row is None or not is_open(row.kind, row.token_hash):
            raise Refused("seat-taken", Message(NOT_OPEN, seat=seat + 1))
        fresh = new_token()
        conn.execute(
            update(seats)
            .where(seats.c.table_id == table_id, seats.c.seat == seat)
            .values(token_hash=hash_token(fresh), name=name)
        )
        store.notify(conn, table_id)
    return fresh


async def take(hub: Hub, table_id: str, seat: int, name: str) -> str:
    """`take_seat`, and the live table (if this process holds it) learns the seat's new holder."""
    fresh = await hub.run(take_seat, hub.store, table_id, seat, name)
    lt = hub.tables.get(table_id)
    if lt is not None:
        lt.row.seats[seat].token_hash = hash_token(fresh)
        lt.row.seats[seat].name = name
        lt.touch()
        hub.broadcast(lt)
    return fresh
