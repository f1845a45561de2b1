"""The Junior tournament: computer rogues against computer detectives, with confidence intervals and move times.

``python -m benchmarks.junior_tournament`` plays each match-up (a rogues' player
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

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from itertools import permutations

from benchmarks.matches import Match, Tournament, in_turn, move_seed
from engine.ai.junior import JUNIOR_LEVELS, choose_detective_steps, choose_rogue_steps
from engine.junior.district import District, districts, find_district
from engine.junior.game import JuniorGame, Step, Team

PLAYERS = ("random", *JUNIOR_LEVELS)
"""The players a match-up may name."""

DEFAULT_MATCHUPS = ("normal:normal", "easy:easy", "normal:easy", "easy:normal")
"""Equal players (the district's balance), then each level against the other."""

TOURNAMENT = Tournament("junior_tournament", __doc__, PLAYERS, "ROGUE", DEFAULT_MATCHUPS, games=200)


def _default() -> District:
    return next(iter(districts().values()))


def start_of(district: District, rogues: int, index: int) -> tuple[int, ...]:
    """The rogues' X spaces in game *index*: the district's X spaces (or ordered pairs of them) in turn."""
    cycle = [(s,) for s in district.rogue_starts] if rogues == 1 else list(permutations(district.rogue_starts, 2))
    return in_turn(cycle, index)


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

    @property
    def won(self) -> bool:
        return self.rogues_won


def play_game(rogue_player: str, detective_player: str, rogues: int, index: int, seed: int, district: District | None = None) -> GameResult:
    """One game of the tournament (also the tests' workload)."""
    place = district or _default()
    starts = start_of(place, rogues, index)
    game_seed = deal_seed(place, rogues, starts, seed * 100_003 + index * 1_009)
    game = JuniorGame.new(place, rogues=rogues, seed=game_seed)
    rng = random.Random(game_seed)
    times: dict[bool, list[float]] = {True: [], False: []}  # move times of the rogues' player (True), the detectives' (False)
    while not game.is_over:
        turn = move_seed(game_seed, len(game.actions))
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


def _play(rogue_player: str, detective_player: str, rogues: int, seed: int, name: str, index: int) -> GameResult:
    """Game *index* in the shipped district *name* (a worker finds it by name)."""
    return play_game(rogue_player, detective_player, rogues, index, seed, find_district(name) if name else None)


class MatchResult(Match[GameResult]):
    """A Junior match-up: the rogues' wins, the mean rounds, move times in milliseconds, the share of wins by start."""

    SIDE = "rogue"
    IN_MS = True
    START_WIDTH = 7
    WITH_SHARE = True

    def timed(self, result: GameResult) -> tuple[float, ...]:
        return (*result.rogue_times, *result.detective_times)

    def figures(self) -> list[str]:
        return [f"mean_rounds={sum(r.rounds for r in self.results) / len(self.results):.1f}"]


def run_match(rogue_player: str, detective_player: str, rogues: int, games: int, seed: int, processes: int,
              district: str = "") -> MatchResult:
    """Play *games* games of *rogue_player* against *detective_player* (in the shipped *district*, default the first)."""
    game = partial(_play, rogue_player, detective_player, rogues, seed, district)
    return MatchResult.play(rogue_player, detective_player, game, games, processes, chunksize=4)


def main(argv: Sequence[str] | None = None) -> None:
    parser = TOURNAMENT.parser()
    parser.add_argument("--rogues", type=int, choices=(1, 2), default=1, help="1 (Mister FOX) or 2 (with ROXy); default 1")
    parser.add_argument("--district", default="", help=f"a shipped district (default: {_default().name})")
    args = parser.parse_args(argv)
    if args.district:
        find_district(args.district)

    def report(rogue_player: str, detective_player: str) -> list[str]:
        match = run_match(rogue_player, detective_player, args.rogues, args.games, args.seed, args.processes, args.district)
        return [match.line(), *match.per_start()]

    TOURNAMENT.run(args.matchups, report)


if __name__ == "__main__":
    main()
