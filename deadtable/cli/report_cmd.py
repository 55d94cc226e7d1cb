"""`deadtable report`: one self-contained HTML page from a simulation's rows."""

from __future__ import annotations

from pathlib import Path

import click

from deadtable.i18n import N_, _, current_language
from deadtable.sim.report import render
from deadtable.sim.results import read

from .common import console
from .translated import TCommand

REPORT_HELP = N_(
    "Write an HTML report of a `deadtable simulate` results file (CSV or Parquet).\n\n"
    "Win rates by agent and by seat with 95% confidence intervals, game length, scores, and per-card "
    "statistics where the game emits them (how often each card is bought or picked, and how the "
    "seats that did so fared), with plots embedded in the page: one file to open or send. The page "
    "is written in the language in use (--lang)."
)


@click.command("report", cls=TCommand, help=REPORT_HELP)
@click.argument("results", type=click.Path(dir_okay=False))
@click.option(
    "--out",
    "out",
    type=click.Path(dir_okay=False),
    default=None,
    help=N_("The HTML file to write (default: RESULTS with .html)."),
)
@click.option("--title", default="", help=N_("A title for the page."))
def report_cmd(results: str, out: str | None, title: str) -> None:
    """Write an HTML report of a results file (help text: REPORT_HELP, translated)."""
    rows = read(results)
    target = Path(out) if out else Path(results).with_suffix(".html")
    page = render(rows, title=title, source=Path(results).name, lang=current_language())
    target.write_text(page, encoding="utf-8")
    console.print(
        _(
            "Report of {n} games written to {path} ({size} KiB)",
            n=len(rows),
            path="[bold]" + str(target) + "[/bold]",
            size=len(page) // 1024,
        )
    )
