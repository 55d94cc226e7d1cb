"""The native build (deadtable/native.py, `make native`) plays exactly the games of the pure one.

The rules cores and heuristics are compiled with mypyc into a copy of the package in a temporary
folder (or build/native is reused when it is up to date); then the same script runs once on each
build, in a subprocess with that build first on the path, and their outputs must be the same bytes:
seeded random games of every Zombie Shedding and Overlords variant, of 2-player Zombie Overlord and
of Carson City Zoo (actions, outcomes, and the views and observation vectors of every seat every
10 moves), games between
each game's own bots and the greedy one (their every decision), simulate's rows (its loop is
compiled: deadtable/sim/loop.py) of each game's bot against the random one, a clone and a
pickle round trip mid-game (a pickle is for the build that made it: the compiled classes keep their fields
differently), and the shuffles of `Chance` (the compiled
build draws them in machine words, deadtable/core/_mix.py). Skips when no compiler is here.
The compile is most of the cost (about 75 s of CPU). `import deadtable` of the checkout runs a fresh
compiled copy by itself (deadtable/which_build.py): checked here too, with DEADTABLE_NATIVE naming it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deadtable import native, which_build
from deadtable.which_build import compiled_in

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

def bots(game, names, seed):
    from deadtable.agents.registry import make_agent
    from deadtable.core import seat_info

    state = game.new(2, seed)
    agents = [make_agent(name, game) for name in names]
    rng = random.Random(seed)
    moves = []
    while state.current_player is not None and len(moves) < 300:
        a = agents[state.current_player].act(seat_info(state), rng)
        moves.append(repr(a))
        state.apply(a)
    return moves

by_id = {g.id: g for g in deadtable.games()}
games = {}
for gid, names in (("zombie-shedding", None), ("zombie-overlord", ("2p",)), ("overlords", None),
                   ("carson-zoo", None)):
    for v in by_id[gid].variants():
        if names is None or v.name in names:
            games[f"{gid} {v.name}"] = [play(by_id[gid], v, s) for s in range(N)]
for gid, game in sorted(by_id.items()):
    for own in sorted(game.agents()) or ["greedy"]:
        games[f"{gid} bots {own}-greedy"] = [bots(game, (own, "greedy"), s) for s in range(2)]
from deadtable.sim.runner import Plan, play_game  # simulate's loop, compiled too: its rows
for gid, game in sorted(by_id.items()):
    v = next(v for v in game.variants() if v.players == 2)
    own = "heuristic" if "heuristic" in game.agents() else "greedy"
    plan = Plan(gid, 2, (own, "random"), seed=5, options=dict(v.options))
    games[f"{gid} simulate {own}-random"] = [list(play_game(plan, i).items()) for i in range(2)]
if observer is not None:  # the PettingZoo step (deadtable/rl/aec.py, compiled): a seeded episode each
    from deadtable.rl.pettingzoo import env as pz_env
    for gid in sorted(by_id):
        e, episode, pick = pz_env(gid, 2), hashlib.sha256(), random.Random(3)
        e.reset(seed=3)
        for agent in e.agent_iter(max_iter=400):
            obs, reward, done, cut, info = e.last()
            episode.update(repr((agent, obs["observation"].tolist(), reward, done, cut)).encode())
            legal = [i for i, ok in enumerate(obs["action_mask"]) if ok]
            e.step(None if done or cut else legal[pick.randrange(len(legal))])
        games[f"{gid} pettingzoo"] = [episode.hexdigest()]
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
    """SCRIPT with `root`'s deadtable first on the path (-P: not the working folder's); the checkout
    (REPO) in pure Python, as it would run its fresh compiled copy by itself otherwise."""
    env = {**os.environ, "PYTHONPATH": str(root), "DEADTABLE_PURE": "1"}
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
    # 14 variants of Zombie Shedding, Zombie Overlord 2p, 5 of Overlords, Carson City Zoo; bots of each game
    kinds = (" bots ", " simulate ", " pettingzoo")
    assert len([g for g in compiled["games"] if not any(k in g for k in kinds)]) == 23
    assert len([g for g in compiled["games"] if " bots " in g]) == 4
    assert len([g for g in compiled["games"] if g.endswith(" pettingzoo")]) == (4 if compiled["rl"] else 0)
    assert len([g for g in compiled["games"] if " simulate " in g]) == 4  # and simulate's rows of each
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
    # games/s, decisions/s, clone µs and IS-MCTS it/s: "pure / native" in each cell
    assert all(re.fullmatch(r"[\d,.]+ / [\d,.]+", c) for c in cells[2:6]), cells
    assert cells[-1].count("games/s") >= 2 and cells[-1].count("(>= 1,000)") == 2  # judged for each build
    assert "targets met: pure " in out.stdout and "; native " in out.stdout


def _checkout_env(native_dir: Path) -> dict[str, str]:
    """The checkout's own `import deadtable`, as a user runs it: no DEADTABLE_PURE, the compiled copy
    looked for in `native_dir` (DEADTABLE_NATIVE; build/native by default)."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "DEADTABLE_NATIVE": str(native_dir)}
    for name in ("DEADTABLE_PURE", "DEADTABLE_BUILD_NOTED", "DEADTABLE_LANG"):
        env.pop(name, None)
    return {**env, "LANGUAGE": "en"}


