"""Benchmark of the computer players: ``python -m benchmarks.ai`` prints one ``name: value`` a line.

For each level, the mean and worst seconds of one choice over a fixed set of
positions (classic and reissue, five detectives, early and late, before and
after reveals, Mister X with double moves to weigh, and his opening moves,
which weigh the most stations he may be on), measured on one core:

- ``LEVEL_mister_x_mean_s`` / ``LEVEL_mister_x_max_s``: one Mister X move;
- ``LEVEL_detectives_mean_s`` / ``LEVEL_detectives_max_s``: one whole detectives' round.

Each line names the level's budget here: a Raspberry Pi 4 core counts as four
times slower than the machine the budgets were set on, so ``hard`` and ``expert`` must stay
within 0.5 s and ``normal`` within 0.25 s (2 s and 1 s on the Pi).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from benchmarks.figures import Figure, command, seconds_each, show
from benchmarks.tournament import start_position
from engine.ai.baselines import greedy_detective, greedy_mister_x
from engine.ai.players import LEVELS, choose_detective_moves, choose_mister_x_move
from engine.editions import CLASSIC, REISSUE
from engine.game import Game
from engine.outcome import Side

BUDGET_S = {"beginner": 0.25, "easy": 0.25, "normal": 0.25, "hard": 0.5, "expert": 0.5}
"""Seconds a choice may take here (a quarter of the Raspberry Pi 4 budget)."""


def positions(count: int) -> tuple[list[Game], list[Game]]:
    """Positions with Mister X to move and with the detectives to move, from greedy games."""
    mister_x: list[Game] = []
    detectives: list[Game] = []
    for index in range(20 * count):
        if len(mister_x) >= count and len(detectives) >= count:
            break
        game = _deal(index)
        stop = 2 + (index * 5) % 17
        while not game.is_over and (game.moves_made < stop or (index // 2 % 2 and game.turn is Side.DETECTIVES)):
            if game.turn is Side.MISTER_X:
                game.play(greedy_mister_x(game.board, game.mister_x_view()))
            else:
                game.play(greedy_detective(game.board, game.public_view(), game.legal_moves()))  # type: ignore[arg-type]
        if game.is_over:
            continue
        if game.turn is Side.MISTER_X:
            if len(mister_x) < count:
                mister_x.append(game)
        elif len(detectives) < count:
            detectives.append(game)
    return mister_x, detectives


def openings(count: int) -> list[Game]:
    """Mister X to make his first move, in *count* deals."""
    return [_deal(index) for index in range(count)]


def _deal(index: int) -> Game:
    """The *index*-th deal: classic and reissue in turn, each start card in turn."""
    ruleset = (CLASSIC, REISSUE)[index % 2]
    start = ruleset.mister_x_starts[index % len(ruleset.mister_x_starts)]
    return Game(start_position(ruleset, 6, start, seed=index))


def measure(level: str, mister_x: list[Game], detectives: list[Game]) -> tuple[list[float], list[float]]:
    """The seconds of each choice at *level*: Mister X's moves in *mister_x*, the detectives' rounds in *detectives*."""
    return (seconds_each(lambda n, game: choose_mister_x_move(game.mister_x_view(), game.board, level, seed=n), mister_x),
            seconds_each(lambda n, game: choose_detective_moves(game.public_view(), game.board, level, seed=n), detectives))


def figures(count: int, levels: Sequence[str]) -> Iterator[Figure]:
    mister_x, detectives = positions(count)
    mister_x += openings(count // 4)
    measure("easy", mister_x[:1], detectives[:1])  # build the tables before timing
    for level in levels:
        x_times, d_times = measure(level, mister_x, detectives)
        for side, times in (("mister_x", x_times), ("detectives", d_times)):
            yield Figure(f"{level}_{side}_mean_s", sum(times) / len(times))
            yield Figure(f"{level}_{side}_max_s", max(times), f"budget {BUDGET_S[level]:.2f}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = command("ai", __doc__)
    parser.add_argument("--positions", type=int, default=40, help="positions per side (default 40)")
    parser.add_argument("--levels", nargs="*", choices=LEVELS, default=list(LEVELS))
    args = parser.parse_args(argv)
    show(figures(args.positions, args.levels))


if __name__ == "__main__":
    main()
