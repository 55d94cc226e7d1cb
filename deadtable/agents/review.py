"""Post-game review: what each decision of one seat cost, judged only from what that seat knew.

For every decision of the seat in a recorded game (decisions with one legal action are skipped, and
with `skip_routine` the ones the game calls routine, `Game.routine(view)`), the IS-MCTS search of
`deadtable.agents.ismcts` is run from `seat_info(state, rng)`: the seat's view and determinizations
drawn from what it could know, never the real hidden cards (a test reviews two twin games that
differ only in cards the seat could not see, and gets the same review).

The search runs in `sweep` mode with `tree_depth=1`: each iteration draws one determinization and
plays *every* legal action on it, then plays on to the end of the game with the game's heuristic
(a game without one, Carson City Zoo, uses the generic greedy player on one sample) for every seat. So every
action, the played one included, gets the same number of samples on the same hidden cards and
rollout luck (common random numbers), and the reward of a sample is the seat's share of the win
at the end of the game (1 won, 1/k for a win shared by k, 0 lost; ranks and scores are not used).
An action's mean is therefore an estimate of the seat's **winning chance if every seat plays on as
the heuristic would**, a probability in [0, 1]. Measured against real games that raw estimate is
off in a systematic way, so a game with a calibration map (`deadtable.agents.calibration`, fitted
on training games) reports every chance through it: the review shows the **calibrated** chance, and
losses and flags are differences of calibrated chances (the map is monotone, so the ranking of the
actions is the raw one). benchmarks/calibration.py checks the calibrated chance against the observed
win rates of held-out games (docs/players.md, "Review"; docs/figures/calibration.md).

`iterations` is the budget of playouts per decision, spent in two steps (`Budget`; the default,
`CHEAP`). The **screen** sweeps every action with 35% of it: each action gets
`ceil(0.35 x iterations / actions)` samples, at least `MIN_SAMPLES`; it finds the best action. Its
means are not reported: the best of many noisy means is biased upwards (the winner's curse), and
the played move is often that best, so its screen mean would make every chance a little too sure
(benchmarks/calibration.py measured it: Overlords' 70-90% bins 6-7 points too high). The
**confirm** then measures again on fresh shared samples, half the budget: when the played move
screens as good as the best, the played move alone (its loss is 0; the confirm gives its chance,
`ceil(0.25 x iterations)` samples), otherwise the best and the played move together (a quarter of
the budget each), and those are the figures reported: at most 0.85 x `iterations` playouts a
decision, 0.6 x for most (when the screen's MIN_SAMPLES per action do not ask for more).
`THOROUGH`, the review before the budget was split (the whole budget screens, the whole budget
confirms, the best and the played move even when the played move screens as the best), costs
about 2.5 times as much; benchmarks/review_cost.py compares the flags of both. The loss of a move is
the best action's estimate minus the played one's; its flag follows `THRESHOLDS` (in points of
winning chance): loss >= 0.20 is a blunder, >= 0.10 a mistake, >= 0.05 an inaccuracy. With few
samples an estimate carries noise of several points (`stderr`), so small flags on close moves are
not proof.

Each decision is one task on a process pool (`workers`), reproducible: decision k's generator is
seeded from (`seed`, move number), so the review depends only on the game, the seat, the budget and
the seed, never on the number of workers or the order tasks finish in.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from typing import Any, Final

from deadtable.core import Action, Agent, Game, Record, SeatInfo, State, game, seat_info
from deadtable.core.errors import DeadtableError, IllegalAction, RecordError
from deadtable.core.record import REPLAY_FAILED, pinned
from deadtable.core.state import LOG_I18N, LOG_START
from deadtable.i18n import N_

from . import calibration
from .greedy import GreedyAgent
from .ismcts import IsmctsAgent

DEFAULT_ITERATIONS: Final = 200  # playouts per decision (the CLI's default)
# The review's method, for results kept across runs (benchmarks/calibration.py's rows): raised
# whenever the chances it reports change. 2: every reported chance a fresh measure.
METHOD: Final = 2
SERVER_ITERATIONS: Final = 200  # the online table's smaller budget
MIN_SAMPLES: Final = 8  # samples per action whatever the budget: the played move always gets some
ROLLOUT_TO_THE_END: Final = 1_000_000  # rollout_depth: play on until the game is over

INACCURACY: Final = "inaccuracy"
MISTAKE: Final = "mistake"
BLUNDER: Final = "blunder"
# The smallest loss (in winning chance) of each flag, the gravest first.
THRESHOLDS: Final = ((BLUNDER, 0.20), (MISTAKE, 0.10), (INACCURACY, 0.05))


def flag(loss: float) -> str | None:
    """The flag a loss in winning chance earns (THRESHOLDS), or None.

    >>> flag(0.25), flag(0.1), flag(0.05), flag(0.049)
    ('blunder', 'mistake', 'inaccuracy', None)
    """
    for name, least in THRESHOLDS:
        if loss >= least - 1e-12:
            return name
    return None


class ReviewSearch(IsmctsAgent):
    """IS-MCTS set up to estimate winning chances (see the module doc): every root action swept on
    shared determinizations and played on to the end by the game's heuristic (else greedy)."""

    def __init__(self, samples: int) -> None:
        super().__init__(
            iterations=samples,
            sweep=True,
            tree_depth=1,
            rollout="heuristic",
            rollout_depth=ROLLOUT_TO_THE_END,
            routine="search",
        )

    def game_heuristic(self, the_game: Game) -> Agent | None:
        own = super().game_heuristic(the_game)
        return own if own is not None else GreedyAgent(samples=1)  # one sample: playouts stay cheap


