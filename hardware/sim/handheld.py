"""Mister X's handheld on a PC: the firmware's own program, its 128x64 screen drawn with pygame.

The simulated handheld is the firmware's ``Handheld`` (its UI, its link
endpoint, its screens) with the PC's stand-ins for the Pico's parts: a pure-Python
framebuffer for the OLED and a queue for the buttons. It talks to the console in
the real wire protocol over a byte transport: an in-process cable
(``SimulatedCable``) in the simulator's pane (``handheld_in_pane``), or a
pseudo-terminal in its own window (``handheld_in_window``; ``scotland-yard
handheld-sim`` and ``python -m hardware.sim.handheld --port PORT`` open one).

Its buttons are on-screen keys, with keyboard shortcuts: the arrow keys, Space
for OK and B for back/hide (in the simulator's window, while the pane has the
keyboard: ``asking`` claims it when his turn begins). The pane shows the
firmware's own pixels, so its screen speaks the language the console's link
tells it, and the pane's labels follow the screen: they name the keys as its
words do.
"""

from __future__ import annotations

import argparse
import os
import select
import subprocess
import sys
import time
import tty
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on the console's output
import pygame

from firmware import language as firmware_language
from firmware.app import Handheld
from firmware.fake_hw import FakeButtons, FakeDisplay
from firmware.link import Endpoint
from firmware.ui import Ui
from hardware.config import ConfigError, HandheldConfig
from hardware.drivers.serial_link import ByteTransport, PipeTransport, SerialHandheldLink, Unplugged, serial_opener
from hardware.sim.window import Pane
from language import LANGUAGES, Text, Words, font_file, p_

WIDTH, HEIGHT = 128, 64
SCALE = 3
OLED: tuple[int, int, int] = (205, 232, 255)
"""A lit OLED pixel (the common white-blue SSD1306)."""
BODY: tuple[int, int, int] = (34, 36, 44)
GLASS: tuple[int, int, int] = (4, 5, 8)
BUTTON: tuple[int, int, int] = (62, 66, 84)
INK: tuple[int, int, int] = (235, 235, 235)
HINT: tuple[int, int, int] = (150, 154, 166)

BUTTONS: tuple[tuple[str, Words, Words, tuple[int, ...]], ...] = (
    ("left", "<", p_("key", "Left"), (pygame.K_LEFT,)),
    ("up", "^", p_("key", "Up"), (pygame.K_UP,)),
    ("down", "v", p_("key", "Down"), (pygame.K_DOWN,)),
    ("right", ">", p_("key", "Right"), (pygame.K_RIGHT,)),
    ("ok", p_("key", "OK"), p_("key", "Space"), (pygame.K_SPACE,)),
    ("back", p_("key", "Hide"), "B", (pygame.K_b,)),
)
"""Each button: the firmware's name for it, its label (the word the handheld's screens name it by), its shortcut's
name, the keys that press it."""
_SHORTCUTS = {code: name for name, _, _, codes in BUTTONS for code in codes}


def monotonic_ms() -> int:
    """Milliseconds that only count up, as the firmware's clock does on the device."""
    return int(time.monotonic() * 1000)


class _ReadAll:
    """The firmware reads whatever has arrived in one call; a ``ByteTransport`` reads by size."""

    def __init__(self, transport: ByteTransport) -> None:
        self.transport = transport

    def read(self) -> bytes:
        waiting = self.transport.in_waiting
        return self.transport.read(waiting) if waiting else b""

    def write(self, data: bytes) -> None:
        self.transport.write(data)


