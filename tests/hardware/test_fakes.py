"""The in-memory handheld link with its scripted Mister X, and the off-screen screen."""

from __future__ import annotations

import pygame
import pytest

from hardware.config import ScreenConfig
from hardware.drivers.handheld import MemoryHandheldLink, ScriptedFarEnd
from hardware.drivers.screen import OffscreenScreen
from hardware.interfaces import HandheldLink, Screen


def test_scripted_mister_x_answers_requests_in_order() -> None:
    far_end = ScriptedFarEnd([{"type": "move_chosen", "station": 46}, {"type": "move_chosen", "station": 47}])
    link = MemoryHandheldLink(far_end)
    assert isinstance(link, HandheldLink) and link.connected
    link.send({"type": "show", "heading": [["Round 1", ""]]})
    assert link.receive() == []
    link.send({"type": "ask"})
    link.send({"type": "ask"})
    assert link.receive() == [{"type": "move_chosen", "station": 46}, {"type": "move_chosen", "station": 47}]
    assert link.receive() == []
    assert [m["type"] for m in far_end.received] == ["show", "ask", "ask"]
    assert far_end.replies_left == 0


def test_a_script_that_runs_out_says_so() -> None:
    link = MemoryHandheldLink(ScriptedFarEnd([]))
    with pytest.raises(LookupError, match="no reply left for 'ask'"):
        link.send({"type": "ask"})


def test_unplugged_link_keeps_messages_until_plugged_back() -> None:
    far_end = ScriptedFarEnd([{"type": "move_chosen", "station": 1}])
    link = MemoryHandheldLink(far_end)
    link.unplug()
    assert not link.connected
    link.send({"type": "ask"})
    assert far_end.received == [] and link.receive() == []
    link.plug()
    assert link.connected
    assert link.receive() == [{"type": "move_chosen", "station": 1}]


def test_a_link_without_a_far_end_is_never_connected() -> None:
    link = MemoryHandheldLink()
    assert not link.connected
    with pytest.raises(ValueError):
        link.plug()


def test_offscreen_screen_remembers_what_was_presented() -> None:
    screen = OffscreenScreen(ScreenConfig(width=320, height=240))
    assert isinstance(screen, Screen)
    screen.surface.fill((10, 20, 30))
    screen.present()
    screen.surface.fill((0, 0, 0))
    assert screen.presented == 1 and screen.last is not None
    assert screen.last.get_size() == (320, 240)
    assert screen.last.get_at((5, 5)) == pygame.Color(10, 20, 30)


def test_display_screen_opens_the_configured_size_and_presents() -> None:
    """The Pi's screen code, on SDL's dummy video driver (the tests' stand-in for KMS/DRM)."""
    from hardware.drivers.screen import DisplayScreen

    screen = DisplayScreen(ScreenConfig(width=640, height=400, fullscreen=False))
    try:
        assert isinstance(screen, Screen) and screen.surface.get_size() == (640, 400)
        screen.surface.fill((200, 0, 0))
        screen.present()
        assert pygame.display.get_surface().get_at((1, 1)) == pygame.Color(200, 0, 0)
    finally:
        screen.close()
    assert not pygame.display.get_init()
