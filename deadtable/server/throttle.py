"""How often one client may do a thing: a sliding window of the times it did it, per client.

>>> clock = iter([0.0, 1.0, 2.0, 5.0, 11.5]).__next__
>>> window = SlidingWindow(2, 10.0, clock=clock)
>>> window.wait("a"), window.add("a"), window.add("a")  # at 0, 1 and 2 seconds
(0.0, None, None)
>>> window.wait("a")  # at 5 s: twice in the last 10 s; the first leaves the window at 11 s
6.0
>>> window.wait("a")  # at 11.5 s
0.0
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

SWEEP_AT = 10_000  # clients remembered before the forgotten ones are swept out


class SlidingWindow:
    """At most `most` times per `window` seconds for each key (a client's address)."""

    def __init__(self, most: int, window: float, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.most = most
        self.window = window
        self.clock = clock
        self._times: dict[str, deque[float]] = {}

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self._times.get(key) or deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        return times

    def wait(self, key: str) -> float:
        """0 if `key` may go on now, else the seconds until it may."""
        now = self.clock()
        times = self._recent(key, now)
        if len(times) < self.most:
            return 0.0
        return times[-self.most] + self.window - now

    def release(self, key: str) -> None:
        """Take back `key`'s newest time: what it was counted for did not happen after all."""
        times = self._times.get(key)
        if times:
            times.pop()

    def add(self, key: str) -> None:
        """`key` did it now."""
        now = self.clock()
        times = self._recent(key, now)
        times.append(now)
        self._times[key] = times
        if len(self._times) > SWEEP_AT:
            for k in [k for k, v in self._times.items() if not v or v[-1] <= now - self.window]:
                del self._times[k]
