"""The console end to end: killed at random moments it resumes the same game; its public outputs keep Mister X's secret.

1. A runner process (``tests/console_runner.py``) plays a seeded game on the
   ``fake`` profile and is SIGKILLed at random moments; after every kill the
   journal must replay to a prefix of the uninterrupted game, every restart
   must resume exactly the journaled position, and the game finally filed must
   be the uninterrupted game, move for move.
2. Two sittings that differ only in Mister X's hidden destinations (same seed,
   settings, clock, tickets and detective presses) must light the same LED
   frames, present the same screen pictures and log the same INFO records
   until his first reveal, and must differ once it comes.
"""

from __future__ import annotations

import json
import logging
import os
import random
import select
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

import pygame
import pytest
from console_runner import Clock, SeededTable, fake_hardware, settings_for

from console import session
from console.flow import Flow
from console.journal import load
from console.model import Mode
from console.program import Program
from engine import Game
from engine.record import loads, position_to_dict
from hardware.handheld import FarEnd
from hardware.interfaces import Message
from hardware.leds import RecordingLeds
from hardware.screen import OffscreenScreen

REPO = Path(__file__).resolve().parent.parent
RUNNER = REPO / "tests" / "console_runner.py"

# ------------------------------------------------------------------ 1. kill and resume

KILL_SEEDS = (5, 6, 8)
"""Games that end in each way: Mister X survives (5), is caught (6), the detectives run dry (8); all with double moves."""
KILLS_PER_GAME = 5
FIRST_KILL_WITHIN = 0.35
"""The first run is killed this soon after launch: often before or while the game is opened."""
LATER_KILL_WITHIN = 0.3
"""Later runs are killed this soon after they report the resumed game: somewhere in play or filing."""
RUN_TIMEOUT = 20.0


def runner_env() -> dict[str, str]:
    """Headless pygame; a fresh hash seed for every run, so nothing may hang on set or dict order."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONHASHSEED="random")
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), str(REPO / "tests"), *filter(None, [os.environ.get("PYTHONPATH")])])
    return env


def start_runner(data_dir: Path, seed: int) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, str(RUNNER), str(data_dir), str(seed)], cwd=REPO, env=runner_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def reports(stdout: str) -> list[dict[str, Any]]:
    """The runner's whole report lines (a line cut short by the kill is not one)."""
    return [json.loads(line) for line in stdout.split("\n")[:-1] if line.strip()]


def plain(position: Any) -> Any:
    """A position as the runner prints it (through JSON), to compare with one computed here."""
    return json.loads(json.dumps(position_to_dict(position)))


def filed_games(data_dir: Path) -> list[Game]:
    return [loads(path.read_text()) for path in sorted((data_dir / session.HISTORY).glob("*.json"))]


@dataclass
class KillLog:
    """What happened to one seeded game's runs."""

    seed: int
    killed: int = 0
    """Runs ended by SIGKILL."""
    mid_game: int = 0
    """Kills that left an unfinished game with moves in the journal."""
    resumed: list[int] = field(default_factory=list)
    """The number of moves each restart resumed with."""


