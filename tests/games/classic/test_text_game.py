"""The terminal game: a whole game played through typed commands."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

from console.cli import main
from console.games.classic.text_game import TextGame
from console.games.text import Terminal
from console.games.words import outcome_words
from engine import DoubleMove, Game, MisterXMove, Side, Ticket


def scripted(lines: list[str]) -> tuple[io.StringIO, object]:
    out = io.StringIO()
    feed: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        out.write(prompt)
        return next(feed)

    return out, read


def test_a_whole_game_as_detectives_ends_with_a_result() -> None:
    """People type legal moves (picked by a seeded hand) until the game is over."""
    game = Game.new("reissue", players=4, seed=5)
    rng = random.Random(5)
    out = io.StringIO()

    def read(prompt: str) -> str:
        out.write(prompt)
        move = rng.choice(game.single_moves())
        return f"{move.piece} {move.station} {move.ticket}"

    TextGame(game, Side.DETECTIVES, Terminal(out, read)).run()
    text = out.getvalue()
    assert game.is_over
    assert game.outcome is not None and f"Game over: {outcome_words(game.outcome, game.ruleset)}." in text
    assert "Mister X's route:" in text


def test_a_whole_game_as_mister_x_against_computer_detectives() -> None:
    game = Game.new("beginner", players=3, seed=2)
    out = io.StringIO()

    def read(prompt: str) -> str:
        out.write(prompt)
        move = game.mister_x_view().moves[0]
        return f"{move.station} {move.ticket}"

    TextGame(game, Side.MISTER_X, Terminal(out, read)).run()
    assert game.is_over
    assert "Your moves:" in out.getvalue()


def test_bad_commands_get_an_answer_and_change_nothing() -> None:
    game = Game.new("reissue", players=3, seed=1)
    out, read = scripted(["fly away", "red 112 taxi", "red 999", "moves red", "undo", "where", "quit"])
    text_game = TextGame(game, Side.DETECTIVES, Terminal(out, read))  # type: ignore[arg-type]
    text_game.run()
    text = out.getvalue()
    assert "Not understood: 'fly'. Type \"help\" for the commands." in text
    assert "No: there is no taxi line from 50 to 112" in text and "rule 3" not in text  # the plain reason
    assert "No: no detective move of this round is left to take back" in text
    assert "Mister X can be at" in text
    assert game.actions and all(not hasattr(a, "piece") for a in game.actions)  # only Mister X has moved
    assert "Game left." in text


def test_a_move_and_its_undo() -> None:
    game = Game.new("reissue", players=3, seed=1)
    out, read = scripted(["red 49", "undo", "quit"])
    TextGame(game, Side.DETECTIVES, Terminal(out, read)).run()  # type: ignore[arg-type]
    text = out.getvalue()
    assert "Red takes a taxi to 49." in text
    assert "Took back Red's move: a taxi to 49." in text
    assert game.station_of("red") == 50


def test_the_board_text_never_shows_mister_x_before_a_reveal() -> None:
    """Two games that differ only in Mister X's hidden move print the same board."""
    texts = []
    for destination in (128, 159):
        game = Game.new("reissue", players=3, seed=1)
        game.play(MisterXMove(destination, Ticket.TAXI))
        texts.append(str(TextGame(game, Side.DETECTIVES, Terminal(io.StringIO(), input)).board_text(game.public_view())))
    assert texts[0] == texts[1]
    assert "128" not in texts[0] and "159" not in texts[0]


def test_command_line_refuses_a_bad_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--edition", "beginner", "--players", "9"]) == 2
    assert "2 to 5 players" in capsys.readouterr().err


def test_command_line_plays_until_input_ends(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("where\n"))
    assert main(["--seed", "3"]) == 0
    text = capsys.readouterr().out
    assert "Mister X can be at" in text and "Game left." in text


def _typist(game: Game, rng: random.Random, out: io.StringIO, typed: list[str]) -> Callable[[str], str]:
    """A player who types a random legal move in the notation (Mister X doubles half the time), sometimes in lower case."""

    def read(prompt: str) -> str:
        out.write(prompt)
        moves = game.single_moves()
        if game.turn is Side.MISTER_X and game.can_double and rng.random() < 0.5:
            first = rng.choice(moves)
            line = f"{first.notation}+{rng.choice(game.second_legs(first)).notation}"  # type: ignore[arg-type]
        else:
            line = rng.choice(moves).notation
        typed.append(line)
        return line.lower() if rng.random() < 0.3 else line

    return read


