"""The terminal game keeps the board's journal: left, closed or killed, it is offered again; finished, it is filed."""

from __future__ import annotations

import io
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from console.cli import main
from console.program import session, terminal
from console.records.journal import load
from console.settings import GameSettings, Seat
from engine import DetectiveMove, RecordError
from engine.record import loads
from hardware.interfaces import Key
from language import use
from tests.support.program import Console


def typed(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    """The terminal's input: these lines, then the end of input (a closed terminal)."""
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))


def sweeps(rounds: int) -> list[str]:
    """Lines detectives type, whatever the deal: each round, every piece tries every station (all but its move refused)."""
    return [f"{piece} {station}" for _ in range(rounds) for piece in ("red", "blue", "green", "bobby1")
            for station in range(1, 200)]


def test_a_terminal_game_closed_mid_game_is_offered_again_and_resumes_exactly(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    typed(monkeypatch, sweeps(2))
    assert main(["--seed", "3", "--data-dir", str(tmp_path)]) == 0
    said = capsys.readouterr().out
    assert " takes " in said and "Game left." in said and "The game is kept" in said
    before = load(tmp_path / session.JOURNAL).game
    assert before.actions and not before.is_over
    typed(monkeypatch, ["r", "where"])
    assert main(["--data-dir", str(tmp_path)]) == 0
    said = capsys.readouterr().out
    assert f"A game was interrupted (reissue, round {before.round})" in said
    assert f"Mister X can be at {len(before.public_view().possible_stations)} stations" in said
    assert load(tmp_path / session.JOURNAL).game.actions == before.actions


def test_the_board_resumes_a_terminal_game_and_the_terminal_a_board_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    typed(monkeypatch, sweeps(1))
    main(["--seed", "4", "--data-dir", str(tmp_path)])
    in_terminal = load(tmp_path / session.JOURNAL).game
    board = Console(tmp_path)
    assert board.rows[0].startswith("Resume: reissue")
    board.keys(Key.CONFIRM)
    assert board.program.flow is not None and board.program.flow.game.actions == in_terminal.actions
    capsys.readouterr()
    typed(monkeypatch, ["r"])
    main(["--data-dir", str(tmp_path)])
    assert "A game was interrupted" in capsys.readouterr().out


def test_a_new_game_over_an_interrupted_one_is_asked_for_and_files_it_unfinished(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    typed(monkeypatch, sweeps(1))
    main(["--seed", "5", "--data-dir", str(tmp_path)])
    kept = load(tmp_path / session.JOURNAL).game
    typed(monkeypatch, ["?", "q"])  # quit: nothing changes
    main(["--data-dir", str(tmp_path)])
    assert "Type r, n or q." in capsys.readouterr().out
    assert load(tmp_path / session.JOURNAL).game.actions == kept.actions
    typed(monkeypatch, ["n"])
    main(["--seed", "6", "--data-dir", str(tmp_path)])
    (filed,) = (tmp_path / session.HISTORY).glob("*.json")
    assert loads(filed.read_text()).actions == kept.actions


def test_a_finished_terminal_game_is_filed(tmp_path: Path) -> None:
    settings = GameSettings(edition="beginner", players=3, data_dir=str(tmp_path), mister_x=Seat.HANDHELD,
                            detectives_by=Seat.COMPUTER)

    def first_legal_move(prompt: str) -> str:
        """Mister X, typed: the first of his legal moves, as the journal has the game so far."""
        return load(tmp_path / session.JOURNAL).game.mister_x_view().moves[0].notation

    out = io.StringIO()
    assert terminal.play(settings, 8, out, first_legal_move) == 0
    assert "filed in" in out.getvalue() and not (tmp_path / session.JOURNAL).exists()
    (filed,) = (tmp_path / session.HISTORY).glob("*.json")
    assert loads(filed.read_text()).is_over


def test_a_terminal_game_speaks_the_language_in_use(tmp_path: Path) -> None:
    """Left, kept and offered again in Korean: every line in Korean but the commands' and the program's names."""
    settings = GameSettings(data_dir=str(tmp_path))
    out = io.StringIO()
    answers = iter(["quit", "?", "q"])

    def read(prompt: str) -> str:
        out.write(prompt)
        return next(answers)

    use("ko")
    try:
        terminal.play(settings, 3, out, read)  # the game is left at once
        terminal.play(settings, 3, out, read)  # offered again: a wrong answer, then quit
    finally:
        use("en")
    said = out.getvalue()
    assert "게임을 떠났습니다." in said and "scotland-yard를 다시 시작하면 이어서 할 수 있습니다" in said
    assert said.count("중단된 게임이 있습니다 (") == 2 and "r, n, q 중 하나를 입력하세요." in said
    assert "중단된 게임은 그대로 저장되어 있습니다." in said
    assert set(re.findall(r"[A-Za-z]{2,}", said)) <= {"help", "quit", "where", "moves", "undo", "scotland", "yard"}
    assert not load(tmp_path / session.JOURNAL).game.is_over  # kept, as in English


def detective_moves(journal: Path) -> int:
    try:
        return sum(1 for action in load(journal).game.actions if isinstance(action, DetectiveMove))
    except (OSError, RecordError):
        return 0


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_killed_terminal_game_is_offered_again(tmp_path: Path) -> None:
    typed_in = "".join(f"{line}\n" for line in sweeps(2))
    child = subprocess.Popen([sys.executable, "-m", "console.cli", "--seed", "9", "--data-dir", str(tmp_path)],
                             stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    assert child.stdin is not None
    child.stdin.write(typed_in)  # the terminal stays open: the game waits for more once these are read
    child.stdin.flush()
    journal = tmp_path / session.JOURNAL
    deadline = time.monotonic() + 60
    while detective_moves(journal) < 3 and time.monotonic() < deadline and child.poll() is None:
        time.sleep(0.05)
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    moved = detective_moves(journal)
    assert moved >= 3
    offered = subprocess.run([sys.executable, "-m", "console.cli", "--data-dir", str(tmp_path)],
                             input="r\nwhere\n", capture_output=True, text=True, timeout=60)
    assert offered.stdout.startswith("A game was interrupted") and "Mister X can be at" in offered.stdout  # no pygame banner
    assert detective_moves(journal) == moved
