"""Who chooses for the rogues in a Junior game: people on the handheld, or the computer.

The rogues' choices are the one secret of Junior. The seat alone sees them
before the reveal: the handheld seat asks the handheld for each rogue's step in
turn (``choose_step``; with two rogues the handheld is passed on, and it goes
dark in between: ``hand_over``) and reads its ``step``; the computer seat asks
``engine.ai.junior``. The flow checks every choice through the engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from console.games.seats import OnHandheld, WithoutHandheld
from console.settings import Level
from engine import Transport
from engine.ai.junior import choose_detective_steps, choose_rogue_steps
from engine.junior import NAMES, JuniorGame, Step
from firmware import messages
from hardware.interfaces import Message

TICKET_NAMES = {Transport.TAXI: "taxi", Transport.BUS: "bus", Transport.UNDERGROUND: "underground", Transport.FERRY: "boat"}
"""The handheld's names for Junior's tickets (the engine's ferry is Junior's boat); staying is "stay"."""
STAY = "stay"
JUNIOR_TICKETS = {name: 1 for name in TICKET_NAMES.values()}
"""Each rogue holds one ticket of each kind, every round."""


def step_message(step: Step) -> list[int | str]:
    """A step as the handheld lists it: ``[station, ticket]``."""
    return [step.station, STAY if step.transport is None else TICKET_NAMES[step.transport]]


def parse_step(rogue: str, message: messages.Step) -> Step:
    """The handheld's ``step`` (checked) as a step of *rogue* (``ValueError`` for a ticket Junior has not)."""
    station, ticket = message["station"], message["ticket"]
    if ticket == STAY:
        return Step(rogue, station)
    transports = {name: transport for transport, name in TICKET_NAMES.items()}
    if ticket not in transports:
        raise ValueError(f"no such Junior ticket: {ticket!r}")
    return Step(rogue, station, transports[ticket])


class HandheldRogues(OnHandheld):
    """The rogues choose on one handheld, passed from rogue to rogue."""

    handheld_of = "the rogues' handheld"

    def begin_turn(self, game: JuniorGame) -> None:
        self._ask(game, hand_over=len(game.rogues) > 1)  # ROXy chose last: the handheld goes back to Mister FOX

    def _ask(self, game: JuniorGame, *, hand_over: bool) -> None:
        """Ask the next rogue; *hand_over*: the handheld goes dark until it has been passed on."""
        waiting = game.to_choose()
        if not waiting:
            return
        rogue = waiting[0]
        self.link.send(messages.choose_step(NAMES[rogue], game.round, game.stations[rogue], dict(JUNIOR_TICKETS),
                                            [step_message(step) for step in game.steps_of(rogue)], hand_over))

    def on_message(self, message: Message, game: JuniorGame) -> Step | None:
        answer = self.answer(message, "step")
        waiting = game.to_choose()
        if answer is None or not waiting:
            return None
        try:
            return parse_step(waiting[0], answer)
        except ValueError as error:
            self.link.send(messages.refused(str(error)))
            return None

    def accepted(self, game: JuniorGame) -> None:
        self.link.send(messages.accepted([]))
        self._ask(game, hand_over=True)  # the next rogue, if any, takes the handheld

    def refused(self, reason: str, game: JuniorGame) -> None:
        self.link.send(messages.refused(reason))
        self._ask(game, hand_over=False)

    def cancel_turn(self) -> None:
        self.link.send(messages.wait())

    def show(self, game: JuniorGame) -> None:
        """A round was revealed (or the game dealt or resumed): tell the handheld where its first rogue stands."""
        rogue = game.rogues[0]
        self.link.send(messages.rogue_state(NAMES[rogue], game.round, game.stations[rogue], dict(JUNIOR_TICKETS)))

    def game_over(self, game: JuniorGame) -> None:
        self.link.send(messages.game_over(f"{game.outcome} win" if game.outcome else ""))


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