def test_moves_are_typed_in_the_move_notation_by_both_sides() -> None:
    """The detectives type "red T46"; Mister X types "T45" or a double move "T45+X46"; his list of moves uses it too."""
    typed: list[str] = []
    for side in (Side.DETECTIVES, Side.MISTER_X):
        game = Game.new("reissue", players=4, seed=5)
        out = io.StringIO()
        read = _typist(game, random.Random(6), out, typed)

        TextGame(game, side, Terminal(out, read)).run()  # type: ignore[arg-type]
        assert game.is_over and "Not understood" not in out.getvalue() and "not one of your moves" not in out.getvalue()
    assert any("+" in line for line in typed) and any(" " in line for line in typed)
    assert "Your moves: " in out.getvalue() and not game.legal_moves() and "T" in out.getvalue().split("Your moves: ")[1]


def test_a_typo_gets_an_answer_and_the_prompt_again() -> None:
    """An unknown piece, a leg that is no leg, Mister X's notation typed by the detectives: answered, nothing breaks."""
    game = Game.new("reissue", players=3, seed=5)
    game.play(game.single_moves()[0])
    out, read = scripted(["moves blah", "rde T46", "red Q46", "T46", "quit"])
    TextGame(game, Side.DETECTIVES, Terminal(out, read)).run()  # type: ignore[arg-type]
    text = out.getvalue()
    assert "No piece is called 'blah'" in text and "Not understood: 'rde'. Did you mean 'red'?" in text
    assert "Not understood" in text and "That is Mister X's move" in text and "Game left." in text


WORDS = ["double", "red", "rde", "RED", "\uff32\uff25\uff24", "blue", "bobby1", "moves", "where", "undo", "help", "taxi", "bus", "black",
         "x", "t", "46", "\uff14\uff16", "0", "-1", "199", "200", "²", "٣", "T46", "X999", "T1+T2", "B0+U3", "+", "1e3",
         "999999999999999999999", "F157", "S82", "T46+T46", "\x00", "nan", "ß", "İ", "🚕"]


@pytest.mark.parametrize("side", [Side.DETECTIVES, Side.MISTER_X])
def test_any_typed_line_gets_a_one_line_answer_and_the_prompt_again(side: Side) -> None:
    """Random lines of game words, typos, full-width and other scripts' digits: never a traceback, always an answer."""
    rng = random.Random(side.value)
    game = Game.new("reissue", players=4, seed=7)
    out = io.StringIO()
    typed = 0

    def read(prompt: str) -> str:
        nonlocal typed
        if typed == 3000:
            return "quit"
        out.write(f"\n{prompt}")
        typed += 1
        return " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 5)))

    TextGame(game, side, Terminal(out, read)).run()
    assert typed == 3000 and "Game left." in out.getvalue()
    answers = out.getvalue().split("> ")[1:]
    assert all(answer.strip() for answer in answers[:-1] if not answer.startswith("\n")), "a line went unanswered"


def test_full_width_letters_and_digits_read_as_plain_ones() -> None:
    game = Game.new("reissue", players=3, seed=1)
    out, read = scripted(["\uff32\uff25\uff24 \uff14\uff19", "quit"])  # RED 49 in full-width forms
    TextGame(game, Side.DETECTIVES, Terminal(out, read)).run()  # type: ignore[arg-type]
    assert "Red takes a taxi to 49." in out.getvalue()


@pytest.mark.parametrize(("line", "answer"), [
    ("red 111 bsu", "Not understood: 'bsu' is not a detective's ticket (taxi, bus, underground)."),
    ("red 111 ferry", "Not understood: 'ferry' is not a detective's ticket (taxi, bus, underground)."),
    ("red abc", "Not understood: 'abc' is not a station (1 to 199)."),
    ("red 4 5 6", "Not understood: 'red 4 5 6'."),
])
def test_the_word_not_understood_is_named(line: str, answer: str) -> None:
    game = Game.new("reissue", players=3, seed=1)
    out, read = scripted([line, "quit"])
    TextGame(game, Side.DETECTIVES, Terminal(out, read)).run()  # type: ignore[arg-type]
    assert answer in out.getvalue()


