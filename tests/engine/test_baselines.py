"""Baseline computer players and the board distances they use."""

from __future__ import annotations

from engine import Game, Side, Transport, london
from engine.ai.baselines import greedy_detective, greedy_mister_x
from engine.ai.distance import distances
from engine.editions import BEGINNER, REISSUE


def test_distances_are_symmetric_and_match_the_lines() -> None:
    table = distances(london(), REISSUE.transports)
    assert table[1][1] == 0
    assert table[1][8] == 1 and table[1][46] == 1
    assert all(table[a][b] == table[b][a] for a in (1, 67, 108, 199) for b in london().stations)
    assert len(table[1]) == 199  # the board is connected without the ferry


def test_beginner_distances_ignore_the_underground() -> None:
    assert distances(london(), REISSUE.transports)[1][46] == 1
    # 1-46 is joined by bus too, so pick an underground-only pair: 67-89
    assert london().neighbours(67, Transport.UNDERGROUND) >> 89 & 1
    assert distances(london(), BEGINNER.transports)[67][89] > distances(london(), REISSUE.transports)[67][89]


def test_greedy_mister_x_runs_from_the_nearest_hunter() -> None:
    game = Game.new("reissue", players=6, seed=4)
    view = game.mister_x_view()
    move = greedy_mister_x(game.board, view)
    table = distances(game.board, REISSUE.transports)
    nearest = lambda s: min(table[s][p.station] for p in view.public.pieces)  # noqa: E731
    assert move in view.moves
    assert nearest(move.station) == max(nearest(m.station) for m in view.moves)


def test_greedy_detectives_use_only_the_public_view_and_finish_games() -> None:
    outcomes = set()
    for seed in range(10):
        game = Game.new("classic", players=5, seed=seed)
        while not game.is_over:
            if game.turn is Side.MISTER_X:
                game.play(greedy_mister_x(game.board, game.mister_x_view()))
            else:
                game.play(greedy_detective(game.board, game.public_view(), game.single_moves()))  # type: ignore[arg-type]
        outcomes.add(game.outcome.winner)  # type: ignore[union-attr]
    assert Side.DETECTIVES in outcomes
