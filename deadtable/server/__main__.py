"""`python -m deadtable.server [--host H] [--port P] [--db PATH] ...`: the same as `deadtable serve`,
with fewer options (the tests start real server processes with it)."""

from __future__ import annotations

import argparse
import sys

from deadtable.core import DeadtableError

from .app import create_app
from .db import default_url
from .limits import TRUSTED_PROXIES, Limits, bound_host
from .proxy import parse_addresses
from .serving import HostingError, Listen, prepare, serve_app, shown_url


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m deadtable.server", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None, help="SQLite file or database URL")
    parser.add_argument("--bot-time", type=float, default=5.0)
    parser.add_argument("--allowed-host", action="append", default=[], help="another host to answer to")
    parser.add_argument(
        "--create-limit", type=int, default=Limits.creations, help="tables one address may create per window"
    )
    parser.add_argument("--certfile", default=None, help="serve HTTPS with this PEM certificate")
    parser.add_argument("--keyfile", default=None, help="the private key of --certfile")
    parser.add_argument(
        "--forwarded-allow-ips", default=TRUSTED_PROXIES, help="the proxies whose X-Forwarded-* are believed"
    )
    args = parser.parse_args(argv)
    try:
        trusted = parse_addresses(args.forwarded_allow_ips)
    except DeadtableError as err:
        parser.error(f"--forwarded-allow-ips: {err}")
    settings = Limits(
        allowed_hosts=(*bound_host(args.host), *args.allowed_host),
        creations=args.create_limit,
        trusted_proxies=trusted,
    )
    url = default_url(args.db)
    listen = Listen(host=args.host, port=args.port, certfile=args.certfile, keyfile=args.keyfile)
    try:
        sock = prepare(listen, url)
    except HostingError as err:
        sys.exit(f"error: {err.render()}")
    print(f"deadtable online table: open {listen.address()}  (store: {shown_url(url)})", flush=True)
    serve_app(create_app(url, bot_time=args.bot_time, limits=settings), listen, sock)


if __name__ == "__main__":
    main()
