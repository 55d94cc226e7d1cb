"""deploy/'s files as a host gets them: the unit and its environment file name only options that
`deadtable serve` has, systemd and Caddy read them without complaint, and the tests change only the
lines marked CHANGE (tests/hosting/deployed.py, `shipped`)."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

from deadtable.cli.serve import serve

from .deployed import DEPLOY, shipped

UNIT = DEPLOY / "systemd" / "deadtable@.service"
ENVIRONMENT = DEPLOY / "deadtable.env"


def _environment() -> dict[str, str]:
    pairs = (line.split("=", 1) for line in ENVIRONMENT.read_text().splitlines() if line and line[0] != "#")
    return {name: value for name, value in pairs}


def test_only_marked_lines_may_change(tmp_path: Path) -> None:
    site = DEPLOY / "nginx" / "deadtable.conf"
    assert "server_name play.deadtable.test;" in shipped(site, [("play.example.org", "play.deadtable.test")])
    with pytest.raises(AssertionError, match="not marked"):
        shipped(site, [("proxy_read_timeout 1h", "proxy_read_timeout 1s")])
    with pytest.raises(AssertionError, match="has none of"):
        shipped(site, [("play.example.com", "play.deadtable.test")])


def test_the_unit_and_its_environment_give_serve_only_options_it_has() -> None:
    environment = _environment()
    assert environment["DEADTABLE_DATABASE_URL"].startswith("postgresql+psycopg://")
    exec_start = next(line for line in UNIT.read_text().splitlines() if line.startswith("ExecStart="))
    words = shlex.split(exec_start.removeprefix("ExecStart="))
    assert words[1:3] == ["serve", "--host"] and words[0].endswith("/bin/deadtable")
    options = [w for w in words[2:] if not w.startswith("$")]
    options = [o.replace("%i", "8001") for o in options] + shlex.split(environment["DEADTABLE_SERVE_OPTIONS"])
    options += ["--metrics-port", "9101"]  # what docs/hosting.md puts in a process's own file
    with serve.make_context("serve", options) as context:  # a wrong option fails here
        params = context.params
    assert params["host"] == "127.0.0.1" and params["port"] == 8001
    assert params["allowed_hosts"] == ("play.example.org",)
    assert params["forwarded_allow_ips"] == "127.0.0.1"
    with pytest.raises(click.UsageError):  # and the check would see a wrong one
        serve.make_context("serve", ["--forwarded-allow", "127.0.0.1"])


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_reads_the_unit(tmp_path: Path) -> None:
    # The virtual environment's path changed to this one (the marked line), so that the command exists.
    venv = str(Path(sys.executable).parent.parent)
    unit = tmp_path / "deadtable@8001.service"
    unit.write_text(shipped(UNIT, [("/opt/deadtable/venv", venv)]))
    done = subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, check=False
    )
    problems = [line for line in done.stderr.splitlines() if "deadtable@8001.service" in line]
    assert done.returncode == 0 and not problems, done.stderr


@pytest.mark.skipif(shutil.which("caddy") is None, reason="caddy is not installed")
def test_caddy_reads_the_caddyfile_as_shipped_and_it_is_formatted(tmp_path: Path) -> None:
    caddyfile = DEPLOY / "caddy" / "Caddyfile"
    env = {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    adapt = ["caddy", "adapt", "--config", str(caddyfile), "--adapter", "caddyfile"]
    done = subprocess.run(adapt, capture_output=True, text=True, check=False, env=env)
    assert done.returncode == 0 and '"uri":"/healthz"' in done.stdout, done.stderr
    assert "not formatted" not in done.stderr
