"""Play again: a finished table's seat makes a new table with the same seats.

The new table has the same game, players, seats (a person's seat stays a person's, a bot keeps its
bot), names, options, move time, leave grace and stand-in bot; its seed is drawn anew (never chosen,
even when the old one was), and so is its card list (`card_list`: a new game gets today's cards).
It is made in ONE transaction that locks the old table's row, inserts the new table and writes its
id into the old row's `rematch`: two people clicking at once (on one process or two) make one
table, the second click answers the first's, and a SIGKILL leaves either both or neither.

Links carry over: each person's seat at the new table keeps the secret of the same seat at the old
one (its hash is copied), so the link someone holds opens their own seat at the new table and no
other. The old table's state messages carry `rematch` (the new table's id): the page of each seat
then leads to `/t/<new>#seat=N&token=<the same token>`, a spectator's to `/t/<new>`. Nobody learns
a token they did not hold: no token is sent anywhere.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from sqlalchemy import update

from deadtable.core import game
from deadtable.core.cardlists import repinned
from deadtable.i18n import N_, Message

from .db import tables
from .features import TableFeature
from .store import NO_TABLE, Refused, Store

if TYPE_CHECKING:
    from .hub import Hub
    from .live_table import LiveTable
    from .rows import TableRow

NOT_OVER = N_('the game is not over yet: "Play again" comes at the end')
SPECTATOR = N_('spectators watch; only the seats can ask to "Play again"')
FULL = N_("the server holds {most} unfinished tables, as many as it may: try again when some are over")


def make_rematch(store: Store, table_id: str, seed: int) -> str:
    """The id of the table that follows `table_id`: made now with `seed`, or the one made before."""
    with store.transaction() as conn:
        found = store.lock_table(conn, table_id, tables.c.status, tables.c.rematch)
        if found is None:
            raise Refused("no-table", Message(NO_TABLE, table=table_id))
        if found.rematch:
            return str(found.rematch)
        if found.status != "over":
            raise Refused("rematch-not-over", Message(NOT_OVER))
        old = store.table_in(conn, table_id)
        assert old is not None
        new_id = store.insert_table(
            conn,
            game=old.game,
            players=old.players,
            seed=seed,
            seed_chosen=False,
            options=repinned(game(old.game), old.players, old.options),  # today's card list
            seat_rows=[(s.kind, s.agent, s.name, s.token_hash) for s in old.seats],
            move_time=old.move_time,
            leave_grace=old.leave_grace,
            standby=old.standby,
            turn_based=old.turn_based,
            creator_hash=old.creator_hash,  # the creator keeps recovering links (creator.py)
            hints=old.hints,  # a casual table stays casual: hints carry over (hints.py)
        )
        conn.execute(update(tables).where(tables.c.id == table_id).values(rematch=new_id))
        store.notify(conn, table_id)
    return new_id


async def play_again(hub: Hub, lt: LiveTable, seat: int | None, most_unfinished: int) -> str:
    """`seat` asks for a rematch: the new table's id (made once), told to every connection.

    A new table counts against the server's unfinished tables (`Limits.unfinished`), as one
    created in the lobby does."""
    if seat is None:
        raise Refused("rematch-spectator", Message(SPECTATOR))
    if lt.row.rematch is None:
        if not lt.state.is_terminal:
            raise Refused("rematch-not-over", Message(NOT_OVER))
        if await hub.run(hub.store.count_unfinished) >= most_unfinished:
            raise Refused("rematch-full", Message(FULL, most=most_unfinished))
        new_id = await hub.run(make_rematch, hub.store, lt.id, secrets.randbits(62))
        lt.row.rematch = new_id
        lt.touch()
        hub.broadcast(lt)
        new = await hub.get(new_id)
        if new is not None:
            hub.after_change(new)
    return lt.row.rematch


class Rematch(TableFeature):
    """The hub's hook: a rematch made in another process is told to this process's connections."""

    def refreshing(self, hub: Hub, lt: LiveTable, row: TableRow) -> bool:
        changed = row.rematch != lt.row.rematch
        lt.row.rematch = row.rematch
        return changed


FEATURE = Rematch()
