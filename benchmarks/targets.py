"""The bench's targets (random play's and the search's speed), each a ratio of two figures measured
in the same process.

Random play is compared with the peers in players' decisions per second, not games: a Duel of the
shedding game is a match of several hands (about 191 decisions) where a crazy_eights game is one
hand (about 87), and Zombie Overlord's games are longer still. Targets set for one
build only are judged in that build only. A target not met says MISSED and by how much.

>>> judge("decisions/s vs crazy_eights", 0.5, 2.0)
'decisions/s 0.50x crazy_eights (>= 2x) MISSED by 4.00x'
>>> judge("IS-MCTS it/s vs hearts ISMCTS", 7.25, 6.0)
'IS-MCTS it/s 7.25x hearts ISMCTS (>= 6x) PASS'
"""

from __future__ import annotations

from typing import Final

PURE: Final = "pure"
NATIVE: Final = "native"
DUEL: Final = ("zombie-shedding", "duel")
ZOMBIE_OVERLORD_2P: Final = ("zombie-overlord", "2p")
COMPARED: Final = (DUEL, ZOMBIE_OVERLORD_2P)  # measured in slices alternating with the peers

GAMES_PER_S: Final = 1000.0  # random games a second, every game at 2 players, both builds

# random play's decisions/s over crazy_eights' and uno's, per build and (game, variant)
VS_CRAZY_EIGHTS: Final[dict[str, dict[tuple[str, str], float]]] = {
    PURE: {DUEL: 1.0},
    NATIVE: {DUEL: 3.0, ZOMBIE_OVERLORD_2P: 3.0},
}
VS_UNO: Final[dict[str, dict[tuple[str, str], float]]] = {
    PURE: {},
    NATIVE: {DUEL: 15.0, ZOMBIE_OVERLORD_2P: 15.0},
}
# our IS-MCTS iterations/s over OpenSpiel's Python ISMCTS on hearts, every game
VS_HEARTS_ISMCTS: Final = {PURE: 3.0, NATIVE: 6.0}


def judge(what: str, ratio: float, minimum: float) -> str:
    """One target's verdict, short enough for an 80-column line: `what` is "measure vs peer"."""
    measure, _vs, peer = what.partition(" vs ")
    verdict = "PASS" if ratio >= minimum else f"MISSED by {minimum / ratio:.2f}x" if ratio else "MISSED"
    return f"{measure} {ratio:.2f}x {peer} (>= {minimum:g}x) {verdict}"


def games_per_s(rate: float) -> str:
    """The random-play target: at least GAMES_PER_S random games a second at 2 players."""
    if rate >= GAMES_PER_S:
        return f"games/s {rate:,.0f} (>= {GAMES_PER_S:,.0f}) PASS"
    by = f" by {GAMES_PER_S / rate:.2f}x" if rate > 0 else ""
    return f"games/s {rate:,.0f} (>= {GAMES_PER_S:,.0f}) MISSED{by}"


ENV_COST: Final = 3.0  # a PettingZoo step costs at most this many raw engine steps


def env_cost(factor: float) -> str:
    """The environment target: a PettingZoo step (last() + mask + step) at most ENV_COST raw steps.

    >>> env_cost(2.5), env_cost(6.0)
    ('PettingZoo step 2.5x raw (<= 3x) PASS', 'PettingZoo step 6.0x raw (<= 3x) MISSED by 2.00x')
    """
    verdict = "PASS" if factor <= ENV_COST else f"MISSED by {factor / ENV_COST:.2f}x"
    return f"PettingZoo step {factor:.1f}x raw (<= {ENV_COST:g}x) {verdict}"


def met(check: str) -> bool:
    return check.endswith("PASS")
