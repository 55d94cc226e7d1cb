"""A heuristic Zombie Overlord player that reads only what its seat knows (the SeatInfo), never a state.

Its plan: use abilities and play Actions first, spend every Supply on the Traps whose abilities,
Defense and lure types are worth most to it now (`ability_value` reads each ability: When Placed,
Once Per Turn, Combo; a When Placed lure is worth the Survivor it would get from the Wasteland), then
attack: finish a player it can kill this turn, otherwise knock out the opponents' Traps that stop it
luring the best Survivor, otherwise hit the weakest player's life (breaking Barricades first). Ties
between equally weak players are broken at random from the agent's generator, so no seat is the
usual victim and games stay reproducible. It reads its seat's facts (`SeatInfo.facts()`, facts.py: the
facts of the view it needs, without building the view); card facts from the card list the game was dealt
with (`ZOFacts.cards`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from deadtable.core import Action
from deadtable.core.agent import Heuristic

from . import actions as A
from .cards import ACTION, LURE_TYPES, MINION, SCAVENGER, SUPPLY, SURVIVOR, TRAP, Ability, Card, CardSet
from .facts import ZOFacts


class HeuristicAgent(Heuristic):
    def decide(self, facts: ZOFacts, acts: tuple[Action, ...], rng: random.Random) -> Action:
        plain = None if facts.pending else _plain(facts, acts)
        if plain is not None:
            for _ in range(facts.players):  # the draws a plan makes for its tie-breaks (_Plan.tie),
                rng.random()  # kept: a seeded game plays the same moves as before this shortcut
            return plain
        plan = _Plan(facts, facts.seat, facts.cards, rng)
        by_text: dict[str, Action] = {}
        for a in acts:
            by_text[text_of(a)] = a
        choice = plan.choose(list(by_text))
        return by_text[choice] if choice in by_text else acts[rng.randrange(len(acts))]


HUB_PHASES = ("action", "purchase", "attack")  # at the turn's hub, the first not yet visited


def _plain(facts: ZOFacts, acts: Sequence[Action]) -> Action | None:
    """The decisions that need no plan (about half of a game's): at the turn's hub, the first
    phase not yet visited, else ending the turn; in the Purchase phase, a Supply to play when there
    is one (the heuristic plays every Supply first). Found from the actions alone; None for every
    other decision. As `act`, the last action of the chosen text."""
    phase = facts.phase
    if phase == "choose":  # the hub offers only Steps: a Step's text is its word
        by_word = {a.word: a for a in acts if type(a) is A.Step}
        for ph in HUB_PHASES:
            if ph in by_word and ph not in facts.visited:
                return by_word[ph]
        return by_word.get("end turn")
    if phase == "purchase":
        supply = None
        for a in acts:
            if type(a) is A.Play and a.card == "supply":  # "play supply"
                supply = a
        return supply
    return None


# Action texts by the action's id, with the action (so an id reused by another object is never
# read as it): the rules hand out the same cached action objects again (actions.py), and the text
# is made once per object rather than once per decision.
_TEXTS: dict[int, tuple[Action, str]] = {}


def text_of(a: Action) -> str:
    """`str(a)`, made once per action object."""
    hit = _TEXTS.get(id(a))
    if hit is None or hit[0] is not a:
        if len(_TEXTS) > 100_000:  # actions made outside the rules' caches: never grow unbounded
            _TEXTS.clear()
        hit = _TEXTS[id(a)] = (a, str(a))
    return hit[1]


# What one use of an effect is worth, in purchase points (a Supply is 1, a Scavenger 2): the worth
# of the cards, attack, health or tempo it brings. A Once Per Turn ability is used on most turns, so
# it counts whole; a Combo needs a second active Trap of the type (COMBO_SHARE of the time when the
# seat has none yet); a When Placed ability happens once (WHEN_PLACED_SHARE).
EFFECT_WORTH = {
    "draw": 1.6,  # per card
    "gain_health": 0.8,  # per health point
    "attack_bonus": 1.0,  # per attack point
    "purchase_points": 1.2,  # per point
    "opponent_discards": 1.2,  # per opponent hit
    "steal_random": 2.0,
    "banish": 0.8,  # a Supply or Minion out of the deck, plus the health it heals
    "deactivate_trap": 1.5,
    "destroy_trap": 3.0,
    "search_discard": 1.6,
    "cycle": 0.6,
    "reinforce": 0.5,  # per Defense point
    "malfunction": 1.5,
    "lure": 0.0,  # the Survivor it would lure: see `_Plan.lure_worth`
}
COMBO_SHARE = 0.5
WHEN_PLACED_SHARE = 0.45
DEACTIVATE_SELF_SHARE = 0.7  # the Trap stops luring and defending for a turn


def effect_worth(ab: Ability, opponents: int, lure_worth: float) -> float:
    """What one use of ability `ab` brings (in purchase points), before how often it is used."""
    e = ab.effect
    if e == "lure":
        return lure_worth
    worth = EFFECT_WORTH.get(e, 1.0)
    if e in ("draw", "gain_health", "attack_bonus", "purchase_points", "reinforce"):
        worth *= ab.get("n", 1)
    if e == "attack_bonus" and ab.get("deactivate_self", False):
        worth *= DEACTIVATE_SELF_SHARE
    if e == "opponent_discards" and ab.get("all", False):
        worth *= opponents
    if e == "banish":
        worth += EFFECT_WORTH["gain_health"] * ab.get("heal", 0)
    return worth


def ability_value(c: Card, opponents: int = 1, combo_ready: bool = False, lure_worth: float = 2.4) -> float:
    """What a Trap's abilities are worth to its owner, summed over its abilities.

    >>> from .cards import load
    >>> cs = load()
    >>> plain, ammo = cs.cards[cs.by_name["ammo-02"]], cs.cards[cs.by_name["ammo-05"]]
    >>> ability_value(plain), ability_value(ammo)
    (0.0, 2.0)
    """
    total = 0.0
    for ab in c.abilities:
        worth = effect_worth(ab, opponents, lure_worth)
        if ab.keyword == "combo":
            worth *= 1.0 if combo_ready else COMBO_SHARE
        elif ab.keyword == "when_placed":
            worth *= WHEN_PLACED_SHARE if ab.effect != "lure" else 1.0
        total += worth
    if c.indestructible:
        total += 1.0
    return total


class _Plan:
    def __init__(self, facts: ZOFacts, me: int, cs: CardSet, rng: random.Random) -> None:
        self.v, self.me, self.cs = facts, me, cs
        alive = facts.alive
        self.opps = [q for q in range(facts.players) if q != me and alive[q]]
        # A random order among opponents, drawn once per decision: equal targets are not always
        # the lowest seat (seeded from the agent's generator, so games replay the same).
        self.tie = [rng.random() for _ in range(facts.players)]  # by seat
        self._demand: list[float] | None = None
        # Worked out once per decision, when first asked (the facts do not change meanwhile).
        self._trap_values: dict[str, float] = {}  # by card name
        self._attack_in_hand: list[tuple[int, str]] | None = None
        self._active_lures: set[tuple[int, ...]] | None = None

    @property
    def hand(self) -> list[str]:
        """My hand, card names (read from the facts when a decision needs it)."""
        return self.v.hand

    def weakest_first(self, seats: list[int]) -> list[int]:
        """`seats` by life, lowest first; equal lives in this decision's random order."""
        life = self.v.life
        return sorted(seats, key=lambda q: (life[q], self.tie[q]))

    def card(self, name: str) -> Card:
        return self.cs.cards[self.cs.by_name[name]]

    # -- what to do now --------------------------------------------------------------------
    def choose(self, texts: list[str]) -> str:
        v = self.v
        if v.pending:
            return self.decide(texts)
        phase = v.phase
        if phase == "choose":  # `_plain` chooses at the hub whenever it can: what is left is ending
            return "end turn"
        if phase == "purchase":
            return self.purchase(texts)
        if phase == "action":
            return self.action(texts)
        return self.attack(texts)

    # -- Purchase ----------------------------------------------------------------------------
    def demand(self) -> list[float]:
        """How much each lure type is worth to me now: Wasteland attack I could win with it."""
        if self._demand is None:
            self._demand = self._compute_demand()
        return self._demand

    def _compute_demand(self) -> list[float]:
        pts = self.v.lure_points
        my_pts, their_pts = pts[self.me], [pts[q] for q in self.opps]
        out = [0.5, 0.5, 0.5, 0.5]
        for w in self.v.survivors:
            idx = w.types
            mine = best = 0  # my points for it, and the most any opponent has
            for t in idx:
                mine += my_pts[t]
            for p in their_pts:
                theirs = 0
                for t in idx:
                    theirs += p[t]
                if theirs > best:
                    best = theirs
            gap = best - mine  # points still missing to lead it strictly
            weight = w.attack / (1.0 + max(0, gap)) / len(idx)
            for t in idx:
                out[t] += weight
        return out

    def lure_worth(self, c: Card) -> float:
        """A When Placed lure: the best Survivor of the Trap's type in the Wasteland, as a deck card."""
        best = [
            w.attack
            for w in self.v.survivors
            for ab in c.abilities
            if ab.effect == "lure"
            and (not ab.get("type", "") or ab.get("type", "") in w.lure)
            and (not ab.get("max_attack", 0) or w.attack <= ab.get("max_attack", 0))
        ]
        return 0.8 * max(best, default=2)

    def trap_value(self, c: Card) -> float:
        """What a Trap is worth to me: its lure point where I can use it, Defense, abilities."""
        value = self._trap_values.get(c.name)
        if value is None:
            value = self._trap_values[c.name] = self._trap_value(c)
        return value

    def _trap_value(self, c: Card) -> float:
        ready = c.lure in self.active_lures()
        value = 1.0 + 1.5 * self.demand()[c.lure[0]] + 0.3 * c.defense + 0.3 * c.deactivate
        value += ability_value(c, len(self.opps), ready, self.lure_worth(c) if c.abilities else 0.0)
        if c.barricade:
            value += 1.5 if self.v.life[self.me] < 25 else 0.8
        return value

    def active_lures(self) -> set[tuple[int, ...]]:
        """The lure types of my active Traps (a Trap of one of them has its Combo ready)."""
        out = self._active_lures
        if out is None:
            out = self._active_lures = {self.card(s.trap).lure for s in self.v.base(self.me) if s.active}
        return out

    def purchase(self, texts: list[str]) -> str:
        # A Supply to play is played first: `_plain` answers that, so it is not offered here.
        if "play scavenger" in texts and not self.can_finish(extra_scavengers=True):
            return "play scavenger"
        best, best_value = "", 0.0
        for t in texts:
            if t.startswith("buy trap "):
                name = self.v.purchase_row[int(t.split()[2]) - 1]
                if name is None:  # never: only a filled slot of the row can be bought
                    continue
                value = self.trap_value(self.card(name))
                if value > best_value:
                    best, best_value = t, value
        owned = self.owned()
        traps_owned = sum(1 for n in owned if self.card(n).category == TRAP)
        if best and (traps_owned < 8 or best_value > 5):
            return best
        scavs = owned.count("scavenger")
        if "buy scavenger" in texts and scavs < 4:
            return "buy scavenger"
        if "buy action" in texts:
            return "buy action"
        return best or "end purchasing"

    def owned(self) -> list[str]:
        return self.hand + self.v.discards[self.me] + [s.trap for s in self.v.base(self.me)]

    # -- Action ------------------------------------------------------------------------------
    def action(self, texts: list[str]) -> str:
        base = self.v.base(self.me)
        for t in texts:
            if t.startswith("use trap "):
                slot = base[int(t.split()[2]) - 1]
                ab = self.card(slot.trap).abilities
                deactivates = any(a.get("deactivate_self", False) for a in ab)
                if deactivates and "once" in t and not self.attack_in_hand():
                    continue
                return t
        for t in texts:
            if t.startswith("play "):
                return t
        places = [t for t in texts if t.startswith("place ")]
        if places:
            best = max(places, key=lambda t: self.trap_value(self.card(t.split()[1])))
            if " over " not in best:
                return best
            new = self.trap_value(self.card(best.split()[1]))
            weakest = min(
                (t for t in places if t.split()[1] == best.split()[1]),
                key=lambda t: self.trap_value(self.card(base[int(t.split()[3]) - 1].trap)),
            )
            if new > self.trap_value(self.card(base[int(weakest.split()[3]) - 1].trap)) + 1:
                return weakest
        for t in texts:
            if t.startswith("repair "):
                return t
        return "end actions"

    # -- Attack ------------------------------------------------------------------------------
    def attack_in_hand(self) -> list[tuple[int, str]]:
        """The Minions and Survivors in my hand, (Attack, name), strongest first (worked out once a
        decision: read, never changed)."""
        if self._attack_in_hand is None:
            self._attack_in_hand = self._attack_cards()
        return self._attack_in_hand

    def _attack_cards(self) -> list[tuple[int, str]]:
        out = []
        for n in self.hand:
            c = self.card(n)
            if c.category in (MINION, SURVIVOR):
                out.append((c.attack, n))
        return sorted(out, reverse=True)

    def can_finish(self, extra_scavengers: bool = False) -> bool:
        total = sum(a for a, _ in self.attack_in_hand()) + self.v.attack_bonus
        if extra_scavengers:
            total += 2 * self.hand.count("scavenger")
        return any(
            self.v.life[q] <= total and not any(s.barricade for s in self.v.base(q)) for q in self.opps
        )

    def attack(self, texts: list[str]) -> str:
        minions = self.attack_in_hand()
        bonus = self.v.attack_bonus
        life = self.v.life
        total = sum(a for a, _ in minions) + bonus
        scavs = self.hand.count("scavenger")
        open_q = [q for q in self.opps if any(t.startswith(f"attack p{q + 1} with") for t in texts)]
        open_q += [q for q in self.opps if f"banish scavenger at p{q + 1}" in texts and q not in open_q]
        for q in self.weakest_first(open_q):
            if life[q] <= total + 2 * scavs:
                if minions:
                    return f"attack p{q + 1} with {minions[0][1]}"
                return f"banish scavenger at p{q + 1}"
        if not minions:
            return "end attack"
        target = self.blocking_trap(total)
        if target:
            q, slot, need = target
            fit = [m for m in minions if m[0] + bonus >= need]
            name = min(fit)[1] if fit else minions[0][1]
            return f"attack p{q + 1} trap {slot} with {name}"
        if open_q:
            q = self.weakest_first(open_q)[0]
            return f"attack p{q + 1} with {minions[0][1]}"
        # Every opponent is behind a Barricade: break the weakest one.
        best = None
        for q in self.opps:
            for i, s in enumerate(self.v.base(q)):
                if s.barricade:
                    need = s.destroy - s.damage
                    if best is None or need < best[0]:
                        best = (need, q, i + 1)
        if best and best[0] <= total:
            return f"attack p{best[1] + 1} trap {best[2]} with {minions[0][1]}"
        return "end attack"

    def blocking_trap(self, budget: int) -> tuple[int, int, int] | None:
        """The opponent Trap whose deactivation lets me lure the best Survivor: (seat, slot, need)."""
        v, types = self.v, LURE_TYPES
        pts = v.lure_points
        best: tuple[float, int, int, int] | None = None
        for w in v.survivors:  # one I lead already has no blocker: skipped below
            idx = w.types
            mine = sum(pts[self.me][t] for t in idx)
            if mine < 1:
                continue
            blockers = [q for q in self.opps if sum(pts[q][t] for t in idx) >= mine]
            if len(blockers) != 1:
                continue
            q = blockers[0]
            excess = sum(pts[q][t] for t in idx) - mine + 1  # Traps to knock out
            cands = []
            for i, s in enumerate(v.base(q)):
                if s.active and types.index(s.type) in idx:
                    cands.append((s.deactivate - s.damage, i + 1))
            cands.sort()
            if len(cands) < excess or sum(c[0] for c in cands[:excess]) > budget:
                continue
            value = w.attack / (1 + excess)
            if best is None or value > best[0]:
                best = (value, q, cands[0][1], cands[0][0])
        return None if best is None else (best[1], best[2], best[3])

    # -- pending decisions -------------------------------------------------------------------
    def worth(self, name: str) -> float:
        c = self.card(name)
        if c.category == SUPPLY:
            return 1.0
        if c.category == SCAVENGER:
            return 2.2
        if c.category in (MINION, SURVIVOR):
            return 0.8 * c.attack
        if c.category == ACTION:
            return 0.5 + sum(effect_worth(ab, len(self.opps), 2.4) for ab in c.abilities)
        return 0.6 * c.cost

    def decide(self, texts: list[str]) -> str:
        first = texts[0].split()[0]
        if first == "choose":
            return max(texts, key=lambda t: self.threat(int(t.split()[1][1:]) - 1))
        if first in ("deactivate", "malfunction", "destroy"):
            return max(texts, key=self.trap_threat)
        if first == "reinforce":
            base = self.v.base(self.me)
            return max(texts, key=lambda t: self.trap_value(self.card(base[int(t.split()[2]) - 1].trap)))
        if first == "lure":
            return max(texts, key=lambda t: self.card(" ".join(t.split()[1:])).attack)
        if first == "take":
            return max(texts, key=lambda t: self.worth(" ".join(t.split()[1:])))
        if first == "discard":
            cards = [t for t in texts if t != "skip"]
            low = min(cards, key=lambda t: self.worth(" ".join(t.split()[1:])))
            if "skip" in texts and self.worth(" ".join(low.split()[1:])) > 1.0:
                return "skip"
            return low
        if first in ("banish", "skip"):
            cards = [t for t in texts if t != "skip"]
            thin = [t for t in cards if t.split()[1] in ("minion", "supply")]
            if thin:
                return min(thin, key=lambda t: (t.split()[1] != "minion", "hand" in t))
            return "skip" if "skip" in texts else cards[0]
        return texts[0]

    def threat(self, q: int) -> float:
        v = self.v
        return v.life[q] / 10 + len(v.base(q)) + v.hand_counts[q] / 2 + self.tie[q] / 100

    def trap_threat(self, text: str) -> float:
        words = text.split()
        q, i = int(words[1][1:]) - 1, int(words[3]) - 1
        s = self.v.base(q)[i]
        types = LURE_TYPES
        t = types.index(s.type)
        wanted = sum(w.attack for w in self.v.survivors if s.type in w.lure)
        mine = self.v.lure_points[self.me][t]
        return wanted * (2 if mine else 1) + s.destroy + self.threat(q)


__all__ = ["A", "HeuristicAgent"]
