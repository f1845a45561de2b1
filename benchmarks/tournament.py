"""The tournament: computer players against each other, with confidence intervals and move times.

``python -m benchmarks.tournament`` plays each match-up (a Mister X player against
a detectives' player) for ``--games`` games. Game *i* starts Mister X on the
edition's *i*-th Mister X start station in turn and deals the other pieces with
seed ``--seed + i``; the players' seeds follow from it, so a run is repeatable.
Games run in parallel over ``--processes`` worker processes.

Players: ``random``, ``greedy``, ``novice`` (the baselines and scripted novices of
``engine.ai.baselines``: the novice Mister X is the greedy one, running from the nearest
detective; novice detectives chase his last reveal) and the levels ``beginner``,
``easy``, ``normal``, ``hard``, ``expert`` of ``engine.ai.players``, and
``easy-steady``, ``normal-steady``, ``hard-steady``: those levels' searches without
their slips, as they played before they slipped (the yardstick ``expert`` must beat);
a level's name may add its share of work (``hard@2``) and a clock (``expert~0.25``:
``benchmarks.computer``). Each match-up prints one line::

    normal_vs_greedy: mrx_win_rate=0.91 ci95=0.84..0.95 games=100 max_move_s=0.210 mean_move_s=0.050 wall_s=95

(the win rate's 95% Wilson interval; the move times are per call of a computer
player: a Mister X move, or a detectives' whole round) followed by each side's
mean and worst move time, and with ``--per-start`` a table by start station.

>>> start_position(find_ruleset("classic"), 6, 13, seed=0).mister_x
13
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial

from benchmarks.computer import STEADY_LEVELS, Timing, computer, player
from benchmarks.habits import HABITS, habits
from benchmarks.matches import Match, Tournament, in_turn, move_seed
from engine.ai.baselines import greedy_detective, greedy_mister_x, novice_detective
from engine.ai.distance import distances
from engine.ai.model import tables
from engine.ai.players import LEVELS
from engine.board import london
from engine.deduction import start_candidates
from engine.editions import Ruleset, StartDeal, find_ruleset
from engine.game import Game
from engine.moves import DoubleMove, MisterXMove
from engine.outcome import Side
from engine.position import Position, deal

PLAYERS = ("random", "greedy", "novice", *LEVELS, *STEADY_LEVELS)
"""The players a match-up may name (with ``@WORK`` and ``~CLOCK`` after a level: ``benchmarks.computer``)."""

DEFAULT_MATCHUPS = ("normal:greedy", "greedy:normal", "normal:normal")
"""The three match-ups measured by default: ours against greedy detectives, greedy Mister X against ours, ours against ours."""

TOURNAMENT = Tournament("tournament", __doc__, PLAYERS, "MISTER_X", DEFAULT_MATCHUPS, games=100, player=player)


def start_position(ruleset: Ruleset, players: int | None, start: int, seed: int,
                   pieces: tuple[int, int] | None = None) -> Position:
    """A new game with Mister X on *start*; the other pieces dealt with *seed* from the cards left.

    *pieces* (detectives, bobbies) steps away from the edition's table for *players*, as the setup lets players do."""
    detectives, bobbies = pieces if pieces is not None else (None, None)
    dealt = deal(ruleset, players, detectives=detectives, bobbies=bobbies, seed=seed)
    count = len(dealt.pieces)
    rng = random.Random(seed)
    if ruleset.start_deal is StartDeal.SHARED or ruleset.start_deal is StartDeal.SPLIT:
        stations = rng.sample([s for s in ruleset.detective_starts if s != start], count)
    else:
        stations = [p.station for p in dealt.pieces]
    pieces = tuple(replace(p, station=s) for p, s in zip(dealt.pieces, stations))
    occupied = sum(1 << s for s in stations)
    return replace(dealt, mister_x=start, pieces=pieces, dealt=tuple(stations), possible=start_candidates(ruleset, stations, occupied))


@dataclass(frozen=True)
class GameResult:
    index: int
    start: int
    mister_x_won: bool
    reason: str
    mister_x_times: tuple[Timing, ...]
    detective_times: tuple[Timing, ...]
    habits: tuple[int, ...] = ()
    """Mister X's habits in this game, counted in ``benchmarks.habits.HABITS``' order."""
    watched: Counter[object] = field(default_factory=Counter)
    """What *watch* counted at the start of each detectives' round (``play_game``)."""

    @property
    def won(self) -> bool:
        return self.mister_x_won

    @property
    def starts(self) -> tuple[int, ...]:
        return (self.start,)


Watch = Callable[[Game], Counter[object]]
"""Counts something of a game at the start of each detectives' round (``benchmarks.categories``)."""


