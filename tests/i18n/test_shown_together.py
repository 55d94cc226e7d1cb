"""Distinct messages shown together get distinct translations.

Russian once translated both `value` and `meaning` as «значение», so `deadtable rules` showed a
table of options with two columns of one name. The messages one function shows (a Python function
of deadtable/, or a top-level function of the browser's JavaScript) are one view: column headers,
labels, a status line. Two different English messages of one view must not read the same.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from deadtable.i18n import translator

PACKAGE = Path(__file__).resolve().parents[2] / "deadtable"
GETTEXT = {"_", "gettext", "N_", "Message"}
JS_CALL = re.compile(r'\bt\("((?:[^"\\]|\\.)*)"')
JS_FUNCTION = re.compile(r"\n(?=(?:export )?(?:async )?function )")

# Pairs that say one thing in two English forms, so one translation is right for both.
SAME_MEANING = {
    frozenset({"led by {who}", "{who} leads"}),
    frozenset({"The draw pile", "draw pile"}),
}

Groups = list[tuple[str, list[str]]]


def _python_groups() -> Groups:
    groups = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            ids = set()
            for call in ast.walk(node):
                if not isinstance(call, ast.Call) or not call.args:
                    continue
                func = call.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
                first = call.args[0]
                if name in GETTEXT and isinstance(first, ast.Constant) and isinstance(first.value, str):
                    ids.add(first.value)
            if len(ids) > 1:
                groups.append((f"{path.relative_to(PACKAGE)}:{node.name}", sorted(ids)))
    return groups


def _javascript_groups() -> Groups:
    groups = []
    for path in sorted(PACKAGE.rglob("*.js")):  # the static pages and each game's web/renderer.js
        for part in JS_FUNCTION.split(path.read_text(encoding="utf-8")):
            ids = sorted({m.group(1) for m in JS_CALL.finditer(part)})
            name = re.match(r"(?:export )?(?:async )?function (\w+)", part)
            if len(ids) > 1:
                groups.append((f"{path.relative_to(PACKAGE)}:{name.group(1) if name else 'module'}", ids))
    return groups


def collisions(groups: Groups, gettext: Callable[[str], str]) -> list[str]:
    """Within each group, different English messages that translate to the same words."""
    out = []
    for where, ids in groups:
        by_text: dict[str, list[str]] = {}
        for msgid in ids:
            text = gettext(msgid)
            if text and text != msgid:
                by_text.setdefault(text.strip().lower(), []).append(msgid)
        for text, same in by_text.items():
            distinct = len({s.lower().strip(" .:") for s in same}) > 1
            if distinct and frozenset(same) not in SAME_MEANING:
                out.append(f"{where}: {same} all read {text!r}")
    return out


@pytest.fixture(scope="module")
def groups() -> Groups:
    return _python_groups() + _javascript_groups()


def test_the_views_are_found(groups: Groups) -> None:
    headers = dict(groups)["cli/rules_cmd.py:_page"]  # the options table of `deadtable rules`
    assert {"option", "value", "default", "meaning"} <= set(headers)
    assert any(w.startswith("games/zombie_shedding/web/renderer.js:") for w, _ in groups)
    assert len(groups) > 50


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_distinct_messages_of_one_view_read_differently(lang: str, groups: Groups) -> None:
    found = collisions(groups, translator(lang).gettext)
    assert not found, "\n".join(found)


def test_the_check_catches_two_columns_of_one_name() -> None:
    old_russian = {"value": "значение", "meaning": "значение", "option": "опция"}
    table = [("cli/rules_cmd.py:x", ["meaning", "option", "value"])]
    found = collisions(table, lambda m: old_russian.get(m, m))
    assert found == ["cli/rules_cmd.py:x: ['meaning', 'value'] all read 'значение'"]
