"""``scotland-yard hw-test``: the builder's check of every light and every button.

It lights each station in turn, then the whole board in each colour, and then
listens: each button is reported as it is pressed, stuck buttons are flagged,
and at the end the buttons never pressed are listed. It needs no station map
(without one, station *n* is pixel and bit *n - 1*: the wiring order).

With ``walk`` it checks the station map instead of listening freely: it lights
each station in turn and waits for that station's press. A press elsewhere is
a map (or wiring) that gives one station's light and another's button to the
same place: it is named, and the walk goes on; CONFIRM passes over a station
whose switch does not work. A board whose map comes with it (the station
tiles) is checked so, with no calibration.

Before that, on the real chain, ``check_chain`` proves the button chain's links
with no press (every chip's sentinel input reads its 0, and the byte read past
the last chip its 1s) and names the first chip that does not load or pass data; at a terminal ``led_chain_test`` fills the strip pixel
by pixel and asks how far the light got, naming the data line to check.

``SelfTest`` is the check as a state machine, fed the time and the buttons'
events: it says what the board shows (``frame``) and what it has found
(``lines``), so the console runs it in its own loop, drawing the lines on its
screen, and ``run_self_test`` runs it on its own for the command line. Its lines
are lazy texts (``language``), in the screen's paragraph box ("card"):
each is shown, or printed, in the language in use then.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TextIO

from hardware.interfaces import (
    Colour,
    ControlButtons,
    Frame,
    Key,
    StationButtons,
    StationLeds,
    StationPressed,
    StationReleased,
    StationStuck,
)
from hardware.station_map import ranges_text
from language import Text, np_, p_

COLOURS: dict[str, Colour] = {"red": (255, 0, 0), "green": (0, 255, 0), "blue": (0, 0, 255), "white": (255, 255, 255)}
COLOUR_WORDS: dict[str, Text] = {"red": p_("card", "red"), "green": p_("card", "green"), "blue": p_("card", "blue"),
                                 "white": p_("card", "white")}
"""Each colour of the check in words, in the sentences that say what the board shows."""
LISTEN_POLL_S = 0.01
_EPSILON = 1e-9
"""Times this close count as equal (a clock that adds up steps of 0.05 s is never exact)."""


def _step(elapsed: float, length: float) -> int:
    """Which step of *length* seconds *elapsed* falls in."""
    return int(elapsed / length + _EPSILON)


@dataclass
class SelfTestReport:
    pressed: set[int] = field(default_factory=set)
    stuck: set[int] = field(default_factory=set)
    never_pressed: list[int] = field(default_factory=list)
    broken_chip: int | None = None
    """The first chain chip whose data do not reach the Pi (``check_chain``), if any."""
    agreed: list[int] = field(default_factory=list)
    """The walk's stations whose press came where their light was."""
    crossed: list[tuple[int, int]] = field(default_factory=list)
    """The walk's (lit station, station pressed) where a press came elsewhere."""
    passed_over: list[int] = field(default_factory=list)
    """The walk's stations passed over with CONFIRM."""


class RawChain(Protocol):
    """A button chain that can be read byte by byte, past its end (``ShiftRegisterChain``)."""

    @property
    def chips(self) -> int: ...

    def read_bytes(self, extra: int = 0) -> bytes: ...


@dataclass(frozen=True)
class ChainCheck:
    chips: int
    passed: bool
    broken_chip: int | None
    """The first chip whose data do not reach the Pi, when that can be told."""
    message: Text


