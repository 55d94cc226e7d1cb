"""`deadtable play` on an 80x24 terminal: every game and variant played through a fake terminal.

A screen (the rule naming the seat, the board, the actions) and its prompt fit 24 rows of 80
columns; after a refused input only the reason and the prompt come, so the reason is never
scrolled away; the narration since a seat's last move is all there; the result comes once.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.text import Text

import deadtable
from deadtable.cli.main import cli
from deadtable.core import Record, Variant, replay_states
from deadtable.core.narration import NarrationLog
from deadtable.core.registry import games
from deadtable.i18n import Message

from .terminal import HEIGHT, WIDTH, Exchange, Terminal, play

RULE = "your turn"
REFUSED = ("Not allowed:", "There is no action", "There is no card")


def every_variant() -> list[tuple[str, Variant]]:
    return [(g.id, v) for g in games() for v in g.variants()]


def _args(variant: Variant, seed: int, *more: str) -> list[str]:
    out = ["--players", str(variant.players), "--seat", "1", "--bots", "random", "--seed", str(seed)]
    for k, v in variant.options.items():
        out += ["-o", f"{k}={str(v).lower() if isinstance(v, bool) else v}"]
    return [*out, *more]


def _screen(ex: Exchange) -> list[str]:
    """What a full screen shows above its prompt: from the seat's rule on (the log comes before)."""
    starts = [i for i, line in enumerate(ex.before) if RULE in line]
    return ex.before[starts[-1] :] if starts else []


def _narration(record: Path) -> list[str]:
    """The game's whole narration, gathered after every move of a replay (the screens' reference)."""
    log = NarrationLog()
    for state in replay_states(Record.load(record)):
        log.gather(state.view(0))
    return [Message.from_json(e).render("en") for e in log.entries]


@pytest.mark.parametrize(("game_id", "variant"), every_variant(), ids=lambda x: getattr(x, "name", x))
def test_whole_games_fit_80x24_and_keep_every_refusal_and_log_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, game_id: str, variant: Variant
) -> None:
    # The first seed from 11 whose game lets the script type a move and a refusal (a game of eight
    # can end in its first hand after one move of the person's).
    for seed in range(11, 16):
        terminal = Terminal(random.Random(f"{game_id}/{variant.name}" + (f"/{seed}" if seed > 11 else "")))
        said = play(monkeypatch, tmp_path, game_id, _args(variant, seed), terminal)
        screens = [ex for ex in terminal.exchanges if not ex.refused]
        refusals = [ex for ex in terminal.exchanges if ex.refused]
        if screens and refusals:
            break
    assert screens and refusals, "the script types moves and refusals"
    for ex in screens:
        shown = _screen(ex)
        assert shown, ex.before  # every move is followed by the next screen
        # `before` ends where the prompt is printed: the rule, the board, the actions, the prompt.
        assert len(shown) <= HEIGHT, "\n".join(shown)
        assert max(Text(line).cell_len for line in shown) <= WIDTH, "\n".join(shown)
    for ex in refusals:
        lines = [line for line in ex.before if line.strip()]
        assert not any(RULE in line for line in lines), lines  # no board under a refusal
        # the reason (with the actions a game lists, at times) and nothing else: all of it in view
        assert 1 <= len(lines) <= 6 and lines[0].startswith(REFUSED), lines
    out = terminal.output
    rules = [line for line in out.split("\n") if "Game over" in line and "───" in line]
    assert len(rules) == 1 and out.count("Winner:") == 1 and out.count("Scores:") == 1  # once
    assert out.count("Score sheet") <= 1  # Overlords: on the board, not again as the result's note
    assert "Record saved" in said or "Record saved" in out
    whole = _narration(tmp_path / "game.json")
    assert sum(line.startswith("· ") for line in out.split("\n")) == len(whole)  # each entry once
    flat, at = " ".join(out.split()), 0
    for entry in whole:  # all of them, in order (a long one wraps over lines)
        at = flat.index("· " + " ".join(entry.split()), at) + 1


