"""benchmarks/strength_paired.py: two settings compared game by game on the same seeded deals."""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.strength_paired import load, sign_test


def _row(game: int, agent: str, ismcts_seat: int, win: float) -> str:
    other = 1 - ismcts_seat
    row = {"game": game, "seed": 1, f"agent_s{ismcts_seat}": agent, f"agent_s{other}": "heuristic"}
    row.update({f"win_s{ismcts_seat}": win, f"win_s{other}": 1 - win, f"cpu_s{ismcts_seat}": 0.5})
    row.update({f"moves_s{ismcts_seat}": 10, f"cpu_s{other}": 0.0, f"moves_s{other}": 10})
    return json.dumps(row)


def test_sign_test_is_two_sided_and_exact() -> None:
    assert sign_test(0, 0) == 1.0
    assert sign_test(5, 5) == 1.0
    assert abs(sign_test(6, 0) - 2 / 64) < 1e-12  # both all-one-way splits of 6 games
    assert abs(sign_test(0, 6) - sign_test(6, 0)) < 1e-12
    assert sign_test(84, 35) < 0.001  # Zombie Overlord's paired comparison (docs/figures/strength.md)


def test_load_keeps_the_named_agents_rows_keyed_by_deal(tmp_path: Path) -> None:
    f = tmp_path / "rows.jsonl"
    lines = [_row(0, "ismcts:a", 0, 1.0), _row(1, "ismcts:a", 1, 0.0), _row(0, "ismcts:b", 0, 0.0), ""]
    f.write_text("\n".join(lines))
    a = load(f, "ismcts:a")
    assert a == {(1, 0): (1.0, 0.5, 10), (1, 1): (0.0, 0.5, 10)}  # the IS-MCTS seat, whichever it was
    assert load(f, "ismcts:b") == {(1, 0): (0.0, 0.5, 10)}
    assert len(load(f, None)) == 2  # without a name, a later row of the same deal replaces the earlier


def test_load_finds_the_search_seat_at_any_table_and_keeps_one_cell(tmp_path: Path) -> None:
    def row(game: int, cell: str, seat: int, win: float) -> str:
        out: dict[str, object] = {"game": game, "seed": 1, "players": 3, "cell": cell}
        for s in range(3):
            out[f"agent_s{s}"] = "ismcts" if s == seat else "heuristic"
            out[f"win_s{s}"] = win if s == seat else 0.0
            out[f"cpu_s{s}"], out[f"moves_s{s}"] = (0.25, 5) if s == seat else (0.0, 5)
        return json.dumps(out)

    f = tmp_path / "rows.jsonl"
    f.write_text("\n".join([row(0, "marathon-3p", 2, 1.0), row(0, "blitz-3p", 1, 0.5)]))
    assert load(f, "ismcts", "marathon-3p") == {(1, 0): (1.0, 0.25, 5)}  # the third seat's
    assert load(f, "ismcts", "blitz-3p") == {(1, 0): (0.5, 0.25, 5)}
    assert load(f, "ismcts", "duel") == {}
