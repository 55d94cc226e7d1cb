"""Per-game rows to and from files: CSV by default, Parquet (pyarrow) when the name ends .parquet."""

from __future__ import annotations

import csv
import math
from pathlib import Path
from typing import Any

from deadtable.core import DeadtableError

FIXED = ("game", "seed", "players")


def columns(rows: list[dict[str, Any]]) -> list[str]:
    """Every column that any row has: the fixed ones first, then in first-seen order."""
    seen: dict[str, None] = dict.fromkeys(FIXED)
    for row in rows:
        for key in row:
            seen.setdefault(key, None)
    return list(seen)


def write(rows: list[dict[str, Any]], path: str | Path) -> Path:
    """Write rows; a column a game never filled (a card nobody bought) is 0 for numbers."""
    p = Path(path)
    cols = columns(rows)
    if p.suffix == ".parquet":
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            raise DeadtableError("writing Parquet needs pyarrow: pip install 'deadtable[sim]'") from None
        data = {c: [_fill(r.get(c), c) for r in rows] for c in cols}
        pq.write_table(pa.table(data), p)
        return p
    with p.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=cols)
        writer.writeheader()
        for row in rows:
            writer.writerow({c: _fill(row.get(c), c) for c in cols})
    return p


def _fill(value: Any, column: str) -> Any:
    if value is None:
        return "" if column.startswith("agent_") or column == "winners" else 0
    return value


def read(path: str | Path) -> list[dict[str, Any]]:
    """Rows back from a results file, with numbers as numbers."""
    p = Path(path)
    if not p.exists():
        raise DeadtableError("no results file {path}", path=str(p))
    if p.suffix == ".parquet":
        try:
            import pyarrow.parquet as pq
        except ImportError:
            raise DeadtableError("reading Parquet needs pyarrow: pip install 'deadtable[sim]'") from None
        try:
            rows: list[dict[str, Any]] = pq.read_table(p).to_pylist()
        except Exception as err:  # pyarrow raises several kinds for a bad file
            raise DeadtableError(
                "{path} is not a readable Parquet file: {err}", path=str(p), err=str(err)
            ) from None
    else:
        try:
            with p.open(newline="", encoding="utf-8") as f:
                rows = [{k: _parse(k, v) for k, v in r.items()} for r in csv.DictReader(f)]
        except (OSError, UnicodeDecodeError, csv.Error) as err:
            raise DeadtableError("cannot read {path}: {err}", path=str(p), err=str(err)) from None
    if not rows or "players" not in rows[0] or "agent_s0" not in rows[0]:
        raise DeadtableError("{path} holds no simulation rows (from `deadtable simulate`)", path=str(p))
    for row in rows:
        for key, value in row.items():
            if isinstance(value, float) and math.isnan(value):
                row[key] = 0.0
    return rows


def _parse(key: str, value: str | None) -> Any:
    if value is None or key.startswith("agent_") or key == "winners":
        return value or ""
    try:
        return int(value)
    except ValueError:
        pass
    try:
        return float(value)
    except ValueError:
        return value
