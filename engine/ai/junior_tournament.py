"""The Junior tournament: computer rogues against computer detectives, with confidence intervals and move times.

``python -m engine.ai.junior_tournament`` plays each match-up (a rogues' player
against a detectives' player) for ``--games`` games of ``--rogues`` rogues in
the default district. Game *i* starts the rogues on the district's *i*-th X
space (with two rogues: the *i*-th ordered pair of X spaces) in turn, through
``JuniorGame.new`` with the first seed from ``--seed`` that deals that start;
the players' seeds follow from it, so a run is repeatable. Games run in
parallel over ``--processes`` worker processes.

Players: ``random`` (a uniform choice among the listed steps) and the levels
``easy`` and ``normal`` of ``engine.ai.junior``. Each match-up prints one line::

    normal_vs_normal: rogue_win_rate=0.52 ci95=0.45..0.59 games=200 mean_rounds=7.9 max_move_ms=9.1 mean_move_ms=2.3 wall_s=4

(the win rate's 95% Wilson interval; the move times are per call of a computer
player: the rogues' choices of a round, or the detectives' steps of a round),
then the rogues' wins by start.

>>> result = play_game("normal", "easy", rogues=1, index=0, seed=0)
>>> result.starts, result.rounds >= 3
((50,), True)
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations

from engine.ai.junior import JUNIOR_LEVELS, choose_detective_steps, choose_rogue_steps
from engine.ai.tournament import wilson
from engine.junior.district import District, districts, find_district
from engine.junior.game import JuniorGame, Step, Team

PLAYERS = ("random",) + JUNIOR_LEVELS
"""The players a match-up may name."""

DEFAULT_MATCHUPS = ("normal:normal", "easy:easy", "normal:easy", "easy:normal")
"""Equal players (the district's balance), then each level against the other."""


def _default() -> District:
    return next(iter(districts().values()))


def start_of(district: District, rogues: int, index: int) -> tuple[int, ...]:
    """The rogues' X spaces in game *index*: the district's X spaces (or ordered pairs of them) in turn."""
    cycle = [(s,) for s in district.rogue_starts] if rogues == 1 else list(permutations(district.rogue_starts, 2))
    return cycle[index % len(cycle)]


def deal_seed(district: District, rogues: int, starts: tuple[int, ...], seed: int) -> int:
    """The first seed from *seed* with which ``JuniorGame.new`` puts the rogues on *starts*."""
    while tuple(random.Random(seed).sample(district.rogue_starts, rogues)) != starts:
        seed += 1
    return seed


@dataclass(frozen=True)
class GameResult:
    index: int
    starts: tuple[int, ...]
    rogues_won: bool
    rounds: int
    rogue_times: tuple[float, ...]
    detective_times: tuple[float, ...]


def play_game(rogue_player: str, detective_player: str, rogues: int, index: int, seed: int, district: District | None = None) -> GameResult:
    """One game of the tournament (also the tests' workload)."""
    place = district or _default()
    starts = start_of(place, rogues, index)
    game_seed = deal_seed(place, rogues, starts, seed * 100_003 + index * 1_009)
    game = JuniorGame.new(place, rogues=rogues, seed=game_seed)
    rng = random.Random(game_seed)
    times: dict[bool, list[float]] = {True: [], False: []}  # move times of the rogues' player (True), the detectives' (False)
    while not game.is_over:
        turn = game_seed * 1000 + len(game.actions)
        began = time.perf_counter()
        rogues_turn = bool(game.to_choose())
        player = rogue_player if rogues_turn else detective_player
        steps: Sequence[Step]
        if player == "random":
            steps = [rng.choice(game.steps_of(piece)) for piece in (game.to_choose() if rogues_turn else game.to_move())]
        else:
            steps = (choose_rogue_steps if rogues_turn else choose_detective_steps)(game.public_view(), player, turn)
            times[rogues_turn].append(time.perf_counter() - began)
        for step in steps:
            (game.choose if rogues_turn else game.move)(step)
    return GameResult(index, starts, game.outcome is Team.ROGUES, len(game.results), tuple(times[True]), tuple(times[False]))


def _play(task: tuple[str, str, int, int, int, str]) -> GameResult:
    rogue_player, detective_player, rogues, index, seed, name = task
    return play_game(rogue_player, detective_player, rogues, index, seed, find_district(name) if name else None)


@dataclass(frozen=True)
class MatchResult:
    rogues: str
    detectives: str
    results: tuple[GameResult, ...]
    wall_s: float

    @property
    def wins(self) -> int:
        return sum(r.rogues_won for r in self.results)

    def line(self) -> str:
        games = len(self.results)
        low, high = wilson(self.wins, games)
        times = [t for r in self.results for t in (*r.rogue_times, *r.detective_times)]
        worst = max(times, default=0.0) * 1000
        mean = sum(times) / len(times) * 1000 if times else 0.0
        rounds = sum(r.rounds for r in self.results) / games
        return (f"{self.rogues}_vs_{self.detectives}: rogue_win_rate={self.wins / games:.2f} ci95={low:.2f}..{high:.2f} "
                f"games={games} mean_rounds={rounds:.1f} max_move_ms={worst:.1f} mean_move_ms={mean:.1f} wall_s={self.wall_s:.0f}")

    def per_start(self) -> list[str]:
        lines = []
        for starts in sorted({r.starts for r in self.results}):
            games = [r for r in self.results if r.starts == starts]
            wins = sum(r.rogues_won for r in games)
            lines.append(f"  start {'+'.join(map(str, starts)):>7}: rogue_wins={wins}/{len(games)} ({wins / len(games):.2f})")
        return lines


def run_match(rogue_player: str, detective_player: str, rogues: int, games: int, seed: int, processes: int,
              district: str = "") -> MatchResult:
    """Play *games* games of *rogue_player* against *detective_player* (in the shipped *district*, default the first)."""
    tasks = [(rogue_player, detective_player, rogues, i, seed, district) for i in range(games)]
    began = time.perf_counter()
    if processes <= 1:
        results = [_play(task) for task in tasks]
    else:
        context = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
        with context.Pool(processes) as pool:
            results = list(pool.imap_unordered(_play, tasks, chunksize=4))
    results.sort(key=lambda r: r.index)
    return MatchResult(rogue_player, detective_player, tuple(results), time.perf_counter() - began)


def _matchup(text: str) -> tuple[str, str]:
    rogue_player, _, detective_player = text.partition(":")
    if rogue_player not in PLAYERS or detective_player not in PLAYERS:
        raise argparse.ArgumentTypeError(f"a match-up is ROGUE:DETECTIVES, each one of {', '.join(PLAYERS)}; not {text!r}")
    return rogue_player, detective_player


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m engine.ai.junior_tournament", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("matchups", nargs="*", type=_matchup, metavar="ROGUE:DETECTIVES", help=f"default: {' '.join(DEFAULT_MATCHUPS)}")
    parser.add_argument("--games", type=int, default=200, help="games per match-up (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    parser.add_argument("--rogues", type=int, choices=(1, 2), default=1, help="1 (Mister FOX) or 2 (with ROXy); default 1")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1, help="worker processes (default: the cores)")
    parser.add_argument("--district", default="", help=f"a shipped district (default: {_default().name})")
    args = parser.parse_args(argv)
    if args.district:
        find_district(args.district)
    for rogue_player, detective_player in args.matchups or [_matchup(m) for m in DEFAULT_MATCHUPS]:
        match = run_match(rogue_player, detective_player, args.rogues, args.games, args.seed, args.processes, args.district)
        print(match.line())
        print("\n".join(match.per_start()))


if __name__ == "__main__":
    main()
