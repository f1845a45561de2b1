"""The move notation (``engine.moves``): every move of every kind written and read back, over random games."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import DetectiveMove, DoubleMove, Misreading, MisterXMove, Ticket
from engine.junior import JuniorGame, Step
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
        moves = list(game.single_moves())
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


@pytest.mark.parametrize(("text", "misreading", "part"), [
    (46, Misreading.NOT_TEXT, 46),
    ("T46+X47+B1", Misreading.NO_MOVE_SHAPE, "T46+X47+B1"),
    ("Red! T46", Misreading.NOT_A_NAME, "Red!"),
    ("red 46", Misreading.NOT_A_LEG, "46"),
    ("T46 + Q47", Misreading.NOT_A_LEG, "Q47"),
])
def test_a_notation_error_says_its_case_the_text_and_the_part_that_is_wrong(text: str, misreading: Misreading, part: object) -> None:
    with pytest.raises(NotationError) as refused:
        parse_move(text)
    error = refused.value
    assert (error.misreading, error.text, error.part) == (misreading, text, part)
    assert error.fields["text"] == text and error.fields["part"] == part
    assert str(error).startswith(f"{text!r} is not a move: ")
    again = pickle.loads(pickle.dumps(error))  # by its parts, as a refusal: it may come back from a worker process
    assert (type(again), again.misreading, dict(again.fields), str(again)) == (NotationError, misreading, dict(error.fields), str(error))


@pytest.mark.parametrize(("text", "misreading", "part"), [
    ("purple T46", Misreading.NO_SUCH_PIECE, "purple"),  # a colour, but no detective of this game
    ("bobby3 T46", Misreading.NO_SUCH_PIECE, "bobby3"),
    ("mister_x T46", Misreading.NO_SUCH_PIECE, "mister_x"),  # his moves name no piece
    ("X0", Misreading.NO_SUCH_STATION, "X0"),
    ("red t200", Misreading.NO_SUCH_STATION, "T200"),
    ("T46+X200", Misreading.NO_SUCH_STATION, "X200"),
])
def test_a_game_refuses_to_read_pieces_and_stations_it_does_not_have(text: str, misreading: Misreading, part: str) -> None:
    game = new_game("reissue", 3, seed=1)  # red, blue, bobby1 and bobby2 on the London board
    parse_move(text)  # the notation alone reads it
    with pytest.raises(NotationError) as refused:
        game.parse_move(text)
    assert (refused.value.misreading, refused.value.text, refused.value.part) == (misreading, text, part)
    if misreading is Misreading.NO_SUCH_STATION:
        assert refused.value.fields["station"] == int(part[1:])
    else:
        assert refused.value.fields["pieces"] == "red, blue, bobby1, bobby2"
    assert game.parse_move("bobby2 U46") == DetectiveMove("bobby2", 46, Ticket.UNDERGROUND)  # illegal, but of its pieces


@pytest.mark.parametrize(("text", "misreading", "part"), [
    ("roxy T46", Misreading.NO_SUCH_PIECE, "roxy"),  # no ROXy in a game of one rogue
    ("red T46", Misreading.NO_SUCH_PIECE, "red"),
    ("fox T200", Misreading.NO_SUCH_STATION, "T200"),
    ("fox S1", Misreading.NO_SUCH_STATION, "S1"),  # station 1 is not in the district
    ("fox", Misreading.NO_MOVE_SHAPE, "fox"),
    ("fox X46", Misreading.NOT_A_LEG, "X46"),
])
def test_a_junior_game_refuses_to_read_pieces_and_stations_it_does_not_have(text: str, misreading: Misreading, part: str) -> None:
    game = JuniorGame.new(rogues=1, seed=3)
    assert 1 not in game.district.board and 103 in game.district.board
    with pytest.raises(NotationError) as refused:
        game.parse_move(text)
    assert (refused.value.misreading, refused.value.text, refused.value.part) == (misreading, text, part)
    assert game.parse_move("fox s103") == Step("fox", 103)
