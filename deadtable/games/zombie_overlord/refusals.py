"""Why an action is not allowed: a reason a person understands, citing the rule (IllegalAction).

`explain` is asked only when a text or action is refused (`ZOState.check`, `Game.parse_action`),
never on a legal move, so it reads the position freely and names the phase to enter, the points
short or the rule (ZO-5, ZO-7, ZO-8, ZO-11) that forbids it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deadtable.core.words import is_number, number
from deadtable.i18n import N_, Message, nmsg

from . import effects
from .cards import SCAVENGER, SUPPLY, TRAP
from .layout import ACTIVE, KIND, LOCK, USED, ability_bit, is_malfunction
from .rules import PHASE_BIT

if TYPE_CHECKING:
    from .state import ZOState

PHASE_NAME = {
    "purchase": N_("the Purchase Phase"),
    "action": N_("the Action Phase"),
    "attack": N_("the Attack Phase"),
}
NOTHING_TO_DO = {
    "purchase": N_(
        "there is nothing to do in the Purchase Phase now: you have no Supply or Scavengers to play, "
        "or points to spend"
    ),
    "action": N_(
        "there is nothing to do in the Action Phase now: you have no Trap or Action cards to play, "
        "or Trap abilities to use"
    ),
    "attack": N_("there is nothing to do in the Attack Phase now: you have no Minions or Scavengers in hand"),
}


def explain(s: ZOState, text: str) -> Message:
    """A reason a person understands, citing the rule, for a text that is no legal action."""
    words = text.split()
    p = s.current_player
    if s.pending:
        return Message(
            "{text!r} does not answer the pending decision: {pending}",
            text=text,
            pending=effects.describe_pending(s),
        )
    if p is None:
        return Message("the game is over")
    if words[:2] == ["buy", "trap"] and len(words) == 3 and is_number(words[2]):
        i = int(words[2]) - 1
        if not 0 <= i < len(s.row) or s.row[i] < 0:
            return Message("Purchase Row slot {slot} holds no Trap", slot=words[2])
        cost = s.cs.cards[s.row[i]].cost
        if s.phase != "purchase":
            return _out_of_phase(s, p, cost)
        return nmsg(
            "that Trap costs {cost}; you have {n} purchase point this turn (ZO-5)",
            "that Trap costs {cost}; you have {n} purchase points this turn (ZO-5)",
            s.purchase_points,
            cost=cost,
        )
    if words[:1] == ["place"]:
        return _place(s, p, words)
    if words[:2] == ["use", "trap"] or words[:2] == ["repair", "trap"]:
        return _use(s, p, words)
    if words[:1] == ["attack"] and len(words) >= 2:
        return _attack(s, p, words)
    if text in PHASE_BIT:
        if s.phase:
            return Message(
                "you are in {phase}: end it first, then choose another", phase=Message(PHASE_NAME[s.phase])
            )
        if s.idle & PHASE_BIT[text]:
            return Message(
                "you left {phase} twice with nothing done; it opens again once something changes (ZO-13)",
                phase=Message(PHASE_NAME[text]),
            )
        return Message(NOTHING_TO_DO[text])
    if text.startswith("end ") and text != "end turn":
        if s.phase:
            return Message("you are not in that phase (now: {phase})", phase=Message(PHASE_NAME[s.phase]))
        return Message("you are not in that phase (now: choosing a phase)")
    if text == "end turn" and s.phase:
        return Message(
            "end {phase} first; Lure, Clean Up and End Turn follow", phase=Message(PHASE_NAME[s.phase])
        )
    return Message("{text!r} is not a legal action now", text=text)


def _out_of_phase(s: ZOState, p: int, cost: int) -> Message:
    """Buying a Trap outside the Purchase Phase: its cost when the points this turn can still bring
    (the pool, and each Supply and Scavenger in hand played, ZO-5) fall short; else the phase to enter."""
    cs = s.cs
    reachable = s.purchase_points + sum(
        cs.cards[k].points for k in s.hand[p] if cs.categories[k] in (SUPPLY, SCAVENGER)
    )
    if cost > reachable:
        return nmsg(
            "that Trap costs {cost}; with the Supply and Scavengers in your hand you can have {n} "
            "purchase point this turn (ZO-5)",
            "that Trap costs {cost}; with the Supply and Scavengers in your hand you can have {n} "
            "purchase points this turn (ZO-5)",
            reachable,
            cost=cost,
        )
    return Message("buying is done in the Purchase Phase: enter it with 'purchase'")


def _slot(s: ZOState, p: int, word: str) -> int | None:
    """Base slot `word` (counted from 1) of seat `p` as an index, or None when there is none."""
    n = number(word)
    return n - 1 if n is not None and 0 < n <= len(s.base[p]) else None


def _place(s: ZOState, p: int, words: list[str]) -> Message:
    """place CARD, or place CARD over N (ZO-11): the first rule the text breaks."""
    if s.phase != "action":
        return Message("Traps are placed in the Action Phase: enter it with 'action'")
    cs = s.cs
    over = len(words) >= 4 and words[-2] == "over"
    name = " ".join(words[1:-2] if over else words[1:])  # a card's name may have spaces (7th-level wizard)
    k = cs.by_name.get(name)
    if k is None:
        return Message("there is no card called {card}", card=name)
    if cs.categories[k] != TRAP:
        return Message("{card} is not a Trap: only Traps are placed in a base", card=cs.logged[k])
    if k not in s.hand[p]:
        return Message("you have no {card} in hand", card=cs.logged[k])
    full = len(s.base[p]) >= cs.max_traps
    if not full:
        if over:
            return nmsg(
                "your base holds fewer than {n} Trap: place it without 'over'; replacing is only for "
                "a full base (ZO-11)",
                "your base holds fewer than {n} Traps: place it without 'over'; replacing is only for "
                "a full base (ZO-11)",
                cs.max_traps,
            )
        return Message("write place TRAP, or place TRAP over N when your base is full (ZO-11)")
    if not over:
        return nmsg(
            "you already have {n} Trap: place it 'over' an active Trap to replace it (ZO-11)",
            "you already have {n} Traps: place it 'over' an active Trap to replace it (ZO-11)",
            cs.max_traps,
        )
    i = _slot(s, p, words[-1])
    if i is None:
        return Message("your base has no Trap {slot}", slot=words[-1])
    if not s.base[p][i][ACTIVE]:
        return Message("Trap {slot} is not active: you may replace only an active Trap (ZO-11)", slot=i + 1)
    return Message(
        "you used the ability of Trap {slot} this turn: it cannot be replaced until next turn (ZO-11)",
        slot=i + 1,
    )


def _use(s: ZOState, p: int, words: list[str]) -> Message:
    """use trap N once per turn | combo, repair trap N: the first rule the text breaks."""
    if s.phase != "action":
        return Message("Trap abilities are used in the Action Phase: enter it with 'action'")
    i = _slot(s, p, words[2]) if len(words) >= 3 else None
    if i is None:
        return Message("your base has no Trap {slot}", slot=words[2] if len(words) >= 3 else "")
    sl = s.base[p][i]
    card = s.cs.cards[sl[KIND]]
    if words[0] == "repair":
        if not is_malfunction(sl[LOCK]):
            return Message(
                "Trap {slot} ({card}) has no Malfunction on it to repair", slot=i + 1, card=card.name
            )
        return Message("repairing a Trap discards a card from your hand, and your hand is empty")
    if not sl[ACTIVE]:
        if is_malfunction(sl[LOCK]):
            return Message(
                "Trap {slot} ({card}) is inactive under a Malfunction: repair it first (repair trap {slot})",
                slot=i + 1,
                card=card.name,
            )
        return Message(
            "Trap {slot} ({card}) is inactive: only an active Trap's ability may be used",
            slot=i + 1,
            card=card.name,
        )
    keyword = " ".join(words[3:])
    if keyword not in effects.KEYWORD:
        return Message("write use trap {slot} once per turn, or use trap {slot} combo", slot=i + 1)
    found = [j for j, a in enumerate(card.abilities) if a.keyword == effects.KEYWORD[keyword]]
    if not found:
        return Message(
            "Trap {slot} ({card}) has no {ability} ability",
            slot=i + 1,
            card=card.name,
            ability=Message(effects.KEYWORD_NAME[keyword]),
        )
    if sl[USED] & ability_bit(found[0]):
        return Message(
            "you already used the {ability} ability of Trap {slot} ({card}) this turn",
            slot=i + 1,
            card=card.name,
            ability=Message(effects.KEYWORD_NAME[keyword]),
        )
    if keyword == "combo" and not effects.combo_ready(s, p, i):
        return Message(
            "a Combo needs another active Trap of the same type as Trap {slot} ({card}) in your base",
            slot=i + 1,
            card=card.name,
        )
    return Message("Trap {slot}'s ability cannot be used now", slot=i + 1)


def _attack(s: ZOState, p: int, words: list[str]) -> Message:
    """attack pN [trap M] with MINION: the first rule the text breaks (ZO-7, ZO-8)."""
    if s.phase != "attack":
        return Message("Minions attack in the Attack Phase: enter it with 'attack'")
    seat = number(words[1][1:]) if words[1][:1] == "p" else None
    if seat is None or not 0 < seat <= s.players:
        return Message(
            "there is no {target} in this game: seats are p1 to p{last}", target=words[1], last=s.players
        )
    q = seat - 1
    if not s.alive[q] or q == p:
        return Message("you may attack only living opponents")
    rest = words[2:]
    if rest[:1] == ["trap"]:
        if len(rest) < 2 or not 0 < (number(rest[1]) or 0) <= len(s.base[q]):
            return Message("P{seat} has no Trap {slot}", seat=seat, slot=rest[1] if len(rest) >= 2 else "")
        rest = rest[2:]
    elif s.has_barricade(q):
        return Message(
            "P{seat} has a Barricade: destroy every Barricade before attacking life points (ZO-8)", seat=seat
        )
    if rest[:1] != ["with"] or len(rest) < 2:
        return Message("write attack P TARGET with MINION, e.g. attack p2 with minion (ZO-7)")
    k = s.cs.by_name.get(" ".join(rest[1:]))
    if k is None or k not in s.hand[p]:
        return Message("you have no {card} in hand", card=" ".join(rest[1:]))
    return Message(
        "{card} cannot attack: only Minions and lured Survivors attack, and a Scavenger is banished "
        "for attack points (ZO-7)",
        card=s.cs.logged[k],
    )
