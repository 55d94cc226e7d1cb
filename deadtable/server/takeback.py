"""Take back a move: a seat's own moves since its turn began, while they showed nothing.

The game decides what may be taken back (`deadtable.core.undo`: the table follows an `UndoWindow`
beside its state, and each seat's state message carries `can_undo`, how many of its moves it may
take back now). A seat's `{"type": "undo", "index": n}` takes back its last move:

- ONE transaction (`remove_moves`) locks the table's row, checks that the table is still at move
  `n` and that the last move is that seat's, deletes that move's row, moves the table's count back,
  counts the undo in `dt_tables.undos` and writes the log's note "P1 took back a move". The record
  keeps only the moves that stood; a SIGKILL leaves the move either stored or gone, never half.
  Only a person's own moves are taken back: never one a stand-in bot played for them (out of
  time, or away), which would give the clock back.
- Only then the table is rebuilt from the store (`Hub.rebuild`: the record replayed, RULINGS
  ALL-1, the very state the move started from), and every seat's view and the whole log are sent
  again.
- Another process holding the table (PostgreSQL) sees `undos` changed when NOTIFY makes it catch up
  (`Hub.refresh`), and rebuilds the table the same way; an action it accepts meanwhile for the old
  record is refused as stale (`Store.accept`).

Nothing about the move itself is told: the note names the seat only. A move that may be taken back
showed nobody anything new, and the log entries it had added (public narration) are gone with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import delete, insert, select, update

from deadtable.i18n import N_, Message

from . import db
from .db import actions, notes, tables
from .live_table import note_text
from .store import NO_TABLE, Refused, Store

if TYPE_CHECKING:
    from .hub import Hub
    from .live_table import LiveTable

TOOK_BACK = N_("{who} took back a move")
NOTHING_TO_UNDO = N_(
    "there is no move of yours to take back: only your own moves of this turn can be, "
    "until one of them draws or shows a card, leaves a choice to chance or to another seat"
)
SPECTATOR = N_("spectators watch; only a seat can take back its own moves")
STALE = N_("the table has moved on since the move you wanted to take back")


def remove_moves(store: Store, table_id: str, index: int, undos: int, seat: int, note: str) -> int:
    """Delete `seat`'s last move of a table at move `index`, with its note, in one transaction.

    Returns the table's new move count. Refused ("undo-stale") when the table is no longer at move
    `index` after `undos` undos, or its last move is not `seat`'s (another move, or another
    process, came first)."""
    with store.transaction() as conn:
        row = store.lock_table(conn, table_id, tables.c.n_actions, tables.c.undos)
        if row is None:
            raise Refused("no-table", Message(NO_TABLE, table=table_id))
        n = int(row.n_actions)
        last = conn.execute(
            select(actions.c.seat, actions.c.actor).where(
                actions.c.table_id == table_id, actions.c.idx == n - 1
            )
        ).first()
        mine = last is not None and last.seat == seat and last.actor == "player"  # not a stand-in's
        if n != index or int(row.undos) != undos or not mine:
            raise Refused("undo-stale", Message(STALE))
        stamp = db.now()
        conn.execute(delete(actions).where(actions.c.table_id == table_id, actions.c.idx == n - 1))
        conn.execute(
            update(tables)
            .where(tables.c.id == table_id)
            .values(
                n_actions=n - 1, undos=int(row.undos) + 1, status="playing", updated_at=stamp, to_act=seat
            )
        )
        conn.execute(insert(notes).values(table_id=table_id, at_action=n - 1, text=note[:400], at=stamp))
        store.notify(conn, table_id)
    return n - 1


async def take_back(hub: Hub, lt: LiveTable, seat: int | None, index: int) -> None:
    """`seat` takes back its last move, the table being at move `index` as the seat last saw it."""
    if seat is None:
        raise Refused("undo-spectator", Message(SPECTATOR))
    async with lt.lock:
        if lt.undo.count(lt.state, seat) < 1:
            raise Refused("undo-refused", Message(NOTHING_TO_UNDO))
        if index != lt.index:
            raise Refused("undo-stale", Message(STALE))
        note = note_text(Message(TOOK_BACK, who=lt.label(seat)))
        await hub.run(remove_moves, hub.store, lt.id, index, lt.row.undos, seat, note)
        await hub.rebuild(lt)
    hub.after_change(lt)
