"""A designer's questions, answered from simulation rows: seat effects, cards that win too often or
too rarely, hands, card families, and what changed between two runs on the same seeds.

- `first_player`: the win rate of the seat that moved first (the row's `first` column) and, for
  games played in hands, `dealer_hands`: how often the dealer went out first.
- `flag_cards`: each card's holders against every seat's rate, a two-sided z-test per card (see
  `one_sample_p`), and Holm's step-down correction over the cards of one event kind (about 50 tests at
  once), so that a flag means "this card differs" with a 5% chance of any false flag in the
  family, not 5% per card. Both directions are flagged: too strong and too weak.
- `hand_cards`: per hand, not per game (a long game would count for more): the seats that opened
  a hand with a card, how often they went out first against the other seat-hands.
- `families`: seats that bought mostly one family of cards (names like `ammo-01`, `ammo-02`
  share the family `ammo`) and how they fared.
- `difference`: the difference of two rates with Newcombe's hybrid score interval (from the two
  Wilson intervals), which `compare` uses to set two runs side by side (the what-if mode).
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .events import DEALER_WON, EVENT_PREFIX, HAND_PREFIX
from .stats import CardStat, Rate, card_stats, mean, players_of, wilson

ALPHA = 0.05
MIN_HOLDERS = 30  # fewer seat-games than this: too few to test
FAMILY = re.compile(r"^(.+?)-\d+$")  # "ammo-01" -> "ammo"
MOSTLY = 0.5  # a seat "mostly" buys a family when more than half of its purchases in families are


def one_sample_p(wins: float, n: float, base: float) -> float:
    """The two-sided p-value of `wins` out of `n` against a rate of `base` (normal approximation).

    Holders are tested against the rate of every seat together (one win per game over the seats),
    not against the other seats: in a two-player game the other seat is the holder's opponent,
    whose result mirrors the holder's, and a two-sample test would count the same games twice
    (its p-values come out far too small).

    >>> round(one_sample_p(60, 100, 0.5), 4)
    0.0455
    >>> one_sample_p(0, 0, 0.5)
    1.0
    """
    if n <= 0 or not 0 < base < 1:
        return 1.0
    z = abs(wins / n - base) / math.sqrt(base * (1 - base) / n)
    return math.erfc(z / math.sqrt(2))


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (family-wise error), in the input order.

    >>> [round(p, 3) for p in holm([0.01, 0.04, 0.03, 0.5])]
    [0.04, 0.09, 0.09, 0.5]
    """
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    out = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = running
    return out


def difference(a: Rate, b: Rate) -> tuple[float, float, float]:
    """`a.rate - b.rate` and Newcombe's 95% interval of it (hybrid score, from Wilson intervals).

    >>> d, lo, hi = difference(Rate("a", 60, 100), Rate("b", 40, 100))
    >>> round(d, 2), round(lo, 3), round(hi, 3)
    (0.2, 0.061, 0.328)
    """
    p1, p2 = a.rate, b.rate
    l1, u1 = a.ci
    l2, u2 = b.ci
    d = p1 - p2
    return d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def first_player(rows: Sequence[dict[str, Any]]) -> Rate | None:
    """Win rate of the seat that moved first; None when the rows do not say who did."""
    wins = 0.0
    n = 0
    for row in rows:
        first = int(float(row.get("first", -1)))
        if first < 0 or first >= players_of(row):
            continue
        wins += float(row[f"win_s{first}"])
        n += 1
    return Rate("first", wins, n) if n else None


def dealer_hands(rows: Sequence[dict[str, Any]]) -> Rate | None:
    """How often the dealer went out first, over every hand; None for games not played in hands."""
    hands = sum(float(r.get(EVENT_PREFIX + "hand_end") or 0) for r in rows)
    if not any(DEALER_WON in r for r in rows) or not hands:
        return None
    return Rate("dealer", sum(float(r.get(DEALER_WON) or 0) for r in rows), int(hands))


@dataclass(frozen=True)
class Flagged:
    """A card's rate against the rest, its test and its verdict ("strong", "weak" or "")."""

    label: str
    holders: Rate  # the seats (or seat-hands) with the card
    others: Rate  # everyone else
    p: float
    p_holm: float
    flag: str
    extra: float = 0.0  # per-hand: the mean points the holders kept

    @property
    def diff(self) -> tuple[float, float, float]:
        return difference(self.holders, self.others)


def _verdicts(items: list[tuple[str, Rate, Rate, float]], alpha: float) -> list[Flagged]:
    tested = [i for i, (_, h, o, _) in enumerate(items) if h.trials >= MIN_HOLDERS and o.trials]
    ps = []
    for i in tested:
        h, o = items[i][1], items[i][2]
        ps.append(one_sample_p(h.wins, h.trials, (h.wins + o.wins) / (h.trials + o.trials)))
    adjusted = dict(zip(tested, holm(ps), strict=True))
    raw = dict(zip(tested, ps, strict=True))
    out = []
    for i, (label, h, o, extra) in enumerate(items):
        p, ph = raw.get(i, 1.0), adjusted.get(i, 1.0)
        flag = "" if ph >= alpha else "strong" if h.rate > o.rate else "weak"
        out.append(Flagged(label, h, o, p, ph, flag, extra))
    return sorted(out, key=lambda f: f.holders.rate - f.others.rate, reverse=True)


