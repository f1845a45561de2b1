"""Who chooses for the rogues in a Junior game: people on the handheld, or the computer.

The rogues' choices are the one secret of Junior. The seat alone sees them
before the reveal: the handheld seat asks the handheld for each rogue's step in
turn (``choose_step``; with two rogues the handheld is passed on, and it goes
dark in between: ``hand_over``) and reads its ``step``, each step a leg of the
move notation (``Step.leg``: ``"F157"``, ``"S82"``); the computer seat asks
``engine.ai.junior``. The flow checks every choice through the engine.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from console.games.junior.words import piece_name
from console.games.seats import OnHandheld, WithoutHandheld
from console.settings import Level
from engine.ai.junior import choose_detective_steps, choose_rogue_steps
from engine.junior import JuniorGame, Step, Team
from engine.junior.game import parse_leg
from engine.moves import NotationError
from firmware import messages
from hardware.interfaces import Message
from hardware.language import Words, _, p_

log = logging.getLogger(__name__)

JUNIOR_TICKETS = {messages.TICKET_NAMES[letter]: 1 for letter in "TBUF"}
"""Each rogue holds one ticket of each kind of line, every round (as the handheld names them: the boat is the engine's ferry)."""


class HandheldRogues(OnHandheld):
    """The rogues choose on one handheld, passed from rogue to rogue."""

    handheld_of = _("The rogues' handheld")
    phone_of = _("The rogues' phone")
    hint: Words = ""
    """A guided game's lesson for the next rogue's step, set before ``begin_turn`` (or, for the next rogue of the round,
    before ``accepted``): the handheld shows it before each choice until the rogues' turn is over or the game ends."""

    def begin_turn(self, game: JuniorGame) -> None:
        self._ask(game, hand_over=len(game.rogues) > 1)  # ROXy chose last: the handheld goes back to Mister FOX

    def _ask(self, game: JuniorGame, *, hand_over: bool) -> None:
        """Ask the next rogue; *hand_over*: the handheld goes dark until it has been passed on."""
        waiting = game.to_choose()
        if not waiting:
            return
        rogue = waiting[0]
        self.link.send(messages.choose_step(str(piece_name(rogue)), game.round, game.stations[rogue], dict(JUNIOR_TICKETS),
                                            [step.leg for step in game.steps_of(rogue)], hand_over, str(self.hint)))

    def on_message(self, message: Message, game: JuniorGame) -> Step | None:
        answer = self.answer(message, "step")
        waiting = game.to_choose()
        if answer is None or not waiting:
            return None
        try:
            return parse_leg(waiting[0], answer["leg"])
        except NotationError as error:  # the handheld offers only the steps it was sent: its firmware is not the console's
            log.warning("the handheld sent a step it was not offered: %s", error)
            self.refuse(p_("handheld", "That is not one of your steps: choose again"))
            return None

    def accepted(self, game: JuniorGame) -> None:
        self.link.send(messages.accepted([]))
        self._ask(game, hand_over=True)  # the next rogue, if any, takes the handheld
        if not game.to_choose():
            self.hint = ""  # every rogue chose: the turn is over

    def refused(self, reason: Words, game: JuniorGame) -> None:
        self.refuse(reason)
        self._ask(game, hand_over=False)

    def cancel_turn(self) -> None:
        self.link.send(messages.wait())

    def show(self, game: JuniorGame) -> None:
        """A round was revealed (or the game dealt or resumed): tell the handheld where its first rogue stands."""
        rogue = game.rogues[0]
        self.link.send(messages.rogue_state(str(piece_name(rogue)), game.round, game.stations[rogue], dict(JUNIOR_TICKETS)))

    def game_over(self, game: JuniorGame) -> None:
        self.hint = ""
        self.link.send(messages.game_over(str(_RESULTS[game.outcome]) if game.outcome else ""))


_RESULTS = {Team.ROGUES: p_("handheld", "The rogues win"), Team.DETECTIVES: p_("handheld", "The detectives win")}
"""The end, as the handheld says it."""


class ComputerRogues(WithoutHandheld):
    """The computer chooses for every rogue (``engine.ai.junior``), at once: it is quick."""

    def __init__(self, level: Level, seed: int) -> None:
        self.level, self.seed = level, seed

    def begin_turn(self, game: JuniorGame) -> None:
        pass

    def poll(self, game: JuniorGame, now: float) -> Sequence[Step]:
        if not game.to_choose():
            return ()
        return choose_rogue_steps(game.public_view(), self.level.value, self.seed * 1000 + game.round)

    def cancel_turn(self) -> None:
        pass

    def game_over(self, game: JuniorGame) -> None:
        pass


class ComputerDetectiveTeam:
    """The computer plans both detectives' steps from the public view; people make them on the board."""

    def __init__(self, level: Level, seed: int) -> None:
        self.level, self.seed = level, seed

    def plan(self, game: JuniorGame) -> list[Step]:
        return list(choose_detective_steps(game.public_view(), self.level.value, self.seed * 1000 + 500 + game.round))
