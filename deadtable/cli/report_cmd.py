"""`deadtable report`: one self-contained HTML page from a simulation's rows."""

from __future__ import annotations

from pathlib import Path

import click

from deadtable.sim.report import render
from deadtable.sim.results import read

from .common import console


@click.command("report")
@click.argument("results", type=click.Path(dir_okay=False))
@click.option(
    "--out",
    "out",
    type=click.Path(dir_okay=False),
    default=None,
    help="The HTML file to write (default: RESULTS with .html).",
)
@click.option("--title", default="", help="A title for the page.")
def report_cmd(results: str, out: str | None, title: str) -> None:
    """Write an HTML report of a `deadtable simulate` results file (CSV or Parquet).

    Win rates by agent and by seat with 95% confidence intervals, game length, scores, and per-card
    statistics where the game emits them (how often each card is bought or picked, and how the
    seats that did so fared), with plots embedded in the page: one file to open or send.
    """
    rows = read(results)
    target = Path(out) if out else Path(results).with_suffix(".html")
    page = render(rows, title=title, source=Path(results).name)
    target.write_text(page, encoding="utf-8")
    console.print(f"Report of {len(rows)} games written to [bold]{target}[/bold] ({len(page) // 1024} KiB)")