@pytest.mark.parametrize(("line", "answer"), [
    ("45 taxo", "Not understood: 'taxo' is not a ticket (taxi, bus, underground, black)."),
    ("double 45 taxi 4x6 black", "Not understood: '4x6' is not a station (1 to 199)."),
    ("zzz", "Not understood: 'zzz'."),
])
def test_mister_x_is_told_which_word_and_gets_his_moves_and_help(line: str, answer: str) -> None:
    game = Game.new("beginner", players=3, seed=2)
    out, read = scripted([line, "help", "moves", "quit"])
    TextGame(game, Side.MISTER_X, Terminal(out, read)).run()  # type: ignore[arg-type]
    said = out.getvalue()
    assert answer in said and "LEG+LEG" in said
    moves = ", ".join(move.notation for move in game.mister_x_view().moves)
    assert said.count(f"Your moves: {moves}") == 2  # shown at his turn, and again on 'moves'


def test_one_station_is_one_station() -> None:
    game = Game.new("reissue", players=3, seed=1)
    out, read = scripted(["quit"])
    text_game = TextGame(game, Side.DETECTIVES, Terminal(out, read))
    view = game.public_view()
    assert "may be at 1 station (" in str(text_game.board_text(replace(view, possible=1 << view.possible_stations[0])))


# ---------------------------------------------------------------- in Korean

KOREAN_NAMES = {"red": "빨강", "blue": "파랑", "green": "초록", "yellow": "노랑", "purple": "보라", "orange": "주황",
                "bobby1": "보비 1", "bobby2": "보비 2"}
KOREAN_TICKETS = {Ticket.TAXI: "택시", Ticket.BUS: "버스", Ticket.UNDERGROUND: "지하철", Ticket.BLACK: "블랙"}
COMMAND_WORDS = {"help", "moves", "where", "undo", "quit", "red"}
"""The Latin words a Korean terminal game writes: its commands, and the English example of a move (both may be typed)."""


def english_words(text: str) -> set[str]:
    """The Latin words of two letters or more in *text*, but for the commands ("T46" and Mister X's "X" are not words)."""
    return set(re.findall(r"[A-Za-z]{2,}", text)) - COMMAND_WORDS


def test_a_korean_session_reads_korean_names_and_tickets_and_answers_in_korean(korean: None) -> None:
    game = Game.new("reissue", players=3, seed=1)
    out, read = scripted(["빨강 49", "undo", "빨강 49 택시", "moves 파랑", "보비 1 999", "파랑 사십", "파랑 1 버서", "없는말 46",
                          "red 4 5 6", "help", "where", "quit"])
    TextGame(game, Side.DETECTIVES, Terminal(out, read)).run()  # type: ignore[arg-type]
    text = out.getvalue()
    assert game.station_of("red") == 49  # typed in Korean, taken back, typed again with its ticket
    assert "빨강의 이동을 되돌렸습니다" in text and "49번 역으로 갑니다." in text
    assert "파랑 T" in text  # the moves listed by the piece's Korean name: typed as they are written
    assert "안 됩니다: " in text  # the two words "보비 1" read as one piece: the engine refuses station 999
    assert "'사십'은 역 번호가 아닙니다" in text and "'버서'는 형사의 티켓이 아닙니다 (택시, 버스, 지하철)" in text
    assert "알아듣지 못했습니다: '없는말'. 명령어는 \"help\"를 입력하세요." in text
    assert "알 수 없는 입력: 'red 4 5 6'" in text and "명령어:" in text and "미스터 X가 있을 수 있는 역" in text
    assert "게임을 떠났습니다." in text
    assert english_words(text) == set()


def test_a_whole_korean_game_of_detectives_typed_in_korean_words(korean: None) -> None:
    """Every legal move typed as a Korean player would (bobbies as two words, "보비 1"): each one is taken."""
    game = Game.new("reissue", players=5, seed=3)
    rng = random.Random(3)
    out = io.StringIO()
    lines = 0

    def read(prompt: str) -> str:
        nonlocal lines
        out.write(prompt)
        lines += 1
        if lines > 500:  # a game takes fewer: lines were refused
            return "quit"
        move = rng.choice(game.single_moves())
        return f"{KOREAN_NAMES[move.piece]} {move.station} {KOREAN_TICKETS[move.ticket]}"  # type: ignore[union-attr]

    TextGame(game, Side.DETECTIVES, Terminal(out, read)).run()
    text = out.getvalue()
    assert game.is_over and "게임 끝: " in text and "미스터 X의 경로: " in text
    assert "안 됩니다" not in text and "알 수 없는" not in text and "그런 말은" not in text
    assert english_words(text) == set()


