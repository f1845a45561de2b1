"""Who chooses for the rogues in a Junior game: people on the handheld, or the computer.

The rogues' choices are the one secret of Junior. The seat alone sees them
before the reveal: the handheld seat asks the handheld for each rogue's step in
turn (``talk``; with two rogues the handheld is passed on, and it goes dark in
between: ``hand_over``) and reads its answer, each step a leg of the move
notation (``Step.leg``: ``"F157"``, ``"S82"``); the computer seat asks
``engine.ai.junior``. The flow checks every choice through the engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from console.games.junior import talk
from console.games.seats import OnHandheld, WithoutHandheld
from console.settings import Level
from engine.ai.junior import choose_detective_steps, choose_rogue_steps
from engine.junior import JuniorGame, Step, Team
from engine.junior.game import parse_leg
from firmware import messages
from hardware.interfaces import HandheldLink, Message
from language import Words, _, p_


class HandheldRogues(OnHandheld):
    """The rogues choose on one handheld, passed from rogue to rogue."""

    handheld_of = _("The rogues' handheld")
    phone_of = _("The rogues' phone")
    hint: Words = ""
    """A guided game's lesson for the next rogue's step, set before ``begin_turn`` (or, for the next rogue of the round,
    before ``accepted``): the handheld shows it before each choice until the rogues' turn is over or the game ends."""

    def __init__(self, link: HandheldLink) -> None:
        super().__init__(link, talk.VOCABULARIES)
        self._asked: str | None = None
        """The rogue asked last."""

    def begin_turn(self, game: JuniorGame) -> None:
        self._ask(game, hand_over=len(game.rogues) > 1)  # ROXy chose last: the handheld goes back to Mister FOX

    def _ask(self, game: JuniorGame, *, hand_over: bool) -> None:
        """Ask the next rogue; *hand_over*: the handheld goes dark until it has been passed on."""
        waiting = game.to_choose()
        if not waiting:
            return
        rogue = self._asked = waiting[0]
        steps = [step.leg for step in game.steps_of(rogue)]
        self.talk.say(talk.turn(self.screen, rogue, game.round, game.stations[rogue], steps, hand_over, str(self.hint)))

    def on_message(self, message: Message, game: JuniorGame) -> Step | None:
        answer = self.answer(message)
        waiting = game.to_choose()
        if answer is None or not waiting:
            return None
        return parse_leg(waiting[0], answer["choice"])  # one of his steps listed: in the notation

    def accepted(self, game: JuniorGame) -> None:
        """His step was chosen: where he will stand, and the next rogue, if any, takes the handheld."""
        self.talk.say(messages.accepted())
        rogue = self._asked
        chosen = game.choice_of(rogue) if rogue is not None else None
        if rogue is not None and chosen is not None:
            self.talk.say(talk.standing(self.screen, rogue, game.round, chosen.station))
        self._ask(game, hand_over=True)
        if not game.to_choose():
            self.hint = ""  # every rogue chose: the turn is over

    def refused(self, reason: Words, game: JuniorGame) -> None:
        self.refuse(reason)
        self._ask(game, hand_over=False)

    def cancel_turn(self) -> None:
        self.talk.say(messages.wait())

    def show(self, game: JuniorGame) -> None:
        """A round was revealed (or the game dealt or resumed): tell the handheld where its first rogue stands."""
        rogue = game.rogues[0]
        self.talk.say(talk.standing(self.screen, rogue, game.round, game.stations[rogue]))

    def game_over(self, game: JuniorGame) -> None:
        self.hint = ""
        self.talk.say(messages.game_over(str(_RESULTS[game.outcome]) if game.outcome else ""))


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
