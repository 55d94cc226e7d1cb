"""Pickling frozen dataclasses through their constructor, as a compiled (mypyc) build needs.

Interpreted, a dataclass pickles through its `__dict__`; compiled with mypyc, a class whose
`__init__` takes arguments pickles only through a `__reduce__` that calls the constructor again.
The card and mode classes of the compiled games return `by_constructor(self)` from `__reduce__`.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any


def by_constructor(obj: Any) -> tuple[Any, tuple[Any, ...]]:
    """`obj`'s class and the values of its `__init__` fields, in order: a `__reduce__` result."""
    return (type(obj), tuple(getattr(obj, f.name) for f in fields(obj) if f.init))
