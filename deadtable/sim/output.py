"""A run's rows streamed to their file as games finish, and an interrupted run resumed from that file.

CSV rows are appended and flushed chunk by chunk, so what an interruption leaves is every game
finished before it (a last line cut in the middle is dropped on resume). A column first met in a
later game (a card nobody had bought yet) rewrites the file once with the wider header, streaming
it line by line. A `.parquet` output is written through `NAME.parquet.partial.csv`, converted in
batches when the run ends. Rows are in the order games finish; the `game` column says which.

Beside the rows, `NAME.plan.json` records what defines the run: game, players, agents, base seed,
options, and the card file's digest. `--resume` reads it back, refuses a run whose record differs
(naming what differs), keeps the finished games and plays only the missing ones, with the seeds
they would have had. Nothing here holds more than a chunk of rows or one batch at a time.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from deadtable.core import DeadtableError

from .results import FIXED, _fill, _parse
from .runner import Plan
from .stats import Tally

PARTIAL = ".partial.csv"  # a Parquet output's rows while the run goes on
RECORD = ".plan.json"
BATCH = 5000  # rows per Parquet batch


def record_of(plan: Plan) -> dict[str, Any]:
    """What a resumed run must share with the run that wrote the file (JSON-ready)."""
    options = {k: str(v) for k, v in sorted(plan.options.items())}
    record: dict[str, Any] = {
        "game": plan.game_id,
        "players": plan.players,
        "agents": list(plan.agents),
        "seed": plan.seed,
        "options": options,
    }
    cards = plan.options.get("cards")
    if isinstance(cards, str | os.PathLike) and Path(cards).is_file():
        record["cards_sha256"] = hashlib.sha256(Path(cards).read_bytes()).hexdigest()
    return record


def differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """The fields of two records that differ, as "name: old -> new".

    >>> differences({"seed": 1, "players": 2}, {"seed": 2, "players": 2})
    ['seed: 1 -> 2']
    """
    return [
        f"{k}: {old.get(k)} -> {new.get(k)}" for k in sorted(set(old) | set(new)) if old.get(k) != new.get(k)
    ]


class RowFile:
    """The file a run streams its rows to; `open` prepares it, fresh or resumed."""

    def __init__(self, path: Path, plan: Plan, n_games: int) -> None:
        self.path = path
        self.plan = plan
        self.n_games = n_games
        self.parquet = path.suffix == ".parquet"
        self.rows_path = path.with_name(path.name + PARTIAL) if self.parquet else path
        self.record_path = path.with_name(path.name + RECORD)
        self.columns: list[str] = []
        self.done = bytearray(n_games)  # 1 for a game already in the file: one byte a game, no rows
        self.tally = Tally()  # the finished games' figures, those resumed included
        self._file: IO[str] | None = None
        self._writer: Any = None

    @property
    def resumed(self) -> int:
        return sum(self.done)

    def missing(self) -> list[int]:
        return [i for i in range(self.n_games) if not self.done[i]]

    def open(self, resume: bool) -> RowFile:
        """Start the file afresh, or (`resume`) read back the games of the same run already in it."""
        record = record_of(self.plan)
        has_rows = self.rows_path.exists() or self.path.exists()
        if resume and has_rows:
            if not self.record_path.exists():
                raise DeadtableError(
                    "cannot resume {path}: it has no {record} beside it to say which run wrote it",
                    path=str(self.path),
                    record=self.record_path.name,
                )
            old = self._read_record()
            changed = differences(old, record)
            if changed:
                raise DeadtableError(
                    "cannot resume {path}: it holds another run ({changes}); run with the same "
                    "game, players, agents, seed and options, or choose another --out",
                    path=str(self.path),
                    changes="; ".join(changed),
                )
            if self.parquet and not self.rows_path.exists():
                self._parquet_to_partial()
            self._read_back()
        else:
            for p in (self.rows_path, self.path):
                p.unlink(missing_ok=True)
        self.record_path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        return self

    def _read_record(self) -> dict[str, Any]:
        try:
            data = json.loads(self.record_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as err:
            raise DeadtableError(
                "cannot read {path}: {err}", path=str(self.record_path), err=str(err)
            ) from None
        if not isinstance(data, dict):
            raise DeadtableError("cannot read {path}: not a run's record", path=str(self.record_path))
        return data

    def _read_back(self) -> None:
        """The finished games: marked done and tallied, each checked to be the game it claims."""
        _drop_cut_line(self.rows_path)
        with self.rows_path.open(newline="", encoding="utf-8") as f:
            reader = csv.DictReader(f)
            self.columns = list(reader.fieldnames or [])
            if self.columns and not {*FIXED, "agent_s0"} <= set(self.columns):
                raise DeadtableError(
                    "{path} holds no simulation rows (from `deadtable simulate`)", path=str(self.path)
                )
            for row in reader:
                index = int(row["game"])
                if int(row["seed"]) != self.plan.game_seed(index):
                    raise DeadtableError(
                        "cannot resume {path}: game {index} has seed {seed}, not this run's",
                        path=str(self.path),
                        index=index,
                        seed=row["seed"],
                    )
                if index < self.n_games and not self.done[index]:
                    self.done[index] = 1
                    self.tally.add(row)

    def _parquet_to_partial(self) -> None:
        """A finished Parquet file back to rows that the run can append to (batch by batch)."""
        import pyarrow.parquet as pq

        source = pq.ParquetFile(self.path)
        with self.rows_path.open("w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=source.schema_arrow.names)
            writer.writeheader()
            for batch in source.iter_batches(batch_size=BATCH):
                writer.writerows(batch.to_pylist())

    def add(self, rows: list[dict[str, Any]]) -> None:
        """Append a chunk of finished games and flush it to the disk."""
        fresh = [k for row in rows for k in row if k not in self.columns]
        if fresh or self._file is None:
            self._reopen(list(dict.fromkeys([*FIXED, *self.columns, *fresh])))
        assert self._file is not None
        cols = self.columns
        self._writer.writerows({c: _fill(row.get(c), c) for c in cols} for row in rows)
        self._file.flush()
        for row in rows:
            self.done[int(row["game"])] = 1
            self.tally.add(row)

    def _reopen(self, columns: list[str]) -> None:
        """Open the rows for appending with `columns`, rewriting what is there if the header grew."""
        if self._file is not None:
            self._file.close()
            self._file = None
        p = self.rows_path
        if not p.exists() or p.stat().st_size == 0:
            with p.open("w", newline="", encoding="utf-8") as f:
                csv.DictWriter(f, fieldnames=columns).writeheader()
        elif columns != self.columns:
            tmp = p.with_name(p.name + ".tmp")
            with (
                p.open(newline="", encoding="utf-8") as old,
                tmp.open("w", newline="", encoding="utf-8") as new,
            ):
                writer = csv.DictWriter(new, fieldnames=columns)
                writer.writeheader()
                for row in csv.DictReader(old):
                    writer.writerow({c: row[c] if c in row else _fill(None, c) for c in columns})
            os.replace(tmp, p)
        self._file = p.open("a", newline="", encoding="utf-8")
        self._writer = csv.DictWriter(self._file, fieldnames=columns)
        self.columns = columns

    def close(self, finished: bool = True) -> Path:
        """Close the rows; a finished Parquet run is converted (an unfinished one keeps its CSV)."""
        if self._file is not None:
            self._file.close()
            self._file = None
        if finished and self.parquet and self.rows_path.exists():
            _csv_to_parquet(self.rows_path, self.path)
            self.rows_path.unlink()
        return self.path if finished or not self.parquet else self.rows_path


def _drop_cut_line(path: Path) -> None:
    """Cut a file after its last newline: a row half-written when the run was killed goes."""
    with path.open("rb+") as f:
        end = f.seek(0, os.SEEK_END)
        pos = end
        while pos > 0:
            step = min(4096, pos)
            f.seek(pos - step)
            block = f.read(step)
            nl = block.rfind(b"\n")
            if nl >= 0:
                if pos - step + nl + 1 != end:
                    f.truncate(pos - step + nl + 1)
                return
            pos -= step
        f.truncate(0)


def _csv_rows(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            yield {k: _parse(k, v) for k, v in row.items()}


def _csv_to_parquet(source: Path, target: Path) -> None:
    """Two passes over the rows: each column's type (int if every value is, else float; text for
    agents and winners), then the rows in batches of BATCH under that one schema."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    kinds: dict[str, type] = {}
    for row in _csv_rows(source):
        for k, v in row.items():
            seen = kinds.get(k, int)
            kinds[k] = str if isinstance(v, str) or seen is str else float if isinstance(v, float) else seen
    names = {int: pa.int64(), float: pa.float64(), str: pa.string()}
    schema = pa.schema([(k, names[t]) for k, t in kinds.items()])
    with pq.ParquetWriter(target, schema) as writer:
        batch: list[dict[str, Any]] = []
        for row in _csv_rows(source):
            batch.append(row)
            if len(batch) == BATCH:
                writer.write_table(pa.Table.from_pylist(batch, schema=schema))
                batch = []
        if batch:
            writer.write_table(pa.Table.from_pylist(batch, schema=schema))
