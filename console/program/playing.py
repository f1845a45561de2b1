"""A game at the table, as an activity of the program: its flow gets the events, MENU opens the game menu over it.

The game menu holds the kind's own rows (the deduction assist, correcting the
board, ...), the language, pairing a phone again in a phone game, restarting
with a new deal, and leaving (the game is kept, and the start menu offers it).
A finished game is filed when the players have seen its end, and the program
goes back to its start menu.

A game whose hidden side plays on a person's own phone holds the phone's link
for as long as it is played (the loop polls it instead of the hardware's
handheld): until a phone has paired, and while the game waits for the paired
phone, the pairing code is over the part of the game's screen its kind lets it
have (``console.table.screen.pairing``). The link's pairing is journaled each
time it changes, and a resumed game's link takes up the one its journal kept:
after a restart of the console, the same phone comes back without a new scan.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from console.games.kind import GameFlow, OnAFlow
from console.program.activity import Activity, MenuActivity
from console.program.power_off import KEPT
from console.program.session import Sitting
from console.program.straight_back import mark_left
from console.table.menu import Action, Menu, Row, Setting
from console.table.phone import PhoneHandheld
from console.table.scene import Scene
from console.table.screen.pairing import Pairing, PairingScene, Scan
from console.table.sounds import Sounds
from engine import Station
from hardware.interfaces import Key
from hardware.language import Words, _, p_

RETRY_SAVING_S = 5.0
"""How often a game the disk refused is tried again (every action tries too)."""


class Playing(OnAFlow, Activity):
    """One game (``Sitting``) at the table, until it is filed, left or restarted."""

    def __init__(
        self,
        sitting: Sitting,
        *,
        stations: Sequence[Station],
        push: Callable[[Activity], None],
        pop: Callable[[], None],
        home: Callable[[Words], None],
        restart: Callable[[Sitting, float], None],
        remember: Callable[[str, Any], Words],
        language: Callable[[Callable[[str, Any], None]], Setting],
        phone: PhoneHandheld | None = None,
        closed: Callable[[], None] = lambda: None,
    ) -> None:
        """*push*/*pop* open and close the game menu over it; *home* goes back to the start menu with a note; *restart* deals
        a new game in place of this one; *remember* keeps a setting the game menu changed (and says if it cannot);
        *language* is the language row; *phone* is the phone game's link, and *closed* is told when the game no longer
        needs it (filed, left, restarted)."""
        self.sitting = sitting
        self.flow: GameFlow = sitting.flow
        self.stations = stations
        self._push, self._pop, self._home, self._restart = push, pop, home, restart
        self._remember, self._language = remember, language
        self.phone = phone
        self._closed = closed
        self._retried = 0.0
        self._restored = phone is not None and bool(sitting.pairing) and phone.restore(sitting.pairing)
        """The phone's link took up the pairing the journal kept (the same code, the same phone)."""

    @property
    def status(self) -> str:
        return "Playing a game"

    # ------------------------------------------------------------ the loop's events

    def station_pressed(self, station: Station, now: float) -> None:
        self.flow.station_pressed(station, now)

    def key_pressed(self, key: Key, now: float) -> None:
        if key is Key.MENU and not self.flow.over:
            self._push(MenuActivity(self.game_menu(), self.stations, under=self))
            return
        self.flow.key_pressed(key, now)
        if self.flow.finished:
            filed = self.sitting.file()
            self.release_link()
            self._home(filed)

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

    # ------------------------------------------------------------ the game menu

    def game_menu(self) -> Menu:
        """Back to the game, the kind's own rows, the language, pairing a phone again, restarting, leaving."""
        made: list[Menu] = []
        """The menu, once made: a setting's row says a problem on it."""
        rows: list[Row] = [Action(p_("row", "Back to the game"), self._back), *(self._closing(row, made) for row in self.flow.options()),
                           self._closing(self._language(lambda key, value: None), made)]
        if self.phone is not None:
            rows.append(Action(p_("row", "Pair a phone again"), self._pair_again, confirm_twice=True,
                               warning=_("CONFIRM again: a new code shows, and the phone playing now is cut off")))
        rows += [Action(p_("row", "Restart with a new deal"), self._restarted, confirm_twice=True),
                 Action(p_("row", "Leave (the game is kept)"), self.leave)]
        made.append(Menu(p_("title", "Game menu"), rows, back=self._back))
        return made[0]

    def _closing(self, row: Row, made: list[Menu]) -> Row:
        """A game's option: an action closes the game menu first; a setting changes, and is remembered (resume keeps it)."""
        if isinstance(row, Action):
            act = row.do

            def closed_then_done(now: float) -> None:
                self._pop()
                act(now)

            return replace(row, do=closed_then_done)
        changed = row.changed

        def changed_and_remembered(key: str, value: Any) -> None:
            if changed is not None:
                changed(key, value)
            problem = self._remember(key, value)
            if problem:
                made[0].message = problem

        return replace(row, changed=changed_and_remembered)

    def _back(self, now: float) -> None:
        self._pop()

    def _pair_again(self, now: float) -> None:
        """A new code for the phone game: the phone paired now is cut off, and the next to scan the code plays."""
        assert self.phone is not None
        self.phone.pair_again()
        self._pop()

    def _restarted(self, now: float) -> None:
        self._pop()
        self.flow.leave()
        self.release_link()  # a new deal, a new key: its phone pairs again
        self._restart(self.sitting, now)

    def leave(self, now: float = 0.0) -> None:
        """The players leave the game: it is kept, marked as left (a restart does not go straight back into it), and the
        start menu offers it."""
        self.keep_left()
        self._home(KEPT)

    def keep_left(self) -> None:
        """Keep the game as the players left it (to shut down, or to go home)."""
        self.flow.leave()
        mark_left(self.sitting.kept())
        self.release_link()

    def release_link(self) -> None:
        """The game needs its phone's link no more (filed, left, restarted, or the console stops): once."""
        closed, self._closed = self._closed, lambda: None
        closed()
