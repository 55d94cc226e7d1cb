"""The server's parts talk through public interfaces (DESIGN.md, "Online table").

Read with `ast`, every module of deadtable/server: no attribute access to a `_private` name of
another object (`hub._run`, `store._tx`), only of `self` or `cls` in the module that defines it,
and no import of deadtable.cli (the server never imports the CLI; the data folder is
deadtable.data_folder). A snippet shows each rule can fail.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import deadtable.server

SERVER = Path(deadtable.server.__file__).parent
OWN = {"self", "cls"}


def _is_private(name: str) -> bool:
    """`_x`, not a dunder, nor gettext's `_` (a translator's public method)."""
    return name.startswith("_") and name != "_" and not (name.startswith("__") and name.endswith("__"))


def _defined(tree: ast.AST) -> set[str]:
    """The private names a module defines: its functions, classes, attributes and fields."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.update([node.attr] if isinstance(node.value, ast.Name) and node.value.id in OWN else [])
    return {n for n in names if _is_private(n)}


def private_reaches(source: str) -> list[str]:
    """`owner._name` accesses of a private name of an object other than `self` / `cls`, and of
    `self._name` where this module does not define `_name` (another module's class does)."""
    tree = ast.parse(source)
    own = _defined(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _is_private(node.attr):
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id in OWN and node.attr in own:
                continue
            found.append((node.lineno, node.col_offset, ast.unparse(node)))
    return [f"line {line}: {text}" for line, _, text in sorted(found)]


def cli_imports(source: str) -> list[str]:
    """Imports of deadtable.cli (or of a name from it)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        if any(n == "deadtable.cli" or n.startswith("deadtable.cli.") for n in names):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def _modules() -> list[Path]:
    return sorted(SERVER.rglob("*.py"))


def test_the_scan_sees_the_whole_server() -> None:
    names = {p.relative_to(SERVER).as_posix() for p in _modules()}
    assert {"hub.py", "store.py", "chat.py", "takeback.py", "routes/live.py"} <= names


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.relative_to(SERVER).as_posix())
def test_no_module_reaches_into_another_objects_private_parts(path: Path) -> None:
    assert private_reaches(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.relative_to(SERVER).as_posix())
def test_the_server_never_imports_the_cli(path: Path) -> None:
    assert cli_imports(path.read_text(encoding="utf-8")) == []


def test_the_scans_catch_what_they_forbid() -> None:
    snippet = (
        "from deadtable.cli.paths import data_dir\n"
        "import deadtable.cli\n"
        "from deadtable import cli\n"
        "async def say(hub, store, lt):\n"
        "    with store._tx() as conn:\n"
        "        store._notify(conn, lt.id)\n"
        "    await hub._run(print)\n"
        "    return lt.row._secret, tr._('words')\n"
        "class Feature:\n"
        "    def hook(self, other):\n"
        "        self._mine = other._theirs\n"
        "        return self._mine, self._helper(), self._inherited, self.__class__, other.__dict__\n"
        "    def _helper(self):\n"
        "        return self\n"
    )
    assert [line.split(": ", 1)[1] for line in private_reaches(snippet)] == [
        "store._tx",
        "store._notify",
        "hub._run",
        "lt.row._secret",
        "other._theirs",
        "self._inherited",
    ]
    assert len(cli_imports(snippet)) == 3
