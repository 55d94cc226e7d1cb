"""What one seat may see of a Zombie Overlord game, as JSON-ready data (RULINGS ALL-2).

Public: life, bases, Discard Piles, the Purchase Row, the Wasteland (with who leads each Survivor),
deck sizes, the Banish Pile, pending decisions. Private: a seat's own hand. Never shown: other hands
(only their size and the cards every seat saw enter them) and the order of any deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deadtable.core.cardlists import PIN
from deadtable.core.state import narrate, tell
from deadtable.i18n import Message

from . import effects, lure
from .cards import LURE_TYPES
from .layout import ACTIVE, ATTACHED, DAMAGE, KIND, LOCK, USED, is_malfunction

if TYPE_CHECKING:
    from .layout import Slot
    from .state import ZOState


def view(s: ZOState, player: int | None, narration: bool = True) -> dict[str, Any]:
    cards = s.cs.cards

    def nm(kinds: list[int]) -> list[str]:
        return [cards[k].name for k in kinds]

    leaders = lure.leaders(s)
    out = s.outcome() if s.over else None
    pending = effects.describe_pending(s) if s.pending else None
    note = s.note
    out_view: dict[str, Any] = {
        "game": "zombie-overlord",
        "seat": player,
        "players": s.players,
        "card_file": s.options.get("cards", ""),
        "card_list": s.options.get(PIN, ""),  # the list's hash: a replay shows the cards it was dealt
        "current_player": s.current_player,
        "turn_player": s.turn_player,
        "first_player": s.first,
        "round": s.round,
        "round_limit": s.limit,
        "phase": s.phase or "choose",
        "visited": [ph for ph, bit in (("purchase", 1), ("action", 2), ("attack", 4)) if s.visited & bit],
        "idle": [ph for ph, bit in (("purchase", 1), ("action", 2), ("attack", 4)) if s.idle & bit],
        "purchase_points": s.purchase_points,
        "attack_bonus": s.bonus,
        "life": list(s.life),
        "alive": list(s.alive),
        "hand": nm(s.hand[player]) if player is not None else None,
        "hands": [{"count": len(s.hand[q]), "shown": sorted(nm(s.shown[q]))} for q in range(s.players)],
        "deck_sizes": [len(d) for d in s.deck],
        "discards": [nm(d) for d in s.discard],
        "bases": [[slot_view(s, sl) for sl in s.base[q]] for q in range(s.players)],
        "lure_points": [s.lure_points(q) for q in range(s.players)],
        "lure_types": list(LURE_TYPES),
        "purchase_row": [cards[k].name if k >= 0 else None for k in s.row],
        "trap_deck": len(s.trap_deck),
        "survivor_deck": len(s.survivor_deck),
        "action_deck": len(s.action_deck),
        "scavengers": s.scavengers,
        "wasteland": [
            {
                "name": cards[k].name,
                "lure": [LURE_TYPES[t] for t in cards[k].lure],
                "attack": cards[k].attack,
                "leader": None if q < 0 else q,
            }
            for k, q in zip(s.wasteland, leaders, strict=True)
        ],
        "banished": nm(s.banished),
        "removed": sorted(nm(s.removed)),
        "pending": (
            {"seat": s.pending[-1].seat, "text": str(pending), "text_i18n": pending.to_json()}
            if pending is not None
            else None
        ),
        "over": s.over,
        "note": str(note),
        "note_i18n": note.to_json() if isinstance(note, Message) else None,
        "winners": list(out.winners) if out else [],
    }
    if narration:
        narrate(out_view, tell(s.messages()), s.log_start())
    return out_view


def slot_view(s: ZOState, sl: Slot) -> dict[str, Any]:
    c = s.cs.cards[sl[KIND]]
    destroy, deactivate = s.defense(sl)
    lock = sl[LOCK]
    return {
        "trap": c.name,
        "type": LURE_TYPES[c.lure[0]],
        "active": bool(sl[ACTIVE]),
        "damage": sl[DAMAGE],
        "defense": [destroy, deactivate],
        "attached": [s.cs.cards[a].name for a in sl[ATTACHED]],
        "lock": "malfunction" if is_malfunction(lock) else (f"p{lock}" if lock else ""),
        "used": bool(sl[USED]),
        "barricade": c.barricade,
    }
