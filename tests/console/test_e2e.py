"""The console end to end: killed at every kind of event it resumes the same game; its public outputs keep Mister X's secret.

1. A runner process (``tests/support/runner.py``) plays a seeded game on the
   ``fake`` profile. Played once straight through, it reports every journal
   event; then it is played again and SIGKILLed at chosen points of that
   journal (while a line is being written, just after it is on disk, while
   Mister X chooses a double move's second leg, while the game is filed),
   covering every kind of event: the deal, Mister X's single and double moves,
   the detectives' moves, an undo, a correction and the end. The kill points
   are fixed by the journal, not the clock, so a busy machine kills at the same
   places. After every kill the journal must be the straight game's up to the
   kill, every restart must resume exactly the journaled position, and the
   game finally filed must be the uninterrupted game, move for move.
2. Two sittings that differ only in Mister X's hidden destinations (same seed,
   settings, clock, tickets and detective presses) must light the same LED
   frames, present the same screen pictures, log the same INFO records, and
   play the same sounds and say the same words at the same steps until his
   first reveal, and must differ once it comes.
"""

from __future__ import annotations

import json
import logging
import os
import random
import signal
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from console.games.classic.flow import Flow
from console.games.classic.model import Mode
from console.program import session
from console.program.program import Program
from console.records.journal import load
from engine import DoubleMove, Game, MisterXMove, Ticket
from engine.moves import parse_leg, parse_move
from engine.record import loads, position_to_dict
from firmware import messages
from hardware.drivers.audio import FakeSpeaker
from hardware.drivers.handheld import FarEnd
from hardware.drivers.leds import RecordingLeds
from hardware.drivers.screen import OffscreenScreen
from hardware.interfaces import Message
from tests.support.players import choices_of
from tests.support.runner import MOMENTS, Clock, KillPoint, SeededTable, fake_hardware, settings_for

REPO = Path(__file__).resolve().parents[2]
RUNNER = REPO / "tests" / "support" / "runner.py"

# ------------------------------------------------------------------ 1. kill and resume

KILL_SEEDS = (1, 4, 5)
"""Games that end in each way (Mister X is caught (1), the detectives run dry (4), Mister X survives (5)), each with
double moves, undos and corrections."""
EVERY_KIND = ("start", "mister_x", "double", "detective", "undo", "correction", "end")
RUN_TIMEOUT = 300.0
"""Only a guard against a hung run: a run takes a second or two, however busy the machine."""


def runner_env() -> dict[str, str]:
    """Headless pygame; a fresh hash seed for every run, so nothing may hang on set or dict order."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONHASHSEED="random")
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), str(REPO / "tests"), *filter(None, [os.environ.get("PYTHONPATH")])])
    return env


def run(data_dir: Path, seed: int, kill: KillPoint | None = None) -> tuple[int, list[dict[str, Any]]]:
    """One run of the runner on *data_dir* (killed at *kill*): its exit code and its reports."""
    command = [sys.executable, str(RUNNER), str(data_dir), str(seed), *([str(kill)] if kill else [])]
    done = subprocess.run(command, check=False, cwd=REPO, env=runner_env(), capture_output=True, text=True, timeout=RUN_TIMEOUT)
    assert done.returncode in (0, -signal.SIGKILL), f"seed {seed}, kill {kill}: {done.stderr}"
    return done.returncode, [json.loads(line) for line in done.stdout.splitlines()]


def kind_of(event: dict[str, Any]) -> str:
    """A journal event's kind, as ``EVERY_KIND`` names them."""
    if event["type"] != "move":
        return str(event["type"])
    move = parse_move(event["move"])
    return "double" if isinstance(move, DoubleMove) else "mister_x" if isinstance(move, MisterXMove) else "detective"


def public(event: dict[str, Any]) -> dict[str, Any]:
    """A journal event without what differs between two sittings of the same game (its folder and handheld token)."""
    if event["type"] != "start":
        return event
    return {**{k: v for k, v in event.items() if k != "token"}, "settings": {**event["settings"], "data_dir": ""}}


