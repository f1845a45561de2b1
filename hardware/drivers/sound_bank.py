"""The console's sounds, synthesised here from a short recipe each: the project's own, free of anyone else's licence.

A sound is a few notes, each a tone (a fundamental and some overtones) with a
quick attack and an exponential fade, optionally gliding in pitch or trembling
in loudness. The notes are mixed, scaled to one peak level and written as
22050 Hz 16-bit mono WAV files. The synthesis uses only ``math`` and
``array``, so the same recipe gives the same bytes every time; the shipped
files in ``hardware/sounds/`` are checked against a fresh rendering by the
tests. After changing a recipe, write them again::

    python -m hardware.drivers.sound_bank

>>> samples = render("turn")
>>> len(samples) / SAMPLE_RATE, max(map(abs, samples)) == round(PEAK * FULL_SCALE)
(0.4, True)
"""

from __future__ import annotations

import io
import math
import wave
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from hardware.drivers.audio import SAMPLE_RATE
from hardware.interfaces import SOUNDS

FULL_SCALE = 32767
PEAK = 0.7
"""Every sound's loudest sample, as a share of full scale: headroom for a few sounds at once."""
EDGE_S = 0.004
"""The fade at each end of a note: no click where it starts or stops."""

SINE = ((1, 1.0),)
BELL = ((1, 1.0), (2, 0.35), (3, 0.12), (4.2, 0.06))
"""A struck chime: overtones fade with the note (the slightly sharp fourth one gives the shimmer)."""
WARM = ((1, 1.0), (2, 0.25), (3, 0.1))
BRASS = ((1, 1.0), (2, 0.6), (3, 0.45), (4, 0.3), (5, 0.2), (6, 0.1))
"""Many strong overtones: bright, like a fanfare."""


def hz(note: str) -> float:
    """The frequency of a note name in equal temperament, A4 = 440 Hz.

    >>> hz("A4"), round(hz("C5"), 2), round(hz("F#3"), 2)
    (440.0, 523.25, 185.0)
    """
    letter, accidentals, octave = note[0], note[1:-1], int(note[-1])
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}[letter] + accidentals.count("#") - accidentals.count("b")
    return 440.0 * 2 ** ((steps + 12 * (octave - 4)) / 12)


@dataclass(frozen=True)
class Note:
    """One tone of a sound."""

    pitch: str
    start: float
    """Seconds from the sound's start."""
    length: float
    """Seconds it sounds, fade included."""
    loudness: float = 1.0
    timbre: Sequence[tuple[float, float]] = BELL
    """Overtones: (multiple of the pitch, relative loudness)."""
    fade: float = 0.25
    """Seconds for the loudness to fall to about a third (an exponential decay)."""
    glide_to: str | None = None
    """A pitch to slide to over the note's length."""
    tremolo: float = 0.0
    """Loudness wobbles this many times a second (0: steady)."""


