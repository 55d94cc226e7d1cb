"""The chance generator a state owns: small, seedable and free to copy.

Search bots copy states thousands of times a second; copying a Mersenne Twister costs more than
copying a whole Carson City Zoo position. `Chance` keeps its state in one integer (SplitMix64), so a
copy is a single assignment, and it inherits every convenience of `random.Random` (`shuffle`,
`randrange`, `choice`, `sample`, ...), which are built on `getrandbits` and `random`.

>>> a = Chance(7); b = a.copy()
>>> [a.randrange(100) for _ in range(3)] == [b.randrange(100) for _ in range(3)]
True
"""

from __future__ import annotations

import hashlib
import random
import struct
from collections.abc import Callable
from functools import lru_cache
from typing import Any

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_LANE_MIN = 5  # shorter lists are shuffled one draw at a time (the set-up of the lanes costs more)

try:  # the compiled build's machine-word shuffle (deadtable/core/_mix.py); the same draws
    from . import _mix

    _NATIVE = _mix.COMPILED
except ImportError:  # pragma: no cover - mypy_extensions absent: pure Python
    _NATIVE = False


@lru_cache(maxsize=1024)
def _lanes(n: int) -> tuple[int, int, int, Callable[[bytes], tuple[int, ...]]]:
    """For `n` draws, 128-bit lanes holding: (k + 1) * gamma, 1, and a 64-bit mask (lane k); and
    the reader of the low 64 bits of every lane from the little-endian bytes."""
    steps = ones = 0
    for k in range(n):
        steps |= (((k + 1) * _GAMMA) & _MASK) << (128 * k)
        ones |= 1 << (128 * k)
    return steps, ones, ones * _MASK, struct.Struct("<" + "Q8x" * n).unpack


class Chance(random.Random):
    _s: int

    def __init__(self, seed: int | str = 0) -> None:
        self.seed(seed)

    def seed(self, a: Any = 0, version: int = 2) -> None:
        if isinstance(a, int):
            self._s = a & _MASK
        else:
            digest = hashlib.sha256(str(a).encode("utf-8")).digest()
            self._s = int.from_bytes(digest[:8], "little")
        self.gauss_next = None

    def _next64(self) -> int:
        s = (self._s + _GAMMA) & _MASK
        self._s = s
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def getrandbits(self, k: int) -> int:
        if k <= 64:
            return self._next64() >> (64 - k) if k > 0 else 0
        out, have = 0, 0
        while have < k:
            out = (out << 64) | self._next64()
            have += 64
        return out >> (have - k)

    def random(self) -> float:
        return (self._next64() >> 11) * (1.0 / 9007199254740992.0)

    # Fast paths for what games call most. Lemire's multiply-shift maps a 64-bit draw onto
    # range(n) with a bias below n / 2**64: far below anything a card game could notice.
    def shuffle(self, x: Any) -> None:
        """Fisher-Yates from the end, the k-th swap drawn from the k-th output.

        SplitMix64's k-th output is a function of `seed + k * gamma` alone, so every output of a
        shuffle is mixed at once in one big integer with a 128-bit lane per draw (`_lanes`): each
        lane's product stays in its lane. Only the multiply-shift onto range(i + 1) and the swap
        are left per card. The draws are exactly those of `_next64` one after another.
        """
        if _NATIVE and type(x) is list:
            self._s = _mix.shuffle(self._s, x)  # compiled: a direct call into _mix
            return
        n = len(x) - 1
        if n < _LANE_MIN:
            s = self._s
            for i in range(n, 0, -1):
                s = (s + _GAMMA) & _MASK
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                j = ((z ^ (z >> 31)) * (i + 1)) >> 64
                x[i], x[j] = x[j], x[i]
            self._s = s
            return
        steps, ones, low, lows = _lanes(n)
        s = self._s
        z = (s * ones + steps) & low  # lane k: the state after k + 1 draws
        z = ((z ^ ((z >> 30) & low)) * 0xBF58476D1CE4E5B9) & low
        z = ((z ^ ((z >> 27) & low)) * 0x94D049BB133111EB) & low
        z ^= (z >> 31) & low
        i = n
        for r in lows(z.to_bytes(16 * n, "little")):
            j = (r * (i + 1)) >> 64
            x[i], x[j] = x[j], x[i]
            i -= 1
        self._s = (s + n * _GAMMA) & _MASK

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is None:
            start, stop = 0, start
        if step != 1:
            return super().randrange(start, stop, step)
        n = stop - start
        if n <= 0:
            raise ValueError(f"empty range for randrange({start}, {stop})")
        return start + ((self._next64() * n) >> 64)

    def getstate(self) -> Any:
        return self._s

    def setstate(self, state: Any) -> None:
        self._s = int(state) & _MASK

    def copy(self) -> Chance:
        other = Chance.__new__(Chance)
        other._s = self._s
        other.gauss_next = None
        return other

    def __reduce__(self) -> Any:
        return (_rebuild, (self._s,))


def shuffle(cards: list[Any], rng: random.Random) -> None:
    """Shuffle `cards` in place for a determinization, whatever generator the caller passes.

    Fisher-Yates on `rng.random()`, which is one C call on a `random.Random` (and on a `Chance`):
    about a third of the cost of `Random.shuffle`, whose exact integer draws cost two Python calls
    per card. Every order is equally likely but for a bias below n / 2**53, far below any
    sampling noise. Compiled with this module in the native build.

    >>> a, b = list(range(10)), list(range(10))
    >>> shuffle(a, random.Random(3)); shuffle(b, random.Random(3))
    >>> a == b and sorted(a) == list(range(10))
    True
    """
    rand = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(rand() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def _rebuild(s: int) -> Chance:
    c = Chance.__new__(Chance)
    c._s = s
    c.gauss_next = None
    return c