def test_a_whole_korean_game_of_mister_x_typed_in_korean_words(korean: None) -> None:
    """His moves in words ("45 택시") and his double moves ("더블 45 택시 46 블랙"), in Korean: each one is taken."""
    game = Game.new("reissue", players=3, seed=4)
    rng = random.Random(4)
    out = io.StringIO()
    doubles = lines = 0

    def read(prompt: str) -> str:
        nonlocal doubles, lines
        out.write(prompt)
        lines += 1
        if lines > 100:  # a game takes fewer: lines were refused
            return "quit"
        move = rng.choice(game.single_moves())
        assert isinstance(move, MisterXMove)
        if game.can_double and game.second_legs(move) and rng.random() < 0.3:
            doubles += 1
            second = rng.choice(game.second_legs(move))
            return f"더블 {move.station} {KOREAN_TICKETS[move.ticket]} {second.station} {KOREAN_TICKETS[second.ticket]}"
        return f"{move.station} {KOREAN_TICKETS[move.ticket]}"

    TextGame(game, Side.MISTER_X, Terminal(out, read)).run()
    text = out.getvalue()
    assert game.is_over and doubles and any(isinstance(action, DoubleMove) for action in game.actions)
    assert "알 수 없는" not in text and "할 수 없는 이동" not in text and "갈 수 있는 곳: " in text
    assert english_words(text) == set()


def test_english_words_are_still_read_while_korean_is_in_use(korean: None) -> None:
    game = Game.new("reissue", players=3, seed=1)
    out, read = scripted(["bobby 1 999", "red 49 taxi", "quit"])
    TextGame(game, Side.DETECTIVES, Terminal(out, read)).run()  # type: ignore[arg-type]
    assert game.station_of("red") == 49 and "그런 말은" not in out.getvalue()


def test_a_word_neither_a_piece_nor_a_command_gets_the_closest_command_and_help() -> None:
    game = Game.new("reissue", players=3, seed=3)
    game.play(game.single_moves()[0])
    out, read = scripted(["hepl", "wher", "rde T46", "zebra", "moves", "quit"])
    TextGame(game, Side.DETECTIVES, Terminal(out, read)).run()  # type: ignore[arg-type]
    said = out.getvalue()
    assert "Not understood: 'hepl'. Did you mean 'help'? Type \"help\" for the commands." in said
    assert "Did you mean 'where'?" in said and "Not understood: 'rde'. Did you mean 'red'?" in said
    assert "Not understood: 'zebra'. Type \"help\" for the commands." in said
    assert "No piece is called" not in said
    for piece in ("Red", "Blue", "Bobby 1"):  # 'moves' alone: every piece still to move
        assert re.search(rf"{piece} [TBU]\d+", said), piece


def test_mister_x_s_typo_of_a_command_gets_the_command() -> None:
    game = Game.new("beginner", players=3, seed=2)
    out, read = scripted(["hepl", "quit"])
    TextGame(game, Side.MISTER_X, Terminal(out, read)).run()  # type: ignore[arg-type]
    assert "Not understood: 'hepl'. Did you mean 'help'?" in out.getvalue()


def test_a_station_without_a_ticket_takes_the_one_line_that_goes_there_asks_between_several_and_names_no_line() -> None:
    """Red stands on 94: 74 is a bus ride only, 93 a taxi or a bus ride, 13 on no line from there (not "no taxi line")."""
    game = Game.new("reissue", players=3, seed=3)
    game.play(game.single_moves()[0])
    assert game.station_of("red") == 94
    out, read = scripted(["red 13", "red 93", "red 74", "quit"])
    TextGame(game, Side.DETECTIVES, Terminal(out, read)).run()  # type: ignore[arg-type]
    said = out.getvalue()
    assert "No: there is no line from 94 to 13" in said and "taxi line" not in said
    assert "Which ticket to 93? Red T93 or Red B93" in said
    assert "Red takes a bus to 74." in said and game.station_of("red") == 74


def test_the_route_at_the_end_begins_at_mister_x_s_start() -> None:
    game = Game.new("beginner", players=3, seed=2)
    start = game.mister_x_view().station
    out = io.StringIO()

    def read(prompt: str) -> str:
        move = game.mister_x_view().moves[0]
        return f"{move.station} {move.ticket}"

    TextGame(game, Side.MISTER_X, Terminal(out, read)).run()
    route = out.getvalue().split("Mister X's route: ")[1].splitlines()[0]
    assert route.startswith(f"{start} (start) -> ")
    assert route.split(" -> ")[1:] == [str(entry.station) for entry in game.public_view().log]
