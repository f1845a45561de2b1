"""Two control keys pressed together as one more command (the mute chord), without either key acting alone.

The keys come one at a time, so the first of a chord would already have moved
a menu's cursor or chosen a ticket when the second comes. A chord's key is
therefore held back for ``CHORD_SECONDS``: its partner within that time makes
the chord (neither key is passed on); anything else, or the time running out,
passes the held key on, in the order pressed. Only the chord's two keys wait,
and only that long; every other key goes straight through.

>>> passed, chords = [], []
>>> chord = KeyChord(Key.CHOICE_1, Key.CHOICE_4, lambda now: chords.append(now), lambda key, now: passed.append(key.name))
>>> chord.key_pressed(Key.CHOICE_4, 1.0); chord.key_pressed(Key.CHOICE_1, 1.1); chords, passed
([1.1], [])
>>> chord.key_pressed(Key.CHOICE_1, 2.0); passed
[]
>>> chord.tick(2.5); passed
['CHOICE_1']
>>> chord.key_pressed(Key.CHOICE_4, 3.0); chord.key_pressed(Key.CONFIRM, 3.1); passed
['CHOICE_1', 'CHOICE_4', 'CONFIRM']
"""

from __future__ import annotations

from collections.abc import Callable

from hardware.interfaces import Key

CHORD_SECONDS = 0.3
"""How close together the two keys must be pressed; also how long a chord's key waits before it acts alone."""
MUTE_CHORD = (Key.UNDO, Key.MENU)
"""UNDO and MENU together: sound off, or on again (from anywhere: a menu, a game). Both mean "back", so no one
presses one right after the other, while keys 1 to 4 follow each other quickly in a menu (step a value, move up)."""


class KeyChord:
    """Passes keys on to *passed*, except two keys pressed together: those call *chord* instead."""

    def __init__(self, first: Key, second: Key, chord: Callable[[float], None], passed: Callable[[Key, float], None]) -> None:
        self.keys = frozenset((first, second))
        self.chord = chord
        self.passed = passed
        self._held: tuple[Key, float] | None = None
        """The chord's key pressed last, while it waits for its partner, and when it was pressed."""

    @property
    def holding(self) -> bool:
        """A key waits for its partner (it acts alone at a ``tick`` once ``CHORD_SECONDS`` are over)."""
        return self._held is not None

    def key_pressed(self, key: Key, now: float) -> None:
        held = self._held
        if held is not None and key in self.keys and key is not held[0] and now - held[1] < CHORD_SECONDS:
            self._held = None
            self.chord(now)
            return
        self.release(now)
        if key in self.keys:
            self._held = (key, now)
        else:
            self.passed(key, now)

    def tick(self, now: float) -> None:
        """Every frame: a held key whose partner did not come in time acts alone."""
        if self._held is not None and now - self._held[1] >= CHORD_SECONDS:
            self.release(now)

    def release(self, now: float) -> None:
        """Pass the held key on now (before a station press or another key, so they keep their order)."""
        held, self._held = self._held, None
        if held is not None:
            self.passed(held[0], now)