class SimulatedHandheld:
    """The firmware's program with a framebuffer screen and queued buttons, over a byte transport."""

    def __init__(self, transport: ByteTransport, clock_ms: Callable[[], int] = monotonic_ms) -> None:
        self.display = FakeDisplay()
        self.buttons = FakeButtons()
        self.ui = Ui(clock_ms)
        self.device = Handheld(self.ui, Endpoint("handheld"), _ReadAll(transport), self.display, self.buttons, clock_ms)
        self.unplugged = False
        """The transport went away (the cable was pulled): the device keeps its state and waits."""

    def step(self) -> None:
        """One pass of the firmware's loop (call it every frame, shown or hidden: the link keeps its heartbeat)."""
        if self.unplugged:
            return
        try:
            self.device.step()
        except OSError:
            self.unplugged = True

    def replug(self, transport: ByteTransport) -> None:
        """A cable again: the endpoint says hello and the console finds the game's handheld again."""
        self.device.transport = _ReadAll(transport)
        self.unplugged = False

    def press(self, name: str) -> None:
        self.buttons.press(name)

    @property
    def language(self) -> str:
        """The language its screen speaks (the one the console's hello named, if the firmware has it), as a code of
        ``language.LANGUAGES``."""
        code = firmware_language.current()
        return code if code in LANGUAGES else "en"

    def picture(self) -> pygame.Surface:
        """The OLED's 128x64 pixels, lit ones in the OLED's colour."""
        rgb = bytearray(bytes(GLASS) * (WIDTH * HEIGHT))
        lit = bytes(OLED)
        buffer = self.display.buffer
        for page in range(HEIGHT // 8):  # MONO_VLSB: one byte is a column of 8 pixels
            for x in range(WIDTH):
                byte = buffer[page * WIDTH + x]
                for bit in range(8):
                    if byte >> bit & 1:
                        at = ((page * 8 + bit) * WIDTH + x) * 3
                        rgb[at : at + 3] = lit
        return pygame.image.frombuffer(bytes(rgb), (WIDTH, HEIGHT), "RGB")


class SimulatedCable:
    """The USB cable between the console and the simulated handheld: an in-process pipe that can be pulled."""

    def __init__(self) -> None:
        self.host_end, self.device_end = PipeTransport.pair()
        self.plugged = True

    def open_host_end(self) -> ByteTransport:
        """The console link's opener: the host end while plugged, an ``OSError`` while not."""
        if not self.plugged:
            raise Unplugged("the simulated handheld is unplugged")
        return self.host_end

    def unplug(self) -> None:
        self.plugged = False
        self.host_end.close()

    def plug(self) -> ByteTransport:
        """A new cable; returns the device's end of it."""
        self.host_end, self.device_end = PipeTransport.pair()
        self.plugged = True
        return self.device_end


class HandheldPane(Pane):
    """The handheld drawn beside the board (or alone in its own window): screen, buttons, an unplug key."""

    def __init__(self, handheld: SimulatedHandheld, cable: SimulatedCable | None = None) -> None:
        self.handheld = handheld
        self.cable = cable
        self._drawn: tuple[int, bool, str] | None = None
        self._fonts: dict[str, tuple[pygame.font.Font, pygame.font.Font]] = {}
        self._turns = handheld.ui.buzzes
        """His turns begun so far (the firmware counts them for its buzzer): one more, and the pane asks for the keyboard."""
        self.fit((WIDTH * SCALE + 16, 10_000))

    def fit(self, room: tuple[int, int]) -> None:
        """The largest whole-pixel scale of the OLED (1 to ``SCALE``) whose pane fits in *room*."""
        for scale in range(SCALE, 0, -1):
            pad = 2 * scale + 2
            screen = pygame.Rect(pad, pad, WIDTH * scale, HEIGHT * scale)
            key_h = 12 + 7 * scale
            button_w = (screen.w - 5 * pad) // 6
            top = screen.bottom + 2 * pad
            buttons = {name: pygame.Rect(pad + n * (button_w + pad), top, button_w, key_h) for n, (name, _, _, _) in enumerate(BUTTONS)}
            hints = 6 + 4 * scale if scale > 1 else 0  # at one screen pixel per OLED pixel no shortcut's name fits its column
            cable = pygame.Rect(pad, top + key_h + hints + pad, screen.w, key_h) if self.cable is not None else None
            size = (screen.w + 2 * pad, (cable.bottom if cable is not None else top + key_h + hints) + pad)
            if (size[0] <= room[0] and size[1] <= room[1]) or scale == 1:
                break
        self.scale, self._screen, self._buttons, self._cable_key, self.size = scale, screen, buttons, cable, size
        self._shortcuts_named = hints > 0
        self._fonts = {}
        self._drawn = None

    def step(self) -> None:
        self.handheld.step()

    def asking(self) -> bool:
        began, self._turns = self.handheld.ui.buzzes != self._turns, self.handheld.ui.buzzes
        return began

    @property
    def changed(self) -> bool:
        return self._drawn != self._state()

    def _state(self) -> tuple[int, bool, str]:
        return self.handheld.display.shows, self.handheld.unplugged, self.handheld.language

    def handle(self, event: pygame.event.Event, origin: tuple[int, int]) -> bool:
        if event.type == pygame.KEYDOWN and event.key in _SHORTCUTS:
            self.handheld.press(_SHORTCUTS[event.key])
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            x, y = event.pos[0] - origin[0], event.pos[1] - origin[1]
            for name, rect in self._buttons.items():
                if rect.collidepoint(x, y):
                    self.handheld.press(name)
                    return True
            if self._cable_key is not None and self._cable_key.collidepoint(x, y):
                self.toggle_cable()
                return True
        return False

    def toggle_cable(self) -> None:
        """Pull the cable out, or plug it back in (the console pauses the game meanwhile)."""
        assert self.cable is not None
        if self.cable.plugged:
            self.cable.unplug()
        else:
            self.handheld.replug(self.cable.plug())
        self._drawn = None

    def _fonts_in(self, language: str) -> tuple[pygame.font.Font, pygame.font.Font]:
        """The labels' and the shortcuts' fonts, in *language*'s face (pygame's own font has no Hangul), each as large
        as lets its every word fit its button (a label) or its button's column (a shortcut)."""
        if language not in self._fonts:
            face = font_file(language)
            scale = 0.8 if face else 1.0  # a TrueType face's letters are larger than pygame's own at one size
            narrowest = min(rect.w for rect in self._buttons.values())
            self._fonts[language] = (
                _largest_font(face, round((14 + 4 * self.scale) * scale), [label for _, label, _, _ in BUTTONS], language, narrowest),
                _largest_font(face, round((10 + 3 * self.scale) * scale), [hint for _, _, hint, _ in BUTTONS], language, self._column))
        return self._fonts[language]

    def overlapping_words(self) -> list[str]:
        """The labels wider than their buttons and the shortcuts wider than their buttons' columns, in the language
        the screen speaks: none, else the pane's words run into each other."""
        language = self.handheld.language
        font, small = self._fonts_in(language)
        words = [(_in(label, language), font, self._buttons[name].w) for name, label, _, _ in BUTTONS]
        if self._shortcuts_named:
            words += [(_in(shortcut, language), small, self._column) for _, _, shortcut, _ in BUTTONS]
        return [text for text, face, width in words if face.size(text)[0] > width]

    @property
    def _column(self) -> int:
        """The width a button's shortcut may take: its button's and the gap to the next, less a pixel each side."""
        return self._buttons["up"].left - self._buttons["left"].left - 2

    def draw(self, surface: pygame.Surface) -> None:
        language = self.handheld.language
        font, small = self._fonts_in(language)
        surface.fill(BODY)
        picture = self.handheld.picture()
        surface.blit(pygame.transform.scale(picture, self._screen.size), self._screen)
        for name, label, shortcut, _ in BUTTONS:
            rect = self._buttons[name]
            pygame.draw.rect(surface, BUTTON, rect, border_radius=8)
            text = font.render(_in(label, language), True, INK)
            surface.blit(text, text.get_rect(center=rect.center))
            if self._shortcuts_named:
                hint = small.render(_in(shortcut, language), True, HINT)
                surface.blit(hint, hint.get_rect(midtop=(rect.centerx, rect.bottom + 3)))
        if self._cable_key is not None and self.cable is not None:
            pygame.draw.rect(surface, BUTTON, self._cable_key, border_radius=8)
            words = p_("key", "Unplug the handheld") if self.cable.plugged else p_("key", "Plug the handheld back in")
            text = font.render(words.to(language), True, INK)
            surface.blit(text, text.get_rect(center=self._cable_key.center))
        self._drawn = self._state()


def _largest_font(face: Path | None, size: int, words: list[Words], language: str, width: int) -> pygame.font.Font:
    """*face* at *size*, or smaller (down to 6 points) until every one of *words* is at most *width* wide."""
    font = pygame.font.Font(str(face) if face else None, size)
    while size > 6 and max(font.size(_in(each, language))[0] for each in words) > width:
        size -= 1
        font = pygame.font.Font(str(face) if face else None, size)
    return font


def _in(words: Words, language: str) -> str:
    """*words* in *language*."""
    return words.to(language) if isinstance(words, Text) else words


class FdTransport:
    """A ``ByteTransport`` over a file descriptor (the console's end of a pseudo-terminal)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        os.set_blocking(fd, False)

    @property
    def in_waiting(self) -> int:
        return 4096 if select.select([self.fd], [], [], 0)[0] else 0

    def read(self, size: int = 1) -> bytes:
        try:
            return os.read(self.fd, size)
        except BlockingIOError:
            return b""

    def write(self, data: bytes, /) -> int:
        try:
            return os.write(self.fd, data)
        except BlockingIOError:
            return 0

    def close(self) -> None:
        os.close(self.fd)


TITLE = p_("title", "Mister X's handheld (simulated)")
"""Its window's title."""


def run_window(pane: HandheldPane, title: Words = TITLE, frame_s: float = 0.01) -> None:
    """The handheld alone in its own window, until the window is closed."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption(str(title))
    display = pygame.display.set_mode(pane.size, 0, 32)
    pane.draw(display)
    pygame.display.flip()
    while True:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                pygame.display.quit()
                return
            pane.handle(event, (0, 0))
        pane.step()
        if pane.changed:
            pane.draw(display)
            pygame.display.flip()
        time.sleep(frame_s)


@dataclass
class SimHandheld:
    """Mister X's simulated handheld and the console's link to it."""

    link: SerialHandheldLink
    press: Callable[[str], None] | None
    """Presses one of its buttons (None when it runs in its own window, another process)."""
    pane: HandheldPane | None = None
    process: subprocess.Popen[bytes] | None = None


def handheld_in_pane(clock: Callable[[], float] = time.monotonic) -> SimHandheld:
    """The handheld as a pane of the simulator's window, on an in-process cable; both ends keep *clock*'s time."""
    cable = SimulatedCable()
    handheld = SimulatedHandheld(cable.device_end, lambda: int(clock() * 1000))
    return SimHandheld(SerialHandheldLink(cable.open_host_end, clock=clock), handheld.press, HandheldPane(handheld, cable))


def handheld_in_window() -> SimHandheld:
    """The handheld in a window of its own (a second screen for Mister X), over a pseudo-terminal."""
    host, device = os.openpty()
    tty.setraw(host)
    tty.setraw(device)
    process = subprocess.Popen([sys.executable, "-m", "hardware.sim.handheld", "--port", os.ttyname(device)])
    transport = FdTransport(host)
    return SimHandheld(SerialHandheldLink(lambda: transport), None, process=process)


def run_on_port(port: str) -> None:
    """The handheld in a window, talking on the serial device *port* (a ``ConfigError`` if it cannot be opened)."""
    try:
        transport = serial_opener(HandheldConfig(port=port))()
    except OSError as error:
        raise ConfigError(f"cannot open the port {port}: {error}") from None
    run_window(HandheldPane(SimulatedHandheld(transport)))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Mister X's handheld in a window, on a serial port (a pseudo-terminal).")
    parser.add_argument("--port", required=True, help="the serial device the console's link is on")
    run_on_port(parser.parse_args().port)
