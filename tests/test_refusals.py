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
    # Named as the table names it (no card id is shown to a player).
    why = refusal("zombie-overlord", s, "place ammo-02")
    assert "you have no Ammo Trap (cost 2, Defense 2(1)) in hand" in why
    assert "ZO-11" not in refusal("zombie-overlord", s, "place ammo-02")
    # a name of two words is read whole: the card exists, and it is no Trap
    assert "7th-Level Wizard is not a Trap" in refusal("zombie-overlord", s, "place 7th-level wizard")


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


def test_zo_a_trap_too_dear_for_the_turn_is_refused_for_its_cost() -> None:
    """At the hub, a Purchase Row card the turn's points cannot pay for (the hand's Supply and
    Scavengers played) is refused for its cost, not sent to the Purchase Phase; one they can pay for
    is (ZO-5)."""
    s = blank()
    give(s, 0, "supply", "supply", "minion")
    costs = [s.cs.cards[k].cost for k in s.row]
    dear = next(i for i, cost in enumerate(costs) if cost > 2) + 1
    said = refusal("zombie-overlord", s, f"buy trap {dear}")
    assert f"that Trap costs {costs[dear - 1]}" in said and "can have 2 purchase points" in said
    assert "Purchase Phase" not in said
    give(s, 0, *["supply"] * 6)
    assert "enter it with 'purchase'" in refusal("zombie-overlord", s, f"buy trap {dear}")


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
    from deadtable.games.zombie_overlord.effects import combo_ready
    from deadtable.games.zombie_overlord.layout import ACTIVE

    checked: set[str] = set()
    for s in _states("zombie-overlord", 3, range(4), every=3):
        if s.pending:
            continue
        p = s.current_player
        cs = s.cs
        names = sorted(cs.by_name)[::7]

        def kinds(card: object, cs: object = cs) -> set[int]:
            """The card kinds a refusal's card names: by id as typed, or by the name it shows."""
            if isinstance(card, str):
                return {cs.by_name[card]} if card in cs.by_name else set()  # type: ignore[attr-defined]
            return {k for k, shown in enumerate(cs.logged) if shown == card}  # type: ignore[attr-defined]

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
                if "no card called" in m:
                    assert pr["card"] not in cs.by_name and pr["card"] == " ".join(mw[1:]), miss
                elif "in hand" in m and "card" in pr:
                    assert not kinds(pr["card"]) & set(s.hand[p]), miss
                elif "your base has no Trap" in m:
                    assert not 0 < int(pr["slot"]) <= len(s.base[p])
                elif "is not a Trap" in m:
                    assert kinds(pr["card"]) and all(cs.categories[k] != TRAP for k in kinds(pr["card"]))
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
                elif "has no Trap" in m:
                    assert not 0 < int(pr["slot"]) <= len(s.base[pr["seat"] - 1])
                elif "a Combo needs another active Trap" in m:
                    assert not combo_ready(s, p, int(pr["slot"]) - 1), miss
                else:
                    raise AssertionError(f"unchecked reason {m!r} for {miss!r}")
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
                elif "is not a combo card in your hand" in m:
                    c = cs.by_slug.get(why.params["combo"])
                    assert c is None or c not in hand or not cs.cards[c].has("combo")
                elif "may not follow" in m:
                    c = cs.by_slug[miss.split()[3]]
                    assert c in hand and not cs.combo_after[k][c]
                elif "is not allowed now" in m:
                    assert k in hand and legal.fits(s, k)  # it matches: something else forbids it
                else:
                    raise AssertionError(f"unchecked reason {m!r} for {miss!r}")
    assert any("does not match" in m for m in checked), checked


def _ov_misses(s: State) -> set[str]:
    """Every legal action's text with its card, army or seat changed, and each verb in every phase."""
    cards = list(s.cards.slugs)  # type: ignore[attr-defined]
    seats = [f"p{i}" for i in range(1, 6)] + ["dummy"]
    out: set[str] = {"no exchange", "no activation", "no swap", "pass clockwise"}
    for n in cards:
        out |= {f"recruit {n}", f"recruit {n} for dummy", f"exchange {n}", f"activate {n}"}
        out |= {f"put {n} on top", f"take {n}"}
    for q in seats:
        out |= {f"look at army {q}", f"steal from {q}", f"force {q} to recruit {cards[0]}"}
    return out - {str(a) for a in s.legal_actions()}


def test_ov_near_misses_are_refused_for_a_reason_that_holds() -> None:
    from deadtable.games.overlords.rules import ABILITY, ACTIVATE, EXCHANGE, RECRUIT, usable

    states = _states("overlords", 3, range(3), every=2) + _states("overlords", 2, range(2), every=2)
    states += _states("overlords", 4, range(2), every=2, teams=True)
    checked: set[str] = set()
    for s in states:
        p = s.current_player
        assert p is not None
        verbs = {str(a).split()[0] for a in s.legal_actions()}
        for miss in sorted(_ov_misses(s)):
            why = _reason("overlords", s, miss)
            assert why is not None, miss
            m, pr, w = why.msgid, why.params, miss.split()
            checked.add(m)
            dummy = w[-2:] == ["for", "dummy"]
            name = " ".join(w[1:-2] if dummy else w[1:])
            kind = s.cards.kind_of.get(name, -1)
            if m.startswith("there is no card called"):
                assert kind < 0 and pr["name"] == name
            elif "in your hand to recruit" in m:
                assert s.phase == RECRUIT and kind not in s.available(p)
            elif "cannot recruit Hired Hand cards for the dummy" in m:
                assert dummy and s.cards.hired[kind]
            elif m.startswith("Medusa chose"):
                assert s.forced[p] >= 0 and not dummy
            elif m.startswith("keep a Monster for the dummy"):
                assert p == s.controller and not dummy
            elif m.startswith("now you recruit a card for the dummy"):
                assert not dummy and len(s.picks[p]) >= s.need[p]
            elif m.startswith("now you recruit a card for your own army"):
                assert dummy and len(s.picks[p]) < s.need[p]
            elif m.startswith("first each player in turn order may activate"):
                assert s.phase == ACTIVATE and w[0] == "recruit"
            elif m.startswith("before each turn teammates may exchange"):
                assert s.phase == EXCHANGE and (w[0] in ("recruit", "activate") or w == ["no", "activation"])
            elif "in your hand to offer your teammate" in m:
                assert s.phase == EXCHANGE and kind not in s.hands[p]
            elif m.startswith("cards are exchanged only in the 2 versus 2"):
                assert not s.teams and "exchange" in w
            elif m.startswith("teammates exchange cards before each turn"):
                assert s.teams and s.phase != EXCHANGE and "exchange" in w
            elif m.startswith("Hired Hands are activated at the beginning"):
                assert s.phase == RECRUIT and (w[0] == "activate" or w == ["no", "activation"])
            elif m.startswith("that is not one of the"):
                assert s.phase == ABILITY and w[0] in verbs
            elif m.startswith("finish the"):
                assert s.phase == ABILITY and w[0] not in verbs
            elif "nothing to act on" in m:
                assert s.phase == ACTIVATE and kind in s.aside[p] and not usable(s, p, kind)
            elif m.startswith("you have no Hired Hand of that name ready"):
                assert kind not in s.aside[p] or s.phase != ACTIVATE
            elif m.startswith("only a Hired Hand at work offers"):
                assert s.phase != ABILITY
            elif m.startswith("{text!r} is not a legal action now"):
                assert w[0] not in verbs  # a move of another phase than this one
            else:
                raise AssertionError(f"unchecked reason {m!r} for {miss!r}")
    assert len(checked) >= 10, checked
