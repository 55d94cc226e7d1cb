"""The store: every table, seat, accepted action and log note, behind plain synchronous methods.

The server calls these from worker threads. `accept` is the heart: in ONE transaction it locks the
table's row (SELECT ... FOR UPDATE on PostgreSQL; BEGIN IMMEDIATE serializes SQLite), checks the
action index against the record, lets the caller check the action against the rules, appends it
and moves the index on. A stale or replayed action fails the index check and changes nothing.

A table feature that keeps rows of its own (chat.py, takeback.py, turns.py, creator.py,
rematch.py) uses only this public interface, the same on SQLite and PostgreSQL:

- `transaction()`: one transaction, a SQLAlchemy `Connection`, committed when the block ends and
  rolled back when it raises. On SQLite it is exclusive (BEGIN IMMEDIATE, and one at a time in
  this process): nothing else writes while it runs. On PostgreSQL it is READ COMMITTED, and others
  run beside it: a change that depends on what it reads of a table locks that table first.
- `lock_table(conn, table_id, *columns)`: lock a table's row until the transaction ends and read
  those columns of it (None: no such table). It is the lock that orders every change to one
  table, `accept`'s too (FOR UPDATE; SQLite's transaction is exclusive already).
- `notify(conn, table_id)`: the table changed; the other server processes are told when the
  transaction commits, and only if it does (PostgreSQL NOTIFY on `NOTIFY_CHANNEL`: notify.py
  listens, `Hub.refresh` catches up). On SQLite nothing is sent: no other process listens.
- `table_in(conn, table_id)` and `insert_table(conn, ...)`: a table's row read, or a new table
  written, inside such a transaction.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import secrets
import threading
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Engine, Row, and_, bindparam, func, insert, or_, select, text, update

from deadtable.core.cardlists import PIN
from deadtable.i18n import N_, Message

from . import db
from .db import actions, notes, seats, tables
from .rows import ActionRow, NoteRow, SeatRow, TableRow, Verdict

NOTIFY_CHANNEL = "deadtable"
NO_TABLE = N_("there is no table {table!r}")
CLOSED = "closed"  # the status of a table its operator closed (`deadtable admin close`, upkeep.py)
CLOSED_MESSAGE = N_("the server's operator closed this table: it takes no more moves")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_token() -> str:
    """A seat's secret: 24 random bytes (192 bits), URL-safe."""
    return secrets.token_urlsafe(24)


