"""The wheel (`python -m build`): the rules cores and heuristics compiled with mypyc when a C
compiler and the Python headers are here, else a pure-Python wheel, with one line saying so.

Everything else about the package is in pyproject.toml. Only a wheel is compiled: an editable
install (`make`, `pip install -e`) stays pure in the source tree, and its compiled copy lives in
build/native (deadtable/native.py); DEADTABLE_PURE=1 makes a pure wheel. The modules compiled are
deadtable/which_build.py's MODULES, read from that file without importing deadtable (whose
dependencies a build environment does not hold).
"""

from __future__ import annotations

import importlib.util
import os
import shlex
import shutil
import sys
import sysconfig
from pathlib import Path
from typing import Any

from setuptools import setup

HERE = Path(__file__).resolve().parent


def _which_build() -> Any:
    spec = importlib.util.spec_from_file_location(
        "_deadtable_which_build", HERE / "deadtable" / "which_build.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _why_not_compiled() -> str | None:
    """Why this wheel cannot be compiled here, or None when it can."""
    if os.environ.get("DEADTABLE_PURE", "") not in ("", "0"):
        return "DEADTABLE_PURE is set"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypy (mypyc) is not installed"
    cc = os.environ.get("CC") or str(sysconfig.get_config_var("CC") or "cc")
    words = shlex.split(cc)
    if not words or shutil.which(words[0]) is None:
        return f"no C compiler ({cc!r} not found)"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers (Python.h)"
    return None


def _ext_modules() -> list[Any]:
    if "bdist_wheel" not in sys.argv:  # editable installs, sdists, metadata: never compiled
        return []
    why = _why_not_compiled()
    if why is not None:
        print(f"deadtable: a pure-Python wheel: {why}", file=sys.stderr)
        return []
    from mypyc.build import mypycify

    wb = _which_build()
    return list(mypycify(["--ignore-missing-imports", *wb.MODULES], group_name=wb.GROUP, opt_level="3"))


setup(ext_modules=_ext_modules())
