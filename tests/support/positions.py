"""Positions for the computer players' tests: mid-game, from greedy games, both sides to move.

Classic and reissue in turn, each start card in turn, five detectives; some
stopped with the detectives half-way through their round.
"""

from __future__ import annotations

from benchmarks.tournament import start_position
from engine.ai.baselines import greedy_detective, greedy_mister_x
from engine.editions import CLASSIC, REISSUE
from engine.game import Game
from engine.outcome import Side


def positions(count: int) -> tuple[list[Game], list[Game]]:
    """*count* positions with Mister X to move and *count* with the detectives to move, from greedy games."""
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
                game.play(greedy_detective(game.board, game.public_view(), game.single_moves()))  # type: ignore[arg-type]
        if game.is_over:
            continue
        if game.turn is Side.MISTER_X:
            if len(mister_x) < count:
                mister_x.append(game)
        elif len(detectives) < count:
            detectives.append(game)
    return mister_x, detectives


def _deal(index: int) -> Game:
    """The *index*-th deal: classic and reissue in turn, each start card in turn."""
    ruleset = (CLASSIC, REISSUE)[index % 2]
    start = ruleset.mister_x_starts[index % len(ruleset.mister_x_starts)]
    return Game(start_position(ruleset, 6, start, seed=index))