class Refused(Exception):
    """An action or request the table will not take; `code` is short, the message is for people.

    The message is a `Message` (or a message id with `params`), rendered in the reader's language
    with `render(lang)`; `.message` is the English text.
    """

    def __init__(self, code: str, message: str | Message, /, **params: Any) -> None:
        self.msg = message if isinstance(message, Message) else Message(message, **params)
        self.code = code
        self.message = str(self.msg)
        super().__init__(self.message)

    def render(self, lang: str | None = None) -> str:
        return self.msg.render(lang)


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.postgresql = db.is_postgresql(engine)
        self.origin = secrets.token_hex(6)  # tells this process's own NOTIFYs from the others'
        # SQLite has one writer at a time, and a writer that finds it busy sleeps in growing steps
        # (up to 100 ms): threads of this process take turns here instead, so nobody sleeps.
        self._sqlite_lock = threading.Lock() if engine.dialect.name == "sqlite" else None
        # The row lock that serializes a table's actions (FOR UPDATE is dropped on SQLite, where
        # BEGIN IMMEDIATE already makes the whole transaction exclusive).
        by_table = tables.c.id == bindparam("id")
        self._lock_query = select(tables.c.n_actions, tables.c.status).where(by_table).with_for_update()
        # The same with the count of undos, for a caller that knows it (takeback.py).
        self._lock_undos = (
            select(tables.c.n_actions, tables.c.undos, tables.c.status).where(by_table).with_for_update()
        )
        # Statements built once: building them per action costs more than running them.
        self._insert_action = insert(actions)
        by_id = update(tables).where(tables.c.id == bindparam("tid"))
        self._advance = by_id.values(
            n_actions=bindparam("n"), updated_at=bindparam("at"), to_act=bindparam("to_act")
        )
        # (`to_act` is left as it was: a finished table's row reads None, see `table_in`, and this
        # version still finishes games on a store older than the column, test_rematch.)
        self._finish = by_id.values(
            n_actions=bindparam("n"), updated_at=bindparam("at"), status="over", outcome=bindparam("outcome")
        )

    # -- the public interface of transactions ------------------------------------------------
    @contextlib.contextmanager
    def transaction(self) -> Iterator[Connection]:
        """One transaction, committed when the block ends, rolled back when it raises.

        Exclusive on SQLite (BEGIN IMMEDIATE, one at a time in this process); READ COMMITTED on
        PostgreSQL, where a change that depends on a table's row locks it first (`lock_table`).
        """
        if self._sqlite_lock is None:
            with self.engine.begin() as conn:
                yield conn
            return
        with self._sqlite_lock, self.engine.begin() as conn:
            yield conn

    # -- tables ------------------------------------------------------------------------------
    def create_table(
        self,
        *,
        game: str,
        players: int,
        seed: int,
        seed_chosen: bool = False,
        options: dict[str, Any],
        seat_specs: list[tuple[str, str | None, str]],
        move_time: int = 0,
        leave_grace: int = 30,
        standby: str = "greedy",
        turn_based: bool = False,
        creator_hash: str | None = None,
        hints: bool = False,
        to_act: int | None = None,
    ) -> tuple[str, dict[int, str]]:
        """A new table; returns its id and the secret token of each human seat (shown once). A seat of
        kind "open" is a person's seat without one, which anyone may take (open_seats.py)."""
        tokens: dict[int, str] = {}
        seat_rows: list[tuple[str, str | None, str, str | None]] = []
        for seat, (kind, agent, name) in enumerate(seat_specs):
            if kind == "open":  # a person's seat without a secret, for anyone to take (open_seats.py)
                seat_rows.append(("human", None, name, None))
                continue
            if kind == "human":
                tokens[seat] = new_token()
            seat_rows.append((kind, agent, name, hash_token(tokens[seat]) if seat in tokens else None))
        with self.transaction() as conn:
            table_id = self.insert_table(
                conn,
                game=game,
                players=players,
                seed=seed,
                seed_chosen=seed_chosen,
                options=options,
                seat_rows=seat_rows,
                move_time=move_time,
                leave_grace=leave_grace,
                standby=standby,
                turn_based=turn_based,
                creator_hash=creator_hash,
                hints=hints,
                to_act=to_act,
            )
        return table_id, tokens

    def insert_table(
        self,
        conn: Connection,
        *,
        game: str,
        players: int,
        seed: int,
        seed_chosen: bool,
        options: dict[str, Any],
        seat_rows: list[tuple[str, str | None, str, str | None]],
        move_time: int,
        leave_grace: int,
        standby: str,
        turn_based: bool = False,
        creator_hash: str | None = None,
        hints: bool = False,
        to_act: int | None = None,
    ) -> str:
        """Insert a new table and its seats (kind, agent, name, token hash) in `conn`'s transaction."""
        table_id = secrets.token_urlsafe(9)
        stamp = db.now()
        conn.execute(
            insert(tables).values(
                id=table_id,
                game=game,
                players=players,
                seed=seed,
                seed_chosen=seed_chosen,
                options=json.dumps(options, sort_keys=True),
                move_time=move_time,
                leave_grace=leave_grace,
                standby=standby,
                status="playing",
                n_actions=0,
                outcome=None,
                created_at=stamp,
                updated_at=stamp,
                # Only when set: the store's default otherwise (as on a schema before them).
                **({"turn_based": True} if turn_based else {}),
                **({"creator_hash": creator_hash} if creator_hash is not None else {}),
                **({"hints": True} if hints else {}),
                **({"to_act": to_act} if to_act is not None else {}),
            )
        )
        for seat, (kind, agent, name, token_hash) in enumerate(seat_rows):
            conn.execute(
                insert(seats).values(
                    table_id=table_id,
                    seat=seat,
                    kind=kind,
                    agent=agent,
                    name=name,
                    token_hash=token_hash,
                    # A seat left open (a person's seat without a secret) starts away: the stand-in
                    # bot plays it until someone takes it and comes (open_seats.py).
                    away=kind == "human" and token_hash is None,
                )
            )
        return table_id

    def lock_table(self, conn: Connection, table_id: str, *columns: Any) -> Row[Any] | None:
        """Lock the row of `table_id` in `conn`'s transaction, until it ends, and read `columns`
        of it (columns of `db.tables`); None when there is no such table.

        Every change to one table takes this lock first (`accept` too), so two of them, in two
        threads or two processes, happen one after the other and the second sees the first."""
        query = select(*columns).where(tables.c.id == table_id).with_for_update()
        return conn.execute(query).first()

    def notify(self, conn: Connection, table_id: str) -> None:
        """Tell the other server processes that `table_id` changed, when `conn`'s transaction
        commits (and not if it rolls back). PostgreSQL only: on SQLite no other process listens."""
        if self.postgresql:
            # Delivered to every listening server process when this transaction commits.
            payload = f"{table_id} {self.origin}"
            conn.execute(text("SELECT pg_notify(:c, :p)"), {"c": NOTIFY_CHANNEL, "p": payload})

    def table_in(self, conn: Connection, table_id: str) -> TableRow | None:
        """The row of `table_id` with its seats, read in `conn`'s transaction (None: no such table)."""
        row = conn.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
        if row is None:
            return None
        seat_rows = conn.execute(
            select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
        ).mappings()
        return TableRow(
            id=row["id"],
            game=row["game"],
            players=row["players"],
            seed=row["seed"],
            options=json.loads(row["options"]),
            move_time=row["move_time"],
            leave_grace=row["leave_grace"],
            standby=row["standby"],
            status=row["status"],
            n_actions=row["n_actions"],
            outcome=json.loads(row["outcome"]) if row["outcome"] else None,
            created_at=row["created_at"].isoformat() if row["created_at"] else "",
            seats=[
                SeatRow(s["seat"], s["kind"], s["agent"], s["name"], s["token_hash"], bool(s["away"]))
                for s in seat_rows
            ],
            seed_chosen=bool(row["seed_chosen"]),
            rematch=row["rematch"],
            turn_based=bool(row["turn_based"]),
            deadline=row["deadline"],
            deadline_index=row["deadline_index"],
            creator_hash=row["creator_hash"],
            undos=int(row["undos"] or 0),
            hints=bool(row["hints"]),
            to_act=row["to_act"] if row["status"] == "playing" else None,
        )

    def table(self, table_id: str) -> TableRow | None:
        with self.transaction() as conn:
            return self.table_in(conn, table_id)

    def load(
        self, table_id: str, after: int = 0, after_note: int = 0
    ) -> tuple[TableRow, list[ActionRow], list[NoteRow]] | None:
        """A table with its actions from index `after` on and its notes after note id `after_note`."""
        with self.transaction() as conn:
            row = self.table_in(conn, table_id)
            if row is None:
                return None
            return row, self._actions(conn, table_id, after), self._notes(conn, table_id, after_note)

    def pin_card_list(self, table_id: str, pin: str) -> dict[str, Any] | None:
        """Write `pin` as the `card_list` option of a table stored before card lists were pinned
        (deadtable.core.cardlists), unless it has one by now: its options as stored after, or None
        when there is no such table."""
        with self.transaction() as conn:
            row = conn.execute(select(tables.c.options).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            options: dict[str, Any] = json.loads(row.options)
            if not options.get(PIN):
                options[PIN] = pin
                stored = json.dumps(options, sort_keys=True)
                conn.execute(update(tables).where(tables.c.id == table_id).values(options=stored))
            return options

    def _actions(self, conn: Connection, table_id: str, after: int) -> list[ActionRow]:
        rows = conn.execute(
            select(actions.c.idx, actions.c.seat, actions.c.text, actions.c.actor)
            .where(actions.c.table_id == table_id, actions.c.idx >= after)
            .order_by(actions.c.idx)
        )
        return [ActionRow(r.idx, r.seat, r.text, r.actor) for r in rows]

    def _notes(self, conn: Connection, table_id: str, after_note: int) -> list[NoteRow]:
        rows = conn.execute(
            select(notes.c.id, notes.c.at_action, notes.c.text)
            .where(notes.c.table_id == table_id, notes.c.id > after_note)
            .order_by(notes.c.id)
        )
        return [NoteRow(r.id, r.at_action, r.text) for r in rows]

    def list_tables(
        self, *, status: str | None = None, limit: int = 100, active_since: datetime | None = None
    ) -> list[TableRow]:
        """The newest tables first; with `active_since`, an unfinished table only when it was
        created or last moved since then, or is turn-based and waits for a move before its
        deadline (which a stand-in plays if the person does not): the others are abandoned."""
        with self.transaction() as conn:
            query = select(tables.c.id).order_by(tables.c.created_at.desc()).limit(limit)
            if status:
                query = query.where(tables.c.status == status)
            if active_since is not None:
                waits = and_(tables.c.turn_based.is_(True), tables.c.deadline_index == tables.c.n_actions)
                query = query.where(
                    or_(tables.c.status != "playing", tables.c.updated_at >= active_since, waits)
                )
            ids = [r.id for r in conn.execute(query)]
            out = [self.table_in(conn, i) for i in ids]
        return [t for t in out if t is not None]

    def tables_by_id(self, ids: list[str]) -> dict[str, TableRow]:
        """The rows of those of `ids` that exist, in one transaction (no actions read)."""
        with self.transaction() as conn:
            found = (self.table_in(conn, i) for i in ids)
            return {t.id: t for t in found if t is not None}

    def ping(self) -> None:
        """A trivial query (one table's id), raising when the store does not answer: the health
        check's (routes/health.py). It takes no transaction lock, so it never waits for writers."""
        conn = self.engine.raw_connection()  # (the plain driver: no BEGIN IMMEDIATE on SQLite)
        try:
            cursor = conn.cursor()
            cursor.execute("SELECT id FROM dt_tables LIMIT 1")
            cursor.fetchall()
            cursor.close()
        finally:
            conn.close()

    def count_unfinished(self) -> int:
        with self.transaction() as conn:
            n = conn.execute(select(func.count()).where(tables.c.status == "playing")).scalar()
        return int(n or 0)

    def unfinished(self) -> list[str]:
        with self.transaction() as conn:
            return [r.id for r in conn.execute(select(tables.c.id).where(tables.c.status == "playing"))]

    def count_actions(self, table_id: str) -> int:
        with self.transaction() as conn:
            n = conn.execute(select(func.count()).where(actions.c.table_id == table_id)).scalar()
        return int(n or 0)

    # -- changes ----------------------------------------------------------------------------
    def accept(
        self,
        table_id: str,
        index: int | None,
        known: int,
        check: Callable[[list[ActionRow]], tuple[Any, ...]],
        actor: str,
        undos: int | None = None,
    ) -> int:
        """Append one action, in one transaction, if `check` accepts it; returns its index.

        `check(missing)` runs while the table's row is locked and gets the actions from index `known` on
        (those this process has not seen yet, accepted by another process); it raises `Refused`
        to refuse, or returns a `Verdict` (seat, action text, outcome or None, seat to act next).
        With `undos`, the action is refused as stale when moves were taken back since (the
        caller's state is not the record's).
        """
        with self.transaction() as conn:
            lock = self._lock_query if undos is None else self._lock_undos
            row = conn.execute(lock, {"id": table_id}).first()
            if row is None:
                raise Refused("no-table", Message(NO_TABLE, table=table_id))
            if row.status == CLOSED:  # by the server's operator (upkeep.py): no move any more
                raise Refused("closed", Message(CLOSED_MESSAGE))
            n = int(row.n_actions)
            moved_back = n < known or (undos is not None and undos != row.undos)  # undone since
            if (index is not None and index != n) or moved_back:
                raise Refused(
                    "stale",
                    Message(
                        "that action was for move {index}, but the table is at move {n}: "
                        "it was already played or the table has moved on",
                        index=index,
                        n=n,
                    ),
                )
            missing = self._actions(conn, table_id, known) if n > known else []
            seat, action_text, outcome, to_act = Verdict(*check(missing))
            stamp = db.now()
            conn.execute(
                self._insert_action,
                {
                    "table_id": table_id,
                    "idx": n,
                    "seat": seat,
                    "text": action_text,
                    "actor": actor,
                    "at": stamp,
                },
            )
            if outcome is None:
                conn.execute(self._advance, {"tid": table_id, "n": n + 1, "at": stamp, "to_act": to_act})
            else:
                conn.execute(
                    self._finish, {"tid": table_id, "n": n + 1, "at": stamp, "outcome": json.dumps(outcome)}
                )
            self.notify(conn, table_id)
        return n

    def add_note(
        self, table_id: str, at_action: int, note: str, *, away: tuple[int, bool] | None = None
    ) -> int:
        """A line for the table's log, and optionally a seat's away flag, in one transaction."""
        with self.transaction() as conn:
            result = conn.execute(
                insert(notes).values(table_id=table_id, at_action=at_action, text=note[:400], at=db.now())
            )
            if away is not None:
                conn.execute(
                    update(seats)
                    .where(seats.c.table_id == table_id, seats.c.seat == away[0])
                    .values(away=away[1])
                )
            self.notify(conn, table_id)
        key = result.inserted_primary_key
        assert key is not None
        return int(key[0])
