"""Shows scenes on the board and the screen: the LED frame on every call, the screen only when it changed.

A ``Scene``'s LED frame and screen picture are pure functions of public data (a
game's public view and its flow's state, a menu), so nothing secret can reach
them. The screen is redrawn only when the scene changed or an animation runs.
"""

from __future__ import annotations

from console.table.lights import STANDARD, Palette
from console.table.scene import Scene
from console.table.screen.toolkit import Toolkit
from hardware.interfaces import Hardware
from language import Words, current


class Presenter:
    """Shows scenes: the LED frame on every call, the screen only when it changed."""

    def __init__(self, hardware: Hardware, palette: Palette = STANDARD) -> None:
        self.hardware = hardware
        self.palette = palette
        self.kit = Toolkit(hardware.screen.surface.get_size(), hardware.screen.height_mm)
        self.warning: Words = ""
        """Shown over every scene while set (the game is not being saved, and why)."""
        self._drawn: object = None
        self._animating = False
        """The screen drawn last showed an animation (so it is drawn once more when the animation ends)."""

    def show(self, scene: Scene, now: float) -> None:
        self.hardware.leds.show(scene.lights(now, self.palette))
        animating = scene.animating(now)
        drawn = (scene, self.warning, current())
        if animating or self._animating or self._drawn != drawn:
            surface = self.hardware.screen.surface
            scene.draw(self.kit, surface, now, self.palette)
            if self.warning:
                self.kit.warning_bar(surface, self.warning)
            self.hardware.screen.present()
            self._drawn = drawn
        self._animating = animating
