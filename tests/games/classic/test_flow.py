"""The console's flow: the deal, Mister X's turn on the handheld, the detectives' presses, undo, pause, the end."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest

from console.games.classic import journal as events
from console.games.classic.correction import Correction
from console.games.classic.flow import Flow
from console.games.classic.model import Mode
from console.games.classic.seats import ComputerDetectives, HandheldSeat
from console.games.words import display_name, outcome_words
from console.settings import Level
from console.thinker import Thinker
from engine import DetectiveMove, Game, Move, Side, Ticket
from engine.ai.baselines import greedy_mister_x
from engine.moves import parse_leg
from engine.record import move_from_record, position_from_dict
from firmware import messages
from hardware.handheld import MemoryHandheldLink
from hardware.interfaces import Key, Message


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
    if request["type"] == "choose_move" or request["type"] == "choose_second_leg":
        return [answer(request["moves"][0])]
    return []


def answer(leg: str, double: bool = False) -> Message:
    """The handheld's move for a listed leg (``"T46"``)."""
    return messages.move(leg, double)


class GreedySeat:
    """A computer Mister X that answers at once (the greedy baseline), so these tests need no worker."""

    uses_handheld = False

    def show(self, game: Game) -> None:
        pass

    def away_reason(self) -> str:
        return ""

    def begin_turn(self, game: Game) -> None:
        pass

    def poll(self, game: Game, now: float) -> Sequence[Move]:
        return [greedy_mister_x(game.board, game.mister_x_view())]

    def on_message(self, message: Message, game: Game) -> None:
        return None

    def accepted(self, game: Game) -> None:
        pass

    def refused(self, reason: str, game: Game) -> None:
        raise AssertionError(reason)

    def cancel_turn(self) -> None:
        pass

    def game_over(self, game: Game) -> None:
        pass


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
    assert flow.ui.message == "No: no piece starts at 1: place the pieces on the lit stations"
    for station in stations[:-1]:
        flow.station_pressed(station, 1.0)
    assert flow.ui.mode is Mode.DEAL and len(flow.ui.to_place) == 1
    flow.station_pressed(stations[-1], 1.0)
    flow.tick(1.0)
    assert game.moves_made == 1 and flow.ui.mode is Mode.DETECTIVES
    assert "Mister X took taxi" in flow.ui.message or "Mister X took" in flow.ui.message


def test_pick_a_piece_see_its_destinations_and_move() -> None:
    game = Game.new("reissue", players=3, seed=1)
    flow = dealt_flow(game, GreedySeat())
    flow.station_pressed(50, 2.0)
    assert flow.ui.selected == "red"
    assert set(flow.ui.destinations) == {m.station for m in game.moves_of("red")}
    flow.station_pressed(1, 2.1)
    assert flow.ui.message == "No: Red cannot reach 1" and flow.ui.selected == "red"  # the piece by its one name
    flow.station_pressed(49, 2.2)
    assert game.station_of("red") == 49 and flow.ui.selected is None
    assert "Red took a taxi to 49: move the piece" in flow.ui.message
    flow.station_pressed(49, 2.3)
    assert flow.ui.message == "No: Red has already moved this round"


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
    assert "Which ticket" in flow.ui.message
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
    assert "put the piece back on 50" in flow.ui.message
    flow.key_pressed(Key.UNDO, 1.3)
    assert "Nothing to take back" in flow.ui.message


def test_mister_x_on_the_handheld_single_and_double_moves() -> None:
    sent: list[Message] = []
    replies: list[list[Message]] = []

    def far_end(message: Message) -> list[Message]:
        sent.append(message)
        return replies.pop(0) if replies and message["type"] in ("choose_move", "choose_second_leg") else []

    link = MemoryHandheldLink(far_end)
    game = Game.new("reissue", players=3, seed=1)
    flow = dealt_flow(game, HandheldSeat(link))
    pump(flow)
    assert flow.ui.mode is Mode.MISTER_X and flow.ui.message == "Mister X is moving"
    request = sent[-1]
    assert request["type"] == "choose_move" and request["station"] == 172 and "T128" in request["moves"]
    assert request["moves"] == [move.notation for move in game.mister_x_view().moves]  # his moves, in the notation
    assert all(messages.check(dict(message)) == message for message in sent)  # the console sends the protocol's messages
    flow.handheld_message(messages.move("T1"), 1.0)  # a station, but not one he can reach
    assert sent[-2] == messages.refused("there is no taxi line from 172 to 1") and sent[-1]["type"] == "choose_move"  # no rule number
    leg = "T, B, U or X and a station 1..199, as in T46"
    flow.handheld_message({"type": "move", "leg": "T999"}, 1.0)  # not a station: the handheld is told why
    assert sent[-1] == messages.refused(f"move: leg is not a leg ({leg})") and game.moves_made == 0
    flow.handheld_message({"type": "move", "leg": "T128", "double": 1}, 1.0)
    assert sent[-1] == messages.refused("move: double is not true or false") and game.moves_made == 0
    flow.handheld_message({"type": "move", "leg": "F128"}, 1.0)  # a boat: Junior's, not his
    assert sent[-1] == messages.refused(f"move: leg is not a leg ({leg})") and game.moves_made == 0
    flow.handheld_message({"type": "move", "leg": "t128"}, 1.0)  # lower case: not as the notation is sent
    assert sent[-1] == messages.refused(f"move: leg is not a leg ({leg})") and game.moves_made == 0
    flow.handheld_message({"type": "move", "station": 128, "ticket": "taxi"}, 1.0)  # an older handheld's move
    assert sent[-1] == messages.refused("move: unknown field 'station'") and game.moves_made == 0
    flow.handheld_message(messages.move("T1", True), 1.0)  # a double move whose first leg he cannot take
    assert sent[-1] == messages.refused("Mister X taxi to 1 is not one of your moves now") and game.moves_made == 0
    flow.handheld_message(messages.move("T128", True), 1.1)
    assert sent[-1]["type"] == "choose_second_leg" and sent[-1]["first"] == "T128" and game.moves_made == 0
    second = sent[-1]["moves"][0]
    flow.handheld_message(answer(second), 1.2)
    assert game.moves_made == 2 and flow.ui.mode is Mode.DETECTIVES
    assert sent[-1] == {"type": "accepted", "seen": []}


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
        flow.handheld_message(answer(requests[-1]["moves"][0]), 1.0)
        assert not flow.ui.reveal_next or game.turn is Side.DETECTIVES
        play_detectives_round(flow, game)
    assert flow.ui.mode is Mode.MISTER_X and flow.ui.reveal_next  # move 3 is a reveal move
    assert requests[-1]["reveal_next"] is True
    leg = requests[-1]["moves"][0]
    station, _ = parse_leg(leg)
    flow.handheld_message(answer(leg), 5.0)
    assert flow.ui.reveal is not None and flow.ui.reveal.station == station and flow.ui.reveal.since == 5.0
    assert f"Mister X took a taxi; seen at {station}" in flow.ui.message
    assert requests[-1] == {"type": "accepted", "seen": [3]}


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


