"""A finished game as text to share: every move in the notation, checked against the record it was written from."""

from __future__ import annotations

import random
import re
from contextlib import nullcontext
from datetime import datetime
from pathlib import Path

import pytest

from benchmarks.engine import play_random_game
from console import cli
from console.appliance.export import FOLDER, export_to_stick
from console.games import CLASSIC, JUNIOR
from console.records.export import export_file, game_text
from engine import DetectiveMove, DoubleMove, Game
from engine.junior import NAMES, ROGUES, JuniorGame
from engine.record import dumps
from language import use

WHEN = datetime(2024, 12, 4, 15, 20)
_ROW = re.compile(r"  (\S+(?: \S+)?)\s{2,}(\S+(?: \S+)?)\s{2,}(.*)")
_NOTATION = re.compile(r"(?:\b[a-z]+\d* )?\b[A-Z]\d+(?:\+[A-Z]\d+)?")
"""A move or a step in the notation (a detective's begins with its piece's id): the same in every language."""
"""A move's line: the piece's name, the move in the notation, its words."""


def moves_in(text: str) -> list[tuple[str, str, str]]:
    return [match.groups() for line in text.splitlines() if (match := _ROW.fullmatch(line))]  # type: ignore[misc]


def junior_game(seed: int, rogues: int) -> JuniorGame:
    """A whole game: the detectives step onto a rogue's last seen station when they can, and now and then take a step back."""
    rng = random.Random(seed)
    game = JuniorGame.new(rogues=rogues, seed=seed)
    while not game.is_over:
        for rogue in game.to_choose():
            game.choose(rng.choice(game.steps_of(rogue)))
        while game.to_move():
            steps = game.steps_of(game.to_move()[0])
            seen = {game.stations[rogue] for rogue in game.start.rogues}
            revealed = game.move(rng.choice([step for step in steps if step.station in seen] or steps))
            if revealed is None and rng.random() < 0.4:
                game.undo()  # taken back: not part of the round's result
    return game


@pytest.mark.parametrize("seed", [6, 11, 3])
def test_a_classic_game_is_every_move_in_its_notation_with_what_the_detectives_saw(seed: int) -> None:
    game = play_random_game(seed)
    assert game.outcome is not None
    text = game_text(CLASSIC, game, WHEN)
    rows = moves_in(text)
    assert [notation for _, notation, _ in rows] == [move.notation for move in game.actions]
    made = 0
    for (piece, _, words), move in zip(rows, game.actions):
        if isinstance(move, DetectiveMove):
            assert piece == move.piece.capitalize() and words == f"{move.ticket} to {move.station}"
            continue
        legs = (move.first, move.second) if isinstance(move, DoubleMove) else (move,)
        numbers = range(made + 1, made + 1 + len(legs))
        made += len(legs)
        assert piece == "Mister X" and [f"move {number}:" in words for number in numbers] == [True] * len(legs)
        revealed = [leg.station for number, leg in zip(numbers, legs) if number in game.ruleset.reveal_moves]
        assert re.findall(r"seen at (\d+)  REVEAL", words) == [str(station) for station in revealed]
        assert words.startswith("double move, ") == isinstance(move, DoubleMove)
    header = text.splitlines()
    assert header[0] == "Scotland Yard, reissue edition" and "Played        4 December 2024, 15:20" in header
    assert f"Start         Mister X at {game.start.mister_x}; " in text
    assert text.count("\nRound ") == game.outcome.round
    assert f"Result        {str(game.outcome)[0].upper()}" in text


def test_a_double_move_and_a_game_left_unfinished_read_as_such() -> None:
    whole = next(game for game in map(play_random_game, range(60)) if any(isinstance(move, DoubleMove) for move in game.actions))
    index = next(n for n, move in enumerate(whole.actions) if isinstance(move, DoubleMove))
    left = Game(whole.start)
    for move in whole.actions[: index + 1]:
        left.play(move)
    text = game_text(CLASSIC, left, None)
    assert "Played        unknown" in text and f"Result        Not finished: left in round {left.round}" in text
    assert moves_in(text)[-1][1] == whole.actions[index].notation and "+" in moves_in(text)[-1][1]


