"""Which build `import deadtable` runs (deadtable/which_build.py), on small trees made here.

A checkout's compiled copy is used only while its stamp's hash matches the sources now (never an
old compiled module against a newer source); otherwise pure Python, said once on stderr in the
environment's language; DEADTABLE_PURE=1 is pure and silent. tests/test_native.py runs the real
compiled build through `import deadtable`.
"""

from __future__ import annotations

import json
import os
import shutil
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from deadtable import which_build as wb
from deadtable.i18n import translator


@pytest.fixture
def checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A source package with a module and a data file, and a fresh compiled copy in build/native."""
    for name in (wb.PURE, wb.NATIVE_DIR, "DEADTABLE_BUILD_NOTED", "DEADTABLE_LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANGUAGE", "en")
    package = tmp_path / "deadtable"
    (package / "data").mkdir(parents=True)
    (tmp_path / "pyproject.toml").write_text("")  # a checkout
    (package / "__init__.py").write_text("")
    (package / "rules.py").write_text("RULE = 1\n")
    (package / "data" / "cards.toml").write_text("[card]\n")
    native = tmp_path / "build" / "native"
    shutil.copytree(package, native / "deadtable")
    (native / "deadtable" / (wb.LIBRARY + EXTENSION_SUFFIXES[0])).write_bytes(b"compiled")
    stamp = {
        "source": str(package),
        "hash": wb.package_hash(native / "deadtable"),
        "signature": wb.signature(package),
        "suffix": EXTENSION_SUFFIXES[0],
    }
    (native / wb.STAMP).write_text(json.dumps(stamp))
    return package


def _choose(package: Path) -> list[str]:
    return wb.package_path([str(package)])


def test_a_fresh_copy_is_run_silently(checkout: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _choose(checkout) == [str(checkout.parent / "build" / "native" / "deadtable")]
    assert capsys.readouterr().err == ""


def test_the_compiled_files_of_the_copy_are_not_part_of_the_hash(checkout: Path) -> None:
    copy = checkout.parent / "build" / "native" / "deadtable"
    assert wb.package_hash(copy) == wb.package_hash(checkout)  # the .so beside the copied sources


def test_an_edited_source_is_never_run_compiled_and_the_line_says_so_once(
    checkout: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (checkout / "rules.py").write_text("RULE = 2\n")
    assert _choose(checkout) == [str(checkout)]
    assert capsys.readouterr().err == translator("en")._(wb.STALE) + "\n"
    assert _choose(checkout) == [str(checkout)]  # again (a second import, a child process): quiet
    assert capsys.readouterr().err == ""
    assert os.environ["DEADTABLE_BUILD_NOTED"] == "1"


def test_an_edited_data_file_makes_the_copy_stale_too(
    checkout: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (checkout / "data" / "cards.toml").write_text("[card]\nname = 'x'\n")
    assert _choose(checkout) == [str(checkout)]
    assert "older than the sources" in capsys.readouterr().err


def test_a_new_source_file_makes_the_copy_stale(checkout: Path) -> None:
    (checkout / "more.py").write_text("")
    assert _choose(checkout) == [str(checkout)]


def test_touched_but_unchanged_sources_keep_the_copy(checkout: Path) -> None:
    """A checkout or `touch` changes the times, not the bytes: the quick check fails, the hash holds."""
    os.utime(checkout / "rules.py", (1, 1))
    assert (
        wb.signature(checkout)
        != json.loads((checkout.parent / "build/native" / wb.STAMP).read_text())["signature"]
    )
    assert _choose(checkout) == [str(checkout.parent / "build" / "native" / "deadtable")]


def test_a_copy_built_for_another_python_is_not_run(checkout: Path) -> None:
    stamp_path = checkout.parent / "build" / "native" / wb.STAMP
    stamp = json.loads(stamp_path.read_text())
    stamp_path.write_text(json.dumps({**stamp, "suffix": ".cpython-299-other.so"}))
    assert _choose(checkout) == [str(checkout)]


def test_no_copy_says_so_in_the_users_language(
    checkout: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.rmtree(checkout.parent / "build")
    monkeypatch.setenv("DEADTABLE_LANG", "es")
    assert _choose(checkout) == [str(checkout)]
    said = capsys.readouterr().err
    assert said == translator("es")._(wb.NO_BUILD) + "\n" and said.startswith(
        "deadtable funciona en Python puro"
    )
    assert said.count("\n") == 1


def test_deadtable_pure_is_pure_and_silent(
    checkout: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(wb.PURE, "1")
    assert _choose(checkout) == [str(checkout)]
    (checkout / "rules.py").write_text("RULE = 2\n")
    assert _choose(checkout) == [str(checkout)]
    assert capsys.readouterr().err == ""


def test_deadtable_native_names_another_copy(
    checkout: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = tmp_path / "elsewhere"
    shutil.move(str(checkout.parent / "build" / "native"), elsewhere)
    monkeypatch.setenv(wb.NATIVE_DIR, str(elsewhere))
    assert _choose(checkout) == [str(elsewhere / "deadtable")]


def test_a_compiled_copy_or_an_installed_compiled_wheel_keeps_its_own_path(
    checkout: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = checkout.parent / "build" / "native" / "deadtable"
    assert _choose(copy) == [str(copy)]  # the copy itself, first on PYTHONPATH (its stamp beside it)
    shutil.rmtree(checkout.parent / "build")
    (checkout / (wb.LIBRARY + EXTENSION_SUFFIXES[0])).write_bytes(b"compiled")  # a compiled wheel's layout
    assert _choose(checkout) == [str(checkout)]
    assert capsys.readouterr().err == ""


def test_an_installed_pure_package_says_it_was_installed_without_a_compiler(
    checkout: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.rmtree(checkout.parent / "build")
    (checkout.parent / "pyproject.toml").unlink()  # site-packages: no checkout, no make native
    assert _choose(checkout) == [str(checkout)]
    assert capsys.readouterr().err == translator("en")._(wb.INSTALLED_PURE) + "\n"
