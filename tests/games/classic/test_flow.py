"""The console's flow: the deal, Mister X's turn on the handheld, the detectives' presses, undo, pause, the end."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import pygame
import pytest

from console.games.classic import journal as events
from console.games.classic import talk
from console.games.classic.correction import Correction
from console.games.classic.flow import Flow
from console.games.classic.model import Mode
from console.games.classic.seats import ComputerDetectives, HandheldSeat
from console.games.handheld import Screen
from console.games.thinker import Thinker
from console.games.words import display_name, outcome_words
from console.settings import Level
from console.table.screen.toolkit import Toolkit
from engine import DetectiveMove, Game, Move, Side, Ticket
from engine.ai.baselines import greedy_mister_x
from engine.moves import parse_leg
from engine.record import move_from_record, position_from_dict
from firmware import messages
from firmware.wire import VERSION
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.interfaces import Key, Message
from language import Words, use
from tests.support.players import choices_of


class Journal:
    """A recorder that keeps what the flow records, decoded: moves, "undo", ("correction", position), ("end", outcome)."""

    def __init__(self) -> None:
        self.events: list[object] = []

    def record(self, event: Mapping[str, Any]) -> None:
        kind = event["type"]
        if kind == "move":
            self.events.append(move_from_record(event["move"]))
        elif kind == "correction":
            self.events.append(("correction", position_from_dict(event["position"])))
        elif kind == "end":
            self.events.append(("end", event["outcome"]))
        else:
            self.events.append(kind)


def first_move_handheld(message: Message) -> list[Message]:
    """A Mister X who always takes the first move his handheld lists (every message checked as the handheld checks it)."""
    request = messages.check(dict(message))
    if request["type"] == "ask":
        return [answer(choices_of(request)[0])]
    return []


def answer(leg: str, double: bool = False) -> Message:
    """The handheld's answer for a listed leg (``"T46"``)."""
    return messages.answer(leg, double)


class GreedySeat:
    """A computer Mister X that answers at once (the greedy baseline), so these tests need no worker."""

    uses_handheld = False

    def show(self, game: Game) -> None:
        pass

    def away_reason(self) -> Words:
        return ""

    def keep_up(self) -> None:
        pass

    def begin_turn(self, game: Game) -> None:
        pass

    def poll(self, game: Game, now: float) -> Sequence[Move]:
        return [greedy_mister_x(game.board, game.mister_x_view())]

    def on_message(self, message: Message, game: Game) -> None:
        return None

    def accepted(self, game: Game) -> None:
        pass

    def refused(self, reason: Words, game: Game) -> None:
        raise AssertionError(str(reason))

    def cancel_turn(self) -> None:
        pass

    def game_over(self, game: Game) -> None:
        pass


def said(flow: Flow) -> str:
    """The flow's message as the table reads it now."""
    return str(flow.ui.message)


def dealt_flow(game: Game, seat: object, journal: Journal | None = None) -> Flow:
    flow = Flow(game, seat, now=0.0, recorder=journal)  # type: ignore[arg-type]
    for _, station in flow.ui.to_place:
        flow.station_pressed(station, 0.0)
    flow.tick(0.0)  # a computer Mister X moves at the first frame after the deal
    return flow


def test_the_deal_waits_for_every_piece_then_mister_x_moves() -> None:
    game = Game.new("reissue", players=3, seed=1)
    flow = Flow(game, GreedySeat(), now=0.0)
    stations = [station for _, station in flow.ui.to_place]
    assert stations == [50, 112, 141, 138]
    flow.station_pressed(1, 0.5)
    assert flow.ui.refused is not None and flow.ui.refused.station == 1
    assert said(flow) == "No: no piece starts at 1: place the pieces on the lit stations"
    for station in stations[:-1]:
        flow.station_pressed(station, 1.0)
    assert flow.ui.mode is Mode.DEAL and len(flow.ui.to_place) == 1
    flow.station_pressed(stations[-1], 1.0)
    flow.tick(1.0)
    assert game.moves_made == 1 and flow.ui.mode is Mode.DETECTIVES
    assert "Mister X took taxi" in said(flow) or "Mister X took" in said(flow)


