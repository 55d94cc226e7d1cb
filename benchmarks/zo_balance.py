"""Zombie Overlord card balance: how often each Trap and Action is in the winner's deck.

Run: .venv/bin/python benchmarks/zo_balance.py [GAMES] [PLAYERS]   (default 1000 games, 2 players)

Two heuristic bots play; half of their purchases are drawn at random among the legal buys so that
every card gets bought in many different decks. For each Trap and Action the script reports how
many players bought it and the share of those players who won, next to what its cost predicts
(a least-squares line of win share on cost). A card far from its line is flagged both ways: above
it, it wins more often than its price says (too cheap or too strong); below, less often (too dear
or too weak). Far means: its buyers' share differs from the line's by 8 points or more, and the
difference survives Holm's correction over all the cards tested (5% family-wise; see
`deadtable.sim.balance`), so testing some fifty cards at once does not flag noise.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict
from typing import Any

from deadtable.core import Action, SeatInfo, seat_info
from deadtable.games.zombie_overlord import GAME
from deadtable.games.zombie_overlord.cards import ACTION, TRAP, load
from deadtable.games.zombie_overlord.heuristic import HeuristicAgent
from deadtable.sim.balance import ALPHA, holm, one_sample_p


class Explorer:
    """The heuristic, except that half its purchases are random legal buys."""

    name = "explorer"

    def __init__(self) -> None:
        self.bot = HeuristicAgent()

    def act(self, info: SeatInfo, rng: random.Random) -> Action:
        buys = [a for a in info.legal_actions if str(a).startswith("buy ")]
        if buys and rng.random() < 0.5:
            return buys[rng.randrange(len(buys))]
        return self.bot.act(info, rng)


def main(games: int, players: int) -> None:
    cs = load()
    bought: dict[str, int] = defaultdict(int)
    won: dict[str, int] = defaultdict(int)
    for g in range(games):
        state = GAME.new(players, 50_000 + g)
        mine: list[set[str]] = [set() for _ in range(players)]

        def listen(kind: str, data: dict[str, Any], mine: list[set[str]] = mine) -> None:
            if kind == "buy" and data["card_type"] in ("trap", "action"):
                mine[data["seat"]].add(data["card"])

        state.listeners.append(listen)
        bots = [Explorer() for _ in range(players)]
        rng = random.Random(g)
        while not state.is_terminal:
            p = state.current_player
            assert p is not None
            state.apply(bots[p].act(seat_info(state), rng))
        winners = state.outcome().winners
        for p in range(players):
            for name in mine[p]:
                bought[name] += 1
                won[name] += p in winners and len(winners) == 1
    rows = []
    for k in (*cs.traps, *cs.actions):
        c = cs.cards[k]
        if bought[c.name] >= 20:
            rows.append((c.name, c.cost, bought[c.name], won[c.name] / bought[c.name]))
    xs = [r[1] for r in rows]
    ys = [r[3] for r in rows]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    var = sum((x - mx) ** 2 for x in xs) or 1.0
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / var
    print(f"{games} games, {players} players; win share = {my - slope * mx:.3f} + {slope:.3f} x cost")
    print(f"{'card':<16}{'cost':>5}{'bought':>8}{'won':>8}{'by cost':>9}  flag")
    table = sorted(rows, key=lambda r: (cs.cards[cs.by_name[r[0]]].category, r[0]))
    expected = [my + slope * (cost - mx) for _, cost, _, _ in table]
    ps = holm([one_sample_p(share * n, n, e) for (_, _, n, share), e in zip(table, expected, strict=True)])
    strong = weak = 0
    for (name, cost, n, share), expect, p in zip(table, expected, ps, strict=True):
        far = abs(share - expect) >= 0.08 and p < ALPHA
        flag = "" if not far else "TOO STRONG" if share > expect else "TOO WEAK"
        strong += flag == "TOO STRONG"
        weak += flag == "TOO WEAK"
        print(f"{name:<16}{cost:>5}{n:>8}{share:>8.1%}{expect:>9.1%}  {flag}")
    kinds = {TRAP: "Traps", ACTION: "Actions"}
    print(f"flagged: {strong} too strong, {weak} too weak, of {len(rows)} ({', '.join(kinds.values())})")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[0]) if args else 1000, int(args[1]) if len(args) > 1 else 2)
