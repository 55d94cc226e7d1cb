"""The figures pages in docs/figures/ are what their generators make: strength and calibration from
the rows committed in benchmarks/ (regenerated and compared, so a page cannot drift from its rows),
the speed and balance pages from a measured run (their structure only: never a timing)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import deadtable
from benchmarks import balance_page, calibration_page, pages, performance_page, stamp, strength_page
from benchmarks.calibration import GAMES
from benchmarks.table import Row

REPO = Path(__file__).resolve().parent.parent
FIGURES = REPO / "docs" / "figures"
STAMP = re.compile(
    r"Measured on commit ([0-9a-f]{4,}( with uncommitted changes)?|an unknown commit), "
    r"\d{4}-\d\d-\d\d \d\d:\d\d UTC; .+, \d+ cores, Python \d+\.\d+\.\d+(, load average [\d.]+)?; "
    r"builds?: .+\."
)


def test_the_strength_page_is_what_its_rows_make_today(tmp_path: Path) -> None:
    assert pages.main(["strength", "--out", str(tmp_path)]) == 0
    made = (tmp_path / "strength.md").read_text(encoding="utf-8")
    assert made == (FIGURES / "strength.md").read_text(encoding="utf-8")
    assert "| overlords | 2p | `ismcts` | `heuristic` |" in made  # a run of the rows, with its rate
    assert "python benchmarks/ismcts_strength.py strength --game overlords" in made


def without_intervals(text: str) -> str:
    """The calibration page without its bootstrap intervals (and the "CI holds 0" column read from
    them): every count, mean, rate, gap, verdict, ECE, Brier and gain stays."""
    out = []
    for line in text.splitlines():
        if re.match(r"\| \d\.\d-\d\.\d \|", line):  # a bin's row: its 7th and 8th cells
            cells = line.split("|")
            cells[7] = cells[8] = " ? "
            line = "|".join(cells)
        line = re.sub(r" \(\d[\d.%]*-\d[\d.%]*\)", "", line)  # Brier's and the ECE's intervals
        out.append(re.sub(r" \([+-]\d+\.\d to [+-]\d+\.\d\)", "", line))  # the gain's
    return "\n".join(out)


def test_the_calibration_page_is_what_its_rows_make_today_but_for_the_bootstrap() -> None:
    """Fast: every figure but the bootstrap intervals, regenerated from every game's rows (one
    resample); the slow test below regenerates the intervals too (1,000 resamples a table)."""
    page = (FIGURES / "calibration.md").read_text(encoding="utf-8")
    made: list[str] = []
    detail: list[str] = []
    for game_id in GAMES:
        summary, more = calibration_page.game_section(game_id, calibration_page.ROWS / f"{game_id}.jsonl", 1)
        made += summary
        detail += more
    regenerated = calibration_page.render_head() + "\n".join([*made, *detail]) + "\n"
    assert without_intervals(regenerated) == without_intervals(page)
    assert "| 0.2-0.3 | 376 | 440 | 25.3% | 27.3% | +1.9% |" in page  # a figure the intervals leave


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_the_calibration_page_holds_what_each_games_rows_make_today(game_id: str) -> None:
    """Each game's summary rows and tables, regenerated from its rows with the page's bootstrap, are
    in the page as made (a test a game: the bootstraps are what costs, about 15 CPU seconds for
    Carson City Zoo's 6,000 held-out games); the next test checks that nothing else is."""
    page = (FIGURES / "calibration.md").read_text(encoding="utf-8")
    summary, detail = calibration_page.game_section(game_id, calibration_page.ROWS / f"{game_id}.jsonl")
    assert summary and all(line in page.splitlines() for line in summary)
    assert "\n".join(detail) in page


def test_the_calibration_page_has_no_run_its_rows_lack() -> None:
    page = (FIGURES / "calibration.md").read_text(encoding="utf-8")
    runs = {g: calibration_page.runs(calibration_page.ROWS / f"{g}.jsonl") for g in GAMES}
    names = "|".join(re.escape(calibration_page.NAMES[g]) for g in GAMES)
    listed = re.findall(rf"^\| ({names}) \| (\d+) \|", page, flags=re.MULTILINE)
    assert listed == [(calibration_page.NAMES[g], str(seed)) for g in GAMES for seed in runs[g]]
    assert page.startswith(calibration_page.render_head(calibration_page.ROWS))
    tables = re.findall(rf"^### ({names}), seed (\d+),", page, flags=re.MULTILINE)
    assert set(tables) < set(listed) and len(tables) == len(set(tables))


def test_a_page_generator_run_writes_into_the_folder_it_is_given(tmp_path: Path) -> None:
    assert pages.main(["balance", "--games", "2", "--game", "carson-zoo", "--out", str(tmp_path / "f")]) == 0
    assert [p.name for p in (tmp_path / "f").iterdir()] == ["balance.md"]


def test_the_balance_page_plays_each_game_and_reads_its_rows_as_the_report_does() -> None:
    page = balance_page.render(games=6, game_ids=["zombie-shedding", "overlords"])
    lines = page.splitlines()
    assert lines[0] == "# Balance" and STAMP.fullmatch(lines[2]), lines[2]
    assert "python -m benchmarks.pages balance --games 6 --game zombie-shedding --game overlords" in page
    for game_id in ("zombie-shedding", "overlords"):
        assert f"## {deadtable.game(game_id).name}" in lines
        command = f"`deadtable simulate {game_id} --games 6 --agents heuristic,heuristic --seed 0`"
        assert command in lines
    seat = next(line for line in lines if line.startswith("| the seat that moved first"))
    assert re.fullmatch(r"\| the seat that moved first \(games won\) \| 6 \| [\d.]+% \| .+ \|", seat)
    assert "| the dealer (hands gone out of first) |" in page  # the Duel is played in hands
    assert any(line.startswith("### Cards, `recruit` events") for line in lines)  # Overlords' cards
    assert any(line.startswith("### Opening hands, per hand") for line in lines)
    assert "## Carson City Zoo Apocalypse" not in lines  # only the games named


def test_the_committed_balance_page_names_its_command_and_every_game() -> None:
    page = (FIGURES / "balance.md").read_text(encoding="utf-8")
    lines = page.splitlines()
    assert STAMP.fullmatch(lines[2]), lines[2]
    games = re.search(r"python -m benchmarks.pages balance --games (\d+)", page)
    assert games is not None
    for g in deadtable.games():
        assert f"## {g.name}" in lines
        command = f"deadtable simulate {g.id} --games {games[1]} --agents heuristic,heuristic --seed 0"
        assert f"`{command}`" in lines


def bench_page(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], str]:
    out = tmp_path / "performance.md"
    cmd = [sys.executable, "-P", "-m", "benchmarks", "--games", "carson-zoo", "--budget", "0.02"]
    cmd += [*args, "--write", str(out)]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    return done, out.read_text(encoding="utf-8") if out.exists() else ""