def play_game(edition: str | Ruleset, players: int | None, mister_x: str, detectives: str, index: int, seed: int,
              watch: Watch | None = None, pieces: tuple[int, int] | None = None) -> GameResult:
    """One game of the tournament (also the tests' workload), with *watch*'s counts; *edition* may be a ruleset of its
    own (the setup's quick game, or five reveals), *pieces* as for ``start_position``."""
    ruleset = edition if isinstance(edition, Ruleset) else find_ruleset(edition)
    start = in_turn(ruleset.mister_x_starts, index)
    game_seed = seed + index
    game = Game(start_position(ruleset, players, start, game_seed, pieces))
    rng = random.Random(game_seed)
    x_times: list[Timing] = []
    d_times: list[Timing] = []
    counted: Counter[str] = Counter()
    watched: Counter[object] = Counter()
    hunted, hounds = computer(mister_x), computer(detectives)
    while not game.is_over:
        step = len(game.actions)
        if game.turn is Side.MISTER_X:
            view = game.mister_x_view()
            move: MisterXMove | DoubleMove
            if hunted is not None:
                move, timing = hunted.mister_x(view, game.board, seed=move_seed(game_seed, step))
                x_times.append(timing)
            elif mister_x == "random":
                move = rng.choice(view.moves)
            else:  # greedy, and the novice Mister X, who runs from the nearest detective: the greedy one
                move = greedy_mister_x(game.board, view)
            counted += habits(game.board, view, move)
            game.play(move)
            if watch is not None and not game.is_over:
                watched += watch(game)
            continue
        if hounds is not None:
            forced = all(len(game.moves_of(piece)) <= 1 for piece in game.to_move())
            moves, timing = hounds.detectives(game.public_view(), game.board, seed=move_seed(game_seed, step), forced=forced)
            d_times.append(timing)
            if not moves:
                raise RuntimeError(f"the {detectives} detectives found no move in {game!r}")
            for m in moves:
                if game.is_over or game.turn is not Side.DETECTIVES:
                    break
                game.play(m)
        elif detectives == "random":
            piece = game.to_move()[0]
            game.play(rng.choice(game.moves_of(piece)))
        else:
            baseline = greedy_detective if detectives == "greedy" else novice_detective
            game.play(baseline(game.board, game.public_view(), game.single_moves()))  # type: ignore[arg-type]
    outcome = game.outcome
    assert outcome is not None
    return GameResult(index, start, outcome.winner is Side.MISTER_X, outcome.reason.value, tuple(x_times), tuple(d_times),
                      tuple(counted[name] for name in HABITS), watched)


def _warm(edition: str | Ruleset) -> None:
    """Build a worker's board tables before its first timed move (the console's worker does the same once)."""
    ruleset = edition if isinstance(edition, Ruleset) else find_ruleset(edition)
    tables(london(), ruleset.transports)
    distances(london(), ruleset.transports)


class MatchResult(Match[GameResult]):
    """A classic match-up: Mister X's wins (``mrx``), the computer players' move times in seconds."""

    SIDE = "mrx"

    def timed(self, result: GameResult) -> tuple[float, ...]:
        """Move times of the computer players (the baselines make none), in wall seconds."""
        return tuple(t.wall_s for t in (*result.mister_x_times, *result.detective_times))

    def habits(self) -> str:
        """Mister X's habits over the match-up's games (``benchmarks.habits``)."""
        totals = [sum(r.habits[k] for r in self.results) for k in range(len(HABITS))]
        return "  habits: " + " ".join(f"{name}={total}" for name, total in zip(HABITS, totals))

    def sides(self) -> str:
        parts = []
        for label, timings in (("mister_x", [t for r in self.results for t in r.mister_x_times]),
                               ("detectives", [t for r in self.results for t in r.detective_times])):
            if timings:
                times = [t.wall_s for t in timings]
                parts.append(f"{label} mean_move_s={sum(times) / len(times):.3f} max_move_s={max(times):.3f} moves={len(times)}")
        return "  " + "; ".join(parts)


def run_match(edition: str | Ruleset, players: int | None, mister_x: str, detectives: str, games: int, seed: int, processes: int,
              pieces: tuple[int, int] | None = None) -> MatchResult:
    """Play *games* games of *mister_x* against *detectives* (``play_game``'s *edition* and *pieces*)."""
    game = partial(play_game, edition, players, mister_x, detectives, seed=seed, pieces=pieces)
    return MatchResult.play(mister_x, detectives, game, games, processes, warm=partial(_warm, edition))


def main(argv: Sequence[str] | None = None) -> None:
    parser = TOURNAMENT.parser()
    parser.add_argument("--edition", default="classic", help="edition (default classic)")
    parser.add_argument("--players", type=int, default=6, help="players, Mister X counted (default 6: five detectives)")
    parser.add_argument("--level", choices=LEVELS, help="play the default match-ups at this level instead of normal")
    parser.add_argument("--per-start", action="store_true", help="also print Mister X's wins by start station")
    parser.add_argument("--habits", action="store_true", help="also print how Mister X spent his double moves and black tickets")
    args = parser.parse_args(argv)
    find_ruleset(args.edition)

    def report(mister_x: str, detectives: str) -> list[str]:
        match = run_match(args.edition, args.players, mister_x, detectives, args.games, args.seed, args.processes)
        return [match.line(), match.sides(), *([match.habits()] if args.habits else []), *(match.per_start() if args.per_start else [])]

    TOURNAMENT.run(args.matchups, report, [m.replace("normal", args.level or "normal") for m in DEFAULT_MATCHUPS])


if __name__ == "__main__":
    main()