def check_chain(chain: RawChain, bits_of: dict[int, int], *, active_low: bool = True) -> ChainCheck:
    """Prove the button chain's links with no button pressed: two reads of every chip plus one byte past the last.

    Two known levels make the check (``hardware.drivers.station_buttons``): input H of
    every chip, its sentinel, is tied to ground, so bit 0 of every chip's byte
    must read 0; and the last module's SER is pulled high, so the byte clocked
    in after the chain must read 0xFF, its 1s having walked through every
    chip's stages and every QH -> SER link. No button can change either, so a
    held button neither fakes nor hides a fault. The first read only flushes
    what the chain held (a chip that never loads shows the last read's leftovers).

    What each fault reads, and how it is named (chip *c*, counted from the Pi):

    - a run of equal bytes from chip *c* to the trailing byte, not 0xFF: chip
      *c* puts out one level for ever. Its CLK is open (it never shifts: its
      sentinel's 0), its SH/LD is stuck low (it loads for ever), or the link
      from its QH floats low;
    - every sentinel from chip *c* on reads 1, and so does the trailing byte:
      nothing answers past chip *c - 1*: the link from chip *c*'s QH floats
      high (the blind spot a chain without sentinels had), or modules are
      missing (the last fitted module's pull-up then ends the chain early);
    - chip *c*'s sentinel reads 1 with the chips after it sound: chip *c* does
      not load its inputs (its SH/LD is stuck high; it shifts the chain on).

    With pull-downs (not ``active_low``) the run of the first case is not
    placed. Nor does the check test the station inputs themselves (that is
    what pressing every button is for).
    """
    chain.read_bytes(1)
    data = chain.read_bytes(1)
    chips = chain.chips
    trailer = data[chips]
    silent = [chip for chip in range(chips) if data[chip] & 1]
    """Chips whose sentinel (bit 0, input H) does not read its 0."""
    if trailer == 0xFF and not silent:
        return ChainCheck(chips, True, None, np_("terminal", "button chain: {n} chip passes data", "button chain: {n} chips pass data",
                                                 chips))
    if trailer != 0xFF:
        first = chips
        while active_low and first > 0 and data[first - 1] == trailer:
            first -= 1
        if first == chips:  # pull-downs, or the last chip itself reads right: not placed
            return ChainCheck(chips, False, None, p_(
                "terminal", "button chain: the byte after the last chip reads {byte:#04x}, not 0xff: a chip does not pass data "
                "(check the ribbon cables, and the last module's SER pull-up)", byte=trailer))
        return ChainCheck(chips, False, first, p_(
            "terminal", "button chain: {chip} puts out one level for ever: check its CLK (pin 2) and SH/LD (pin 1), and its "
            "ribbon cable ({link})", chip=_chip_words(first, bits_of), link=_link_words(first)))
    first = silent[0]
    if silent == list(range(first, chips)) and all(byte == 0xFF for byte in data[first:]):
        return ChainCheck(chips, False, first, p_(
            "terminal", "button chain: only {found} of {chips} chips answer; nothing answers from {chip} on: a module missing, "
            "or its ribbon cable broken ({link})", found=first, chips=chips, chip=_chip_words(first, bits_of), link=_link_words(first)))
    return ChainCheck(chips, False, first, p_(
        "terminal", "button chain: {chip} does not load its buttons: check its SH/LD (pin 1), and that its input H (pin 6) is tied "
        "to ground", chip=_chip_words(first, bits_of)))