RECIPES: dict[str, tuple[Note, ...]] = {
    # The console is up: a soft rising chime, C major.
    "ready": (
        Note("C5", 0.00, 0.6, 0.8), Note("E5", 0.12, 0.6, 0.8), Note("G5", 0.24, 0.6, 0.8), Note("C6", 0.36, 0.7, 0.9, fade=0.3),
    ),
    # Someone's turn: a two-note doorbell, up a fourth.
    "turn": (Note("G5", 0.00, 0.25, fade=0.12), Note("C6", 0.13, 0.27, fade=0.14)),
    # A press that cannot be taken: low, soft and short, a gentle "uh-uh" rather than a buzzer.
    "refused": (
        Note("E4", 0.00, 0.16, 0.6, WARM, fade=0.08), Note("C4", 0.14, 0.22, 0.6, WARM, fade=0.1),
    ),
    # Mister X has moved: a quick rising swish, the same for every ticket and every station.
    "moved": (Note("A4", 0.00, 0.32, 0.7, SINE, fade=0.2, glide_to="A5"), Note("E5", 0.02, 0.25, 0.25, SINE, fade=0.1, glide_to="E6")),
    # Mister X shows himself: a deep trembling minor chord swelling under a high sting.
    "reveal": (
        Note("A2", 0.00, 1.4, 1.0, WARM, fade=1.5, tremolo=7.0),
        Note("E3", 0.00, 1.4, 0.7, WARM, fade=1.5, tremolo=7.0),
        Note("C4", 0.05, 1.35, 0.6, WARM, fade=1.2, tremolo=7.0),
        Note("A5", 0.30, 1.1, 0.8, BRASS, fade=0.5),
        Note("D#6", 0.30, 1.1, 0.5, BRASS, fade=0.5),
    ),
    # Mister X is caught: a bright fanfare, G C E then a held C major chord.
    "capture": (
        Note("G4", 0.00, 0.14, 0.8, BRASS, fade=0.2), Note("C5", 0.12, 0.14, 0.8, BRASS, fade=0.2),
        Note("E5", 0.24, 0.14, 0.8, BRASS, fade=0.2), Note("G5", 0.36, 0.8, 0.9, BRASS, fade=0.5),
        Note("C5", 0.36, 0.8, 0.6, BRASS, fade=0.5), Note("E5", 0.36, 0.8, 0.6, BRASS, fade=0.5),
    ),
    # Mister X gets away: a sly creeping chromatic descent over a low drone.
    "escape": (
        Note("E5", 0.00, 0.22, 0.7, WARM, fade=0.2), Note("D#5", 0.2, 0.22, 0.7, WARM, fade=0.2),
        Note("D5", 0.4, 0.22, 0.7, WARM, fade=0.2), Note("C#5", 0.6, 0.5, 0.7, WARM, fade=0.3),
        Note("A2", 0.0, 1.1, 0.5, SINE, fade=1.0),
    ),
    # The game is over: a closing cadence, G major resolving to C major.
    "game-over": (
        Note("G3", 0.00, 0.5, 0.6, WARM, fade=0.6), Note("B4", 0.00, 0.5, 0.5, BELL, fade=0.6), Note("D5", 0.00, 0.5, 0.5, BELL, fade=0.6),
        Note("C3", 0.45, 0.85, 0.7, WARM, fade=0.7), Note("C5", 0.45, 0.85, 0.5, BELL, fade=0.7),
        Note("E5", 0.45, 0.85, 0.5, BELL, fade=0.7), Note("G5", 0.45, 0.85, 0.5, BELL, fade=0.7),
    ),
    # The handheld is plugged in: two quick blips going up ...
    "plugged": (Note("C6", 0.00, 0.1, 0.7, SINE, fade=0.06), Note("G6", 0.1, 0.14, 0.7, SINE, fade=0.08)),
    # ... and unplugged: lower, going down.
    "unplugged": (Note("G5", 0.00, 0.1, 0.7, SINE, fade=0.06), Note("C5", 0.1, 0.16, 0.7, SINE, fade=0.08)),
    # Junior's celebration: a bouncy run up the major pentatonic and a sparkling top.
    "celebrate": (
        Note("C5", 0.00, 0.12, 0.7, fade=0.1), Note("D5", 0.09, 0.12, 0.7, fade=0.1), Note("E5", 0.18, 0.12, 0.7, fade=0.1),
        Note("G5", 0.27, 0.12, 0.7, fade=0.1), Note("A5", 0.36, 0.12, 0.7, fade=0.1), Note("C6", 0.45, 0.5, 0.8, fade=0.3),
        Note("E6", 0.55, 0.45, 0.5, fade=0.25), Note("G6", 0.65, 0.45, 0.5, fade=0.25), Note("C7", 0.75, 0.45, 0.4, fade=0.2),
    ),
}  # fmt: skip


def render(sound: str) -> array[int]:
    """The 16-bit samples of *sound*, mixed from its recipe and scaled to ``PEAK``."""
    notes = RECIPES[sound]
    mix = [0.0] * round(max(note.start + note.length for note in notes) * SAMPLE_RATE)
    for note in notes:
        first = round(note.start * SAMPLE_RATE)
        for i, value in enumerate(_tone(note)):
            mix[first + i] += value
    scale = PEAK * FULL_SCALE / max(abs(value) for value in mix)
    return array("h", (round(value * scale) for value in mix))


def _tone(note: Note) -> list[float]:
    """One note's samples, before mixing."""
    count = round(note.length * SAMPLE_RATE)
    start = hz(note.pitch)
    end = hz(note.glide_to) if note.glide_to else start
    edge = EDGE_S * SAMPLE_RATE
    samples = []
    for i in range(count):
        t = i / SAMPLE_RATE
        cycles = start * t + (end - start) * t * t / (2 * note.length)  # the glide's phase: the frequency's integral
        wave_ = sum(level * math.sin(2 * math.pi * multiple * cycles) for multiple, level in note.timbre)
        envelope = math.exp(-t / note.fade) * min(1.0, i / edge, (count - i) / edge)
        if note.tremolo:
            envelope *= 0.75 + 0.25 * math.cos(2 * math.pi * note.tremolo * t)
        samples.append(note.loudness * envelope * wave_)
    return samples


def wav_bytes(samples: array[int]) -> bytes:
    """*samples* as a mono 16-bit WAV file at ``SAMPLE_RATE`` (``wave`` makes them little-endian on any machine)."""
    out = io.BytesIO()
    with wave.open(out, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(SAMPLE_RATE)
        wav.writeframes(samples.tobytes())
    return out.getvalue()


def write_sounds(folder: Path) -> list[Path]:
    """Write every sound as ``<name>.wav`` into *folder*; the files written, in ``SOUNDS`` order."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for sound in SOUNDS:
        path = folder / f"{sound}.wav"
        path.write_bytes(wav_bytes(render(sound)))
        paths.append(path)
    return paths


if __name__ == "__main__":
    for written in write_sounds(Path(__file__).resolve().parents[1] / "sounds"):
        print(written)