WHICH = "import deadtable.native as n, deadtable.core.chance as c; print(n.describe()); print(c.__file__)"


def test_the_checkout_runs_its_fresh_compiled_copy_by_itself(native_root: Path, tmp_path: Path) -> None:
    """No PYTHONPATH trick, no -P: `import deadtable` (the CLI, `python -m`) takes the fresh copy quietly."""
    out = subprocess.run(
        [sys.executable, "-c", WHICH],
        cwd=tmp_path,
        env=_checkout_env(native_root),
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    described, chance = out.stdout.splitlines()
    assert described.startswith(
        f"native (mypyc, {len(native.MODULES)} of {len(native.MODULES)} modules compiled"
    )
    assert "STALE" not in described and chance.startswith(str(native_root)) and chance.endswith(".so")
    assert compiled_in(native_root / "deadtable")  # the group's library, by the name mypyc gives it
    assert out.stderr == ""
    cli = subprocess.run(
        [sys.executable, "-m", "deadtable.cli.main", "games"],
        cwd=tmp_path,
        env=_checkout_env(native_root),
        capture_output=True,
        text=True,
    )
    assert cli.returncode == 0 and "zombie-overlord" in cli.stdout and cli.stderr == "", cli.stderr


def test_a_stale_compiled_copy_is_never_run(native_root: Path, tmp_path: Path) -> None:
    """A copy whose stamp does not hash as the sources now: pure Python, and one line saying so."""
    from deadtable.i18n import translator
    from deadtable.which_build import STALE

    stale = tmp_path / "stale"
    shutil.copytree(native_root, stale)
    stamp = json.loads((stale / native.STAMP).read_text())
    (stale / native.STAMP).write_text(json.dumps({**stamp, "hash": "0" * 64, "signature": ""}))
    out = subprocess.run(
        [sys.executable, "-c", WHICH], cwd=tmp_path, env=_checkout_env(stale), capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    described, chance = out.stdout.splitlines()
    assert described == "pure Python" and chance == str(REPO / "deadtable" / "core" / "chance.py")
    assert out.stderr == translator("en")._(STALE) + "\n"


def test_each_game_lists_its_compiled_modules_in_its_package() -> None:
    """MODULES takes a game's modules from its package's native.txt: every name there is a module
    of that package, and each game's state is among those compiled."""
    for listing in sorted((REPO / "deadtable" / "games").glob(f"*/{which_build.NATIVE_LIST}")):
        names = [line.partition("#")[0].strip() for line in listing.read_text(encoding="utf-8").splitlines()]
        names = [n for n in names if n]
        assert names, f"{listing} lists nothing"
        for name in names:
            module = f"deadtable/games/{listing.parent.name}/{name}.py"
            assert (REPO / module).is_file(), f"{listing} names {name}, which is no module there"
            assert module in which_build.MODULES
        assert "state" in names
    assert which_build.game_modules(REPO / "no such folder") == ()