def table_rows(page: str) -> dict[str, list[str]]:
    return {
        cells[0]: cells[1:]
        for line in page.splitlines()
        if line.startswith("| ") and not line.startswith("| game / peer")
        for cells in [[c.strip() for c in line.strip("|").split("|")]]
    }


def test_the_bench_writes_the_performance_page_of_the_run_it_prints(tmp_path: Path) -> None:
    done, page = bench_page(tmp_path, "--markdown")
    assert done.returncode == 0, done.stderr
    lines = page.splitlines()
    assert lines[0] == performance_page.TITLE and STAMP.fullmatch(lines[2]), lines[2]
    assert lines[2].endswith("; build: pure Python.")
    assert f"python -m benchmarks --games carson-zoo --budget 0.02 --markdown --write {tmp_path}" in page
    head = next(line for line in lines if line.startswith("| game / peer"))
    assert head.startswith("| game / peer | players | games/s | decisions/s |")
    rows = table_rows(page)
    assert {"carson-zoo 2p", "carson-zoo 3p", "carson-zoo 4p", "carson-zoo 2p: heuristic bots"} <= set(rows)
    assert any(s.startswith("OpenSpiel crazy_eights") for s in rows)  # the peers, beside
    assert re.fullmatch(r"[\d,]+", rows["carson-zoo 2p"][1])  # games/s, a number
    assert "(>= 1,000) " in rows["carson-zoo 2p"][-1]  # a target, judged in the run
    # the same table as the terminal's Markdown, and the same targets met
    assert rows == table_rows(done.stdout)
    met = re.search(r"targets met: (\d+ of \d+)", done.stdout)
    assert met is not None and f"Targets met: {met[1]}." in lines


