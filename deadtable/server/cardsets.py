"""Card files uploaded by players: the only card files a table made from the web may use.

The `cards` option of a game is a path; the terminal reads it on its user's own machine, but the
server reads no path a client names (a FIFO would hang it, /dev/zero fill its memory, and its errors
would tell which files exist). A client uploads the file's text instead (POST /api/cardsets); the
server checks it the game's own way, off the event loop, and keeps it as
`<root>/<sha256 of the text>/<the uploaded name>`, answering the id "upload:<sha256>", which
POST /api/tables then takes as the `cards` option. Whatever is shown of a table names the file by
its uploaded name, never by its path on the server (`shown`, `scrub`).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy.engine import make_url

from deadtable.core import CardDataError, DeadtableError, Game
from deadtable.data_folder import data_dir
from deadtable.i18n import N_, Message

UPLOAD = "upload:"
CARDS = "cards"  # the option naming a card file
SHA = re.compile(r"[0-9a-f]{64}")
UNSAFE = re.compile(r"[^A-Za-z0-9._ -]+")
NOT_UPLOADED = N_("card files are uploaded with POST /api/cardsets; the server reads no paths")


@dataclass(frozen=True)
class CardFile:
    id: str
    game: str
    name: str
    size: int

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "name": self.name, "size": self.size}


def takes_card_files(game: Game) -> bool:
    return any(o.name == CARDS for o in game.options)


def root_for(db_url: str) -> Path:
    """Where uploads are kept: beside the SQLite file, else in the data folder (DEADTABLE_HOME)."""
    url = make_url(db_url)
    if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:":
        return Path(url.database).resolve().parent / "cardsets"
    return data_dir() / "cardsets"


def safe_name(name: str) -> str:
    """The uploaded file's name as kept: its last part, plain characters only, ending in .toml.

    >>> safe_name("../../etc/My Cards!.toml"), safe_name(""), safe_name("set")
    ('My Cards_.toml', 'cards.toml', 'set.toml')
    """
    base = UNSAFE.sub("_", name.replace("\\", "/").rsplit("/", 1)[-1]).strip(" .")[:60]
    if not base:
        base = "cards"
    return base if base.lower().endswith(".toml") else base + ".toml"


def shown(value: Any) -> Any:
    """A `cards` option as shown to people: the file's name (an upload's is the name it came with).

    >>> shown("/srv/deadtable/cardsets/ab12/my.toml"), shown("")
    ('my.toml', '')
    """
    return Path(value).name if isinstance(value, str) and value else value


def shown_options(options: dict[str, Any]) -> dict[str, Any]:
    """`options` with the card file named by its name only."""
    return {**options, CARDS: shown(options[CARDS])} if CARDS in options else options


class CardFiles:
    """The uploaded card files under `root`."""

    def __init__(self, root: Path, most_bytes: int) -> None:
        self.root = root
        self.most_bytes = most_bytes
        self._where = re.compile(re.escape(str(root) + os.sep) + r"[0-9a-f]{64}" + re.escape(os.sep))

    def path(self, upload_id: str) -> Path | None:
        """The kept file of an "upload:<sha256>" id, or None."""
        sha = upload_id.removeprefix(UPLOAD)
        if not upload_id.startswith(UPLOAD) or not SHA.fullmatch(sha):
            return None
        folder = self.root / sha
        files = sorted(folder.glob("*.toml")) if folder.is_dir() else []
        return files[0] if files else None

    def option(self, value: Any) -> str:
        """The `cards` option a web client sent, as the game reads it: "" or a kept file's path."""
        if value == "":
            return ""
        found = self.path(value) if isinstance(value, str) else None
        if found is None:
            raise DeadtableError(NOT_UPLOADED)
        return str(found)

    def scrub(self, message: Message) -> Message:
        """`message` with every kept file's path replaced by the file's name (nested ones too)."""

        def clean(v: Any) -> Any:
            if isinstance(v, Message):
                return self.scrub(v)
            return self._where.sub("", v) if isinstance(v, str) else v

        out = Message(message.msgid, **{k: clean(v) for k, v in message.params.items()})
        out.plural, out.n, out.context = message.plural, message.n, message.context
        return out

    def add(self, game: Game, name: str, text: str) -> CardFile:
        """Keep `text` as a card file of `game` if the game can use it (run in a worker thread)."""
        data = text.encode("utf-8")  # the caller refused lone surrogates
        if len(data) > self.most_bytes:
            raise CardDataError("the card file is larger than {most} bytes", most=self.most_bytes)
        sha = hashlib.sha256(data).hexdigest()
        kept = self.path(UPLOAD + sha)
        if kept is None:
            kept = self._write(sha, safe_name(name), data)
            try:
                game.new(game.min_players, 0, **{CARDS: str(kept)})
            except DeadtableError as err:
                shutil.rmtree(kept.parent, ignore_errors=True)
                raise type(err)(self.scrub(err.message)) from None
            except (ValueError, TypeError, LookupError, RecursionError):  # a loader's oversight
                shutil.rmtree(kept.parent, ignore_errors=True)
                raise CardDataError("{name}: the game cannot use this card file", name=kept.name) from None
        return CardFile(UPLOAD + sha, game.id, kept.name, len(data))

    def _write(self, sha: str, name: str, data: bytes) -> Path:
        folder = self.root / sha
        folder.mkdir(parents=True, exist_ok=True)
        temp = folder / f".{uuid.uuid4().hex}.part"
        temp.write_bytes(data)
        kept = folder / name
        os.replace(temp, kept)
        with contextlib.suppress(OSError):
            kept.chmod(0o644)
        return kept