def test_unplugging_the_handheld_pauses_and_plugging_it_back_resumes() -> None:
    link = MemoryHandheldLink(first_move_handheld)
    game = Game.new("beginner", players=3, seed=0)
    flow = Flow(game, HandheldSeat(link), now=0.0)
    flow.handheld_connected(False, 1.0)
    assert flow.ui.mode is Mode.PAUSED and "unplugged" in flow.ui.message
    flow.handheld_connected(True, 2.0)
    assert flow.ui.mode is Mode.DEAL


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
        assert flow.ui.message == f"{outcome_words(game.outcome, game.ruleset)}. Press any key to finish"


def test_two_games_differing_only_in_mister_x_secret_show_the_same() -> None:
    """The flow's Ui and the public view never depend on where Mister X went, until a reveal."""

    def choose(index: int) -> Callable[[Message], list[Message]]:
        def far_end(message: Message) -> list[Message]:
            request = messages.check(dict(message))
            if request["type"] != "choose_move":
                return []
            taxis = [leg for leg in request["moves"] if parse_leg(leg)[1] is Ticket.TAXI]
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
    assert flow.ui.mode is Mode.MISTER_X and heard == ["state", "choose_move"]
    flow.begin_correction(1.0)
    assert flow.ui.mode is Mode.CORRECT and heard[-1] == "wait"
    green = flow.game.public_view().piece("green")
    flow.station_pressed(green.station, 1.0)
    flow.key_pressed(Key.CHOICE_4, 1.0)  # a detective never holds more than he was dealt
    assert flow.ui.message == "No: a detective holds 0 to 11 taxi tickets"
    flow.key_pressed(Key.CHOICE_3, 1.0)
    flow.key_pressed(Key.CONFIRM, 1.0)
    assert flow.ui.mode is Mode.MISTER_X and heard[-1] == "choose_move"
    assert flow.game.public_view().piece("green").tickets.taxi == green.tickets.taxi - 1
    (event,) = journal.events
    assert event == ("correction", flow.game.position())


def test_a_bobby_is_moved_by_a_correction_but_holds_no_tickets() -> None:
    flow = dealt_flow(Game.new("reissue", players=4, seed=3), GreedySeat())
    bobby = flow.game.public_view().piece("bobby1")
    flow.begin_correction(1.0)
    flow.station_pressed(bobby.station, 1.0)
    flow.key_pressed(Key.CHOICE_4, 1.0)
    assert flow.ui.message == "No: Bobby 1 is a bobby and holds no tickets"
    flow.key_pressed(Key.CONFIRM, 1.0)
    assert flow.ui.message.startswith("Nothing was changed")


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
    assert game.turn is Side.DETECTIVES and "thinking" in flow.ui.message
    flow.station_pressed(game.public_view().pieces[0].station, 0.15)
    assert flow.ui.message == "No: the computer detectives are still thinking"
    flow.tick(0.2)
    to_move = len(game.to_move())
    for _ in range(to_move):
        piece, station = flow.ui.selected, flow.ui.chosen
        assert piece is not None and station is not None and set(flow.ui.destinations) == {station}
        assert f"{display_name(piece)} takes " in flow.ui.message and f"press {station}" in flow.ui.message
        wrong = next(s for s in range(1, 200) if s != station)
        flow.station_pressed(wrong, 0.3)
        assert flow.ui.message == f"No: move {display_name(piece)} to {station}, then press {station}" and game.station_of(piece) != station
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
    assert flow.ui.mode is Mode.PAUSED and "unplugged" in flow.ui.message
    link.refusing = True
    flow.tick(1.1)
    assert flow.ui.message.startswith("This handheld holds another game")
