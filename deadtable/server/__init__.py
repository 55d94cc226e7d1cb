"""The online table: FastAPI + WebSockets over a SQLAlchemy store (SQLite or PostgreSQL).

`create_app` is imported when first asked for, so `deadtable.server.limits` (which the `serve`
command reads for its defaults) imports without the server extra.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
