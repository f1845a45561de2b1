"""Junior's words as players read them: its lines, its steps, its rounds' reveals and ends, its districts.

The engine names these in English for programs and logs (``TRANSPORT_WORDS``,
``Step.__str__``, ``Team.__str__``, ``District.title``); the board, the screen,
the handheld and the terminal show these instead, in the language in use when
they are shown (each is a ``Text``).

>>> from engine import Transport
>>> from engine.junior import Step
>>> str(step_words(Step("fox", 157, Transport.FERRY))), str(step_words(Step("watson", 82)))
('Mister FOX takes the boat to 157', 'Willy Watson stays at 82')
"""

from __future__ import annotations

from console.games.words import display_name, listed
from engine import Transport
from engine.junior import DETECTIVES, District, RoundResult, Step, Team
from hardware.language import Text, _, join, p_, plain

__all__ = ["STAYED", "TRANSPORTS", "district_words", "reveal_words", "short_name", "step_words", "winner_words"]

TRANSPORTS: dict[Transport, Text] = {
    Transport.TAXI: p_("panel", "taxi"), Transport.BUS: p_("panel", "bus"), Transport.UNDERGROUND: p_("panel", "metro"),
    Transport.FERRY: p_("panel", "boat"),
}
"""Junior's words for its four lines (the engine's ferry is the boat), as a reveal's chips and the sentences say them."""
STAYED = p_("panel", "stayed")
"""A reveal's chip for a rogue who did not move."""

_SHORT_NAMES = {"fox": p_("name", "FOX"), "roxy": p_("name", "ROXy"), "watson": p_("name", "Willy"), "marble": p_("name", "Milly")}
_DISTRICTS = {"central": p_("value", "Central")}


def short_name(piece: str) -> Text:
    """What a child calls a piece in a few big words ("Willy, go!"), and a row when the whole name does not fit."""
    return _SHORT_NAMES.get(piece) or display_name(piece)


def district_words(district: District) -> Text:
    """A district's name (one the console does not know keeps its title, in every language)."""
    return _DISTRICTS.get(district.name) or plain(district.title)


def step_words(step: Step) -> Text:
    """A step as a sentence: "Mister FOX takes the boat to 157", "Willy Watson stays at 82"."""
    if step.transport is None:
        return _("{piece} stays at {station}", piece=display_name(step.piece), station=step.station)
    return _("{piece} takes the {transport} to {station}", piece=display_name(step.piece), transport=TRANSPORTS[step.transport],
             station=step.station)


def reveal_words(result: RoundResult) -> tuple[Text, Text]:
    """A reveal in words: the big prompt ("Escaped!", "Caught Mister FOX!") and what the rogues did."""
    told = join(_("; "), [step_words(step) for step in result.steps if step.piece not in DETECTIVES])
    if result.captured:
        return p_("title", "Caught {rogues}!", rogues=listed(result.captured)), told
    return p_("title", "Escaped!"), told


def winner_words(outcome: Team) -> Text:
    """The big words of a game's end: "The rogues win!"."""
    return p_("title", "The rogues win!") if outcome is Team.ROGUES else p_("title", "The detectives win!")
