"""The tournament: computer players against each other, with confidence intervals and move times.

``python -m engine.ai.tournament`` plays each match-up (a Mister X player against
a detectives' player) for ``--games`` games. Game *i* starts Mister X on the
edition's *i*-th Mister X start station in turn and deals the other pieces with
seed ``--seed + i``; the players' seeds follow from it, so a run is repeatable.
Games run in parallel over ``--processes`` worker processes.

Players: ``random``, ``greedy`` (the baselines of ``engine.ai.baselines``) and
the levels ``easy``, ``normal``, ``hard`` of ``engine.ai.players``. Each
match-up prints one line::

    normal_vs_greedy: mrx_win_rate=0.91 ci95=0.84..0.95 games=100 max_move_s=0.210 mean_move_s=0.050 wall_s=95

(the win rate's 95% Wilson interval; the move times are per call of a computer
player: a Mister X move, or a detectives' whole round) followed by each side's
mean and worst move time, and with ``--per-start`` a table by start station.

>>> [round(bound, 3) for bound in wilson(80, 100)]
[0.711, 0.867]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.ai.baselines import greedy_detective, greedy_mister_x
from engine.ai.distance import distances
from engine.ai.model import tables
from engine.ai.players import LEVELS, choose_detective_moves, choose_mister_x_move
from engine.board import london
from engine.deduction import start_candidates
from engine.editions import Ruleset, StartDeal, find_ruleset
from engine.game import Game
from engine.moves import DetectiveMove, DoubleMove, MisterXMove
from engine.outcome import Side
from engine.position import Position, deal

PLAYERS = ("random", "greedy") + LEVELS
"""The players a match-up may name."""

DEFAULT_MATCHUPS = ("normal:greedy", "greedy:normal", "normal:normal")
"""The three match-ups of the issue's bars: ours against greedy detectives, greedy Mister X against ours, ours against ours."""


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% for the default *z*)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)


def start_position(ruleset: Ruleset, players: int, start: int, seed: int) -> Position:
    """A new game with Mister X on *start*; the other pieces dealt with *seed* from the cards left."""
    dealt = deal(ruleset, players, seed=seed)
    count = len(dealt.pieces)
    rng = random.Random(seed)
    if ruleset.start_deal is StartDeal.SHARED:
        stations = rng.sample([s for s in ruleset.detective_starts if s != start], count)
    elif ruleset.start_deal is StartDeal.SPLIT:
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
    mister_x_times: tuple[float, ...]
    detective_times: tuple[float, ...]


def play_game(edition: str, players: int, mister_x: str, detectives: str, index: int, seed: int) -> GameResult:
    """One game of the tournament (also the tests' workload)."""
    ruleset = find_ruleset(edition)
    start = ruleset.mister_x_starts[index % len(ruleset.mister_x_starts)]
    game_seed = seed + index
    game = Game(start_position(ruleset, players, start, game_seed))
    rng = random.Random(game_seed)
    x_times: list[float] = []
    d_times: list[float] = []
    while not game.is_over:
        step = len(game.actions)
        if game.turn is Side.MISTER_X:
            view = game.mister_x_view()
            began = time.perf_counter()
            move: MisterXMove | DoubleMove
            if mister_x == "random":
                move = rng.choice(view.moves)
            elif mister_x == "greedy":
                move = greedy_mister_x(game.board, view)
            else:
                move = choose_mister_x_move(view, game.board, mister_x, seed=game_seed * 1000 + step)
            x_times.append(time.perf_counter() - began)
            game.play(move)
            continue
        began = time.perf_counter()
        if detectives == "random":
            piece = game.to_move()[0]
            game.play(rng.choice(game.moves_of(piece)))
        elif detectives == "greedy":
            game.play(greedy_detective(game.board, game.public_view(), game.legal_moves()))  # type: ignore[arg-type]
        else:
            moves: list[DetectiveMove] = choose_detective_moves(game.public_view(), game.board, detectives, seed=game_seed * 1000 + step)
            if not moves:
                raise RuntimeError(f"the {detectives} detectives found no move in {game!r}")
            for m in moves:
                if game.is_over or game.turn is not Side.DETECTIVES:
                    break
                game.play(m)
        d_times.append(time.perf_counter() - began)
    outcome = game.outcome
    assert outcome is not None
    return GameResult(index, start, outcome.winner is Side.MISTER_X, outcome.reason.value, tuple(x_times), tuple(d_times))