def test_pick_a_piece_see_its_destinations_and_move() -> None:
    game = Game.new("reissue", players=3, seed=1)
    flow = dealt_flow(game, GreedySeat())
    flow.station_pressed(50, 2.0)
    assert flow.ui.selected == "red"
    assert set(flow.ui.destinations) == {m.station for m in game.moves_of("red")}
    flow.station_pressed(1, 2.1)
    assert said(flow) == "No: Red cannot reach 1" and flow.ui.selected == "red"  # the piece by its one name
    flow.station_pressed(49, 2.2)
    assert game.station_of("red") == 49 and flow.ui.selected is None
    assert "Red took a taxi to 49: move the piece" in said(flow)
    flow.station_pressed(49, 2.3)
    assert said(flow) == "No: Red has already moved this round"


def test_two_tickets_to_one_station_are_chosen_with_the_keys() -> None:
    for seed in range(100):  # a deal where a detective has two lines to one station
        game = Game.new("reissue", players=6, seed=seed)
        flow = dealt_flow(game, GreedySeat())
        doubles = [(p, s, ts) for p in game.to_move() for s, ts in _by_station(game, p).items() if len(ts) > 1]
        if doubles:
            break
    piece, station, tickets = doubles[0]
    flow.station_pressed(game.station_of(piece), 1.0)
    flow.station_pressed(station, 1.1)
    assert flow.ui.mode is Mode.CHOOSE_TICKET and flow.ui.ticket_choices == tickets
    assert "Which ticket" in said(flow)
    flow.key_pressed(Key.CHOICE_2, 1.2)
    assert game.actions[-1] == DetectiveMove(piece, station, tickets[1])


def _by_station(game: Game, piece: str) -> dict[int, tuple[Ticket, ...]]:
    found: dict[int, tuple[Ticket, ...]] = {}
    for move in game.moves_of(piece):
        found[move.station] = (*found.get(move.station, ()), move.ticket)
    return found


def test_undo_takes_back_a_detective_move_and_is_journaled() -> None:
    journal = Journal()
    game = Game.new("reissue", players=3, seed=1)
    flow = dealt_flow(game, GreedySeat(), journal)
    flow.station_pressed(50, 1.0)
    flow.station_pressed(49, 1.1)
    flow.key_pressed(Key.UNDO, 1.2)
    assert game.station_of("red") == 50 and journal.events[-1] == "undo"
    assert "put the piece back on 50" in said(flow)
    flow.key_pressed(Key.UNDO, 1.3)
    assert "Nothing to take back" in said(flow)


def test_mister_x_on_the_handheld_single_and_double_moves() -> None:
    sent: list[Message] = []
    replies: list[list[Message]] = []

    def far_end(message: Message) -> list[Message]:
        sent.append(message)
        return replies.pop(0) if replies and message["type"] == "ask" else []

    link = MemoryHandheldLink(far_end)
    game = Game.new("reissue", players=3, seed=1)
    flow = dealt_flow(game, HandheldSeat(link))
    pump(flow)
    assert flow.ui.mode is Mode.MISTER_X and said(flow) == "Mister X is moving"
    request = messages.check(sent[-1])
    assert request["type"] == "ask" and request["heading"] == [[["round", "1"], ["at", "172"]]] and "T128" in choices_of(request)
    assert sorted(choices_of(request)) == sorted(move.notation for move in game.mister_x_view().moves)  # his moves, by their legs
    assert all(messages.check(dict(message)) == message for message in sent)  # the console sends the protocol's messages
    flow.handheld_message(answer("T1"), 1.0)  # a station, but not a move he was offered: refused, and asked again
    assert sent[-2:] == [messages.refused("That is not one of your choices: choose again"), request] and game.moves_made == 0
    flow.handheld_message({"type": "answer", "choice": 128}, 1.0)  # not a choice: the handheld is told why
    assert sent[-1] == messages.refused("answer: choice is not a key (a string, not empty)") and game.moves_made == 0
    flow.handheld_message({"type": "answer", "choice": "T128", "option": 1}, 1.0)
    assert sent[-1] == messages.refused("answer: option is not true or false") and game.moves_made == 0
    flow.handheld_message({"type": "move", "leg": "T128"}, 1.0)  # a handheld flashed before this protocol
    assert sent[-1] == messages.refused("unknown message type 'move'") and game.moves_made == 0
    flow.handheld_message(answer("T128", True), 1.1)
    second_leg = messages.check(sent[-1])
    assert second_leg["type"] == "ask" and second_leg["heading"] == [[["second"], ["at", "128"]]] and game.moves_made == 0
    second = choices_of(second_leg)[0]
    flow.handheld_message(answer(second), 1.2)
    assert game.moves_made == 2 and flow.ui.mode is Mode.DETECTIVES
    view = game.mister_x_view()  # accepted, then where he stands now: a page reloaded in the detectives' turn rebuilds from it
    assert sent[-2:] == [messages.accepted(), talk.standing(Screen.HANDHELD, view.public.round, view.station,
                                                            view.public.mister_x_tickets.as_dict(), ["T128", second])]