# What the review says of its playouts, by the bot that plays them (`playout_bot`).
PLAYED_ON: Final = {
    "heuristic": N_("Each sampled game is played on to the end by the game's heuristic bot."),
    "greedy": N_("Each sampled game is played on to the end by the generic greedy bot."),
}


def playout_bot(the_game: Game) -> str:
    """The bot that plays the review's sampled games on: the game's heuristic, else greedy (the
    strongest bot cheap enough to play thousands of games a decision; the search is not)."""
    return "heuristic" if "heuristic" in the_game.agents() else "greedy"


def samples_for(iterations: int, actions: int) -> int:
    """Samples per action for a budget of `iterations` playouts over `actions` actions.

    >>> samples_for(400, 5), samples_for(400, 100), samples_for(10, 2)
    (80, 8, 8)
    """
    return max(MIN_SAMPLES, math.ceil(iterations / max(1, actions)))


@dataclass(frozen=True)
class Estimate:
    """One action's estimated winning chance for the seat, from `samples` playouts."""

    action: str
    chance: float
    samples: int

    @property
    def stderr(self) -> float:
        p = self.chance
        return math.sqrt(max(p * (1 - p), 0.0) / self.samples) if self.samples else 1.0


@dataclass
class Decision:
    """One reviewed decision of the seat."""

    move: int  # 1 = the game's first action (as `deadtable replay` numbers them)
    options: int  # how many legal actions the seat had
    played: str  # the action text (the same in every language)
    narration: list[dict[str, Any]]  # what the seat was told of its move (JSON messages)
    played_chance: float
    best: str
    best_chance: float
    samples: int  # per action
    loss: float = 0.0
    flag: str | None = None
    ranking: list[Estimate] = field(default_factory=list)  # every action, the best first

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["ranking"] = [asdict(e) for e in self.ranking[:5]]
        out["stderr"] = Estimate(self.played, self.played_chance, self.samples).stderr
        return out


@dataclass
class Review:
    game: str
    players: int
    seat: int  # the engine's seat, from 0
    iterations: int
    seed: int
    decisions: list[Decision]
    result: float | None  # the seat's share of the win (None: the record ends before the game)
    calibrated: bool = False  # the chances went through the game's calibration map
    bot: str = "heuristic"  # the bot that plays the sampled games on (`playout_bot`, `PLAYED_ON`)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "bot": self.bot,
            "players": self.players,
            "seat": self.seat,
            "iterations": self.iterations,
            "seed": self.seed,
            "result": self.result,
            "calibrated": self.calibrated,
            "thresholds": dict(THRESHOLDS),
            "decisions": [d.to_json() for d in self.decisions],
        }

    def counts(self) -> dict[str, int]:
        """How many moves got each flag."""
        out = {name: 0 for name, _ in THRESHOLDS}
        for d in self.decisions:
            if d.flag:
                out[d.flag] += 1
        return out


