"""Storage faults from the real system, not injected: a small filesystem that fills up, a file-size limit;
and (opt-in, ``-m slow``) a long randomised run of injected faults that come and go during whole games."""

from __future__ import annotations

import errno
import random
import resource
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from console.program import session
from console.program.program import RETRY_SAVING_S
from console.records.journal import load
from console.records.storage import fault_in_words
from console.settings import Level, Seat
from engine.record import loads
from tests.console.test_faults import computer_game, leftovers, play_to_the_end
from tests.support.disk import FAULTS, FaultyDisk
from tests.support.program import Console

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 1 MiB filesystem (tmpfs), where the machine lets the tests mount one; skipped elsewhere."""
    folder = tmp_path / "small"
    folder.mkdir()
    mounted = shutil.which("mount") and subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)],
                                                       capture_output=True, check=False).returncode == 0
    if not mounted:
        pytest.skip("this machine does not let the tests mount a small filesystem")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)


def fill(folder: Path) -> Path:
    """Fill *folder*'s filesystem to the last byte with one file; removing it frees the space again."""
    filler = folder / f"filler-{uuid.uuid4().hex}"
    with filler.open("wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 4096)
        except OSError as error:
            assert error.errno == errno.ENOSPC
    return filler


def test_a_real_filesystem_filling_up_mid_game_loses_nothing_and_saves_once_space_returns(small_disk: Path) -> None:
    console = Console(small_disk / "data", mister_x=Seat.COMPUTER, edition="reissue", players=6, level=Level.EASY)
    console.deal_and_place()  # the helper's fixed deal: a long game, whose journal outgrows the page it has (the filesystem's unit)
    journal = small_disk / "data" / session.JOURNAL
    filler = fill(small_disk)
    flow = console.program.flow
    assert flow is not None
    for _ in range(3000):
        if console.program.sitting is None or console.program.sitting.saving_problem:
            break
        console.table.act()
    assert console.program.sitting is not None, "the game ended inside the journal's page: deal a longer one"
    assert str(fault_in_words(OSError(errno.ENOSPC, ""))) in str(console.program.sitting.saving_problem)
    assert "Not saved" in " ".join(console.program.console.presenter.kit.texts)
    filler.unlink()  # space returns
    for _ in range(int(RETRY_SAVING_S / 0.05) + 2):
        console.program.console.step()
    assert console.program.sitting is None or not console.program.sitting.saving_problem
    if journal.exists():
        assert load(journal).game.actions == flow.game.actions
    play_to_the_end(console)
    (filed,) = (small_disk / "data" / session.HISTORY).glob("*.json")
    assert loads(filed.read_text()).actions == flow.game.actions and not leftovers(small_disk)


def test_a_full_real_filesystem_at_the_filing_never_blocks_the_start(small_disk: Path) -> None:
    data = small_disk / "data"
    console = computer_game(data)
    flow = console.program.flow
    assert flow is not None
    while not flow.game.is_over:
        console.table.act()
    filler = fill(small_disk)
    console.table.act()  # the end is seen; leaving it files the game, on a full disk
    for _ in range(2):
        again = Console(data)
        assert again.rows[0] == "New game" and not leftovers(small_disk)
    filler.unlink()
    Console(data)
    (filed,) = (data / session.HISTORY).glob("*.json")
    assert loads(filed.read_text()).actions == flow.game.actions and not leftovers(small_disk)


LIMIT = 1536
"""Bytes: the journal's start and a few moves."""


def limited_to(size: int) -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_FSIZE"), reason="needs a file-size limit")
def test_a_file_size_limit_reached_mid_game_is_said_and_the_game_goes_on(tmp_path: Path) -> None:
    """The terminal game under a 1.5 KiB file-size limit: the kernel refuses the journal's growth after a few moves (EFBIG)."""
    lines = "".join(f"{piece} {station}\n" for _ in range(3) for piece in ("red", "blue", "green", "bobby1")
                    for station in range(1, 200))
    done = subprocess.run([sys.executable, "-m", "console.cli", "--seed", "9", "--data-dir", str(tmp_path)], input=lines,
                          capture_output=True, text=True, cwd=ROOT, timeout=120, preexec_fn=lambda: limited_to(LIMIT), check=False)
    assert done.returncode == 0, done.stderr
    assert f"Not saved: {fault_in_words(OSError(errno.EFBIG, ''))}" in done.stdout and "Traceback" not in done.stderr
    kept = load(tmp_path / session.JOURNAL).game  # what the disk took is whole, and is the game's beginning
    assert kept.actions and (tmp_path / session.JOURNAL).stat().st_size <= LIMIT
    assert not leftovers(tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40))
def test_faults_that_come_and_go_at_random_through_whole_games_lose_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Random faults of every kind start at random writes and heal after random actions, several times a game."""
    chance = random.Random(seed)
    disk = FaultyDisk(tmp_path, monkeypatch)
    console = computer_game(tmp_path)
    flow = console.program.flow
    assert flow is not None
    while console.program.flow is not None:
        disk.fail(FAULTS[chance.choice(list(FAULTS))], from_write=chance.randrange(12))
        for _ in range(chance.randrange(1, 60)):
            if console.program.flow is None:
                break
            console.table.act()
        disk.heal()
        for _ in range(chance.randrange(0, int(2 * RETRY_SAVING_S / 0.05))):
            console.program.console.step()
    again = Console(tmp_path)
    monkeypatch.undo()
    history = list((tmp_path / session.HISTORY).glob("*.json"))
    if history:
        assert loads(history[0].read_text()).actions == flow.game.actions
    else:
        kept = again.program.kept
        assert kept is not None and kept.game.actions == flow.game.actions[: len(kept.game.actions)]
    assert not leftovers(tmp_path)
