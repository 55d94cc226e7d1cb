"""Flat numeric observations built from a seat's view, and nothing else.

A seat's view (`state.view(seat)`) is JSON: dicts, lists, numbers, booleans, strings and null. The
layout of the vector is derived once per (game, players, options) from the views of a seeded probe
of random games (`deadtable.rl.probe`), so it is fixed and the same in every process. Rules, by
where a value sits in the JSON (its path):

- a number or boolean: one slot, the value divided by the largest magnitude seen there (at least 1;
  the positions of a list share one scale);
- null: one "is null" slot wherever null was seen (a missing dict key counts as null);
- a string: one-hot over the strings seen at that path, plus one "other" slot; a path that only
  ever showed one string (a position's name) gets just the "other" slot; a path that showed more
  than `MAX_VOCAB` different strings is free text (a log line) and is left out;
- a dict: its keys in sorted order, each laid out by these rules; keys never seen are ignored, and
  narration (keys starting with a `NARRATION` key of `State.view`) is left out, as it retells what
  the other fields of a view show and would only make the vector long;
- a list of strings (a hand of named cards): a length slot and a count per string (a bag), plus
  "other", each count divided by the longest list seen there;
- any other list: a length slot, then element 0, element 1, ... each laid out by its own position's
  samples, up to the longest list seen (at most `MAX_POSITIONS`); longer lists are cut.

Every slot is therefore in [-1, 1] (a one-hot or null slot is 0 or 1; a number, length or count is
scaled by the largest seen in the probe), and a value beyond what the probe saw is clipped to the
bound: the spaces are `Box(-1, 1)`.

Because the vector is a function of the view alone, it cannot show a card the view hides; the tests
check that the vector is the same for the real state and for every determinization of it.
`ObservationLayout.names` labels every slot with its path, to read a vector back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from operator import itemgetter
from typing import Any

import numpy as np

from deadtable.core import Game, State, game
from deadtable.core.state import NARRATION as VIEW_NARRATION

from .probe import probe

MAX_VOCAB = 128
MAX_POSITIONS = 64
# Keys that start so are narration (the view's NARRATION keys and any like them): left out (see
# the module doc).
NARRATION = VIEW_NARRATION


class _Schema:
    """Everything the sample views showed at one path."""

    __slots__ = (
        "dicts",
        "elem",
        "items",
        "keys",
        "lists",
        "max_len",
        "nulls",
        "nums",
        "present",
        "scale",
        "strings",
    )

    def __init__(self) -> None:
        self.nulls = False
        self.nums = False
        self.scale = 1.0
        self.strings: set[str] | None = set()  # None: free text, left out
        self.dicts = 0  # how many dicts were seen here
        self.present = 0  # how many times this path was present in its parent dict
        self.keys: dict[str, _Schema] = {}
        self.lists = False
        self.max_len = 0
        self.elem: _Schema | None = None  # every element merged (decides bag or positions)
        self.items: list[_Schema] = []  # one per position

    def add(self, v: Any) -> None:
        if v is None:
            self.nulls = True
        elif isinstance(v, bool | int | float):
            self.nums = True
            self.scale = max(self.scale, abs(float(v)))
        elif isinstance(v, str):
            if self.strings is not None:
                self.strings.add(v)
                if len(self.strings) > MAX_VOCAB:
                    self.strings = None
        elif isinstance(v, dict):
            self.dicts += 1
            for k, x in v.items():
                child = self.keys.get(k)
                if child is None:
                    child = self.keys[k] = _Schema()
                child.present += 1
                child.add(x)
        elif isinstance(v, list | tuple):
            self.lists = True
            self.max_len = max(self.max_len, len(v))
            if self.elem is None:
                self.elem = _Schema()
            for i, x in enumerate(v[:MAX_POSITIONS]):
                self.elem.add(x)
                if i == len(self.items):
                    self.items.append(_Schema())
                self.items[i].add(x)
            for x in v[MAX_POSITIONS:]:
                self.elem.add(x)

    def only_strings(self) -> bool:
        return not (self.nums or self.dicts or self.lists) and (self.strings is None or bool(self.strings))


def _share_scales(schema: _Schema) -> None:
    """Scale every position of a list by what all its elements showed, not by that position alone."""
    for child in schema.keys.values():
        _share_scales(child)
    if schema.elem is not None:
        _share_scales(schema.elem)
        for item in schema.items:
            _unify(item, schema.elem)
            _share_scales(item)


def _unify(item: _Schema, merged: _Schema) -> None:
    item.scale = merged.scale
    for k, child in item.keys.items():
        if k in merged.keys:
            _unify(child, merged.keys[k])
    if merged.elem is not None:
        for sub in item.items:
            _unify(sub, merged.elem)


class _Node:
    """The slots of one path and how to fill them from a value."""

    __slots__ = (
        "bag",
        "children",
        "keys_always",
        "len_scale",
        "len_slot",
        "null_slot",
        "num_slot",
        "other",
        "positions",
        "scale",
        "vocab",
    )

    def __init__(self, schema: _Schema, path: str, names: list[str]) -> None:
        def slot(label: str) -> int:
            names.append(label)
            return len(names) - 1

        self.null_slot = slot(f"{path} is null") if schema.nulls else None
        self.num_slot = slot(path) if schema.nums else None
        self.scale = schema.scale
        self.vocab: dict[str, int] = {}
        self.other: int | None = None
        if schema.strings and len(schema.strings) == 1:
            # A constant (a position's name, the game id): only a change would tell anything.
            (only,) = schema.strings
            self.vocab[only] = -1
            self.other = slot(f"{path} != {only!r}")
        elif schema.strings:
            for s in sorted(schema.strings):
                self.vocab[s] = slot(f"{path} == {s!r}")
            self.other = slot(f"{path} other")
        self.children: list[tuple[str, _Node]] = []
        self.keys_always = True  # every sample dict here had every key laid out
        if schema.dicts:
            for k in sorted(schema.keys):
                if k.startswith(NARRATION):
                    continue
                if schema.keys[k].present < schema.dicts:
                    schema.keys[k].nulls = True  # a missing key reads as null
                    self.keys_always = False
                self.children.append((k, _Node(schema.keys[k], f"{path}.{k}", names)))
        self.len_slot: int | None = None
        self.len_scale = float(max(1, schema.max_len))
        self.bag: _Node | None = None
        self.positions: list[_Node] = []
        if schema.lists:
            self.len_slot = slot(f"len({path})")
            elem = schema.elem
            if elem is not None and elem.only_strings():
                self.bag = _Node(elem, f"{path}[*]", names)
            else:
                self.positions = [_Node(s, f"{path}[{i}]", names) for i, s in enumerate(schema.items)]


class _Compiler:
    """Turns a tree of nodes into Python source: straight-line code with the slots as literals.

    Walking the tree per observation costs a call and a chain of isinstance per value; generated
    code is several times faster, and it is generated from the same nodes, so the labels in `names`
    and the slots written always agree. Children are written inline (no call per dict or list),
    each depth with its own variables (`v2`, `t2`, `n2`), until `INLINE_DEPTH`, where a function
    starts afresh. A dict whose keys every sample had is read with one `itemgetter` (`.get` per key
    if one is missing after all). `out` is a float64 memoryview: numbers and lengths are written
    as they are and scaled afterwards in one vector multiply by `factors` (1 / scale; 1.0 for the
    other slots), the same double product as `value * (1 / scale)` in Python, then cast to float32
    once, as `np.asarray(list, np.float32)` would, with no list of Python floats to convert.
    """

    INLINE_DEPTH = 12  # nesting levels written inline before a call (Python caps indentation at 100)

    def __init__(self) -> None:
        self.functions: list[str] = []
        self.factors: dict[int, float] = {}  # slot -> what its raw value is multiplied by
        self.namespace: dict[str, Any] = {
            "_NUMBER": frozenset((int, float, bool)),
            "_LIST": frozenset((list, tuple)),
        }

    def function(self, node: _Node) -> str:
        name = f"_f{len(self.functions)}"
        self.functions.append("")  # reserve the index; nested functions are numbered after it
        index = len(self.functions) - 1
        body: list[str] = [f"def {name}(v0, out):"]
        self.emit(node, "v0", 0, "    ", body)
        if len(body) == 1:
            body.append("    pass")
        self.functions[index] = "\n".join(body)
        return name

    def constant(self, prefix: str, value: Any) -> str:
        name = f"{prefix}{len(self.namespace)}"
        self.namespace[name] = value
        return name

    def emit(self, node: _Node, var: str, depth: int, ind: str, out: list[str]) -> None:
        """Code that fills `node`'s slots from the value in variable `var`, at nesting `depth`."""
        if depth >= self.INLINE_DEPTH:
            out.append(f"{ind}{self.function(node)}({var}, out)")
            return
        if node.null_slot is not None:
            out.append(f"{ind}if {var} is None:")
            out.append(f"{ind}    out[{node.null_slot}] = 1.0")
            out.append(f"{ind}else:")
            ind += "    "
        # Without a null slot, None falls through: NoneType matches none of the branches below.
        branches: list[tuple[str, list[str]]] = []
        if node.num_slot is not None:
            self.factors[node.num_slot] = 1.0 / node.scale
            branches.append(("in _NUMBER", [f"out[{node.num_slot}] = {var}"]))
        if node.other is not None:
            if len(node.vocab) == 1 and next(iter(node.vocab.values())) == -1:
                (only,) = node.vocab
                lines = [f"if {var} != {only!r}:", f"    out[{node.other}] += 1.0"]
            else:
                vocab = self.constant("_v", dict(node.vocab))
                lines = [f"out[{vocab}.get({var}, {node.other})] += 1.0"]
            branches.append(("is str", lines))
        if node.children:
            branches.append(("is dict", self.dict_body(node, var, depth)))
        if node.len_slot is not None:
            branches.append(("in _LIST", self.list_body(node, var, depth)))
        if not branches:
            if node.null_slot is not None:
                out.append(f"{ind}pass")
            return
        t = f"type({var})"
        if len(branches) > 1:
            out.append(f"{ind}t{depth} = {t}")
            t = f"t{depth}"
        for k, (test, lines) in enumerate(branches):
            out.append(f"{ind}{'if' if k == 0 else 'elif'} {t} {test}:")
            out.extend(f"{ind}    {line}" for line in lines)

    def dict_body(self, node: _Node, var: str, depth: int) -> list[str]:
        lines: list[str] = []
        names = [f"v{depth + 1}_{i}" for i in range(len(node.children))]
        keys = [key for key, _ in node.children]
        if node.keys_always and len(keys) > 1:
            getter = self.constant("_g", itemgetter(*keys))
            lines.append("try:")
            lines.append(f"    {', '.join(names)} = {getter}({var})")
            lines.append("except KeyError:")
            lines.extend(f"    {name} = {var}.get({key!r})" for name, key in zip(names, keys, strict=True))
        else:
            lines.extend(f"{name} = {var}.get({key!r})" for name, key in zip(names, keys, strict=True))
        for name, (_, child) in zip(names, node.children, strict=True):
            self.emit(child, name, depth + 1, "", lines)
        return lines

    def list_body(self, node: _Node, var: str, depth: int) -> list[str]:
        n, item, slot = f"n{depth}", f"v{depth + 1}", node.len_slot
        assert slot is not None
        self.factors[slot] = 1.0 / node.len_scale
        lines = [f"{n} = len({var})", f"out[{slot}] = {n}"]
        if node.bag is not None:
            # A count in a bag is at most the list's length: scaled by the longest list seen.
            for counted in (*node.bag.vocab.values(), node.bag.other):
                if counted is not None and counted >= 0:
                    self.factors[counted] = 1.0 / node.len_scale
            lines.append(f"for {item} in {var}:")
            self.emit(node.bag, item, depth + 1, "    ", lines)
        else:
            for i, child in enumerate(node.positions):
                lines.append(f"if {n} > {i}:")
                lines.append(f"    {item} = {var}[{i}]")
                self.emit(child, item, depth + 1, "    ", lines)
        return lines


