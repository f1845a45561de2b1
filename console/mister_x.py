"""Mister X's seat: a person on the handheld (here), or the computer (``console.computer``).

The flow asks the seat for a move when Mister X's turn comes and tells it what
happened; the seat alone sees Mister X's view. The handheld seat turns that
view into protocol messages and the handheld's answers into engine moves, leg
by leg for a double move (the host lists the second legs after the first is
chosen, so frames stay small). Whatever the handheld sends, the engine checks
the move again when the flow plays it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from engine import DoubleMove, Game, MisterXMove, Move, Ticket
from engine.position import LogEntry
from hardware.interfaces import HandheldLink, Message


class MisterXSeat(Protocol):
    uses_handheld: bool
    """Whether the game must pause while the handheld is away."""

    def opened(self, game: Game) -> None:
        """The game was dealt or resumed: show Mister X where he stands (before his turn comes)."""

    def away_reason(self) -> str:
        """Why the game waits for the handheld (said on the screen while paused)."""

    def begin_turn(self, game: Game) -> None:
        """Mister X's turn starts: ask him (the handheld), or start thinking (the computer)."""

    def poll(self, game: Game, now: float) -> Move | None:
        """Every frame of his turn: a computer's move once it has thought (a person's come by ``on_message``)."""

    def on_message(self, message: Message, game: Game) -> Move | None:
        """A message from the handheld; returns his move once it is complete."""

    def accepted(self, game: Game) -> None:
        """His move was played (tell him, and whether it was seen)."""

    def refused(self, reason: str, game: Game) -> None:
        """His move was refused by the engine: ask again."""

    def cancel_turn(self) -> None:
        """The detectives took back the move that ended their round: his turn has not come yet."""

    def game_over(self, game: Game) -> None: ...


def _moves(moves: Sequence[MisterXMove]) -> list[list[object]]:
    return [[move.station, str(move.ticket)] for move in moves]


def _log(log: Sequence[LogEntry]) -> list[list[object]]:
    return [[str(entry.ticket), entry.station] for entry in log]


def _parse(message: Message) -> MisterXMove:
    return MisterXMove(int(message["station"]), Ticket.parse(str(message["ticket"])))


class HandheldSeat:
    """Mister X plays on his handheld, over a ``HandheldLink``."""

    uses_handheld = True

    def __init__(self, link: HandheldLink) -> None:
        self.link = link
        self._first: MisterXMove | None = None
        self._made_before = 0

    def away_reason(self) -> str:
        if self.link.other_game:
            return "This handheld holds another game: plug in this game's handheld, or start a new game"
        return "Mister X's handheld is unplugged: plug it back in"

    def opened(self, game: Game) -> None:
        view = game.mister_x_view()
        self.link.send({"type": "state", "round": view.public.round, "station": view.station,
                        "tickets": view.public.mister_x_tickets.as_dict(), "log": _log(view.log)})

    def begin_turn(self, game: Game) -> None:
        self._first = None
        self._made_before = game.moves_made
        view = game.mister_x_view()
        self.link.send(
            {
                "type": "choose_move",
                "round": view.public.round,
                "station": view.station,
                "tickets": view.public.mister_x_tickets.as_dict(),
                "moves": _moves(view.moves),
                "can_double": view.can_double,
                "reveal_next": view.public.next_move_is_reveal,
                "log": _log(view.log),
            }
        )

    def poll(self, game: Game, now: float) -> None:
        return None

    def on_message(self, message: Message, game: Game) -> Move | None:
        if message.get("type") != "move":
            return None
        try:
            leg = _parse(message)
        except (KeyError, ValueError, TypeError):
            self.link.send({"type": "refused", "reason": "garbled move"})
            return None
        if self._first is not None:
            first, self._first = self._first, None
            return DoubleMove(first, leg)
        if message.get("double"):
            legs = game.second_legs(leg) if game.can_double else ()
            if not legs:
                self.link.send({"type": "refused", "reason": "no double move starts with that leg"})
                return None
            self._first = leg
            self.link.send({"type": "choose_second_leg", "first": [leg.station, str(leg.ticket)], "moves": _moves(legs),
                            "reveal_next": game.moves_made + 2 in game.ruleset.reveal_moves})
            return None
        return leg

    def accepted(self, game: Game) -> None:
        new = game.public_view().log[self._made_before :]
        self.link.send({"type": "accepted", "seen": [entry.move for entry in new if entry.reveal]})

    def refused(self, reason: str, game: Game) -> None:
        self.link.send({"type": "refused", "reason": reason})
        self.begin_turn(game)

    def cancel_turn(self) -> None:
        self._first = None
        self.link.send({"type": "wait"})

    def game_over(self, game: Game) -> None:
        self.link.send({"type": "game_over", "result": str(game.outcome)})
