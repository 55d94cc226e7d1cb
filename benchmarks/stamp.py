"""What a figures page says about where its figures come from: the commit, the date, the machine.

A page in docs/figures/ is written by the command that measures its figures (`make bench`,
`make figures`). A measured page opens with one stamp line: the commit the run measured (`git
rev-parse --short HEAD`, and "with uncommitted changes" when the working tree differs from it),
the date, and the machine (CPU model, cores, Python version, its load average, the builds run).
A page made from committed rows says which rows instead, and the commit they were measured on
when the rows record it (`commit()` is written into each new row of benchmarks/ismcts_strength.py
and benchmarks/calibration.py).
"""

from __future__ import annotations

import os
import platform
import re
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # the checkout
PAGES = ROOT / "docs" / "figures"
STAMP_PREFIX = "Measured on commit "  # the first words of a measured page's stamp line
# The pages themselves do not change what is measured: a page left uncommitted does not make the
# next run "with uncommitted changes".
_NOT_MEASURED = ":(exclude)docs/figures"


def _git(*args: str) -> str | None:
    try:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False)
    except OSError:
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def commit() -> str:
    """The checkout's commit, short, with "with uncommitted changes" when the tree is dirty; "an
    unknown commit" outside a git checkout."""
    head = _git("rev-parse", "--short", "HEAD")
    if not head:
        return "an unknown commit"
    dirty = _git("status", "--porcelain", "--untracked-files=no", "--", ".", _NOT_MEASURED)
    return f"{head} with uncommitted changes" if dirty else head


def cpu_model() -> str:
    """The CPU's model name (/proc/cpuinfo on Linux), else what `platform` says."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                name, _sep, value = line.partition(":")
                if name.strip() == "model name" and value.strip():
                    return value.strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "an unknown CPU"


def machine() -> str:
    """CPU model, cores, Python version.

    >>> "cores, Python " in machine()
    True
    """
    return f"{cpu_model()}, {os.cpu_count() or 1} cores, Python {platform.python_version()}"


def today() -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())


def build_name(description: str) -> str:
    """A build's description (`deadtable.native.describe`) without the folder it was loaded from,
    which names this machine's paths, not the build.

    >>> build_name("native (mypyc, 47 of 47 modules compiled, /home/me/deadtable/build/native)")
    'native (mypyc, 47 of 47 modules compiled)'
    >>> build_name("pure Python")
    'pure Python'
    """
    return re.sub(r", /[^;)]*\)", ")", description)


def load() -> str:
    """ ", load average N" (over the last minute, as the page is written), or nothing where unknown:
    on a shared machine it warns that the rates are those of a busy machine."""
    try:
        return f", load average {os.getloadavg()[0]:.1f}"
    except (AttributeError, OSError):
        return ""


def measured(builds: list[str]) -> str:
    """The stamp line of a measured page: commit, date, machine, its load and the builds run.

    >>> line = measured(["pure Python"])
    >>> line.startswith(STAMP_PREFIX) and "; build: pure Python." in line
    True
    """
    names = "; ".join(build_name(b) for b in builds)
    label = "builds" if len(builds) > 1 else "build"
    return f"{STAMP_PREFIX}{commit()}, {today()}; {machine()}{load()}; {label}: {names}."


def is_stamp(line: str) -> bool:
    return line.startswith(STAMP_PREFIX)
