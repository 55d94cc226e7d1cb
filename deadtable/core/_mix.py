"""SplitMix64 shuffles in machine words, for the compiled build only (mypyc, `i64` wraps around).

Interpreted, `i64` is a plain `int` that never wraps, so `chance.py` calls this module only when it
is compiled (`COMPILED`); the pure-Python build keeps the big-integer lanes of `Chance.shuffle`.
Both give the same draws (tests/test_native.py compares them in a native build).
"""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import i64

_GAMMA: Final = -7046029254386353131  # 0x9E3779B97F4A7C15 as a signed 64-bit word
_M1: Final = -4658895280553007687  # 0xBF58476D1CE4E5B9
_M2: Final = -7723592293110705685  # 0x94D049BB133111EB
_LOW32: Final = 0xFFFFFFFF
_TOP: Final = 1 << 63
_WORD: Final = 1 << 64


# Logical (unsigned) shifts right of a 64-bit word: the arithmetic shift, masked. The masks are
# spelled out: mypyc 2.4 computes `1 << (64 - k)` in 32 bits (it gave 3 for k = 30).
_LOW34: Final = (1 << 34) - 1  # after >> 30
_LOW37: Final = (1 << 37) - 1  # after >> 27
_LOW33: Final = (1 << 33) - 1  # after >> 31


def shuffle(s: int, x: list[Any]) -> int:
    """Fisher-Yates from the end of `x`, the k-th swap from SplitMix64's k-th output after state `s`
    (0 <= s < 2**64), exactly as `Chance.shuffle`; returns the state after the draws."""
    w: i64 = s - _WORD if s >= _TOP else s
    i: i64 = len(x) - 1
    # Locals: a constant past 62 bits is a boxed int to mypyc, unboxed again at every use.
    gamma: i64 = _GAMMA
    m1: i64 = _M1
    m2: i64 = _M2
    while i > 0:
        w = w + gamma
        z: i64 = (w ^ ((w >> 30) & _LOW34)) * m1
        z = (z ^ ((z >> 27) & _LOW37)) * m2
        z = z ^ ((z >> 31) & _LOW33)
        # j = (z * (i + 1)) >> 64 with z unsigned: the high word, from z's two 32-bit halves.
        m: i64 = i + 1
        j: i64 = (((z >> 32) & _LOW32) * m + (((z & _LOW32) * m) >> 32)) >> 32
        x[i], x[j] = x[j], x[i]
        i -= 1
    out: int = w
    return out + _WORD if out < 0 else out


def _compiled() -> bool:
    return type(shuffle).__name__ != "function"  # a compiled function is a builtin


COMPILED: Final[bool] = _compiled()
