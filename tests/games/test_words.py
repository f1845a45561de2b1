"""The words players read (``console.games.words``, ``console.games.refusals``): one name per piece, refusals without rule numbers."""

from __future__ import annotations

import itertools
import re

import pytest

from console.games.junior.words import WORDING as JUNIOR_WORDING
from console.games.junior.words import piece_name
from console.games.refusals import player_words
from console.games.words import display_name, edition_words, listed, outcome_parts, outcome_words, sentences, ticket_words
from engine import EDITIONS, DetectiveMove, DoubleMove, Game, IllegalMoveError, MisterXMove, Outcome, Piece, Refusal, Side, Ticket
from engine.junior import NAMES
from engine.outcome import Reason
from language import use

ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
"""A word left in English (Mister X's "X" is his name in Korean too)."""


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
    assert [str(display_name(piece)) for piece in ("red", "bobby1", "bobby2", "mister_x")] == ["Red", "Bobby 1", "Bobby 2", "Mister X"]
    assert str(listed(["red", "bobby1"])) == "Red and Bobby 1" and str(listed(["red", "blue", "bobby2"])) == "Red, Blue and Bobby 2"
    assert all(str(piece_name(piece)) == name for piece, name in NAMES.items())


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_engine_refusal_reads_without_its_rule_number_and_with_the_pieces_names_in_both_languages(edition: str) -> None:
    game = Game.new(edition, players=3, seed=4)  # two detectives and two bobbies where the edition has bobbies
    errors = refusals(game)
    game.play(game.single_moves()[0])
    errors += refusals(game)
    assert len(errors) > 100 and all(error.rule is not None for error in errors[:50])
    for error in errors:
        words = str(player_words(error))
        assert str(error).startswith("rule ") or error.rule is None  # the engine's own message keeps its rule
        assert not re.search(r"\brule \w+:", words), words
        assert not re.search(r"\b(?:bobby\d+|red|blue|green|yellow|purple) detective\b|\bbobby\d", words), words
        korean = player_words(error).to("ko")
        assert not ENGLISH_WORD.search(re.sub(r"'[^']*'", "", korean)), (str(error), korean)  # a name as typed stays


def test_a_junior_refusal_loses_its_rule_too() -> None:
    error = IllegalMoveError(Refusal.ALREADY_STEPPED, rule="J2", piece=Piece("watson", "Willy Watson"))
    assert str(error).startswith("rule J2: ") and str(player_words(error, JUNIOR_WORDING)) == "Willy Watson has already moved this round"


def test_how_a_game_ended_names_the_piece_and_counts_as_the_edition() -> None:
    assert str(outcome_words(Outcome(Reason.CAPTURE, 7, by="bobby2"))) == "the detectives win: Bobby 2 caught Mister X in round 7"
    assert str(outcome_words(Outcome(Reason.SURVIVED, 22), EDITIONS["reissue"])) == "Mister X wins: he survived round 22"
    assert str(outcome_words(Outcome(Reason.SURVIVED, 20), EDITIONS["classic"])) == "Mister X wins: he survived all 24 moves"
    assert "ran out of tickets" in str(outcome_words(Outcome(Reason.DETECTIVES_EXHAUSTED, 9)))
    winner, why = outcome_parts(Outcome(Reason.CORNERED, 5))
    assert (str(winner), str(why)) == ("the detectives win", "Mister X is cornered in round 5")


def test_the_shared_words_read_in_korean(korean: None) -> None:
    assert str(listed(["red", "blue", "bobby1"])) == "빨강, 파랑, 보비 1"
    assert [str(piece_name(piece)) for piece in ("mister_x", "fox", "roxy", "watson", "marble")] == [
        "미스터 X", "미스터 폭스", "록시", "윌리 왓슨", "밀리 마블"]
    assert [str(ticket_words(ticket)) for ticket in Ticket] == ["택시", "버스", "지하철", "블랙 티켓", "더블 무브 티켓"]
    assert str(edition_words("beginner")) == "입문 게임"
    assert str(sentences(outcome_words(Outcome(Reason.CAPTURE, 7, by="bobby1")), "", display_name("red"))) == \
        "형사 승리: 보비 1이 7라운드에 미스터 X를 잡았습니다. 빨강"


@pytest.mark.parametrize("reason", Reason)
@pytest.mark.parametrize("edition", EDITIONS)
def test_every_outcome_reads_in_korean(korean: None, reason: Reason, edition: str) -> None:
    words = str(outcome_words(Outcome(reason, 9, by="red" if reason is Reason.CAPTURE else None), EDITIONS[edition]))
    assert not ENGLISH_WORD.search(words), words
    assert words.startswith("형사 승리: " if reason in (Reason.CAPTURE, Reason.CORNERED) else "미스터 X 승리: ")


def test_words_made_before_a_change_of_language_read_in_the_new_one() -> None:
    refused = player_words(IllegalMoveError(Refusal.OCCUPIED, rule=4, station=45, piece=Piece("bobby2", "bobby2")))
    said = sentences(refused, outcome_words(Outcome(Reason.SURVIVED, 22)))
    assert str(said) == "station 45 is occupied by Bobby 2. Mister X wins: he survived round 22"
    use("ko")
    try:
        assert str(said) == "45번 역에는 보비 2가 있습니다. 미스터 X 승리: 미스터 X가 22라운드까지 버텼습니다"
    finally:
        use("en")
