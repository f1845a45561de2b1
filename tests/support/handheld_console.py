"""The console's side of a handheld on the bench, made by the console's own code: the Pico's scenarios and the phone's page.

The scenarios (``tests.support.handheld_scenarios``) run under CPython and under
MicroPython; the phone page's tests drive the page in a browser. What the console
says to either is made only here, by its kinds' talk (``console.games.classic.talk``,
``console.games.junior.talk``) for the screen it goes to, with the kind's words
(``console.games.handheld``) sent first, as ``Talk`` sends them: before the first
screen of a kind, and again when the console speaks another language. Each
method returns the batch of messages the console sends. ``recording`` makes
consoles that also keep every batch in order, for the same scenarios to replay
under MicroPython (``handheld_scenarios.Replay``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from console.games.classic import talk as classic
from console.games.handheld import Screen, Vocabulary
from console.games.junior import talk as junior
from firmware import messages
from language import current, use
from tests.support.handheld_scenarios import LOG, MOVES, TICKETS

Batch = list[dict[str, Any]]


class ScenarioConsole:
    """The console of one handheld on the bench, speaking *language* ("" names none: English) to *screen*."""

    def __init__(self, language: str = "", screen: Screen = Screen.HANDHELD) -> None:
        self.language = language
        self.screen = screen
        self._kind: Vocabulary | None = None
        self._told: tuple[Vocabulary | None, str] = (None, "")
        """The kind whose words the handheld has, and their language."""

    def speak(self, language: str) -> Batch:
        """The console speaks *language* now: its words again, in it."""
        self.language = language
        return self._words() if self._kind is not None else []

    def state(self, round: int = 4, station: int = 117, tickets: Mapping[str, int] = TICKETS, log: Sequence[str] = LOG,
              seen: Sequence[int] = ()) -> Batch:
        """Where Mister X stands (by default: round 4, at 117, his usual tickets and log)."""
        return self._say(classic.VOCABULARIES, classic.standing(self.screen, round, station, tickets, log, seen))

    def choose_move(self, round: int = 4, station: int = 117, tickets: Mapping[str, int] = TICKETS, moves: Sequence[str] = MOVES,
                    can_double: bool = True, reveal_next: bool = False, hint: str = "") -> Batch:
        """Mister X's turn, as ``console.games.classic.seats.HandheldSeat`` asks it (by default: round 4, at 117)."""
        return self._say(classic.VOCABULARIES, classic.turn(round, station, tickets, moves, can_double, reveal_next, hint))

    def second_leg(self, first: str, moves: Sequence[str], reveal_next: bool, hint: str = "",
                   tickets: Mapping[str, int] = TICKETS) -> Batch:
        return self._say(classic.VOCABULARIES, classic.second_leg(self.screen, first, tickets, moves, reveal_next, hint))

    def accepted(self, seen: Sequence[int] = ()) -> Batch:
        """His move was played; *seen*: where it was seen."""
        return [dict(messages.accepted(classic.seen_note(self.screen, seen)))]

    def rogue_state(self, rogue: str, round: int, station: int) -> Batch:
        """Where the Junior rogue *rogue* (``"fox"``, ``"roxy"``) stands."""
        return self._say(junior.VOCABULARIES, junior.standing(self.screen, rogue, round, station))

    def choose_step(self, rogue: str, station: int, steps: Sequence[str], round: int = 3, hand_over: bool = False,
                    hint: str = "") -> Batch:
        """A Junior rogue's turn, as ``console.games.junior.seats.HandheldRogues`` asks it."""
        return self._say(junior.VOCABULARIES, junior.turn(self.screen, rogue, round, station, steps, hand_over, hint))

    def _say(self, vocabularies: Mapping[Screen, Vocabulary], message: Mapping[str, Any]) -> Batch:
        self._kind = vocabularies[self.screen]
        return [*self._words(), dict(message)]

    def _words(self) -> Batch:
        """The words of the kind spoken last, if the handheld lacks them in the language of now."""
        assert self._kind is not None
        if self._told[0] is self._kind and self._told[1] == self.language:
            return []
        self._told = (self._kind, self.language)
        before = current()
        use(self.language or "en")
        try:
            return [dict(self._kind.message())]
        finally:
            use(before)


def recording(batches: list[list[Any]]) -> Callable[[str], Any]:
    """A maker of scenario consoles that keep each batch they make in *batches* as ``[method, batch]``, in order."""

    class Recorded:
        def __init__(self, language: str = "") -> None:
            self.console = ScenarioConsole(language)

        def __getattr__(self, name: str) -> Callable[..., Batch]:
            method = getattr(self.console, name)

            def said(*args: Any, **kwargs: Any) -> Batch:
                batch: Batch = method(*args, **kwargs)
                batches.append([name, batch])
                return batch

            return said

    return Recorded
