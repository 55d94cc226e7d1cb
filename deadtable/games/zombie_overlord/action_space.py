"""Every action text Zombie Overlord can offer with given settings: the fixed space of deadtable.rl.

Built from the action constructors of actions.py (their `__str__` is the text) and the card set the
`cards` option loads, so a user's own file gets its own space; the Misfits appear only with the
`misfits` option. In this order: the turn's hub and phase words, Purchase (Supply, Scavengers, the
Purchase Row slots, the Action deck), Action (placing each Trap, playing each Action card, Trap
abilities by slot, repairs), Attack (each Minion or Survivor kind, or a banished Scavenger, at each
seat's life points or Trap slot, RULINGS ZO-7), then the answers to the decisions of the effects the
card set uses (effects.py). The words "supply" and "scavenger" are the engine's own (rules.py says
"play supply" whatever the card file calls that card).

>>> space = action_space(2, {"cards": "", "misfits": False, "rounds": 60})
>>> "end turn" in space, "attack p2 trap 5 with minion" in space, "attack p3 with minion" in space
(True, True, False)
"""

from __future__ import annotations

from typing import Any

from deadtable.core import Action
from deadtable.core.cardlists import PIN

from . import actions as A
from .cards import ACTION, MINION, SURVIVOR, TRAP, load

# effect -> the verb of its answer "VERB pN trap I" (effects.decision_actions, a Trap to pick)
TRAP_VERBS = {"deactivate_trap": "deactivate", "destroy_trap": "destroy", "malfunction": "malfunction"}
ZONES = {"hand": ("hand",), "discard": ("discard",), "either": ("hand", "discard")}


def action_space(players: int, options: dict[str, Any]) -> list[str]:
    """Every text `legal_actions()` can yield for `players` seats and these (resolved) options."""
    cs = load(options.get("cards", ""), options.get(PIN, ""))
    misfits = bool(options.get("misfits", False))
    cards = [c for c in cs.cards if misfits or not c.misfit]
    names = [c.name for c in cards]  # any kind may be in a hand, a discard pile or a base
    seats = range(players)
    trap_slots = range(1, cs.max_traps + 1)
    abilities = [ab for c in cards for ab in c.abilities]
    effects = {ab.effect for ab in abilities}
    keywords = {ab.keyword for c in cards if c.category == TRAP for ab in c.abilities}

    out: list[Action] = [A.ENTER[ph] for ph in A.PHASES]
    out += [A.END[ph] for ph in A.PHASES]
    out += [A.END_TURN]
    # Purchase Phase (turn.purchase_actions)
    out += [A.play("supply"), A.play("scavenger")]
    out += [A.buy("trap", i) for i in range(1, cs.purchase_row + 1)]
    out += [A.buy("action"), A.buy("scavenger")]
    # Action Phase (turn.action_actions); a full base replaces a Trap (RULINGS ZO-11)
    for c in cards:
        if c.category == TRAP:
            out += [A.place(c.name), *(A.place(c.name, i) for i in trap_slots)]
        elif c.category == ACTION:
            out.append(A.play(c.name))
    for i in trap_slots:
        if "once_per_turn" in keywords:
            out.append(A.use(i, "once per turn"))
        if "combo" in keywords:
            out.append(A.use(i, "combo"))
    if "malfunction" in effects:
        out += [A.repair(i) for i in trap_slots]
    # Attack Phase (attack.actions): slot 0 is life points
    attackers = [c.name for c in cards if c.category in (MINION, SURVIVOR)] + ["scavenger"]
    out += [A.attack(name, q, slot) for q in seats for slot in (0, *trap_slots) for name in attackers]
    # Answers to pending decisions (effects.decision_actions)
    if effects & {"opponent_discards", "steal_random"}:
        out += [A.pick("choose", seat=q) for q in seats]
    if effects & {"opponent_discards", "cycle"}:
        out += [A.pick("discard", n) for n in names]
    for effect, verb in TRAP_VERBS.items():
        if effect in effects:
            out += [A.pick(verb, seat=q, slot=i) for q in seats for i in trap_slots]
    if "reinforce" in effects:
        out += [A.pick("reinforce", slot=i) for i in trap_slots]
    zones = {z for ab in abilities if ab.effect == "banish" for z in ZONES[ab.params.get("zone", "either")]}
    for zone in ("hand", "discard"):
        if zone in zones:
            out += [A.pick("banish", n, zone=zone) for n in names]
    if "lure" in effects:
        out += [A.pick("lure", c.name) for c in cards if c.category == SURVIVOR]
    if "search_discard" in effects:
        out += [A.pick("take", n) for n in names]
    if "cycle" in effects or any(ab.effect == "banish" and ab.params.get("optional") for ab in abilities):
        out.append(A.SKIP)
    return list(dict.fromkeys(str(a) for a in out))
