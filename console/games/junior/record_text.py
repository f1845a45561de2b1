"""A Junior game as a readable text record (``console.records.export``): its heading, then each round's steps and reveal.

Every step in its notation (``engine.junior.Step``), each with its words; the
rogues' choices, secret at the table, are told with the round's reveal.
"""

from __future__ import annotations

from collections.abc import Iterator

from console.games.junior.words import district_words, line_words, listed, piece_name, winner_words
from console.games.record_text import heading, move_row, paragraph, row, to
from engine.junior import DETECTIVE_GOAL, DETECTIVES, ROGUE_GOAL, ROGUES, JuniorGame, RoundResult, Step
from language import Text, Words, join, p_


def lines(game: JuniorGame, played: Words) -> Iterator[str]:
    """A Junior game's text, line by line: its heading, then each round's steps and reveal."""
    rogues = game.start.rogues
    yield from heading(p_("terminal", "Scotland Yard Junior, in the {district} district", district=district_words(game.district)))
    yield row(p_("terminal", "Played"), played)
    sides = p_("terminal", "{rogues} against {detectives}", rogues=listed(rogues), detectives=listed(DETECTIVES))
    yield row(p_("terminal", "Sides"), sides)
    tokens = p_("terminal", "tokens: detectives {detectives} of {detective_goal}, rogues {rogues} of {rogue_goal}",
                detectives=game.tokens.detectives, detective_goal=DETECTIVE_GOAL, rogues=game.tokens.rogues, rogue_goal=ROGUE_GOAL)
    result = (winner_words(game.outcome) if game.outcome is not None
              else p_("terminal", "Not finished: left in round {round}", round=len(game.results) + 1))
    yield row(p_("terminal", "Result"), p_("terminal", "{result} ({tokens})", result=result, tokens=tokens))
    starts = [p_("terminal", "{piece} at {station}", piece=piece_name(piece), station=station)
              for piece, station in game.start.stations.items()]
    yield row(p_("terminal", "Start"), join(p_("terminal", "; "), starts))
    yield ""
    yield from paragraph(p_("terminal", "Each step in the notation: the piece and a line's letter (T taxi, B bus, U metro, F boat) and "
                                         "the station, or S and the station it stays at. The rogues chose in secret; the round's reveal "
                                         "showed them."))
    detectives = rogues_held = 0
    for round_result in game.results:
        detectives += bool(round_result.captured)
        rogues_held += not round_result.captured
        yield ""
        yield from _round(round_result, p_("terminal", "detectives {detectives}, rogues {rogues}", detectives=detectives,
                                                  rogues=rogues_held))
    yield ""
    yield str(p_("terminal", "End: {result}", result=result))


def _round(result: RoundResult, tokens: Text) -> Iterator[str]:
    """A round: its steps, then its reveal (who was caught, whose token it was) and the tokens after it."""
    yield str(p_("terminal", "Round {round}", round=result.round))
    for step in result.steps:
        yield move_row(piece_name(step.piece), step.notation, _step_words(step))
    if result.captured:
        told = p_("terminal", "{pieces} caught: a token for the detectives", pieces=listed(result.captured))
    else:
        escaped = listed(step.piece for step in result.steps if step.piece in ROGUES)
        told = p_("terminal", "{pieces} escaped: a token for the rogues", pieces=escaped)
    yield "  " + str(p_("terminal", "REVEAL: {told} (tokens: {tokens})", told=told, tokens=tokens))


def _step_words(step: Step) -> Text:
    if step.transport is None:
        return p_("terminal", "stays at {station}", station=step.station)
    return to(line_words(step.transport), step.station)
