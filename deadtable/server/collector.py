"""The garbage collector of a server process: what it keeps out of a full collection, and how often.

CPython's full collection walks every tracked object the process holds, and the event loop waits
meanwhile. A server holds a lot of them, and a crowd more: each WebSocket connection keeps about
two hundred (its protocol, tasks, queue and buffers), so with 2,000 spectators a full collection
walks half a million objects, hundreds of milliseconds at a time on a busy two-core machine.
Measured with `python -m benchmarks.abuse --scenarios baseline,spectators` (a crowd of 2,000
joins three times), a gc callback taking each collection's CPU time: 17 or 18 full collections
per run, 4 s of CPU in all, the longest 0.42 s, nearly all while the crowd joined (each time the
live objects grew by a quarter, CPython walked them all again). With `settle`, which the server
calls once it has started: 2 full collections, 0.3 s in all, the longest 0.24 s; the young
generations' collections as many and as short as before.

- `gc.freeze()`: what start-up made (the modules, the application, the store's engine) lives as
  long as the process; it moves to the permanent generation, which no collection walks again.
- A full collection only after `FULL_AFTER` collections of the middle generation rather than
  CPython's 10 (its own rule stays: also only once the long-lived objects grew by a quarter). A
  crowd joining no longer sets off one full collection after another; the young generations are
  collected as often as ever, so short-lived cycles go as soon as before. What waits longer is
  cyclic garbage that lived long (a connection gone): it is collected later, never kept.
"""

from __future__ import annotations

import gc
import logging
from typing import Final

log = logging.getLogger("deadtable.server")

# Collections of the middle generation between two full collections (CPython's default is 10).
FULL_AFTER: Final = 100


def settle() -> None:
    """After start-up: collect once, freeze what is left (it lives as long as the process), and
    space the full collections out (`FULL_AFTER`). For server processes only, never the tests'."""
    gc.collect()
    gc.freeze()
    young, middle, _full = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_AFTER)
    log.debug("garbage collector: %d objects frozen after start-up", gc.get_freeze_count())
