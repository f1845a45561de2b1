"""The words players read (``console.games.words``): one name per piece, the engine's refusals without rule numbers."""

from __future__ import annotations

import itertools
import re

import pytest

from console.games.words import display_name, listed, outcome_words, player_words
from engine import EDITIONS, DetectiveMove, DoubleMove, Game, IllegalMoveError, MisterXMove, Outcome, Side, Ticket
from engine.junior import NAMES
from engine.outcome import Reason


def refusals(game: Game) -> list[IllegalMoveError]:
    """Every refusal the engine gives for a move of the side to move (every piece, station and ticket tried)."""
    found: list[IllegalMoveError] = []
    if game.turn is Side.DETECTIVES:
        tries: list[object] = [DetectiveMove(piece, station, ticket)
                               for piece in (*game.detectives, "nobody") for station in (0, *range(1, 200, 7)) for ticket in Ticket]
    else:
        legs = [MisterXMove(station, ticket) for station in range(1, 200, 3) for ticket in Ticket]
        tries = [*legs, *(DoubleMove(first, second) for first, second in itertools.product(game.mister_x_view().moves[:3], legs[:40]))]
    for move in tries:
        try:
            game.copy().play(move)  # type: ignore[arg-type]
        except IllegalMoveError as error:
            found.append(error)
    return found


def test_pieces_have_one_name() -> None:
    assert [display_name(piece) for piece in ("red", "bobby1", "bobby2", "mister_x", "fox", "watson")] == [
        "Red", "Bobby 1", "Bobby 2", "Mister X", "Mister FOX", "Willy Watson"]
    assert listed(["red", "bobby1"]) == "Red and Bobby 1" and listed(["red", "blue", "bobby2"]) == "Red, Blue and Bobby 2"
    assert all(display_name(piece) == name for piece, name in NAMES.items())


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_engine_refusal_reads_without_its_rule_number_and_with_the_pieces_names(edition: str) -> None:
    game = Game.new(edition, players=3, seed=4)  # two detectives and two bobbies where the edition has bobbies
    errors = refusals(game)
    game.play(game.legal_moves()[0])
    errors += refusals(game)
    assert len(errors) > 100 and all(error.rule is not None for error in errors[:50])
    for error in errors:
        words = player_words(error)
        assert str(error).startswith("rule ") or error.rule is None  # the engine's own message keeps its rule
        assert not re.search(r"\brule \w+:", words), words
        assert not re.search(r"\b(?:bobby\d+|red|blue|green|yellow|purple) detective\b|\bbobby\d", words), words
        assert words == re.sub(r"^rule \w+: ", "", str(error)) or any(name in words for name in ("Red", "Blue", "Bobby")), words


def test_a_junior_refusal_loses_its_rule_too() -> None:
    error = IllegalMoveError("Willy Watson has already moved this round", rule="J2")
    assert str(error).startswith("rule J2: ") and player_words(error) == "Willy Watson has already moved this round"


def test_how_a_game_ended_names_the_piece_and_counts_as_the_edition() -> None:
    assert outcome_words(Outcome(Reason.CAPTURE, 7, by="bobby2")) == "the detectives win: Bobby 2 caught Mister X in round 7"
    assert outcome_words(Outcome(Reason.SURVIVED, 22), EDITIONS["reissue"]) == "Mister X wins: he survived round 22"
    assert outcome_words(Outcome(Reason.SURVIVED, 20), EDITIONS["classic"]) == "Mister X wins: he survived all 24 moves"
    assert "ran out of tickets" in outcome_words(Outcome(Reason.DETECTIVES_EXHAUSTED, 9))
