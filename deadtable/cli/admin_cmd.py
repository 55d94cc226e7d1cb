"""`deadtable admin`: the operator's commands on a server's store (deadtable/server/upkeep.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from rich.markup import escape
from rich.table import Table

from deadtable.i18n import N_, _

from .common import console
from .translated import TCommand, TGroup

DB_HELP = N_(
    "SQLite file or database URL of the store; default, as deadtable serve: DEADTABLE_DATABASE_URL, "
    "else tables.sqlite3 in the data folder."
)


class Opened:
    """The store named by --db, checked to answer (one line naming the fix when it does not)."""

    def __init__(self, db_path: str | None) -> None:
        try:
            from deadtable.server import db, migrate, serving, upkeep
            from deadtable.server.store import Store
        except ImportError as err:  # pragma: no cover - only without the extra
            raise click.ClickException(
                _("the online table needs the server extra: pip install 'deadtable[server]' ({err})", err=err)
            ) from None
        self.url = db.default_url(db_path)
        upkeep.check_sqlite_exists(self.url)  # (a mistyped file name would make a new, empty store)
        serving.check_store(self.url)
        self.engine = db.make_engine(self.url)
        migrate.upgrade(self.engine)  # (a store made by an older version is upgraded, as serve does)
        self.store = Store(self.engine)

    def __enter__(self) -> Any:
        return self.store

    def __exit__(self, *exc: object) -> None:
        self.engine.dispose()


@click.group(
    "admin",
    cls=TGroup,
    help=N_(
        "Look after the store of an online table (deadtable serve), also while it runs: list its "
        "tables, close or delete one, take a backup.\n\n"
        "A backup of a SQLite store is a file: to restore it, stop the server, copy the file back "
        "over the store (tables.sqlite3, or your --db file; delete the -wal and -shm files beside "
        "it), and start the server again. For PostgreSQL, `backup` prints the pg_dump command to "
        "run; restore with pg_restore."
    ),
)
def admin() -> None:
    """The operator's commands (help text above, translated)."""


def db_option(f: Any) -> Any:
    return click.option("--db", "db_path", default=None, metavar="URL", help=DB_HELP)(f)


@admin.command("tables", cls=TCommand, help=N_("List the tables of the store, the newest move first."))
@db_option
def tables_cmd(db_path: str | None) -> None:
    from deadtable.server import upkeep

    with Opened(db_path) as store:
        lines = upkeep.overview(store)
    if not lines:
        console.print(_("no tables"))
        return
    table = Table(show_header=True, header_style="bold", box=None, padding=(0, 2, 0, 0))
    for title in (_("id"), _("game"), _("players"), _("state"), _("moves"), _("last move")):
        table.add_column(title)
    for line in lines:
        when = line.last_move.strftime("%Y-%m-%d %H:%M:%S") if line.last_move else "-"
        table.add_row(line.id, line.game, escape(line.players), line.status, str(line.moves), when)
    console.print(table, soft_wrap=True)


@admin.command(
    "close",
    cls=TCommand,
    help=N_("End a table: it takes no more moves, and its players see it closed (its record stays)."),
)
@click.argument("table_id", metavar="ID")
@db_option
def close_cmd(table_id: str, db_path: str | None) -> None:
    from deadtable.server import upkeep

    with Opened(db_path) as store:
        closed = upkeep.close_table(store, table_id)
    if closed:
        console.print(_("closed table {table}", table=table_id))
    else:
        console.print(_("table {table} was already over or closed", table=table_id))


@admin.command("delete", cls=TCommand, help=N_("Delete a table and its record for good."))
@click.argument("table_id", metavar="ID")
@db_option
def delete_cmd(table_id: str, db_path: str | None) -> None:
    from deadtable.server import upkeep

    with Opened(db_path) as store:
        upkeep.delete_table(store, table_id)
    console.print(_("deleted table {table}", table=table_id))


@admin.command(
    "backup",
    cls=TCommand,
    help=N_(
        "Copy a SQLite store to DEST (a new file), consistently, while the server runs (sqlite3's "
        "online backup). For PostgreSQL, print the pg_dump command to run instead."
    ),
)
@click.argument("dest", metavar="DEST")
@db_option
def backup_cmd(dest: str, db_path: str | None) -> None:
    from deadtable.server import upkeep

    with Opened(db_path) as store:
        url = str(store.engine.url.render_as_string(hide_password=False))
    source = upkeep.sqlite_file(url)
    if source is None:
        command = escape(upkeep.pg_dump_command(url, dest))
        console.print(_("PostgreSQL: back it up with {command}", command=command), soft_wrap=True)
        return
    size = upkeep.backup_sqlite(source, Path(dest))
    text = _("backed up {source} to {dest} ({size} bytes)", source=str(source), dest=dest, size=size)
    console.print(escape(text), soft_wrap=True)