def test_an_unreadable_from_the_handheld_is_logged_and_changes_nothing(caplog: pytest.LogCaptureFixture) -> None:
    sent: list[Message] = []
    link = MemoryHandheldLink(lambda message: sent.append(message) or [])
    game = Game.new("reissue", players=3, seed=1)
    flow = dealt_flow(game, HandheldSeat(link))
    assert flow.ui.mode is Mode.MISTER_X
    heard = len(sent)
    with caplog.at_level(logging.WARNING):
        flow.handheld_message(messages.unreadable("unknown message type 'choose_move'"), 1.0)
    assert len(sent) == heard and game.moves_made == 0 and flow.ui.mode is Mode.MISTER_X
    (record,) = [record for record in caplog.records if "unknown message type 'choose_move'" in record.getMessage()]
    assert record.levelno == logging.WARNING and "flash-handheld" in record.getMessage()


def test_a_reveal_flashes_and_the_notifier_warns_before_it() -> None:
    requests: list[Message] = []
    link = MemoryHandheldLink(lambda message: requests.append(message) or [])
    game = Game.new("reissue", players=3, seed=1)
    flow = dealt_flow(game, HandheldSeat(link))
    while game.moves_made < 2:
        flow.handheld_message(answer(choices_of(messages.check(requests[-1]))[0]), 1.0)
        assert not flow.ui.reveal_next or game.turn is Side.DETECTIVES
        play_detectives_round(flow, game)
    assert flow.ui.mode is Mode.MISTER_X and flow.ui.reveal_next  # move 3 is a reveal move
    request = messages.check(requests[-1])
    assert request["warning"] == ["warning"] and request["caution"] == ["caution"]  # he is warned
    leg = choices_of(request)[0]
    station, _ = parse_leg(leg)
    flow.handheld_message(answer(leg), 5.0)
    assert flow.ui.reveal is not None and flow.ui.reveal.station == station and flow.ui.reveal.since == 5.0
    assert f"Mister X took a taxi; seen at {station}" in said(flow)
    assert requests[-2] == messages.accepted(["seen", str(station)]) and requests[-1]["type"] == "show"


def pump(flow: Flow) -> None:
    """Hand the handheld's answers to the flow, as the console's loop does."""
    link = getattr(flow.seat, "link", None)
    while link is not None and (messages := link.receive()):
        for message in messages:
            flow.handheld_message(message, 1.0)


def play_detectives_round(flow: Flow, game: Game) -> None:
    pump(flow)
    round_number = game.round
    while not game.is_over and game.round == round_number and game.turn is Side.DETECTIVES:
        piece = game.to_move()[0]
        flow.station_pressed(game.station_of(piece), 1.0)
        flow.station_pressed(min(flow.ui.destinations), 1.0)
        if flow.ui.mode is Mode.CHOOSE_TICKET:
            flow.key_pressed(Key.CHOICE_1, 1.0)