def plain(position: Any) -> Any:
    """A position as the runner prints it (through JSON), to compare with one computed here."""
    return json.loads(json.dumps(position_to_dict(position)))


def filed_games(data_dir: Path) -> list[Game]:
    return [loads(path.read_text()) for path in sorted((data_dir / session.HISTORY).glob("*.json"))]


def kill_plan(events: Sequence[dict[str, Any]], seed: int) -> list[KillPoint]:
    """Where to kill the game whose journal is *events*: every kind of event, at a seeded one of its kind, in game order.

    Each kind is killed just after its line is on disk; moves and corrections
    also while their line is being written; a double move also while its second
    leg is chosen; the finished game also while it is filed.
    """
    rng = random.Random(seed)
    lines: dict[str, list[int]] = {}
    for line, event in enumerate(events, 1):
        lines.setdefault(kind_of(event), []).append(line)
    points = set()
    for kind in EVERY_KIND:
        line = rng.choice(lines[kind])
        points.add(KillPoint(line, MOMENTS.index("written")))
        if kind in ("start", "mister_x", "double", "detective", "correction"):
            points.add(KillPoint(line, MOMENTS.index("torn")))
        if kind == "double":
            points.add(KillPoint(line - 1, MOMENTS.index("second-leg")))
    points.add(KillPoint(len(events), MOMENTS.index("filing")))
    return sorted(points)


@dataclass
class KillLog:
    """What happened to one seeded game's runs."""

    seed: int
    kinds: set[str] = field(default_factory=set)
    """The kinds of journal event a kill fell at."""
    moments: set[str] = field(default_factory=set)
    resumed: list[int] = field(default_factory=list)
    """The number of moves each restart resumed with."""


def play_with_kills(root: Path, seed: int) -> KillLog:
    """Play *seed*'s game once straight through and once killed at every planned point; assert they are the same game."""
    straight = root / f"straight-{seed}"
    code, reported = run(straight, seed)
    assert code == 0
    events = [report["entry"] for report in reported if report["event"] == "journaled"]
    (reference,) = filed_games(straight)
    assert reference.is_over and events[-1]["type"] == "end"

    data = root / f"killed-{seed}"
    log = KillLog(seed)
    (expected,) = [report["position"] for report in reported if report["event"] == "opened"]
    """The position the next run must resume: the dealt one until a journal says otherwise."""
    for point in [*kill_plan(events, seed), None]:
        code, reported = run(data, seed, point)
        assert code == (0 if point is None else -signal.SIGKILL), f"seed {seed}: the run meant to die at {point} did not"
        for report in reported:
            if report["event"] == "opened":
                assert report["position"] == expected, f"seed {seed}: resumed another position than journaled"
                log.resumed.append(report["actions"])
        if point is None:
            break
        log.kinds.add(kind_of(events[point.line - 1]))
        log.moments.add(point.moment)
        journal = data / session.JOURNAL
        if point.kept == 0:
            assert not journal.exists()
            continue
        found = load(journal)  # raises JournalError if the kill left a journal that does not replay
        kept = [json.loads(line)["event"] for line in journal.read_bytes().split(b"\n")[: point.kept]]
        assert [public(event) for event in kept] == [public(event) for event in events[: point.kept]], (
            f"seed {seed}: after the kill at {point} the journal is not the straight game's")
        assert bool(found.dropped) == (point.moment == "torn")
        expected = plain(found.game.position())
    assert not (data / session.JOURNAL).exists()
    games = filed_games(data)
    assert games, f"seed {seed}: no game was filed"
    for game in games:  # two: the kill while filing came after the record was written
        assert game.start == reference.start
        assert game.actions == reference.actions
        assert game.outcome == reference.outcome
    return log


