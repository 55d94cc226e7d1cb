"""Two IS-MCTS settings compared on the same seeded games, from their `ismcts_strength.py` rows.

    .venv/bin/python benchmarks/strength_paired.py A.jsonl B.jsonl [--agent-a SPEC] [--agent-b SPEC]
        [--cell LABEL]

Rows of `ismcts_strength.py strength --seed S --rows DIR` with the same seed are the same deals with
the same seats for each game index, whatever the agent: game i of one run and game i of another
differ only by what the two settings did. Most games end the same way under both (the deal decides
them), so a win rate of 100 unpaired games is noise of about 9 points, while the games whose
results differ tell the settings apart. This prints, over the game indices both files hold (of the
named agents, when a file holds rows of several; of the table `--cell` names, `marathon-3p`, when
it holds rows of several tables): each's wins, the games B won and A lost and the reverse, a
two-sided sign test on those, and each's CPU a move. The search seat may be any seat of the table.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path


def load(
    path: Path, agent: str | None, cell: str | None = None
) -> dict[tuple[int, int], tuple[float, float, int]]:
    """(seed, game index) -> (the IS-MCTS seat's win share, its CPU seconds, its moves), over the
    rows of the table `cell` when named (a row without a cell counts as no named table)."""
    out: dict[tuple[int, int], tuple[float, float, int]] = {}
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if cell is not None and row.get("cell") != cell:
            continue
        every = (f"s{s}" for s in range(int(row.get("players", 2))))
        seats = [s for s in every if str(row[f"agent_{s}"]).startswith("ismcts")]
        if len(seats) != 1 or (agent is not None and row[f"agent_{seats[0]}"] != agent):
            continue
        s = seats[0]
        out[(int(row["seed"]), int(row["game"]))] = (
            float(row[f"win_{s}"]),
            float(row.get(f"cpu_{s}", 0.0)),
            int(row.get(f"moves_{s}", 0)),
        )
    return out


def sign_test(better: int, worse: int) -> float:
    """Two-sided p of a fair coin giving a split at least this uneven."""
    n = better + worse
    if n == 0:
        return 1.0
    k = min(better, worse)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("a", type=Path)
    ap.add_argument("b", type=Path)
    ap.add_argument("--agent-a", help="only A's rows of this agent spec")
    ap.add_argument("--agent-b", help="only B's rows of this agent spec")
    ap.add_argument("--cell", help="only the rows of this table (marathon-3p, 4p, ...)")
    args = ap.parse_args(argv)
    a, b = load(args.a, args.agent_a, args.cell), load(args.b, args.agent_b, args.cell)
    common = sorted(set(a) & set(b))
    if not common:
        print("no game is in both")
        return
    n = len(common)
    wins_a = sum(a[g][0] for g in common)
    wins_b = sum(b[g][0] for g in common)
    better = sum(b[g][0] > a[g][0] for g in common)
    worse = sum(b[g][0] < a[g][0] for g in common)

    def cpu(rows: dict[tuple[int, int], tuple[float, float, int]]) -> float:
        moves = sum(rows[g][2] for g in common)
        return sum(rows[g][1] for g in common) / moves if moves else 0.0

    print(
        f"{n} games: A {wins_a:g} ({100 * wins_a / n:.1f}%), B {wins_b:g} ({100 * wins_b / n:.1f}%); "
        f"B won and A lost {better}, the reverse {worse} (sign test p = {sign_test(better, worse):.3f}); "
        f"CPU a move A {cpu(a):.3f} s, B {cpu(b):.3f} s"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
