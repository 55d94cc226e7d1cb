"""The native build: the rules cores and the heuristics compiled with mypyc, in a copy of the package.

`make` (every target, through `make native`) or `python -m deadtable.native [OUT]` copies this
package to `build/native/deadtable` and compiles `MODULES` there, in place, into one shared
library; the source tree never holds a compiled file. `import deadtable` then runs that copy
whenever it is fresh, and pure Python otherwise, saying so in one line (deadtable/which_build.py):
the copy's stamp holds the hash of the sources it was made from, checked at every start, so an
edited source is never run as its old compiled self. DEADTABLE_PURE=1 runs pure Python silently.
The copy plays the same games as the source (tests/test_native.py checks it).

An installed wheel is compiled when it is built (`python -m build`, setup.py) where a C compiler
is; it holds its compiled modules beside their sources.

`deadtable.native.describe()` says which build is running (so does `deadtable.core.chance._NATIVE`).
Building needs mypy (the `dev` extra), a C compiler and the Python headers; the compiled modules
need mypy_extensions at run time (a dependency).
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
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from deadtable.which_build import GROUP, MODULES, STAMP, compiled_in, is_fresh, package_hash, signature

__all__ = ["GROUP", "MODULES", "STAMP", "NativeBuildError", "build", "check_toolchain", "describe", "stale"]
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


def build(out: Path = DEFAULT_OUT, source: Path | None = None, *, verbose: bool = False) -> Path:
    """Copy the package (`source`, default this one) to `out`/deadtable and compile `MODULES` there.

    Built in `out`.tmp and moved into place at the end, so a failed build leaves no half tree.
    Returns `out`; its `STAMP` records the source and the modules, and its time is the copy's (so
    `make native` rebuilds when a source file is newer)."""
    src = (source or _source_package()).resolve()
    if (src.parent / STAMP).exists():
        raise NativeBuildError(f"{src} is a native build itself; build from the source tree")
    check_toolchain()
    out = out.resolve()
    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    started = time.time()
    quick = signature(src)
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
    # Fresh while the sources hash as the files copied (read back from the copy: an edit made during
    # the compile is not in it); their sizes and times, taken before copying, for the quick check.
    stamp = {
        "source": str(src),
        "modules": list(MODULES),
        "seconds": round(time.time() - started, 1),
        "hash": package_hash(tmp / "deadtable"),
        "signature": quick,
        "suffix": EXTENSION_SUFFIXES[0],
    }
    (tmp / STAMP).write_text(json.dumps(stamp, indent=1) + "\n")
    os.utime(tmp / STAMP, (started, started))  # as old as the copy: make sees an edit made meanwhile
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    return out


def _source_package() -> Path:
    """The source package: `deadtable/__init__.py` always comes from it, even when the rest of the
    package comes from a compiled copy (which_build.package_path)."""
    import deadtable

    return Path(str(deadtable.__file__)).resolve().parent


def stale(root: Path) -> bool:
    """Whether the compiled copy in `root` is missing or older than the sources it was made from."""
    try:
        src = Path(json.loads((root / STAMP).read_text())["source"])
    except (OSError, ValueError, KeyError):
        return True
    return not src.is_dir() or not is_fresh(root, src)


def compiled_modules() -> list[str]:
    """The modules of `MODULES` that this interpreter loads compiled (from a shared library)."""
    names = [m.removesuffix(".py").replace("/", ".") for m in MODULES]
    return [n for n in names if str(getattr(importlib.import_module(n), "__file__", "")).endswith(".so")]


def describe() -> str:
    """One line: which build this interpreter runs, e.g. for a benchmark's header."""
    done = compiled_modules()
    if not done:
        return "pure Python"
    package = Path(__file__).resolve().parent
    root = package.parent
    line = f"native (mypyc, {len(done)} of {len(MODULES)} modules compiled, {root})"
    if (root / STAMP).exists() and stale(root):
        line += "; STALE: the sources changed since, make native"
    elif not (root / STAMP).exists() and compiled_in(package):
        line += "; an installed compiled wheel"
    return line


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="python -m deadtable.native", description=__doc__.splitlines()[0])
    ap.add_argument("out", nargs="?", type=Path, default=DEFAULT_OUT, help="default build/native")
    ap.add_argument("-v", "--verbose", action="store_true", help="show the compiler's output")
    ap.add_argument(
        "--optional",
        action="store_true",
        help="when it cannot be built here, say why in one line and exit 0 (make's other targets)",
    )
    args = ap.parse_args(argv)
    try:
        check_toolchain()  # what is missing is said in one line, before any word of compiling
        print(
            f"deadtable: compiling the rules with mypyc into {args.out} (once, then after each edit; a"
            " few minutes; DEADTABLE_PURE=1 skips it and runs pure Python) ...",
            file=sys.stderr,
            flush=True,
        )
        out = build(args.out, verbose=args.verbose)
    except NativeBuildError as e:
        print(f"deadtable native build: {e}", file=sys.stderr)
        return 0 if args.optional else 2
    print(f"native build in {out}: deadtable runs it while the sources do not change", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
