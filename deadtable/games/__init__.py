"""One package per game; each depends on `deadtable.core` only.

`deadtable.games()` lists the installed games (the public API), and `deadtable.games` is also
this package: once a game is imported, Python binds the package to that name, so the package
itself is made callable and answers the same as `deadtable.core.games()`.
"""

from __future__ import annotations

import sys
import types
from typing import Any


class _CallablePackage(types.ModuleType):
    def __call__(self) -> Any:
        from deadtable.core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
