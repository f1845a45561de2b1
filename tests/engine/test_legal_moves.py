"""``legal_moves()`` is a live view, as python-chess's ``board.legal_moves`` is (``engine.LegalMoves``).

Over random games of both kinds (Scotland Yard, Mister X's double moves included, and Junior), at every step: iterating
the view gives each legal move once and nothing else, ``len`` counts them, and ``in`` answers as ``is_legal`` does,
each checked against every move that could be legal (every piece to every station one line of any kind away, or its
own, by every ticket; for Mister X, every such double move after each legal first leg). The view checked is the one
taken before the first move: kept while the game moves on and takes moves back, it answers for the game as it is.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Board, DetectiveMove, DoubleMove, Game, MisterXMove, Playable, Station, Ticket, Transport, stations_of
from engine.junior import JuniorGame, Step
from tests.conftest import choose_move, scaled, seeds, setups

NOT_MOVES = ("T46", None, 46)
"""What no game's move is: never ``in`` a view."""


def near(board: Board, station: Station) -> list[Station]:
    """*station* and every station one line of any kind away from it."""
    return stations_of(board.reach_any(1 << station, frozenset(Transport)) | 1 << station)


def scotland_yard_candidates(game: Game) -> Iterator[Any]:
    """Every move that could be legal now, and many more that are not."""
    for piece in game.detectives:
        for station in near(game.board, game.station_of(piece)):
            yield from (DetectiveMove(piece, station, ticket) for ticket in Ticket)
    firsts = [MisterXMove(station, ticket) for station in near(game.board, game.mister_x_view().station) for ticket in Ticket]
    yield from firsts
    for first in filter(game.is_legal, firsts):  # a double move's first leg is a legal single move
        for station in near(game.board, first.station):
            yield from (DoubleMove(first, MisterXMove(station, ticket)) for ticket in Ticket)


def junior_candidates(game: JuniorGame) -> Iterator[Any]:
    """Every step that could be legal now (each piece's lines, staying, and a station outside the district), and more."""
    board = game.district.board
    for piece in game.pieces:
        for station in [*near(board, game.stations[piece]), 200]:
            yield from (Step(piece, station, transport) for transport in (None, *Transport))


def check_view(game: Playable[Any, Any], view: Collection[Any], candidates: Iterator[Any]) -> None:
    """*view* agrees with ``game.is_legal``: its iteration gives each legal move of *candidates* once and nothing else,
    ``len`` counts them, ``in`` answers as ``is_legal``."""
    listed = list(view)
    assert len(listed) == len(set(listed)) == len(view), "each legal move once, and len counts them"
    assert bool(view) == bool(listed) == (not game.is_over)
    legal = set()
    for move in candidates:
        allowed = game.is_legal(move)
        assert (move in view) == allowed, move
        if allowed:
            legal.add(move)
    assert set(listed) == legal
    assert not any(thing in view for thing in NOT_MOVES)


def play_and_check(game: Playable[Any, Any], candidates: Callable[[Any], Iterator[Any]], pick: Callable[[], Any],
                   rng: random.Random) -> None:
    """Play *game* to its end by *pick*, checking the view taken at its start after every move and every take-back."""
    view = game.legal_moves()
    check_view(game, view, candidates(game))
    while not game.is_over:
        move = pick()
        game.push(move)
        check_view(game, view, candidates(game))
        if rng.random() < 0.2:
            game.pop()
            check_view(game, view, candidates(game))
            game.push(move)
        assert list(view) == list(game.legal_moves())


@settings(max_examples=scaled(10))
@given(setup=setups, seed=seeds)
def test_scotland_yard_s_legal_moves_are_a_live_view(setup: tuple[str, int], seed: int) -> None:
    edition, players = setup
    rng = random.Random(seed)
    game = Game.new(edition, players=players, seed=seed)
    play_and_check(game, scotland_yard_candidates, lambda: choose_move(game, rng, double=0.3), rng)


@settings(max_examples=scaled(10))
@given(rogues=st.sampled_from([1, 2]), seed=seeds)
def test_junior_s_legal_moves_are_a_live_view(rogues: int, seed: int) -> None:
    rng = random.Random(seed)
    game = JuniorGame.new(rogues=rogues, seed=seed)
    play_and_check(game, junior_candidates, lambda: rng.choice(list(game.legal_moves())), rng)