@dataclass(frozen=True)
class Budget:
    """How a decision's `iterations` playouts are spent: `screen` of them sweep every action to find
    the best, then `confirm` of them measure the best and the played move again on fresh samples
    (each a share of `iterations`; each action gets at least MIN_SAMPLES), or the played move alone
    (half of `confirm`) when it screens as good as the best, unless `both_always`."""

    screen: float
    confirm: float
    both_always: bool  # measure the best too when the played move screens as good as the best

    def screen_playouts(self, iterations: int) -> int:
        return max(1, math.ceil(iterations * self.screen))

    def confirm_playouts(self, iterations: int) -> int:
        return max(1, math.ceil(iterations * self.confirm))


# The default: 35% of the budget screens, half confirms (a quarter for each of the best and the
# played move, the played move alone when it screens as the best): at most 0.85 x `iterations`
# playouts a decision (when the screen's MIN_SAMPLES per action do not ask for more), 0.6 x for
# most (benchmarks/review_cost.py).
CHEAP: Final = Budget(screen=0.35, confirm=0.5, both_always=False)
# The review before the budget was split: the whole budget screens, the whole budget confirms the
# best and the played move (about 2.5 times the CPU of CHEAP). benchmarks/review_cost.py
# compares the two.
THOROUGH: Final = Budget(screen=1.0, confirm=1.0, both_always=True)


@dataclass(frozen=True)
class Task:
    """One decision to review: the game's first state and the actions up to the decision."""

    start: State
    actions: tuple[str, ...]  # the moves before the decision
    played: str
    seat: int
    iterations: int
    seed: int
    narration: tuple[dict[str, Any], ...]
    calibrate: bool = True  # False: the raw chances (the calibration benchmark fits and checks maps)
    budget: Budget = CHEAP


def decision_seed(seed: int, move: int) -> int:
    """The generator seed of the decision at `move`: one per (seed, move), nothing else.

    >>> decision_seed(0, 1) != decision_seed(0, 2) != decision_seed(1, 1)
    True
    """
    return (seed * 1_000_003 + move * 7_919 + 0x5EED) % (1 << 63)


def review_decision(task: Task) -> Decision:
    """Search one decision from what its seat knew (a pool task): screen, then confirm (module doc)."""
    state = task.start.clone()
    for text in task.actions:
        state.apply(state.game.parse_action(state, text))
    assert state.current_player == task.seat, "the decision is not the reviewed seat's"
    played = state.game.parse_action(state, task.played)
    actions = state.legal_actions()
    rng = random.Random(decision_seed(task.seed, len(task.actions) + 1))
    # Drawn up front from `rng`: the info never holds the real state, only the seat's view and a
    # determinization of what it cannot see (deadtable.core.agent).
    info = seat_info(state, rng)
    the_map = calibration.for_state(state) if task.calibrate else None  # by game, players, options
    del state
    budget = task.budget
    screen = budget.screen_playouts(task.iterations)
    ranking = _ranked(actions, ReviewSearch(samples_for(screen, len(actions))).analyse(info, rng))
    best = next(a for a in actions if str(a) == ranking[0].action)
    mine = next(e for e in ranking if e.action == str(played))
    if not budget.both_always and mine.chance >= ranking[0].chance:
        # The played move screens as good as the best (often the same move, or one that plays out
        # the same): its loss is 0 whatever a second measure says, so only its chance is measured
        # again, on fresh samples (its screen mean is the best of the screen's: too high).
        best = played
    # The best of many noisy means is biased upwards (the winner's curse): the best and the played
    # action are measured again on fresh shared samples, and those are the figures reported.
    pair = (best,) if best == played else (best, played)
    again = SeatInfo(info.game_id, info.seat, info.players, info.narrated_view, pair, info.sample, info.facts)
    confirm = samples_for(budget.confirm_playouts(task.iterations), 2)
    checked = {e.action: e for e in _ranked(list(pair), ReviewSearch(confirm).analyse(again, rng))}
    if the_map is not None:
        ranking = [Estimate(e.action, the_map(e.chance), e.samples) for e in ranking]
        checked = {a: Estimate(a, the_map(e.chance), e.samples) for a, e in checked.items()}
    top, mine = checked[str(best)], checked[str(played)]
    if mine.chance >= top.chance:  # measured again, the played move is as good: it is the best found
        top = mine
    loss = max(0.0, top.chance - mine.chance)
    return Decision(
        move=len(task.actions) + 1,
        options=len(actions),
        played=str(played),
        narration=list(task.narration),
        played_chance=mine.chance,
        best=top.action,
        best_chance=top.chance,
        samples=mine.samples,
        loss=loss,
        flag=flag(loss),
        ranking=ranking,
    )