def _compile(root: _Node) -> tuple[Callable[[Any, memoryview], None], dict[int, float]]:
    compiler = _Compiler()
    entry = compiler.function(root)
    source = "\n\n".join(compiler.functions)
    namespace = dict(compiler.namespace)
    exec(compile(source, "<deadtable observation layout>", "exec"), namespace)
    fill: Callable[[Any, memoryview], None] = namespace[entry]
    return fill, compiler.factors


class ObservationLayout:
    """A fixed map from a seat's view to a float32 vector (see the module doc)."""

    def __init__(self, game_id: str, views: Iterable[dict[str, Any]]) -> None:
        schema = _Schema()
        for v in views:
            schema.add(v)
        _share_scales(schema)
        self.game_id = game_id
        self.names: list[str] = []
        self._root = _Node(schema, "view", self.names)
        self.size = len(self.names)
        self._fill, factors = _compile(self._root)
        self._factors = np.ones(self.size)
        for slot, factor in factors.items():
            self._factors[slot] = factor

    def encode_view(self, view: dict[str, Any]) -> np.ndarray:
        raw = np.zeros(self.size)
        self._fill(view, raw.data)  # a float64 memoryview: raw values, scaled below
        raw *= self._factors
        np.clip(raw, -1.0, 1.0, out=raw)  # beyond what the probe saw: held at the bound
        return raw.astype(np.float32)

    def encode(self, state: State, seat: int) -> np.ndarray:
        """The observation of `seat`: built from `state.view(seat)` only (without its narration)."""
        return self.encode_view(state.view(seat, narration=False))

    def explain(self, vector: np.ndarray) -> dict[str, float]:
        """The non-zero slots of a vector by their path labels (to read an observation back)."""
        return {self.names[i]: float(x) for i, x in enumerate(vector) if x}


