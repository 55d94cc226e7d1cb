"""The CLI's own files in the data folder (deadtable.data_folder): records and the chosen language."""

from __future__ import annotations

from pathlib import Path

from deadtable.data_folder import data_dir


def records_dir() -> Path:
    """Where `deadtable play` writes the record of each game."""
    path = data_dir() / "records"
    path.mkdir(parents=True, exist_ok=True)
    return path


def language_file(*, create: bool = True) -> Path:
    """The file holding the language chosen with `deadtable --lang L` (one code, e.g. "es")."""
    return data_dir(create=create) / "language"
