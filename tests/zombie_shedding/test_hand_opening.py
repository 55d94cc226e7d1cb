"""Each hand is opened by its dealer: "the dealer opens", whatever ended the hand before."""

from __future__ import annotations

import random

from deadtable.games.zombie_shedding import GAME


def test_the_dealer_opens_every_hand_even_after_a_combo_ends_the_last_one() -> None:
    # Seeded random Duels; some hands end on a combo (Don Lysar, Lady Mimic), whose pending end
    # of turn once outlived the hand and passed the next hand's opening turn on (seed 8 did).
    opened = 0
    for seed in range(40):
        state = GAME.new(2, seed, mode="duel")
        rng = random.Random(seed)
        hand = state.view(None)["hand_number"]
        while not state.is_terminal:
            view = state.view(None)
            if view["hand_number"] != hand:
                hand = view["hand_number"]
                opened += 1
                assert state.current_player == view["dealer"], (seed, hand, view["log"][-3:])
            acts = state.legal_actions()
            state.apply(acts[rng.randrange(len(acts))])
    assert opened > 40
