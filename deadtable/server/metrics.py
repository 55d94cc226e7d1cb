"""Prometheus metrics of a server process, off unless the operator asks (`deadtable serve
--metrics-port N`): served on a port of their own, bound to 127.0.0.1 unless `--metrics-host`
says otherwise, so they are never public by default.

What is measured, all named `deadtable_*`:

- `tables_live`: tables held in memory now; `tables_unfinished`: unfinished tables in the store
  (one count query per scrape); `connections`: WebSocket connections to tables now.
- `moves_total` by actor (player, bot, standby): `rate(deadtable_moves_total[1m])` is moves per
  second; `move_seconds`, a histogram of the time from a move asked to its record written.
- `refusals_total` by kind: a WebSocket message refused (the error's code: "illegal", "stale",
  "slow-down"...) or a request over a limit per address ("rate-limit").
- `bot_think_seconds` by agent: the time a bot took to choose a move.

The counts come through the hub's feature hooks (`features.TableFeature`: `moved`, `refused`,
`thought`), the gauges from the hub's and the store's public interfaces when scraped. Each
`Metrics` has a registry of its own, so two applications in one process never mix their counts.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from .features import TableFeature

if TYPE_CHECKING:
    from .hub import Hub
    from .live_table import LiveTable

MOVE_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
THINK_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)


class Metrics(TableFeature):
    """The metrics of one application: a table feature (its hub calls the hooks) and a collector
    of the gauges, read from the hub when scraped."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.hub: Hub | None = None
        self.moves = Counter(
            "deadtable_moves", "Moves accepted, by who made them.", ["actor"], registry=self.registry
        )
        self.move_seconds = Histogram(
            "deadtable_move_seconds",
            "Seconds from a move asked to its record written.",
            buckets=MOVE_BUCKETS,
            registry=self.registry,
        )
        self.refusals = Counter(
            "deadtable_refusals", "Requests and messages refused, by kind.", ["kind"], registry=self.registry
        )
        self.think_seconds = Histogram(
            "deadtable_bot_think_seconds",
            "Seconds a bot took to choose a move.",
            ["agent"],
            buckets=THINK_BUCKETS,
            registry=self.registry,
        )
        self.registry.register(Gauges(self))

    # -- the hooks -------------------------------------------------------------------------------
    async def started(self, hub: Hub) -> None:
        self.hub = hub

    def moved(self, hub: Hub, lt: LiveTable, actor: str, seconds: float) -> None:
        self.moves.labels(actor).inc()
        self.move_seconds.observe(seconds)

    def refused(self, hub: Hub, code: str) -> None:
        self.refusals.labels(code[:40]).inc()

    def thought(self, hub: Hub, lt: LiveTable, agent: str, seconds: float) -> None:
        self.think_seconds.labels(agent[:64]).observe(seconds)

    def text(self) -> bytes:
        """The metrics in Prometheus's text format."""
        return generate_latest(self.registry)


def held(hub: Hub) -> list[LiveTable]:
    """The hub's tables now, read from another thread (while the event loop may change them)."""
    for _ in range(5):
        try:
            return list(hub.tables.values())
        except RuntimeError:  # changed while being read: again
            continue
    return []


class Gauges(Collector):
    """What is true now, read when scraped (from the metrics server's thread)."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def collect(self) -> Iterator[Metric]:
        hub = self.metrics.hub
        tables = held(hub) if hub is not None else []
        yield GaugeMetricFamily("deadtable_tables_live", "Tables held in memory now.", value=len(tables))
        connections = sum(len(lt.conns) for lt in tables)
        yield GaugeMetricFamily("deadtable_connections", "WebSocket connections now.", value=connections)
        if hub is not None:
            try:
                unfinished = hub.store.count_unfinished()
            except Exception:  # the store is down: the health check says so; the other metrics still go
                return
            yield GaugeMetricFamily(
                "deadtable_tables_unfinished", "Unfinished tables in the store.", value=unfinished
            )

    def describe(self) -> Iterator[Metric]:
        return iter(())