def test_a_refusal_leaves_the_reason_right_above_the_prompt(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    terminal = Terminal(random.Random(3), refuse_every=1, quit_after=4)
    variant = Variant("2p", 2)
    play(monkeypatch, tmp_path, "zombie-overlord", _args(variant, 5), terminal)
    refusals = [ex for ex in terminal.exchanges if ex.refused]
    assert len(refusals) >= 3
    for ex in refusals:
        assert ex.before[-2].startswith(REFUSED) and ex.before[-1] == ""  # then the prompt


def test_seat_counts_like_the_screen(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    terminal = Terminal(random.Random(1), quit_after=1)
    args = ["--players", "3", "--seat", "2", "--bots", "random", "--seed", "3"]
    play(monkeypatch, tmp_path, "carson-zoo", args, terminal)
    assert "P2, your turn" in terminal.output and "P1, your turn" not in terminal.output
    for seat in ("0", "4", "x"):
        result = CliRunner().invoke(cli, ["play", "carson-zoo", "--players", "3", "--seat", seat])
        assert result.exit_code == 2 and "is not a number from 1 to 3" in result.output
        assert "Traceback" not in result.output


def _shedding(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *more: str) -> Terminal:
    terminal = Terminal(random.Random(2), refuse_every=10**6)
    variant = Variant("marathon-3p", 3, {"mode": "marathon"})
    play(monkeypatch, tmp_path, "zombie-shedding", _args(variant, 4, *more), terminal)
    return terminal


def test_a_question_with_one_answer_is_answered_for_the_person(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    given = _shedding(monkeypatch, tmp_path)
    assert "(your only answer; given for you)" in given.output
    asked = _shedding(monkeypatch, tmp_path, "--ask-always")
    assert "(your only answer; given for you)" not in asked.output

    def single(t: Terminal) -> int:  # screens whose only action is " 1 decline" or the like
        return sum(_only_one(ex) for ex in t.exchanges)

    assert single(given) == 0 and single(asked) > 0


def _only_one(ex: Exchange) -> bool:
    shown = _screen(ex)
    return not ex.refused and len(shown) > 2 and shown[-2].strip().startswith("1 ") and " 2 " not in shown[-2]


def test_help_look_board_list_and_log_answer_without_a_move(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    typed = iter(["?", "look ammo-07", "look nothing", "board", "list", "log", "q"])

    class Scripted(Terminal):
        def input(self, prompt: object = "", **_: object) -> str:
            text = next(typed)
            self.buffer.write(text + "\n")
            return text

    terminal = Scripted(random.Random(0))
    play(monkeypatch, tmp_path, "zombie-overlord", _args(Variant("2p", 2), 3), terminal)
    out = terminal.output
    assert "look CARD" in out  # the help names the commands
    said = " ".join(out.split())  # the terminal wraps a long card text
    assert "Once Per Turn: your next attack gains +2 Attack." in said  # ammo-07's whole text
    assert "Trap · cost 6 · Defense 5(3) · Ammo" in said  # and what its face carries
    assert "There is no card called 'nothing'" in out
    assert out.count("P1, your turn") == 2  # the screen, then `board`
    assert "Record saved" in out


def test_each_game_has_its_card_texts_one_look_away() -> None:
    from deadtable.cli.screen import card_texts

    for game_id, card, words in (
        ("overlords", "zombie", "(1) 1 point"),
        ("overlords", "overlord", "Hired Hand cards first"),
        ("zombie-shedding", "screamer", "finish"),
        ("zombie-overlord", "power down", "Deactivate any Trap"),
    ):
        texts = card_texts(deadtable.game(game_id), {}, "en")
        assert words in texts[card][1], (game_id, card)
    assert card_texts(deadtable.game("zombie-shedding"), {}, "ru")["крикун"][0] == "Крикун (screamer)"


def test_look_tells_what_a_zombie_overlord_card_carries() -> None:
    """`look food-02` tells the Trap's kind, cost, Defense, lure type and lure point, not its title
    alone; a Survivor its attack and lure types, in the reader's language."""
    from deadtable.cli.screen import card_texts

    texts = card_texts(deadtable.game("zombie-overlord"), {}, "en")
    assert texts["food-02"] == ("FOOD (food-02)", "Trap · cost 2 · Defense 2(1) · Food · 1 lure point")
    assert "Once Per Turn" in texts["ammo-07"][1] and "Defense" in texts["ammo-07"][1]
    assert "attack" in texts["minion"][1]
    assert "очко приманки" in card_texts(deadtable.game("zombie-overlord"), {}, "ru")["food-02"][1]


def test_hot_seat_each_person_sees_the_log_since_their_own_last_move(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    terminal = Terminal(random.Random(4), refuse_every=10**6, quit_after=3)
    args = ["--seat", "1,2", "--seed", "2"]
    play(monkeypatch, tmp_path, "carson-zoo", args, terminal)
    screens = [ex.before for ex in terminal.exchanges if not ex.refused]
    seats = [next(line for line in lines if RULE in line).split()[1][:2] for lines in screens]
    first, second = seats[0], seats[1]
    assert first != second and seats[2] == first  # the two people take turns at one keyboard
    told = [[line[2:4] for line in lines if line.startswith("· P")] for lines in screens]
    # the second person sees the first's move; the first then sees its own move and the second's
    assert first in told[1]
    assert told[2] == [first, second]


def test_the_screen_is_cleared_on_a_terminal_and_never_in_piped_output(tmp_path: Path) -> None:
    """Through a real pseudo-terminal of 80x24 (stdlib pty): the screen clears; piped: no escapes."""
    import fcntl
    import os
    import pty
    import struct
    import subprocess
    import sys
    import termios

    argv = [sys.executable, "-m", "deadtable.cli.main", "play", "carson-zoo", "--seed", "3"]
    argv += ["--record", str(tmp_path / "r.json")]
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    proc = subprocess.Popen(argv, stdin=follower, stdout=follower, stderr=follower, env=env)
    os.close(follower)
    os.write(leader, b"place 9 a1\nq\n")
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    proc.wait(timeout=60)
    os.close(leader)
    text = seen.decode("utf-8", "replace")
    assert proc.returncode == 0, text
    assert "\x1b[2J" in text and "Not allowed" in text and "Record saved" in text
    piped = subprocess.run(argv, input="q\n", capture_output=True, text=True, env=env, timeout=60)
    assert piped.returncode == 0 and "\x1b[" not in piped.stdout and "P1, your turn" in piped.stdout


def test_a_crowded_zombie_overlord_table_still_fits(tmp_path: Path) -> None:
    """Four bases of five Traps each, seven cards in hand, the Purchase Phase: the longest board."""
    import io

    from rich.console import Console

    from deadtable.cli.screen import Screen
    from deadtable.games.zombie_overlord.cards import TRAP

    from ..zombie_overlord.helpers import blank, give, trap

    game = deadtable.game("zombie-overlord")
    s = blank(4)
    traps = [c.name for c in s.cs.cards if c.category == TRAP and len(c.abilities) > 1][:11]
    traps += ["food-03", "fuel-06", "medicine-03", "ammo-04", "medicine-08", "food-02", "food-04"]
    traps += ["fuel-03", "ammo-03"]
    for q in range(4):
        for name in traps[q * 5 : q * 5 + 5]:
            trap(s, q, name)
    give(s, 0, "ammo-05", "food-05", "reinforcements", "supply run", "minion", "supply", "supply")
    s.apply(game.parse_action(s, "purchase"))
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, height=HEIGHT, highlight=False, color_system=None)
    Screen(game, s, "en", console).redraw(s, 0)
    lines = out.getvalue().rstrip("\n").split("\n")
    assert sum(len(b) for b in s.view(0)["bases"]) == 20
    assert len(lines) + 1 <= HEIGHT, "\n".join(lines)  # and the prompt under them
    assert max(Text(line).cell_len for line in lines) <= WIDTH