def test_unplugging_the_handheld_pauses_his_turn_only_and_plugging_it_back_resumes() -> None:
    sent: list[Message] = []

    def far_end(message: Message) -> list[Message]:
        sent.append(message)
        return first_move_handheld(message)

    link = MemoryHandheldLink(far_end)
    game = Game.new("beginner", players=3, seed=0)
    flow = Flow(game, HandheldSeat(link), now=0.0)
    flow.handheld_connected(False, 1.0)  # while the pieces are placed: they go on being placed
    assert flow.ui.mode is Mode.DEAL
    for _, station in flow.ui.to_place:
        flow.station_pressed(station, 1.2)
    assert flow.ui.mode is Mode.PAUSED and said(flow) == "Mister X's handheld is unplugged: plug it back in"  # his turn
    flow.station_pressed(41, 1.5)  # refused: it blinks, and the screen goes on saying why the game waits
    assert flow.ui.refused is not None and flow.ui.refused.station == 41
    assert said(flow) == "Mister X's handheld is unplugged: plug it back in"
    flow.handheld_connected(True, 2.0)
    assert flow.ui.mode is Mode.MISTER_X and sent[-1]["type"] == "ask"  # asked again: a request may have been lost
    pump(flow)
    assert flow.ui.mode is Mode.DETECTIVES and game.moves_made == 1
    flow.handheld_connected(False, 3.0)  # in the detectives' turn: they play on
    play_detectives_round(flow, game)
    assert flow.ui.mode is Mode.PAUSED and game.round == 2  # until his turn
    flow.handheld_connected(True, 4.0)
    assert flow.ui.mode is Mode.MISTER_X and sent[-1]["type"] == "ask"


def test_a_handheld_back_in_the_detectives_turn_is_told_where_he_stands() -> None:
    sent: list[Message] = []

    def far_end(message: Message) -> list[Message]:
        sent.append(message)
        return first_move_handheld(message)

    game = Game.new("reissue", players=3, seed=2)
    link = MemoryHandheldLink(far_end)
    flow = dealt_flow(game, HandheldSeat(link))
    pump(flow)
    assert flow.ui.mode is Mode.DETECTIVES
    link.unplug()
    flow.handheld_connected(False, 1.0)
    flow.tick(1.5)
    sent.clear()
    link.plug()
    flow.handheld_connected(True, 2.0)  # a Pico plugged back in starts blank: it is told the words, his station, tickets and log
    view = game.mister_x_view()
    assert flow.ui.mode is Mode.DETECTIVES and [message["type"] for message in sent] == ["words", "show"]
    assert sent[1]["heading"] == [[["round", str(view.public.round)], ["at", str(view.station)]]]


def test_whole_games_end_and_are_journaled_once() -> None:
    for edition, seed in (("reissue", 3), ("classic", 4), ("beginner", 5)):
        journal = Journal()
        game = Game.new(edition, players=4, seed=seed)
        flow = dealt_flow(game, HandheldSeat(MemoryHandheldLink(first_move_handheld)), journal)
        for _ in range(500):
            if flow.ui.mode is Mode.GAME_OVER:
                break
            play_detectives_round(flow, game)
        assert flow.ui.mode is Mode.GAME_OVER and game.is_over
        assert journal.events.count(("end", events.CODEC.outcome_of(game))) == 1
        assert [e for e in journal.events if not isinstance(e, (str, tuple))] == list(game.actions)
        assert said(flow) == f"{outcome_words(game.outcome, game.ruleset)}. Press any key to finish"


def test_two_games_differing_only_in_mister_x_secret_show_the_same() -> None:
    """The flow's Ui and the public view never depend on where Mister X went, until a reveal."""

    def choose(index: int) -> Callable[[Message], list[Message]]:
        def far_end(message: Message) -> list[Message]:
            request = messages.check(dict(message))
            if request["type"] != "ask":
                return []
            taxis = [leg for leg in choices_of(request) if parse_leg(leg)[1] is Ticket.TAXI]
            return [answer(taxis[index % len(taxis)])]

        return far_end

    shown = []
    for index in (0, 1):
        game = Game.new("reissue", players=3, seed=1)
        flow = dealt_flow(game, HandheldSeat(MemoryHandheldLink(choose(index))))
        pump(flow)
        states = [(game.public_view(), flow.ui)]
        flow.station_pressed(game.station_of("red"), 1.0)
        states.append((game.public_view(), flow.ui))
        shown.append(states)
    assert shown[0] == shown[1]


