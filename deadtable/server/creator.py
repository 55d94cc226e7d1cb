"""A lost seat link, recovered by the table's creator.

Whoever creates a table gets a creator token beside the seats' links: a secret like a seat's
(`store.new_token`), stored only as its sha256 (`dt_tables.creator_hash`), compared in constant
time. With it, the creator can issue a new link for any person's seat.

Seat secrets are stored hashed, so an old link cannot be shown again: a new link ROTATES the seat's
secret (`rotate_seat`): a new token is drawn, its hash replaces the old one in the same
transaction, and the old link stops opening the seat at once. The connections still open on the old
link are closed (on this process at once, on the others when the change reaches them: NOTIFY, then
`Hub.refresh`, which calls the hook `CreatorTokens.refreshing`). "Play again" copies the creator's
hash with the seats' (rematch.py).

What this trusts: the creator can take any person's seat, at any time, by issuing its link anew
(the seat's player then finds their link refused). A table made before creator tokens has none,
and its links cannot be recovered.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from sqlalchemy import select, update

from deadtable.i18n import N_, Message

from .db import seats, tables
from .features import TableFeature
from .store import NO_TABLE, Refused, Store, hash_token, new_token

if TYPE_CHECKING:
    from .hub import Hub
    from .live_table import LiveTable
    from .rows import TableRow

NOT_CREATOR = N_("that is not this table's creator token: only the creator's link can issue seat links")
NO_CREATOR = N_("this table has no creator token (it was made before they existed)")
NOT_A_PERSON = N_("seat {seat} is not a person's seat: there is no link to issue")
NO_SUCH_SEAT = N_("there is no seat {seat} at this table (seats 0 to {last})")


def is_creator(stored_hash: str | None, token: str) -> bool:
    """`token` is the creator's (constant-time comparison of hashes).

    >>> is_creator(hash_token("abc"), "abc"), is_creator(hash_token("abc"), "abd"), is_creator(None, "abc")
    (True, False, False)
    """
    return stored_hash is not None and secrets.compare_digest(hash_token(token[:200]), stored_hash)


def check_creator(store: Store, table_id: str, token: str) -> None:
    """Refuse unless `token` is the creator token of `table_id`."""
    with store.transaction() as conn:
        found = conn.execute(select(tables.c.creator_hash).where(tables.c.id == table_id)).first()
    if found is None:
        raise Refused("no-table", Message(NO_TABLE, table=table_id))
    if found.creator_hash is None:
        raise Refused("no-creator", Message(NO_CREATOR))
    if not is_creator(found.creator_hash, token):
        raise Refused("not-creator", Message(NOT_CREATOR))


def rotate_seat(store: Store, table_id: str, token: str, seat: int) -> str:
    """A new secret for `seat`, replacing the old one (whose link stops working); creator only."""
    with store.transaction() as conn:
        found = store.lock_table(conn, table_id, tables.c.creator_hash, tables.c.players)
        if found is None:
            raise Refused("no-table", Message(NO_TABLE, table=table_id))
        if found.creator_hash is None:
            raise Refused("no-creator", Message(NO_CREATOR))
        if not is_creator(found.creator_hash, token):
            raise Refused("not-creator", Message(NOT_CREATOR))
        if not 0 <= seat < found.players:
            raise Refused("no-seat", Message(NO_SUCH_SEAT, seat=seat, last=found.players - 1))
        kind = conn.execute(
            select(seats.c.kind).where(seats.c.table_id == table_id, seats.c.seat == seat)
        ).scalar()
        if kind != "human":
            raise Refused("bot-seat", Message(NOT_A_PERSON, seat=seat))
        fresh = new_token()
        conn.execute(
            update(seats)
            .where(seats.c.table_id == table_id, seats.c.seat == seat)
            .values(token_hash=hash_token(fresh))
        )
        store.notify(conn, table_id)
    return fresh


def shut_out(lt: LiveTable, replaced: list[int]) -> None:
    """Close the connections of the `replaced` seats: their links no longer hold."""
    for c in list(lt.conns):
        if c.seat in replaced:
            c.drop("this seat's link was replaced by the table's creator")


async def new_link(hub: Hub, table_id: str, token: str, seat: int) -> str:
    """Rotate `seat`'s secret; the live table (if this process holds it) learns the new hash and
    closes the connections of the old link. Returns the new token."""
    fresh = await hub.run(rotate_seat, hub.store, table_id, token, seat)
    lt = hub.tables.get(table_id)
    if lt is not None:
        lt.row.seats[seat].token_hash = hash_token(fresh)
        shut_out(lt, [seat])
        lt.touch()
        hub.broadcast(lt)
    return fresh


class CreatorTokens(TableFeature):
    """The hub's hook: a seat link the creator replaced in another process closes its connections here."""

    def refreshing(self, hub: Hub, lt: LiveTable, row: TableRow) -> bool:
        replaced = [
            s.seat for s, o in zip(row.seats, lt.row.seats, strict=True) if s.token_hash != o.token_hash
        ]
        shut_out(lt, replaced)
        return False


FEATURE = CreatorTokens()
