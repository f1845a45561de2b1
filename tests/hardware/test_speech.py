"""Spoken announcements: the synthesiser program is started with the language's voice, without waiting, and is optional."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest

from hardware.drivers.speech import NoVoice, ProgramVoice, open_voice
from tests.support.asound import sound_cards

RECORDER = """#!/bin/sh
# A stand-in for espeak-ng: writes its arguments and what it read, then (if asked) keeps "speaking".
{{ printf '%s\\n' "$@"; printf -- '--\\n'; cat; }} > "{record}.partial"
mv "{record}.partial" "{record}"
[ -n "$SPEAK_FOR" ] && exec sleep "$SPEAK_FOR"
exit 0
"""


@pytest.fixture
def fake_espeak(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An ``espeak-ng`` first on the PATH; returns the file it records into."""
    folder = tmp_path / "bin"
    folder.mkdir()
    record = tmp_path / "record.txt"
    program = folder / "espeak-ng"
    program.write_text(RECORDER.format(record=record))
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    return record


def recorded(record: Path) -> list[str]:
    """What the stand-in recorded, once it has (it runs on its own: the voice does not wait for it)."""
    for _ in range(500):
        if record.exists():
            return record.read_text().splitlines()
        time.sleep(0.01)
    raise AssertionError("the speech program was never run")


pytestmark = pytest.mark.skipif(os.name != "posix", reason="the stand-in program is a shell script")


def test_words_go_to_the_program_with_the_language_s_voice(fake_espeak: Path) -> None:
    voice = open_voice("espeak-ng")
    assert isinstance(voice, ProgramVoice)
    voice.say("-Mister X is at 89", "ko", 0.8)
    assert recorded(fake_espeak) == ["-v", "ko", "-a", "80", "--stdin", "--", "-Mister X is at 89"]
    assert voice.speaking is not None and voice.speaking.wait(5) == 0


def test_a_new_sentence_cuts_the_one_being_spoken(fake_espeak: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPEAK_FOR", "30")
    voice = open_voice("espeak-ng")
    assert isinstance(voice, ProgramVoice)
    voice.say("Red's turn", "en", 1.0)
    first = voice.speaking
    assert first is not None and first.poll() is None  # said returned while it is still speaking
    recorded(fake_espeak)
    voice.say("Blue's turn", "en", 1.0)
    assert first.wait(5) != 0  # terminated
    voice.stop()
    assert voice.speaking is None


def test_no_program_means_no_voice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    assert isinstance(open_voice("espeak-ng"), NoVoice)
    assert isinstance(open_voice(""), NoVoice)
    NoVoice().say("Station 89", "en", 1.0)  # silently nothing


PLAYER = """#!/bin/sh
# A stand-in for aplay: writes its arguments and the bytes it was piped.
{{ printf '%s\\n' "$@"; printf -- '--\\n'; cat; }} > "{record}.partial"
mv "{record}.partial" "{record}"
"""

SYNTHESISER = """#!/bin/sh
# A stand-in for espeak-ng writing its WAV to stdout: records its arguments, then sends "RIFF" and the words.
{{ printf '%s\\n' "$@"; }} > "{record}"
printf 'RIFF'
cat
"""


def install(folder: Path, name: str, script: str) -> None:
    program = folder / name
    program.write_text(script)
    program.chmod(program.stat().st_mode | stat.S_IXUSR)


def test_with_a_device_the_speech_plays_there_through_aplay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """[sound] device names the USB speaker: the sounds (SDL) and the spoken words both go to it."""
    folder = tmp_path / "bin"
    folder.mkdir()
    install(folder, "espeak-ng", SYNTHESISER.format(record=tmp_path / "espeak.txt"))
    install(folder, "aplay", PLAYER.format(record=tmp_path / "aplay.txt"))
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    voice = open_voice("espeak-ng", "plughw:CARD=Device")
    assert isinstance(voice, ProgramVoice) and voice.player == str(folder / "aplay")
    voice.say("Station 89", "en", 0.5)
    assert recorded(tmp_path / "aplay.txt") == ["-q", "-D", "plughw:CARD=Device", "--", "RIFFStation 89"]
    assert recorded(tmp_path / "espeak.txt") == ["-v", "en", "-a", "50", "--stdin", "--stdout"]
    assert voice.playing is not None and voice.playing.wait(5) == 0


def test_without_aplay_a_device_falls_back_to_the_default_output(fake_espeak: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("hardware.drivers.speech.shutil.which", lambda name: "/usr/bin/espeak-ng" if name == "espeak-ng" else None)
    voice = open_voice("espeak-ng", "plughw:CARD=Device")
    assert isinstance(voice, ProgramVoice) and voice.player is None


def test_the_speaker_is_built_with_the_config_s_device(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from hardware import factory
    from hardware.config import parse_config

    monkeypatch.setattr("hardware.drivers.audio.ASOUND", sound_cards(tmp_path, "Headphones", "UACDemoV10"))  # the card is plugged in

    seen: list[tuple[str, str]] = []
    monkeypatch.setattr(factory, "open_voice", lambda program, device="": seen.append((program, device)) or NoVoice())
    monkeypatch.setattr(factory, "open_speaker", lambda volume, voice: voice)
    monkeypatch.delenv("AUDIODEV", raising=False)
    factory.build_speaker(parse_config('profile = "pi"\n[sound]\ndevice = "plughw:CARD=UACDemoV10"'))
    assert seen == [("espeak-ng", "plughw:CARD=UACDemoV10")]
    assert os.environ["AUDIODEV"] == "plughw:CARD=UACDemoV10"  # the sounds: SDL's ALSA driver reads it
