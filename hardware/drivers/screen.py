"""The console's screen: a pygame surface to draw on, then present.

On the Pi it is the whole display, through SDL's KMS/DRM driver (no desktop
needed); in tests and the fake profile it is an off-screen surface.
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the console's output
import pygame

from hardware.config import ScreenConfig


class DisplayScreen:
    """Full screen on the Pi's display (an 800x480 panel by default)."""

    def __init__(self, config: ScreenConfig) -> None:
        os.environ.setdefault("SDL_VIDEODRIVER", "kmsdrm")
        pygame.display.init()
        flags = pygame.FULLSCREEN if config.fullscreen else 0
        self._display = pygame.display.set_mode((config.width, config.height), flags)
        pygame.mouse.set_visible(False)
        self.height_mm = config.height_mm

    @property
    def surface(self) -> pygame.Surface:
        return self._display

    def present(self) -> None:
        pygame.display.flip()

    def close(self) -> None:
        pygame.display.quit()


class OffscreenScreen:
    """A surface in memory that remembers what was presented (tests, headless runs)."""

    def __init__(self, config: ScreenConfig) -> None:
        self._surface = pygame.Surface((config.width, config.height))
        self.height_mm = config.height_mm
        self.presented = 0
        self.last: pygame.Surface | None = None

    @property
    def surface(self) -> pygame.Surface:
        return self._surface

    def present(self) -> None:
        self.presented += 1
        self.last = self._surface.copy()

    def close(self) -> None:
        self.last = None
