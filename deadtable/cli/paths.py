"""Where deadtable keeps a user's files (XDG data directory)."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    base = os.environ.get("DEADTABLE_HOME") or os.environ.get("XDG_DATA_HOME")
    root = Path(base) if base else Path.home() / ".local" / "share"
    path = root / "deadtable" if not os.environ.get("DEADTABLE_HOME") else root
    path.mkdir(parents=True, exist_ok=True)
    return path


def records_dir() -> Path:
    path = data_dir() / "records"
    path.mkdir(parents=True, exist_ok=True)
    return path
