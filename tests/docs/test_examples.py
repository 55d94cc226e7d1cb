"""Every example of README.md and docs/ runs, collected from the Markdown itself.

`python` blocks of a page run in order in one namespace; the `$ ` lines of a `console` block, or
every line of an `sh` block, run in bash with the environment's bin first on PATH. A page's blocks
share a scratch folder that links to the checkout's files (so `benchmarks/`, `examples/` and
`deadtable/...` paths work) and a scratch home and data folder: nothing is written into the
checkout. A block marked `<!-- not run: REASON -->` on the line before it is skipped with that
reason, visibly (`pytest -rs`).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.docs.markdown import ROOT, Block, blocks, pages

SHELLS = {"console", "sh", "bash", "shell"}
RUNNABLE = SHELLS | {"python"}
# Left out of the scratch folder: what a run writes or builds, never what an example reads.
NOT_LINKED = {".git", "site", "test-artifacts", "results", "__pycache__", ".pytest_cache"}
TIMEOUT = 120  # seconds for one block; the examples are meant to take a few


def runnable(page: Path) -> list[Block]:
    return [block for block in blocks(page) if block.lang in RUNNABLE and block.not_run is None]


def shell_script(block: Block) -> str:
    """The commands of a block: a console block's `$ ` lines (with their `\\` continuations), or
    every line of an sh block."""
    if block.lang != "console":
        return block.text
    commands: list[str] = []
    continuing = False
    for line in block.text.splitlines():
        if line.startswith("$ ") or continuing:
            commands.append(line[2:] if line.startswith("$ ") and not continuing else line)
            continuing = line.endswith("\\")
    assert commands, f"{block.name}: a console block without a `$ ` command"
    return "\n".join(commands) + "\n"


def scratch(tmp_path: Path) -> Path:
    """A working folder that sees the checkout's top-level files through links."""
    work = tmp_path / "work"
    work.mkdir()
    for entry in ROOT.iterdir():
        if entry.name not in NOT_LINKED:
            (work / entry.name).symlink_to(entry)
    return work


def environment(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    env.update(
        HOME=str(home),
        DEADTABLE_HOME=str(home / "data"),
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        PYTHONPATH=str(ROOT),
        DEADTABLE_PURE="1",
        COLUMNS="100",
    )
    return env


def run_shell(block: Block, work: Path, env: dict[str, str]) -> None:
    # A session of its own, so that a block that overruns is stopped with everything it started.
    process = subprocess.Popen(
        ["bash", "-e", "-c", shell_script(block)],
        cwd=work,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = process.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"{block.name} ran longer than {TIMEOUT} s: mark it not run, or make it smaller")
    assert process.returncode == 0, (
        f"{block.name} exited {process.returncode}\n--- stdout\n{out[-3000:]}\n--- stderr\n{err[-3000:]}"
    )


def page_params() -> list[pytest.param]:
    return [pytest.param(page, id=str(page.relative_to(ROOT))) for page in pages() if runnable(page)]


def not_run_params() -> list[pytest.param]:
    return [
        pytest.param(block, id=block.name)
        for page in pages()
        for block in blocks(page)
        if block.lang in RUNNABLE and block.not_run is not None
    ]


@pytest.mark.parametrize("page", page_params())
def test_the_examples_of_a_page_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    work = scratch(tmp_path)
    env = environment(tmp_path)
    monkeypatch.chdir(work)
    monkeypatch.setenv("HOME", env["HOME"])
    monkeypatch.setenv("DEADTABLE_HOME", env["DEADTABLE_HOME"])
    before = set(os.listdir(ROOT))
    pages_before = {page: page.stat().st_mtime_ns for page in pages()}
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for block in runnable(page):
        if block.lang == "python":
            exec(compile(block.text, block.name, "exec"), namespace)
        else:
            run_shell(block, work, env)
    # What the examples wrote stayed in the scratch folder, never beside the checkout's files.
    written = {entry.name for entry in work.iterdir() if not entry.is_symlink()}
    assert not (written & set(os.listdir(ROOT))) - before
    # ... and no page of the checkout was written again (a generated page's own command would).
    assert {page: page.stat().st_mtime_ns for page in pages()} == pages_before


@pytest.mark.parametrize("block", not_run_params())
def test_an_example_that_cannot_run_in_a_test_says_why(block: Block) -> None:
    assert len(block.not_run or "") >= 10, f"{block.name}: say why it is not run"
    pytest.skip(f"{block.name}: not run: {block.not_run}")


def test_the_examples_are_found() -> None:
    """The collector sees the pages' examples: the README's two commands, the Python API, a shell."""
    every = [block for page in pages() for block in blocks(page)]
    assert {"python", "console", "sh"} <= {block.lang for block in every}
    assert sum(1 for block in every if block.lang in RUNNABLE and block.not_run is None) >= 20
    assert any("make run" in block.text for block in blocks(ROOT / "README.md"))
