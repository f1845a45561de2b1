"""What a phone game's frames tell someone on the Wi-Fi who cannot open them: their lengths, and those are all the same.

Whole games are played with Mister X (or the rogues) on a recording phone (its words the phone page's): every
message the console sends, and every answer, is sealed as the phone's link seals it. Each type of message, whatever the stations
and moves in it, makes frames of one length, and every type the same length as every other.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable

from console.games import JUNIOR
from console.games.classic.flow import Flow
from console.games.classic.model import Mode
from console.games.classic.seats import HandheldSeat
from console.games.junior.flow import JuniorFlow
from console.games.junior.model import JuniorMode
from console.games.junior.seats import HandheldRogues as RoguesSeat
from console.settings import GameSettings
from engine import Game, Side
from firmware import messages
from hardware.interfaces import Key, Message
from hardware.phone.channel import SIZES, Channel, frame_length
from hardware.phone.pairing import new_key
from tests.conftest import scaled
from tests.support.phone import FakePhone
from tests.support.players import choices_of

PHONE_ID = "0123456789abcdef"
GAMES = scaled(60)
"""Classic games played, each from its own seed (``HYPOTHESIS_PROFILE=slow`` plays twenty times as many)."""


class RecordingMisterX:
    """Mister X on the handheld: a random listed move, sometimes a double move, sometimes a move not listed (refused)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.sent: list[Message] = []
        """Every message the console sent him."""
        self.answers: list[Message] = []

    def __call__(self, message: Message) -> list[Message]:
        self.sent.append(dict(message))
        request = messages.check(dict(message))
        if request["type"] != "ask":
            return []
        if self.rng.random() < 0.1:
            answer: Message = messages.answer(f"T{self.rng.randint(1, 199)}")  # most likely not listed: refused
        else:
            answer = messages.answer(self.rng.choice(choices_of(request)), "option" in request and self.rng.random() < 0.3)
        self.answers.append(answer)
        return [answer]


def classic_games(seeds: Iterable[int]) -> tuple[list[Message], list[Message]]:
    """What the console sent Mister X, and what he answered, in whole games of the reissue and the classic editions."""
    sent: list[Message] = []
    answers: list[Message] = []
    for seed in seeds:
        mister_x = RecordingMisterX(seed)
        link = FakePhone(mister_x)
        link.scan()
        game = Game.new(("reissue", "classic")[seed % 2], players=3 + seed % 3, seed=seed)
        flow = Flow(game, HandheldSeat(link), now=0.0)
        for _, station in flow.ui.to_place:
            flow.station_pressed(station, 0.0)
        rng = random.Random(seed)
        for _ in range(2000):
            for message in link.receive():
                flow.handheld_message(message, 1.0)
            if flow.ui.mode is Mode.GAME_OVER:
                break
            if game.turn is Side.DETECTIVES:
                piece = rng.choice(game.to_move())
                flow.station_pressed(game.station_of(piece), 1.0)
                flow.station_pressed(rng.choice(sorted(flow.ui.destinations)), 1.0)
                if flow.ui.mode is Mode.CHOOSE_TICKET:
                    flow.key_pressed(Key.CHOICE_1, 1.0)
        assert game.is_over
        sent += mister_x.sent
        answers += mister_x.answers
    return sent, answers


def lengths(sealed: Iterable[tuple[str, str]]) -> dict[str, set[int]]:
    """The lengths of the frames of each type of message."""
    found: dict[str, set[int]] = defaultdict(set)
    for kind, frame in sealed:
        found[kind].add(len(frame))
    return dict(found)


def test_every_frame_of_classic_games_is_as_long_as_every_other_whatever_the_stations() -> None:
    sent, answers = classic_games(range(GAMES))
    console, phone = Channel(new_key(), "console"), Channel(new_key(), "phone")
    down = lengths((message["type"], console.seal(message, PHONE_ID)) for message in sent)
    up = lengths((message["type"], phone.seal(message, PHONE_ID)) for message in answers)
    assert set(down) == {"words", "show", "ask", "accepted", "refused", "game_over"}
    assert set(up) == {"answer"}
    stations = {message["heading"][0][1][1] for message in sent if message["type"] == "show"}  # "at" and his station
    assert len(stations) > 100  # the games went all over the board
    assert {**down, **up} == {kind: {frame_length(SIZES[0])} for kind in {*down, *up}}
    assert frame_length(SIZES[0]) == 1420


def test_every_frame_of_junior_games_is_as_long_as_every_other() -> None:
    sealed: list[tuple[str, str]] = []
    console, phone = Channel(new_key(), "console"), Channel(new_key(), "phone")
    for seed in range(6):
        rng, now = random.Random(seed), 0.0

        def far_end(message: Message, rng: random.Random = rng) -> list[Message]:
            """The rogues: a random step of those listed."""
            sealed.append((str(message["type"]), console.seal(message, PHONE_ID)))
            request = messages.check(dict(message))
            answers = [messages.answer(rng.choice(choices_of(request)))] if request["type"] == "ask" else []
            sealed.extend((str(answer["type"]), phone.seal(answer, PHONE_ID)) for answer in answers)
            return answers

        link = FakePhone(far_end)
        link.scan()
        flow = JuniorFlow(JUNIOR.deal(GameSettings(edition="junior", players=3 + seed % 2), seed), RoguesSeat(link), now=0.0)
        while flow.ui.mode is not JuniorMode.GAME_OVER:
            now += 1.0
            for message in link.receive():
                flow.handheld_message(message, now)
            if flow.ui.to_place:
                flow.station_pressed(flow.ui.to_place[0][1], now)
            elif flow.ui.mode is JuniorMode.DETECTIVES:
                flow.station_pressed(rng.choice(flow.ui.destinations), now)
            flow.tick(now)
    found = lengths(sealed)
    assert {"words", "show", "ask", "accepted", "answer", "game_over"} <= set(found)
    assert found == {kind: {frame_length(SIZES[0])} for kind in found}
