"""`deadtable serve`'s hosting options, in process: --help lists them, and a mistake is one
line naming the fix (`serving.HostingError`, which `deadtable`'s main prints without a traceback)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from deadtable.cli.serve import serve
from deadtable.server import serving

from .pg import free_port


def test_serve_help_lists_the_tls_proxy_and_metrics_options() -> None:
    result = CliRunner().invoke(serve, ["--help"], terminal_width=200)
    assert result.exit_code == 0
    for option in ("--certfile", "--keyfile", "--forwarded-allow-ips", "--metrics-port", "--metrics-host"):
        assert option in result.output, option
    assert "127.0.0.1,::1" in result.output  # the default of --forwarded-allow-ips


def _refused(*args: str) -> str:
    result = CliRunner().invoke(serve, list(args))
    if isinstance(result.exception, serving.HostingError):
        return result.exception.render("en")
    assert result.exit_code == 2, result.output  # click's own usage error
    return result.output


@pytest.mark.parametrize(
    ("expected", "args"),
    [
        ("cannot read", ["--certfile", "{tmp}/none.pem", "--keyfile", "{junk}"]),
        ("--keyfile its own private key", ["--certfile", "{junk}", "--keyfile", "{junk}"]),
        ("--keyfile needs --certfile", ["--keyfile", "{junk}"]),
        ("check --db (or DEADTABLE_DATABASE_URL)", ["--db", "{tmp}/no/such/folder/t.sqlite3"]),
        ("'proxy.example' is not an IP address", ["--forwarded-allow-ips", "10.0.0.1,proxy.example"]),
    ],
)
def test_a_mistake_is_one_line_naming_the_fix(tmp_path: Path, expected: str, args: list[str]) -> None:
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate\n")
    filled = [a.format(tmp=tmp_path, junk=junk) for a in args]
    if "--db" not in filled:
        filled += ["--db", str(tmp_path / "t.sqlite3")]
    text = _refused(*filled, "--port", str(free_port()))
    assert expected in text and "Traceback" not in text, text


def test_the_certificate_and_key_of_another_pair_do_not_go_together(tmp_path: Path) -> None:
    from .test_hosting_processes import _certificate

    for name in ("one", "two"):
        (tmp_path / name).mkdir()
    one, two = _certificate(tmp_path / "one"), _certificate(tmp_path / "two")
    listen = serving.Listen(certfile=str(one[0]), keyfile=str(two[1]))
    with pytest.raises(serving.HostingError, match="its own private key"):
        serving.check_tls(listen)
    serving.check_tls(serving.Listen(certfile=str(one[0]), keyfile=str(one[1])))  # the right pair loads
