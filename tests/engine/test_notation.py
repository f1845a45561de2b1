"""The move notation (``engine.moves``): every move of every kind written and read back, over random games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import DetectiveMove, DoubleMove, MisterXMove, Ticket
from engine.moves import NotationError, parse_move
from tests.conftest import SETUPS, new_game, scaled, seeds


@settings(max_examples=scaled(30))
@given(setup=st.sampled_from(SETUPS), seed=seeds)
def test_every_move_of_random_games_round_trips(setup: tuple[str, int], seed: int) -> None:
    """Detective and bobby moves, Mister X's single and black moves, and double moves: ``parse_move(str(move)) == move``."""
    edition, players = setup
    rng = random.Random(seed)
    game = new_game(edition, players, seed)
    kinds: set[str] = set()
    while not game.is_over:
        moves = list(game.legal_moves())
        for move in moves:
            assert parse_move(str(move)) == move and parse_move(str(move).lower()) == move
        move = rng.choice(moves)
        if isinstance(move, MisterXMove) and game.can_double and rng.random() < 0.3:
            doubles = [DoubleMove(move, second) for second in game.second_legs(move)]
            for double in doubles:
                assert parse_move(str(double)) == double and double in game.legal_moves()
            move = rng.choice(doubles) if doubles else move
        kinds.add(type(move).__name__ + ("/black" if getattr(move, "ticket", None) is Ticket.BLACK else ""))
        game.play(move)
    assert "DetectiveMove" in kinds or game.moves_made <= 1


@given(piece=st.sampled_from(["red", "blue", "bobby1", "bobby12"]), station=st.integers(1, 199),
       ticket=st.sampled_from([Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND, Ticket.BLACK]), second=st.integers(1, 199))
def test_any_move_round_trips(piece: str, station: int, ticket: Ticket, second: int) -> None:
    for move in (DetectiveMove(piece, station, ticket), MisterXMove(station, ticket),
                 DoubleMove(MisterXMove(station, ticket), MisterXMove(second, Ticket.TAXI))):
        assert parse_move(move.notation) == move
        assert parse_move(f"  {move.notation.replace('+', ' + ')} ") == move


@pytest.mark.parametrize("text", ["", "T", "46", "Q46", "red", "red 46", "red T", "T46+", "+T46", "T46+X47+B1", "red T46 B47",
                                  "red T46+X47", "Mister X T46", "T-46", "T4 6", "D46"])
def test_what_is_not_a_move_is_refused_with_what_a_move_looks_like(text: str) -> None:
    with pytest.raises(NotationError, match="is not a move"):
        parse_move(text)


def test_a_double_ticket_has_no_letter_so_its_leg_prints_as_no_move() -> None:
    move = MisterXMove(46, Ticket.DOUBLE)
    assert str(move) == move.notation == "<double>46"
    with pytest.raises(NotationError, match="is not a move"):
        parse_move(str(move))
