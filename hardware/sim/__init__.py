"""The simulator: the console's hardware in a pygame window on a PC, and Mister X's handheld beside it.

- ``window``: the board (stations lit in their LED colours, a click presses a
  station's button), the control keys, the console's screen panel, a side pane;
- ``handheld``: the handheld's own firmware with a pygame screen, as a pane of
  the window or in a window of its own over a pseudo-terminal;
- ``script``: scripts of clicks, keys, waits and screenshots for headless runs.

It knows station numbers, positions, line kinds and colours, never a game: the
console hands it a ``BoardDrawing`` made from the engine's board and runs its
own program on the ``sim`` profile (``scotland-yard sim``).
"""

from __future__ import annotations

import os
import sys

from hardware.config import Config, ConfigError
from hardware.factory import build_sim
from hardware.interfaces import HandheldLink, Hardware
from hardware.sim.window import BoardDrawing, SimWindow


def open_window(config: Config, drawing: BoardDrawing, handheld: HandheldLink, *, headless: bool) -> tuple[Hardware, SimWindow]:
    """The simulated board's hardware; headless, the window is drawn off-screen (SDL's dummy driver)."""
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    elif sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise ConfigError("there is no display to open a window on: use --headless with a --script, "
                          "or play in the terminal (scotland-yard text)")
    return build_sim(config, drawing, handheld)


__all__ = ["BoardDrawing", "SimWindow", "open_window"]
