"""What the rogues' handheld shows in a Junior game, as the kind-neutral conversation says it (``console.games.handheld``).

A rogue's choices are his steps, grouped by line (``console.games.handheld_words``:
a kind a line, the boat ``F``, staying ``S`` last), each answered by its leg
(``"F157"``, ``"S82"``). He holds every line, never spent: the Pico counts one of
each, as it always did; the phone's page shows them uncounted. With two rogues
the handheld is passed on before the next one's step (the ask's ``hand_over``).
Junior keeps no travel log on the handheld. The phrases name the rogues by their
piece ids.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from console.games.handheld import Screen, Vocabulary
from console.games.handheld_words import AT, PLACES, ROUND, groups, kinds_of
from console.games.junior.words import piece_name
from engine.junior import ROGUES
from firmware import messages
from firmware.messages import phrase

LINES = "TBUF"
"""The lines a rogue holds, in the listing order."""

VOCABULARIES: Mapping[Screen, Vocabulary] = {
    screen: Vocabulary(kinds_of(screen, LINES + "S"), {**PLACES[screen], **{rogue: piece_name(rogue) for rogue in ROGUES}})
    for screen in Screen
}
"""The rogues' words on each screen."""


def standing(screen: Screen, rogue: str, round: int, station: int) -> messages.Show:
    """Where *rogue* stands: the Pico heads it with the round and names him below, the phone the other way round."""
    where, said = phrase(AT, station), phrase(ROUND, round)
    if screen is Screen.PHONE:
        return messages.show(phrase(rogue), [[phrase(rogue), where]], _held(screen), [said], "")
    return messages.show(phrase(rogue), [[said, where]], _held(screen), [phrase(rogue)], "")


def turn(screen: Screen, rogue: str, round: int, station: int, steps: Sequence[str], hand_over: bool, hint: str = "") -> messages.Ask:
    """*rogue*'s step among *steps* (legs); *hand_over*: the handheld is passed to him first (it goes dark)."""
    name, where = phrase(rogue), phrase(AT, station)
    heading: list[list[messages.Text]] = [[name, where], [name, str(station)], [phrase(ROUND, round), where]]
    return messages.ask(name, heading, _held(screen), [], "", groups(steps), "", hand_over, None, hint)


def _held(screen: Screen) -> list[list[str | int | None]]:
    """The lines he may take, one of each (the phone's page shows them uncounted)."""
    return [[line, None if screen is Screen.PHONE else 1] for line in LINES]
