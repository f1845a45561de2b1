"""Nothing the players do or the machine suffers loses a game: moved folders, foreign settings, full disks, two consoles."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from console import session
from console.journal import JournalError, _chain, load
from console.settings import Level, Seat
from hardware.interfaces import Key
from tests.support.program import Console


def rewritten(path: Path, edit: Callable[[dict[str, Any]], None]) -> None:
    """Rewrite the journal at *path* with its start event edited and its hash chain made whole again."""
    events = [json.loads(line)["event"] for line in path.read_bytes().splitlines()]
    edit(events[0])
    digest, lines = "", []
    for seq, event in enumerate(events, 1):
        text = json.dumps(event, sort_keys=True, separators=(",", ":"))
        digest = _chain(digest, seq, text)
        lines.append(f'{{"seq":{seq},"hash":"{digest}","event":{text}}}\n')
    path.write_text("".join(lines))


def play_to_the_end(console: Console) -> None:
    for _ in range(5000):
        if console.program.flow is None:
            return
        console.table.act()
    raise AssertionError("the game did not end")


def test_a_game_resumed_from_a_moved_folder_stays_in_the_new_folder(tmp_path: Path) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    Console(old, mister_x=Seat.COMPUTER, edition="beginner", players=3, level=Level.EASY).deal_and_place()
    assert "data_dir" not in load(old / session.JOURNAL).journal.path.read_text()  # no path is remembered
    shutil.move(old, new)
    console = Console(new)
    console.keys(Key.CONFIRM)  # resume
    flow = console.program.flow
    assert flow is not None and console.program.sitting is not None
    assert console.program.sitting.opened.settings.data_path == new
    play_to_the_end(console)
    assert not old.exists()
    assert (new / session.HISTORY / "filed.json").exists() and not (new / session.JOURNAL).exists()


def test_restart_of_a_game_resumed_from_a_moved_folder_journals_in_the_new_folder(tmp_path: Path) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    Console(old).deal_and_place()
    shutil.move(old, new)
    console = Console(new)
    console.keys(Key.CONFIRM)
    console.keys(Key.MENU)
    console.choose("Restart")
    console.keys(Key.CONFIRM)
    assert console.program.flow is not None and not old.exists()
    assert (new / session.JOURNAL).exists()


@pytest.mark.parametrize(("key", "value", "said"), [
    ("level", "insane", "level: must be one of easy, normal, hard, not 'insane'"),
    ("warp_drive", True, "warp_drive: unknown setting"),
    ("players", "four", "players: must be a whole number, not 'four'"),
    ("detectives", 2.5, "detectives: must be a whole number, not 2.5"),
    ("players", 40, "players"),
])
def test_journal_settings_are_checked_as_strictly_as_the_config_file(tmp_path: Path, key: str, value: object, said: str) -> None:
    Console(tmp_path).deal_and_place()
    journal = tmp_path / session.JOURNAL
    rewritten(journal, lambda start: start["settings"].__setitem__(key, value))
    kept = journal.read_bytes()
    console = Console(tmp_path)  # the console starts and says why
    assert console.rows[0] == "New game"
    assert console.program.menu is not None and said in console.program.menu.message
    assert (tmp_path / "game.journal.corrupt-1").read_bytes() == kept  # kept whole, never lost
    journal.write_bytes(kept)
    with pytest.raises(JournalError, match=said):
        load(journal)