@pytest.mark.parametrize("seed", [KILL_SEEDS[0], *(pytest.param(seed, marks=pytest.mark.slow) for seed in KILL_SEEDS[1:])])
def test_killed_at_every_kind_of_event_the_console_resumes_and_finishes_the_same_game(tmp_path: Path, seed: int) -> None:
    """SIGKILL a seeded game's runner at every kind of event: each restart resumes the journaled state, the end is the same game.

    The default run kills the game that ends in a capture; the other endings' games run with ``-m slow``.
    """
    log = play_with_kills(tmp_path, seed)
    assert log.kinds == set(EVERY_KIND) and log.moments == set(MOMENTS), log
    assert any(moves > 0 for moves in log.resumed), f"no restart resumed a game in progress: {log}"


# ------------------------------------------------------------------ 2. secrecy of the public outputs

SECRET_SEED = 5
PREFERENCE = (Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND, Ticket.BLACK)
MAX_STEPS = 400


def hiding_far_end(last: bool) -> FarEnd:
    """Mister X who always takes the same kind of ticket; with *last* he goes to the last station it lists, not the first.

    Only where that ticket offers two or more stations and the move is not a
    reveal move; otherwise both Mister Xs choose alike.
    """

    def answer(message: Message) -> Sequence[Message]:
        request = messages.check(dict(message))  # as the handheld checks it: one it could not read fails the test
        if request["type"] != "ask":
            return []
        moves = [(leg, parse_leg(leg)[1]) for leg in choices_of(request)]
        ticket = next(kind for kind in PREFERENCE if any(ticket == kind for _, ticket in moves))
        same = [leg for leg, kind in moves if kind == ticket]
        reveal = bool(request["warning"])  # the handheld warns that this move is seen
        leg = same[-1] if last and len(same) >= 2 and not reveal else same[0]
        return [messages.answer(leg)]

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
    def speaker(self) -> FakeSpeaker:
        speaker = self.program.hardware.speaker
        assert isinstance(speaker, FakeSpeaker)
        return speaker

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
    settings = replace(settings_for(data_dir), assist=True, spoken=True)  # the assist's public deductions and the spoken words too
    program = Program(hardware, settings, clock=Clock(), timestamp=lambda: "game", seed=SECRET_SEED)  # the same deal for both
    leds, screen = hardware.leds, hardware.screen
    assert isinstance(leds, RecordingLeds) and isinstance(screen, OffscreenScreen)
    return Seat(program, SeededTable(program.console, SECRET_SEED, settings.data_path / session.JOURNAL), leds, screen)


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
        assert first.speaker.played == last.speaker.played  # compared every step: the same sounds at the same times
        assert first.speaker.said == last.speaker.said
        compared += 1
        apart += first.station != last.station
        secret_logged += first.debug != last.debug
    else:
        pytest.fail(f"no reveal in {MAX_STEPS} steps")

    # The comparison had something to compare: his secret did differ, and he moved twice unseen.
    assert compared > 10 and apart > 0
    assert [entry.move for entry in views[0].log] == [1, 2, 3], "the game should reach the reveal (move 3) before a capture"
    assert not views[0].outcome and not views[1].outcome
    assert first.speaker.played.count("moved") == 2 and first.speaker.played[-1] == "reveal"  # his unseen moves sounded too
    # ... and it is sensitive: the secret logged at DEBUG told the games apart before the reveal,
    assert secret_logged > 0
    # and at the reveal, where his true stations go public, lights, screen and logs all differ.
    seen = [view.last_reveal for view in views]
    assert seen[0] is not None and seen[0] != seen[1], "both Mister Xs surfaced at the same station: pick another seed"
    assert first.leds.frames != last.leds.frames
    assert first.leds.last.get(seen[0]) != last.leds.last.get(seen[0])
    assert first.picture != last.picture
    assert first.info != last.info
    assert first.speaker.said[-1] != last.speaker.said[-1] and f"surfaces at {seen[0]}" in first.speaker.said[-1][0]
