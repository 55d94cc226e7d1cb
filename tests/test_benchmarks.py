"""`python -m benchmarks` (`make bench`) runs and prints its table; a tiny budget, so the rates are
meaningless here: what is checked is that every row and every judged target is there. The same for
`python -m benchmarks.abuse` (the online table under abuse), in a tiny configuration."""

from __future__ import annotations

import importlib.util
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import deadtable
from benchmarks import peers, targets
from benchmarks.table import Row, print_table

REPO = Path(__file__).resolve().parent.parent


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-P", "-m", "benchmarks", "--games", "carson-zoo", "--budget", "0.02", *args]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True)


def rows(out: str) -> dict[str, list[str]]:
    return {
        cells[0]: cells[1:]
        for line in out.splitlines()
        if line.startswith("| ") and not line.startswith("| game")
        for cells in [[c.strip() for c in line.strip("|").split("|")]]
    }


def test_the_table_has_every_variant_the_peers_and_the_targets() -> None:
    done = bench("--markdown")
    assert done.returncode == 0, done.stderr
    table = rows(done.stdout)
    assert {"carson-zoo 2p", "carson-zoo 3p", "carson-zoo 4p"} <= set(table)
    assert re.fullmatch(r"[\d,]+", table["carson-zoo 2p"][1])  # games/s, a number
    assert re.fullmatch(r"[\d,]+", table["carson-zoo 2p"][2])  # decisions/s, a number
    assert "(>= 1,000) " in table["carson-zoo 2p"][-1]
    assert "random play draws with random" in done.stderr
    # 1,000 games/s, IS-MCTS vs hearts, bots vs random (benchmarks/bots.py), and more per build
    assert re.search(r"targets met: \d+ of \d+", done.stdout)
    assert "carson-zoo 2p: heuristic bots" in table
    assert re.search(r"bot games/s [\d.]+x random \(>= 1/3\) (PASS|MISSED)", done.stdout)
    if importlib.util.find_spec("pyspiel") is not None:
        assert re.search(
            r"IS-MCTS it/s [\d.]+x hearts ISMCTS \(>= 3x\) (PASS|MISSED)", table["carson-zoo 2p"][-1]
        )
        assert re.fullmatch(r"[\d,]+", table["OpenSpiel crazy_eights"][2])


def test_the_terminal_table_and_its_targets_fit_80_columns() -> None:
    done = bench("--games", "zombie-shedding")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80, max(lines, key=len)
    assert "zombie-shedding" in [line.rstrip() for line in lines]  # the game on a line of its own
    assert not any("…" in line for line in lines)
    assert any(line.startswith("  duel ") for line in lines)  # the variants under their game
    assert any(line.startswith("  alliances-2v2 ") for line in lines)
    assert "targets, pure (ratios measured in the same process):" in lines
    targets = [line for line in lines if line.startswith("  zombie-shedding duel: ")]
    assert any("games/s" in line for line in targets)
    if importlib.util.find_spec("pyspiel") is not None:  # the pure Duel's target against crazy_eights
        assert any(re.search(r"decisions/s [\d.]+x crazy_eights \(>= 1x\)", line) for line in targets)


def test_without_a_native_build_both_builds_falls_back_to_pure(tmp_path: Path) -> None:
    done = bench("--markdown", "--native", str(tmp_path), "--draw", "randrange")
    assert done.returncode == 0, done.stderr
    assert "no native build in" in done.stderr
    assert "random play draws with randrange" in done.stderr
    table = rows(done.stdout)
    assert re.fullmatch(r"[\d,]+", table["carson-zoo 2p"][1])  # the pure build's alone
    assert "native not run" in done.stdout


def test_a_target_missed_says_by_how_much() -> None:
    assert targets.judge("decisions/s vs crazy_eights", 0.5, 2.0).endswith("(>= 2x) MISSED by 4.00x")
    assert targets.judge("IS-MCTS it/s vs hearts ISMCTS", 6.0, 6.0).endswith("(>= 6x) PASS")
    assert targets.games_per_s(500.0) == "games/s 500 (>= 1,000) MISSED by 2.00x"
    assert targets.met(targets.games_per_s(1000.0)) and not targets.met(targets.games_per_s(999.0))


