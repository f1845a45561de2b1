"""The seams between the console and the outside world.

Each interface speaks station numbers, colours, key names and protocol
messages, never game terms: a driver does not know what a detective is. The
console is handed one ``Hardware`` bundle built for a profile (``pi``,
``sim`` or ``fake``) and never asks which one it got.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol, Self, TypeAlias, runtime_checkable

if TYPE_CHECKING:
    import pygame

Station: TypeAlias = int
Colour: TypeAlias = tuple[int, int, int]
"""Red, green, blue, each 0-255, before gamma, brightness and the power budget."""
OFF: Colour = (0, 0, 0)

Frame: TypeAlias = Mapping[Station, Colour]
"""A colour for some stations; stations left out are dark."""

Message: TypeAlias = Mapping[str, Any]
"""A handheld protocol message: a ``"type"`` and its fields (the wire format encodes it)."""


class Key(Enum):
    """The control buttons beside the board, named by their place, not their meaning."""

    CHOICE_1 = "choice_1"
    CHOICE_2 = "choice_2"
    CHOICE_3 = "choice_3"
    CHOICE_4 = "choice_4"
    CONFIRM = "confirm"
    UNDO = "undo"
    MENU = "menu"


@dataclass(frozen=True)
class StationPressed:
    station: Station


@dataclass(frozen=True)
class StationReleased:
    station: Station


@dataclass(frozen=True)
class StationStuck:
    """A station button held past the stuck limit: ignored until it is released."""

    station: Station


@dataclass(frozen=True)
class KeyPressed:
    key: Key


@dataclass(frozen=True)
class PowerPressed:
    """The power button: a short press (released before the hold time), or a long one.

    A long press (``held``) comes once the button has been down for the hold
    time, without waiting for its release: holding it is how to shut down now.
    """

    held: bool


@runtime_checkable
class StationLeds(Protocol):
    """One light under every station."""

    def show(self, frame: Frame) -> None:
        """Light the stations in *frame* and darken all others."""

    def close(self) -> None:
        """Turn every light off and release the hardware."""


@runtime_checkable
class StationButtons(Protocol):
    """A push button at every station."""

    def poll(self) -> Sequence[StationPressed | StationReleased | StationStuck]:
        """Scan the buttons; the events since the last poll, in order."""

    def close(self) -> None: ...


@runtime_checkable
class ControlButtons(Protocol):
    """The handful of named keys beside the board."""

    def poll(self) -> Sequence[KeyPressed]:
        """The key presses since the last poll, in order."""

    def close(self) -> None: ...


@runtime_checkable
class PowerButton(Protocol):
    """The power button: its own part, not a key by the board (it also wakes a halted Pi)."""

    def poll(self) -> Sequence[PowerPressed]:
        """The presses since the last poll, in order."""

    def close(self) -> None: ...


class NoPowerButton:
    """A console without a power button (``controls.power = 0``): nothing is ever pressed."""

    def poll(self) -> list[PowerPressed]:
        return []

    def close(self) -> None:
        pass


class NoLeds:
    """A board whose strip did not start (the console says why on its screen): nothing is lit."""

    def show(self, frame: Frame) -> None:
        pass

    def close(self) -> None:
        pass


@runtime_checkable
class Screen(Protocol):
    """The small screen: draw on ``surface``, then ``present``."""

    @property
    def surface(self) -> pygame.Surface: ...

    @property
    def height_mm(self) -> float:
        """The height of its picture in millimetres (the smallest letters it is given follow from it)."""

    def present(self) -> None:
        """Show what was drawn on ``surface``."""

    def close(self) -> None: ...


@runtime_checkable
class HandheldLink(Protocol):
    """Mister X's private handheld, reached by protocol messages."""

    @property
    def connected(self) -> bool:
        """Whether the handheld is there and answering."""

    @property
    def other_game(self) -> bool:
        """The handheld plugged in holds another game's session token and refuses this one."""

    @property
    def other_version(self) -> int:
        """The protocol version of a handheld whose frames this console cannot read, its firmware older or newer (0: none)."""

    def send(self, message: Message) -> None:
        """Send *message* (queued while the handheld is away)."""

    def receive(self) -> Sequence[Message]:
        """The messages that arrived since the last call."""

    def start_session(self, token: str, *, new_game: bool) -> None:
        """Talk for the game whose session token is *token* (kept in its journal).

        A handheld still holding another game's token is refused, unless
        *new_game*: then the handheld gives up its old game for this one.
        """

    def close(self) -> None: ...


SOUNDS = ("ready", "turn", "refused", "moved", "reveal", "capture", "escape", "game-over", "plugged", "unplugged", "celebrate")
"""Every sound the console can play, by name; ``hardware/sounds/<name>.wav`` is each one's file."""


def check_sound(sound: str) -> None:
    """Raise ``ValueError`` unless *sound* is one of ``SOUNDS``."""
    if sound not in SOUNDS:
        raise ValueError(f"unknown sound {sound!r} (known: {', '.join(SOUNDS)})")


@runtime_checkable
class Speaker(Protocol):
    """The console's sounds and spoken words, by sound name (``SOUNDS``).

    Nothing here waits: a sound or a sentence starts and the call returns, so
    sound never delays a light or a press.
    """

    volume: float
    """0 (silent) to 1 (full), settable."""
    muted: bool
    """True: nothing is played or said, whatever the volume."""

    def play(self, sound: str) -> None:
        """Start the named sound now and return at once; an unknown name raises ``ValueError``."""

    def say(self, words: str, language: str = "en") -> None:
        """Speak *words* in *language* (``"en"``, ``"ko"``) if a speech synthesiser is there; else nothing."""

    def close(self) -> None: ...


class NoSpeaker:
    """Silence: no audio device, or sound turned off in the config. Names are still checked."""

    def __init__(self) -> None:
        self.volume = 0.0
        self.muted = True

    def play(self, sound: str) -> None:
        check_sound(sound)

    def say(self, words: str, language: str = "en") -> None:
        pass

    def close(self) -> None:
        pass


@dataclass
class Hardware:
    """Everything the console talks to, built for one profile by ``hardware.factory``."""

    leds: StationLeds
    station_buttons: StationButtons
    controls: ControlButtons
    screen: Screen
    handheld: HandheldLink
    power: PowerButton = field(default_factory=NoPowerButton)
    speaker: Speaker = field(default_factory=NoSpeaker)
    pieces_by_hand: bool = True
    """Pieces stand on the board and people move them (False: its lights are the pieces, as in the simulator's window)."""

    def close(self) -> None:
        for part in (self.leds, self.station_buttons, self.controls, self.screen, self.handheld, self.power, self.speaker):
            part.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
