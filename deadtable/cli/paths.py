"""Where deadtable keeps a user's files (XDG data directory)."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir(*, create: bool = True) -> Path:
    base = os.environ.get("DEADTABLE_HOME") or os.environ.get("XDG_DATA_HOME")
    root = Path(base) if base else Path.home() / ".local" / "share"
    path = root / "deadtable" if not os.environ.get("DEADTABLE_HOME") else root
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def records_dir() -> Path:
    path = data_dir() / "records"
    path.mkdir(parents=True, exist_ok=True)
    return path


def language_file(*, create: bool = True) -> Path:
    """The file holding the language chosen with `deadtable --lang L` (one code, e.g. "es")."""
    return data_dir(create=create) / "language"
