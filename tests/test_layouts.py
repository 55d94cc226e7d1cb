"""Compiled layouts are read by name outside the module that defines them, never by position.

A pending decision is a tuple in the compiled build (a NamedTuple is one), and a read such as
`f[5]` or `st.ability[3]` far from the definition silently changes meaning when a field moves.
This scans the sources and tests with `ast` for a constant index into a value that holds such a
layout, recognised by the names it travels under: the variable, the attribute, the container
whose items are that layout, or the function that returns it.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Layout:
    name: str
    defined_in: str  # the one module that may read it by position
    scope: tuple[str, ...]  # folders or files (from the repository's root) where it travels
    names: frozenset[str] = frozenset()  # variables that hold one
    attributes: frozenset[str] = frozenset()  # attributes that hold one (`st.ability`)
    containers: frozenset[str] = frozenset()  # attributes whose items are one (`st.stack[-1]`)
    calls: frozenset[str] = frozenset()  # functions or methods that return one (`encoder.legal(s)`)


LAYOUTS = (
    Layout(
        "the shedding game's Frame",
        "deadtable/games/zombie_shedding/frames.py",
        ("deadtable/games/zombie_shedding", "tests/zombie_shedding"),
        names=frozenset({"f", "frame"}),
        containers=frozenset({"stack"}),
    ),
    Layout(
        "Overlords' AbilityDecision",
        "deadtable/games/overlords/hired_hands.py",
        ("deadtable/games/overlords", "tests/overlords"),
        names=frozenset({"ability", "sub"}),
        attributes=frozenset({"ability", "sub"}),
    ),
    Layout(
        "Zombie Overlord's Decision",
        "deadtable/games/zombie_overlord/layout.py",
        ("deadtable/games/zombie_overlord", "tests/zombie_overlord"),
        names=frozenset({"decision"}),
        containers=frozenset({"pending"}),
    ),
    Layout(
        "Zombie Overlord's Decision, as the encoder holds it",
        "deadtable/games/zombie_overlord/layout.py",
        ("deadtable/games/zombie_overlord/encoder.py",),
        names=frozenset({"top"}),
    ),
    Layout(
        "a learning environment's Legal (indices, actions)",
        "deadtable/rl/actions.py",
        ("deadtable/rl", "tests/rl"),
        attributes=frozenset({"_legal"}),
        calls=frozenset({"legal"}),
    ),
)


def _constant_index(node: ast.Subscript) -> bool:
    index = node.slice
    if isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub):
        index = index.operand
    return isinstance(index, ast.Constant) and type(index.value) is int


def _holds(layout: Layout, value: ast.expr) -> bool:
    """Whether `value` is, by the names it travels under, one `layout`."""
    if isinstance(value, ast.Name):
        return value.id in layout.names
    if isinstance(value, ast.Attribute):
        return value.attr in layout.attributes
    if isinstance(value, ast.Subscript):  # an item of a container: `st.stack[-1]`
        container = value.value
        return isinstance(container, ast.Attribute) and container.attr in layout.containers
    if isinstance(value, ast.Call):
        func = value.func
        if isinstance(func, ast.Attribute):
            return func.attr in layout.calls
        return isinstance(func, ast.Name) and func.id in layout.calls
    return False


def positional_reads(layout: Layout, source: str, filename: str = "<sample>") -> list[str]:
    """Each constant index into a value holding `layout` in `source`, as "file:line: text"."""
    out = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Subscript) and _constant_index(node) and _holds(layout, node.value):
            out.append(f"{filename}:{node.lineno}: {ast.unparse(node)}")
    return out


def _files(layout: Layout) -> list[Path]:
    out: list[Path] = []
    for place in layout.scope:
        path = ROOT / place
        out += sorted(path.rglob("*.py")) if path.is_dir() else [path] if path.is_file() else []
    return [p for p in out if p.relative_to(ROOT).as_posix() != layout.defined_in]


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.name)
def test_layouts_are_read_by_name_outside_their_module(layout: Layout) -> None:
    files = _files(layout)
    assert files, f"nothing to scan for {layout.name}: its scope moved?"
    found = []
    for path in files:
        found += positional_reads(layout, path.read_text("utf-8"), path.relative_to(ROOT).as_posix())
    assert not found, f"{layout.name} read by position (read it by name):\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("layout_name", "snippet", "caught"),
    [
        ("the shedding game's Frame", "kind, seat = f[0], f[1]", 2),
        ("the shedding game's Frame", "drawn = st.stack[-1][5]", 1),
        ("the shedding game's Frame", "kind, seat = f.kind, f.seat\ndrawn = st.stack[-1].parameter", 0),
        ("the shedding game's Frame", "top = st.stack[-1]\nwho = st.hands[0]", 0),  # a list by seat
        ("Overlords' AbilityDecision", "st.sub = st.sub[:3] + st.sub[4:]\ncard = st.sub[2]", 1),
        ("Overlords' AbilityDecision", "t = ability[-1]", 1),
        ("Overlords' AbilityDecision", "t = st.ability.targets[0]", 0),  # a tuple field, not the layout
        ("Zombie Overlord's Decision", "kind = st.pending[-1][0]", 1),
        ("Zombie Overlord's Decision, as the encoder holds it", "mode = top[2] if len(top) > 2 else ''", 1),
        ("a learning environment's Legal (indices, actions)", "mask[self._legal[0]] = 1", 1),
        ("a learning environment's Legal (indices, actions)", "xs = sorted(enc.legal(s)[0])", 1),
        ("a learning environment's Legal (indices, actions)", "xs = enc.legal(s).indices", 0),
    ],
)
def test_the_scan_catches_a_positional_read(layout_name: str, snippet: str, caught: int) -> None:
    (layout,) = [lay for lay in LAYOUTS if lay.name == layout_name]
    assert len(positional_reads(layout, snippet)) == caught
