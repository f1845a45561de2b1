"""What the presenter shows: a scene, drawn to the board's lights and the screen from public data only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pygame

    from console.table.lights import Palette
    from console.table.screen.toolkit import Toolkit
    from hardware.interfaces import Frame


class Scene(Protocol):
    """What the board and the screen show at one moment, from public data only; equal scenes look the same."""

    def lights(self, now: float, palette: Palette) -> Frame:
        """The LED frame at *now*."""

    def draw(self, kit: Toolkit, surface: pygame.Surface, now: float, palette: Palette) -> None:
        """The screen at *now*."""

    def animating(self, now: float) -> bool:
        """Whether the screen changes with time at *now* (so it is drawn again, and once more when it stops)."""
