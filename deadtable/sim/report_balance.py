"""The report's balance section: the answers of `balance.py` as HTML tables (see report.py)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from deadtable.i18n import Translator

from .balance import ALPHA, MIN_HOLDERS, Flagged, dealer_hands, families, first_player, flag_cards, hand_cards
from .stats import Rate, card_stats


def _head(*cells: str) -> str:
    return "<tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in cells) + "</tr>"


def _note(text: str) -> str:
    return f"<p class='note'>{html.escape(text)}</p>"


def _rate_row(num: Any, label: str, r: Rate) -> str:
    lo, hi = r.ci
    return (
        f"<tr><td>{html.escape(label)}</td><td>{num.whole(r.trials)}</td><td>{num.pct(r.rate)}</td>"
        f"<td>{num.pct(lo)} - {num.pct(hi)}</td></tr>"
    )


def _flag_table(t: Translator, num: Any, items: list[Flagged], points: bool) -> str:
    head = [t._("card"), t._("with it"), t._("win rate with it"), t._("win rate without"), t._("difference")]
    head += [t._("95% CI"), t._("p (Holm)")]
    if points:
        head.append(t._("points kept"))
    out = ["<table>" + _head(*head)]
    for f in items:
        d, lo, hi = f.diff
        extra = f"<td>{num.fixed(f.extra, 1)}</td>" if points else ""
        p_text = num.fixed(f.p_holm, 3) if f.holders.trials >= MIN_HOLDERS else "-"
        out.append(
            f"<tr class='{f.flag}'><td>{html.escape(f.label)}</td><td>{num.whole(f.holders.trials)}</td>"
            f"<td>{num.pct(f.holders.rate)}</td><td>{num.pct(f.others.rate)}</td><td>{num.diff(d)}</td>"
            f"<td>{num.diff(lo)} - {num.diff(hi)}</td><td>{p_text}</td>{extra}</tr>"
        )
    out.append("</table>")
    return "".join(out)


def balance_section(t: Translator, num: Any, rows: Sequence[dict[str, Any]]) -> str:
    """Seat effects, card families, flagged cards (both ways, Holm-corrected) and per-hand cards."""
    parts = []
    first, dealer = first_player(rows), dealer_hands(rows)
    if first or dealer:
        table = ["<table>" + _head("", t._("trials"), t._("win rate"), t._("95% CI"))]
        if first:
            table.append(_rate_row(num, t._("the seat that moved first (games won)"), first))
        if dealer:
            table.append(_rate_row(num, t._("the dealer (hands gone out of first)"), dealer))
        table.append("</table>")
        parts.append("".join(table))
        fair = 1 / max(int(r["players"]) for r in rows)
        parts.append(
            _note(t._("With no seat effect the first seat wins {fair} of the games.", fair=num.pct(fair)))
        )
    fams = families(rows)
    if fams:
        heading = t._("Seats that bought mostly one family of cards")
        parts.append(f"<h3>{html.escape(heading)}</h3>")
        table = ["<table>" + _head(t._("family"), t._("trials"), t._("win rate"), t._("95% CI"))]
        table += [_rate_row(num, r.label, r) for r in fams]
        table.append("</table>")
        parts.append("".join(table))
    note = t._(
        "Each card's holders against the win rate of every seat: a two-sided test per card, then Holm's "
        "correction over the cards of one kind, so that all the flags of a table together are wrong "
        "with a chance of {alpha} at most. Red: wins more often than the rest; blue: less often. "
        "Cards held fewer than {n} times are not tested.",
        alpha=num.pct_whole(ALPHA),
        n=MIN_HOLDERS,
    )
    flagged = flag_cards(card_stats(rows))
    if flagged:
        heading = t._("Cards flagged as too strong or too weak")
        parts.append(f"<h3>{html.escape(heading)}</h3>")
        parts.append(_note(note))
        for kind, items in flagged.items():
            parts.append(f"<h4>{html.escape(kind)}</h4>")
            parts.append(_flag_table(t, num, items, points=False))
    hands = hand_cards(rows)
    if hands:
        heading = t._("Opening hands, per hand")
        parts.append(f"<h3>{html.escape(heading)}</h3>")
        parts.append(
            _note(
                t._(
                    "Per hand, not per game: the seats that were dealt a card, how often they went out "
                    "first against every other seat-hand, and the points they kept on average."
                )
            )
        )
        parts.append(_flag_table(t, num, hands, points=True))
    return "".join(parts)
