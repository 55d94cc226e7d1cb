"""Refusals that tell the truth: each names the rule the text really breaks (one test per case the
issue found), then a generative check that a refusal's reason holds in the state it was given in."""

from __future__ import annotations

import pytest

import deadtable
from deadtable.core import IllegalAction, State
from deadtable.games.zombie_overlord.layout import with_lock

from .carson_zoo.test_rules import P, position, put
from .zombie_overlord.helpers import blank, give, trap
from .zombie_shedding.position import position as shed_position

ZOO = deadtable.game("carson-zoo")
ZO = deadtable.game("zombie-overlord")
SHED = deadtable.game("zombie-shedding")


def refusal(game_id: str, state: State, text: str) -> str:
    with pytest.raises(IllegalAction) as refused:
        deadtable.game(game_id).parse_action(state, text)
    return str(refused.value)


# -- Carson City Zoo --------------------------------------------------------------------------
def test_zoo_superscript_and_other_scripts_digits_name_no_position() -> None:
    state = position()
    put(state, "d1", 0, 5)
    assert "not a Carson City Zoo action" in refusal("carson-zoo", state, "place 5 c²")
    assert "not a Carson City Zoo action" in refusal("carson-zoo", state, "move d1 d٢")
    assert "not a Carson City Zoo action" in refusal("carson-zoo", state, "place ５ c3")


def test_zoo_a_legal_action_written_otherwise_is_told_how_it_is_written() -> None:
    state = position()  # c3 holds its two zoo cards
    said = refusal("carson-zoo", state, "place 05 c3")
    assert "no zoo card left" not in said and "place 5 c3" in said


def test_zoo_an_empty_position_is_empty() -> None:
    state = position(stacks={"d2": []})
    put(state, "d1", 0, 5)
    assert "d2 is empty" in refusal("carson-zoo", state, "move d1 d2")
    state.stacks[P("c3")] = []
    assert "c3 has no zoo card left" in refusal("carson-zoo", state, "place 4 c3")


# -- Zombie Overlord --------------------------------------------------------------------------
def action_phase(base: int = 0, hand: tuple[str, ...] = ("ammo-01",)):  # type: ignore[no-untyped-def]
    s = blank()
    give(s, 0, *hand)
    for i in range(base):
        trap(s, 0, f"fuel-0{i + 1}")
    s.apply(ZO.parse_action(s, "action"))
    return s


def test_zo_placing_a_card_not_in_hand_says_so() -> None:
    s = action_phase()
    assert "no card called ammo-99" in refusal("zombie-overlord", s, "place ammo-99")
    assert "no ammo-02 in hand" in refusal("zombie-overlord", s, "place ammo-02")
    assert "ZO-11" not in refusal("zombie-overlord", s, "place ammo-02")


def test_zo_over_on_a_base_with_room_says_there_is_room() -> None:
    s = action_phase(base=2)
    said = refusal("zombie-overlord", s, "place ammo-01 over 1")
    assert "without 'over'" in said and "ZO-11" in said


def test_zo_over_a_used_or_inactive_trap_names_it() -> None:
    s = action_phase(base=5)
    s.base[0][1] = with_lock(s.base[0][1], 0, 0, ())
    assert "Trap 2 is not active" in refusal("zombie-overlord", s, "place ammo-01 over 2")
    assert "no Trap 7" in refusal("zombie-overlord", s, "place ammo-01 over 7")


def test_zo_attacking_a_seat_that_is_not_in_the_game() -> None:
    s = blank()
    give(s, 0, "minion")
    s.apply(ZO.parse_action(s, "attack"))
    said = refusal("zombie-overlord", s, "attack p3 with minion")
    assert "no p3 in this game" in said and "p1 to p2" in said
    assert "you may attack only living opponents" in refusal("zombie-overlord", s, "attack p1 with minion")
    assert "no supply in hand" in refusal("zombie-overlord", s, "attack p2 with supply")


def test_zo_use_trap_says_why() -> None:
    s = action_phase(base=1)
    assert "no Trap 3" in refusal("zombie-overlord", s, "use trap 3 once per turn")
    said = refusal("zombie-overlord", s, "use trap 1 combo")
    assert "Combo" in said or "combo" in said
    s.base[0][0] = with_lock(s.base[0][0], 0, 0, ())
    s.changed()
    assert "inactive" in refusal("zombie-overlord", s, "use trap 1 once per turn")


