"""Who plays in a Scotland Yard game: Mister X on his handheld or the computer; the detectives people or the computer.

The flow asks Mister X's seat for a move when his turn comes and tells it what
happened; the seat alone sees Mister X's view. The handheld seat says that view
in the handheld's kind-neutral conversation (``talk``), his moves as the choices,
answered by their legs in the move notation (``engine.moves``: ``"T46"``), and
turns the answers into engine moves, leg by leg for a double move (the host lists
the second legs after the first is chosen, so frames stay small). Whatever the
handheld sends, the engine checks the move again when the flow plays it.

The computer players search in a worker (``console.games.thinker``) so the board
stays alive while they think; the flow polls them every frame. Their searches
are anytime: each searches until a moment its level's pace sets
(``console.games.classic.pace``) and gives its best move so far, so the table
never waits longer than the level promises, and no other move stands in for
the search's (should the worker itself fail to answer in time, the search is
run again at once, in-process, cut short at its first stage). The seed of each
search is the game's move count. In-process thinking (a scripted run, a test)
does the level's whole work instead, so its moves depend on the seed alone.
The detectives are handed the public view only.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Sequence

from console.games.classic import talk
from console.games.classic.pace import GRACE_S, detectives_wait_s, mister_x_wait_s, search_s
from console.games.seats import OnHandheld, WithoutHandheld
from console.games.thinker import Thinker, TimedOut
from console.games.words import outcome_words
from console.settings import Level
from console.table.case import capitalised
from engine import DetectiveMove, DoubleMove, Game, MisterXMove, Move, london
from engine.moves import parse_leg
from engine.views import MisterXView, PublicView
from firmware import messages
from hardware.interfaces import HandheldLink, Message
from language import Words, _, p_

log = logging.getLogger(__name__)


def _legs(moves: Iterable[MisterXMove]) -> list[str]:
    return [move.notation for move in moves]


class HandheldSeat(OnHandheld):
    """Mister X plays on his handheld."""

    handheld_of = _("Mister X's handheld")
    phone_of = _("Mister X's phone")
    hint: Words = ""
    """A guided game's lesson for his next turn, set before ``begin_turn``: the handheld shows it before each choice of
    the turn (a refused move asked again, a double move's second leg too); cleared when the turn is played or the game
    ends (a withdrawn turn keeps it for when it is asked again)."""

    def __init__(self, link: HandheldLink) -> None:
        super().__init__(link, talk.VOCABULARIES)
        self._first: MisterXMove | None = None
        self._made_before = 0
        self._seen: list[int] = []
        """Where his last move was seen, until his next turn."""

    def show(self, game: Game) -> None:
        view = game.mister_x_view()
        log = [MisterXMove(entry.station, entry.ticket).notation for entry in view.log]
        self.talk.say(talk.standing(self.screen, view.public.round, view.station, view.public.mister_x_tickets.as_dict(), log,
                                    self._seen))

    def begin_turn(self, game: Game) -> None:
        self._first = None
        self._made_before = game.moves_made
        self._seen = []
        view = game.mister_x_view()
        self.talk.say(talk.turn(view.public.round, view.station, view.public.mister_x_tickets.as_dict(), _legs(view.moves),
                                view.can_double, view.public.next_move_is_reveal, str(self.hint)))

    def on_message(self, message: Message, game: Game) -> Move | None:
        answer = self.answer(message)
        if answer is None:
            return None
        leg = MisterXMove(*parse_leg(answer["choice"]))  # a move of his listed: in the notation
        if self._first is not None:
            first, self._first = self._first, None
            return DoubleMove(first, leg)
        if answer.get("option", False):
            view = game.mister_x_view()
            legs = view.second_legs(leg)
            if not legs:
                self.refuse(p_("handheld", "No double move starts with that move"))
                return None
            self._first = leg
            reveal = game.moves_made + 2 in game.ruleset.reveal_moves
            self.talk.say(talk.second_leg(self.screen, leg.notation, view.public.mister_x_tickets.as_dict(), _legs(legs), reveal,
                                          str(self.hint)))
            return None
        return leg

    def accepted(self, game: Game) -> None:
        """His move was played: tell him what it revealed, and where he stands now (a page reloaded in the detectives' turn
        rebuilds from it)."""
        new = game.public_view().log[self._made_before :]
        self._seen = [entry.station for entry in new if entry.reveal and entry.station is not None]
        self.talk.say(messages.accepted(talk.seen_note(self.screen, self._seen)))
        self.hint = ""
        self.show(game)

    def refused(self, reason: Words, game: Game) -> None:
        self.refuse(reason)
        self.begin_turn(game)

    def cancel_turn(self) -> None:
        self._first = None
        self.talk.say(messages.wait())

    def game_over(self, game: Game) -> None:
        words = str(outcome_words(game.outcome, game.ruleset)) if game.outcome is not None else ""
        self.hint = ""
        self.talk.say(messages.game_over(capitalised(words)))


def think_mister_x(view: MisterXView, level: str, seed: int, search_s: float | None = None) -> Move:
    """The worker's job: Mister X's move (module-level, so the worker finds it by name); with *search_s*, the search's
    best after that many seconds (anytime), else after the level's whole work."""
    from engine.ai.players import choose_mister_x_move

    return choose_mister_x_move(view, london(), level, seed, stop=_stop_after(search_s))


def think_detectives(view: PublicView, level: str, seed: int, search_s: float | None = None) -> list[DetectiveMove]:
    """The worker's job: the round's detective moves, from the public view alone (*search_s*: as ``think_mister_x``)."""
    from engine.ai.players import choose_detective_moves

    return choose_detective_moves(view, london(), level, seed, stop=_stop_after(search_s))


def _stop_after(seconds: float | None) -> Callable[[], bool] | None:
    """A search's stop *seconds* from now, on the clock of the process it runs in (None: no clock, the whole work)."""
    if seconds is None:
        return None
    end = time.monotonic() + seconds
    return lambda: time.monotonic() >= end


class ComputerSeat(WithoutHandheld):
    """The computer plays Mister X; his move is announced a fixed time after his turn began, whatever he thought.

    The time of the announcement depends only on what the table sees
    (``pace.mister_x_wait_s``): the detectives learn nothing from how long he
    took. The clock starts at the first poll after ``begin_turn`` (the console's
    next frame), the search at ``begin_turn``, and stops short of the announcement.
    """

    def __init__(self, level: Level = Level.NORMAL, thinker: Thinker | None = None) -> None:
        self.level = level
        self.thinker = thinker or Thinker()
        self._wait_s = 0.0
        self._announce_at: float | None = None
        self._view: MisterXView | None = None

    def begin_turn(self, game: Game) -> None:
        view = self._view = game.mister_x_view()
        self._wait_s = mister_x_wait_s(self.level, view.public)
        self._announce_at = None
        clock = search_s(self._wait_s) if self.thinker.clocked else None
        self.thinker.start(think_mister_x, view, self.level.value, game.moves_made, clock, cap_s=self._wait_s)

    def poll(self, game: Game, now: float) -> Sequence[Move]:
        if self._announce_at is None:
            self._announce_at = now + self._wait_s
        if now < self._announce_at:
            return ()
        try:
            move: Move | None = self.thinker.result()
        except TimedOut:
            move = None
        if move is None:  # the worker failed to answer in time: the search again, here and now, cut short
            self.thinker.cancel()
            assert self._view is not None, "poll() before begin_turn()"
            log.error("the computer Mister X's search did not answer in time: its first stage moves instead")
            move = think_mister_x(self._view, self.level.value, game.moves_made, 0.0)
        self._announce_at = None
        return (move,)

    def cancel_turn(self) -> None:
        self.thinker.cancel()
        self._announce_at = None

    def game_over(self, game: Game) -> None:
        self.thinker.cancel()


class ComputerDetectives:
    """The computer plays the detectives and bobbies; people move the pieces it names."""

    def __init__(self, level: Level = Level.NORMAL, thinker: Thinker | None = None) -> None:
        self.level = level
        self.thinker = thinker or Thinker()
        self._view: PublicView | None = None
        self._seed = 0

    def begin_round(self, game: Game) -> None:
        """Think about the moves still to make this round (again, after an undo): at once when every move is forced."""
        view = self._view = game.public_view()
        self._seed = len(game.actions)
        forced = all(len(game.moves_of(piece)) <= 1 for piece in game.to_move())
        wait_s = 0.0 if forced else detectives_wait_s(self.level, view)
        clock = search_s(wait_s) if self.thinker.clocked else None
        self.thinker.start(think_detectives, view, self.level.value, self._seed, clock, cap_s=wait_s + GRACE_S)

    def poll(self, game: Game, now: float) -> Sequence[DetectiveMove] | None:
        try:
            moves: Sequence[DetectiveMove] | None = self.thinker.result()
        except TimedOut:  # the worker failed to answer in time: the search again, here and now, cut short
            assert self._view is not None, "poll() before begin_round()"
            log.error("the computer detectives' search did not answer in time: its first stage moves instead")
            moves = think_detectives(self._view, self.level.value, self._seed, 0.0)
        return moves

    def cancel(self) -> None:
        self.thinker.cancel()
