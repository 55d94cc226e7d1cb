"""The data folder: where deadtable keeps a user's files (the XDG data directory).

It sits below both the CLI and the server, which each keep their own files in it (the CLI its
records and the chosen language, cli/paths.py; the server its SQLite store and uploaded card
files, server/db.py and server/cardsets.py); neither imports the other for it.

`DEADTABLE_HOME` names the folder itself; else it is `deadtable` under `XDG_DATA_HOME`, else under
`~/.local/share`.
"""

from __future__ import annotations

import os
from pathlib import Path


def data_dir(*, create: bool = True) -> Path:
    """The data folder, made first unless `create` is false."""
    home = os.environ.get("DEADTABLE_HOME")
    if home:
        path = Path(home)
    else:
        base = os.environ.get("XDG_DATA_HOME")
        path = (Path(base) if base else Path.home() / ".local" / "share") / "deadtable"
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path