def test_a_correction_asked_for_in_mister_x_s_turn_withdraws_his_request_and_asks_again_after() -> None:
    heard: list[str] = []

    def silent(message: Message) -> list[Message]:
        heard.append(message["type"])
        return []

    journal = Journal()
    flow = dealt_flow(Game.new("reissue", players=4, seed=3), HandheldSeat(MemoryHandheldLink(silent)), journal)
    assert flow.ui.mode is Mode.MISTER_X and heard == ["words", "show", "ask"]
    flow.begin_correction(1.0)
    assert flow.ui.mode is Mode.CORRECT and heard[-1] == "wait"
    green = flow.game.public_view().piece("green")
    flow.station_pressed(green.station, 1.0)
    flow.key_pressed(Key.CHOICE_4, 1.0)  # a detective never holds more than he was dealt
    assert said(flow) == "No: a detective holds 0 to 11 taxi tickets"
    flow.key_pressed(Key.CHOICE_3, 1.0)
    flow.key_pressed(Key.CONFIRM, 1.0)
    assert flow.ui.mode is Mode.MISTER_X and heard[-1] == "ask"
    assert flow.game.public_view().piece("green").tickets.taxi == green.tickets.taxi - 1
    (event,) = journal.events
    assert event == ("correction", flow.game.position())


def test_a_bobby_is_moved_by_a_correction_but_holds_no_tickets() -> None:
    flow = dealt_flow(Game.new("reissue", players=4, seed=3), GreedySeat())
    bobby = flow.game.public_view().piece("bobby1")
    flow.begin_correction(1.0)
    flow.station_pressed(bobby.station, 1.0)
    flow.key_pressed(Key.CHOICE_4, 1.0)
    assert said(flow) == "No: Bobby 1 is a bobby and holds no tickets"
    flow.key_pressed(Key.CONFIRM, 1.0)
    assert said(flow).startswith("Nothing was changed")


def test_correction_refusals_depend_on_the_public_record_alone() -> None:
    """Two games apart only in Mister X's secret station refuse and accept the same corrections."""
    game = Game.new("reissue", players=5, seed=11)
    start = game.position()
    others = [s for s in game.public_view().possible_stations if s != start.mister_x]
    twin = Game(replace(start, mister_x=others[0]))
    assert twin.public_view() == game.public_view()
    for station in range(1, 200):
        answers = []
        for each in (game, twin):
            draft = Correction(each)
            draft.press(each.public_view().piece("red").station)
            answers.append((draft.press(station), draft.position().pieces))
        assert answers[0] == answers[1], station


def test_computer_detectives_name_each_move_and_the_players_make_it_on_the_board() -> None:
    game = Game.new("reissue", players=4, seed=3)
    flow = Flow(game, GreedySeat(), now=0.0, detectives=ComputerDetectives(Level.EASY, Thinker(inline=True)))
    for _, station in flow.ui.to_place:
        flow.station_pressed(station, 0.0)
    flow.tick(0.1)  # Mister X moves; the computer detectives start thinking
    assert game.turn is Side.DETECTIVES and "thinking" in said(flow)
    flow.station_pressed(game.public_view().pieces[0].station, 0.15)
    assert said(flow) == "No: the computer detectives are still thinking"
    flow.tick(0.2)
    to_move = len(game.to_move())
    for _ in range(to_move):
        piece, station = flow.ui.selected, flow.ui.chosen
        assert piece is not None and station is not None and set(flow.ui.destinations) == {station}
        assert f"{display_name(piece)} takes " in said(flow) and f"press {station}" in said(flow)
        wrong = next(s for s in range(1, 200) if s != station)
        flow.station_pressed(wrong, 0.3)
        assert said(flow) == f"No: move {display_name(piece)} to {station}, then press {station}" and game.station_of(piece) != station
        flow.station_pressed(station, 0.4)
        assert game.station_of(piece) == station
        flow.tick(0.5)
    assert game.round == 2 and game.moves_made == 2  # the round was played out, and Mister X (greedy, at once) moved again


