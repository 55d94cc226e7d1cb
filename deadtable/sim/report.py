"""One self-contained HTML page from simulation rows: tables, and plots embedded as base64 PNG.

The page shows win rates by agent and by seat with 95% Wilson intervals, the distribution of game
length, scores by agent, and, where the game's events name cards (see `events.py`), a table and a
chart per event kind: how often each card is bought / recruited / picked, the win rate of the seats
that did so against the others, and the numbers the events carry (points...). A card whose
holders' interval lies wholly above everyone else's win rate is flagged: a designer's first look.
The balance section (`report_balance.py`) answers the designer's questions: the first player's
and the dealer's edge, card families, cards flagged both ways with Holm's correction, per-hand
card statistics.

Numbers are written the reader's way (Babel, CLDR): "45,3 %" and "2,5" in Spanish, "1 000" in
Russian; an English page keeps Python's plain formats ("45.3%", "1000").
"""

from __future__ import annotations

import base64
import html
import io
import re
from collections import defaultdict
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from babel.core import Locale
from babel.dates import format_datetime
from babel.numbers import format_decimal, format_percent

from deadtable.core import DeadtableError
from deadtable.i18n import N_, Translator, current_language, translator

from .report_balance import balance_section
from .stats import (
    CardStat,
    Rate,
    by_agent,
    by_agent_and_seat,
    by_seat,
    card_stats,
    length_columns,
    length_label,
    mean,
)

MAX_CARDS_IN_CHART = 40

# The length measures games emit (see stats.length_label), for the catalogue.
LENGTH_WORDS = (N_("actions"), N_("rounds"), N_("hands"), N_("turns"))

CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2em auto;max-width:1100px;
color:#222;padding:0 1em}
h1{font-size:1.6em;margin-bottom:.2em}h2{margin-top:1.8em;border-bottom:1px solid #ddd;padding-bottom:.2em}
table{border-collapse:collapse;margin:.6em 0;font-size:.92em}
th,td{border:1px solid #ddd;padding:.25em .6em;text-align:right}th{background:#f4f4f4}
td:first-child,th:first-child{text-align:left}
.strong{background:#fde2e1}.weak{background:#e3effd}.note{color:#666;font-size:.9em}
img{max-width:100%;height:auto;display:block;margin:.5em 0}
"""


class Numbers:
    """Numbers in a report, in the reader's language.

    >>> es, en = Numbers("es"), Numbers("en")
    >>> es.pct(0.4532), es.diff(-0.045), es.fixed(2.5, 2), es.short(2.5), es.whole(1000)
    ('45,3\xa0%', '-4,5\xa0%', '2,50', '2,5', '1.000')
    >>> en.pct(0.4532), en.diff(0.045), en.fixed(2.5, 2), en.short(42.0), en.whole(1000)
    ('45.3%', '+4.5%', '2.50', '42', '1000')
    >>> Numbers("ru").fixed(1234.5, 1)
    '1\xa0234,5'
    """

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.english = lang == "en"
        if not self.english:
            percent = Locale.parse(lang).percent_formats[None].pattern.split(";")[0]
            # The locale's percent pattern ("#,##0 %") with one decimal: "#,##0.0 %".
            self._pct = re.sub(r"0(?![0-9.])", "0.0", percent, count=1)

    def pct(self, x: float) -> str:
        """A share as a percentage with one decimal: 45.3% / 45,3 %."""
        return f"{x:.1%}" if self.english else format_percent(x, self._pct, locale=self.lang)

    def moment(self, when: datetime) -> str:
        """A UTC date and time: 1999-12-31 23:59 UTC / 31 dic 1999, 23:59 UTC."""
        if self.english:
            return when.strftime("%Y-%m-%d %H:%M UTC")
        return format_datetime(when, "medium", tzinfo=UTC, locale=self.lang).rsplit(":", 1)[0] + " UTC"

    def pct_whole(self, x: float) -> str:
        """A share as a whole percentage: 45% / 45 %."""
        return f"{x:.0%}" if self.english else format_percent(x, locale=self.lang)

    def diff(self, x: float) -> str:
        """A difference of shares, signed: +4.5% / -4,5 %."""
        if self.english:
            return f"{x:+.1%}"
        return format_percent(x, f"+{self._pct};-{self._pct}", locale=self.lang)

    def fixed(self, x: float, digits: int) -> str:
        """A mean, with `digits` decimals."""
        if self.english:
            return f"{x:.{digits}f}"
        return format_decimal(x, "#,##0." + "0" * digits if digits else "#,##0", locale=self.lang)

    def short(self, x: float) -> str:
        """A count or a measure, as short as it goes (Python's `g`; in English exactly that)."""
        return f"{x:g}" if self.english else format_decimal(float(f"{x:g}"), locale=self.lang)

    def whole(self, n: int) -> str:
        """A whole number."""
        return str(n) if self.english else format_decimal(n, locale=self.lang)

    def axes(self, ax: Any) -> None:
        """A chart's tick labels written the same way (English charts are left as matplotlib draws)."""
        if self.english:
            return
        from matplotlib.ticker import FuncFormatter

        tick = FuncFormatter(lambda value, _pos: format_decimal(round(value, 6), locale=self.lang))
        ax.xaxis.set_major_formatter(tick)
        ax.yaxis.set_major_formatter(tick)


def _plt() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise DeadtableError("the report needs matplotlib: pip install 'deadtable[sim]'") from None
    return plt


def _png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=96, bbox_inches="tight")
    _plt().close(fig)
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    return f'<img alt="chart" src="data:image/png;base64,{data}">'


def _rate_chart(t: Translator, num: Numbers, rates: list[Rate], title: str) -> str:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 0.5 + 0.45 * max(2, len(rates))))
    labels = [r.label for r in rates]
    vals = [r.rate for r in rates]
    lo = [max(0.0, r.rate - r.ci[0]) for r in rates]
    hi = [max(0.0, r.ci[1] - r.rate) for r in rates]
    ax.barh(labels, vals, xerr=[lo, hi], color="#4c78a8", capsize=4)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel(t._("win rate (bars: 95% Wilson interval)"))
    ax.set_title(title)
    num.axes(ax)
    return _png(fig)


def _h2(text: str) -> str:
    return f"<h2>{html.escape(text)}</h2>"


def _head(*cells: str) -> str:
    return "<tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in cells) + "</tr>"


def _rate_table(t: Translator, num: Numbers, rates: list[Rate]) -> str:
    out = ["<table>" + _head("", t._("seat-games"), t._("wins"), t._("win rate"), t._("95% CI"))]
    for r in rates:
        lo, hi = r.ci
        out.append(
            f"<tr><td>{html.escape(r.label)}</td><td>{num.whole(r.trials)}</td><td>{num.short(r.wins)}</td>"
            f"<td>{num.pct(r.rate)}</td><td>{num.pct(lo)} - {num.pct(hi)}</td></tr>"
        )
    out.append("</table>")
    return "".join(out)


def _length_section(t: Translator, num: Numbers, rows: Sequence[dict[str, Any]]) -> str:
    plt = _plt()
    parts = []
    cols = length_columns(rows)
    table = ["<table>" + _head(t._("measure"), t._("mean"), t._("median"), t._("min"), t._("max"))]
    for col in cols:
        vals = sorted(float(r.get(col) or 0) for r in rows)
        median = vals[len(vals) // 2]
        name = t.gettext(length_label(col))
        table.append(
            f"<tr><td>{html.escape(name)}</td><td>{num.fixed(mean(vals), 1)}</td><td>{num.short(median)}</td>"
            f"<td>{num.short(vals[0])}</td><td>{num.short(vals[-1])}</td></tr>"
        )
    table.append("</table>")
    parts.append("".join(table))
    fig, axes = plt.subplots(1, len(cols), figsize=(4.5 * len(cols), 3), squeeze=False)
    for ax, col in zip(axes[0], cols, strict=True):
        vals = [float(r.get(col) or 0) for r in rows]
        ax.hist(vals, bins=min(40, max(5, len(set(vals)))), color="#72b7b2")
        ax.set_title(t._("{measure} per game", measure=t.gettext(length_label(col))))
        ax.set_ylabel(t._("games"))
        num.axes(ax)
    parts.append(_png(fig))
    return "".join(parts)


def _score_section(t: Translator, num: Numbers, rows: Sequence[dict[str, Any]]) -> str:
    scores: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        for s in range(int(row["players"])):
            scores[str(row[f"agent_s{s}"])].append(float(row[f"score_s{s}"]))
    out = ["<table>" + _head(t._("agent"), t._("mean score"), t._("min"), t._("max"))]
    for name in sorted(scores):
        v = scores[name]
        out.append(
            f"<tr><td>{html.escape(name)}</td><td>{num.fixed(mean(v), 2)}</td>"
            f"<td>{num.short(min(v))}</td><td>{num.short(max(v))}</td></tr>"
        )
    out.append("</table>")
    return "".join(out)


def _flag(c: CardStat) -> str:
    lo, hi = c.holder_ci
    if c.holders >= 10 and lo > c.others_win:
        return "strong"
    if c.holders >= 10 and hi < c.others_win:
        return "weak"
    return ""


def _card_section(t: Translator, num: Numbers, stats: list[CardStat]) -> str:
    by_kind: dict[str, list[CardStat]] = defaultdict(list)
    for c in stats:
        by_kind[c.kind].append(c)
    note = t._(
        "For each event the game emits with a seat and a card: how often per game, the "
        "share of seat-games that did it at least once, and the win rate of those seats (95% CI) "
        "against the win rate of all the others. {red}: the holders' "
        "interval lies wholly above the others' rate (a card that may be too strong); "
        "{blue}: wholly below. Agents differ in what they buy, so judge cards "
        "on games between equal agents (for example --agents heuristic,heuristic).",
        red="\0red\0",
        blue="\0blue\0",
    )
    note = html.escape(note)
    note = note.replace("\0red\0", "<span class='strong'>" + html.escape(t._("Red")) + "</span>")
    note = note.replace("\0blue\0", "<span class='weak'>" + html.escape(t._("blue")) + "</span>")
    parts = [f'<p class="note">{note}</p>']
    for kind in sorted(by_kind):
        cards = sorted(by_kind[kind], key=lambda c: c.holder_wins - c.others_win, reverse=True)
        fields = sorted({f for c in cards for f in c.fields})
        parts.append(f"<h3>{html.escape(kind)}</h3>")
        head = _head(
            t._("card"),
            t._("per game"),
            t._("seat-games with it"),
            t._("win rate with it"),
            t._("95% CI"),
            t._("win rate without"),
            t._("difference"),
            *(t._("{field} per game", field=f) for f in fields),
        )
        rows = ["<table>" + head]
        for c in cards:
            lo, hi = c.holder_ci
            extra = "".join(f"<td>{num.fixed(c.fields.get(f, 0.0), 2)}</td>" for f in fields)
            cls = _flag(c)
            rows.append(
                f"<tr class='{cls}'><td>{html.escape(c.card)}</td><td>{num.fixed(c.per_game, 2)}</td>"
                f"<td>{num.pct(c.seat_share)} ({num.whole(c.holders)})</td><td>{num.pct(c.holder_wins)}</td>"
                f"<td>{num.pct(lo)} - {num.pct(hi)}</td><td>{num.pct(c.others_win)}</td>"
                f"<td>{num.diff(c.holder_wins - c.others_win)}</td>{extra}</tr>"
            )
        rows.append("</table>")
        parts.append("".join(rows))
        parts.append(_card_chart(t, num, kind, cards))
    return "".join(parts)


def _card_chart(t: Translator, num: Numbers, kind: str, cards: list[CardStat]) -> str:
    shown = [c for c in cards if c.holders][:MAX_CARDS_IN_CHART]
    if not shown:
        return ""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(8, 0.6 + 0.3 * len(shown)))
    labels = [c.card for c in shown]
    diffs = [c.holder_wins - c.others_win for c in shown]
    lo = [max(0.0, c.holder_wins - c.holder_ci[0]) for c in shown]
    hi = [max(0.0, c.holder_ci[1] - c.holder_wins) for c in shown]
    colours = {"strong": "#e45756", "weak": "#4c78a8", "": "#9d9d9d"}
    ax.barh(labels, diffs, xerr=[lo, hi], color=[colours[_flag(c)] for c in shown], capsize=3)
    ax.axvline(0, color="#333", linewidth=0.8)
    ax.invert_yaxis()
    ax.set_xlabel(t._("win rate with the card minus without (bars: 95% CI of the holders' rate)"))
    ax.set_title(t._("{kind}: win rate of the seats that did it, minus the others'", kind=kind))
    num.axes(ax)
    return _png(fig)


def render(
    rows: Sequence[dict[str, Any]], *, title: str = "", source: str = "", lang: str | None = None
) -> str:
    """The whole report as one HTML string, in `lang` (default: the language in use)."""
    if not rows:
        raise DeadtableError("no games to report on")
    t = translator(lang or current_language())
    num = Numbers(t.lang)
    agents, seats = by_agent(rows), by_seat(rows, t)
    players = sorted({int(r["players"]) for r in rows})
    names = ", ".join(r.label for r in agents)
    when = num.moment(datetime.now(UTC))
    heading = title or t._("deadtable simulation report")
    summary = t._(
        "{n} games, {players} players, agents: {agents}. Source: {source}. Made {when}. A shared win "
        "is split between the tied seats; intervals are 95% Wilson score intervals.",
        n=num.whole(len(rows)),
        players="/".join(map(str, players)),
        agents=names,
        source=source,
        when=when,
    )
    body = [
        f"<h1>{html.escape(heading)}</h1>",
        f"<p class='note'>{html.escape(summary)}</p>",
        _h2(t._("Win rate by agent")),
        _rate_table(t, num, agents),
        _rate_chart(t, num, agents, t._("win rate by agent")),
        _h2(t._("Win rate by seat")),
        _rate_table(t, num, seats),
        _rate_chart(t, num, seats, t._("win rate by seat")),
        _h2(t._("Agent and seat")),
        _rate_table(t, num, by_agent_and_seat(rows, t)),
        _h2(t._("Scores")),
        _score_section(t, num, rows),
        _h2(t._("Game length")),
        _length_section(t, num, rows),
    ]
    balance = balance_section(t, num, rows)
    if balance:
        body += [_h2(t._("Balance")), balance]
    cards = card_stats(rows)
    body.append(_h2(t._("Cards")))
    if cards:
        body.append(_card_section(t, num, cards))
    else:
        note = t._("This game emitted no events naming a seat and a card.")
        body.append(f"<p class='note'>{html.escape(note)}</p>")
    return (
        f"<!doctype html><html lang='{t.lang}'><head><meta charset='utf-8'>"
        f"<title>{html.escape(heading)}</title><style>{CSS}</style></head><body>"
        + "\n".join(body)
        + "</body></html>\n"
    )
