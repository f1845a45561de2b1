"""Every refusal the engine can make, as players read it (``console.games.refusals``): in their words, in English and Korean.

Each refusal (each ``engine.Refusal``) is provoked through the real engine (a move, an undo, a setup or a corrected
board it refuses) and worded from its facts: a new refusal without its case here or its words fails.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from console.games.junior.words import WORDING as JUNIOR_WORDING
from console.games.refusals import CLASSIC_WORDING, WORDS, player_words, refusal_words
from console.games.words import display_name
from engine import (
    EDITIONS,
    DetectiveMove,
    DoubleMove,
    Game,
    IllegalMoveError,
    LogEntry,
    MisterXMove,
    Refusal,
    RulesError,
    Ticket,
    Tickets,
    Transport,
    deal,
    london,
    station_set,
    stations_of,
)
from engine.junior import JuniorGame, JuniorStart, Step

ENGINE = Path(__file__).parents[2] / "engine"
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
"""A word left in English (Mister X's "X" is his name in Korean too; a name someone typed is quoted and stays)."""


def refusal(action: Callable[[], object]) -> RulesError:
    """The engine's refusal of *action*."""
    with pytest.raises(RulesError) as refused:
        action()
    return refused.value


# ---------------------------------------------------------------- games to refuse things in

def start() -> Game:
    """Reissue, round 1, Mister X to move from 106 (taxi to 105 and 107); red on 94, blue on 50, bobbies on 26 and 123."""
    return Game.new("reissue", players=3, seed=4)


def detectives_turn() -> Game:
    game = start()
    game.play(MisterXMove(105, Ticket.TAXI))
    return game


def corrected(edition: str = "reissue", **changes: object) -> Game:
    """The start's position, as the players corrected it (*changes*), made a game."""
    position = start().position()
    ruleset = EDITIONS[edition]
    position = dataclasses.replace(position, ruleset=ruleset, supply=None if ruleset.box_tickets is None else position.supply)
    return Game(dataclasses.replace(position, **changes))  # type: ignore[arg-type]


def pieces(**changed: dict[str, object]) -> tuple[object, ...]:
    """The start's pieces, those named in *changed* changed (``red={"station": 0}``)."""
    return tuple(dataclasses.replace(piece, **changed.get(piece.name, {})) for piece in start().position().pieces)  # type: ignore[arg-type]


def walk(moves: int) -> tuple[LogEntry, ...]:
    """Mister X's travel log of *moves* taxi rides between 105 and 106, from 106: he ends on 106 after an even number."""
    return tuple(LogEntry(Ticket.TAXI, 105 if number % 2 else 106) for number in range(1, moves + 1))


def taxi_neighbour(station: int) -> int:
    return stations_of(london().neighbours(station, Transport.TAXI))[0]


def over() -> Game:
    """A game a detective has just won: Mister X takes a taxi next to a detective, who takes the taxi onto him."""
    for seed in range(100):
        game = Game.new("reissue", players=3, seed=seed)
        for move in game.mister_x_view().moves:
            after = game.copy()
            after.play(move)
            catch = next((step for step in after.single_moves() if isinstance(step, DetectiveMove) and step.station == move.station), None)
            if catch is not None:
                after.play(catch)
                return after
    raise AssertionError("no deal lets a detective catch Mister X in round 1")


def junior(rogues: int = 2) -> JuniorGame:
    return JuniorGame.new(rogues=rogues, seed=1)


def chosen() -> JuniorGame:
    """A Junior game whose rogues have chosen: the detectives' turn."""
    game = junior()
    for rogue in game.to_choose():
        game.choose(game.steps_of(rogue)[0])
    return game


def junior_over() -> JuniorGame:
    rng = random.Random(3)
    game = junior(1)
    while not game.is_over:
        for rogue in game.to_choose():
            game.choose(rng.choice(game.steps_of(rogue)))
        while game.to_move():
            game.move(rng.choice(game.steps_of(game.to_move()[0])))
    return game


def far_from(game: JuniorGame, piece: str) -> int:
    """A station of the district no line joins to *piece*'s."""
    here = game.stations[piece]
    near = {step.station for step in game.steps_of(piece)}
    return next(station for station in game.district.stations if station != here and station not in near)


def junior_start(**stations: int) -> JuniorStart:
    begun = junior().start
    return JuniorStart(begun.district, {**begun.stations, **stations})


def twice(game: Game, piece: str) -> None:
    move = game.moves_of(piece)[0]
    game.play(move)
    game.play(move)


def after_x(game: Game) -> Game:
    game.play(MisterXMove(107, Ticket.TAXI))
    return game


def out_of_taxis() -> Game:
    return after_x(corrected(pieces=pieces(red={"tickets": Tickets(bus=8, underground=4)})))


def beginner_underground() -> None:
    game = Game.new("beginner", players=3, seed=4)
    game.play(game.mister_x_view().moves[0])
    game.play(DetectiveMove(game.detectives[0], 1, Ticket.UNDERGROUND))


def chose_twice() -> None:
    game = junior()
    game.choose(game.steps_of("fox")[0])
    game.choose(game.steps_of("fox")[0])


def stepped_twice() -> None:
    game = chosen()
    step = game.steps_of("watson")[0]
    game.move(step)
    game.move(step)


# ---------------------------------------------------------------- every refusal, provoked

CASES: list[tuple[Refusal, Callable[[], object], str]] = [
    # (the refusal, what the engine is asked, what players read)
    (Refusal.OVER_NOTHING_TO_TAKE_BACK,
     lambda: over().undo(),
     "the game is over (the detectives win: {piece} caught Mister X in round 1); nothing can be taken back"),
    (Refusal.GAME_OVER,
     lambda: over().play(MisterXMove(1, Ticket.TAXI)),
     "the game is over: the detectives win: {piece} caught Mister X in round 1"),
    (Refusal.GAME_OVER,
     lambda: junior_over().choose(Step("fox", 1)),
     "the game is over: the {team} win"),
    (Refusal.MISTER_X_FIRST,
     lambda: start().play(DetectiveMove("red", 93, Ticket.TAXI)),
     "Mister X moves first in round 1; Red must wait"),
    (Refusal.NO_DETECTIVE_CALLED,
     lambda: detectives_turn().play(DetectiveMove("nobody", 93, Ticket.TAXI)),
     "there is no detective or bobby called 'nobody'"),
    (Refusal.NO_PIECE_CALLED,
     lambda: start().tickets_of("nobody"),
     "there is no piece called 'nobody'"),
    (Refusal.ALREADY_MOVED,
     lambda: twice(detectives_turn(), "bobby1"),
     "Bobby 1 has already moved in round 1"),
    (Refusal.DETECTIVES_RIDE,
     lambda: detectives_turn().play(DetectiveMove("red", 93, Ticket.BLACK)),
     "Red travels by taxi, bus or underground, not with a black ticket"),
    (Refusal.NO_SUCH_STATION,
     lambda: detectives_turn().play(DetectiveMove("red", 0, Ticket.TAXI)),
     "there is no station 0 on the board"),
    (Refusal.LINES_CLOSED,
     lambda: beginner_underground(),
     "the Beginner's Game closes the underground lines"),
    (Refusal.NO_LINE_OF,
     lambda: detectives_turn().play(DetectiveMove("red", 1, Ticket.BUS)),
     "there is no bus line from 94 to 1"),
    (Refusal.NO_LINE,
     lambda: start().play(MisterXMove(1, Ticket.BLACK)),
     "there is no line from 106 to 1"),
    (Refusal.NO_TICKET_LEFT,
     lambda: out_of_taxis().play(DetectiveMove("red", taxi_neighbour(94), Ticket.TAXI)),
     "Red has no taxi ticket left"),
    (Refusal.NO_TICKET_LEFT,
     lambda: corrected(mister_x_tickets=Tickets()).play(MisterXMove(105, Ticket.BLACK)),
     "Mister X has no black ticket left"),
    (Refusal.NO_TICKET_LEFT,
     lambda: corrected(mister_x_tickets=Tickets(black=2)).play(DoubleMove(MisterXMove(105, Ticket.TAXI), MisterXMove(106, Ticket.TAXI))),
     "Mister X has no double-move ticket left"),
    (Refusal.NO_TICKET_NOR_SUPPLY,
     lambda: corrected(supply=Tickets()).play(MisterXMove(105, Ticket.TAXI)),
     "Mister X has no taxi ticket, and the general supply has none"),
    (Refusal.NO_TICKET,
     lambda: corrected("classic", mister_x_tickets=Tickets(black=5)).play(MisterXMove(105, Ticket.TAXI)),
     "Mister X has no taxi ticket"),
    (Refusal.OCCUPIED,
     lambda: after_x(corrected(pieces=pieces(blue={"station": taxi_neighbour(94)}))).play(
         DetectiveMove("red", taxi_neighbour(94), Ticket.TAXI)),
     f"station {taxi_neighbour(94)} is occupied by Blue"),
    (Refusal.DETECTIVES_MOVING,
     lambda: detectives_turn().play(MisterXMove(106, Ticket.TAXI)),
     "the detectives are moving in round 1; Mister X waits for round 2"),
    (Refusal.LOG_TOO_SHORT_FOR_DOUBLE,
     lambda: corrected("classic", round=24, log=walk(23), mister_x=105, possible=station_set([105]),
                       mister_x_tickets=Tickets(taxi=4, black=5, double=2)).play(
         DoubleMove(MisterXMove(106, Ticket.TAXI), MisterXMove(105, Ticket.TAXI))),
     "only 1 travel-log entry is left, too few for a double move"),
    (Refusal.SECOND_LEG,
     lambda: start().play(DoubleMove(MisterXMove(105, Ticket.TAXI), MisterXMove(1, Ticket.BLACK))),
     "second leg of the double move: there is no line from 105 to 1"),
    (Refusal.DOUBLE_IN_ONE,
     lambda: start().play(MisterXMove(105, Ticket.DOUBLE)),
     "a double-move ticket pays for two moves in a row"),
    (Refusal.NOT_A_FARE,
     lambda: start().play(DoubleMove(MisterXMove(105, Ticket.DOUBLE), MisterXMove(106, Ticket.TAXI))),
     "a move is paid with a taxi, bus, underground or black ticket"),
    (Refusal.FERRY_TAKES_BLACK,
     lambda: corrected(mister_x=115, possible=station_set([115])).play(MisterXMove(157, Ticket.TAXI)),
     "the ferry from 115 to 157 takes only a black ticket"),
    (Refusal.MISTER_X_ONTO_PIECE,
     lambda: corrected(pieces=pieces(bobby2={"station": 105})).play(MisterXMove(105, Ticket.TAXI)),
     "Mister X may not move onto station 105: Bobby 2 is there"),
    (Refusal.NOTHING_TO_TAKE_BACK,
     lambda: start().undo(),
     "no detective move of this round is left to take back (Mister X's moves stand)"),
    (Refusal.NOT_HIS_MOVE,
     lambda: start().mister_x_view().second_legs(MisterXMove(1, Ticket.TAXI)),
     "a taxi to 1 is not one of Mister X's moves now"),
    # Scotland Yard Junior
    (Refusal.JUNIOR_PIECES,
     lambda: JuniorGame(JuniorStart(junior().start.district, {"fox": 1})),
     "a game has Mister FOX (with ROXy, for 4 players) and both detectives"),
    (Refusal.STARTS_OUTSIDE,
     lambda: JuniorGame(junior_start(roxy=0)),
     "ROXy starts at 0, outside the Central district"),
    (Refusal.ROGUE_COUNT,
     lambda: JuniorGame.new(rogues=3),
     "a game has one or two rogues, not 3"),
    (Refusal.NOT_A_ROGUE,
     lambda: junior(1).choose(Step("roxy", 1)),
     "ROXy is not a rogue of this game"),
    (Refusal.CHOICE_IS_FINAL,
     lambda: chose_twice(),
     "Mister FOX has already chosen this round, and a choice is final"),
    (Refusal.NOT_A_DETECTIVE,
     lambda: chosen().move(Step("fox", 1)),
     "Mister FOX is not a detective"),
    (Refusal.ROGUES_CHOOSE_FIRST,
     lambda: junior().move(Step("watson", 1)),
     "the detectives move after the rogues have chosen: Mister FOX and ROXy still to choose"),
    (Refusal.ALREADY_STEPPED,
     lambda: stepped_twice(),
     "Willy Watson has already moved this round"),
    (Refusal.NO_STEP_TO_TAKE_BACK,
     lambda: junior().undo(),
     "only a detective's step of this round, before the reveal, can be taken back"),
    (Refusal.STAYING_IS_HERE,
     lambda: junior().choose(Step("fox", far_from(junior(), "fox"))),
     "Mister FOX cannot go there: staying means staying at {fox}"),
    (Refusal.OUTSIDE_DISTRICT,
     lambda: junior().choose(Step("fox", 0, Transport.TAXI)),
     "Mister FOX cannot go there: 0 is outside the Central district"),
    (Refusal.NO_LINE_JOINS,
     lambda: junior().choose(Step("fox", far_from(junior(), "fox"), Transport.FERRY)),
     "Mister FOX cannot go there: no boat line joins {fox} and {far}"),
    # a setup, or the board as the players corrected it
    (Refusal.PLAYER_COUNT,
     lambda: deal(EDITIONS["reissue"], 9),
     "the reissue edition is for 2 to 6 players, not 9"),
    (Refusal.DETECTIVE_COUNT,
     lambda: deal(EDITIONS["classic"], detectives=9),
     "the classic edition needs 2 to 5 detectives, not 9"),
    (Refusal.NEGATIVE_BOBBIES,
     lambda: deal(EDITIONS["reissue"], detectives=2, bobbies=-1),
     "the number of bobbies cannot be negative"),
    (Refusal.COLOUR_COUNT,
     lambda: deal(EDITIONS["reissue"], detectives=3, colours=("red",)),
     "1 colour given for 3 detectives"),
    (Refusal.START_CARDS,
     lambda: deal(EDITIONS["classic"], detectives=5, bobbies=20),
     "the classic edition has start stations for {classic} pieces, not 25"),
    (Refusal.START_STATIONS,
     lambda: deal(EDITIONS["reissue"], detectives=5, bobbies=20),
     "the reissue edition has start stations for 16 pieces, not 25"),
    (Refusal.SAME_NAME,
     lambda: corrected(pieces=pieces(blue={"name": "red"})),
     "two pieces are called Red"),
    (Refusal.OFF_THE_BOARD,
     lambda: corrected(pieces=pieces(red={"station": 0})),
     "Red stands on station 0, which is not on the board"),
    (Refusal.SAME_STATION,
     lambda: corrected(pieces=pieces(blue={"station": 94})),
     "Red and Blue both stand on station 94"),
    (Refusal.NEGATIVE_TICKETS,
     lambda: corrected(pieces=pieces(red={"tickets": Tickets(taxi=-1)})),
     "Red holds a negative number of tickets"),
    (Refusal.BOBBY_NAME,
     lambda: corrected(pieces=pieces(bobby1={"name": "constable"})),
     "a bobby must be called Bobby 1, Bobby 2 and so on, not 'constable'"),
    (Refusal.BOBBY_TICKETS,
     lambda: corrected(pieces=pieces(bobby1={"tickets": Tickets(taxi=1)})),
     "Bobby 1 is a bobby and holds no tickets"),
    (Refusal.DETECTIVE_NAME,
     lambda: corrected(pieces=pieces(red={"name": "pink"})),
     "a detective is named by a colour, not 'pink'"),
    (Refusal.DETECTIVE_BLACK_OR_DOUBLE,
     lambda: corrected(pieces=pieces(red={"tickets": Tickets(taxi=1, black=1)})),
     "Red holds black or double-move tickets, which only Mister X may hold"),
    (Refusal.NO_GENERAL_SUPPLY,
     lambda: corrected("classic", supply=Tickets()),
     "the classic edition has no general supply"),
    (Refusal.GENERAL_SUPPLY,
     lambda: corrected(supply=None),
     "the reissue edition has a general supply"),
    (Refusal.SUPPLY_TICKETS,
     lambda: corrected(supply=Tickets(black=1)),
     "the general supply holds only taxi, bus and underground tickets"),
    (Refusal.ROUNDS_FROM_ONE,
     lambda: corrected(round=0),
     "rounds count from 1, not 0"),
    (Refusal.MOVES_MADE,
     lambda: corrected(round=3),
     "in round 3 with Mister X to move, Mister X has made 2 to 4 moves, not 0"),
    (Refusal.ENDS_AFTER_ROUND,
     lambda: corrected(round=23, log=walk(22)),
     "the reissue edition ends after round 22"),
    (Refusal.ENDS_AFTER_MOVE,
     lambda: corrected("classic", round=25, log=walk(24), mister_x_tickets=Tickets(taxi=4, black=5, double=2)),
     "the classic edition ends after Mister X's move 24"),
    (Refusal.MOVED_NOT_DETECTIVES,
     lambda: corrected(moved=frozenset({"mister_x"})),
     "pieces marked as moved are not detectives or bobbies: Mister X"),
    (Refusal.MOVED_OUT_OF_TURN,
     lambda: corrected(moved=frozenset({"red"})),
     "pieces can have moved this round only while it is the detectives' turn"),
    (Refusal.LOG_OFF_THE_BOARD,
     lambda: corrected(round=2, log=(LogEntry(Ticket.TAXI, 0),)),
     "travel-log entry 1 names station 0, which is not on the board"),
    (Refusal.LOG_DOUBLE_TICKET,
     lambda: corrected(round=2, log=(LogEntry(Ticket.DOUBLE, 106),)),
     "travel-log entry 1 is covered by a double-move ticket, which covers no entry"),
    (Refusal.LOG_HALF_DOUBLE,
     lambda: corrected(round=2, log=(LogEntry(Ticket.TAXI, 106, double=True),)),
     "travel-log entry 1 is one leg of a double move without the other"),
    (Refusal.LOG_ELSEWHERE,
     lambda: corrected(round=2, log=walk(1)),
     "Mister X stands on 106 but his last travel-log entry says 105"),
    (Refusal.POSSIBLE_OFF_THE_BOARD,
     lambda: corrected(possible=station_set([0, 106])),
     "where Mister X may be includes stations not on the board: 0"),
    (Refusal.POSSIBLE_OCCUPIED,
     lambda: corrected(possible=station_set([94, 106])),
     "where Mister X may be includes stations where pieces stand: 94"),
    (Refusal.POSSIBLE_WITHOUT_HIM,
     lambda: corrected(possible=station_set([105])),
     "Mister X's station 106 is not where his travel log puts him (1 station)"),
]


def expected(english: str) -> str:
    """The case's words, with the parts a deal decides filled in."""
    capture, game = over().outcome, junior()
    assert capture is not None and capture.by is not None
    return english.format(piece=display_name(capture.by), team=str(junior_over().outcome).removeprefix("the "), fox=game.stations["fox"],
                          far=far_from(game, "fox"), classic=len(EDITIONS["classic"].detective_starts) - 1)


@pytest.mark.parametrize(("case", "action", "english"), CASES, ids=[f"{index}-{case[0].name}" for index, case in enumerate(CASES)])
def test_each_refusal_reads_in_the_players_words_in_english_and_korean(case: Refusal, action: Callable[[], object], english: str) -> None:
    refused = refusal(action)
    assert refused.refusal is case, refused
    assert str(refused).startswith(f"rule {refused.rule}: ") == (refused.rule is not None)
    words = refusal_words(refused, JUNIOR_WORDING if str(refused.rule).startswith("J") else CLASSIC_WORDING)  # Junior's rules: J1-J7
    shown = str(words)
    assert shown == expected(english)
    korean = words.to("ko")
    assert korean != shown and not ENGLISH_WORD.search(re.sub(r"'[^']*'", "", korean)), korean


def test_every_refusal_is_provoked_here_and_has_its_words_once() -> None:
    """Each refusal has words in the shared table, or in the wording of the one kind whose games make it."""
    assert {case for case, _, _ in CASES} == set(Refusal) == set(WORDS) | set(JUNIOR_WORDING.words)
    assert not set(WORDS) & set(JUNIOR_WORDING.words)


def test_a_refusal_is_worded_from_its_facts_never_from_the_engine_s_english() -> None:
    """The engine may reword its English: the players' words do not change."""
    refused = refusal(lambda: detectives_turn().play(DetectiveMove("red", 1, Ticket.BUS)))
    reworded = IllegalMoveError(Refusal.NO_LINE_OF, rule=3, **refused.fields)
    assert str(refusal_words(refused)) == str(refusal_words(reworded)) == "there is no bus line from 94 to 1"


def test_any_other_error_is_shown_as_it_says() -> None:
    assert str(player_words(ValueError("the board is on fire"))) == "the board is on fire"