def test_a_handheld_of_another_game_is_named_while_the_game_waits() -> None:
    class OtherGamesHandheld(MemoryHandheldLink):
        refusing = False

        @property
        def other_game(self) -> bool:
            return self.refusing

    link = OtherGamesHandheld(first_move_handheld)
    flow = dealt_flow(Game.new("reissue", players=4, seed=3), HandheldSeat(link))
    flow.handheld_connected(False, 1.0)
    assert flow.ui.mode is Mode.PAUSED and "unplugged" in said(flow)
    link.refusing = True
    flow.tick(1.1)
    assert said(flow).startswith("This handheld holds another game")


def test_a_handheld_of_another_protocol_is_named_while_the_game_waits() -> None:
    """A handheld flashed before (or after) this console's protocol is never heard: the console says to flash it again."""

    class OlderHandheld(MemoryHandheldLink):
        @property
        def other_version(self) -> int:
            return VERSION - 1

    flow = dealt_flow(Game.new("reissue", players=4, seed=3), HandheldSeat(OlderHandheld(first_move_handheld)))
    flow.handheld_connected(False, 1.0)
    assert flow.ui.mode is Mode.PAUSED
    assert said(flow) == f"Mister X's handheld speaks another version of the link ({VERSION - 1}, the console {VERSION}): flash it again"


# ---------------------------------------------------------------- in Korean

ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
"""An English word left in a Korean text (Mister X's "X" is his name in Korean too)."""


class Listener:
    """What a game said, as the table read it after each event: the flow's messages and the handheld's words."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.sent: list[Message] = []
        self.answering = True

    def far_end(self, message: Message) -> list[Message]:
        """Mister X's handheld: keeps what it was sent; takes the first move listed while it answers."""
        self.sent.append(message)
        return first_move_handheld(message) if self.answering else []

    def heard(self, flow: Flow) -> None:
        pump(flow)
        self.said.append(said(flow))

    def handheld_words(self) -> list[str]:
        """The console's words on the handheld: refusals, the result, and its game's words (each kind's and each phrase)."""
        words = [message for message in self.sent if message["type"] == "words"]
        return [message["reason"] for message in self.sent if message["type"] == "refused"] + \
            [message["result"] for message in self.sent if message["type"] == "game_over"] + \
            [text for message in words for text in [*message["phrases"].values(), *(part for kind in message["kinds"].values()
                                                                                    for part in kind[:4])] if text]