# -- the shedding game ------------------------------------------------------------------------
def test_shed_a_combo_of_one_copy_with_itself_needs_two() -> None:
    st = shed_position(hands=[["Lady Mimic", "Shambler"], ["Crawler"]], match="Abomination")
    said = refusal("zombie-shedding", st, "play lady-mimic + lady-mimic")
    assert "two copies" in said and "does not match" not in said


def test_shed_naming_when_nobody_asks() -> None:
    st = shed_position(hands=[["Lady Mimic", "Shambler"], ["Crawler"]], match="Abomination")
    said = refusal("zombie-shedding", st, "name star")
    assert "not an action of this game" not in said and "no card asks" in said


# -- Overlords ---------------------------------------------------------------------------------
def test_ov_a_hired_hand_with_nothing_to_act_on_says_so() -> None:
    from .overlords.helpers import position as ov_position

    st = ov_position(3, hands=[["zombie"] * 2] * 3, aside=[["thief", "blue knight"], [], []])
    assert st.draw and not any(st.armies[:3])  # the Blue Knight may act, the Thief has no army to rob
    said = refusal("overlords", st, "activate thief")
    assert "nothing to act on" in said and "OV-H5" in said


# -- generative: near misses of legal actions, and the reason given holds in the state ----------
def _states(game_id: str, players: int, seeds: range, every: int = 7, **options: object) -> list[State]:
    """States along seeded random games, every `every`th step, the player to act not in a decision."""
    import random

    game = deadtable.game(game_id)
    out: list[State] = []
    for seed in seeds:
        state = game.new(players, seed=seed, **options)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal and step < 400:
            if step % every == 0:
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
            step += 1
    return out


def _reason(game_id: str, state: State, text: str):  # type: ignore[no-untyped-def]
    """The refusal's Message of `text`, or None when it is legal."""
    try:
        deadtable.game(game_id).parse_action(state, text)
    except IllegalAction as refused:
        return refused.message
    return None


def test_zoo_near_misses_are_refused_for_a_reason_that_holds() -> None:
    from deadtable.games.carson_zoo.actions import Move, Place
    from deadtable.games.carson_zoo.board import CHARACTER_VALUES, NAMES, NEIGHBOURS
    from deadtable.games.carson_zoo.state import NOBODY

    checked: set[str] = set()
    for s in _states("carson-zoo", 3, range(6)):
        p = s.current_player
        for action in s.legal_actions()[:12]:
            if isinstance(action, Place):
                misses = [Place(v, action.pos) for v in CHARACTER_VALUES] + [
                    Place(action.value, q) for q in range(25)
                ]
            else:
                assert isinstance(action, Move)
                misses = [Move(action.src, q) for q in range(25)] + [Move(q, action.dst) for q in range(25)]
            for miss in misses:
                if miss in s.legal_actions():
                    continue
                why = s.why_not(miss)
                m, pr = why.msgid, why.params
                checked.add(m)
                assert "is allowed now" not in m, miss
                if "in hand" in m:
                    assert pr["value"] not in s.hands[p]
                elif "holds a mutant" in m:
                    assert s.owner[miss.pos] != NOBODY and s.mutant[miss.pos]
                elif "holds a character" in m:
                    assert s.owner[miss.pos] != NOBODY and not s.mutant[miss.pos]
                elif "no zoo card left" in m:
                    assert not s.stacks[miss.pos]
                elif "turned into a mutant" in m:
                    assert s.owner[miss.src] == p and s.mutant[miss.src]
                elif "that can move" in m:
                    assert s.owner[miss.src] != p
                elif "is not next to" in m:
                    assert miss.dst not in NEIGHBOURS[miss.src]
                elif "your own character" in m:
                    assert s.owner[miss.dst] == p and not s.mutant[miss.dst]
                elif "cannot capture" in m:
                    assert (
                        s.owner[miss.dst] not in (NOBODY, p)
                        and s.piece_value[miss.dst] > s.piece_value[miss.src]
                    )
                elif "is empty" in m:
                    assert s.owner[miss.dst] == NOBODY and not s.stacks[miss.dst], (NAMES[miss.dst], miss)
                else:
                    raise AssertionError(f"unchecked reason {m!r}")
    assert len(checked) >= 5, checked


