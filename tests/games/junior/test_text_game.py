"""Junior in the terminal: whole games on either side, typed steps in every form, and the same journal as the board."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from console.cli import main
from console.games.junior.text_game import JuniorTextGame
from console.games.text import Terminal
from console.program import session
from console.records.journal import load
from console.settings import Level
from engine.junior import JuniorGame

LINE_WORDS = {"T": "taxi", "B": "bus", "U": "metro", "F": "boat"}


def first_steps(game: JuniorGame) -> Iterator[str]:
    """Typed lines: the first listed step of whoever is asked (each form of writing one, in turn)."""
    forms = 0
    while True:
        pieces = game.to_choose() or game.to_move()
        piece = pieces[0]
        step = game.steps_of(piece)[-1]
        forms += 1
        name = "" if game.to_choose() else f"{piece} "
        if forms % 3 == 0 and step.transport is not None:
            yield f"{name}{step.station} {LINE_WORDS[step.leg[0]]}"
        else:
            yield f"{name}{step.leg.lower()}"


@pytest.mark.parametrize("rogues_typed", [False, True], ids=["as-detectives", "as-rogues"])
def test_a_whole_junior_game_in_the_terminal_ends_with_its_winners(rogues_typed: bool) -> None:
    game = JuniorGame.new(rogues=2, seed=4)
    out = io.StringIO()
    lines = first_steps(game)
    JuniorTextGame(game, rogues_typed, Terminal(out, lambda prompt: next(lines), seed=4), Level.NORMAL).run()
    said = out.getvalue()
    assert game.is_over and "Game over: " in said and said.count("Round ") >= len(game.results)
    if rogues_typed:  # the person is shown his rogue's station; the detectives' stations are public anyway
        assert "Mister FOX, you are at" in said and "ROXy, you are at" in said


@pytest.mark.parametrize(("line", "answer"), [
    ("watson 81 bsu", "Not understood: 'bsu' is not a line (taxi, bus, metro, boat)."),
    ("watson abc", "Not understood: 'abc' is not a step"),
    ("sherlock 81", "Not understood: 'sherlock'. Type \"help\" for the commands."),
    ("hepl", "Not understood: 'hepl'. Did you mean 'help'?"),
    ("watsn 81", "Not understood: 'watsn'. Did you mean 'watson'?"),
    ("watson 999", "No: Willy Watson cannot go there: 999 is outside the Central district"),
    ("undo", "No: only a detective's step of this round, before the reveal, can be taken back"),
])
def test_every_junior_line_gets_an_answer_naming_what_is_wrong(line: str, answer: str) -> None:
    game = JuniorGame.new(seed=1)
    out = io.StringIO()
    lines = iter([line, "help", "quit"])
    JuniorTextGame(game, False, Terminal(out, lambda prompt: next(lines)), Level.EASY).run()
    said = out.getvalue()
    assert answer in said and "moves PIECE" in said and "Game left." in said
    assert game.round == 1 and not game.moved()


def test_junior_in_the_terminal_is_journaled_and_resumed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("watson stay\nmarble stay\n"))
    assert main(["text", "--edition", "junior", "--players", "3", "--seed", "2", "--data-dir", str(tmp_path)]) == 0
    kept = load(tmp_path / session.JOURNAL).game
    assert isinstance(kept, JuniorGame) and kept.round == 2  # the rogues chose, both detectives stayed: round 1 revealed
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("r\nquit\n"))
    assert main(["text", "--data-dir", str(tmp_path)]) == 0
    assert "A game was interrupted (Junior, round 2)" in capsys.readouterr().out


def test_the_terminal_takes_its_settings_from_the_config_file_and_the_command_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[game]\nedition = "beginner"\nplayers = 3\nlevel = "easy"\n')
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["text", "--config", str(config), "--level", "hard", "--seed", "1", "--data-dir", str(tmp_path)]) == 0
    assert "Beginner's Game" in capsys.readouterr().out
    settings = load(tmp_path / session.JOURNAL).settings
    assert (settings.edition, settings.players, settings.level) == ("beginner", 3, Level.HARD)


def test_every_command_offers_junior(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("play", "text"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert "junior" in capsys.readouterr().out


def test_a_station_in_the_district_on_no_line_from_the_detective_is_said_so_not_blamed_on_the_taxi() -> None:
    game = JuniorGame.new(seed=1)
    here = game.stations["watson"]
    joined = {step.station for step in game.steps_of("watson")}
    far = next(station for station in sorted(game.district.stations) if station not in joined)
    out = io.StringIO()
    lines = iter([f"watson {far}", "moves", "quit"])
    JuniorTextGame(game, False, Terminal(out, lambda prompt: next(lines)), Level.EASY).run()
    said = out.getvalue()
    assert f"No: there is no line from {here} to {far}" in said and "taxi line" not in said
    assert "Willy Watson: S" in said and "Milly Marble: S" in said  # 'moves' alone: each detective's steps