def play_a_game_with_every_kind_of_event(flow: Flow, listener: Listener) -> None:
    """Refused presses, undo, a correction, a stuck button, the handheld away and refused, then the game to its end."""
    game = flow.game
    listener.heard(flow)
    flow.station_pressed(1, 0.1)  # no piece starts there
    listener.heard(flow)
    for _, station in flow.ui.to_place:
        flow.station_pressed(station, 0.2)
        listener.heard(flow)
    flow.tick(0.3)
    listener.heard(flow)
    flow.button_stuck(7, 0.4)
    listener.heard(flow)
    flow.handheld_connected(False, 0.5)
    listener.heard(flow)
    flow.handheld_connected(True, 0.6)
    listener.heard(flow)
    empty = next(s for s in range(1, 200) if all(p.station != s for p in game.public_view().pieces))
    flow.station_pressed(empty, 0.7)  # no detective stands there
    listener.heard(flow)
    first = game.to_move()[0]
    flow.station_pressed(game.station_of(first), 0.8)
    flow.station_pressed(next(s for s in range(1, 200) if s not in flow.ui.destinations), 0.9)  # out of its reach
    listener.heard(flow)
    flow.begin_correction(1.0)
    listener.heard(flow)
    for event in (lambda: flow.key_pressed(Key.CHOICE_4, 1.1), lambda: flow.station_pressed(empty, 1.1),
                  lambda: flow.station_pressed(game.station_of(first), 1.1), lambda: flow.key_pressed(Key.CHOICE_4, 1.1),
                  lambda: flow.key_pressed(Key.UNDO, 1.1)):
        event()  # a detective's tickets before one is picked; no piece there; the picked one's tickets too many; cancelled
        listener.heard(flow)
    now, took_back = 2.0, False
    while not game.is_over:
        now += 1.0
        if game.turn is Side.MISTER_X and not listener.answering:  # the handheld offers moves he cannot make
            flow.handheld_message(answer("T1"), now)
            flow.handheld_message(answer("T1", True), now)
            listener.answering = True
            asked = next(message for message in reversed(listener.sent) if message["type"] == "ask")
            flow.handheld_message(answer(choices_of(messages.check(asked))[0]), now)
        if game.turn is Side.DETECTIVES and flow.ui.mode is not Mode.GAME_OVER:
            piece = game.to_move()[0]
            flow.station_pressed(game.station_of(piece), now)
            listener.heard(flow)
            flow.station_pressed(min(flow.ui.destinations), now)
            listener.heard(flow)
            if flow.ui.mode is Mode.CHOOSE_TICKET:
                flow.key_pressed(Key.CHOICE_1, now)
                listener.heard(flow)
            if game.round == 2 and piece in game.public_view().moved and not took_back:
                took_back = True
                flow.station_pressed(game.station_of(piece), now)  # it has moved this round
                listener.heard(flow)
                flow.key_pressed(Key.UNDO, now)  # taken back, and nothing more to take back after it
                listener.heard(flow)
                flow.key_pressed(Key.UNDO, now)
                listener.heard(flow)
                listener.answering = False  # till his next turn
        flow.tick(now)
        listener.heard(flow)


def test_a_game_played_in_korean_says_every_message_in_korean(korean: None) -> None:
    listener = Listener()
    flow = Flow(Game.new("reissue", players=4, seed=3), HandheldSeat(MemoryHandheldLink(listener.far_end)), now=0.0)
    play_a_game_with_every_kind_of_event(flow, listener)
    said = list(dict.fromkeys(listener.said))
    words = listener.handheld_words()
    assert len(said) > 20 and len(words) >= 3 and flow.over
    assert not [text for text in said + words if ENGLISH_WORD.search(text)]
    kit, surface = Toolkit((800, 480)), pygame.Surface((800, 480))
    for text in said:
        kit.begin(surface)
        kit.message_bar(surface, text, alert=False)
        assert kit.cut == [], text


def test_the_computer_s_detectives_speak_korean_too(korean: None) -> None:
    game = Game.new("reissue", players=4, seed=3)
    flow = Flow(game, GreedySeat(), now=0.0, detectives=ComputerDetectives(Level.EASY, Thinker(inline=True)))
    for _, station in flow.ui.to_place:
        flow.station_pressed(station, 0.0)
    said = []
    for step in range(40):
        now = 0.1 * (step + 1)
        flow.tick(now)
        said.append(str(flow.ui.message))
        if flow.ui.chosen is not None:
            flow.station_pressed(next(s for s in range(1, 200) if s != flow.ui.chosen), now)  # not where it was told
            said.append(str(flow.ui.message))
            flow.station_pressed(flow.ui.chosen, now)
            said.append(str(flow.ui.message))
    assert game.round > 2 and len(set(said)) > 5
    assert not [text for text in said if ENGLISH_WORD.search(text)]


def test_switching_the_language_mid_game_changes_every_word_and_nothing_else() -> None:
    game = Game.new("reissue", players=3, seed=1)
    flow = dealt_flow(game, GreedySeat())
    flow.station_pressed(50, 2.0)
    flow.station_pressed(49, 2.1)
    ui, message, position = flow.ui, flow.ui.message, game.position()
    english = str(message)
    assert english.startswith("Red took a taxi to 49: move the piece")
    try:
        use("ko")
        korean = str(flow.ui.message)
        flow.tick(2.2)
        assert flow.ui is ui and flow.ui.message is message and flow.ui.mode is Mode.DETECTIVES and game.position() == position
        assert korean != english and not ENGLISH_WORD.search(korean)
    finally:
        use("en")
    assert str(flow.ui.message) == english and flow.ui is ui and game.position() == position