def test_crazy_eights_chance_outcomes_are_uniform_so_the_peer_samples_them_as_actions() -> None:
    """benchmarks/peers.py draws crazy_eights' chance nodes uniformly from legal_actions(): right only
    while every outcome is equally likely and the outcomes are the legal actions (checked here)."""
    pytest.importorskip("pyspiel", reason="the peers need the peers extra (open_spiel)")
    assert peers.chance_is_uniform(games=30, seed=3) is True
    rate = peers.openspiel_crazy_eights(0.05, seed=1)
    assert rate is not None and rate.games >= 1 and rate.actions > 0


def test_uno_through_its_rules_plays_the_games_step_plays() -> None:
    """The uno peer calls RLCard's Round directly (no state dict after each move): the same games,
    move for move, as UnoGame.step with the same deal and the same choices."""
    pytest.importorskip("rlcard", reason="the peers need the peers extra (rlcard)")
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    for seed in range(3):
        played = []
        for through_round in (True, False):
            uno = UnoGame(num_players=2)
            uno.np_random = np.random.RandomState(seed)
            uno.init_game()
            pick = random.Random(seed)
            moves = []
            while not uno.is_over():
                acts = uno.round.get_legal_actions(uno.players, uno.round.current_player)
                action = acts[pick.randrange(len(acts))]
                moves.append(action)
                if through_round:
                    uno.round.proceed_round(uno.players, action)
                else:
                    uno.step(action)
            played.append((moves, uno.round.winner))
        assert played[0] == played[1]
        assert played[0][1] is not None


def test_a_bad_draw_is_refused_with_the_choices() -> None:
    done = bench("--draw", "dice")
    assert done.returncode == 2
    assert "invalid choice: 'dice'" in done.stderr and "randrange" in done.stderr