def test_zo_near_misses_are_refused_for_a_reason_that_holds() -> None:
    from deadtable.games.zombie_overlord.cards import MINION, SURVIVOR, TRAP
    from deadtable.games.zombie_overlord.layout import ACTIVE

    checked: set[str] = set()
    for s in _states("zombie-overlord", 3, range(4), every=3):
        if s.pending:
            continue
        p = s.current_player
        cs = s.cs
        names = sorted(cs.by_name)[::7]
        for text in [str(a) for a in s.legal_actions()]:
            words = text.split()
            misses: list[str] = []
            if words[0] == "place":
                misses = [" ".join(["place", n, *words[2:]]) for n in names]
                misses += [f"place {words[1]} over {i}" for i in range(1, 8)] + [f"place {words[1]}"]
            elif words[:2] == ["use", "trap"]:
                misses = [" ".join([*words[:2], str(i), *words[3:]]) for i in range(1, 8)]
                misses += [" ".join([*words[:3], kw]) for kw in ("once per turn", "combo")]
            elif words[0] == "attack" and "with" in words:
                misses = [" ".join(["attack", f"p{i}", *words[2:]]) for i in range(1, 6)]
                misses += [" ".join([*words[: words.index("with") + 1], n]) for n in names]
            for miss in misses:
                why = _reason("zombie-overlord", s, miss)
                if why is None:
                    continue
                m, pr = why.msgid, why.params
                checked.add(m)
                mw = miss.split()
                if "in hand" in m and "card" in pr:
                    assert pr["card"] not in cs.by_name or cs.by_name[pr["card"]] not in s.hand[p]
                elif "your base has no Trap" in m:
                    assert not 0 < int(pr["slot"]) <= len(s.base[p])
                elif "is not a Trap" in m:
                    assert cs.categories[cs.by_name[mw[1]]] != TRAP
                elif "fewer than" in m:
                    assert len(s.base[p]) < cs.max_traps and "over" in mw
                elif "you already have" in m:
                    assert len(s.base[p]) >= cs.max_traps and "over" not in mw
                elif "is not active" in m or "is inactive" in m:
                    assert not s.base[p][int(pr["slot"]) - 1][ACTIVE]
                elif "in this game" in m:
                    assert not 0 < int(mw[1][1:]) <= s.players
                elif "living opponents" in m:
                    q = int(mw[1][1:]) - 1
                    assert q == p or not s.alive[q]
                elif "cannot attack" in m:
                    attacker = cs.by_name[" ".join(mw[mw.index("with") + 1 :])]
                    assert cs.categories[attacker] not in (MINION, SURVIVOR)
                elif "has a Barricade" in m:
                    assert s.has_barricade(pr["seat"] - 1) and "trap" not in mw
    assert any("in hand" in m for m in checked), checked


def test_shed_near_misses_are_refused_for_a_reason_that_holds() -> None:
    from deadtable.games.zombie_shedding import legal

    checked: set[str] = set()
    for s in _states("zombie-shedding", 3, range(6), every=3, mode="marathon"):
        if s.stack:
            continue
        cs = s.cards
        hand = s.hands[s.turn_seat]
        slugs = list(cs.by_slug)[::5]
        for text in [str(a) for a in s.legal_actions()]:
            words = text.split()
            if words[0] != "play":
                continue
            misses = [" ".join(["play", n, *words[2:]]) for n in slugs] + [f"play {words[1]} + {words[1]}"]
            for miss in misses:
                why = _reason("zombie-shedding", s, miss)
                if why is None:
                    continue
                m = why.msgid
                checked.add(m)
                k = cs.by_slug[miss.split()[1]]
                if "you hold no" in m:
                    assert k not in hand
                elif "two copies" in m:
                    assert hand.count(k) < 2
                elif "does not match" in m:
                    assert k in hand and not legal.fits(s, k)
    assert any("does not match" in m for m in checked), checked
