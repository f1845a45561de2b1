"""Benchmark of the engine: ``python -m benchmarks.engine`` prints one ``name: value`` a line.

All figures are measured on one core, through the public API:

- ``random_games_per_s``: complete games per second (reissue, 5 detectives,
  random legal moves, Mister X doubling now and then);
- ``mrx_movegen_per_s``: Mister X's complete move lists per second at mid-game
  positions, double moves included (iterating ``legal_moves()`` to its end);
- ``mrx_moves_listed_per_s``: the moves in those lists, per second;
- ``belief_updates_per_s``: possible-location updates (one Mister X move) per second.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from benchmarks.figures import Figure, per_second, timed_command
from engine import DoubleMove, Game, MisterXMove, Side, Ticket
from engine.board import london
from engine.deduction import after_move
from engine.editions import REISSUE


def play_random_game(seed: int) -> Game:
    """One complete game of random legal moves (the bench's and tests' workload)."""
    rng = random.Random(seed)
    game = Game.new("reissue", players=6, seed=seed)
    mister_x = Side.MISTER_X
    while not game.is_over:
        moves = game.single_moves()
        if game.turn is mister_x and rng.random() < 0.1 and game.can_double:
            first = rng.choice(moves)
            assert isinstance(first, MisterXMove)
            seconds = game.second_legs(first)
            if seconds:
                game.play(DoubleMove(first, rng.choice(seconds)))
                continue
        game.play(rng.choice(moves))
    return game


def bench_games(seconds: float) -> float:
    return per_second(play_random_game, seconds)[0]


def _mid_game_positions(count: int) -> list[Game]:
    games = []
    for seed in range(count * 3):
        rng = random.Random(seed)
        game = Game.new("reissue", players=6, seed=seed)
        for _ in range(rng.randrange(6, 40)):
            if game.is_over:
                break
            game.play(rng.choice(game.single_moves()))
        while not game.is_over and game.turn is not Side.MISTER_X:
            game.play(rng.choice(game.single_moves()))
        if not game.is_over and game.can_double:
            games.append(game)
        if len(games) == count:
            break
    return games


def bench_movegen(seconds: float) -> tuple[float, float]:
    games = _mid_game_positions(50)
    listed = 0

    def work(i: int) -> None:
        nonlocal listed
        game = games[i % len(games)]
        listed += sum(1 for _ in game.legal_moves())

    rate, calls = per_second(work, seconds)
    return rate, rate * listed / calls


def bench_belief(seconds: float) -> float:
    board = london()
    rng = random.Random(1)
    stations = list(board.stations)
    tickets = [Ticket.TAXI] * 5 + [Ticket.BUS] * 3 + [Ticket.UNDERGROUND, Ticket.BLACK]
    cases = []
    for _ in range(500):
        possible = sum(1 << s for s in rng.sample(stations, rng.randrange(1, 60)))
        occupied = sum(1 << s for s in rng.sample(stations, 5))
        cases.append((possible, rng.choice(tickets), occupied))

    def work(i: int) -> None:
        possible, ticket, occupied = cases[i % 500]
        after_move(board, REISSUE, possible, ticket, occupied)

    return per_second(work, seconds)[0]


def figures(seconds: float) -> Iterator[Figure]:
    london()  # load the board before timing
    yield Figure("random_games_per_s", bench_games(seconds))
    lists, moves = bench_movegen(seconds)
    yield Figure("mrx_movegen_per_s", lists)
    yield Figure("mrx_moves_listed_per_s", moves)
    yield Figure("belief_updates_per_s", bench_belief(seconds))


main = timed_command("engine", __doc__, 3.0, figures)


if __name__ == "__main__":
    main()
