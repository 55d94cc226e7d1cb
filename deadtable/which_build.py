"""Which build of deadtable this process runs: compiled (mypyc) when a fresh one is here, else pure.

`import deadtable` asks `package_path` before anything else of the package is imported:

- An installed wheel built where a C compiler was (`python -m build`, setup.py) holds its compiled
  modules beside their sources: nothing to choose, and no source can be newer than its build.
- A checkout (`make`, an editable install) keeps its compiled copy in build/native (`make native`,
  deadtable/native.py); `package_path` returns that copy's folder, and the package's `__path__`
  becomes it, so every module after `deadtable/__init__.py` comes from the copy, compiled or not.
  The copy is used only when its stamp's hash equals the hash of the sources' files now
  (`package_hash`: every file of the package, so a copied data file or module is never older than
  its source either) and it was built for this interpreter; checked at every start, with a quick
  pass over the files' sizes and times first (`signature`) and a full read only when those changed.
- Otherwise: pure Python, and one line on stderr says so, once (child processes inherit the quiet),
  in the language of the environment (DEADTABLE_LANG, LANG, ...).

DEADTABLE_PURE=1 chooses pure Python without a word (the developers' loop: edit, run, test; the
tests set it). DEADTABLE_NATIVE=DIR looks for the compiled copy in DIR instead of build/native.

Standard library only, and nothing of deadtable: setup.py loads this file by its path for MODULES.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

# The modules compiled, one mypyc group. core/state.py and the games' actions.py stay interpreted
# (subclassed or pattern-matched by interpreted code); so do the game facades, the CLI and the rest.
# The views are compiled too (an RL env builds one per step, deadtable/rl/observation.py), and so
# are the heuristics and their evaluations (bots play bots in every simulation), and simulate's
# loop with what it hands the agents (`SeatInfo`) and its statistics listener. A game's own modules
# are listed in its package, in `native.txt` (one module name a line; `#` starts a comment).
NATIVE_LIST = "native.txt"
GAMES = Path(__file__).resolve().parent / "games"


def game_modules(games: Path = GAMES) -> tuple[str, ...]:
    """The modules each game package under `games` asks to be compiled, by its `native.txt`."""
    out: list[str] = []
    for listing in sorted(games.glob(f"*/{NATIVE_LIST}")):
        for line in listing.read_text(encoding="utf-8").splitlines():
            name = line.partition("#")[0].strip()
            if name:
                out.append(f"deadtable/games/{listing.parent.name}/{name}.py")
    return tuple(out)


MODULES = (
    "deadtable/core/_mix.py",
    "deadtable/core/agent.py",
    "deadtable/core/chance.py",
    "deadtable/core/compiled.py",
    *game_modules(),
    "deadtable/agents/greedy.py",
    # The IS-MCTS loop (the agent around it, agents/ismcts.py, stays interpreted: the review subclasses it).
    "deadtable/agents/tree.py",
    "deadtable/agents/random_agent.py",
    # simulate's loop around the compiled rules, with the agents' SeatInfo above.
    *(f"deadtable/sim/{m}.py" for m in ("loop", "events")),
    # The learning environments' observation encoding, read every step (each game's encoder.py is
    # in its native.txt), and the part of the PettingZoo environment that a step runs (deadtable/rl/aec.py).
    "deadtable/rl/encoding.py",
    "deadtable/rl/aec.py",
)
GROUP = "deadtable._native"
LIBRARY = "_native__mypyc"  # mypyc's name for the group's shared library: deadtable/_native__mypyc<suffix>
STAMP = ".native-stamp"  # in a compiled copy's root, beside its package: what it was built from
PURE = "DEADTABLE_PURE"
NATIVE_DIR = "DEADTABLE_NATIVE"
_NOTED = "DEADTABLE_BUILD_NOTED"  # set once the line is printed: child processes stay quiet
_SKIP = ("__pycache__", ".mypy_cache")


def N_(text: str) -> str:
    """Mark a message for the catalogue (deadtable.i18n's N_, without importing deadtable here)."""
    return text


# The one line, in the catalogue (rendered by `note`).
NO_BUILD = N_(
    "deadtable runs pure Python: there is no native build here"
    " (make native builds one where a C compiler is installed)"
)
STALE = N_("deadtable runs pure Python: the native build is older than the sources (make native rebuilds it)")
INSTALLED_PURE = N_(
    "deadtable runs pure Python: it was installed without a C compiler"
    " (installed where there is one, it runs compiled)"
)


def _files(package: Path) -> list[Path]:
    """The package's files that a copy holds, in a fixed order: no caches, no compiled files."""
    out = []
    for root, dirs, names in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d not in _SKIP)
        out += [Path(root, n) for n in sorted(names) if not n.endswith((".pyc", ".so", ".pyd"))]
    return out


def package_hash(package: Path) -> str:
    """The SHA-256 of every file of `package` (the sources a compiled copy was made from), by path."""
    h = hashlib.sha256()
    for p in _files(package):
        h.update(p.relative_to(package).as_posix().encode() + b"\0")
        h.update(p.read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def signature(package: Path) -> str:
    """A quick fingerprint of the files' paths, sizes and modification times (no file is read)."""
    h = hashlib.sha256()
    for p in _files(package):
        st = p.stat()
        h.update(f"{p.relative_to(package).as_posix()}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    return h.hexdigest()


def is_fresh(root: Path, package: Path) -> bool:
    """Whether the compiled copy in `root` was made from `package`'s files as they are now, for
    this interpreter (its extension suffix)."""
    try:
        stamp = json.loads((root / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if not isinstance(stamp, dict) or stamp.get("suffix") != EXTENSION_SUFFIXES[0]:
        return False
    if not (root / "deadtable" / "__init__.py").is_file():
        return False
    if stamp.get("signature") == signature(package):
        return True
    return bool(stamp.get("hash") == package_hash(package))


def compiled_in(package: Path) -> bool:
    """Whether `package` holds the group's shared library: an installed compiled wheel, or a copy."""
    return any((package / (LIBRARY + suffix)).is_file() for suffix in EXTENSION_SUFFIXES)


def native_root(package: Path) -> Path:
    """Where a checkout keeps its compiled copy: DEADTABLE_NATIVE, else build/native beside it."""
    chosen = os.environ.get(NATIVE_DIR)
    return Path(chosen) if chosen else package.parent / "build" / "native"


def package_path(path: list[str]) -> list[str]:
    """The `__path__` the package `deadtable` imported from `path` should have: a fresh compiled
    copy's, or `path` itself (pure Python, said once on stderr; silent under DEADTABLE_PURE=1)."""
    package = Path(path[0])
    if os.environ.get(PURE, "") not in ("", "0"):
        return path
    if (package.parent / STAMP).is_file() or compiled_in(package):
        return path  # this is a compiled copy, or an installed compiled wheel
    root = native_root(package)
    if is_fresh(root, package):
        return [str(root / "deadtable")]
    if (root / STAMP).is_file():
        note(STALE)
    else:  # a checkout (make native can build one), or an installed pure wheel
        note(NO_BUILD if (package.parent / "pyproject.toml").is_file() else INSTALLED_PURE)
    return path


def note(msgid: str) -> None:
    """Say `msgid` on stderr once, in the environment's language; child processes stay quiet."""
    if os.environ.get(_NOTED):
        return
    os.environ[_NOTED] = "1"
    try:
        from deadtable.i18n import from_environment, translator

        text = translator(from_environment() or "en")._(msgid)
    except Exception:  # a broken catalogue must not stop the game: English then
        text = msgid
    print(text, file=sys.stderr)
