"""Every refusal the engine can make, as players read it (``console.games.refusals``): in their words, in English and Korean.

Each refusal is provoked through the real engine (a move, an undo, a setup or a corrected board it refuses), and a
scan of the engine's source keeps the table whole: a new refusal without its entry fails here.
"""

from __future__ import annotations

import ast
import dataclasses
import itertools
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from console.games.refusals import REFUSALS, refusal_words
from console.games.words import display_name
from engine import (
    EDITIONS,
    DetectiveMove,
    DoubleMove,
    Game,
    LogEntry,
    MisterXMove,
    ScotlandYardError,
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


def refusal(action: Callable[[], object]) -> str:
    """The engine's words for refusing *action*."""
    with pytest.raises(ScotlandYardError) as refused:
        action()
    return str(refused.value)


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
            catch = next((step for step in after.legal_moves() if isinstance(step, DetectiveMove) and step.station == move.station), None)
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

CASES: list[tuple[str, Callable[[], object], str]] = [
    # (the engine's message as REFUSALS writes it, what the engine is asked, what players read)
    ("the game is over ({outcome}); nothing can be taken back",
     lambda: over().undo(),
     "the game is over (the detectives win: {piece} caught Mister X in round 1); nothing can be taken back"),
    ("the game is over: {outcome}",
     lambda: over().play(MisterXMove(1, Ticket.TAXI)),
     "the game is over: the detectives win: {piece} caught Mister X in round 1"),
    ("the game is over: {outcome}",
     lambda: junior_over().choose(Step("fox", 1)),
     "the game is over: the {team} win"),
    ("Mister X moves first in round {round}; {piece} must wait",
     lambda: start().play(DetectiveMove("red", 93, Ticket.TAXI)),
     "Mister X moves first in round 1; Red must wait"),
    ("there is no detective or bobby called {called}",
     lambda: detectives_turn().play(DetectiveMove("nobody", 93, Ticket.TAXI)),
     "there is no detective or bobby called 'nobody'"),
    ("there is no piece called {called}",
     lambda: start().tickets_of("nobody"),
     "there is no piece called 'nobody'"),
    ("{piece} has already moved in round {round}",
     lambda: twice(detectives_turn(), "bobby1"),
     "Bobby 1 has already moved in round 1"),
    ("{piece} travels by taxi, bus or underground, not by {ticket} ticket",
     lambda: detectives_turn().play(DetectiveMove("red", 93, Ticket.BLACK)),
     "Red travels by taxi, bus or underground, not with a black ticket"),
    ("there is no station {station} on the board",
     lambda: detectives_turn().play(DetectiveMove("red", 0, Ticket.TAXI)),
     "there is no station 0 on the board"),
    ("the {edition} edition closes the {transport} lines",
     lambda: beginner_underground(),
     "the Beginner's Game closes the underground lines"),
    ("there is no {transport} line from {origin} to {station}",
     lambda: detectives_turn().play(DetectiveMove("red", 1, Ticket.BUS)),
     "there is no bus line from 94 to 1"),
    ("there is no line from {origin} to {station}",
     lambda: start().play(MisterXMove(1, Ticket.BLACK)),
     "there is no line from 106 to 1"),
    ("{piece} has no {ticket} ticket left",
     lambda: out_of_taxis().play(DetectiveMove("red", taxi_neighbour(94), Ticket.TAXI)),
     "Red has no taxi ticket left"),
    ("{piece} has no {ticket} ticket left",
     lambda: corrected(mister_x_tickets=Tickets()).play(MisterXMove(105, Ticket.BLACK)),
     "Mister X has no black ticket left"),
    ("{piece} has no {ticket} ticket left",
     lambda: corrected(mister_x_tickets=Tickets(black=2)).play(DoubleMove(MisterXMove(105, Ticket.TAXI), MisterXMove(106, Ticket.TAXI))),
     "Mister X has no double-move ticket left"),
    ("Mister X has no {ticket} ticket and the general supply has none",
     lambda: corrected(supply=Tickets()).play(MisterXMove(105, Ticket.TAXI)),
     "Mister X has no taxi ticket, and the general supply has none"),
    ("Mister X has no {ticket} ticket",
     lambda: corrected("classic", mister_x_tickets=Tickets(black=5)).play(MisterXMove(105, Ticket.TAXI)),
     "Mister X has no taxi ticket"),
    ("station {station} is occupied by {piece}",
     lambda: after_x(corrected(pieces=pieces(blue={"station": taxi_neighbour(94)}))).play(
         DetectiveMove("red", taxi_neighbour(94), Ticket.TAXI)),
     f"station {taxi_neighbour(94)} is occupied by Blue"),
    ("the detectives are moving in round {round}; Mister X waits for round {next}",
     lambda: detectives_turn().play(MisterXMove(106, Ticket.TAXI)),
     "the detectives are moving in round 1; Mister X waits for round 2"),
    ("only {n} travel-log entry is left, too few for a double move",
     lambda: corrected("classic", round=24, log=walk(23), mister_x=105, possible=station_set([105]),
                       mister_x_tickets=Tickets(taxi=4, black=5, double=2)).play(
         DoubleMove(MisterXMove(106, Ticket.TAXI), MisterXMove(105, Ticket.TAXI))),
     "only 1 travel-log entry is left, too few for a double move"),
    ("second leg of the double move: {refusal}",
     lambda: start().play(DoubleMove(MisterXMove(105, Ticket.TAXI), MisterXMove(1, Ticket.BLACK))),
     "second leg of the double move: there is no line from 105 to 1"),
    ("a double-move ticket is played as one DoubleMove of two legs",
     lambda: start().play(MisterXMove(105, Ticket.DOUBLE)),
     "a double-move ticket pays for two moves in a row"),
    ("a move is paid with a taxi, bus, underground or black ticket, not {paid}",
     lambda: start().play(DoubleMove(MisterXMove(105, Ticket.DOUBLE), MisterXMove(106, Ticket.TAXI))),
     "a move is paid with a taxi, bus, underground or black ticket"),
    ("the ferry from {origin} to {station} takes only a black ticket",
     lambda: corrected(mister_x=115, possible=station_set([115])).play(MisterXMove(157, Ticket.TAXI)),
     "the ferry from 115 to 157 takes only a black ticket"),
    ("Mister X may not move onto station {station}: {piece} is there",
     lambda: corrected(pieces=pieces(bobby2={"station": 105})).play(MisterXMove(105, Ticket.TAXI)),
     "Mister X may not move onto station 105: Bobby 2 is there"),
    ("no detective move of this round is left to take back (Mister X's moves stand)",
     lambda: start().undo(),
     "no detective move of this round is left to take back (Mister X's moves stand)"),
    ("{move} is not one of Mister X's moves now",
     lambda: start().mister_x_view().second_legs(MisterXMove(1, Ticket.TAXI)),
     "a taxi to 1 is not one of Mister X's moves now"),
    # Scotland Yard Junior
    ("a game has Mister FOX (with ROXy, for 4 players) and both detectives",
     lambda: JuniorGame(JuniorStart(junior().start.district, {"fox": 1})),
     "a game has Mister FOX (with ROXy, for 4 players) and both detectives"),
    ("{piece} starts at {station}, outside the {district} district",
     lambda: JuniorGame(junior_start(roxy=0)),
     "ROXy starts at 0, outside the Central district"),
    ("a game has one or two rogues, not {count}",
     lambda: JuniorGame.new(rogues=3),
     "a game has one or two rogues, not 3"),
    ("{piece} is not a rogue of this game",
     lambda: junior(1).choose(Step("roxy", 1)),
     "ROXy is not a rogue of this game"),
    ("{piece} has already chosen this round, and a choice is final",
     lambda: chose_twice(),
     "Mister FOX has already chosen this round, and a choice is final"),
    ("{piece} is not a detective",
     lambda: chosen().move(Step("fox", 1)),
     "Mister FOX is not a detective"),
    ("the detectives move after the rogues have chosen: {pieces} still to choose",
     lambda: junior().move(Step("watson", 1)),
     "the detectives move after the rogues have chosen: Mister FOX and ROXy still to choose"),
    ("{piece} has already moved this round",
     lambda: stepped_twice(),
     "Willy Watson has already moved this round"),
    ("only a detective's step of this round, before the reveal, can be taken back",
     lambda: junior().undo(),
     "only a detective's step of this round, before the reveal, can be taken back"),
    ("{piece} cannot go there: staying means staying at {station}",
     lambda: junior().choose(Step("fox", far_from(junior(), "fox"))),
     "Mister FOX cannot go there: staying means staying at {fox}"),
    ("{piece} cannot go there: {station} is outside the {district} district",
     lambda: junior().choose(Step("fox", 0, Transport.TAXI)),
     "Mister FOX cannot go there: 0 is outside the Central district"),
    ("{piece} cannot go there: no {transport} line joins {origin} and {station}",
     lambda: junior().choose(Step("fox", far_from(junior(), "fox"), Transport.FERRY)),
     "Mister FOX cannot go there: no boat line joins {fox} and {far}"),
    # a setup, or the board as the players corrected it
    ("the {edition} edition is for {low} to {high} players, not {count}",
     lambda: deal(EDITIONS["reissue"], 9),
     "the reissue edition is for 2 to 6 players, not 9"),
    ("the {edition} edition needs {low} to {high} detectives, not {count}",
     lambda: deal(EDITIONS["classic"], detectives=9),
     "the classic edition needs 2 to 5 detectives, not 9"),
    ("the number of bobbies cannot be negative",
     lambda: deal(EDITIONS["reissue"], detectives=2, bobbies=-1),
     "the number of bobbies cannot be negative"),
    ("{n} colours given for {count} detectives",
     lambda: deal(EDITIONS["reissue"], detectives=3, colours=("red",)),
     "1 colour given for 3 detectives"),
    ("the {edition} edition has start stations for {cards} pieces, not {count} (one of its {deck} cards is left for Mister X)",
     lambda: deal(EDITIONS["classic"], detectives=5, bobbies=20),
     "the classic edition has start stations for {classic} pieces, not 25"),
    ("the {edition} edition has start stations for {cards} pieces, not {count}",
     lambda: deal(EDITIONS["reissue"], detectives=5, bobbies=20),
     "the reissue edition has start stations for 16 pieces, not 25"),
    ("two pieces are called {named} (duplicate colours)",
     lambda: corrected(pieces=pieces(blue={"name": "red"})),
     "two pieces are called Red"),
    ("{piece} stands on station {station}, which is not on the board",
     lambda: corrected(pieces=pieces(red={"station": 0})),
     "Red stands on station 0, which is not on the board"),
    ("{piece} and {other} both stand on station {station}",
     lambda: corrected(pieces=pieces(blue={"station": 94})),
     "Red and Blue both stand on station 94"),
    ("{piece} holds a negative number of tickets: {held}",
     lambda: corrected(pieces=pieces(red={"tickets": Tickets(taxi=-1)})),
     "Red holds a negative number of tickets"),
    ("a bobby must be called bobby1, bobby2, ..., not {called}",
     lambda: corrected(pieces=pieces(bobby1={"name": "constable"})),
     "a bobby must be called Bobby 1, Bobby 2 and so on, not 'constable'"),
    ("{piece} is a bobby and holds no tickets, not {held}",
     lambda: corrected(pieces=pieces(bobby1={"tickets": Tickets(taxi=1)})),
     "Bobby 1 is a bobby and holds no tickets"),
    ("a detective is named by a colour ({colours}), not {called}",
     lambda: corrected(pieces=pieces(red={"name": "pink"})),
     "a detective is named by a colour, not 'pink'"),
    ("{piece} holds black or double-move tickets, which only Mister X may hold",
     lambda: corrected(pieces=pieces(red={"tickets": Tickets(taxi=1, black=1)})),
     "Red holds black or double-move tickets, which only Mister X may hold"),
    ("the {edition} edition has no general supply",
     lambda: corrected("classic", supply=Tickets()),
     "the classic edition has no general supply"),
    ("the {edition} edition has a general supply",
     lambda: corrected(supply=None),
     "the reissue edition has a general supply"),
    ("the general supply holds only taxi, bus and underground tickets: {held}",
     lambda: corrected(supply=Tickets(black=1)),
     "the general supply holds only taxi, bus and underground tickets"),
    ("rounds count from 1, not {round}",
     lambda: corrected(round=0),
     "rounds count from 1, not 0"),
    ("in round {round} with {side} to move, Mister X has made {low} to {high} moves, not {made}",
     lambda: corrected(round=3),
     "in round 3 with Mister X to move, Mister X has made 2 to 4 moves, not 0"),
    ("the {edition} edition ends after round {round}",
     lambda: corrected(round=23, log=walk(22)),
     "the reissue edition ends after round 22"),
    ("the {edition} edition ends after Mister X's move {move_number}",
     lambda: corrected("classic", round=25, log=walk(24), mister_x_tickets=Tickets(taxi=4, black=5, double=2)),
     "the classic edition ends after Mister X's move 24"),
    ("pieces marked as moved are not detectives or bobbies: {names}",
     lambda: corrected(moved=frozenset({"mister_x"})),
     "pieces marked as moved are not detectives or bobbies: Mister X"),
    ("pieces can have moved this round only while it is the detectives' turn",
     lambda: corrected(moved=frozenset({"red"})),
     "pieces can have moved this round only while it is the detectives' turn"),
    ("travel-log entry {entry} names station {station}, which is not on the board",
     lambda: corrected(round=2, log=(LogEntry(Ticket.TAXI, 0),)),
     "travel-log entry 1 names station 0, which is not on the board"),
    ("travel-log entry {entry} is covered by a double-move ticket; it covers no entry",
     lambda: corrected(round=2, log=(LogEntry(Ticket.DOUBLE, 106),)),
     "travel-log entry 1 is covered by a double-move ticket, which covers no entry"),
    ("travel-log entry {entry} is one leg of a double move without the other",
     lambda: corrected(round=2, log=(LogEntry(Ticket.TAXI, 106, double=True),)),
     "travel-log entry 1 is one leg of a double move without the other"),
    ("Mister X stands on {station} but his last travel-log entry says {logged}",
     lambda: corrected(round=2, log=walk(1)),
     "Mister X stands on 106 but his last travel-log entry says 105"),
    ("the possible set names stations not on the board: {stations}",
     lambda: corrected(possible=station_set([0, 106])),
     "where Mister X may be includes stations not on the board: 0"),
    ("the possible set holds stations where pieces stand: {stations}",
     lambda: corrected(possible=station_set([94, 106])),
     "where Mister X may be includes stations where pieces stand: 94"),
    ("Mister X's station {station} is not among the stations the public record allows ({n} of them); give the possible set explicitly",
     lambda: corrected(possible=station_set([105])),
     "Mister X's station 106 is not where his travel log puts him (1 station)"),
]


def expected(english: str) -> str:
    """The case's words, with the parts a deal decides filled in."""
    capture, game = over().outcome, junior()
    assert capture is not None and capture.by is not None
    return english.format(piece=display_name(capture.by), team=str(junior_over().outcome).removeprefix("the "), fox=game.stations["fox"],
                          far=far_from(game, "fox"), classic=len(EDITIONS["classic"].detective_starts) - 1)


@pytest.mark.parametrize(("engine", "action", "english"), CASES, ids=[f"{index}-{case[0][:40]}" for index, case in enumerate(CASES)])
def test_each_refusal_reads_in_the_players_words_in_english_and_korean(engine: str, action: Callable[[], object], english: str) -> None:
    said = refusal(action)
    entry = next((refusal for refusal in REFUSALS if refusal.pattern.fullmatch(re.sub(r"^(?:rule J?\d+|J\d+): ", "", said))), None)
    assert entry is not None and entry.engine == engine, (said, entry)
    words = refusal_words(said)
    shown = str(words)
    assert shown == expected(english)
    korean = words.to("ko")
    assert korean != shown and not ENGLISH_WORD.search(re.sub(r"'[^']*'", "", korean)), korean


def test_every_entry_is_provoked_here() -> None:
    assert {refusal.engine for refusal in REFUSALS} == {engine for engine, _, _ in CASES}


# ---------------------------------------------------------------- the engine's source, scanned

def _samples(node: ast.expr, assigned: dict[str, list[ast.expr]]) -> list[str]:
    """Each text *node* can be: a literal as it is, a part that varies as "7", a local variable as each of its values."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        parts = [_samples(value, assigned) for value in node.values]
        return ["".join(chosen) for chosen in itertools.product(*parts)]
    if isinstance(node, ast.FormattedValue):
        return _samples(node.value, assigned)
    if isinstance(node, ast.IfExp):
        return _samples(node.body, assigned) + _samples(node.orelse, assigned)
    if isinstance(node, ast.Name) and node.id in assigned:
        return [sample for value in assigned[node.id] for sample in _samples(value, assigned)]
    return ["7"]


def engine_refusals() -> list[str]:
    """Every message the engine raises ``IllegalMoveError`` or ``IllegalPositionError`` with, each way it can read."""
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text())
        for function in (node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)):
            assigned: dict[str, list[ast.expr]] = {}
            for node in ast.walk(function):
                if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                    assigned.setdefault(node.targets[0].id, []).append(node.value)
            for node in ast.walk(function):
                if (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and isinstance(node.exc.func, ast.Name)
                        and node.exc.func.id in ("IllegalMoveError", "IllegalPositionError") and node.exc.args):
                    found += _samples(node.exc.args[0], assigned)
    return found


def test_every_refusal_the_engine_can_make_has_its_entry() -> None:
    messages = engine_refusals()
    assert len(messages) > 60
    unread = [message for message in messages
              if not any(refusal.pattern.fullmatch(re.sub(r"^J\d+: ", "", message)) for refusal in REFUSALS)]
    assert not unread, f"refusals of the engine with no entry in console/games/refusals.py: {unread}"


def test_a_text_no_entry_reads_is_shown_as_it_is_with_the_pieces_names() -> None:
    words = refusal_words("rule 9: the red detective and bobby2 disagree {loudly}")
    assert str(words) == "Red and Bobby 2 disagree {loudly}"
    assert words.to("ko") == "빨강 and 보비 2 disagree {loudly}"
    assert str(refusal_words("the board is on fire")) == "the board is on fire"
