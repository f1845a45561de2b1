"""A guided game's hint on the handheld seats: it goes with every choice of the turn it is set for, and ends with that turn."""

from __future__ import annotations

import random

from console.games.classic.seats import HandheldSeat
from console.games.junior.seats import HandheldRogues
from engine import Game, Side
from engine.junior import JuniorGame
from firmware import messages
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.interfaces import Message
from language import p_, use
from tests.conftest import choose_move
from tests.support.players import choices_of

HINT = "Take the ferry: pick the black ticket to 115."


def recording() -> tuple[MemoryHandheldLink, list[Message]]:
    """A link whose handheld only listens, and what it heard."""
    sent: list[Message] = []
    return MemoryHandheldLink(lambda message: sent.append(message) or []), sent


def test_mister_x_s_hint_goes_with_each_choice_of_his_turn_then_is_cleared() -> None:
    link, sent = recording()
    seat = HandheldSeat(link)
    game = Game.new("reissue", players=3, seed=1)
    seat.begin_turn(game)
    assert sent[-1]["type"] == "ask" and "hint" not in sent[-1]  # no lesson: the field is left out
    seat.hint = HINT
    seat.begin_turn(game)
    assert sent[-1]["type"] == "ask" and sent[-1].get("hint") == HINT
    seat.refused("Not that one: the black ticket.", game)
    assert sent[-2] == messages.refused("Not that one: the black ticket.") and sent[-1].get("hint") == HINT
    seat.cancel_turn()  # withdrawn, to be asked again: the lesson stays
    seat.begin_turn(game)
    assert sent[-1].get("hint") == HINT
    view = game.mister_x_view()
    first = next(move for move in view.moves if view.second_legs(move))
    assert seat.on_message(messages.answer(first.notation, True), game) is None
    assert sent[-1]["type"] == "ask" and sent[-1]["heading"][0][0] == ["second"] and sent[-1].get("hint") == HINT
    move = seat.on_message(messages.answer(choices_of(messages.check(sent[-1]))[0]), game)
    assert move is not None
    game.play(move)
    seat.accepted(game)
    assert [message["type"] for message in sent[-2:]] == ["accepted", "show"] and seat.hint == ""
    rng = random.Random(1)
    while game.turn is not Side.MISTER_X:
        game.play(choose_move(game, rng, hunt=0.0))
    seat.begin_turn(game)
    assert sent[-1]["type"] == "ask" and "hint" not in sent[-1]
    seat.hint = HINT
    seat.game_over(game)
    assert sent[-1]["type"] == "game_over" and seat.hint == ""


def test_mister_x_s_hint_and_refusal_are_sent_in_the_language_of_the_moment() -> None:
    """The seat keeps words as they were given (a lesson's hint, a refusal) and the handheld gets them as they read when sent."""
    link, sent = recording()
    seat = HandheldSeat(link)
    game = Game.new("reissue", players=3, seed=1)
    words = p_("handheld", "No double move starts with that move")  # words for the handheld, as a lesson's hint is
    korean, english = words.to("ko"), words.to("en")
    assert korean != english
    seat.hint = words
    try:
        use("ko")
        seat.refused(words, game)
        assert sent[-2] == messages.refused(korean) and sent[-1]["type"] == "ask" and sent[-1].get("hint") == korean
    finally:
        use("en")
    seat.begin_turn(game)
    assert sent[-1].get("hint") == english


def test_the_rogues_hint_goes_with_each_rogue_s_question_and_is_cleared_when_both_chose() -> None:
    link, sent = recording()
    seat = HandheldRogues(link)
    game = JuniorGame.new(rogues=2, seed=1)
    seat.hint = "Mister FOX: stay where you are."
    seat.begin_turn(game)
    assert sent[-1]["type"] == "ask" and sent[-1]["who"] == ["fox"]
    assert sent[-1].get("hint") == "Mister FOX: stay where you are."
    seat.refused("Stay at 103: that is the lesson.", game)
    assert sent[-1].get("hint") == "Mister FOX: stay where you are."
    fox = seat.on_message(messages.answer("S103"), game)
    assert fox is not None
    game.choose(fox)
    seat.hint = "ROXy: take a taxi."  # the next rogue's lesson, set before the step is accepted
    seat.accepted(game)
    assert [message["type"] for message in sent[-3:]] == ["accepted", "show", "ask"] and sent[-1]["who"] == ["roxy"]
    assert sent[-1].get("hint") == "ROXy: take a taxi." and seat.hint == "ROXy: take a taxi."
    roxy = seat.on_message(messages.answer(choices_of(messages.check(sent[-1]))[0]), game)
    assert roxy is not None
    game.choose(roxy)
    seat.accepted(game)
    assert [message["type"] for message in sent[-2:]] == ["accepted", "show"] and seat.hint == ""  # both chose: the turn is over
