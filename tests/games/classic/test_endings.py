"""Every edition to every kind of ending, through the whole console on the ``fake`` profile.

Each game starts from an explicit position a move or two before its end,
journaled as the console journals a game, so the start menu offers it; the
table resumes it with CONFIRM, presses the stations that end it, and the test
reads the LED frames and the screen's words at each step.
"""

from __future__ import annotations

import re
import secrets
from pathlib import Path

import pytest

from console.games import CLASSIC
from console.games.classic.lights import COLOURS
from console.games.classic.model import Mode
from console.program import session
from console.program.program import Program
from console.records.journal import Journal
from console.settings import GameSettings
from console.table.lights import STANDARD
from engine import EDITIONS, Game, Position, Reason, Side, Ticket, Tickets, Transport, london
from engine.board import station_set, stations_of
from engine.position import LogEntry, PieceSetup
from engine.record import loads
from hardware.config import Config
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.drivers.leds import RecordingLeds
from hardware.factory import build_hardware
from hardware.interfaces import Key
from hardware.station_map import StationMap
from tests.support.players import StepClock, Table, first_listed_move

STATIONS = range(1, 200)
BOARD = london()


def _near(station: int) -> set[int]:
    return {n for t in Transport for n in stations_of(BOARD.neighbours(station, t))} | {station}


MISTER_X = next(s for s in BOARD.stations if BOARD.transports_at(s) == {Transport.TAXI} and len(_near(s)) >= 3)
"""A station only taxis reach."""
NEXT_TO_HIM = stations_of(BOARD.neighbours(MISTER_X, Transport.TAXI))[0]
AWAY = sorted(s for s in BOARD.stations if not _near(s) & _near(MISTER_X) and Transport.BUS in BOARD.transports_at(s))
"""Stations two lines or more from Mister X, with a bus line (so a bus ticket can be used there)."""


def near_the_end(edition: str, reason: Reason) -> Position:
    """Two detectives to move (in the detectives' turn), a move from *reason* ending the game."""
    ruleset = EDITIONS[edition]
    last = ruleset.length
    made = last if reason is Reason.SURVIVED else 5
    dealt = ruleset.detective_tickets
    red, blue = Tickets(*dealt), Tickets(*dealt)
    mister_x, supply = ruleset.mister_x_tickets(2), ruleset.supply_for(2)
    moved: frozenset[str] = frozenset()
    if reason is Reason.DETECTIVES_EXHAUSTED:
        red, blue = Tickets(taxi=1), Tickets()
    elif reason is Reason.CORNERED:  # he holds nothing, and what red pays cannot take him off a taxi-only station
        red, moved = Tickets(bus=1), frozenset({"blue"})
        mister_x, supply = Tickets(), (Tickets() if supply is not None else None)
    at_red = NEXT_TO_HIM if reason is Reason.CAPTURE else AWAY[0]
    return Position(
        ruleset=ruleset,
        mister_x=MISTER_X,
        mister_x_tickets=mister_x,
        pieces=(PieceSetup("red", at_red, red), PieceSetup("blue", AWAY[-1], blue)),
        supply=supply,
        log=tuple(LogEntry(Ticket.TAXI, MISTER_X) for _ in range(made)),
        round=made,
        turn=Side.DETECTIVES,
        moved=moved,
        possible=station_set([MISTER_X, *AWAY[5:8]]),
    )


@pytest.mark.parametrize("reason", list(Reason), ids=lambda reason: reason.name.lower())
@pytest.mark.parametrize("edition", list(EDITIONS))
def test_each_edition_to_each_ending_on_the_board(tmp_path: Path, edition: str, reason: Reason) -> None:
    settings = GameSettings(edition=edition, players=3, data_dir=str(tmp_path))
    position = near_the_end(edition, reason)
    Journal(tmp_path / session.JOURNAL).started(CLASSIC, Game(position), settings, secrets.token_hex(8))
    hardware = build_hardware(Config(profile="fake"), StationMap.identity(STATIONS), STATIONS,
                              handheld=MemoryHandheldLink(first_listed_move))
    program = Program(hardware, settings, clock=StepClock(), timestamp=lambda: "ended")
    table = Table(program.console)
    leds = hardware.leds
    assert isinstance(leds, RecordingLeds)
    screen = program.console.presenter.kit

    table.key(Key.CONFIRM)  # resume
    flow = program.flow
    assert flow is not None and flow.ui.mode is Mode.DETECTIVES
    assert re.search(rf"\b[Rr]ound {position.round}\b", " ".join(screen.texts))  # "Round 5 of 22", or "Move 5 of 24 · round 5"
    assert "Detectives: pick a piece" in screen.texts

    red = flow.game.station_of("red")
    table.press(red)
    assert flow.ui.selected == "red" and "Red: pick a destination" in screen.texts
    destinations = set(flow.ui.destinations)
    assert destinations and destinations <= set(leds.last)  # lit in red's colour
    if reason is Reason.CAPTURE:
        table.press(MISTER_X)
    else:
        table.press(min(destinations - {MISTER_X}))
        if reason is Reason.SURVIVED:
            blue = flow.game.public_view().piece("blue")
            table.press(blue.station)
            table.press(min(set(flow.ui.destinations) - {MISTER_X}))

    game = flow.game
    assert game.outcome is not None and game.outcome.reason is reason, game.outcome
    assert flow.ui.mode is Mode.GAME_OVER
    words = " ".join(screen.texts)
    assert "Game over" in screen.texts
    assert ("The detectives win" if game.outcome.winner is Side.DETECTIVES else "Mister X wins") in words
    assert "Mister X was at" in words and str(MISTER_X) in screen.texts
    # the board at the end: the capture flashes white and red, a cornered Mister X white; his route is shown
    seen: set[tuple[int, int, int]] = set()
    for _ in range(12):
        program.console.step()
        seen.add(leds.last.get(MISTER_X, (0, 0, 0)))
    if reason is Reason.CAPTURE:
        assert COLOURS[STANDARD.name].capture in seen and COLOURS[STANDARD.name].red in seen
    elif reason is Reason.CORNERED:
        assert COLOURS[STANDARD.name].capture in seen and (0, 0, 0) in seen
    else:
        assert any(colour != (0, 0, 0) for colour in seen)  # the route's trail reaches his last station
    table.key(Key.CONFIRM)  # seen the end: filed, back to the menu
    assert program.flow is None and loads(next((tmp_path / session.HISTORY).glob("ended-*.json")).read_text()).outcome == game.outcome