def _chip_words(chip: int, bits_of: dict[int, int]) -> Text:
    """"chip 7 (stations 50-56)": a chip, with the stations whose buttons it reads when a map says so."""
    stations = sorted(s for s, bit in bits_of.items() if bit // 8 == chip)
    if stations:
        return p_("terminal", "chip {chip} (stations {stations})", chip=chip, stations=ranges_text(stations))
    return p_("terminal", "chip {chip}", chip=chip)


def _link_words(chip: int) -> Text:
    """The wire that carries *chip*'s data toward the Pi."""
    return p_("terminal", "from its QH to chip {chip}'s SER", chip=chip - 1) if chip else p_("terminal", "from its QH to the Pi's MISO")


class SelfTest:
    """The check, step by step: walk the lights, flood each colour, then listen until MENU or a quiet *listen_s*."""

    def __init__(self, stations: Sequence[int], start: float, *, step_s: float = 0.05, colour_s: float = 1.0,
                 listen_s: float = 120.0, walk: bool = False) -> None:
        self.stations = list(stations)
        self.walk = walk
        """Check the map: light each station and wait for its press, instead of listening freely."""
        self._walking = 0
        """The walk's station now lit (its index)."""
        self.step_s, self.colour_s, self.listen_s = step_s, colour_s, listen_s
        """How long each station stays lit in the walk, the board in each colour, and the listening after the last press."""
        self.lines: list[Text] = []
        """What the check has said so far, one line each (words for the console's screen as well as the terminal)."""
        self.report = SelfTestReport()
        self.done = False
        self._start = start
        self._listening_since: float | None = None
        self._quiet_until = 0.0
        self._said_colours = 0
        self.say(np_("card", "Lighting {n} station one by one...", "Lighting {n} stations one by one...", len(self.stations)))

    @property
    def _flood_start(self) -> float:  # the walk's end
        return self._start + len(self.stations) * self.step_s

    @property
    def _listen_start(self) -> float:
        return self._flood_start + len(COLOURS) * self.colour_s

    def advance(self, now: float) -> None:
        """Move on to whatever the clock has reached: the next colour, the listening, the end of a quiet listening."""
        if self.done:
            return
        colours = list(COLOURS)
        while self._said_colours < len(colours) and now >= self._flood_start + self._said_colours * self.colour_s - _EPSILON:
            self.say(p_("card", "All stations {colour}.", colour=COLOUR_WORDS[colours[self._said_colours]]))
            self._said_colours += 1
        if self._listening_since is None and now >= self._listen_start - _EPSILON:
            self._listening_since = now
            self._quiet_until = now + self.listen_s
            if self.walk:
                self.say(p_("card", "Press each station as it lights (white); CONFIRM passes over one that does not work, "
                            "MENU ends the test."))
            else:
                self.say(p_("card", "Press every station button (each lights up green); MENU ends the test. "
                            "Listening for {seconds:g} s after the last press.", seconds=self.listen_s))
        elif self._listening_since is not None and now >= self._quiet_until and not self.walk:
            self.finish()

    def wait_s(self, now: float) -> float:
        """How long nothing changes from *now*: the rest of a station's or a colour's time, or a listening poll."""
        if now < self._flood_start - _EPSILON:
            return (_step(now - self._start, self.step_s) + 1) * self.step_s - (now - self._start)
        if now < self._listen_start - _EPSILON:
            return (_step(now - self._flood_start, self.colour_s) + 1) * self.colour_s - (now - self._flood_start)
        return LISTEN_POLL_S

    def frame(self, now: float) -> Frame:
        """What the board shows at *now*."""
        if self.done:
            return {}
        colours = list(COLOURS.values())
        if now < self._flood_start - _EPSILON:
            index = _step(now - self._start, self.step_s)
            return {self.stations[index]: colours[index % len(colours)]}
        if now < self._listen_start - _EPSILON:
            return dict.fromkeys(self.stations, colours[_step(now - self._flood_start, self.colour_s)])
        report = self.report
        if self.walk:
            lit = {self.stations[self._walking]: COLOURS["white"]} if self._walking < len(self.stations) else {}
            return (dict.fromkeys(report.agreed, COLOURS["green"]) | dict.fromkeys((lit for lit, _ in report.crossed), COLOURS["red"])
                    | dict.fromkeys(report.stuck, COLOURS["red"]) | lit)
        return dict.fromkeys(report.pressed, COLOURS["green"]) | dict.fromkeys(report.stuck, COLOURS["red"])

    def showing(self, now: float) -> Text | None:
        """What the board shows at *now*, in words ("Station 45 lit white (45 of 199)"); None once it listens."""
        if self.done:
            return None
        names = list(COLOURS)
        if now < self._flood_start - _EPSILON:
            index = _step(now - self._start, self.step_s)
            return p_("card", "Station {station} lit {colour} ({number} of {count})", station=self.stations[index],
                      colour=COLOUR_WORDS[names[index % len(names)]], number=index + 1, count=len(self.stations))
        if now < self._listen_start - _EPSILON:
            return p_("card", "Every station lit {colour}", colour=COLOUR_WORDS[names[_step(now - self._flood_start, self.colour_s)]])
        return None

    def skip(self, now: float) -> None:
        """On at once: from the walk to the colours, from one colour to the next (after the last: the listening); in the
        map's walk, past the station lit now."""
        if self.walk and self._listening_since is not None:
            if self._walking < len(self.stations):
                station = self.stations[self._walking]
                self.report.passed_over.append(station)
                self.say(p_("card", "station {station} passed over", station=station))
                self._walk_on()
            return
        if now < self._flood_start - _EPSILON:
            self._start -= self._flood_start - now
        elif now < self._listen_start - _EPSILON:
            step = _step(now - self._flood_start, self.colour_s)
            self._start -= self._flood_start + (step + 1) * self.colour_s - now
        self.advance(now)

    def event(self, event: StationPressed | StationReleased | StationStuck, now: float) -> None:
        """A station button's event (heard while listening; each one starts the quiet time again)."""
        if self._listening_since is None or self.done:
            return
        self._quiet_until = now + self.listen_s
        report = self.report
        if isinstance(event, StationPressed) and self.walk:
            self._walk_press(event.station)
            return
        if isinstance(event, StationPressed):
            first = event.station not in report.pressed
            report.pressed.add(event.station)
            self.say(p_("card", "station {station} pressed", station=event.station) if first
                     else p_("card", "station {station} pressed (again)", station=event.station))
        elif isinstance(event, StationStuck):
            report.stuck.add(event.station)
            self.say(p_("card", "station {station} is STUCK (held down too long): check the switch and its wiring", station=event.station))
        else:
            report.stuck.discard(event.station)

    def _walk_press(self, station: int) -> None:
        """A press in the map's walk: where the light is, or somewhere else (named, and the walk goes on)."""
        if self._walking >= len(self.stations):
            return
        lit = self.stations[self._walking]
        if station == lit:
            self.report.agreed.append(lit)
        else:
            self.report.crossed.append((lit, station))
            self.say(p_("card", "station {lit} lit, but its press read as station {pressed}'s: the map or the wiring crosses them",
                        lit=lit, pressed=station))
        self._walk_on()

    def _walk_on(self) -> None:
        self._walking += 1
        if self._walking >= len(self.stations):
            self.finish()

    def key(self, key: Key) -> None:
        """MENU ends the check at once."""
        if key is Key.MENU:
            self.finish()

    def finish(self) -> None:
        """Sum up: how many buttons were pressed, which are stuck, which were never pressed."""
        if self.done:
            return
        self.done = True
        report = self.report
        if self.walk:
            self._sum_up_walk()
            return
        report.never_pressed = [s for s in self.stations if s not in report.pressed]
        self.say(np_("card", "{pressed} of {n} button pressed.", "{pressed} of {n} buttons pressed.", len(self.stations),
                     pressed=len(report.pressed)))
        if report.stuck:
            self.say(p_("card", "Stuck: {stations}", stations=ranges_text(sorted(report.stuck))))
        if report.never_pressed:
            self.say(p_("card", "Never pressed: {stations}", stations=ranges_text(report.never_pressed)))
        if not report.stuck and not report.never_pressed:
            self.say(p_("card", "Every button works."))

    def _sum_up_walk(self) -> None:
        report = self.report
        report.never_pressed = self.stations[self._walking:]
        self.say(np_("card", "{agreed} of {n} station: light and button in one place.",
                     "{agreed} of {n} stations: light and button in one place.", len(self.stations), agreed=len(report.agreed)))
        if report.crossed:
            self.say(p_("card", "Crossed: {pairs}", pairs=", ".join(f"{lit}/{pressed}" for lit, pressed in report.crossed)))
        if report.passed_over:
            self.say(p_("card", "Passed over: {stations}", stations=ranges_text(sorted(report.passed_over))))
        if report.never_pressed:
            self.say(p_("card", "Not reached: {stations}", stations=ranges_text(report.never_pressed)))
        if len(report.agreed) == len(self.stations):
            self.say(p_("card", "The station map is right."))

    def say(self, text: Text) -> None:
        self.lines.append(text)


def run_self_test(
    leds: StationLeds,
    buttons: StationButtons,
    controls: ControlButtons,
    stations: Sequence[int],
    out: TextIO,
    *,
    step_s: float = 0.05,
    colour_s: float = 1.0,
    listen_s: float = 120.0,
    walk: bool = False,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> SelfTestReport:
    """Run the check on its own (the command line), printing each line as it comes; the report when it ends."""
    check = SelfTest(stations, clock(), step_s=step_s, colour_s=colour_s, listen_s=listen_s, walk=walk)
    printed = 0
    while True:
        now = clock()
        for key in controls.poll():
            if key.key is Key.CONFIRM and check.walk:
                check.skip(now)
            else:
                check.key(key.key)
        for event in buttons.poll():
            check.event(event, now)
        check.advance(now)
        leds.show(check.frame(now))
        for line in check.lines[printed:]:
            print(line, file=out, flush=True)
        printed = len(check.lines)
        if check.done:
            return check.report
        sleep(check.wait_s(now))


def led_chain_test(
    leds: StationLeds,
    station_of_pixel: Mapping[int, int],
    pixel_count: int,
    out: TextIO,
    ask: Callable[[str], str],
    *,
    step_s: float = 0.02,
    sleep: Callable[[float], None] = time.sleep,
) -> int | None:
    """Find where the strip's data line breaks: a walking light fills the strip pixel by pixel from the Pi's end.

    A WS2812B passes the data on to the next pixel only through its own DOUT,
    so a broken data line (or a dead pixel) between pixels *k - 1* and *k*
    leaves pixel *k* and every pixel after it dark while the fill runs. The
    builder counts the pixels that lit and types the number (Enter: all of
    them); the first dark pixel and the wire to look at are named. Pixels no
    station is mapped to cannot be lit through *leds* and are stepped over.
    Returns the first dark pixel, or None when the whole strip lit.
    """
    colour = COLOURS["white"]
    lit: dict[int, Colour] = {}
    for pixel in range(pixel_count):
        if pixel in station_of_pixel:
            lit[station_of_pixel[pixel]] = colour
        leds.show(dict(lit))
        sleep(step_s)
    while True:
        question = p_("terminal", "LED chain: how many pixels lit, counting from the Pi's end? (Enter: all {count})", count=pixel_count)
        answer = ask(f"{question} ").strip()
        if answer.lower() in ("", "all", "y", "yes", str(pixel_count)):
            leds.show({})
            print(p_("terminal", "LED chain: all {count} pixels pass data.", count=pixel_count), file=out, flush=True)
            return None
        if answer.isdigit() and int(answer) < pixel_count:
            break
        again = p_("terminal", "type a whole number from 0 to {count}, or Enter if every pixel lit.", count=pixel_count)
        print(f"  {again}", file=out, flush=True)
    leds.show({})
    dark = int(answer)
    where = (p_("terminal", "the data line from pixel {before}'s DOUT to pixel {pixel}'s DIN", before=dark - 1, pixel=dark) if dark
             else p_("terminal", "the data line from the Pi (and its level shifter) to pixel 0's DIN"))
    if dark in station_of_pixel:
        said = p_("terminal", "LED chain: pixel {pixel} (station {station}) is the first dark one: check {where}, and pixel {pixel}'s "
                  "power.", pixel=dark, station=station_of_pixel[dark], where=where)
    else:
        said = p_("terminal", "LED chain: pixel {pixel} is the first dark one: check {where}, and pixel {pixel}'s power.",
                  pixel=dark, where=where)
    print(said, file=out, flush=True)
    return dark
