"""Location categorization: the categories of possible stations, their learned weights, the expert detectives' belief."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from benchmarks.categories import weights
from engine import Game, london
from engine.ai.categories import WEIGHTS, blocked_by, category
from engine.ai.detectives import RoundPlan
from engine.ai.model import tables
from engine.ai.players import choose_detective_moves
from engine.board import station_set
from engine.editions import CLASSIC


def test_a_category_is_distance_line_and_safe_exits() -> None:
    t = tables(london(), CLASSIC.transports)
    tickets = (4, 3, 3, 5, 2)
    assert category(t, 1, [198, 171], blocked_by(t, [198, 171], [7, 7]), tickets, None) == (3, 2, 2)  # far, underground, free
    assert category(t, 1, [9], blocked_by(t, [9], [7]), tickets, None)[0] == 0  # 9 is a taxi ride from 1
    assert category(t, 2, [198], 0, tickets, None)[1] == 0  # taxi only
    every_exit = t.mister_x.reach(1, tickets, None)
    assert category(t, 1, [198], every_exit, tickets, None)[2] == 0  # every exit threatened: none safe


def test_learned_weights_prefer_the_underground_with_room_to_run() -> None:
    assert WEIGHTS[(1, 2, 2)] > 3 * WEIGHTS[(1, 0, 1)]
    assert WEIGHTS[(0, 0, 1)] < 0.5  # next to a piece, one taxi line out: he seldom stands there


def test_weights_are_true_per_possible_scaled_to_a_mean_of_one() -> None:
    counts: Counter[object] = Counter({("possible", (0, 0, 0)): 30, ("possible", (1, 2, 2)): 10,
                                       ("true", (0, 0, 0)): 1, ("true", (1, 2, 2)): 3})
    assert weights(counts) == {(0, 0, 0): 0.33, (1, 2, 2): 3.0}


def test_the_expert_detectives_believe_the_learned_categories() -> None:
    game = Game.new("classic", players=6, seed=3)
    view = game.public_view()
    view = replace(view, possible=station_set([2, 1]) & ~sum(1 << p.station for p in view.pieces))
    t = tables(game.board, CLASSIC.transports)
    pieces = [p.name for p in view.pieces]
    plain = RoundPlan(t, game.board, view, pieces)
    learned = RoundPlan(t, game.board, view, pieces, categories=WEIGHTS)
    assert set(learned.belief) == set(plain.belief) == {1, 2}
    # 1 is an underground station, 2 a taxi stop: the learned belief leans to 1 more than distance alone does
    assert learned.belief[1] / learned.belief[2] > plain.belief[1] / plain.belief[2]


def test_expert_detectives_play_legal_moves_the_same_for_a_seed() -> None:
    game = Game.new("classic", players=6, seed=5)
    view = game.mister_x_view()
    game.play(view.moves[0])
    first = choose_detective_moves(game.public_view(), game.board, "expert", seed=2)
    again = choose_detective_moves(game.public_view(), game.board, "expert", seed=2)
    assert first == again
    for move in first:
        game.play(move)
    assert game.round == 2