def play_with_kills(root: Path, seed: int) -> KillLog:
    """Play *seed*'s game once straight through and once killed repeatedly; assert they are the same game."""
    straight = root / f"straight-{seed}"
    done = subprocess.run([sys.executable, str(RUNNER), str(straight), str(seed)], check=False, cwd=REPO, env=runner_env(),
                          capture_output=True, text=True, timeout=RUN_TIMEOUT)
    assert done.returncode == 0, done.stderr
    (reference,) = filed_games(straight)
    assert reference.is_over

    data = root / f"killed-{seed}"
    rng = random.Random(seed)
    log = KillLog(seed)
    expected = plain(Game(reference.start).position())
    """The position the next run must resume: the seeded start until a journal says otherwise."""
    for run in range(KILLS_PER_GAME + 1):
        process = start_runner(data, seed)
        try:
            if run < KILLS_PER_GAME:
                if run == 0:
                    time.sleep(rng.uniform(0.0, FIRST_KILL_WITHIN))
                else:
                    assert process.stdout is not None
                    ready, _, _ = select.select([process.stdout], [], [], RUN_TIMEOUT)  # it has reported its start
                    assert ready, f"seed {seed}: run {run} said nothing for {RUN_TIMEOUT} s"
                    time.sleep(rng.uniform(0.0, LATER_KILL_WITHIN))
                process.send_signal(signal.SIGKILL)
            stdout, stderr = process.communicate(timeout=RUN_TIMEOUT)
        finally:
            if process.poll() is None:  # a failed check or a hung run: leave no process behind
                process.kill()
                process.communicate()
        if process.returncode == -signal.SIGKILL:
            log.killed += 1
        else:
            assert process.returncode == 0, f"seed {seed}, run {run}: {stderr}"
        for report in reports(stdout):
            if report["event"] == "opened":
                assert report["position"] == expected, f"seed {seed}, run {run} resumed another position than journaled"
                log.resumed.append(report["actions"])

        journal = data / session.JOURNAL
        if journal.exists():
            found = load(journal)  # raises JournalError if the kill left a journal that does not replay
            moves = found.game.actions
            assert found.game.start == reference.start
            assert moves == reference.actions[: len(moves)], f"seed {seed}: the journal left the uninterrupted game"
            expected = plain(found.game.position())
            log.mid_game += 0 < len(moves) and not found.game.is_over
        elif filed_games(data):
            break  # the game was played out and filed before the kill came
    assert process.returncode == 0 or filed_games(data), f"seed {seed}: the last run did not finish the game"
    assert not (data / session.JOURNAL).exists()
    games = filed_games(data)
    assert games, f"seed {seed}: no game was filed"
    for game in games:  # more than one only if a kill fell between filing and removing the journal
        assert game.start == reference.start
        assert game.actions == reference.actions
        assert game.outcome == reference.outcome
    return log


def test_killed_at_random_moments_the_console_resumes_and_finishes_the_same_game(tmp_path: Path) -> None:
    """SIGKILL a seeded game's runner again and again: each restart resumes the journaled state, the end is the same game."""
    with ThreadPoolExecutor(len(KILL_SEEDS)) as pool:
        logs = list(pool.map(partial(play_with_kills, tmp_path), KILL_SEEDS))
    assert all(log.killed >= 2 for log in logs), f"a game was hardly interrupted: {logs}"
    assert sum(log.mid_game for log in logs) >= len(KILL_SEEDS), f"too few kills landed in the middle of a game: {logs}"
    assert any(moves > 0 for log in logs for moves in log.resumed), f"no restart resumed a game in progress: {logs}"


# ------------------------------------------------------------------ 2. secrecy of the public outputs

SECRET_SEED = 5
PREFERENCE = ("taxi", "bus", "underground", "black")
MAX_STEPS = 400


def hiding_far_end(last: bool) -> FarEnd:
    """Mister X who always takes the same kind of ticket; with *last* he goes to the last station it lists, not the first.

    Only where that ticket offers two or more stations and the move is not a
    reveal move; otherwise both Mister Xs choose alike.
    """

    def answer(message: Message) -> Sequence[Message]:
        if message.get("type") != "choose_move":
            return []
        moves = message["moves"]
        ticket = next(kind for kind in PREFERENCE if any(listed == kind for _, listed in moves))
        same = [station for station, listed in moves if listed == ticket]
        station = same[-1] if last and len(same) >= 2 and not message["reveal_next"] else same[0]
        return [{"type": "move", "station": station, "ticket": ticket}]

    return answer


