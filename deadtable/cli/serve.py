"""`deadtable serve`: the online table (lobby, tables, bots) in a browser."""

from __future__ import annotations

from typing import Any

import click
from rich.markup import escape

from deadtable.core import DeadtableError
from deadtable.i18n import N_, _
from deadtable.server import limits

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
@click.option(
    "--allowed-host",
    "allowed_hosts",
    multiple=True,
    metavar="HOST",
    help=N_(
        "A host name the server answers to (repeatable; '*' for any, behind a proxy that checks it). "
        "Always allowed: localhost, 127.0.0.1, [::1] and the --host address; also those listed in "
        "DEADTABLE_ALLOWED_HOSTS. Requests naming another host are refused (DNS rebinding)."
    ),
)
@click.option(
    "--certfile",
    metavar="PATH",
    type=click.Path(dir_okay=False),
    default=None,
    help=N_(
        "Serve HTTPS with this PEM certificate (with its chain), for a host without a proxy; "
        "give its private key with --keyfile."
    ),
)
@click.option(
    "--keyfile",
    metavar="PATH",
    type=click.Path(dir_okay=False),
    default=None,
    help=N_("The PEM private key of --certfile."),
)
@click.option(
    "--forwarded-allow-ips",
    metavar="IPS",
    default=limits.TRUSTED_PROXIES,
    show_default=True,
    envvar="FORWARDED_ALLOW_IPS",
    help=N_(
        "Behind a reverse proxy: the proxy's addresses (comma-separated addresses or networks, or "
        "'*'), whose X-Forwarded-For, X-Forwarded-Proto and X-Forwarded-Host are believed, so the "
        "limits per address count each player's own address. Those headers from any other address "
        "are ignored."
    ),
)
@click.option(
    "--metrics-port",
    metavar="N",
    type=click.IntRange(1, 65535),
    default=None,
    help=N_(
        "Serve Prometheus metrics (tables, connections, moves, refusals, bot think time) at "
        "http://HOST:N/metrics, on this port of their own; off unless given. Needs "
        "pip install 'deadtable[metrics]'."
    ),
)
@click.option(
    "--metrics-host",
    metavar="HOST",
    default="127.0.0.1",
    show_default=True,
    help=N_("The address the metrics listen on: this machine only, unless you choose otherwise."),
)
@click.option(
    "--max-body",
    metavar="BYTES",
    default=limits.BODY_BYTES,
    show_default=True,
    type=click.IntRange(1024),
    help=N_("Largest request body in bytes (a card file upload may be up to --max-card-file)."),
)
@click.option(
    "--max-card-file",
    metavar="BYTES",
    default=limits.CARD_FILE_BYTES,
    show_default=True,
    type=click.IntRange(1024),
    help=N_("Largest card file in bytes that a player may upload."),
)
@click.option(
    "--create-limit",
    metavar="N",
    default=limits.CREATIONS,
    show_default=True,
    type=click.IntRange(1),
    help=N_("Tables one IP address may create within --create-window seconds."),
)
@click.option(
    "--create-window",
    metavar="SECONDS",
    default=limits.CREATION_WINDOW,
    show_default=True,
    type=click.FloatRange(1),
    help=N_("The window, in seconds, of --create-limit."),
)
@click.option(
    "--max-unfinished",
    metavar="N",
    default=limits.UNFINISHED,
    show_default=True,
    type=click.IntRange(1),
    help=N_("Unfinished tables the server holds at most; no new table beyond."),
)
def serve(
    host: str,
    port: int,
    db_path: str | None,
    bot_time: float,
    allowed_hosts: tuple[str, ...],
    max_body: int,
    max_card_file: int,
    create_limit: int,
    create_window: float,
    max_unfinished: int,
    certfile: str | None,
    keyfile: str | None,
    forwarded_allow_ips: str,
    metrics_port: int | None,
    metrics_host: str,
) -> None:
    try:
        from deadtable.server import create_app, proxy, serving
        from deadtable.server.db import default_url
        from deadtable.server.limits import Limits, bound_host
    except ImportError as err:  # pragma: no cover - only without the extra
        raise click.ClickException(
            _("the online table needs the server extra: pip install 'deadtable[server]' ({err})", err=err)
        ) from None
    try:
        trusted = proxy.parse_addresses(forwarded_allow_ips)
    except DeadtableError as err:
        raise click.BadParameter(err.render(), param_hint="'--forwarded-allow-ips'") from None
    url = default_url(db_path)
    listen = serving.Listen(host=host, port=port, certfile=certfile, keyfile=keyfile)
    metrics = _metrics() if metrics_port is not None else None
    sock = serving.prepare(listen, url)  # a mistake: one line (HostingError), shown by main()
    settings = Limits(
        body_bytes=max_body,
        card_file_bytes=max_card_file,
        creations=create_limit,
        creation_window=create_window,
        unfinished=max_unfinished,
        allowed_hosts=(*bound_host(host), *allowed_hosts),
        trusted_proxies=trusted,
    )
    app = create_app(url, bot_time=bot_time, limits=settings, metrics=metrics)
    address = "[bold]" + listen.address() + "[/bold]"
    console.print(
        _(
            "deadtable online table: open {address}  (store: {store})",
            address=address,
            store=escape(serving.shown_url(url)),
        ),
        soft_wrap=True,
    )
    if metrics is not None and metrics_port is not None:
        try:
            serving.serve_metrics(metrics, metrics_host, metrics_port)
        except serving.HostingError:
            sock.close()
            raise
        where = f"http://{metrics_host}:{metrics_port}/metrics"
        console.print(_("metrics: {address}", address=where), soft_wrap=True)
    serving.serve_app(app, listen, sock)


def _metrics() -> Any:
    try:
        from deadtable.server.metrics import Metrics
    except ImportError as err:
        raise click.ClickException(
            _("--metrics-port needs prometheus-client: pip install 'deadtable[metrics]' ({err})", err=err)
        ) from None
    return Metrics()
