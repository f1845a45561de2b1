"""Junior's words as players read them: its pieces, its lines, its steps, its rounds' reveals and ends, its districts.

The engine names these in English for programs and logs (``NAMES``,
``TRANSPORT_WORDS``, ``Step.describe``, ``Team.__str__``, ``District.title``);
the board, the screen, the handheld and the terminal show these instead, in the
language in use when they are shown (each is a ``Text``). Its refusals read
with ``WORDING``.

>>> from engine import Refusal, Transport
>>> from engine.junior import Step
>>> str(step_words(Step("fox", 157, Transport.FERRY))), str(step_words(Step("watson", 82)))
('Mister FOX takes the boat to 157', 'Willy Watson stays at 82')
"""

from __future__ import annotations

from collections.abc import Iterable

from console.games.refusals import Wording
from console.games.words import display_name, series
from engine import Refusal, Transport
from engine.junior import DETECTIVES, District, RoundResult, Step, Team
from language import Text, _, join, p_, plain

__all__ = ["STAYED", "TRANSPORTS", "WORDING", "district_words", "line_words", "listed", "piece_name", "reveal_words", "short_name",
           "step_words", "winner_words"]

_NAMES = {"fox": p_("name", "Mister FOX"), "roxy": p_("name", "ROXy"), "watson": p_("name", "Willy Watson"),
          "marble": p_("name", "Milly Marble")}


def piece_name(piece: str) -> Text:
    """A piece's one name wherever players read it: ``"fox"`` -> Mister FOX, ``"watson"`` -> Willy Watson."""
    return _NAMES.get(piece) or display_name(piece)


def listed(pieces: Iterable[str]) -> Text:
    """Pieces in words: Mister FOX; Mister FOX and ROXy."""
    return series(piece_name(piece) for piece in pieces)

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
    return _SHORT_NAMES.get(piece) or piece_name(piece)


def district_words(district: District) -> Text:
    """A district's name (one the console does not know keeps its title, in every language)."""
    return _DISTRICTS.get(district.name) or plain(district.title)


def step_words(step: Step) -> Text:
    """A step as a sentence: "Mister FOX takes the boat to 157", "Willy Watson stays at 82"."""
    if step.transport is None:
        return _("{piece} stays at {station}", piece=piece_name(step.piece), station=step.station)
    return _("{piece} takes the {transport} to {station}", piece=piece_name(step.piece), transport=TRANSPORTS[step.transport],
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


_LINES = {Transport.TAXI: _("taxi"), Transport.BUS: _("bus"), Transport.UNDERGROUND: _("metro"), Transport.FERRY: _("boat")}
_TEAMS = {Team.ROGUES: _("the rogues win"), Team.DETECTIVES: _("the detectives win")}


def line_words(transport: Transport) -> Text:
    """A kind of line in Junior's words, as a sentence says it: taxi, bus, metro, boat."""
    return _LINES[transport]


_REFUSALS: dict[Refusal, Text] = {
    Refusal.JUNIOR_PIECES: _("a game has Mister FOX (with ROXy, for 4 players) and both detectives"),
    Refusal.STARTS_OUTSIDE: _("{piece} starts at {station}, outside the {district} district"),
    Refusal.ROGUE_COUNT: _("a game has one or two rogues, not {count}"),
    Refusal.NOT_A_ROGUE: _("{piece} is not a rogue of this game"),
    Refusal.CHOICE_IS_FINAL: _("{piece} has already chosen this round, and a choice is final"),
    Refusal.NOT_A_DETECTIVE: _("{piece} is not a detective"),
    Refusal.ROGUES_CHOOSE_FIRST: _("the detectives move after the rogues have chosen: {pieces} still to choose"),
    Refusal.ALREADY_STEPPED: _("{piece} has already moved this round"),
    Refusal.NO_STEP_TO_TAKE_BACK: _("only a detective's step of this round, before the reveal, can be taken back"),
    Refusal.STAYING_IS_HERE: _("{piece} cannot go there: staying means staying at {station}"),
    Refusal.OUTSIDE_DISTRICT: _("{piece} cannot go there: {station} is outside the {district} district"),
    Refusal.NO_LINE_JOINS: _("{piece} cannot go there: no {transport} line joins {origin} and {station}"),
}
"""The refusals only a Junior game makes, in the players' words."""

WORDING = Wording(name=piece_name, values={Transport: line_words, Team: _TEAMS.__getitem__, District: district_words}, words=_REFUSALS)
"""How Junior's refusals read: its pieces, lines, winners and districts in its words."""
