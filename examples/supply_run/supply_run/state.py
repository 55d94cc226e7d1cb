"""A game of Supply Run in progress: the hands, the drop, the bids of the round, what was taken.

What a seat cannot see (the rulings SR-1 to SR-6 are in texts/RULINGS.en.md): the other players'
run cards, in hand or put down this round and not yet turned up (SR-1, SR-4), and the order of the
crates still in the drop (SR-2).
Everything else is public: the crate turned up, every run card turned up in an earlier round, the
crates each player took.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from deadtable.core import Action, Outcome, State
from deadtable.core.state import narrate, tell
from deadtable.i18n import N_, Message

from .actions import Bid

HAND = 6  # run cards dealt to each player, and so the number of rounds (SR-1)
CRATES = (1, 2, 3, 4, 5, 6)  # the crates' points (SR-2)
NO_BID = 0  # no run card put down yet this round (run cards are numbered from 1)
LOG_LENGTH = 12  # the log a view shows: its last entries

TURNED = N_("Round {round}: a crate worth {crate} is turned up")
PUT_DOWN = N_("P{seat} puts a run card down")
TAKEN = N_("Run cards: {bids}. P{seat} takes the crate worth {crate}")
SHARED_OUT = N_("The drop is shared out")


class SupplyState(State):
    hands: list[list[int]]  # each seat's run cards in hand, sorted
    bids: list[int]  # each seat's run card put down this round, NO_BID when none yet
    drop: list[int]  # the crates still face down; the top is the last
    crate: int  # the crate turned up this round (0 once the game is over)
    taken: list[list[int]]  # the crates each seat took, in the order taken
    rounds: list[dict[str, Any]]  # every round played: its crate, the run cards turned up, the taker
    to_act: int | None
    log: list[Message]
    log_dropped: int

    def setup(self) -> None:
        """Deal the run cards (SR-1), shuffle the drop (SR-2) and turn up the first crate (SR-3)."""
        deck = list(range(1, HAND * self.players + 1))
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[seat * HAND : (seat + 1) * HAND]) for seat in range(self.players)]
        self.bids = [NO_BID] * self.players
        self.drop = list(CRATES)
        self.rng.shuffle(self.drop)
        self.taken = [[] for _ in range(self.players)]
        self.rounds = []
        self.log = []
        self.log_dropped = 0
        self.to_act = 0
        self._turn_up()

    # -- the rules ---------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.to_act

    def legal_actions(self) -> list[Action]:
        if self.to_act is None:
            return []
        return [Bid(card) for card in self.hands[self.to_act]]

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Bid) and self.to_act is not None
        seat = self.to_act
        self.hands[seat].remove(action.card)
        self.bids[seat] = action.card  # face down (SR-4): the log says only that it was put down
        self._log(Message(PUT_DOWN, seat=seat + 1))
        following = (seat + 1) % self.players
        if following != self.first():
            self.to_act = following
            return
        self._turn_bids_up()

    def first(self) -> int:
        """The seat that puts its run card down first this round: one seat on each round (SR-4)."""
        return len(self.rounds) % self.players

    def _turn_bids_up(self) -> None:
        """Every run card is down: the highest takes the crate (SR-5), then the next round starts."""
        taker = max(range(self.players), key=lambda seat: self.bids[seat])
        self.taken[taker].append(self.crate)
        self.rounds.append({"crate": self.crate, "bids": list(self.bids), "taker": taker})
        bids = ", ".join(f"P{seat + 1} {card}" for seat, card in enumerate(self.bids))
        self._log(Message(TAKEN, bids=bids, seat=taker + 1, crate=self.crate))
        self.bids = [NO_BID] * self.players
        if self.drop:
            self.to_act = self.first()
            self._turn_up()
        else:
            self.crate = 0
            self.to_act = None
            self._log(Message(SHARED_OUT))

    def _turn_up(self) -> None:
        self.crate = self.drop.pop()
        self._log(Message(TURNED, round=len(self.rounds) + 1, crate=self.crate))

    def _log(self, entry: Message) -> None:
        self.log.append(entry)
        if len(self.log) > LOG_LENGTH:
            del self.log[0]
            self.log_dropped += 1

    def scores(self) -> list[int]:
        return [sum(crates) for crates in self.taken]

    def outcome(self) -> Outcome:
        return Outcome.from_scores(self.scores(), note=Message(SHARED_OUT))  # ties share (SR-6)

    # -- what a seat sees --------------------------------------------------------------------
    def view(self, player: int | None, *, narration: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": "supply-run",
            "seat": player,
            "players": self.players,
            "current_player": self.to_act,
            "round": len(self.rounds) + (self.to_act is not None),
            "crate": self.crate or None,
            "drop": len(self.drop),  # how many crates are left face down, never their order (SR-2)
            "hand": None if player is None else list(self.hands[player]),  # SR-1
            "hand_sizes": [len(hand) for hand in self.hands],
            "bid": None if player is None else self.bids[player] or None,  # only its own (SR-4)
            "bid_down": [card != NO_BID for card in self.bids],
            "rounds": [dict(r, bids=list(r["bids"])) for r in self.rounds],  # turned up (SR-5)
            "taken": [list(crates) for crates in self.taken],
            "scores": self.scores(),
            "over": self.to_act is None,
        }
        if narration:
            narrate(out, tell(self.log), self.log_dropped)
        return out

    def determinize(self, player: int, rng: random.Random) -> SupplyState:
        """Deal the run cards `player` has not seen back to the same places, and shuffle the drop.

        The unseen run cards are the other seats' hands and the cards they put down this round;
        they are pooled in order (sorted), shuffled and dealt back, a card put down first, so the
        sample depends only on what `player` knows.
        """
        other: SupplyState = self._determinized_copy(rng)
        others = [seat for seat in range(self.players) if seat != player]
        pool = sorted(
            [card for seat in others for card in self.hands[seat]]
            + [self.bids[seat] for seat in others if self.bids[seat] != NO_BID]
        )
        rng.shuffle(pool)
        for seat in others:
            if self.bids[seat] != NO_BID:
                other.bids[seat] = pool.pop()
            size = len(self.hands[seat])
            other.hands[seat] = sorted(pool[len(pool) - size :])
            del pool[len(pool) - size :]
        other.drop = sorted(self.drop)
        rng.shuffle(other.drop)
        return other

    # -- copying and equality ------------------------------------------------------------------
    def _copy_into(self, other: SupplyState) -> None:
        other.hands = [list(hand) for hand in self.hands]
        other.bids = list(self.bids)
        other.drop = list(self.drop)
        other.crate = self.crate
        other.taken = [list(crates) for crates in self.taken]
        other.rounds = list(self.rounds)  # a round once played never changes
        other.to_act = self.to_act
        other.log = list(self.log)
        other.log_dropped = self.log_dropped

    def key(self) -> Hashable:
        return (
            tuple(map(tuple, self.hands)),
            tuple(self.bids),
            tuple(self.drop),
            self.crate,
            tuple(map(tuple, self.taken)),
            tuple((r["crate"], tuple(r["bids"]), r["taker"]) for r in self.rounds),
            self.to_act,
        )
