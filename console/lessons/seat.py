"""The hidden side of a guided game: its script plays it, but for the turns the learner plays on the handheld.

Each step of a course that names a ``hidden`` action is a scripted turn, played
the moment the game asks for it; each step that waits for the ``handheld`` is
the learner's turn: the handheld is asked (with the step's hint), and an
action other than the step's is refused with the step's explanation, on the
handheld and on the screen, and asked for again. The seat wraps the handheld's
own seat of the game's kind, so the learner's handheld shows exactly what a
real game's does.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from console.games.table import HiddenSeat
from console.lessons.script import Step
from hardware.interfaces import Message
from language import Words

G = TypeVar("G")
A = TypeVar("A")


@dataclass(frozen=True)
class Turn(Generic[A]):
    """One turn of the hidden side, as the script has it."""

    actions: tuple[A, ...]
    """The scripted actions, or the one action the learner must choose (``step``)."""
    index: int
    """The step's index in the course."""
    step: Step | None = None
    """The step waiting for the learner's choice on the handheld (None: scripted)."""


def turns_of(steps: Sequence[Step], parse: Callable[[str], A]) -> list[Turn[A]]:
    """The hidden side's turns in the order the steps have them; *parse* reads an action in the game's notation."""
    turns: list[Turn[A]] = []
    for index, step in enumerate(steps):
        if step.hidden:
            turns.append(Turn(tuple(map(parse, step.hidden)), index))
        if step.handheld:
            turns.append(Turn((parse(step.handheld),), index, step))
    return turns


class LessonSeat(Generic[G, A]):
    """Plays the script's hidden turns; asks *handheld* (the kind's handheld seat) for the learner's, and checks them."""

    def __init__(self, handheld: HiddenSeat[G, A], turns: Sequence[Turn[A]], wrong: Callable[[Words], None], chosen: Callable[[], None],
                 *, asked_from: int = 0) -> None:
        """*wrong* is told the explanation of a refused choice (the screen says it too), *chosen* that the learner's was played.

        The learner is asked for the turns of steps from *asked_from* on: those before it (a resumed course, played
        forward to where it was left) are played as scripted.
        """
        self.handheld = handheld
        self.turns = deque(turns)
        self.wrong = wrong
        self.chosen = chosen
        self.asked_from = asked_from
        self._learner = False
        """The turn being played is the learner's."""

    @property
    def _next_is_learners(self) -> bool:
        return bool(self.turns) and self.turns[0].step is not None and self.turns[0].index >= self.asked_from

    @property
    def uses_handheld(self) -> bool:
        """The game waits for an unplugged handheld while the learner's turn is asked or next; the script's turns never do."""
        return self._learner or self._next_is_learners

    def away_reason(self) -> Words:
        return self.handheld.away_reason()

    def keep_up(self) -> None:
        self.handheld.keep_up()

    def show(self, game: G) -> None:
        self.handheld.show(game)

    def begin_turn(self, game: G) -> None:
        self._learner = self._next_is_learners
        if self._learner:
            self._hint()
            self.handheld.begin_turn(game)

    def poll(self, game: G, now: float) -> Sequence[A]:
        if self._learner or not self.turns:
            return ()
        return self.turns.popleft().actions

    def on_message(self, message: Message, game: G) -> A | None:
        if not self._learner:
            return None
        action = self.handheld.on_message(message, game)
        if action is None:
            return None
        turn = self.turns[0]
        if action != turn.actions[0]:
            assert turn.step is not None
            self.wrong(turn.step.refusal)
            self.handheld.refused(turn.step.refusal, game)
            return None
        return action

    def accepted(self, game: G) -> None:
        """The learner's choice was played (a round of several hidden pieces may ask the handheld again, for the next one)."""
        if not self._learner:
            return
        self.turns.popleft()
        self._learner = self._next_is_learners
        self._hint()
        self.handheld.accepted(game)
        self.chosen()

    def refused(self, reason: Words, game: G) -> None:
        if not self._learner:
            raise RuntimeError(f"the engine refused the lesson's scripted move: {reason}")
        self.handheld.refused(reason, game)

    def cancel_turn(self) -> None:
        if self._learner:
            self.handheld.cancel_turn()

    def game_over(self, game: G) -> None:
        self.handheld.game_over(game)

    def _hint(self) -> None:
        """The next learner's turn's hint goes with the handheld's next question."""
        if self._next_is_learners and hasattr(self.handheld, "hint"):
            step = self.turns[0].step
            assert step is not None
            self.handheld.hint = step.hint
