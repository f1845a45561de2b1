"""Who chooses for the rogues in a Junior game: people on the handheld, or the computer.

The rogues' choices are the one secret of Junior. The seat alone sees them
before the reveal: the handheld seat asks the handheld for each rogue's step in
turn (with two rogues the handheld is passed on, and it goes dark in between:
``hand_over``); the computer seat asks ``engine.ai.junior``. The flow checks
every choice through the engine.
"""

from __future__ import annotations

from typing import Protocol

from engine import Transport
from engine.ai.junior import choose_detective_steps, choose_rogue_steps
from engine.junior import NAMES, JuniorGame, Step
from hardware.interfaces import HandheldLink, Message

TICKET_NAMES = {Transport.TAXI: "taxi", Transport.BUS: "bus", Transport.UNDERGROUND: "underground", Transport.FERRY: "boat"}
"""The handheld's names for Junior's tickets (the engine's ferry is Junior's boat); staying is "stay"."""
STAY = "stay"
JUNIOR_TICKETS = {name: 1 for name in TICKET_NAMES.values()}
"""Each rogue holds one ticket of each kind, every round."""


class RogueSeat(Protocol):
    uses_handheld: bool
    """Whether the game must pause while the handheld is away."""

    def away_reason(self) -> str: ...

    def begin_round(self, game: JuniorGame) -> None:
        """The rogues' part of a round starts: ask for their steps."""

    def poll(self, game: JuniorGame) -> list[Step]:
        """Every frame of the rogues' part: the computer's steps (a person's come by ``on_message``)."""

    def on_message(self, message: Message, game: JuniorGame) -> Step | None:
        """A message from the handheld: a rogue's step, once one is complete."""

    def accepted(self, game: JuniorGame) -> None:
        """A rogue's step was taken: ask the next rogue, if any."""

    def refused(self, reason: str, game: JuniorGame) -> None:
        """The engine refused a step: ask again."""

    def revealed(self, game: JuniorGame) -> None:
        """A round was revealed (or the game resumed): tell the handheld where its rogues stand."""

    def game_over(self, game: JuniorGame) -> None: ...


def step_message(step: Step) -> list[object]:
    """A step as the handheld lists it: ``[station, ticket]``."""
    return [step.station, STAY if step.transport is None else TICKET_NAMES[step.transport]]


def parse_step(rogue: str, message: Message) -> Step:
    """The handheld's ``move`` as a step of *rogue* (``ValueError`` for a garbled one)."""
    station, ticket = int(message["station"]), str(message["ticket"])
    if ticket == STAY:
        return Step(rogue, station)
    transports = {name: transport for transport, name in TICKET_NAMES.items()}
    if ticket not in transports:
        raise ValueError(f"no such Junior ticket: {ticket!r}")
    return Step(rogue, station, transports[ticket])


class HandheldRogues:
    """The rogues choose on one handheld, passed from rogue to rogue, over a ``HandheldLink``."""

    uses_handheld = True

    def __init__(self, link: HandheldLink) -> None:
        self.link = link

    def away_reason(self) -> str:
        if self.link.other_game:
            return "This handheld holds another game: plug in this game's handheld, or start a new game"
        return "The rogues' handheld is unplugged: plug it back in"

    def begin_round(self, game: JuniorGame) -> None:
        self._ask(game, hand_over=len(game.rogues) > 1)  # ROXy chose last: the handheld goes back to Mister FOX

    def _ask(self, game: JuniorGame, *, hand_over: bool) -> None:
        """Ask the next rogue; *hand_over*: the handheld goes dark until it has been passed on."""
        waiting = game.to_choose()
        if not waiting:
            return
        rogue = waiting[0]
        self.link.send({"type": "choose_move", "who": NAMES[rogue], "round": game.round, "station": game.stations[rogue],
                        "tickets": dict(JUNIOR_TICKETS), "moves": [step_message(step) for step in game.steps_of(rogue)],
                        "can_double": False, "reveal_next": False, "log": []} | ({"hand_over": True} if hand_over else {}))

    def poll(self, game: JuniorGame) -> list[Step]:
        return []

    def on_message(self, message: Message, game: JuniorGame) -> Step | None:
        waiting = game.to_choose()
        if message.get("type") != "move" or not waiting:
            return None
        try:
            return parse_step(waiting[0], message)
        except (KeyError, ValueError, TypeError):
            self.link.send({"type": "refused", "reason": "garbled move"})
            return None

    def accepted(self, game: JuniorGame) -> None:
        self.link.send({"type": "accepted", "seen": []})
        self._ask(game, hand_over=True)  # the next rogue, if any, takes the handheld

    def refused(self, reason: str, game: JuniorGame) -> None:
        self.link.send({"type": "refused", "reason": reason})
        self._ask(game, hand_over=False)

    def revealed(self, game: JuniorGame) -> None:
        rogue = game.rogues[0]
        self.link.send({"type": "state", "who": NAMES[rogue], "round": game.round, "station": game.stations[rogue],
                        "tickets": dict(JUNIOR_TICKETS), "log": []})

    def game_over(self, game: JuniorGame) -> None:
        self.link.send({"type": "game_over", "result": f"{game.outcome} win" if game.outcome else ""})


class ComputerRogues:
    """The computer chooses for every rogue (``engine.ai.junior``), at once: it is quick."""

    uses_handheld = False

    def __init__(self, level: str, seed: int) -> None:
        self.level, self.seed = level, seed

    def away_reason(self) -> str:
        return ""

    def begin_round(self, game: JuniorGame) -> None:
        pass

    def poll(self, game: JuniorGame) -> list[Step]:
        if not game.to_choose():
            return []
        return list(choose_rogue_steps(game.public_view(), self.level, self.seed * 1000 + game.round))

    def on_message(self, message: Message, game: JuniorGame) -> Step | None:
        return None

    def accepted(self, game: JuniorGame) -> None:
        pass

    def refused(self, reason: str, game: JuniorGame) -> None:
        raise AssertionError(f"the engine refused the computer rogue's step: {reason}")

    def revealed(self, game: JuniorGame) -> None:
        pass

    def game_over(self, game: JuniorGame) -> None:
        pass


class ComputerDetectiveTeam:
    """The computer plans both detectives' steps from the public view; people make them on the board."""

    def __init__(self, level: str, seed: int) -> None:
        self.level, self.seed = level, seed

    def plan(self, game: JuniorGame) -> list[Step]:
        return list(choose_detective_steps(game.public_view(), self.level, self.seed * 1000 + 500 + game.round))
