"""The optional native build: the rules cores compiled with mypyc, in a copy of the package.

`make native` (or `python -m deadtable.native [OUT]`) copies this package to `build/native/deadtable`
and compiles `MODULES` there, in place, into one shared library; the source tree never holds a
compiled file, so an edited `.py` can never sit behind a stale `.so`. The copy plays the same games as
the source (tests/test_native.py checks it); run it by putting it first on the path:

    PYTHONPATH=build/native .venv/bin/deadtable simulate zombie-shedding --games 1000
    PYTHONPATH=build/native:. .venv/bin/python -P -m benchmarks   # -P: not the cwd's deadtable first

`deadtable.native.describe()` says which build is running (so does `deadtable.core.chance._NATIVE`),
and whether a native copy is older than its source. Building needs mypy (the `dev` extra), a C
compiler and the Python headers; the built copy needs mypy_extensions at run time.
"""

from __future__ import annotations

import importlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

# The modules compiled, one mypyc group. core/state.py and the games' actions.py stay interpreted
# (subclassed or pattern-matched by interpreted code); so do the game facades, agents and the rest.
# The views are compiled too: an RL env builds one per step (deadtable/rl/observation.py).
MODULES = (
    "deadtable/core/_mix.py",
    "deadtable/core/chance.py",
    "deadtable/core/compiled.py",
    *(
        f"deadtable/games/zombie_shedding/{m}.py"
        for m in ("state", "rules", "legal", "masks", "hands", "cards", "modes", "view")
    ),
    *(
        f"deadtable/games/zombie_overlord/{m}.py"
        for m in ("state", "turn", "attack", "effects", "lure", "cards", "view")
    ),
    *(
        f"deadtable/games/overlords/{m}.py"
        for m in ("state", "gameplay", "hired_hands", "knowledge", "scoring", "view")
    ),
    # The learning environments' observation encoders, read every step (deadtable/rl/encoding.py).
    "deadtable/rl/encoding.py",
    *(
        f"deadtable/rl/encoders/{m}.py"
        for m in ("carson_zoo", "overlords", "zombie_overlord", "zombie_shedding")
    ),
)
GROUP = "deadtable._native"
STAMP = ".native-stamp"  # in the build's root, beside the copied package: what was built from where
DEFAULT_OUT = Path("build") / "native"
_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", ".mypy_cache")

_SETUP = """\
import sys
from mypyc.build import mypycify
from setuptools import setup
setup(
    name="deadtable-native",
    ext_modules=mypycify(["--ignore-missing-imports", *sys.argv[2:]], group_name=sys.argv[1], opt_level="3"),
    script_args=["build_ext", "--inplace", "--build-temp", "build/temp", "--build-lib", "build/lib"],
)
"""  # run in the copy: python -c _SETUP GROUP MODULES...


class NativeBuildError(Exception):
    """A native build cannot be made here; the message is one line, for the user."""


def check_toolchain() -> None:
    """Raise `NativeBuildError` unless mypyc, a C compiler and the Python headers are all here."""
    try:
        import mypy_extensions  # noqa: F401
        import mypyc  # noqa: F401
    except ImportError:
        raise NativeBuildError("needs mypy (mypyc): pip install -e '.[dev]'") from None
    cc = os.environ.get("CC") or str(sysconfig.get_config_var("CC") or "cc")
    words = shlex.split(cc)
    if not words or shutil.which(words[0]) is None:
        raise NativeBuildError(f"needs a C compiler: {cc!r} not found (apt install gcc)")
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        raise NativeBuildError(f"needs the Python headers: no {headers} (apt install python3-dev)")


def _files(package: Path) -> list[Path]:
    return [
        p
        for p in package.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".so")
    ]


def build(out: Path = DEFAULT_OUT, source: Path | None = None, *, verbose: bool = False) -> Path:
    """Copy the package (`source`, default this one) to `out`/deadtable and compile `MODULES` there.

    Built in `out`.tmp and moved into place at the end, so a failed build leaves no half tree.
    Returns `out`; its `STAMP` records the source and the modules, and its time is the copy's (so
    `make native` rebuilds when a source file is newer)."""
    src = (source or Path(__file__).parent).resolve()
    if (src.parent / STAMP).exists():
        raise NativeBuildError(f"{src} is a native build itself; build from the source tree")
    check_toolchain()
    out = out.resolve()
    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    started = time.time()
    shutil.copytree(src, tmp / "deadtable", ignore=_IGNORE)
    run = subprocess.run(
        [sys.executable, "-c", _SETUP, GROUP, *MODULES],
        cwd=tmp,
        capture_output=not verbose,
        text=True,
        env={**os.environ, "PYTHONPATH": ""},
    )
    if run.returncode != 0:
        lines = [ln for ln in ((run.stdout or "") + (run.stderr or "")).splitlines() if ln.strip()]
        errors = [ln for ln in lines if "error" in ln.lower()] or lines
        raise NativeBuildError(
            f"mypyc failed ({len(errors)} error lines; python -m deadtable.native -v shows all): "
            + (errors[0] if errors else "no output")
        )
    for junk in ("build", ".mypy_cache"):
        shutil.rmtree(tmp / junk, ignore_errors=True)
    stamp = {"source": str(src), "modules": list(MODULES), "seconds": round(time.time() - started, 1)}
    (tmp / STAMP).write_text(json.dumps(stamp, indent=1) + "\n")
    os.utime(tmp / STAMP, (started, started))  # as old as the copy: an edit during the compile counts
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    return out


def stale(root: Path) -> list[Path]:
    """The source files changed since the native build in `root` (or all of them, if never built)."""
    stamp = root / STAMP
    if not stamp.exists():
        return [root]
    built = stamp.stat().st_mtime
    src = Path(json.loads(stamp.read_text())["source"])
    return [p for p in _files(src) if p.stat().st_mtime > built] if src.is_dir() else []


def compiled_modules() -> list[str]:
    """The modules of `MODULES` that this interpreter loads compiled (from a shared library)."""
    names = [m.removesuffix(".py").replace("/", ".") for m in MODULES]
    return [n for n in names if str(getattr(importlib.import_module(n), "__file__", "")).endswith(".so")]


def describe() -> str:
    """One line: which build this interpreter runs, e.g. for a benchmark's header."""
    done = compiled_modules()
    if not done:
        return "pure Python"
    root = Path(__file__).resolve().parent.parent
    changed = stale(root)
    line = f"native (mypyc, {len(done)} of {len(MODULES)} modules compiled, {root})"
    return line + (f"; STALE: {len(changed)} source files changed since, make native" if changed else "")


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="python -m deadtable.native", description=__doc__.splitlines()[0])
    ap.add_argument("out", nargs="?", type=Path, default=DEFAULT_OUT, help="default build/native")
    ap.add_argument("-v", "--verbose", action="store_true", help="show the compiler's output")
    args = ap.parse_args(argv)
    try:
        out = build(args.out, verbose=args.verbose)
    except NativeBuildError as e:
        print(f"deadtable native build: {e}", file=sys.stderr)
        return 2
    print(f"native build in {out}: run it with PYTHONPATH={out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
