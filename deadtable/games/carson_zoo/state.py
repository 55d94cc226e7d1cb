"""Carson City Zoo Apocalypse: the state of a game and its rules (rules/carson-city-zoo.en.md).

Compiled in the native build (deadtable/native.py): `ZooState` is a `CompiledState`, its fields
native attributes; the actions it hands out live in actions.py, interpreted.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from deadtable.core import Action, IllegalAction, Outcome
from deadtable.core.chance import shuffle
from deadtable.core.compiled import CompiledState, trimmed
from deadtable.core.state import narrate, tell
from deadtable.i18n import N_, Message

from . import board
from .actions import MOVES, PLACES, Move, Place
from .board import CHARACTER_VALUES, MUTANT_VALUES, NAMES, NEIGHBOURS, NOBODY, POSITIONS
from .facts import ZooFacts, facts

LOG_LENGTH = 12
# Why the game ends, told in the log and in the result (CZ-7 and the rulebook's final scoring).
ENDED = N_(
    "P{seat} has no legal action, so the game is over (CZ-7); everyone scores the captured cards plus "
    "the characters still in hand or on the board (mutants do not count)"
)


class ZooState(CompiledState):
    """Stacks of zoo cards (top last), pieces on positions, hands and captured piles."""

    __slots__ = (
        "captured",
        "first_player",
        "found_mutants",
        "hands",
        "log",
        "log_dropped",
        "mutant",
        "owner",
        "piece_value",
        "stacks",
        "taken_zoo",
        "to_act",
        "turn",
    )  # fmt: skip

    stacks: list[list[int]]
    owner: list[int]  # seat whose character (or former character, if mutant) is on a position
    piece_value: list[int]
    mutant: list[bool]  # the piece on the position has turned into a mutant (RULINGS CZ-5)
    hands: list[list[int]]
    captured: list[list[int]]  # values of every card captured, in order (public: all saw them)
    taken_zoo: list[int]  # values of the zoo cards captured so far (each was seen when taken)
    found_mutants: list[int]  # zoo mutant values revealed so far
    to_act: int | None
    first_player: int
    turn: int
    log: list[Message]  # what happened, newest last, rendered when shown: the last LOG_LENGTH entries
    log_dropped: int  # the entries trimmed from the front of the log since move 0 (view "log_start")

    def setup(self) -> None:
        """Shuffle the 50 zoo cards and deal two to a position (CZ-2); pick who starts (CZ-7)."""
        deck = board.full_deck()
        self.rng.shuffle(deck)
        per = board.CARDS_PER_POSITION
        self.stacks = [deck[i * per : (i + 1) * per] for i in range(POSITIONS)]
        self.owner = [NOBODY] * POSITIONS
        self.piece_value = [0] * POSITIONS
        self.mutant = [False] * POSITIONS
        self.hands = [list(CHARACTER_VALUES) for _ in range(self.players)]
        self.captured = [[] for _ in range(self.players)]
        self.taken_zoo = []
        self.found_mutants = []
        self.first_player = self.rng.randrange(self.players)
        self.to_act = self.first_player
        self.turn = 0
        self.log = []
        self.log_dropped = 0

    # -- the contract ------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.to_act

    def legal_actions(self) -> list[Action]:
        p = self.to_act
        if p is None:
            return []
        return self._actions_for(p)

    def _actions_for(self, p: int) -> list[Action]:
        out: list[Action] = []
        owner, stacks, mutant, pv = self.owner, self.stacks, self.mutant, self.piece_value
        # CZ-3: place on a position with a zoo card and no character or mutant.
        open_positions = [i for i in range(POSITIONS) if stacks[i] and owner[i] == NOBODY]
        for v in sorted(set(self.hands[p])):
            places = PLACES[v]
            out.extend([places[i] for i in open_positions])
        # CZ-4: move one step onto a zoo card, a weaker-or-equal opponent, or a mutant.
        for src in range(POSITIONS):
            if owner[src] != p or mutant[src]:
                continue
            mine = pv[src]
            for dst, move in MOVES[src]:
                o = owner[dst]
                if o == NOBODY:
                    if stacks[dst]:
                        out.append(move)
                elif mutant[dst] or (o != p and pv[dst] <= mine):
                    out.append(move)
        return out

    def _has_action(self, p: int) -> bool:
        """Whether seat `p` has any action at all (the same rules as `_actions_for`, CZ-3, CZ-4)."""
        owner, stacks, mutant, pv = self.owner, self.stacks, self.mutant, self.piece_value
        if self.hands[p] and any(stacks[i] and owner[i] == NOBODY for i in range(POSITIONS)):
            return True
        for src in range(POSITIONS):
            if owner[src] != p or mutant[src]:
                continue
            mine = pv[src]
            for dst in NEIGHBOURS[src]:
                o = owner[dst]
                if o == NOBODY:
                    if stacks[dst]:
                        return True
                elif mutant[dst] or (o != p and pv[dst] <= mine):
                    return True
        return False

    def check(self, action: Action) -> None:
        if self.to_act is None:
            raise IllegalAction("the game is over")
        if action in self.legal_actions():
            return
        raise IllegalAction(self.why_not(action))

    def why_not(self, action: Action) -> Message:
        """Why `action` is not legal now, citing the rule; rendered in the reader's language."""
        p = self.to_act
        if p is None:
            return Message("the game is over")
        if isinstance(action, Place):
            if not 0 <= action.pos < POSITIONS:
                return Message("there is no such position")
            where = board.name(action.pos)
            if action.value not in self.hands[p]:
                return Message("you have no character of value {value} in hand", value=action.value)
            if self.owner[action.pos] != NOBODY:
                if self.mutant[action.pos]:
                    return Message(
                        "{where} holds a mutant: a character may only be placed where there is none (CZ-3)",
                        where=where,
                    )
                return Message(
                    "{where} holds a character: a character may only be placed where there is none (CZ-3)",
                    where=where,
                )
            if not self.stacks[action.pos]:
                return Message("{where} has no zoo card left to capture (CZ-3)", where=where)
            return Message("{action} is allowed now", action=str(action))
        if isinstance(action, Move):
            if not (0 <= action.src < POSITIONS and 0 <= action.dst < POSITIONS):
                return Message("there is no such position")
            src, dst = board.name(action.src), board.name(action.dst)
            if self.owner[action.src] == p and self.mutant[action.src]:
                return Message(
                    "the character on {src} has turned into a mutant and cannot move (CZ-5)", src=src
                )
            if self.owner[action.src] != p:
                return Message("you have no character on {src} that can move", src=src)
            if action.dst not in NEIGHBOURS[action.src]:
                return Message(
                    "{dst} is not next to {src}: characters move one step, never diagonally (CZ-4)",
                    dst=dst,
                    src=src,
                )
            o = self.owner[action.dst]
            if o == p and not self.mutant[action.dst]:
                return Message("{dst} holds your own character (CZ-4)", dst=dst)
            if o != NOBODY and not self.mutant[action.dst]:
                return Message(
                    "your {mine} cannot capture the {theirs} on {dst}: "
                    "it needs equal or greater value (CZ-4)",
                    mine=self.piece_value[action.src],
                    theirs=self.piece_value[action.dst],
                    dst=dst,
                )
            if o == NOBODY and not self.stacks[action.dst]:
                return Message("{dst} is empty: a character cannot move to an empty position (CZ-4)", dst=dst)
            return Message("{action} is allowed now", action=str(action))
        return Message("{action} is not a Carson City Zoo action", action=str(action))

    def _apply(self, action: Action) -> None:
        p = self.to_act
        assert p is not None
        if isinstance(action, Place):
            self.hands[p].remove(action.value)
            self._take_top(p, action.value, action.pos, None)
        else:
            assert isinstance(action, Move)
            src, dst = action.src, action.dst
            value = self.piece_value[src]
            self.owner[src] = NOBODY
            self.piece_value[src] = 0
            if self.owner[dst] != NOBODY:
                # CZ-4, CZ-6: a character or mutant is captured and scores its value.
                taken = self.piece_value[dst]
                names = {"seat": p + 1, "value": value, "src": NAMES[src], "dst": NAMES[dst]}
                if self.mutant[dst]:
                    entry = Message(
                        "P{seat} moves {value} {src}-{dst}, captures a mutant ({taken})", **names, taken=taken
                    )
                else:
                    entry = Message(
                        "P{seat} moves {value} {src}-{dst}, captures P{owner}'s character ({taken})",
                        **names,
                        owner=self.owner[dst] + 1,
                        taken=taken,
                    )
                self.captured[p].append(taken)
                self.owner[dst], self.piece_value[dst], self.mutant[dst] = p, value, False
                self._log(entry)
            else:
                self._take_top(p, value, dst, src)
        self.turn += 1
        self._pass_turn(p)

    def _take_top(self, p: int, value: int, pos: int, src: int | None) -> None:
        """Capture the top zoo card of `pos` with the character of `value` that was placed or moved there."""
        card = self.stacks[pos].pop()
        value_of_card = card & 7  # board.value
        self.captured[p].append(value_of_card)
        self.taken_zoo.append(value_of_card)
        self.owner[pos] = p
        self.piece_value[pos] = value
        names: dict[str, Any] = {
            "seat": p + 1,
            "value": value,
            "pos": NAMES[pos],
            "card": value_of_card,
        }
        if board.is_mutant(card):
            # CZ-5: the card still scores; the character turns into a mutant and is lost.
            self.mutant[pos] = True
            self.found_mutants.append(board.value(card))
            if src is None:
                self._log(
                    Message(
                        "P{seat} places {value} on {pos}, takes a {card}: MUTANT! the {value} is lost",
                        **names,
                    )
                )
            else:
                self._log(
                    Message(
                        "P{seat} moves {value} {src}-{pos}, takes a {card}: MUTANT! the {value} is lost",
                        src=NAMES[src],
                        **names,
                    )
                )
        elif src is None:
            self._log(Message("P{seat} places {value} on {pos}, takes a {card}", **names))
        else:
            self._log(Message("P{seat} moves {value} {src}-{pos}, takes a {card}", src=NAMES[src], **names))

    def _log(self, entry: Message) -> None:
        """Remember what happened; each reader sees it in their own language (view "log_i18n")."""
        self.log.append(entry)
        if len(self.log) > LOG_LENGTH:
            self.log_dropped += trimmed(self.log, LOG_LENGTH, 1)

    def _pass_turn(self, p: int) -> None:
        """Clockwise to the next seat; the game ends when that seat has no action (CZ-7)."""
        nxt = (p + 1) % self.players
        self.to_act = nxt if self._has_action(nxt) else None
        if self.to_act is None:
            self._log(Message(ENDED, seat=nxt + 1))

    def scores(self) -> list[int]:
        """Captured values plus characters still in hand or standing on the board (not mutants)."""
        out = [sum(pile) + sum(hand) for pile, hand in zip(self.captured, self.hands, strict=True)]
        for i in range(POSITIONS):
            if self.owner[i] != NOBODY and not self.mutant[i]:
                out[self.owner[i]] += self.piece_value[i]
        return out

    def outcome(self) -> Outcome:
        # Turns go clockwise one move each (CZ-7), so the seat that could not act follows the last move.
        stuck = (self.first_player + len(self.history)) % self.players
        return Outcome.from_scores(self.scores(), note=Message(ENDED, seat=stuck + 1))

    # -- what a seat sees --------------------------------------------------------------------
    def view(self, player: int | None, *, narration: bool = True) -> dict[str, Any]:
        cells = []
        for i in range(POSITIONS):
            stack = self.stacks[i]
            piece = None
            if self.owner[i] != NOBODY:
                piece = {"owner": self.owner[i], "value": self.piece_value[i], "mutant": self.mutant[i]}
            cells.append(
                {
                    "pos": NAMES[i],
                    "height": len(stack),
                    # CZ-1: the top card's value is seen; whether it hides a mutant is not.
                    "top": stack[-1] & 7 if stack else None,  # board.value
                    "piece": piece,
                }
            )
        out: dict[str, Any] = {
            "game": "carson-zoo",
            "seat": player,
            "players": self.players,
            "current_player": self.to_act,
            "first_player": self.first_player,
            "turn": self.turn,
            "board": cells,
            "hands": [sorted(h) for h in self.hands],
            "captured": [list(c) for c in self.captured],
            "zoo_cards_taken": sorted(self.taken_zoo),  # the captured zoo cards' values, seen when taken
            "scores": self.scores(),
            "mutants_found": sorted(self.found_mutants),
            "over": self.to_act is None,
        }
        if narration:
            narrate(out, tell(self.log), self.log_dropped)
        return out

    def information_key(self, player: int) -> Hashable:
        """What `player` sees (the view's facts without the log), as one tuple: search's key.

        Everything on this table is public, so only the seat differs between seats: the seat
        count, who acts, who started, the turn, each position's stack height and top card value
        (never whether a card is a mutant before it is taken, CZ-1), the pieces (owner, value,
        mutant), the hands, the captured piles, which captured values were zoo cards (everyone saw
        them taken; determinize counts them) and the mutants found so far. The covered lower
        cards are not in it.
        """
        t = tuple
        return (
            player, self.players, self.to_act, self.first_player, self.turn,
            t((len(s), s[-1] & 7) if s else (0, -1) for s in self.stacks),  # board.value
            t(self.owner), t(self.piece_value), t(self.mutant), t(t(sorted(h)) for h in self.hands),
            t(map(t, self.captured)), t(sorted(self.taken_zoo)), t(sorted(self.found_mutants)),
        )  # fmt: skip

    def seat_facts(self, player: int) -> ZooFacts:
        """What `player` knows, for the heuristic: the public facts of `information_key` (facts.py)."""
        return facts(self, player)

    def determinize(self, player: int, rng: random.Random) -> ZooState:
        """Redraw the covered lower cards and where the unfound mutants hide.

        Every player sees the same thing here, so `player` does not change the result.
        The pool is canonical (sorted) before shuffling, so the sample depends only on what is
        seen. Given what was seen, every remaining card of a value whose mutant is not found is
        equally likely to be it, and the covered cards are exchangeable: sampling the covered
        values, then one mutant per unfound value, draws from the exact posterior.
        """
        other: ZooState = self._determinized_copy(rng)
        remaining = {v: board.CARDS_PER_VALUE for v in board.ZOO_VALUES}
        covered: list[int] = []
        seen_tops: list[int] = []
        for i in range(POSITIONS):
            stack = self.stacks[i]
            if stack:
                seen_tops.append(board.value(stack[-1]))
                if len(stack) == 2:
                    covered.append(i)
        for v in self.taken_zoo + seen_tops:
            remaining[v] -= 1
        pool = sorted(v for v, n in remaining.items() for _ in range(n))
        shuffle(pool, rng)  # uniform, a third of Random.shuffle's cost
        stacks = [[c & 7 for c in s] for s in self.stacks]  # board.value
        for i, v in zip(covered, pool, strict=True):
            stacks[i][0] = v
        # Where each value lies, in board order (marking a mutant never turns a card into another value).
        spots_of: dict[int, list[tuple[int, int]]] = {v: [] for v in MUTANT_VALUES}
        for i, stack in enumerate(stacks):
            for j, c in enumerate(stack):
                if c in spots_of:
                    spots_of[c].append((i, j))
        for v in MUTANT_VALUES:
            if v in self.found_mutants:
                continue
            spots = spots_of[v]
            i, j = spots[rng.randrange(len(spots))]
            stacks[i][j] = v | board.MUTANT
        other.stacks = stacks
        return other

    # -- copying and equality ------------------------------------------------------------------
    def _copy_into(self, other: ZooState) -> None:  # typed: compiled, the stores are native
        other.stacks = [list(s) for s in self.stacks]
        other.owner = list(self.owner)
        other.piece_value = list(self.piece_value)
        other.mutant = list(self.mutant)
        other.hands = [list(h) for h in self.hands]
        other.captured = [list(c) for c in self.captured]
        other.taken_zoo = list(self.taken_zoo)
        other.found_mutants = list(self.found_mutants)
        other.to_act = self.to_act
        other.first_player = self.first_player
        other.turn = self.turn
        other.log = list(self.log)
        other.log_dropped = self.log_dropped

    def key(self) -> Hashable:
        return (
            tuple(tuple(s) for s in self.stacks),
            tuple(self.owner),
            tuple(self.piece_value),
            tuple(self.mutant),
            tuple(tuple(sorted(h)) for h in self.hands),
            tuple(tuple(c) for c in self.captured),
            self.to_act,
            self.turn,
        )
