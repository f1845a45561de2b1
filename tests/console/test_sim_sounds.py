"""The simulator plays the console's sounds: the README's scripted game, headless, lists its cues in order.

The simulator's speaker is the real one (pygame's mixer, on SDL's dummy audio
driver in tests); the test notes each sound the console asks it to play.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from console.cli import board_drawing
from console.settings import GameSettings, Seat
from hardware.drivers.audio import PygameSpeaker
from hardware.interfaces import NoSpeaker
from hardware.sim.script import load_script, parse_script
from tests.support.sim import HeadlessSim

SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "simulator.script"


def test_the_readme_s_simulator_game_plays_its_cues_through_the_simulator_s_speaker(tmp_path: Path,
                                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    settings = GameSettings(data_dir=str(tmp_path), mister_x=Seat.COMPUTER)
    sim = HeadlessSim(tmp_path, settings, seed=3, pane=False)
    speaker = sim.program.hardware.speaker
    assert isinstance(speaker, PygameSpeaker | NoSpeaker)  # the mixer, or silence where no audio device starts
    cues: list[str] = []
    play = speaker.play

    def noted(sound: str) -> None:
        cues.append(sound)
        play(sound)

    monkeypatch.setattr(speaker, "play", noted)
    stations = board_drawing().stations
    sim.runner.run([command for command in load_script(SCRIPT, stations) if command.verb != "shot"])
    # ready; the computer Mister X's turn and move, twice; his turn and his reveal (move 3), the red detective picked
    assert cues == ["ready", "turn", "moved", "turn", "moved", "turn", "reveal"]
    sim.runner.run(parse_script("click 1", stations))  # the red detective cannot reach 1
    assert cues[7:] == ["refused"]
