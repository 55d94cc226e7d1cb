"""A bot past its time: the table plays a random legal move and goes on, while the bot's thread,
still thinking, reads a copy of the position, never the live state moving under it."""

from __future__ import annotations

import asyncio
import random
import threading
from types import SimpleNamespace
from typing import Any

from deadtable.core import seat_info
from deadtable.core.registry import game
from deadtable.server.hub import Hub


class SlowReader:
    """An agent that waits past the bot time, then reads the position it was given."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.seen: list[Any] = []

    def act(self, info: Any, rng: random.Random) -> Any:
        self.release.wait(10)
        try:
            self.seen.append(info.view)
        except Exception as err:  # a read of the live state that moved on
            self.seen.append(err)
        return info.legal_actions[0]


def test_a_bot_past_its_time_thinks_on_a_copy_and_the_table_gets_a_legal_move() -> None:
    g = game("carson-zoo")
    st = g.new(2, seed=7)
    agent = SlowReader()
    lt = SimpleNamespace(id="t1", game=g, row=SimpleNamespace(seed=7), agents={"slow": agent})
    hub = Hub(store=None, bot_time=0.05)  # type: ignore[arg-type]

    async def scenario() -> str:
        text = await hub._think(lt, "slow", st)  # type: ignore[arg-type]
        st.apply(g.parse_action(st, text))  # the table moves on
        agent.release.set()
        await asyncio.sleep(0)
        return text

    text = asyncio.run(scenario())
    hub._bots.shutdown(wait=True)
    assert text in {str(a) for a in g.new(2, seed=7).legal_actions()}
    assert len(st.history) == 1
    # The thread read the position as it was asked, not the moved one.
    assert agent.seen == [seat_info(g.new(2, seed=7)).view]
