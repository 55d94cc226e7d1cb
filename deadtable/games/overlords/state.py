"""Overlords: the state of a game and the recruit-and-pass turn (rules/overlords.en.txt, V and XIII).

A turn is: (team game) the one-card exchange with your teammate, then Hired Hand activation in turn
order from the holder of the Overlord card, then recruiting as hidden sequential commits (OV-2):
`current_player` is the lowest seat that has not committed, nobody sees a pending pick, and all picks
are revealed together before the hands are passed to the left. Hired Hand abilities live in
hired_hands.py, what each seat knows and determinize in knowledge.py, the view in view.py.

Zones: hands 0..players-1 (sorted kinds), the dummy's hand (index `players`, in deal order, top
last), then the draw pile (`draw_zone`, top last) and the box of unused Hired Hands (`box_zone`).
Armies are bottom-to-top lists, one per seat plus the dummy's. Every card enters an army face up in
front of everyone, so armies are public knowledge; only the top card is shown (V), as at the table.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from deadtable.core import Action, IllegalAction, Outcome, State
from deadtable.i18n import Message, nmsg

from . import hired_hands, knowledge
from .actions import NO_EXCHANGE, Exchange, Recruit
from .cards import CardSet
from .scoring import score_sheets, totals

# Hands, cards per hand and rounds by player count (section IV table).
LAYOUT = {2: (3, 8, 3), 3: (3, 8, 3), 4: (4, 9, 2)}

EXCHANGE, ACTIVATE, ABILITY, RECRUIT, OVER = range(5)
PHASES = ("exchange", "activate", "ability", "recruit", "over")
NONE, KEEP = -2, -1
LOG_LENGTH = 14


class OverlordsState(State):
    cards: CardSet
    teams: bool
    dummy: bool
    nh: int  # hand zones: the players' hands and the dummy's
    per_hand: int
    rounds: int
    hands: list[list[int]]
    draw: list[int]
    box: list[int]
    armies: list[list[int]]
    aside: list[list[int]]  # Hired Hands recruited and not yet activated, per seat (VII)
    overlord: int  # seat whose hand holds the Overlord card (IV)
    round: int
    turn: int  # turn within the round
    turn_no: int  # turn within the game (the 2-player dummy alternates on it)
    phase: int
    exch: list[int]  # team exchange commits: NONE, KEEP or the kind offered
    act_order: list[int]
    act_pos: int
    sub: list[int]  # the ability decision on top: [step, activator, argument...]
    need: list[int]  # own picks each seat makes this turn (2 after a Black Knight)
    bk: list[int]  # the Black Knight kind to put into the hand at reveal, or -1
    forced: list[int]  # Medusa: the kind a seat must recruit this turn, or -1
    controller: int  # the seat recruiting for the dummy this turn, or -1
    rec: int | None  # while recruiting: the lowest seat yet to commit (`_recruiter`), kept up to date
    pend: list[list[int]]
    pend_dummy: int
    known: list[list[list[int]]]  # known[p][zone]: cards seat p knows are in that zone
    last: list[list[int]]  # the picks revealed last turn, per army
    log: list[Message]  # what happened, newest last; each reader sees it in their language

    # -- set-up --------------------------------------------------------------------------------
    def setup(self, cards: CardSet, chosen: list[int] | None) -> None:
        """Build the deck (68 Monsters + 7 Hired Hands, OV-1), shuffle, deal the first round."""
        self.cards = cards
        self.teams = bool(self.options.get("teams"))
        self.dummy = self.players == 2
        hands, self.per_hand, self.rounds = LAYOUT[self.players]
        self.nh = hands
        pool = cards.hired_hand_cards()
        if chosen is None:
            self.rng.shuffle(pool)
            chosen = pool[: cards.hired_hands_in_game]
        in_game = sorted(chosen)
        self.box = knowledge.msub(sorted(pool), in_game)
        self.draw = cards.monster_deck() + in_game
        self.rng.shuffle(self.draw)
        self.armies = [[] for _ in range(hands)]
        self.aside = [[] for _ in range(self.players)]
        zones = hands + 2
        known_box = list(self.box) if self.options.get("hired_hands", "random") != "random" else []
        self.known = [[[] for _ in range(zones)] for _ in range(self.players)]
        for p in range(self.players):
            self.known[p][self.box_zone] = list(known_box)
        self.overlord = self.rng.randrange(self.players)  # "add it to any player's hand" (IV)
        self.round = self.turn = self.turn_no = 0
        self.exch = [NONE] * self.players
        self.act_order, self.act_pos, self.sub = [], 0, []
        self.need = [1] * self.players
        self.bk = [-1] * self.players
        self.forced = [-1] * self.players
        self.controller = -1
        self.pend = [[] for _ in range(self.players)]
        self.pend_dummy = -1
        self.rec = None
        self.last = [[] for _ in range(hands)]
        self.log = []
        self.hands = [[] for _ in range(hands)]
        self._deal()
        self._start_turn()

    @property
    def draw_zone(self) -> int:
        return self.nh

    @property
    def box_zone(self) -> int:
        return self.nh + 1

    def zone(self, z: int) -> list[int]:
        if z < self.nh:
            return self.hands[z]
        return self.draw if z == self.nh else self.box

    def partner(self, seat: int) -> int:
        """Team game: teammates sit opposite (XIII)."""
        return (seat + 2) % 4

    def opponents(self, seat: int) -> list[int]:
        """Other players clockwise from `seat`, teammates left out (the dummy is never one)."""
        others = [(seat + i) % self.players for i in range(1, self.players)]
        return [o for o in others if not (self.teams and o == self.partner(seat))]

    def note(self, entry: Message) -> None:
        """Remember what happened (public facts only: the view shows the log to every seat)."""
        self.log.append(entry)
        if len(self.log) > LOG_LENGTH:
            del self.log[0]

    def name(self, kind: int) -> str:
        return self.cards.names[kind]

    def _deal(self) -> None:
        for z in range(self.nh):
            self.hands[z] = [self.draw.pop() for _ in range(self.per_hand)]
            if z < self.players:
                self.hands[z].sort()
        for row in self.known:
            for z in range(self.nh + 1):
                row[z] = []
        self.note(
            nmsg(
                "Round {round}: {n} hand of {cards} dealt",
                "Round {round}: {n} hands of {cards} dealt",
                self.nh,
                round=self.round + 1,
                cards=self.per_hand,
            )
        )

    # -- the turn ------------------------------------------------------------------------------
    def _start_turn(self) -> None:
        if self.dummy:
            self.controller = self.turn_no % 2  # the players alternate controlling the dummy (XIII)
        if self.teams:
            self.phase = EXCHANGE
            self.exch = [NONE] * self.players
            return
        self._start_activation()

    def _start_activation(self) -> None:
        # The last card is recruited automatically and the round ends (V): no activation then.
        if len(self.hands[0]) >= 2:
            n, o = self.players, self.overlord
            self.act_order = [*range(o, n), *range(o)]
            self.next_activation(0)
        else:
            self._start_recruit()

    def next_activation(self, pos: int) -> None:
        """Give the next seat in turn order with a usable Hired Hand its decision (VII)."""
        self.sub = []
        order, aside = self.act_order, self.aside
        while pos < len(order):
            s = order[pos]
            if aside[s] and hired_hands.activatable(self, s):
                self.phase, self.act_pos = ACTIVATE, pos
                return
            pos += 1
        self._start_recruit()

    def _start_recruit(self) -> None:
        self.phase = RECRUIT
        c = self.controller
        if c >= 0:
            # XIII: the controller takes the top card of the dummy's hand into their hand.
            card = self.hands[self.players].pop()
            self.hands[c].append(card)
            self.hands[c].sort()
        for s in range(self.players):
            self.pend[s] = []
            if len(self.hands[s]) == 1 and self.need[s] == 1 and s != c:
                self.pend[s] = [self.hands[s][0]]  # the last card is recruited automatically (V)
        self.pend_dummy = -1
        self.rec = self._recruiter()
        if self.rec is None:
            self._reveal()

    def _done(self, s: int) -> bool:
        return len(self.pend[s]) == self.need[s] and (s != self.controller or self.pend_dummy >= 0)

    def _recruiter(self, start: int = 0) -> int | None:
        """The lowest seat still to commit a pick this turn (OV-2), or None when all have.

        Seats below `start` are known to have committed already."""
        pend, need, c = self.pend, self.need, self.controller
        for s in range(start, self.players):
            if len(pend[s]) != need[s] or (s == c and self.pend_dummy < 0):
                return s
        return None

    def available(self, s: int) -> list[int]:
        pend = self.pend[s]
        return knowledge.msub(self.hands[s], sorted(pend)) if pend else self.hands[s]

    def own_options(self, s: int) -> list[int]:
        """Kinds seat `s` may recruit for itself now (sorted, distinct)."""
        avail = self.available(s)
        kinds = sorted(set(avail))
        if self.forced[s] >= 0 and not self.pend[s] and self.forced[s] in kinds:
            return [self.forced[s]]  # Medusa chose this card (VII)
        if s == self.controller:
            hired = self.cards.hired
            monsters = sum(1 for k in avail if not hired[k])
            if monsters:
                # Keep a Monster for the dummy: it may not be given a Hired Hand (XIII).
                kinds = [k for k in kinds if hired[k] or monsters > 1]
        return kinds

    def dummy_options(self, s: int) -> list[int]:
        avail = self.available(s)
        monsters = sorted({k for k in avail if not self.cards.hired[k]})
        return monsters or sorted(set(avail))

    def _reveal(self) -> None:
        """All picks are revealed together (OV-2); Monsters cover the army, Hired Hands go aside."""
        hired = self.cards.hired
        names = self.cards.names
        listen = bool(self.listeners)
        self.last = [[] for _ in range(self.nh)]
        for s in range(self.players):
            hand, last = self.hands[s], self.last[s]
            for k in self.pend[s]:
                hand.remove(k)
                knowledge.forget_one(self, s, k)
                if hired[k]:
                    self.aside[s].append(k)
                    self.aside[s].sort()
                else:
                    self.armies[s].append(k)
                last.append(k)
                if listen:
                    self.emit("recruit", seat=s, card=names[k])
            if self.bk[s] >= 0:
                # Black Knight: into the hand before passing, in front of everyone (VII).
                self.hands[s].append(self.bk[s])
                self.hands[s].sort()
                for row in self.known:
                    row[s].append(self.bk[s])
                    row[s].sort()
        if self.controller >= 0 and self.pend_dummy >= 0:
            k = self.pend_dummy
            self.hands[self.controller].remove(k)
            knowledge.forget_one(self, self.controller, k)
            self.armies[self.players].append(k)  # a Hired Hand goes straight into the dummy's army
            self.last[self.players].append(k)
        shown = "; ".join(
            f"P{z + 1} {names[picks[0]]}"
            if len(picks) == 1
            else f"P{z + 1} {', '.join(names[k] for k in picks)}"
            for z, picks in enumerate(self.last[: self.players])
            if picks
        )
        dummy_picks = self.last[self.players] if self.dummy else []
        if dummy_picks:
            cards = ", ".join(names[k] for k in dummy_picks)
            self.note(Message("Recruited: {picks}; the dummy {cards}", picks=shown, cards=cards))
        else:
            self.note(Message("Recruited: {picks}", picks=shown))
        self.need = [1] * self.players
        self.bk = [-1] * self.players
        self.forced = [-1] * self.players
        self.pend = [[] for _ in range(self.players)]
        self.pend_dummy = -1
        self.turn_no += 1
        if not self.hands[0]:
            self._end_round()
            return
        self._pass()
        self.turn += 1
        self._start_turn()

    def _pass(self) -> None:
        """Each player passes the rest of their hand to the left; the dummy's never moves (V, XIII)."""
        n = self.players
        self.hands[:n] = [self.hands[(s - 1) % n] for s in range(n)]
        for row in self.known:
            row[:n] = [row[(s - 1) % n] for s in range(n)]
        for s in range(n):
            self.known[s][s] = []
            self.known[s][(s + 1) % n] = list(self.hands[(s + 1) % n])  # the hand s just passed
        self.overlord = (self.overlord + 1) % n

    def _end_round(self) -> None:
        self.emit("round_end", round=self.round + 1)
        self.round += 1
        if self.round >= self.rounds:
            for s in range(self.players):
                self.armies[s].extend(self.aside[s])  # never activated: into the army (VII)
                self.aside[s] = []
            self.phase = OVER
            self.controller = -1
            self.note(Message("Game over"))
            return
        if self.teams and self.round == 1:
            for s in (0, 1):  # XIII: at the end of the first round teammates exchange armies
                b = self.partner(s)
                self.armies[s], self.armies[b] = self.armies[b], self.armies[s]
            self.note(Message("Teammates exchange armies (XIII)"))
        self.turn = 0
        self._deal()
        self._start_turn()

    def _resolve_exchange(self) -> None:
        """Team game: the offered cards change hands when both teammates offered one (XIII)."""
        for a in (0, 1):
            b = self.partner(a)
            x, y = self.exch[a], self.exch[b]
            if x >= 0 and y >= 0:
                knowledge.exchange(self, a, b, x, y)
                self.note(Message("P{first} and P{second} exchange a card", first=a + 1, second=b + 1))
                self.emit("exchange", seats=[a, b])
        self.exch = [NONE] * self.players
        self._start_activation()

    # -- the contract --------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        ph = self.phase
        if ph == RECRUIT:
            return self.rec
        if ph == EXCHANGE:
            return self.exch.index(NONE)
        if ph == ACTIVATE:
            return self.act_order[self.act_pos]
        if ph == ABILITY:
            return self.sub[1]
        return None

    def legal_actions(self) -> list[Action]:
        ph = self.phase
        table = self.cards.actions
        if ph == RECRUIT:
            s = self.rec
            assert s is not None
            if len(self.pend[s]) < self.need[s]:
                recruit = table.recruit
                return [recruit[k] for k in self.own_options(s)]
            for_dummy = table.for_dummy
            return [for_dummy[k] for k in self.dummy_options(s)]
        if ph == EXCHANGE:
            s = self.exch.index(NONE)
            exchange = table.exchange
            return [*(exchange[k] for k in sorted(set(self.hands[s]))), NO_EXCHANGE]
        if ph in (ACTIVATE, ABILITY):
            return hired_hands.legal(self)
        return []

    def check(self, action: Action) -> None:
        if self.phase == OVER:
            raise IllegalAction("the game is over")
        if action not in self.legal_actions():
            raise IllegalAction(hired_hands.why_not(self, str(action)))

    def _apply(self, action: Action) -> None:
        ph = self.phase
        if ph == RECRUIT:
            s = self.rec
            assert s is not None
            kind = self.cards.kind_of[action.card]  # type: ignore[attr-defined]
            if type(action) is Recruit:
                self.pend[s].append(kind)
            else:
                self.pend_dummy = kind
            self.rec = self._recruiter(s)
            if self.rec is None:
                self._reveal()
        elif ph == EXCHANGE:
            s = self.exch.index(NONE)
            self.exch[s] = self.cards.kind(action.card) if isinstance(action, Exchange) else KEEP
            if NONE not in self.exch:
                self._resolve_exchange()
        else:
            hired_hands.apply(self, action)

    def score_sheets(self) -> list[dict[str, int]]:
        """Points per type for each army: the seats', then the dummy's (OV-6)."""
        return score_sheets(self.cards, self.armies)

    def scores(self) -> list[int]:
        """Each seat's points; in the team game, its team's total (XIII)."""
        own = totals(self.cards, self.armies)[: self.players]
        if self.teams:
            return [own[s] + own[self.partner(s)] for s in range(self.players)]
        return own

    def outcome(self) -> Outcome:
        # OV-6: the dummy is no seat and cannot win; OV-7: ties for the win are shared.
        from .view import sheet_note

        return Outcome.from_scores(self.scores(), note=sheet_note(self))

    def view(self, player: int | None, *, narration: bool = True) -> dict[str, Any]:
        from .view import make_view

        return make_view(self, player, narration)

    def determinize(self, player: int, rng: random.Random) -> OverlordsState:
        other: OverlordsState = self._determinized_copy(rng)
        knowledge.redeal(self, other, player, rng)
        return other

    def information_key(self, player: int) -> Hashable:
        """What `player` sees (the view's facts without the log), as one tuple: search's key.

        Public: the seat count and team game, round, turn, phase, who acts, the Overlord card, the
        dummy's controller, who has committed (never what), every hand's size, every army's size
        and top card (all of each army once the game is over), every seat's Hired Hands aside,
        Medusa's forced cards, who activated a Black Knight, last turn's revealed picks, the draw
        pile's size and the Hired Hand decision on top (its step, seat and card). Private to
        `player`: its own hand, army and pending picks (and the dummy's pick when it controls the
        dummy), its team exchange offer, what it knows of each other hand, of the draw pile and
        of the box, and the army its Red Knight looks through. Another seat's pending pick or
        exchange offer is not in it (OV-2).
        """
        from .hired_hands import RK_CARD

        t = tuple
        ph, n, armies, mine = self.phase, self.players, self.armies, self.known[player]
        if ph == RECRUIT:
            committed: tuple[bool, ...] = t(self._done(s) for s in range(n))
        elif ph == EXCHANGE:
            committed = t(x != NONE for x in self.exch)
        else:
            committed = ()
        decision: tuple[int, ...] = ()
        if ph == ACTIVATE:
            decision = (self.act_order[self.act_pos],)
        elif ph == ABILITY:
            sub = self.sub
            decision = t(sub[:3])
            if sub[0] == RK_CARD:
                decision += (sub[3], *(armies[sub[3]] if player == sub[1] else ()))
        if ph == OVER:
            own: tuple[Any, ...] = t(t(sorted(a)) for a in armies)
        else:
            own = t(sorted(armies[player]))
        return (
            player, n, self.teams, self.round, self.turn, ph, self.current_player, self.overlord,
            self.controller, committed, t(map(len, self.hands)), t(self.hands[player]),
            t(t(sorted(k)) if z != player else () for z, k in enumerate(mine)),
            t((len(a), a[-1]) if a else (0, -1) for a in armies), own, t(map(t, self.aside)),
            t(self.forced), t(b >= 0 for b in self.bk), t(map(t, self.last)), len(self.draw), decision,
            t(self.pend[player]), self.pend_dummy if player == self.controller else -1,
            self.exch[player] if ph == EXCHANGE else NONE,
        )  # fmt: skip

    # -- copying and equality ------------------------------------------------------------------
    def _copy_into(self, other: Any) -> None:
        for name in ("cards", "teams", "dummy", "nh", "per_hand", "rounds", "overlord", "round", "turn"):
            setattr(other, name, getattr(self, name))
        other.turn_no, other.phase, other.act_pos = self.turn_no, self.phase, self.act_pos
        other.controller, other.pend_dummy, other.rec = self.controller, self.pend_dummy, self.rec
        other.hands = [list(h) for h in self.hands]
        other.draw = list(self.draw)
        other.box = list(self.box)
        other.armies = [list(a) for a in self.armies]
        other.aside = [list(a) for a in self.aside]
        other.exch = list(self.exch)
        other.act_order = list(self.act_order)
        other.sub = list(self.sub)
        other.need = list(self.need)
        other.bk = list(self.bk)
        other.forced = list(self.forced)
        other.pend = [list(p) for p in self.pend]
        other.known = [[list(z) for z in row] for row in self.known]
        other.last = [list(x) for x in self.last]
        other.log = list(self.log)

    def key(self) -> Hashable:
        return (
            tuple(tuple(h) for h in self.hands),
            tuple(self.draw),
            tuple(self.box),
            tuple(tuple(a) for a in self.armies),
            tuple(tuple(a) for a in self.aside),
            tuple(tuple(tuple(z) for z in row) for row in self.known),
            tuple(tuple(p) for p in self.pend),
            (self.overlord, self.round, self.turn, self.turn_no, self.phase, self.act_pos),
            (self.controller, self.pend_dummy, tuple(self.exch), tuple(self.act_order), tuple(self.sub)),
            (tuple(self.need), tuple(self.bk), tuple(self.forced)),
            tuple(tuple(x) for x in self.last),
        )
