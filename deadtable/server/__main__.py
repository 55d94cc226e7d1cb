"""`python -m deadtable.server [--host H] [--port P] [--db PATH]`: the same as `deadtable serve`."""

from __future__ import annotations

import argparse

import uvicorn

from .app import create_app
from .db import default_url
from .limits import Limits, bound_host


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
    args = parser.parse_args(argv)
    settings = Limits(allowed_hosts=(*bound_host(args.host), *args.allowed_host), creations=args.create_limit)
    url = default_url(args.db)
    print(f"deadtable online table: open http://{args.host}:{args.port}/", flush=True)
    uvicorn.run(
        create_app(url, bot_time=args.bot_time, limits=settings),
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=1 << 20,
        ws_per_message_deflate=False,
    )


if __name__ == "__main__":
    main()