def _ranked(actions: list[Action], stats: dict[Action, tuple[int, float]]) -> list[Estimate]:
    """Every action's estimate, the best first (ties: the listed order)."""
    out = [Estimate(str(a), min(1.0, max(0.0, stats[a][1])), stats[a][0]) for a in actions]
    order = sorted(range(len(out)), key=lambda i: (-out[i].chance, i))
    return [out[i] for i in order]


def plan(
    start: State,
    actions: list[str],
    seat: int,
    *,
    iterations: int = DEFAULT_ITERATIONS,
    seed: int = 0,
    skip_routine: bool = False,
    budget: Budget = CHEAP,
) -> list[Task]:
    """The decisions of `seat` to review in the game from `start` played with `actions`."""
    if not 0 <= seat < start.players:
        raise DeadtableError("seat must be 1 to {last}", last=start.players)
    if iterations < 1:
        raise DeadtableError("iterations must be at least 1")
    state = start.clone()
    tasks = []
    for number, text in enumerate(actions, start=1):
        mine = state.current_player == seat
        options = len(state.legal_actions()) if mine else 0
        if mine and options > 1:
            before = state.view(seat)
            told = int(before.get(LOG_START, 0)) + len(before.get(LOG_I18N) or [])
        try:
            action = state.game.parse_action(state, text)
            state.apply(action)
        except IllegalAction as err:
            raise RecordError(REPLAY_FAILED, number=number, text=text, reason=err) from None
        if not mine or options < 2:
            continue
        if skip_routine and start.game.routine(before):
            continue
        after = state.view(seat)
        narration = tuple((after.get(LOG_I18N) or [])[max(0, told - int(after.get(LOG_START, 0))) :])
        tasks.append(
            Task(start, tuple(actions[: number - 1]), text, seat, iterations, seed, narration, budget=budget)
        )
    return tasks


def run(tasks: list[Task], workers: int = 1, progress: Callable[[], None] | None = None) -> list[Decision]:
    """Review every task, one per process of a pool of `workers` (1: in this process), in move order."""
    out = []
    for decision in _stream(tasks, workers):
        out.append(decision)
        if progress:
            progress()
    out.sort(key=lambda d: d.move)
    return out


def _stream(tasks: list[Task], workers: int) -> Iterator[Decision]:
    if workers <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield review_decision(task)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        running: set[Future[Decision]] = {pool.submit(review_decision, t) for t in tasks}
        try:
            while running:
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for fut in done:
                    yield fut.result()
        finally:
            for fut in running:
                fut.cancel()


def start_of(record: Record) -> State:
    """The first state of a recorded game; a record that cannot start one is a RecordError."""
    try:
        return game(record.game).new(record.players, record.seed, **record.options)
    except DeadtableError as err:
        raise RecordError("the record cannot start a game: {reason}", reason=err) from None


def review(
    record: Record,
    seat: int,
    *,
    iterations: int = DEFAULT_ITERATIONS,
    seed: int = 0,
    workers: int = 1,
    skip_routine: bool = False,
    progress: Callable[[int], None] | None = None,
    budget: Budget = CHEAP,
) -> Review:
    """The review of `seat` (from 0) in `record`; `progress(total)` is called once with the number
    of decisions, then `progress(-1)` as each one is done."""
    record = pinned(record)  # a record from before card lists were pinned: the list it was dealt with
    start = start_of(record)
    tasks = plan(
        start,
        record.actions,
        seat,
        iterations=iterations,
        seed=seed,
        skip_routine=skip_routine,
        budget=budget,
    )
    if progress:
        progress(len(tasks))
    decisions = run(tasks, workers, (lambda: progress(-1)) if progress else None)
    calibrated = bool(tasks) and calibration.for_state(start) is not None  # as review_decision maps
    return Review(
        record.game,
        record.players,
        seat,
        iterations,
        seed,
        decisions,
        result_of(start, record, seat),
        calibrated,
        playout_bot(start.game),
    )


def result_of(start: State, record: Record, seat: int) -> float | None:
    """The seat's share of the win at the end of the record, or None if the game is not over."""
    state = start.clone()
    for text in record.actions:
        state.apply(state.game.parse_action(state, text))
    if not state.is_terminal:
        return None
    winners = state.outcome().winners
    return 1.0 / len(winners) if seat in winners else 0.0