def test_the_performance_page_of_two_builds_shows_each_figure_pure_and_native() -> None:
    def rows(k: float) -> list[Row]:
        duel = Row("zombie-shedding duel", "2", 1_000.0 * k, 180_000.0 * k)
        return [duel, Row("RLCard uno", "2", peer=True)]

    builds = ["pure Python", "native (mypyc, 47 of 47 modules compiled, /somewhere/build/native)"]
    met = ["pure 1 of 3", "native 2 of 3"]
    runs = [("pure", rows(1.0)), ("native", rows(4.0))]
    page = performance_page.render(runs, builds, met, "make bench", 1.0)
    lines = page.splitlines()
    assert STAMP.fullmatch(lines[2])
    assert lines[2].endswith("; builds: pure Python; native (mypyc, 47 of 47 modules compiled).")
    assert "/somewhere" not in page  # this machine's folders are not the build's
    assert "| zombie-shedding duel | 2 | 1,000 / 4,000 | 180,000 / 720,000 |" in page
    assert "Targets met: pure 1 of 3; native 2 of 3." in lines


def test_the_committed_performance_page_has_its_stamp_its_command_and_every_game() -> None:
    page = (FIGURES / "performance.md").read_text(encoding="utf-8")
    lines = page.splitlines()
    assert STAMP.fullmatch(lines[2]), lines[2]
    assert re.search(r"^python -m benchmarks .*--write docs/figures/performance\.md", page, re.MULTILINE)
    rows = table_rows(page)
    for g in deadtable.games():
        assert any(s.startswith(f"{g.id} ") for s in rows), g.id


def test_the_commit_is_short_and_says_when_the_tree_differs() -> None:
    assert re.fullmatch(r"[0-9a-f]{4,}( with uncommitted changes)?|an unknown commit", stamp.commit())


def test_the_strength_page_names_the_commit_rows_record_and_leaves_out_short_runs(tmp_path: Path) -> None:
    lines = (REPO / "benchmarks" / "strength_rows" / "carson-zoo.jsonl").read_text().splitlines()
    commit = "ab" + "c1234"  # in pieces: the house test reads a whole one as citing a commit
    kept = [json.dumps({**json.loads(line), "commit": commit}) for line in lines[:120]]
    (tmp_path / "carson-zoo.jsonl").write_text("\n".join(kept) + "\n")
    short = [json.loads(line) for line in lines[:3]]
    for row in short:  # three games of another agent spec, in another game id's file: a run of its own
        row["agent_s0" if row["agent_s0"].startswith("ismcts") else "agent_s1"] = "ismcts:iterations=5"
    (tmp_path / "overlords.jsonl").write_text("".join(json.dumps(r) + "\n" for r in short))
    page = strength_page.render(tmp_path)
    row = next(line for line in page.splitlines() if line.startswith("| carson-zoo |"))
    assert row.endswith("| 120 | " + row.split(" | ")[-2] + " | (1) |")
    assert f"Measured on commit {commit}: the rows marked (1)." in page.splitlines()
    assert "`ismcts:iterations=5` against `greedy` at overlords 2p, 3 games" in page
    spec = "ismcts:iterations=1000:rollout=random:opponents=search"  # the settings those rows played
    assert f"--game carson-zoo --agent {spec} --opponent greedy --games 120 --seed 1" in page


def test_the_strength_page_gives_each_table_its_line_its_verdict_and_the_tables_left(tmp_path: Path) -> None:
    rows = []
    for game in range(24):  # one search seat among four, rotating; it wins every third game
        seat = game % 4
        row: dict[str, object] = {"game": game, "seed": 100 + game, "players": 4, "cell": "4p"}
        for s in range(4):
            row[f"agent_s{s}"] = "ismcts" if s == seat else "heuristic"
            row[f"win_s{s}"] = float((s == seat) == (game % 3 == 0)) if s == seat else 0.0
        rows.append(row)
    (tmp_path / "carson-zoo.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    page = strength_page.render(tmp_path)
    line = next(x for x in page.splitlines() if x.startswith("| carson-zoo | 4p |"))
    assert "| 8 = 33.3% |" in line and "| 25.0% |" in line and "| not met (too few games) | 24 |" in line
    assert "--game carson-zoo --cell 4p --games 24" in page
    assert "- carson-zoo: 2p, 3p" in page and "- zombie-shedding: duel, marathon-3p" in page
    assert "strength --cell all --games 200 --seed 1" in page
