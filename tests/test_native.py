"""The native build (deadtable/native.py, `make native`) plays exactly the games of the pure one.

The rules cores are compiled with mypyc into a copy of the package in a temporary folder (or
build/native is reused when it is up to date); then the same script runs once on each build, in a
subprocess with that build first on the path, and their outputs must be the same bytes: seeded
random games of every Zombie Shedding and Overlords variant and of 2-player Zombie Overlord
(actions, outcomes, and the views and observation vectors of every seat every 10 moves), a clone
and a pickle round trip mid-game (a pickle is for the build that made it: the compiled classes keep
their fields differently), and the shuffles of `Chance` (the compiled
build draws them in machine words, deadtable/core/_mix.py). Skips when no compiler is here.
The compile is most of the cost (about 75 s of CPU).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from deadtable import native

REPO = Path(__file__).resolve().parent.parent
GAMES_PER_VARIANT = 10

# Run by each build. Prints one JSON object: which modules are compiled and what was played.
SCRIPT = """
import hashlib, json, pickle, random, sys
import deadtable
from deadtable import native
from deadtable.core.chance import Chance, _NATIVE
try:
    from deadtable.rl.encoders import observer  # compiled too: a learning env encodes every step
except ImportError:  # numpy (the rl extra) is not installed
    observer = None

def play(game, variant, seed):
    state = game.new(variant.players, seed, **variant.options)
    rng = random.Random(seed * 7919 + 1)
    moves, step, blob, views = [], 0, None, hashlib.sha256()
    while state.current_player is not None:
        if step == 20:  # mid-game: go on with a clone of an unpickled copy
            blob = pickle.dumps(state)
            back = pickle.loads(blob)
            assert back == state and back.key() == state.key(), (game.id, seed)
            state = back.clone()
        if step % 10 == 0:  # the views are compiled too: every seat's, with and without the log
            for p in (None, *range(state.players)):
                views.update(json.dumps([state.view(p), state.view(p, narration=False)]).encode())
            if observer is not None:  # and every seat's observation vector
                encoder = observer(game, variant.players, variant.options)
                for p in range(state.players):
                    views.update(encoder.encode(state, p).tobytes())
        acts = state.legal_actions()
        a = acts[rng.randrange(len(acts))]
        moves.append(repr(a))
        state.apply_trusted(a)
        step += 1
    for p in (None, *range(state.players)):
        views.update(json.dumps(state.view(p)).encode())
    return {"moves": moves, "outcome": repr(state.outcome()), "pickle": blob is not None,
            "views": views.hexdigest()}

by_id = {g.id: g for g in deadtable.games()}
games = {}
for gid, names in (("zombie-shedding", None), ("zombie-overlord", ("2p",)), ("overlords", None)):
    for v in by_id[gid].variants():
        if names is None or v.name in names:
            games[f"{gid} {v.name}"] = [play(by_id[gid], v, s) for s in range(N)]
draws = hashlib.sha256()
for seed in range(2000):
    c, x = Chance(seed * 104729), list(range(seed % 70))
    c.shuffle(x)
    draws.update(repr((x, c.getstate())).encode())
files = {m: sys.modules[m].__file__ for m in sys.modules if m.startswith("deadtable.")}
print(json.dumps({"compiled": native.compiled_modules(), "native_flag": _NATIVE, "rl": observer is not None,
                  "files": files, "games": games, "shuffles": draws.hexdigest()}))
"""


def _run(root: Path) -> dict:
    """SCRIPT with `root`'s deadtable first on the path (-P: not the working folder's)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    code = SCRIPT.replace("range(N)", f"range({GAMES_PER_VARIANT})")
    out = subprocess.run(
        [sys.executable, "-P", "-c", code], cwd=root, env=env, capture_output=True, text=True, timeout=600
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout)


@pytest.fixture(scope="module")
def native_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    try:
        native.check_toolchain()
    except native.NativeBuildError as e:
        pytest.skip(f"no native build here: {e}")
    built = REPO / native.DEFAULT_OUT
    if (built / native.STAMP).exists() and not native.stale(built):
        source = json.loads((built / native.STAMP).read_text())["source"]
        if Path(source) == REPO / "deadtable":
            return built
    return native.build(tmp_path_factory.mktemp("native") / "native")


def test_the_native_build_plays_the_same_games(native_root: Path) -> None:
    compiled = _run(native_root)
    pure = _run(REPO)
    names = [m.removesuffix(".py").replace("/", ".") for m in native.MODULES]
    assert compiled["compiled"] == names
    imported = [m for m in names if compiled["rl"] or not m.startswith("deadtable.rl.")]
    for m in imported:
        assert compiled["files"][m].startswith(str(native_root)) and compiled["files"][m].endswith(".so")
        assert pure["files"][m].startswith(str(REPO / "deadtable")) and pure["files"][m].endswith(".py")
    assert compiled["native_flag"] is True and pure["native_flag"] is False and pure["compiled"] == []
    assert compiled["shuffles"] == pure["shuffles"]
    assert compiled["games"].keys() == pure["games"].keys()
    assert len(compiled["games"]) == 20  # 14 variants of Zombie Shedding, Zombie Overlord 2p, 5 of Overlords
    for name, games in pure["games"].items():
        for seed, (ours, theirs) in enumerate(zip(compiled["games"][name], games, strict=True)):
            assert ours == theirs, f"{name} seed {seed} differs"
    assert any(g["pickle"] for games in pure["games"].values() for g in games)


def test_no_compiler_is_one_line(tmp_path: Path) -> None:
    env = {**os.environ, "CC": "/nonexistent/cc"}
    out = subprocess.run(
        [sys.executable, "-m", "deadtable.native", str(tmp_path / "n")],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2
    assert out.stderr.strip().count("\n") == 0 and "C compiler" in out.stderr, out.stderr
    assert not (tmp_path / "n").exists()


def test_the_bench_shows_both_builds_side_by_side(native_root: Path) -> None:
    """`make bench`: the pure and the native build, each in a child process, in one table."""
    cmd = [sys.executable, "-P", "-m", "benchmarks", "--games", "zombie-overlord", "--budget", "0.02"]
    out = subprocess.run(
        [*cmd, "--markdown", "--native", str(native_root)],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert "native (mypyc, " in out.stdout.splitlines()[0]
    row = next(line for line in out.stdout.splitlines() if line.startswith("| zombie-overlord 2p |"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert all(c.replace(",", "").isdigit() for c in cells[2:6]), cells  # games/s and actions/s, both builds
    assert cells[-1].count(">= 1,000 games/s") == 2  # judged for each build
    assert "targets met: pure " in out.stdout and "; native " in out.stdout