def test_the_bots_benchmark_plays_each_games_bots_against_random_play() -> None:
    """`python -m benchmarks.bots`: a row per game at 2 players, its bot named, judged against 1/3."""
    cmd = [sys.executable, "-P", "-m", "benchmarks.bots", "--games", "carson-zoo,zombie-overlord"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [*cmd, "--budget", "0.02", "--markdown"], cwd=REPO, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    table = rows(done.stdout)
    assert set(table) == {"carson-zoo 2p: heuristic bots", "zombie-overlord 2p: heuristic bots"}
    for games_s, actions_s, random_s, ratio, target in table.values():
        assert float(games_s.replace(",", "")) > 0 and re.fullmatch(r"[\d,]+", actions_s)
        bots, rand = float(games_s.replace(",", "")), float(random_s.replace(",", ""))
        assert abs(float(ratio) - bots / rand) < 0.01 + 0.01 * bots / rand  # the figures shown, rounded
        assert re.fullmatch(r"bot games/s [\d.]+x random \(>= 1/3\) (PASS|MISSED by [\d.]+x)", target)
    assert re.search(r"targets met: \d of 2", done.stdout)
    # --bot plays another agent in every game: random agents show simulate's own loop's cost.
    random_bots = [*cmd, "--budget", "0.02", "--markdown", "--bot", "random"]
    done = subprocess.run(random_bots, cwd=REPO, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert set(rows(done.stdout)) == {"carson-zoo 2p: random bots", "zombie-overlord 2p: random bots"}


def test_the_bot_budget_splits_a_heuristic_game_and_says_what_a_decision_may_cost() -> None:
    """`python -m benchmarks.bot_budget`: the heuristic's games by the rules alone, through the loop
    and played, against random play; the budget a bot decision has for 1/3 of random games/s."""
    from benchmarks import bot_budget

    cmd = [sys.executable, "-P", "-m", "benchmarks.bot_budget", "--games", "carson-zoo,overlords"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [*cmd, "--games-played", "3", "--budget", "0.05"], cwd=REPO, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    table = rows(done.stdout)
    assert set(table) == {"carson-zoo 2p", "overlords 2p-dummy"}
    for decisions, random_s, *shares, budget, cost in table.values():
        assert float(decisions) > 10 and float(random_s.replace(",", "")) > 0
        for share in shares:  # games/s (their share of random play's)
            assert re.fullmatch(r"[\d,]+ \(\d+\.\d{3}\)", share)
        assert float(cost) > 0 and float(budget) < 3e6
    # The arithmetic: 3 random games' time less the loop's, per decision; the bot's less the loop's.
    b = bot_budget.Budget("x", decisions=100, random_s=1000.0, rules_s=900.0, loop_s=600.0, bot_s=200.0)
    assert b.budget_us == pytest.approx((0.003 - 1 / 600) / 100 * 1e6)
    assert b.bot_us == pytest.approx((1 / 200 - 1 / 600) / 100 * 1e6)
    refused = subprocess.run([*cmd[:5], "chess"], cwd=REPO, env=env, capture_output=True, text=True)
    assert refused.returncode == 2 and "unknown game(s): chess" in refused.stderr
    # The scripted chooser plays the recorded games exactly: the replay ends where the game ended.
    game = deadtable.game("carson-zoo")
    plan = bot_budget.Plan("carson-zoo", 2, ("heuristic", "heuristic"), seed=0, options={})
    choices = bot_budget.record(game, plan, 2)
    assert bot_budget.by_loop(game, plan, choices).actions == sum(len(c) for c in choices)


def test_the_abuse_benchmark_measures_the_baseline_and_reports_each_abuse() -> None:
    """`python -m benchmarks.abuse` in a tiny configuration, against a server it starts."""
    for module in ("fastapi", "uvicorn", "sqlalchemy", "alembic", "httpx", "websockets"):
        pytest.importorskip(
            module, reason="the online table needs the server extra: pip install 'deadtable[server]'"
        )
    cmd = [
        sys.executable,
        "-P",
        "-m",
        "benchmarks.abuse",
        "--scenarios",
        "baseline,spectators,hostile-strings",
        "--moves",
        "6",
        "--spectators",
        "5",
        "--duration",
        "8",
        "--setup",
        "8",
        "--markdown",
    ]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    # The stamp first: the commit, the machine and its load as the run ended and as it began.
    first = done.stdout.splitlines()[0]
    assert first.startswith("Measured on commit ") and "load average" in first, first
    assert re.search(r"\(at the start of the run: \d+\.\d\)\.$", first), first
    head = next(line for line in done.stdout.splitlines() if line.startswith("| scenario"))
    assert [c.strip() for c in head.strip("|").split("|")] == [
        "scenario",
        "moves",
        "p50 ms",
        "p99 ms",
        "max ms",
        "player",
        "the server answered the abuser",
        "server log",
        "targets",
    ]
    table = {
        cells[0]: cells[1:]
        for line in done.stdout.splitlines()
        if line.startswith("| ") and not line.startswith("| scenario")
        for cells in [[c.strip() for c in line.strip("|").split("|")]]
    }
    assert list(table) == ["baseline", "spectators", "hostile-strings"]
    assert all(len(cells) == 8 for cells in table.values())
    moves, p50, p99, top, player = table["baseline"][:5]
    assert moves == "6/6" and player == "ok"
    assert all(re.fullmatch(r"\d+\.\d", x) for x in (p50, p99, top))
    assert "joined (101) x5" in table["spectators"][5]  # what the server answered the abuser
    # The spectators' row is judged against its targets, beside the baseline of the same run.
    verdict = r"p50 [\d.]+ ms \(baseline [\d.]+; <= 20\) (PASS|MISSED by [\d.]+x); "
    verdict += r"p99 [\d.]+ ms \(baseline [\d.]+; <= 100\) (PASS|MISSED by [\d.]+x)"
    assert re.fullmatch(verdict, table["spectators"][7]), table["spectators"][7]
    assert table["baseline"][7] == "-" and table["hostile-strings"][7] == "-"
    assert "create" in table["hostile-strings"][5]
    for name in table:  # one progress line per scenario
        assert f"abuse: {name}: " in done.stderr


def test_the_abuse_benchmark_refuses_an_unknown_scenario() -> None:
    pytest.importorskip(
        "httpx", reason="the online table needs the server extra: pip install 'deadtable[server]'"
    )
    pytest.importorskip(
        "websockets", reason="the online table needs the server extra: pip install 'deadtable[server]'"
    )
    cmd = [sys.executable, "-P", "-m", "benchmarks.abuse", "--scenarios", "baseline,teapot"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "unknown scenario(s) teapot" in done.stderr and "slow-readers" in done.stderr


def test_fixed_games_plays_the_same_games_for_instruction_counts() -> None:
    """benchmarks/fixed_games.py: a fixed workload (valgrind counts it); the same games each run."""
    cmd = [sys.executable, "-P", "-m", "benchmarks.fixed_games"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    said = [
        subprocess.run([*cmd, *args], cwd=REPO, env=env, capture_output=True, text=True)
        for args in (
            ["random", "carson-zoo", "2p", "3"],
            ["random", "carson-zoo", "2p", "3"],
            ["heuristic", "zombie-overlord", "2p", "1"],
        )
    ]
    assert all(done.returncode == 0 for done in said), [d.stderr for d in said]
    first, again, bots = (done.stderr.strip() for done in said)
    assert first == again and re.fullmatch(r"3 games, \d+ actions", first)
    assert int(first.split()[2]) > 3 * 10  # a Carson City Zoo game takes dozens of moves
    assert re.fullmatch(r"1 games, \d+ actions", bots) and int(bots.split()[2]) > 0


def test_two_builds_print_side_by_side_in_markdown_and_within_80_columns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    def rows(k: float) -> list[Row]:
        game = Row("zombie-shedding alliances-2v2v2v2", "8", 700.0 * k, 1_234_567.0 * k, 3.9, 6_300.0 * k)
        game.env, game.env_factor = 10_855.0, 14.9 * k
        game.checks.append(targets.judge("decisions/s vs crazy_eights", 0.21 * k, 3.0))
        return [game, Row("OpenSpiel hearts ISMCTS", "4", ismcts=4_861.0, peer=True)]

    print_table([("pure", rows(1.0)), ("native", rows(4.0))], markdown=True)
    head, _rule, game, hearts = capsys.readouterr().out.splitlines()
    assert head.startswith("| game / peer | players | games/s pure / native | decisions/s pure / native |")
    cells = [c.strip() for c in game.strip("|").split("|")]
    assert cells[:4] == ["zombie-shedding alliances-2v2v2v2", "8", "700 / 2,800", "1,234,567 / 4,938,268"]
    assert cells[6] == "10,855 (14.9x slower) / 10,855 (59.6x slower)"
    assert "MISSED by 14.29x / " in cells[7]
    assert cells[7].endswith("0.84x crazy_eights (>= 3x) MISSED by 3.57x")
    assert "4,861 / 4,861" in hearts

    print_table([("pure", rows(1.0)), ("native", rows(4.0))], markdown=False)
    out = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in out) <= 80, max(out, key=len)
    assert not any("…" in line for line in out)  # nothing cut to fit
    assert "zombie-shedding" in out[4] and any(line.startswith("  alliances-2v2v2v2 ") for line in out)
    assert any("4,938,268" in line and "native" in line for line in out)
    assert "targets, native (ratios measured in the same process):" in out


def test_the_peer_drivers_compare_the_usual_driving_with_the_benchs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("pyspiel", reason="the peers need the peers extra (open_spiel)")
    pytest.importorskip("rlcard", reason="the peers need the peers extra (rlcard)")
    from benchmarks import peer_drivers

    assert peer_drivers.main(["--budget", "0.08"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in out) <= 80
    for subject in ("crazy_eights decisions/s", "uno decisions/s", "hearts ISMCTS it/s"):
        line = next(line for line in out if line.startswith(subject))
        assert re.fullmatch(rf"{re.escape(subject)}\s+[\d,]+\s+[\d,]+\s+[\d.]+x", line), line


def test_the_screamer_benchmark_writes_each_hands_penalty_points_per_seat() -> None:
    """benchmarks/shedding_screamer.py: two seat-hands a Duel hand; the seat that went out wrote 0
    points, or less when it finished with the Screamer (-15, never below 0: RULINGS ZS-2)."""
    from benchmarks.shedding_screamer import hands_of, mean_interval

    rows = hands_of(3, "")
    assert rows and len(rows) % 2 == 0
    for a, b in zip(rows[::2], rows[1::2], strict=True):
        assert min(a[1], b[1]) <= 0 < max(a[1], b[1]) or a[1] == b[1] == 0
        assert not (a[2] and b[2])  # one finisher a hand
        assert all(w >= -15 for w in (a[1], b[1]))
    assert mean_interval([1.0, 3.0]) == (2.0, 1.96)


def test_env_parts_measures_a_step_with_and_without_the_encoding() -> None:
    """benchmarks.env_parts runs its five loops (raw steps, PettingZoo steps of env() and raw_env,
    env() steps with a constant observation, a step's numpy work alone) for the games asked, with a
    new vector per observation; a tiny budget, so only that each loop ran is checked (speeds are the
    bench's business, not a test's)."""
    pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
    from benchmarks.env_parts import ConstantObserver, parts

    blank = ConstantObserver(7)
    a, b = blank.encode(None, 0), blank.encode(None, 1)
    assert a.shape == (7,) and a is not b and not a.any()
    ((name, raw, wrapped, unwrapped, without, arrays),) = parts(["zombie-overlord"], 0.3, rounds=3)
    assert name == "zombie-overlord 2p"
    assert raw > 0 and wrapped > 0 and unwrapped > 0 and without > 0 and arrays > 0
    assert parts(["no-such-game"], 0.01) == []


def test_the_ismcts_rate_prints_each_games_rate_against_hearts_ismcts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """benchmarks/ismcts_rate.py: the bench's IS-MCTS row alone, a line per game with the ratio."""
    pytest.importorskip("pyspiel", reason="the hearts ISMCTS peer needs the peers extra (open_spiel)")
    from benchmarks import ismcts_rate

    assert ismcts_rate.main(["--budget", "0.05", "--games", "zombie-shedding,carson-zoo"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("build: ")
    assert len(out) == 3
    for line, gid in zip(out[1:], ("carson-zoo", "zombie-shedding"), strict=True):
        assert re.fullmatch(rf"{gid} \S+: [\d,]+ it/s, hearts ISMCTS [\d,]+: [\d.]+x", line), line


def test_the_ismcts_parts_share_an_iterations_time() -> None:
    """benchmarks/ismcts_rate.py --parts: every part of an iteration takes a share, and they add up."""
    import deadtable
    from benchmarks.ismcts_rate import parts

    shares = parts(deadtable.game("zombie-shedding"), iterations=20, rounds=1)
    assert list(shares) == ["sample", "tree walk", "rollout", "score"]
    assert all(v > 0 for v in shares.values()), shares
    assert abs(sum(shares.values()) - 1.0) < 1e-9


def _before_the_search_loop() -> str | None:
    """The commit before the one that added agents/tree.py (the search loop of its own module), or
    None when this is not a git checkout holding it (a shallow clone, an unpacked archive)."""
    log = ["git", "log", "--diff-filter=A", "--format=%H", "--", "deadtable/agents/tree.py"]
    added = subprocess.run(log, cwd=REPO, capture_output=True, text=True).stdout.split()
    if not added:
        return None
    parent = ["git", "rev-parse", "--verify", "--quiet", added[-1] + "^"]
    return subprocess.run(parent, cwd=REPO, capture_output=True, text=True).stdout.strip() or None


def test_search_versus_loads_an_earlier_search_from_git_and_plays_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """benchmarks/search_versus.py: the search of the commit before agents/tree.py against this
    one, two tiny games with the seats swapped; the shares of the wins add up."""
    before = _before_the_search_loop()
    if before is None:
        pytest.skip("not a git checkout holding the commit before agents/tree.py")
    from benchmarks import search_versus

    args = ["--against", before, "--game", "carson-zoo", "--games", "2", "--iterations", "5"]
    assert search_versus.main(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("2 games from 0: current wins ")
    assert re.fullmatch(r"carson-zoo, 2 games at 5 iterations: the current search wins [\d.]+ = .*", out[1])