@dataclass
class Seat:
    """One of the two sittings, with what it has shown so far."""

    program: Program
    table: SeededTable
    leds: RecordingLeds
    screen: OffscreenScreen
    info: list[tuple[str, int, str]] = field(default_factory=list)
    """This step's records of logger ``console`` at INFO and above (the default level)."""
    debug: list[tuple[str, int, str]] = field(default_factory=list)
    """This step's records at any level, DEBUG included (Mister X's secret is logged there)."""

    @property
    def picture(self) -> bytes:
        assert self.screen.last is not None
        return pygame.image.tobytes(self.screen.last, "RGB")

    @property
    def station(self) -> int:
        """Where Mister X really is: only to check that the two games do differ in secret."""
        return self.flow.game.mister_x_view().station

    @property
    def flow(self) -> Flow:
        flow = self.program.flow
        assert flow is not None
        return flow

    def step(self, caplog: pytest.LogCaptureFixture) -> None:
        """Let the table act once, keeping the log records of this step alone."""
        caplog.clear()
        self.table.act()
        records = [(r.name, r.levelno, r.getMessage()) for r in caplog.records if r.name.split(".")[0] == "console"]
        self.debug = records
        self.info = [record for record in records if record[1] >= logging.INFO]


def seat(data_dir: Path, far_end: FarEnd) -> Seat:
    hardware = fake_hardware(far_end)
    settings = replace(settings_for(data_dir), assist=True)  # the deduction assist lights public deductions too
    program = Program(hardware, settings, clock=Clock(), timestamp=lambda: "game", seed=SECRET_SEED)  # the same deal for both
    leds, screen = hardware.leds, hardware.screen
    assert isinstance(leds, RecordingLeds) and isinstance(screen, OffscreenScreen)
    return Seat(program, SeededTable(program.console, SECRET_SEED), leds, screen)


def test_hidden_moves_leave_the_lights_screen_and_logs_alike_until_a_reveal(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Two games apart only in Mister X's secret stations show and log byte-identical things until he is seen."""
    caplog.set_level(logging.DEBUG, logger="console")
    first, last = seat(tmp_path / "first", hiding_far_end(last=False)), seat(tmp_path / "last", hiding_far_end(last=True))
    while first.program.flow is None:  # the start menu and the setup: a new game, dealt
        first.step(caplog)
        last.step(caplog)
    assert first.flow.ui.mode is Mode.DEAL  # the deal is shown and compared too

    compared = apart = secret_logged = 0
    for _ in range(MAX_STEPS):
        first.step(caplog)
        last.step(caplog)
        views = [seat.flow.game.public_view() for seat in (first, last)]
        assert [e.ticket for e in views[0].log] == [e.ticket for e in views[1].log], "the two Mister Xs took different tickets"
        if any(entry.reveal for view in views for entry in view.log) or any(view.outcome for view in views):
            break
        assert views[0] == views[1]
        assert first.leds.frames == last.leds.frames
        assert first.screen.presented == last.screen.presented
        assert first.picture == last.picture
        assert first.info == last.info
        compared += 1
        apart += first.station != last.station
        secret_logged += first.debug != last.debug
    else:
        pytest.fail(f"no reveal in {MAX_STEPS} steps")

    # The comparison had something to compare: his secret did differ, and he moved twice unseen.
    assert compared > 10 and apart > 0
    assert [entry.move for entry in views[0].log] == [1, 2, 3], "the game should reach the reveal (move 3) before a capture"
    assert not views[0].outcome and not views[1].outcome
    # ... and it is sensitive: the secret logged at DEBUG told the games apart before the reveal,
    assert secret_logged > 0
    # and at the reveal, where his true stations go public, lights, screen and logs all differ.
    seen = [view.last_reveal for view in views]
    assert seen[0] is not None and seen[0] != seen[1], "both Mister Xs surfaced at the same station: pick another seed"
    assert first.leds.frames != last.leds.frames
    assert first.leds.last.get(seen[0]) != last.leds.last.get(seen[0])
    assert first.picture != last.picture
    assert first.info != last.info
