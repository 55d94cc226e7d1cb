"""docs/figures/balance.md: where each game's balance stands, from seeded simulations played here.

Each game is played `games` times at 2 players between its heuristic bots exactly as `deadtable
simulate GAME --games N --agents heuristic,heuristic --seed 0` plays them (`deadtable.sim.run`:
the same plan, seeds and rows, in this process), and the rows are read by the report's balance
section (`deadtable.sim.balance`, what `deadtable report` shows as HTML): the first player's win
rate, the dealer's hands where a game is played in hands, card families, every card's holders
against the rest with Holm's correction per event kind, and per-hand opening cards. The games are
seeded, so the figures are the same on any machine and build; the stamp says where they ran.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import Any

import deadtable
from deadtable import native
from deadtable.sim import Plan, Rate, card_stats, run
from deadtable.sim.balance import (
    ALPHA,
    MIN_HOLDERS,
    Flagged,
    dealer_hands,
    families,
    first_player,
    flag_cards,
    hand_cards,
)

from . import stamp

GAMES = 2000  # games per game id: about a minute and a half for the four, pure Python
SEED = 0
AGENTS = ("heuristic", "heuristic")
FLAGS = {"strong": "too strong", "weak": "too weak", "": ""}


def simulate_command(game_id: str, games: int) -> str:
    argv = ["deadtable", "simulate", game_id, "--games", str(games), "--agents", ",".join(AGENTS)]
    return shlex.join([*argv, "--seed", str(SEED)])


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _points(x: float) -> str:
    return f"{x * 100:+.1f}"


def _rates(rates: Sequence[tuple[str, Rate]], head: str) -> list[str]:
    lines = [f"| {head} | trials | win rate | 95% CI |", "|---|---:|---:|---|"]
    for label, r in rates:
        lo, hi = r.ci
        lines.append(f"| {label} | {r.trials:,} | {_pct(r.rate)} | {_pct(lo)}-{_pct(hi)} |")
    return lines


def _cards(items: list[Flagged], points: bool) -> list[str]:
    head = "| card | with it | win rate with it | without | difference | 95% CI | p (Holm) | flag |"
    rule = "|---|---:|---:|---:|---:|---|---:|---|"
    if points:
        head, rule = head + " points kept |", rule + "---:|"
    lines = [head, rule]
    for f in items:
        d, lo, hi = f.diff
        p = f"{f.p_holm:.3f}" if f.holders.trials >= MIN_HOLDERS else "not tested"
        cells = [f.label, f"{f.holders.trials:,}", _pct(f.holders.rate), _pct(f.others.rate), _points(d)]
        cells += [f"{_points(lo)} to {_points(hi)}", p, FLAGS[f.flag]]
        if points:
            cells.append(f"{f.extra:.1f}")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def section(game_id: str, rows: Sequence[dict[str, Any]], games: int) -> list[str]:
    """One game's figures as Markdown, from its simulation rows."""
    the_game = deadtable.game(game_id)
    lines = ["", f"## {the_game.name}", "", f"`{simulate_command(game_id, games)}`", ""]
    seats: list[tuple[str, Rate]] = []
    first, dealer = first_player(rows), dealer_hands(rows)
    if first:
        seats.append(("the seat that moved first (games won)", first))
    if dealer:
        seats.append(("the dealer (hands gone out of first)", dealer))
    if seats:
        lines += _rates(seats, "seat effect")
        fair = 1 / max(int(r["players"]) for r in rows)
        lines += ["", f"With no seat effect the first seat would win {_pct(fair)} of the games."]
    fams = families(rows)
    if fams:
        lines += ["", "### Seats that bought mostly one family of cards", ""]
        lines += _rates([(r.label, r) for r in fams], "family")
    for kind, items in flag_cards(card_stats(rows)).items():
        flagged = [f.label for f in items if f.flag]
        said = f"flagged: {', '.join(flagged)}" if flagged else "none flagged"
        lines += ["", f"### Cards, `{kind}` events ({said})", "", *_cards(items, points=False)]
    hands = hand_cards(rows)
    if hands:
        flagged = [f.label for f in hands if f.flag]
        said = f"flagged: {', '.join(flagged)}" if flagged else "none flagged"
        lines += ["", f"### Opening hands, per hand ({said})", ""]
        lines += [
            "The seat-hands dealt each card, how often they went out first against every other",
            "seat-hand, and the points they kept on average.",
            "",
            *_cards(hands, points=True),
        ]
    return lines


def render(games: int = GAMES, game_ids: Sequence[str] | None = None, workers: int = 1) -> str:
    """Play each game (every registered one unless named) and write the page."""
    chosen = list(game_ids) if game_ids else [g.id for g in deadtable.games()]
    body: list[str] = []
    for game_id in chosen:
        rows = run(Plan(game_id, 2, AGENTS, seed=SEED), games, workers=workers)
        body += section(game_id, rows, games)
    again = ["python", "-m", "benchmarks.pages", "balance", "--games", str(games)]
    if game_ids:
        again += [arg for g in chosen for arg in ("--game", g)]
    lines = [
        "# Balance",
        "",
        stamp.measured([native.describe()]),
        "",
        f"Each game played {games:,} times at 2 players between its heuristic bots (`heuristic`, seats",
        f"rotating, seed {SEED}), as the `deadtable simulate` command under each game's name plays",
        "them; `deadtable report` on that command's rows shows the same figures in its Balance",
        "section. A card's holders (the seats that took it, by event kind) are tested against every",
        "seat's win rate, two-sided, with Holm's correction over the cards of one kind, so all the",
        f"flags of a table together are wrong with a chance of {ALPHA:.0%} at most; cards held fewer",
        f"than {MIN_HOLDERS} times are not tested. The difference is the holders' win rate minus the",
        "others', in points, with Newcombe's 95% interval. The games are seeded: the figures are",
        "the same on any machine and build.",
        "",
        "This page was written by:",
        "",
        "```sh",
        shlex.join(again) + "   # or make figures",
        "```",
        *body,
    ]
    return "\n".join(lines) + "\n"
