"""The speaker: the fake and the silent one, pygame's mixer on SDL's dummy audio driver, and the factory's choice per profile."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from hardware.config import Config, SoundConfig
from hardware.drivers.audio import FakeSpeaker, PygameSpeaker, open_speaker
from hardware.factory import build_hardware, build_speaker
from hardware.interfaces import SOUNDS, Hardware, NoSpeaker, Speaker
from hardware.station_map import StationMap
from tests.support.asound import sound_cards


class RecordingVoice:
    """A voice that remembers what it was asked to say."""

    def __init__(self) -> None:
        self.said: list[tuple[str, str, float]] = []
        self.stops = 0

    def say(self, words: str, language: str, volume: float) -> None:
        self.said.append((words, language, volume))

    def stop(self) -> None:
        self.stops += 1


@pytest.fixture
def dummy_audio(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """SDL's dummy audio driver, and the mixer closed afterwards whatever the test did."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    yield
    pygame.mixer.quit()


@pytest.fixture
def speaker(dummy_audio: None) -> Iterator[PygameSpeaker]:
    speaker = PygameSpeaker(volume=0.8)
    yield speaker
    speaker.close()


def volumes(speaker: PygameSpeaker) -> set[float]:
    """The volume each loaded sound will play at, as the mixer holds it."""
    return {round(sound.get_volume(), 2) for sound in speaker._sounds.values()}


@pytest.mark.parametrize("make", [FakeSpeaker, NoSpeaker])
def test_the_fakes_are_speakers_and_refuse_an_unknown_sound(make: type[Speaker]) -> None:
    speaker = make()
    assert isinstance(speaker, Speaker)
    for name in SOUNDS:
        speaker.play(name)
    with pytest.raises(ValueError, match="unknown sound 'Reveal'"):
        speaker.play("Reveal")
    speaker.say("Station 89", "en")
    speaker.close()


def test_fake_speaker_records_sounds_and_words_in_order() -> None:
    speaker = FakeSpeaker()
    speaker.play("turn")
    speaker.say("Red's turn", "en")
    speaker.muted = True
    speaker.play("refused")
    speaker.say("빨강 차례", "ko")
    assert speaker.played == ["turn", "refused"]
    assert speaker.said == [("Red's turn", "en"), ("빨강 차례", "ko")]
    speaker.close()
    assert speaker.closed


def test_hardware_without_a_speaker_gets_a_silent_one() -> None:
    hardware = build_hardware(Config(profile="fake"), StationMap.identity(range(1, 200)), range(1, 200))
    bare = Hardware(hardware.leds, hardware.station_buttons, hardware.controls, hardware.screen, hardware.handheld)
    assert isinstance(bare.speaker, NoSpeaker)
    assert isinstance(hardware.speaker, FakeSpeaker)
    hardware.close()
    assert hardware.speaker.closed


def test_pygame_speaker_plays_every_sound_at_once(speaker: PygameSpeaker) -> None:
    assert isinstance(speaker, Speaker)
    assert pygame.mixer.get_init() == (22050, -16, 1)
    assert not pygame.mixer.get_busy()
    for name in SOUNDS:
        speaker.play(name)
        assert pygame.mixer.get_busy(), name
    busy = sum(pygame.mixer.Channel(i).get_busy() for i in range(pygame.mixer.get_num_channels()))
    assert busy == pygame.mixer.get_num_channels()  # eleven sounds on eight channels: the oldest are cut


def test_pygame_speaker_refuses_an_unknown_sound(speaker: PygameSpeaker) -> None:
    with pytest.raises(ValueError, match="unknown sound 'tada'"):
        speaker.play("tada")
    assert not pygame.mixer.get_busy()


def test_volume_and_mute_reach_the_mixer(speaker: PygameSpeaker) -> None:
    assert volumes(speaker) == {0.8}
    speaker.volume = 0.25
    assert volumes(speaker) == {0.25}
    speaker.play("reveal")
    speaker.muted = True
    assert volumes(speaker) == {0.0}
    assert not pygame.mixer.get_busy()  # muting cuts what is playing
    speaker.play("capture")
    assert not pygame.mixer.get_busy()
    speaker.muted = False
    assert volumes(speaker) == {0.25}
    speaker.play("capture")
    assert pygame.mixer.get_busy()
    with pytest.raises(ValueError, match=r"volume must be between 0 and 1, not 1\.5"):
        speaker.volume = 1.5
    assert speaker.volume == 0.25


def test_pygame_speaker_speaks_through_its_voice_unless_muted(dummy_audio: None) -> None:
    voice = RecordingVoice()
    speaker = PygameSpeaker(volume=0.5, voice=voice)
    speaker.say("Mister X is at 89", "en")
    speaker.muted = True
    speaker.say("not said", "en")
    assert voice.said == [("Mister X is at 89", "en", 0.5)]
    assert voice.stops == 1  # muting cuts the sentence being spoken
    speaker.close()
    assert not pygame.mixer.get_init()


def test_a_mixer_that_cannot_start_gives_silence_and_one_log_line(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    with caplog.at_level(logging.WARNING, logger="hardware.drivers.audio"):
        speaker = open_speaker()
    assert isinstance(speaker, NoSpeaker)
    assert [record.getMessage().split(" (")[0] for record in caplog.records] == ["sound off: the audio output cannot start"]
    assert not pygame.mixer.get_init()


def test_the_factory_builds_the_speaker_of_each_profile(dummy_audio: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr("hardware.drivers.audio.ASOUND", sound_cards(tmp_path, "Device"))  # the USB speaker is plugged in
    assert isinstance(build_speaker(Config(profile="fake", sound=SoundConfig(volume=0.3))), FakeSpeaker)
    assert isinstance(build_speaker(Config(profile="pi", sound=SoundConfig(enabled=False))), NoSpeaker)
    monkeypatch.delenv("AUDIODEV", raising=False)
    speaker = build_speaker(Config(profile="sim", sound=SoundConfig(volume=0.3, speech="", device="plughw:CARD=Device")))
    assert isinstance(speaker, PygameSpeaker) and speaker.volume == 0.3
    speaker.close()
    assert os.environ["AUDIODEV"] == "plughw:CARD=Device"
