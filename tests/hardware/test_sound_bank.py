"""The shipped sounds: exactly what ``hardware.drivers.sound_bank`` makes now, each short, audible, unclipped and unlike the others."""

from __future__ import annotations

import io
import itertools
import math
import wave
from array import array
from pathlib import Path

import pytest

from hardware.drivers.audio import SAMPLE_RATE
from hardware.drivers.sound_bank import FULL_SCALE, RECIPES, render, write_sounds
from hardware.interfaces import SOUNDS

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "hardware" / "sounds"
LONGEST_S = 1.5


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    paths = write_sounds(tmp_path_factory.mktemp("sounds"))
    assert [path.name for path in paths] == [f"{name}.wav" for name in SOUNDS]
    return {path.stem: path.read_bytes() for path in paths}


@pytest.fixture(scope="module")
def heard(made: dict[str, bytes]) -> dict[str, array[int]]:
    """Each sound's samples, read back from its file."""
    return {name: samples(data) for name, data in made.items()}


def samples(data: bytes) -> array[int]:
    """A WAV file's samples, checking it is what the mixer is opened for: 16-bit mono at ``SAMPLE_RATE``."""
    with wave.open(io.BytesIO(data)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, SAMPLE_RATE)
        return array("h", wav.readframes(wav.getnframes()))


def profile(sound: array[int]) -> list[float]:
    """A sound's outline: its length, and each quarter's pitch (zero crossings) and loudness (RMS), on log scales."""
    quarter = len(sound) // 4
    outline = [math.log(len(sound))]
    for k in range(4):
        part = sound[k * quarter:(k + 1) * quarter]
        crossings = sum((a < 0) != (b < 0) for a, b in itertools.pairwise(part))
        outline += [math.log(crossings / quarter), math.log(math.sqrt(sum(x * x for x in part) / quarter))]
    return outline


def test_every_sound_has_a_recipe_and_nothing_else_is_shipped() -> None:
    assert list(RECIPES) == list(SOUNDS)
    assert sorted(path.name for path in SHIPPED.iterdir()) == sorted(f"{name}.wav" for name in SOUNDS)


@pytest.mark.parametrize("name", SOUNDS)
def test_shipped_sounds_are_what_the_recipes_make(made: dict[str, bytes], name: str) -> None:
    assert (SHIPPED / f"{name}.wav").read_bytes() == made[name], f"{name}.wav is out of date: run python -m hardware.drivers.sound_bank"


@pytest.mark.parametrize("name", SOUNDS)
def test_each_sound_is_short_audible_and_unclipped(name: str) -> None:
    sound = samples((SHIPPED / f"{name}.wav").read_bytes())
    assert 0.2 <= len(sound) / SAMPLE_RATE <= LONGEST_S
    peak = max(map(abs, sound))
    assert 0.5 * FULL_SCALE <= peak < FULL_SCALE  # loud enough, and never at the rail
    rms = math.sqrt(sum(x * x for x in sound) / len(sound))
    assert rms > 0.05 * FULL_SCALE
    edge = 0.01 * FULL_SCALE
    assert abs(sound[0]) < edge and abs(sound[-1]) < edge  # no click at either end


def test_sounds_differ_from_each_other(heard: dict[str, array[int]]) -> None:
    outlines = {name: profile(sound) for name, sound in heard.items()}
    for a, b in itertools.combinations(SOUNDS, 2):
        distance = sum(abs(x - y) for x, y in zip(outlines[a], outlines[b]))
        assert distance > 1.0, f"{a} and {b} sound alike"


def test_the_reveal_is_the_longest_and_the_refusal_low_and_short(heard: dict[str, array[int]]) -> None:
    lengths = {name: len(sound) for name, sound in heard.items()}
    assert max(lengths, key=lengths.__getitem__) == "reveal"
    pitch = {name: profile(heard[name])[1] for name in ("refused", "turn", "plugged")}
    assert pitch["refused"] < min(pitch["turn"], pitch["plugged"])
    assert lengths["refused"] < 0.5 * SAMPLE_RATE


def test_rendering_is_repeatable() -> None:
    assert render("turn") == render("turn")