def flag_cards(stats: Sequence[CardStat], alpha: float = ALPHA) -> dict[str, list[Flagged]]:
    """Per event kind, every card's holders against the other seats, Holm-corrected over the kind."""
    by_kind: dict[str, list[CardStat]] = defaultdict(list)
    for c in stats:
        by_kind[c.kind].append(c)
    out = {}
    for kind, cards in sorted(by_kind.items()):
        items = []
        for c in cards:
            others = round(c.holders / c.seat_share) - c.holders if c.seat_share else 0
            items.append(
                (
                    c.card,
                    Rate(c.card, c.holder_wins * c.holders, c.holders),
                    Rate("", c.others_win * others, others),
                    0.0,
                )
            )
        out[kind] = _verdicts(items, alpha)
    return out


def hand_cards(rows: Sequence[dict[str, Any]], alpha: float = ALPHA) -> list[Flagged]:
    """Per card, the seat-hands that opened with it: how often they went out first, against the rest."""
    sums: dict[str, dict[str, float]] = {
        "held": defaultdict(float),
        "won": defaultdict(float),
        "points": defaultdict(float),
    }
    for row in rows:
        for key, value in row.items():
            if key.startswith(HAND_PREFIX) and key != DEALER_WON:
                card, _, what = key[len(HAND_PREFIX) :].rpartition("|")
                if what in sums:
                    sums[what][card] += float(value or 0)
    held, won, kept = sums["held"], sums["won"], sums["points"]
    seat_hands = sum(float(r.get(EVENT_PREFIX + "hand_end") or 0) * players_of(r) for r in rows)
    hands_won = sum(float(r.get(EVENT_PREFIX + "hand_end") or 0) for r in rows)  # one first out a hand
    items = []
    for card in sorted(held):
        n = held[card]
        h = Rate(card, won[card], int(n))
        o = Rate("", hands_won - won[card], int(seat_hands - n))
        items.append((card, h, o, kept[card] / n if n else 0.0))
    return _verdicts(items, alpha)


def family_of(card: str) -> str | None:
    """The family of a card named like `ammo-01` (`ammo`); None for other names.

    >>> family_of("ammo-01"), family_of("fuel-12"), family_of("Power Down")
    ('ammo', 'fuel', None)
    """
    m = FAMILY.match(card)
    return m.group(1) if m else None


def families(rows: Sequence[dict[str, Any]], kind: str = "buy") -> list[Rate]:
    """The win rate of seats whose `kind` events were mostly (over half) one family's cards."""
    cols: dict[str, tuple[str, int]] = {}
    for row in rows[:200]:
        for key in row:
            if key.startswith(f"card|{kind}|") and key.count("|") == 3:
                _, _, card, seat_text = key.split("|")
                fam = family_of(card)
                if fam:
                    cols[key] = (fam, int(seat_text[1:]))
    wins: dict[str, float] = defaultdict(float)
    trials: dict[str, int] = defaultdict(int)
    for row in rows:
        count: dict[tuple[int, str], float] = defaultdict(float)
        for key, (fam, seat) in cols.items():
            count[(seat, fam)] += float(row.get(key) or 0)
        for s in range(players_of(row)):
            mine = {f: v for (seat, f), v in count.items() if seat == s and v}
            total = sum(mine.values())
            for fam, v in mine.items():
                if v > MOSTLY * total:
                    wins[fam] += float(row[f"win_s{s}"])
                    trials[fam] += 1
    return [Rate(f, wins[f], trials[f]) for f in sorted(trials)]


@dataclass(frozen=True)
class Change:
    """One measure in two runs on the same seeds: the shipped cards (a) and the changed ones (b).

    `what` says what is measured: "first" (the first player's games), "dealer" (the dealer's
    hands), "family" (seats that bought mostly the family `label`) or an event kind ("buy",
    "lure"...; "hand" for opening hands) with the card in `label`.
    """

    what: str
    label: str
    a: Rate
    b: Rate

    @property
    def diff(self) -> tuple[float, float, float]:
        return difference(self.b, self.a)


def compare(
    a: Sequence[dict[str, Any]], b: Sequence[dict[str, Any]], min_holders: int = MIN_HOLDERS
) -> tuple[list[Change], list[Change]]:
    """Runs `a` and `b` side by side: (seat and family measures, card measures by largest change)."""
    seats = []
    for what, fn in (("first", first_player), ("dealer", dealer_hands)):
        ra, rb = fn(a), fn(b)
        if ra and rb:
            seats.append(Change(what, "", ra, rb))
    fb = {r.label: r for r in families(b)}
    seats += [Change("family", r.label, r, fb[r.label]) for r in families(a) if r.label in fb]
    sa = {(c.kind, c.card): c for c in card_stats(a)}
    sb = {(c.kind, c.card): c for c in card_stats(b)}
    cards = []
    for key in sorted(set(sa) & set(sb)):
        ca, cb = sa[key], sb[key]
        if min(ca.holders, cb.holders) >= min_holders:
            ra = Rate("", ca.holder_wins * ca.holders, ca.holders)
            rb = Rate("", cb.holder_wins * cb.holders, cb.holders)
            cards.append(Change(key[0], key[1], ra, rb))
    ha = {f.label: f.holders for f in hand_cards(a)}
    hb = {f.label: f.holders for f in hand_cards(b)}
    for card in sorted(set(ha) & set(hb)):
        if min(ha[card].trials, hb[card].trials) >= min_holders:
            cards.append(Change("hand", card, ha[card], hb[card]))
    cards.sort(key=lambda c: abs(c.b.rate - c.a.rate), reverse=True)
    return seats, cards


def mean_length(rows: Sequence[dict[str, Any]]) -> float:
    """Mean actions per game."""
    return mean(float(r.get("actions") or 0) for r in rows)


__all__ = [
    "Change",
    "Flagged",
    "compare",
    "dealer_hands",
    "difference",
    "families",
    "first_player",
    "flag_cards",
    "hand_cards",
    "holm",
    "one_sample_p",
    "wilson",
]
