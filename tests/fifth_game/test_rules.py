"""Supply Run's rules as its rulings put them (examples/supply_run/supply_run/texts/RULINGS.en.md,
SR-1 to SR-6), step by step."""

from __future__ import annotations

import random
from typing import Any

from deadtable.agents import make_agent
from deadtable.core import Game, IllegalAction, seat_info


def _bid(state: Any, card: int) -> None:
    state.apply(state.game.parse_action(state, f"bid {card}"))


def test_the_deal(installed: Game) -> None:
    """SR-1, SR-2: run cards 1 to 6 x players, six each, all dealt; six crates 1 to 6, one turned up."""
    state: Any = installed.new(3, 1)
    assert sorted(c for hand in state.hands for c in hand) == list(range(1, 19))
    assert [len(hand) for hand in state.hands] == [6, 6, 6]
    assert sorted([*state.drop, state.crate]) == [1, 2, 3, 4, 5, 6]
    assert state.current_player == 0
    assert installed.new(3, 1) == state and installed.new(3, 2) != state  # the seed is the deal


def test_a_round_the_cards_down_stay_hidden_until_all_are_down(installed: Game) -> None:
    """SR-4, SR-5: P1 puts a card down; P2 sees that it is down, not which; then the highest takes."""
    state: Any = installed.new(2, 1)
    crate = state.crate
    low, high = min(state.hands[0]), max(state.hands[1])
    _bid(state, low)
    seen = state.view(1)
    assert seen["bid_down"] == [True, False] and seen["bid"] is None
    assert seen["log"][-1] == "P1 puts a run card down"
    twin: Any = installed.new(2, 1)
    _bid(twin, max(twin.hands[0]))
    assert twin.view(1) == seen  # another card down: P2 sees the very same
    assert state.view(0)["bid"] == low
    _bid(state, high)
    assert state.taken == [[], [crate]] and state.rounds[0] == {
        "crate": crate,
        "bids": [low, high],
        "taker": 1,
    }
    assert state.view(1)["rounds"][0]["bids"] == [low, high]  # turned up for everyone (SR-5)
    assert state.current_player == 1  # the next round starts one seat to the left (SR-4)


def test_a_card_not_in_hand_is_refused_with_the_hand(installed: Game) -> None:
    state: Any = installed.new(2, 1)
    other = state.hands[1][0]
    try:
        installed.parse_action(state, f"bid {other}")
    except IllegalAction as refused:
        assert f"you hold no run card {other}" in str(refused)
    else:
        raise AssertionError("a card of another hand was accepted")


def test_the_game_ends_after_six_rounds_and_scores_the_crates(installed: Game) -> None:
    """SR-6: 21 points in all, the most wins; ties share."""
    state: Any = installed.new(4, 3)
    rng = random.Random(3)
    while not state.is_terminal:
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    assert len(state.rounds) == 6 and all(not hand for hand in state.hands)
    out = state.outcome()
    assert sum(out.scores) == 21
    assert out.winners == tuple(s for s in range(4) if out.scores[s] == max(out.scores))


def test_determinize_keeps_the_seat_s_own_cards_and_redraws_the_others(installed: Game) -> None:
    state: Any = installed.new(3, 5)
    _bid(state, state.hands[0][2])
    _bid(state, state.hands[1][0])
    sample: Any = state.determinize(2, random.Random(1))
    assert sample.hands[2] == state.hands[2] and sample.bids[2] == state.bids[2]
    assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
    assert sorted(sample.hands[0] + sample.hands[1] + sample.bids[:2]) == sorted(
        state.hands[0] + state.hands[1] + state.bids[:2]
    )
    draws = {tuple(state.determinize(2, random.Random(seed)).bids) for seed in range(20)}
    assert len(draws) > 1  # the cards down are redrawn too


def test_the_heuristic_beats_random_play(installed: Game) -> None:
    """Seeded, seats swapped every game: it wins about three games in four against random play."""
    wins = 0
    games = 100
    for seed in range(games):
        state = installed.new(2, seed)
        bots = [make_agent("heuristic", installed), make_agent("random", installed)]
        mine = seed % 2
        if mine:
            bots.reverse()
        rng = random.Random(seed)
        while not state.is_terminal:
            player = state.current_player
            assert player is not None
            state.apply(bots[player].act(seat_info(state, rng), rng))
        wins += mine in state.outcome().winners
    assert wins >= 60, wins


def test_a_hint_names_the_run_card_in_the_game_s_words(installed: Game) -> None:
    """The log says only that a card went down; the hint (text.py's move_words) says which."""
    from deadtable.agents.hint import info_for, suggest, words

    state: Any = installed.new(2, 1)
    info = info_for(state, 0)
    move = suggest(info, installed, 0)
    said = [str(w) for w in words(info, installed, move, 0)]
    assert said == [f"put your run card {move.card} down for the crate worth {state.crate}"]
    assert move.card in state.hands[0]
