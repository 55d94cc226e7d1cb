"""What one seat may see (RULINGS ALL-2), as a JSON-ready dict, and the score sheet as text.

Others' hands show only their size and the cards this seat knows to be there; other armies show
only their top card (V); nobody sees another seat's pending pick, only that it has committed (OV-2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deadtable.core.state import narrate, tell
from deadtable.i18n import Message

from .scoring import sheet_message, table

if TYPE_CHECKING:
    from .state import OverlordsState


def army_label(st: OverlordsState, z: int) -> str:
    return "Dummy" if z >= st.players else f"P{z + 1}"


def _by_type(st: OverlordsState, cards: list[int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for k in sorted(cards):
        out[st.cards.names[k]] = out.get(st.cards.names[k], 0) + 1
    return out


def _decision(st: OverlordsState, p: int | None) -> dict[str, Any] | None:
    from .hired_hands import RK_CARD
    from .rules import ABILITY, ACTIVATE

    if st.phase == ACTIVATE:
        return {"kind": "activate", "seat": st.act_order[st.act_pos]}
    if st.phase != ABILITY:
        return None
    out: dict[str, Any] = {"kind": "ability", "seat": st.sub[1], "card": st.cards.names[st.sub[2]]}
    if st.sub[0] == RK_CARD:
        out["army"] = army_label(st, st.sub[3])
        if p == st.sub[1]:  # the Red Knight looks through the whole pile
            out["cards"] = [st.cards.names[k] for k in st.armies[st.sub[3]]]
    return out


def make_view(st: OverlordsState, p: int | None, narration: bool = True) -> dict[str, Any]:
    from .rules import EXCHANGE, NONE, OVER, PHASES, RECRUIT, done

    names = st.cards.names
    over = st.phase == OVER
    seat = p if p is not None and 0 <= p < st.players else None
    committed = [False] * st.players
    if st.phase == RECRUIT:
        committed = [done(st, s) for s in range(st.players)]
    elif st.phase == EXCHANGE:
        committed = [x != NONE for x in st.exch]
    hands = []
    for z in range(st.nh):
        entry: dict[str, Any] = {"owner": army_label(st, z), "size": len(st.hands[z])}
        if z == seat:
            entry["cards"] = [names[k] for k in st.hands[z]]
        elif seat is not None:
            entry["known"] = [names[k] for k in sorted(st.known[seat][z])]
        hands.append(entry)
    armies = []
    for z in range(st.nh):
        army = st.armies[z]
        a: dict[str, Any] = {
            "owner": army_label(st, z),
            "size": len(army),
            "top": names[army[-1]] if army else None,
        }
        if z == seat or over:
            a["cards"] = _by_type(st, army)
        armies.append(a)
    view: dict[str, Any] = {
        "game": "overlords",
        "seat": seat,
        "players": st.players,
        "teams": [[0, 2], [1, 3]] if st.teams else None,
        "dummy": st.dummy,
        "round": st.round + 1 if not over else st.rounds,
        "rounds": st.rounds,
        "turn": st.turn + 1,
        "phase": PHASES[st.phase],
        "current_player": st.current_player,
        "overlord": st.overlord,
        "dummy_controller": st.controller if st.controller >= 0 else None,
        "committed": committed,
        "hands": hands,
        "armies": armies,
        "aside": [[names[k] for k in a] for a in st.aside],
        "forced": [names[k] if k >= 0 else None for k in st.forced],
        "black_knight": [b >= 0 for b in st.bk],
        "last_recruited": [[names[k] for k in picks] for picks in st.last],
        "draw_pile": len(st.draw),
        "decision": _decision(st, seat),
        "over": over,
    }
    if narration:
        narrate(view, tell(st.messages()), st.log_start())
    if seat is not None:
        view["pending"] = [names[k] for k in st.pend[seat]]
        view["pending_dummy"] = names[st.pend_dummy] if seat == st.controller and st.pend_dummy >= 0 else None
        view["known_draw_pile"] = [names[k] for k in sorted(st.known[seat][st.draw_zone])]
        view["hired_hands_out"] = [names[k] for k in sorted(st.known[seat][st.box_zone])]
        # The printed text of each card in the seat's hand and aside (English; the client translates).
        view["card_texts"] = {names[k]: st.cards.texts[k] for k in sorted({*st.hands[seat], *st.aside[seat]})}
        if st.teams and st.phase == EXCHANGE and st.exch[seat] != NONE:
            view["exchange_offer"] = names[st.exch[seat]] if st.exch[seat] >= 0 else "none"
    if over:
        view["score_sheet"] = score_table(st)
        view["scores"] = st.scores()
        view["winners"] = list(st.outcome().winners)
    return view


def score_table(st: OverlordsState) -> dict[str, Any]:
    """Rows (Monster types, Hired Hands, Total) by army, the dummy's last (OV-6)."""
    return table(st.cards, st.armies, [army_label(st, z) for z in range(st.nh)])


def sheet_note(st: OverlordsState) -> Message:
    """The score sheet as a message for `Outcome.note`, rendered in each reader's language."""
    return sheet_message(score_table(st), st.teams, st.dummy)