def private_part(seat_view: Any, public_view: Any) -> Any:
    """What a seat's view shows beyond the spectator's: the keys whose values differ, recursively.

    >>> private_part({"hand": ["a", "b"], "deck": 30, "seat": 1}, {"hand": None, "deck": 30})
    {'hand': ['a', 'b'], 'seat': 1}
    >>> private_part({"deck": 30}, {"deck": 30})
    {}
    """
    if isinstance(seat_view, dict):
        public = public_view if isinstance(public_view, dict) else {}
        out = {}
        for k, v in seat_view.items():
            if k in public and public[k] == v:
                continue
            out[k] = private_part(v, public.get(k))
        return out
    return seat_view


SEAT_VIEW, PUBLIC_VIEW, PRIVATE_VIEW = "seat", "public", "private"


def view_of(state: State, seat: int, kind: str) -> dict[str, Any]:
    """The view an observation of `kind` is built from (without narration).

    SEAT_VIEW: `state.view(seat)`; PUBLIC_VIEW: the spectator's `state.view(None)`, the same for
    every seat; PRIVATE_VIEW: what the seat's view adds to the spectator's (`private_part`).
    """
    if kind == SEAT_VIEW:
        return state.view(seat, narration=False)
    public = state.view(None, narration=False)
    if kind == PUBLIC_VIEW:
        return public
    part: dict[str, Any] = private_part(state.view(seat, narration=False), public)
    return part


def observation_layout(
    g: Game, players: int, options: dict[str, Any], kind: str = SEAT_VIEW
) -> ObservationLayout:
    """The layout for this game, settings and kind of view (see `view_of`).

    Built once per process from a seeded probe; encode with `encode_view(view_of(state, seat, kind))`
    (for SEAT_VIEW, `encode(state, seat)` does the same).
    """
    return _layout(g.id, players, tuple(sorted(options.items())), kind)


@cache
def _layout(game_id: str, players: int, items: tuple[tuple[str, Any], ...], kind: str) -> ObservationLayout:
    g = game(game_id)
    sample = probe(g, players, dict(items))
    seats = range(1) if kind == PUBLIC_VIEW else range(players)
    views = [view_of(s, seat, kind) for s in sample.states for seat in seats]
    return ObservationLayout(game_id, views)