def test_a_corrected_game_says_where_its_record_starts_and_mister_x_s_route_before() -> None:
    whole = play_random_game(6)
    before = Game(whole.start)
    for move in whole.actions[:12]:
        before.play(move)
    corrected = Game(before.position())  # a correction: the record starts from its position
    for move in whole.actions[12:]:
        corrected.play(move)
    text = game_text(CLASSIC, corrected, WHEN)
    route = ", ".join(leg.notation for leg in before.actions if not isinstance(leg, DetectiveMove))
    assert f"corrected in round {before.round}: the record starts there; Mister X's moves before: {route})" in text
    assert [notation for _, notation, _ in moves_in(text)] == [move.notation for move in whole.actions[12:]]


@pytest.mark.parametrize(("seed", "rogues"), [(1, 1), (2, 2), (5, 2)])
def test_a_junior_game_is_each_round_s_steps_in_the_notation_and_its_reveal(seed: int, rogues: int) -> None:
    game = junior_game(seed, rogues)
    text = game_text(JUNIOR, game, WHEN)
    rows = moves_in(text)
    assert [notation for _, notation, _ in rows] == [step.notation for result in game.results for step in result.steps]
    undone = game.actions.count(None)
    assert len(rows) == len(game.actions) - 2 * undone  # a step taken back is not told
    reveals = [line for line in text.splitlines() if line.startswith("  REVEAL: ")]
    assert len(reveals) == len(game.results)
    detectives = rogues_held = 0
    for line, result in zip(reveals, game.results):
        detectives, rogues_held = detectives + bool(result.captured), rogues_held + (not result.captured)
        if result.captured:
            assert line.startswith(f"  REVEAL: {' and '.join(NAMES[r] for r in result.captured)} caught: a token for the detectives")
        else:
            assert "escaped: a token for the rogues" in line
        assert line.endswith(f"(tokens: detectives {detectives}, rogues {rogues_held})")
    assert text.startswith(f"Scotland Yard Junior, in the {game.district.title} district\n")
    assert ("Mister FOX and ROXy against" in text) == (rogues == 2)
    assert all(step.piece in ROGUES or step.piece in ("watson", "marble") for result in game.results for step in result.steps)


def test_export_writes_a_record_s_text_beside_a_stick_s_games_or_prints_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "20241204-152000-ab12.json"
    record.write_text(dumps(play_random_game(6)))
    exported = export_file(record)
    assert exported.name == "20241204-152000-ab12.txt" and "Played        4 December 2024, 15:20" in exported.text

    assert cli.main(["export", str(record)]) == 0
    assert capsys.readouterr().out == exported.text
    assert cli.main(["export", str(record), "-o", str(tmp_path / "game.txt")]) == 0
    assert (tmp_path / "game.txt").read_text() == exported.text
    assert cli.main(["export", str(tmp_path / "none.json")]) == 2
    assert capsys.readouterr().err == f"scotland-yard export: no game record at {tmp_path / 'none.json'}\n"

    stick = tmp_path / "stick"
    stick.mkdir()
    assert str(export_to_stick(record, lambda: nullcontext(stick))) == f"Exported to the USB stick, in {FOLDER}: 20241204-152000-ab12.txt"
    assert (stick / FOLDER / exported.name).read_text() == exported.text



@pytest.mark.parametrize("junior", [False, True], ids=["classic", "junior"])
def test_an_exported_game_reads_in_the_language_in_use_its_columns_lined_up(junior: bool) -> None:
    kind, game = (JUNIOR, junior_game(2, 2)) if junior else (CLASSIC, play_random_game(6))
    use("ko")
    try:
        text = game_text(kind, game, WHEN)
    finally:
        use("en")
    assert not re.search(r"[A-Za-z]{2,}", _NOTATION.sub("", text)), text
    assert "2024년 12월 4일 15:20" in text and "1라운드" in text and "공개" in text
    starts = [_columns(line[: move.start()]) for line in text.splitlines() if line.startswith("  ") and (move := _NOTATION.search(line))]
    assert len(starts) > 20 and set(starts) == {16}  # two spaces and the name's column: a Hangul syllable is two columns wide


def _columns(text: str) -> int:
    return sum(2 if "\uac00" <= char <= "\ud7a3" else 1 for char in text)
