"""The online table: FastAPI + WebSockets over a SQLAlchemy store (SQLite or PostgreSQL)."""

from .app import create_app

__all__ = ["create_app"]