def _play(task: tuple[str, int, str, str, int, int]) -> GameResult:
    return play_game(*task)


def _warm(edition: str) -> None:
    """Build a worker's board tables before its first timed move (the console's worker does the same once)."""
    ruleset = find_ruleset(edition)
    tables(london(), ruleset.transports)
    distances(london(), ruleset.transports)


@dataclass(frozen=True)
class MatchResult:
    mister_x: str
    detectives: str
    results: tuple[GameResult, ...]
    wall_s: float

    @property
    def wins(self) -> int:
        return sum(r.mister_x_won for r in self.results)

    def line(self) -> str:
        games = len(self.results)
        low, high = wilson(self.wins, games)
        times = [t for r in self.results for t in (*self._own(r, "x"), *self._own(r, "d"))]
        worst = max(times, default=0.0)
        mean = sum(times) / len(times) if times else 0.0
        return (
            f"{self.mister_x}_vs_{self.detectives}: mrx_win_rate={self.wins / games:.2f} ci95={low:.2f}..{high:.2f} "
            f"games={games} max_move_s={worst:.3f} mean_move_s={mean:.3f} wall_s={self.wall_s:.0f}"
        )

    def _own(self, result: GameResult, side: str) -> tuple[float, ...]:
        """Move times of the computer players (the baselines' are left out)."""
        if side == "x":
            return result.mister_x_times if self.mister_x in LEVELS else ()
        return result.detective_times if self.detectives in LEVELS else ()

    def sides(self) -> str:
        parts = []
        for label, times in (("mister_x", [t for r in self.results for t in r.mister_x_times]), ("detectives", [t for r in self.results for t in r.detective_times])):
            if times:
                parts.append(f"{label} mean_move_s={sum(times) / len(times):.3f} max_move_s={max(times):.3f} moves={len(times)}")
        return "  " + "; ".join(parts)

    def per_start(self) -> list[str]:
        lines = []
        for start in sorted({r.start for r in self.results}):
            games = [r for r in self.results if r.start == start]
            wins = sum(r.mister_x_won for r in games)
            lines.append(f"  start {start:3d}: mrx_wins={wins}/{len(games)}")
        return lines


def run_match(edition: str, players: int, mister_x: str, detectives: str, games: int, seed: int, processes: int) -> MatchResult:
    """Play *games* games of *mister_x* against *detectives*."""
    tasks = [(edition, players, mister_x, detectives, i, seed) for i in range(games)]
    began = time.perf_counter()
    if processes <= 1:
        _warm(edition)
        results = [_play(task) for task in tasks]
    else:
        context = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
        with context.Pool(processes, initializer=_warm, initargs=(edition,)) as pool:
            results = list(pool.imap_unordered(_play, tasks, chunksize=1))
    results.sort(key=lambda r: r.index)
    return MatchResult(mister_x, detectives, tuple(results), time.perf_counter() - began)


def _matchup(text: str) -> tuple[str, str]:
    mister_x, _, detectives = text.partition(":")
    if mister_x not in PLAYERS or detectives not in PLAYERS:
        raise argparse.ArgumentTypeError(f"a match-up is MISTER_X:DETECTIVES, each one of {', '.join(PLAYERS)}; not {text!r}")
    return mister_x, detectives


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m engine.ai.tournament", description=__doc__.splitlines()[0])
    parser.add_argument("matchups", nargs="*", type=_matchup, metavar="MISTER_X:DETECTIVES", help=f"default: {' '.join(DEFAULT_MATCHUPS)}")
    parser.add_argument("--edition", default="classic", help="edition (default classic)")
    parser.add_argument("--players", type=int, default=6, help="players, Mister X counted (default 6: five detectives)")
    parser.add_argument("--level", choices=LEVELS, help="play the default match-ups at this level instead of normal")
    parser.add_argument("--games", type=int, default=100, help="games per match-up (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1, help="worker processes (default: the cores)")
    parser.add_argument("--per-start", action="store_true", help="also print Mister X's wins by start station")
    args = parser.parse_args(argv)
    find_ruleset(args.edition)
    matchups = args.matchups or [_matchup(m.replace("normal", args.level or "normal")) for m in DEFAULT_MATCHUPS]
    for mister_x, detectives in matchups:
        match = run_match(args.edition, args.players, mister_x, detectives, args.games, args.seed, args.processes)
        print(match.line())
        print(match.sides())
        if args.per_start:
            print("\n".join(match.per_start()))


if __name__ == "__main__":
    main()
