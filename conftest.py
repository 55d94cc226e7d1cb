"""Root pytest configuration: doctests in the package are collected, except in modules whose
optional extra is not installed (those parts' own tests skip with the reason).

The tests run pure Python (DEADTABLE_PURE=1, deadtable/which_build.py), even where a fresh native
build is there; tests/test_native.py runs the native build beside it and compares the two."""

from __future__ import annotations

import importlib.util
import os

os.environ.setdefault("DEADTABLE_PURE", "1")

OPTIONAL = {
    "deadtable/server": "fastapi",
    "deadtable/sim/dask_backend.py": "distributed",
    "deadtable/rl": "pettingzoo",
    "deadtable/rl/openspiel.py": "pyspiel",
}

collect_ignore_glob: list[str] = []
for path, module in OPTIONAL.items():
    if importlib.util.find_spec(module) is None:
        collect_ignore_glob.append(path + ("/*" if not path.endswith(".py") else ""))
collect_ignore_glob.append("deadtable/web/*")
collect_ignore_glob.append("deadtable/**/migrations/*")
