"""`deadtable serve`: the online table (lobby, tables, bots) in a browser."""

from __future__ import annotations

import click
from rich.markup import escape

from deadtable.i18n import N_, _

from .common import console
from .translated import TCommand


@click.command(
    "serve",
    cls=TCommand,
    help=N_("Serve the online table: create tables, play with friends through links, or against bots."),
)
@click.option("--host", default="127.0.0.1", show_default=True, help=N_("Address to listen on."))
@click.option("--port", default=8000, show_default=True, type=int, help=N_("Port to listen on."))
@click.option(
    "--db",
    "db_path",
    default=None,
    help=N_(
        "SQLite file (or a database URL) for the tables; default: DEADTABLE_DATABASE_URL, "
        "else tables.sqlite3 in the data folder."
    ),
)
@click.option("--bot-time", default=5.0, show_default=True, type=float, help=N_("Seconds a bot may think."))
def serve(host: str, port: int, db_path: str | None, bot_time: float) -> None:
    try:
        import uvicorn

        from deadtable.server import create_app
        from deadtable.server.db import default_url
    except ImportError as err:  # pragma: no cover - only without the extra
        raise click.ClickException(
            _("the online table needs the server extra: pip install 'deadtable[server]' ({err})", err=err)
        ) from None
    url = default_url(db_path)
    shown = url.split("@")[-1] if "@" in url else url
    app = create_app(url, bot_time=bot_time)
    address = "[bold]" + f"http://{host}:{port}/" + "[/bold]"
    console.print(
        _(
            "deadtable online table: open {address}  (store: {store})",
            address=address,
            store=escape(shown),
        ),
        soft_wrap=True,
    )
    uvicorn.run(
        app, host=host, port=port, log_level="warning", ws_max_size=1 << 20, ws_per_message_deflate=False
    )
