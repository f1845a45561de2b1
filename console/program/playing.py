"""A game at the table, as an activity of the program: its flow gets the events, MENU opens the game menu over it.

The game menu (``console.program.game_menu``) restarts it with a new deal, or
leaves it (the game is kept, and the start menu offers it). A finished game is
filed when the players have seen its end, and the program goes back to its
start menu.

A game whose hidden side plays on a person's own phone holds the phone's link
for as long as it is played (the loop polls it instead of the hardware's
handheld): until a phone has paired, and while the game waits for the paired
phone, the pairing code is over the part of the game's screen its kind lets it
have (``console.table.screen.pairing``). The link's pairing is journaled each
time it changes, and a resumed game's link takes up the one its journal kept:
after a restart of the console, the same phone comes back without a new scan.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING

from console.games.kind import GameFlow, OnAFlow
from console.games.thinker import Thinker
from console.program.activity import Activity
from console.program.game_menu import GameMenu
from console.program.power_off import KEPT
from console.program.session import Sitting
from console.program.straight_back import forget_left, mark_left
from console.settings import CONSOLE_CHOICES, Seat
from console.table.phone import PhoneHandheld
from console.table.scene import Scene
from console.table.screen.pairing import Pairing, PairingScene, Scan
from console.table.sounds import Sounds
from engine import Station
from hardware.interfaces import HandheldLink, Key
from language import Words, _, plain

if TYPE_CHECKING:
    from console.program.host import Host

log = logging.getLogger(__name__)

RETRY_SAVING_S = 5.0
"""How often a game the disk refused is tried again (every action tries too)."""


def play(host: Host, *, fresh: bool, now: float, note: Words = "") -> None:
    """Resume the kept game or deal a new one of the console's settings, saying *note* on it; a phone game opens its phone's
    link first (if it cannot, the start menu says why)."""
    kept, settings = host.kept, host.choices.settings
    chosen = kept.settings if kept is not None and not fresh else settings  # as ``open_game`` chooses
    link: HandheldLink = host.hardware.handheld
    phone: PhoneHandheld | None = None
    if chosen.mister_x is Seat.PHONE:
        try:
            link = phone = host.phone()
        except OSError as error:
            host.home(_("The phone game cannot start: the console cannot serve the phone's page ({reason})",
                        reason=plain(error.strerror or str(error))))
            return
    if kept is not None:
        forget_left(kept)
    sitting = Sitting(host.hardware, settings, now, kept=kept, fresh=fresh, timestamp=host.timestamp, seed=host.seed,
                      thinker=Thinker(inline=host.think_inline), handheld=link)
    host.kept = None
    host.open(Playing(host, sitting, phone))
    host.use_link(link)
    if not host.handheld_there:
        sitting.flow.handheld_connected(False, now)
    if note:
        sitting.flow.say(note)


class Playing(OnAFlow, Activity):
    """One game (``Sitting``) at the table, until it is filed, left or restarted; *phone*: the phone game's link."""

    def __init__(self, host: Host, sitting: Sitting, phone: PhoneHandheld | None = None) -> None:
        self.host = host
        self.sitting = sitting
        self.flow: GameFlow = sitting.flow
        self.phone = phone
        self._linked = phone is not None
        """The phone's link is still this game's (until it is filed, left or restarted)."""
        self._retried = 0.0
        self._restored = phone is not None and bool(sitting.pairing) and phone.restore(sitting.pairing)
        """The phone's link took up the pairing the journal kept (the same code, the same phone)."""

    @property
    def status(self) -> str:
        return "Playing a game"

    @property
    def keeps_a_game(self) -> bool:
        return True

    # ------------------------------------------------------------ the loop's events

    def station_pressed(self, station: Station, now: float) -> None:
        self.flow.station_pressed(station, now)

    def key_pressed(self, key: Key, now: float) -> None:
        if key is Key.MENU and not self.flow.over:
            self.host.push(GameMenu(self.host, self, self.flow.options(), self.pair_again if self.phone is not None else None,
                                    self.restart, self.leave))
            return
        self.flow.key_pressed(key, now)
        if self.flow.finished:
            filed = self.sitting.file()
            self.release_link()
            self.host.home(filed)

    def tick(self, now: float) -> None:
        super().tick(now)
        if self.phone is not None and not self.flow.over:
            self.sitting.keep_pairing(self.phone.pairing)
        if self.sitting.saving_problem and now - self._retried >= RETRY_SAVING_S:
            self._retried = now
            self.sitting.retry_saving()

    # ------------------------------------------------------------ what the table sees and hears

    def scene(self) -> Scene:
        """The game's scene; in a phone game, with the pairing code over it until a phone pairs, and while it waits for it."""
        scene = self.flow.scene()
        phone = self.phone
        if phone is None or self.flow.over:
            return scene
        opened = self.sitting.opened
        if not phone.paired:
            scan = Scan.AGAIN if opened.resumed and not self._restored else Scan.FIRST
        elif self.flow.paused:
            scan = Scan.BACK
        else:
            return scene
        return PairingScene(scene, Pairing(phone.url, opened.kind.hidden_side, scan), opened.kind.pairing_rooms)

    def shown(self, sounds: Sounds) -> None:
        sounds.game_shown(self.flow, self.flow.scene(), self.sitting.opened.kind.news)

    @property
    def warning(self) -> Words:
        return self.sitting.saving_problem

    # ------------------------------------------------------------ leaving it

    def pair_again(self, now: float) -> None:
        """A new code for the phone game: the phone paired now is cut off, and the next to scan the code plays."""
        assert self.phone is not None
        self.phone.pair_again()
        self.host.pop()

    def restart(self, now: float) -> None:
        """A new deal in place of this game, which is filed unfinished; its settings, but the console's own choices."""
        host = self.host
        host.pop()
        self.flow.leave()
        self.release_link()  # a new deal, a new key: its phone pairs again
        host.kept = self.sitting.kept()
        console_s = {key: getattr(host.choices.settings, key) for key in CONSOLE_CHOICES}
        host.choices.settings = replace(self.sitting.opened.settings, **console_s)  # a resumed game brings its settings, not the console's
        play(host, fresh=True, now=now)

    def leave(self, now: float = 0.0) -> None:
        """The players leave the game: it is kept, marked as left (a restart does not go straight back into it), and the
        start menu offers it."""
        self.keep_left()
        self.host.kept = self.sitting.kept()
        self.host.home(KEPT)

    def switched_off(self) -> None:
        self.keep_left()

    def keep_left(self) -> None:
        """Keep the game as the players left it (to shut down, or to go home)."""
        self.flow.leave()
        mark_left(self.sitting.kept())
        self.release_link()

    def close(self) -> None:
        """The console stops: a game the disk refused gets a last try (what it still refuses is lost, and the log says how
        much), and a phone game's page is served no more (the game stays journaled)."""
        self.sitting.retry_saving()
        lost = self.sitting.opened.journal.waiting
        if lost:
            log.error("the console stops with %d event(s) of the game in play never saved (%s): they are lost", lost,
                      self.sitting.saving_problem)
        self.release_link()

    def release_link(self) -> None:
        """The game needs its phone's link no more (filed, left, restarted, or the console stops): once; the hardware's
        handheld is polled again."""
        if self.phone is not None and self._linked:
            self._linked = False
            self.phone.close()
            self.host.use_link(self.host.hardware.handheld)
