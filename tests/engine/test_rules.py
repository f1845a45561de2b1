"""The rules of docs/RULES.md, one or more tests per numbered rule and per edition setting.

Positions are built explicitly on the real London board (station numbers and
lines checked against ``engine.london()``), so each test shows the situation
the rule is about. Every refusal is checked for its rule number, its message,
and for leaving the game exactly as it was.
"""

from __future__ import annotations

import random
from dataclasses import fields, replace

import pytest

from engine import (
    BEGINNER,
    CLASSIC,
    EDITIONS,
    REISSUE,
    DetectiveMove,
    DoubleMove,
    Game,
    IllegalMoveError,
    IllegalPositionError,
    LogEntry,
    MisterXMove,
    Piece,
    PieceSetup,
    Position,
    PublicView,
    Reason,
    Refusal,
    Side,
    Ticket,
    Tickets,
    Transport,
    london,
    station_set,
    stations_of,
)
from engine.editions import FIVE_REVEALS, Length, StartDeal, TicketFlow

BOARD = london()
MX = Side.MISTER_X
DET = Side.DETECTIVES
TAXI, BUS, UNDERGROUND, BLACK, DOUBLE = Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND, Ticket.BLACK, Ticket.DOUBLE
_AUTO = object()

# The start cards of each edition's decks, written out here independent of engine/editions.py.
D_CARDS = {13, 26, 29, 34, 50, 53, 91, 94, 103, 112, 117, 123, 138, 141, 155, 174}
X_CARDS = {35, 45, 51, 71, 78, 104, 106, 127, 132, 146, 166, 170, 172}
SHARED_CARDS = {13, 26, 29, 34, 50, 53, 91, 94, 103, 112, 117, 132, 138, 141, 155, 174, 197, 198}


# ---------------------------------------------------------------- helpers


def det(name: str, station: int, tickets: Tickets | None = None) -> PieceSetup:
    """A detective with the reissue's full ticket board unless *tickets* says otherwise."""
    return PieceSetup(name, station, REISSUE.detective_tickets if tickets is None else tickets)


def bob(number: int, station: int) -> PieceSetup:
    return PieceSetup(f"bobby{number}", station, bobby=True)


def make(
    mister_x: int,
    *pieces: PieceSetup,
    ruleset=REISSUE,
    x: Tickets | None = None,
    supply=_AUTO,
    moves: int = 0,
    rnd: int | None = None,
    turn: Side = MX,
    moved: frozenset[str] = frozenset(),
    possible=_AUTO,
    log: tuple[LogEntry, ...] | None = None,
) -> Position:
    """An explicit position. By default Mister X has made *moves* taxi moves ending where he stands,
    the round follows from *moves* and *turn*, and the possible set is just his station."""
    detectives = [p for p in pieces if not p.bobby]
    if x is None:
        x = ruleset.mister_x_tickets(len(detectives))
    if supply is _AUTO:
        supply = ruleset.supply_for(len(detectives))
    if log is None:
        log = (LogEntry(TAXI, mister_x),) * moves
    if rnd is None:
        rnd = len(log) + 1 if turn is MX else len(log)
    if possible is _AUTO:
        possible = station_set([mister_x])
    return Position(
        ruleset=ruleset,
        mister_x=mister_x,
        mister_x_tickets=x,
        pieces=tuple(pieces),
        supply=supply,
        log=log,
        round=rnd,
        turn=turn,
        moved=frozenset(moved),
        possible=possible,
    )


def game_of(*args, **kwargs) -> Game:
    return Game(make(*args, **kwargs))


def xm(station: int, ticket: Ticket) -> MisterXMove:
    return MisterXMove(station, ticket)


def dm(piece: str, station: int, ticket: Ticket) -> DetectiveMove:
    return DetectiveMove(piece, station, ticket)


def snapshot(game: Game):
    return (game.mister_x_view(), game.actions, game.position(), game.can_undo, game.outcome)


def assert_refused(game: Game, move, rule: int | None, *fragments: str) -> IllegalMoveError:
    """*move* raises IllegalMoveError naming *rule*, mentions every fragment, and changes nothing."""
    before = snapshot(game)
    with pytest.raises(IllegalMoveError) as info:
        game.play(move)
    error = info.value
    assert error.rule == rule, str(error)
    if rule is not None:
        assert str(error).startswith(f"rule {rule}: "), str(error)
    for fragment in fragments:
        assert fragment in str(error), (fragment, str(error))
    assert snapshot(game) == before
    return error


def neighbours(station: int, *transports: Transport) -> set[int]:
    """The stations one line of any of *transports* away, read station by station."""
    out: set[int] = set()
    for transport in transports:
        out |= set(stations_of(BOARD.neighbours(station, transport)))
    return out


def reach(stations, *transports: Transport) -> set[int]:
    out: set[int] = set()
    for station in stations:
        out |= neighbours(station, *transports)
    return out


def true_station(game: Game) -> int:
    return game.mister_x_view().station


def occupied(game: Game) -> set[int]:
    return {p.station for p in game.public_view().pieces}


def test_helpers_use_real_lines():
    """The station choices below rest on these lines of the London board."""
    assert neighbours(8, *Transport) == {1, 18, 19}
    assert neighbours(82, Transport.TAXI) == {65, 66, 81, 101}
    assert neighbours(82, Transport.BUS) == {65, 67, 100, 140}
    assert neighbours(13, Transport.UNDERGROUND) == {46, 67, 89}
    assert neighbours(108, Transport.FERRY) == {115}
    assert neighbours(157, Transport.FERRY) == {115, 194}
    assert neighbours(194, *Transport) == {157, 192, 193, 195}


# ---------------------------------------------------------------- editions


def test_editions_reissue_numbers():
    """Edition table, reissue column."""
    r = EDITIONS["reissue"]
    assert r is REISSUE
    assert (r.length, r.length_unit) == (22, Length.ROUNDS)
    assert r.reveal_moves == {3, 8, 13}
    assert r.detective_tickets == Tickets(taxi=11, bus=8, underground=4)
    for detectives in range(2, 6):
        assert r.mister_x_tickets(detectives) == Tickets(black=5, double=2)
        assert r.supply_for(detectives) == Tickets(57 - 11 * detectives, 45 - 8 * detectives, 23 - 4 * detectives)
    assert r.ticket_flow is TicketFlow.SUPPLY
    assert r.players == (2, 6)
    assert r.transports == set(Transport)
    assert r.start_deal is StartDeal.SPLIT
    assert set(r.detective_starts) == D_CARDS and len(r.detective_starts) == 16
    assert set(r.mister_x_starts) == X_CARDS and len(r.mister_x_starts) == 13


def test_editions_classic_numbers():
    """Edition table, classic column: black tickets = number of detectives, no supply, tickets to Mister X."""
    c = EDITIONS["classic"]
    assert (c.length, c.length_unit) == (24, Length.MOVES)
    assert c.reveal_moves == {3, 8, 13, 18, 24}
    assert c.detective_tickets == Tickets(taxi=10, bus=8, underground=4)
    for detectives in range(2, 6):
        assert c.mister_x_tickets(detectives) == Tickets(taxi=4, bus=3, underground=3, black=detectives, double=2)
        assert c.supply_for(detectives) is None
    assert c.ticket_flow is TicketFlow.MISTER_X
    assert c.players == (2, 6)
    assert all(c.bobbies_for(players) == 0 for players in range(2, 7))
    assert c.transports == set(Transport)
    assert c.start_deal is StartDeal.SHARED
    assert set(c.detective_starts) == set(c.mister_x_starts) == SHARED_CARDS and len(c.detective_starts) == 18


def test_editions_beginner_numbers():
    """Edition table, beginner column: 13 rounds, no underground tickets, 1 black and 1 double, fixed starts."""
    b = EDITIONS["beginner"]
    assert (b.length, b.length_unit) == (13, Length.ROUNDS)
    assert b.reveal_moves == {3, 8, 13}
    assert b.detective_tickets == Tickets(taxi=11, bus=8)
    for detectives in range(2, 5):
        assert b.mister_x_tickets(detectives) == Tickets(black=1, double=1)
        assert b.supply_for(detectives) == Tickets(57 - 11 * detectives, 45 - 8 * detectives, 23)
    assert b.ticket_flow is TicketFlow.SUPPLY
    assert b.players == (2, 5)
    assert Transport.UNDERGROUND not in b.transports
    assert b.start_deal is StartDeal.FIXED
    assert b.detective_starts == (41, 46, 124, 142) and b.mister_x_starts == (82,)


@pytest.mark.parametrize("edition", ["reissue", "beginner"])
@pytest.mark.parametrize("players,bobbies", [(2, 2), (3, 2), (4, 1), (5, 0)])
def test_editions_bobbies_by_players(edition, players, bobbies):
    """Edition table: bobbies 2 -> 2, 3 -> 2, 4 -> 1, 5+ -> 0 (reissue and beginner)."""
    view = Game.new(edition, players=players, seed=1).public_view()
    assert sum(p.bobby for p in view.pieces) == bobbies
    assert all(p.tickets == Tickets() for p in view.pieces if p.bobby)


def test_editions_no_bobbies_with_six_players_or_in_classic():
    """Edition table: 5+ players have no bobbies in the reissue; the classic edition has none at all."""
    assert REISSUE.bobbies_for(6) == 0
    assert not any(p.bobby for p in Game.new("reissue", players=6).public_view().pieces)
    for players in range(2, 7):
        assert not any(p.bobby for p in Game.new("classic", players=players).public_view().pieces)


@pytest.mark.parametrize("edition", ["reissue", "classic", "beginner"])
def test_editions_a_new_game_gets_the_tables_numbers(edition):
    """Edition table: a dealt game holds exactly the tickets and supply of its column."""
    ruleset = EDITIONS[edition]
    game = Game.new(edition, players=4, seed=3)
    view = game.public_view()
    detectives = [p for p in view.pieces if not p.bobby]
    assert [p.name for p in detectives] == ["red", "blue", "green"]
    assert all(p.tickets == ruleset.detective_tickets for p in detectives)
    expected_x = {
        "reissue": Tickets(black=5, double=2),
        "classic": Tickets(taxi=4, bus=3, underground=3, black=3, double=2),
        "beginner": Tickets(black=1, double=1),
    }[edition]
    assert view.mister_x_tickets == expected_x
    expected_supply = {
        "reissue": Tickets(57 - 33, 45 - 24, 23 - 12),
        "classic": None,
        "beginner": Tickets(57 - 33, 45 - 24, 23),
    }[edition]
    assert view.supply == expected_supply


@pytest.mark.parametrize("players,black", [(2, 2), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_editions_classic_black_tickets_equal_detectives(players, black):
    """Edition table, classic: Mister X holds one black ticket per detective."""
    assert Game.new("classic", players=players).public_view().mister_x_tickets.black == black


@pytest.mark.parametrize("edition,players", [("reissue", 1), ("reissue", 7), ("classic", 7), ("beginner", 6), ("beginner", 1)])
def test_editions_player_range(edition, players):
    """Edition table: reissue and classic are for 2-6 players, beginner for 2-5."""
    with pytest.raises(IllegalPositionError, match=str(players)):
        Game.new(edition, players=players)


@pytest.mark.parametrize(
    "players,detective_stations,bobby_stations",
    [
        (2, [41, 46], [124, 142]),
        (3, [41, 46], [124, 142]),
        (4, [41, 46, 124], [142]),
        (5, [41, 46, 124, 142], []),
    ],
)
def test_editions_beginner_fixed_starts(players, detective_stations, bobby_stations):
    """Edition table, beginner: Mister X on 82, detectives on 41, 46, 124, 142 in order, bobbies take the rest."""
    for seed in (0, 1, 99):
        game = Game.new("beginner", players=players, seed=seed)
        view = game.public_view()
        assert [p.station for p in view.pieces if not p.bobby] == detective_stations
        assert [p.station for p in view.pieces if p.bobby] == bobby_stations
        assert true_station(game) == 82


def test_editions_beginner_no_underground_even_for_black():
    """Edition table, beginner: underground lines are closed, also to a black ticket; rule 3 refuses them."""
    pieces = (det("red", 41, BEGINNER.detective_tickets), det("blue", 142, BEGINNER.detective_tickets))
    beginner = game_of(13, *pieces, ruleset=BEGINNER)
    reissue = game_of(13, *pieces, ruleset=REISSUE)
    black_b = {m.station for m in beginner.single_moves() if m.ticket is BLACK}
    black_r = {m.station for m in reissue.single_moves() if m.ticket is BLACK}
    assert black_b == neighbours(13, Transport.TAXI, Transport.BUS) == {4, 14, 23, 24, 52}
    assert black_r == black_b | {46, 67, 89}
    assert not any(m.ticket is UNDERGROUND for m in beginner.single_moves())
    assert_refused(beginner, xm(67, BLACK), 7, "no line from 13 to 67")
    assert_refused(beginner, xm(67, UNDERGROUND), 3, "closes the underground")
    beginner.play(xm(23, BLACK))
    # Rule 16 in the beginner edition: a black ticket does not reach along underground lines.
    assert beginner.public_view().possible_stations == [4, 14, 23, 24, 52]  # from {13}, no 46/67/89


def test_editions_beginner_detectives_cannot_ride_underground():
    """Edition table, beginner: a detective holding underground tickets still may not use the lines (rule 3)."""
    game = game_of(
        82,
        det("red", 13, Tickets(taxi=2, underground=4)),
        det("blue", 142, BEGINNER.detective_tickets),
        ruleset=BEGINNER,
        turn=DET,
        moves=1,
    )
    assert not any(m.ticket is UNDERGROUND for m in game.moves_of("red"))
    assert_refused(game, dm("red", 67, UNDERGROUND), 3, "closes the underground")


def test_editions_five_reveal_option():
    """Edition table: the five-reveal schedule 3, 8, 13, 18, 24 is a setup option; move 18 is then shown."""
    assert {3, 8, 13, 18, 24} == FIVE_REVEALS
    five = replace(REISSUE, name="reissue-5", reveal_moves=FIVE_REVEALS)
    pieces = (det("red", 41), det("blue", 142))
    shown = game_of(82, *pieces, ruleset=five, moves=17)
    hidden = game_of(82, *pieces, moves=17)
    assert shown.public_view().next_move_is_reveal and not hidden.public_view().next_move_is_reveal
    for game in (shown, hidden):
        game.play(xm(81, TAXI))
    assert shown.public_view().log[17].station == 81 and shown.public_view().log[17].reveal
    assert hidden.public_view().log[17].station is None and not hidden.public_view().log[17].reveal


def test_editions_custom_ruleset_plays_without_engine_changes():
    """Edition table: rounds, reveal moves, tickets, ticket flow and bobbies are all settings of a custom ruleset."""
    custom = replace(
        REISSUE,
        name="quick",
        length=2,
        reveal_moves=frozenset({1}),
        detective_tickets=Tickets(taxi=5, bus=2, underground=1),
        box_tickets=Tickets(20, 20, 20),
        ticket_flow=TicketFlow.MISTER_X,
        bobbies_by_players={3: 1},
    )
    game = Game.new(custom, players=3, seed=4)
    view = game.public_view()
    assert [(p.name, p.tickets) for p in view.pieces] == [
        ("red", Tickets(5, 2, 1)),
        ("blue", Tickets(5, 2, 1)),
        ("bobby1", Tickets()),
    ]
    assert view.supply == Tickets(10, 16, 18)
    game.play(game.single_moves()[0])
    assert game.public_view().log[0].station == true_station(game)  # reveal after move 1
    x_before = game.public_view().mister_x_tickets
    supply_before = game.public_view().supply
    red_move = game.moves_of("red")[0]
    game.play(red_move)
    after = game.public_view()
    assert after.supply == supply_before  # flow is to Mister X, not the supply
    assert after.mister_x_tickets[red_move.ticket] == x_before[red_move.ticket] + 1
    while not game.is_over:
        here = true_station(game)
        moves = [m for m in game.single_moves() if getattr(m, "station", None) != here]
        game.play(moves[0])
    assert game.outcome.reason is Reason.SURVIVED and game.outcome.round == 2
    assert game.moves_made == 2


def test_editions_ruleset_rejects_nonsense():
    """Edition table: a custom ruleset must still be playable (a length, reveal moves from 1, no black for detectives)."""
    with pytest.raises(ValueError):
        replace(REISSUE, length=0)
    with pytest.raises(ValueError):
        replace(REISSUE, reveal_moves=frozenset({0, 3}))
    with pytest.raises(ValueError):
        replace(REISSUE, detective_tickets=Tickets(taxi=10, black=1))


# ---------------------------------------------------------------- rule 1: setup


@pytest.mark.parametrize("players", range(2, 7))
def test_rule_1_reissue_deals_from_split_decks(players):
    """Rule 1 (reissue): detectives and bobbies get distinct 'D' cards, Mister X an 'X' card."""
    for seed in range(15):
        game = Game.new("reissue", players=players, seed=seed)
        stations = [p.station for p in game.public_view().pieces]
        assert len(stations) == max(players - 1, 2) + REISSUE.bobbies_for(players)
        assert len(set(stations)) == len(stations)
        assert set(stations) <= D_CARDS
        assert true_station(game) in X_CARDS


@pytest.mark.parametrize("players", range(2, 7))
def test_rule_1_classic_deals_from_one_shared_deck(players):
    """Rule 1 (classic): everyone draws from the 18 shared cards, so Mister X never shares a detective's card."""
    for seed in range(15):
        game = Game.new("classic", players=players, seed=seed)
        stations = [p.station for p in game.public_view().pieces]
        assert len(set(stations)) == len(stations) == max(players - 1, 2)
        assert set(stations) <= SHARED_CARDS
        assert true_station(game) in SHARED_CARDS - set(stations)


@pytest.mark.parametrize("edition", ["reissue", "classic"])
def test_rule_1_same_seed_same_deal_different_seeds_differ(edition):
    """Rule 1: start stations are seeded for replay."""

    def dealt(seed):
        game = Game.new(edition, players=5, seed=seed)
        return tuple(p.station for p in game.public_view().pieces), true_station(game)

    assert dealt(11) == dealt(11)
    assert Game.new(edition, players=5, seed=11).position() == Game.new(edition, players=5, seed=11).position()
    deals = {dealt(seed) for seed in range(10)}
    assert len(deals) > 1
    assert len({d[1] for d in deals}) > 1  # Mister X's card varies too


@pytest.mark.parametrize("players,detectives", [(2, 2), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_rule_1_detectives_are_players_minus_one_at_least_two(players, detectives):
    """Rule 1 / Words: detectives = players - 1, but at least 2; named by colour in order."""
    view = Game.new("reissue", players=players, seed=2).public_view()
    assert [p.name for p in view.pieces if not p.bobby] == ["red", "blue", "green", "yellow", "purple"][:detectives]


def test_rule_1_mister_x_is_dealt_in_secret_and_not_placed():
    """Rule 1: Mister X's start station is secret: the public view shows no station for him."""
    game = Game.new("reissue", players=4, seed=5)
    view = game.public_view()
    assert view.mister_x_final is None and view.log == () and view.last_reveal is None
    assert true_station(game) not in {p.station for p in view.pieces}
    with pytest.raises(ValueError):
        game.station_of("mister_x")


@pytest.mark.parametrize(
    "edition,detectives,bobbies,fits",
    [("classic", 5, 12, 17), ("classic", 5, 13, 17), ("classic", 2, 16, 17), ("reissue", 5, 12, 16), ("beginner", 4, 1, 4)],
)
def test_rule_1_no_deal_for_more_pieces_than_start_stations(edition, detectives, bobbies, fits):
    """Rule 1 / start stations: a deal needs a start station for every piece; with one shared deck (classic)
    a card must be left for Mister X, so 17 detectives and bobbies fit and 18 are refused, naming the count."""
    pieces = detectives + bobbies
    if pieces <= fits:
        game = Game.new(edition, detectives=detectives, bobbies=bobbies, seed=3)
        stations = {p.station for p in game.public_view().pieces}
        assert len(stations) == pieces
        assert true_station(game) not in stations and true_station(game) in BOARD
        if edition == "classic":
            assert stations | {true_station(game)} == SHARED_CARDS  # Mister X takes the last card
        return
    with pytest.raises(IllegalPositionError) as info:
        Game.new(edition, detectives=detectives, bobbies=bobbies, seed=3)
    message = str(info.value)
    assert f"the {edition} edition has start stations for {fits} pieces, not {pieces}" in message
    assert "station 0" not in message and "not on the board" not in message


# ---------------------------------------------------------------- rule 2: order


def _order_game() -> Game:
    return game_of(82, det("red", 13), det("blue", 46), bob(1, 111))


def test_rule_2_mister_x_moves_first():
    """Rule 2: in each round Mister X moves first; a detective or bobby trying to go first is refused."""
    game = _order_game()
    assert game.turn is MX and game.round == 1
    assert all(isinstance(m, MisterXMove) for m in game.single_moves())
    assert_refused(game, dm("red", 14, TAXI), 2, "Mister X moves first")
    assert_refused(game, dm("bobby1", 110, TAXI), 2)


def test_rule_2_mister_x_waits_while_detectives_move():
    """Rule 2: after his move, Mister X waits until the detectives and bobbies are done."""
    game = _order_game()
    game.play(xm(81, TAXI))
    assert game.turn is DET
    assert_refused(game, xm(64, TAXI), 2)
    game.play(dm("red", 14, TAXI))
    assert_refused(game, xm(64, TAXI), 2)


def test_rule_2_detectives_move_in_any_order():
    """Rule 2: detectives and bobbies move in any order they choose; the result is the same."""
    moves = [dm("red", 14, TAXI), dm("blue", 47, TAXI), dm("bobby1", 110, TAXI)]
    results = []
    for order in ([0, 1, 2], [2, 0, 1], [1, 2, 0]):
        game = _order_game()
        game.play(xm(81, TAXI))
        for i in order:
            game.play(moves[i])
        results.append((game.position(), game.round, game.turn))
    assert results[0] == results[1] == results[2]
    assert results[0][1:] == (2, MX)


def test_rule_2_each_piece_moves_once_per_round():
    """Rule 2: a detective or bobby that moved this round may not move again."""
    game = _order_game()
    game.play(xm(81, TAXI))
    game.play(dm("red", 14, TAXI))
    assert "red" in game.public_view().moved and "red" not in game.to_move()
    assert game.moves_of("red") == []
    assert_refused(game, dm("red", 13, TAXI), 2, "the red detective has already moved in round 1")
    game.play(dm("bobby1", 110, TAXI))
    assert_refused(game, dm("bobby1", 111, TAXI), 2, "bobby1 has already moved")
    game.play(dm("blue", 47, TAXI))
    assert (game.round, game.turn, game.public_view().moved) == (2, MX, frozenset())


def test_rule_2_mister_x_plays_one_action_per_turn():
    """Rule 2 with rule 8: a double move is his whole turn; he cannot add a move after it."""
    game = _order_game()
    game.play(DoubleMove(xm(81, TAXI), xm(64, TAXI)))
    assert game.turn is DET
    assert_refused(game, xm(63, TAXI), 2)
    assert_refused(game, DoubleMove(xm(63, TAXI), xm(64, TAXI)), 2)


# ---------------------------------------------------------------- rule 3: lines and tickets


def _lines_game(**kwargs) -> Game:
    pieces = kwargs.pop("pieces", (det("red", 8), det("blue", 13), bob(1, 46)))
    return game_of(82, *pieces, turn=DET, moves=1, **kwargs)


def test_rule_3_detective_moves_along_a_line_and_gives_up_the_ticket():
    """Rule 3: a move goes along one line to the next station, paid with a ticket of its transport."""
    game = _lines_game()
    assert {(m.station, m.ticket) for m in game.moves_of("red")} == {(1, TAXI), (18, TAXI), (19, TAXI)}
    game.play(dm("red", 1, TAXI))
    assert game.station_of("red") == 1
    assert game.tickets_of("red") == Tickets(taxi=10, bus=8, underground=4)


def test_rule_3_no_line_of_that_transport():
    """Rule 3: the ticket must match a line from the piece's station to the destination."""
    game = _lines_game()
    assert_refused(game, dm("red", 1, BUS), 3, "there is no bus line from 8 to 1")
    assert_refused(game, dm("red", 2, TAXI), 3, "there is no taxi line from 8 to 2")
    assert_refused(game, dm("blue", 14, UNDERGROUND), 3, "no underground line from 13 to 14")


def test_rule_3_detective_needs_a_ticket():
    """Rule 3: a detective without a ticket of the line's transport may not use it."""
    game = _lines_game(pieces=(det("red", 13, Tickets(taxi=3, bus=0, underground=1)), det("blue", 46)))
    assert not any(m.ticket is BUS for m in game.moves_of("red"))
    assert_refused(game, dm("red", 52, BUS), 3, "the red detective has no bus ticket left")


@pytest.mark.parametrize("ticket", [BLACK, DOUBLE])
def test_rule_3_detectives_use_no_black_or_double_tickets(ticket):
    """Rule 3 / 7 / 8: only Mister X plays black and double-move tickets."""
    game = _lines_game()
    refused = assert_refused(game, dm("red", 1, ticket), 3, "travels by taxi, bus or underground")
    assert refused.refusal is Refusal.DETECTIVES_RIDE and refused.fields["ticket"] is ticket
    assert refused.fields["piece"] == Piece("red", "the red detective")
    assert_refused(game, dm("bobby1", 1, ticket), 3)


def test_rule_3_bobby_needs_no_ticket():
    """Rule 3 / 10: a bobby moves on any line of the edition without tickets and spends nothing."""
    game = _lines_game()
    supply = game.public_view().supply
    assert {m.station for m in game.moves_of("bobby1")} == neighbours(46, Transport.TAXI, Transport.BUS, Transport.UNDERGROUND) - {13}
    game.play(dm("bobby1", 79, UNDERGROUND))
    assert game.station_of("bobby1") == 79
    assert game.tickets_of("bobby1") == Tickets()
    assert game.public_view().supply == supply


@pytest.mark.parametrize("origin,ferry_stop", [(108, 115), (115, 108), (115, 157), (157, 115), (157, 194), (194, 157)])
def test_rule_3_nobody_but_mister_x_uses_the_ferry(origin, ferry_stop):
    """Rule 3: detectives and bobbies never ride the ferry (108-115, 115-157, 157-194)."""
    for piece in (det("red", origin), bob(1, origin)):
        game = _lines_game(pieces=(piece, det("blue", 13), det("green", 46)))
        assert ferry_stop not in {m.station for m in game.moves_of(piece.name)}
        for ticket in (TAXI, BUS, UNDERGROUND):
            assert_refused(game, dm(piece.name, ferry_stop, ticket), 3)


@pytest.mark.parametrize("origin,ferry_stop", [(108, 115), (115, 108), (115, 157), (157, 115), (157, 194), (194, 157)])
def test_rule_3_and_7_mister_x_rides_the_ferry_only_by_black(origin, ferry_stop):
    """Rules 3 and 7: the ferry takes only a black ticket, in both directions of every crossing."""
    game = game_of(origin, det("red", 13), det("blue", 46))
    ferry_moves = {m.ticket for m in game.single_moves() if m.station == ferry_stop}
    assert ferry_moves == {BLACK}
    assert_refused(game, xm(ferry_stop, TAXI), 7, f"the ferry from {origin} to {ferry_stop} takes only a black ticket")
    game.play(xm(ferry_stop, BLACK))
    assert true_station(game) == ferry_stop
    assert game.public_view().log[-1].ticket is BLACK


def test_rule_3_bobby_may_name_either_line_to_the_same_station():
    """Rule 3: a bobby's listed moves name each destination once (by the first of taxi, bus, underground),
    and a move naming another line to the same station is accepted too."""
    # bobby1 on 46: station 1 by bus and by underground.
    assert neighbours(46, Transport.BUS) & neighbours(46, Transport.UNDERGROUND) == {1}
    game = _lines_game()
    listed = game.moves_of("bobby1")
    assert len({m.station for m in listed}) == len(listed)
    assert dm("bobby1", 1, BUS) in listed and dm("bobby1", 1, UNDERGROUND) not in listed
    other_line = dm("bobby1", 1, UNDERGROUND)
    assert game.is_legal(other_line) and other_line in game.legal_moves()
    game.play(other_line)
    assert game.station_of("bobby1") == 1 and game.tickets_of("bobby1") == Tickets()
    assert game.actions == (other_line,)


# ---------------------------------------------------------------- rule 4: occupied stations


def _crowded_game(**kwargs) -> Game:
    # Mister X on 82: taxi 65, 66, 81, 101; bus 65, 67, 100, 140.
    return game_of(82, det("red", 66), det("blue", 67), bob(1, 65), **kwargs)


def test_rule_4_detective_may_not_land_on_detective_or_bobby():
    """Rule 4: no detective ends a move where another detective or a bobby stands."""
    game = _crowded_game()
    game.play(xm(81, TAXI))
    assert {m.station for m in game.moves_of("red")} == {49, 82}
    assert_refused(game, dm("red", 67, TAXI), 4, "station 67 is occupied by the blue detective")
    assert_refused(game, dm("red", 65, TAXI), 4, "station 65 is occupied by bobby1")
    assert_refused(game, dm("bobby1", 66, TAXI), 4, "occupied by the red detective")


def test_rule_4_mister_x_may_not_land_on_detective_or_bobby():
    """Rule 4: Mister X may never move onto a detective or a bobby, by any ticket."""
    game = _crowded_game()
    assert {m.station for m in game.single_moves()} == {81, 100, 101, 140}
    assert_refused(game, xm(66, TAXI), 4, "Mister X may not move onto station 66: the red detective is there")
    assert_refused(game, xm(67, BUS), 4, "the blue detective is there")
    assert_refused(game, xm(65, BLACK), 4, "bobby1 is there")


def test_rule_4_first_leg_of_double_may_not_land_on_a_piece():
    """Rule 4 / 8: the first leg of a double move obeys rule 4."""
    game = _crowded_game()
    assert_refused(game, DoubleMove(xm(66, TAXI), xm(49, TAXI)), 4, "red detective")


@pytest.mark.parametrize("piece,name", [(det("red", 64), "the red detective"), (bob(1, 64), "bobby1")])
def test_rule_4_second_leg_of_double_may_not_land_on_a_piece(piece, name):
    """Rule 4 / 8: the second leg of a double move may not land on a detective or bobby either."""
    game = game_of(82, piece, det("blue", 13), det("green", 46))
    assert 64 in neighbours(81, Transport.TAXI)
    assert 64 not in {m.station for m in game.second_legs(xm(81, TAXI))}
    error = assert_refused(game, DoubleMove(xm(81, TAXI), xm(64, TAXI)), 4, "second leg", f"{name} is there")
    assert "64" in str(error)


def test_rule_4_detective_onto_mister_x_is_allowed_and_captures():
    """Rule 4's exception: a detective moving onto Mister X captures him (rule 11)."""
    game = game_of(82, det("red", 65), det("blue", 13), turn=DET, moves=1)
    assert dm("red", 82, TAXI) in game.moves_of("red")
    game.play(dm("red", 82, TAXI))
    assert game.outcome.reason is Reason.CAPTURE


# ---------------------------------------------------------------- rule 5: must move / sit out


def test_rule_5_a_detective_without_matching_ticket_sits_out():
    """Rule 5: a detective with no ticket for any line at his station sits out; detectives never trade tickets."""
    game = game_of(82, det("red", 8, Tickets(bus=8, underground=4)), det("blue", 13), turn=DET, moves=1)
    assert game.sitting_out() == ("red",) and game.to_move() == ("blue",)
    assert game.moves_of("red") == []
    assert_refused(game, dm("red", 1, TAXI), 3, "no taxi ticket")
    game.play(dm("blue", 14, TAXI))
    assert (game.round, game.turn) == (2, MX)
    assert game.tickets_of("red") == Tickets(bus=8, underground=4)


def test_rule_5_blocked_piece_moves_once_unblocked_and_must_move():
    """Rule 5: a piece blocked earlier in the round may move once unblocked, and then it must."""
    # Red on 2 (taxi 10, 20) is boxed in by blue on 10 and green on 20.
    game = game_of(82, det("red", 2), det("blue", 10), det("green", 20), turn=DET, moves=1)
    assert game.sitting_out() == ("red",)
    assert set(game.to_move()) == {"blue", "green"}
    game.play(dm("blue", 11, TAXI))
    assert "red" in game.to_move() and game.sitting_out() == ()
    game.play(dm("green", 33, TAXI))
    assert game.turn is DET and game.to_move() == ("red",)
    assert_refused(game, xm(81, TAXI), 2)  # the round is not over: red can move, so red must
    game.play(dm("red", 10, TAXI))
    assert (game.round, game.turn) == (2, MX)


def test_rule_5_round_ends_when_nobody_unmoved_can_move():
    """Rule 5: the detectives' part ends at once when no unmoved detective or bobby can move."""
    # Red on 2 is boxed in; blue and green hold no tickets at all. Red still holds taxi tickets, so
    # the detectives are not exhausted (rule 13): everyone sits out.
    game = game_of(82, det("red", 2), det("blue", 10, Tickets()), det("green", 20, Tickets()))
    game.play(xm(81, TAXI))
    assert game.outcome is None
    assert (game.round, game.turn) == (2, MX)
    assert game.public_view().pieces[0].station == 2


def test_rule_5_blocked_bobby_sits_out():
    """Rule 5: a bobby with every destination occupied sits out too."""
    # bobby1 on 8 (taxi 1, 18, 19 only): pieces on all three; they have no tickets but red (on 1) does.
    game = game_of(
        82,
        det("red", 1, Tickets(bus=2)),
        det("blue", 18, Tickets()),
        det("green", 19, Tickets()),
        bob(1, 8),
        turn=DET,
        moves=1,
    )
    assert "bobby1" in game.sitting_out()
    assert game.to_move() == ("red",)
    game.play(dm("red", 58, BUS))
    assert game.to_move() == ("bobby1",)  # 1 is free now
    game.play(dm("bobby1", 1, TAXI))
    assert (game.round, game.turn) == (2, MX)


# ---------------------------------------------------------------- rule 6: Mister X's move and tickets


def test_rule_6_mister_x_pays_his_own_ticket_first_then_the_supply():
    """Rule 6: his own ticket of the kind if he has one, otherwise one from the general supply."""
    game = game_of(82, det("red", 13), det("blue", 46), x=Tickets(taxi=1, black=5, double=2), supply=Tickets(10, 10, 10))
    game.play(xm(81, TAXI))
    view = game.public_view()
    assert view.mister_x_tickets == Tickets(taxi=0, black=5, double=2)
    assert view.supply == Tickets(10, 10, 10)
    game.play(dm("red", 14, TAXI))
    game.play(dm("blue", 47, TAXI))
    assert game.public_view().supply == Tickets(12, 10, 10)
    game.play(xm(64, TAXI))
    view = game.public_view()
    assert view.mister_x_tickets == Tickets(black=5, double=2)
    assert view.supply == Tickets(11, 10, 10)


def test_rule_6_no_ticket_anywhere_means_only_black():
    """Rule 6: if neither he nor the supply has a ticket of that transport, he uses that line only by black."""
    game = game_of(82, det("red", 13), det("blue", 46), supply=Tickets(taxi=0, bus=5, underground=5))
    assert not any(m.ticket is TAXI for m in game.single_moves())
    assert {m.station for m in game.single_moves() if m.ticket is BLACK} >= {81, 101}
    assert_refused(game, xm(81, TAXI), 6, "Mister X has no taxi ticket and the general supply has none")
    game.play(xm(81, BLACK))
    assert game.public_view().mister_x_tickets.black == 4


def test_rule_6_classic_without_supply():
    """Rule 6 (classic): there is no supply; without his own ticket of the kind he cannot take that line."""
    game = game_of(
        82,
        det("red", 13, CLASSIC.detective_tickets),
        det("blue", 46, CLASSIC.detective_tickets),
        ruleset=CLASSIC,
        x=Tickets(taxi=0, bus=3, underground=3, black=2, double=2),
    )
    error = assert_refused(game, xm(81, TAXI), 6, "Mister X has no taxi ticket")
    assert "supply" not in str(error)
    game.play(xm(100, BUS))
    assert game.public_view().mister_x_tickets == Tickets(bus=2, underground=3, black=2, double=2)


def test_rule_6_log_entry_hides_the_station_but_shows_the_transport():
    """Rule 6: he writes the station in the travel log; the detectives see only the ticket."""
    game = game_of(82, det("red", 13), det("blue", 46))
    game.play(xm(100, BUS))
    assert game.mister_x_view().log[-1] == LogEntry(BUS, 100)
    entry = game.public_view().log[-1]
    assert (entry.move, entry.ticket, entry.station, entry.reveal) == (1, BUS, None, False)


def test_rule_6_mister_x_moves_only_to_a_joined_station():
    """Rule 6 / 3: he chooses a station joined to his own by a line of the ticket's transport."""
    game = game_of(82, det("red", 13), det("blue", 46))
    assert_refused(game, xm(83, TAXI), 3, "there is no taxi line from 82 to 83")
    assert_refused(game, xm(81, BUS), 3, "there is no bus line from 82 to 81")
    assert_refused(game, xm(81, DOUBLE), 8)


# ---------------------------------------------------------------- rule 7: black ticket


@pytest.mark.parametrize("station,line", [(24, Transport.TAXI), (52, Transport.BUS), (89, Transport.UNDERGROUND)])
def test_rule_7_black_ticket_on_any_line(station, line):
    """Rule 7: a black ticket is used instead of any transport; the detectives see black."""
    assert station in neighbours(13, line)
    game = game_of(13, det("red", 41), det("blue", 142))
    game.play(xm(station, BLACK))
    assert true_station(game) == station
    view = game.public_view()
    assert view.mister_x_tickets.black == 4
    assert view.log[-1].ticket is BLACK and view.log[-1].station is None
    assert game.mister_x_view().log[-1] == LogEntry(BLACK, station)


def test_rule_7_black_ticket_still_needs_a_line():
    """Rule 7: black covers any line, but there must be a line."""
    game = game_of(13, det("red", 41), det("blue", 142))
    assert_refused(game, xm(2, BLACK), 7, "there is no line from 13 to 2")


def test_rule_7_no_black_ticket_left():
    """Rule 7: without a black ticket he cannot play one (nor ride the ferry)."""
    game = game_of(13, det("red", 41), det("blue", 142), x=Tickets(double=2))
    assert not any(m.ticket is BLACK for m in game.single_moves())
    assert_refused(game, xm(14, BLACK), 7, "Mister X has no black ticket left")
    ferry = game_of(108, det("red", 41), det("blue", 142), x=Tickets(double=2))
    assert 115 not in {m.station for m in ferry.single_moves()}
    assert_refused(ferry, xm(115, BLACK), 7, "Mister X has no black ticket left")


# ---------------------------------------------------------------- rule 8: double move


def _double_game(**kwargs) -> Game:
    return game_of(82, det("red", 13), det("blue", 46), **kwargs)


def test_rule_8_double_move_is_one_action_with_two_log_entries():
    """Rule 8: two moves in a row, played as one action, each filling its own travel-log entry."""
    game = _double_game()
    supply = game.public_view().supply
    double = DoubleMove(xm(81, TAXI), xm(64, TAXI))
    game.play(double)
    assert game.actions == (double,)
    assert game.mister_x_view().log == (LogEntry(TAXI, 81, double=True), LogEntry(TAXI, 64, double=True))
    assert [entry.double for entry in game.public_view().log] == [True, True]  # the double ticket is public
    view = game.public_view()
    assert [e.move for e in view.log] == [1, 2] and view.moves_made == 2
    assert view.mister_x_tickets == Tickets(black=5, double=1)
    assert view.supply == supply._replace(taxi=supply.taxi - 2)
    assert (game.round, game.turn) == (1, DET)


def test_rule_8_each_leg_may_be_black():
    """Rule 8: each leg of a double move may be black (including the ferry)."""
    game = game_of(108, det("red", 13), det("blue", 46))
    game.play(DoubleMove(xm(115, BLACK), xm(157, BLACK)))
    assert game.mister_x_view().log == (LogEntry(BLACK, 115, double=True), LogEntry(BLACK, 157, double=True))
    assert game.public_view().mister_x_tickets == Tickets(black=3, double=1)


def test_rule_8_second_leg_pays_after_the_first():
    """Rule 8 / 6 / 7: both legs must be legal, the second with the tickets left after the first."""
    one_black = _double_game(x=Tickets(black=1, double=2))
    error = assert_refused(one_black, DoubleMove(xm(81, BLACK), xm(64, BLACK)), 7, "second leg", "no black ticket left")
    one_taxi = _double_game(x=Tickets(taxi=1, black=1, double=2), supply=Tickets(0, 5, 5))
    assert_refused(one_taxi, DoubleMove(xm(81, TAXI), xm(64, TAXI)), 6, "second leg", "no taxi ticket")
    one_taxi.play(DoubleMove(xm(81, TAXI), xm(64, BLACK)))
    assert one_taxi.public_view().mister_x_tickets == Tickets(double=1)
    assert error.rule == 7


def test_rule_8_both_legs_must_be_legal():
    """Rule 8: a double move whose second leg has no line is refused as a whole."""
    game = _double_game()
    assert_refused(game, DoubleMove(xm(81, TAXI), xm(13, TAXI)), 3, "second leg", "no taxi line from 81 to 13")
    assert_refused(game, DoubleMove(xm(83, TAXI), xm(81, TAXI)), 3, "no taxi line from 82 to 83")


def test_rule_8_needs_a_double_move_ticket():
    """Rule 8: without a double-move ticket there is no double move."""
    game = _double_game(x=Tickets(black=5))
    assert not game.can_double
    assert list(game.double_moves()) == []
    assert_refused(game, DoubleMove(xm(81, TAXI), xm(64, TAXI)), 8, "Mister X has no double-move ticket left")


def test_rule_8_classic_no_double_with_fewer_than_two_moves_left():
    """Rule 8 (classic): the length counts moves, so a double is refused with only move 24 left."""
    pieces = (det("red", 13, CLASSIC.detective_tickets), det("blue", 46, CLASSIC.detective_tickets))
    last = game_of(82, *pieces, ruleset=CLASSIC, moves=23)
    assert not last.can_double
    assert_refused(last, DoubleMove(xm(81, TAXI), xm(64, TAXI)), 8, "only 1 travel-log entry is left")
    two_left = game_of(82, *pieces, ruleset=CLASSIC, moves=22, rnd=21)
    assert two_left.can_double
    two_left.play(DoubleMove(xm(81, TAXI), xm(64, TAXI)))
    assert two_left.moves_made == 24


def test_rule_8_reissue_allows_a_double_in_the_last_round():
    """Rule 8 (reissue): the length counts rounds and the log has room, so a double is fine in round 22."""
    game = _double_game(moves=21)
    assert game.round == 22 and game.can_double
    game.play(DoubleMove(xm(81, TAXI), xm(64, TAXI)))
    assert game.moves_made == 23 and not game.is_over
    game.play(dm("red", 14, TAXI))
    game.play(dm("blue", 47, TAXI))
    assert game.outcome.reason is Reason.SURVIVED and game.outcome.round == 22


def test_rule_8_move_24_reveal_after_two_doubles():
    """Rule 8: the log holds 24 entries in the reissue; move 24 is reached only by a second double move."""
    five = replace(REISSUE, name="reissue-5", reveal_moves=FIVE_REVEALS)
    game = game_of(82, det("red", 13), det("blue", 46), ruleset=five, moves=22, rnd=22, x=Tickets(black=5, double=1))
    game.play(DoubleMove(xm(81, TAXI), xm(64, TAXI)))
    log = game.public_view().log
    assert len(log) == 24
    assert log[22].station is None and log[23].station == 64 and log[23].reveal


def test_rule_8_second_leg_may_end_where_the_turn_started():
    """Rule 8: the second leg of a double move may go back to the station the turn started on."""
    game = _double_game()
    there_and_back = DoubleMove(xm(81, TAXI), xm(82, TAXI))
    assert xm(82, TAXI) in game.second_legs(xm(81, TAXI))
    assert there_and_back in set(game.double_moves())
    assert game.is_legal(there_and_back)
    game.play(there_and_back)
    assert true_station(game) == 82
    assert game.mister_x_view().log == (LogEntry(TAXI, 81, double=True), LogEntry(TAXI, 82, double=True))
    assert (game.round, game.turn) == (1, DET)
    assert 82 in stations_of(game.possible_locations)


# ---------------------------------------------------------------- rule 9: reveals


@pytest.mark.parametrize("move", range(1, 23))
def test_rule_9_reissue_reveals_after_moves_3_8_13(move):
    """Rule 9 (reissue): after moves 3, 8 and 13 his station is shown; otherwise not."""
    game = game_of(82, det("red", 13), det("blue", 46), moves=move - 1)
    game.play(xm(81, TAXI))
    entry = game.public_view().log[-1]
    shown = move in {3, 8, 13}
    assert entry.reveal is shown
    assert entry.station == (81 if shown else None)
    assert (game.public_view().possible == station_set([81])) is shown


@pytest.mark.parametrize("move", range(1, 25))
def test_rule_9_classic_reveals_after_moves_3_8_13_18_24(move):
    """Rule 9 (classic): reveals after moves 3, 8, 13, 18 and 24."""
    pieces = (det("red", 13, CLASSIC.detective_tickets), det("blue", 46, CLASSIC.detective_tickets))
    game = game_of(82, *pieces, ruleset=CLASSIC, moves=move - 1)
    game.play(xm(81, TAXI))
    assert game.public_view().log[-1].station == (81 if move in {3, 8, 13, 18, 24} else None)


def test_rule_9_reveal_goes_by_move_number_not_round():
    """Rule 9: a double in round 1 makes round 2's move the third, which is revealed."""
    early = game_of(82, det("red", 13), det("blue", 46), moves=2, rnd=2, x=Tickets(black=5, double=1))
    early.play(xm(81, TAXI))
    assert early.round == 2 and early.public_view().log[2].station == 81
    late = game_of(82, det("red", 13), det("blue", 46), moves=3, rnd=3, x=Tickets(black=5, double=1))
    late.play(xm(81, TAXI))
    assert late.round == 3 and late.public_view().log[3].station is None


def test_rule_9_reveal_on_first_leg_of_double_move():
    """Rule 9: on the first leg of a double he appears and vanishes again within the same turn."""
    game = game_of(82, det("red", 13), det("blue", 46), moves=2)
    assert game.public_view().next_move_is_reveal
    game.play(DoubleMove(xm(81, TAXI), xm(64, TAXI)))
    view = game.public_view()
    assert (view.log[2].station, view.log[2].reveal) == (81, True)
    assert (view.log[3].station, view.log[3].reveal) == (None, False)
    assert view.last_reveal == 81
    assert set(view.possible_stations) == neighbours(81, Transport.TAXI) - {13, 46} == {64, 82, 100}


def test_rule_9_reveal_on_second_leg_of_double_move():
    """Rule 9: when the second leg is the reveal move, only it is shown."""
    game = game_of(82, det("red", 13), det("blue", 46), moves=1)
    game.play(DoubleMove(xm(81, TAXI), xm(64, TAXI)))
    view = game.public_view()
    assert view.log[1].station is None and view.log[2].station == 64
    assert view.possible_stations == [64]


def test_rule_9_reveal_stays_visible_and_later_moves_hide_again():
    """Rule 9 / 15: a revealed entry stays public; the next move is hidden again."""
    game = game_of(82, det("red", 13), det("blue", 46), moves=2)
    game.play(xm(81, TAXI))
    game.play(dm("red", 14, TAXI))
    game.play(dm("blue", 47, TAXI))
    game.play(xm(100, TAXI))
    view = game.public_view()
    assert view.log[2].station == 81 and view.log[3].station is None
    assert set(view.possible_stations) == neighbours(81, Transport.TAXI) - {14, 47}


# ---------------------------------------------------------------- rule 10: tickets flow


@pytest.mark.parametrize("edition", ["reissue", "beginner"])
def test_rule_10_detective_ticket_goes_to_supply(edition):
    """Rule 10 (reissue, beginner): a detective's used ticket goes to the general supply."""
    ruleset = EDITIONS[edition]
    tickets = ruleset.detective_tickets
    game = game_of(82, det("red", 13, tickets), det("blue", 142, tickets), ruleset=ruleset, turn=DET, moves=1)
    before = game.public_view()
    game.play(dm("red", 23, BUS))
    after = game.public_view()
    assert after.supply == before.supply._replace(bus=before.supply.bus + 1)
    assert after.piece("red").tickets == before.piece("red").tickets._replace(bus=before.piece("red").tickets.bus - 1)
    assert after.mister_x_tickets == before.mister_x_tickets


def test_rule_10_classic_detective_ticket_goes_to_mister_x_who_may_use_it():
    """Rule 10 (classic): the used ticket goes to Mister X, and he can travel with it."""
    c = CLASSIC.detective_tickets
    game = game_of(82, det("red", 13, c), det("blue", 46, c), ruleset=CLASSIC, x=Tickets(bus=1, double=2))
    assert not any(m.ticket is TAXI for m in game.single_moves())
    game.play(xm(100, BUS))
    game.play(dm("red", 14, TAXI))
    view = game.public_view()
    assert view.supply is None
    assert view.mister_x_tickets == Tickets(taxi=1, double=2)
    assert view.piece("red").tickets == c._replace(taxi=9)
    game.play(dm("blue", 34, BUS))
    assert game.public_view().mister_x_tickets == Tickets(taxi=1, bus=1, double=2)
    game.play(xm(81, TAXI))
    assert game.public_view().mister_x_tickets == Tickets(bus=1, double=2)


def test_rule_10_reissue_box_totals_are_conserved_by_detectives():
    """Rule 10: a detective's ticket moves to the supply; supply + detectives stay the box's 57/45/23."""
    game = Game.new("reissue", players=4, seed=8)
    rng = random.Random(8)

    def totals():
        view = game.public_view()
        held = [sum(p.tickets[i] for p in view.pieces) for i in range(3)]
        return tuple(view.supply[i] + held[i] for i in range(3))

    assert totals() == (57, 45, 23)
    spent = [0, 0, 0]
    for _ in range(12):
        if game.is_over:
            break
        moves = game.single_moves()
        move = moves[rng.randrange(len(moves))]
        if isinstance(move, MisterXMove) and move.ticket is not BLACK:
            spent[move.ticket] += 1  # he owns no taxi/bus/underground: they come from the supply
        game.play(move)
        assert totals() == (57 - spent[0], 45 - spent[1], 23 - spent[2])


def test_rule_10_mister_x_tickets_leave_play():
    """Rule 10: Mister X's used tickets cover his log; nobody gets them back."""
    game = game_of(82, det("red", 13), det("blue", 46), supply=Tickets(10, 10, 10))
    game.play(xm(81, BLACK))
    view = game.public_view()
    assert view.mister_x_tickets.black == 4
    assert view.supply == Tickets(10, 10, 10)
    assert view.piece("red").tickets == REISSUE.detective_tickets


def test_rule_10_bobbies_use_no_tickets():
    """Rule 10: a bobby's move changes no ticket anywhere."""
    game = game_of(82, det("red", 13), det("blue", 142), bob(1, 46), turn=DET, moves=1)
    before = game.public_view()
    game.play(dm("bobby1", 79, UNDERGROUND))
    after = game.public_view()
    assert (after.supply, after.mister_x_tickets) == (before.supply, before.mister_x_tickets)
    assert [p.tickets for p in after.pieces] == [p.tickets for p in before.pieces]


# ---------------------------------------------------------------- rule 11: capture


def _capture_game(**kwargs) -> Game:
    return game_of(82, det("red", 65), det("blue", 13), bob(1, 67), turn=DET, moves=1, **kwargs)


@pytest.mark.parametrize("move,by", [(dm("red", 82, TAXI), "red"), (dm("red", 82, BUS), "red"), (dm("bobby1", 82, BUS), "bobby1")])
def test_rule_11_capture_wins_for_the_detectives(move, by):
    """Rule 11: the detectives win the instant a detective or bobby lands on Mister X."""
    game = _capture_game()
    game.play(move)
    assert game.is_over
    assert (game.outcome.reason, game.outcome.winner, game.outcome.by, game.outcome.round) == (Reason.CAPTURE, DET, by, 1)
    assert not game.legal_moves()
    assert game.public_view().mister_x_final == 82
    assert_refused(game, dm("blue", 14, TAXI), None, "the game is over")


def test_rule_11_capture_on_the_last_move_of_the_game():
    """Rule 11: a capture on the very last move of round 22 still wins for the detectives."""
    caught = game_of(82, det("red", 65), det("blue", 13), turn=DET, moves=22, rnd=22, moved=frozenset({"blue"}))
    caught.play(dm("red", 82, TAXI))
    assert (caught.outcome.reason, caught.outcome.round) == (Reason.CAPTURE, 22)
    missed = game_of(82, det("red", 65), det("blue", 13), turn=DET, moves=22, rnd=22, moved=frozenset({"blue"}))
    missed.play(dm("red", 64, TAXI))
    assert missed.outcome.reason is Reason.SURVIVED


def test_rule_11_classic_capture_after_move_24():
    """Rule 11 (classic): after Mister X's 24th move the detectives may still catch him."""
    c = CLASSIC.detective_tickets
    game = game_of(82, det("red", 65, c), det("blue", 13, c), ruleset=CLASSIC, turn=DET, moves=24, rnd=24)
    game.play(dm("blue", 14, TAXI))
    assert not game.is_over
    game.play(dm("red", 82, BUS))
    assert game.outcome.reason is Reason.CAPTURE


def test_rule_11_and_13_capture_takes_precedence_over_exhaustion():
    """Rule 13: a capture on the same move that exhausts the detectives wins for the detectives."""
    caught = game_of(82, det("red", 65, Tickets(taxi=1)), det("blue", 13, Tickets()), turn=DET, moves=1)
    caught.play(dm("red", 82, TAXI))
    assert caught.outcome.reason is Reason.CAPTURE and caught.outcome.winner is DET
    missed = game_of(82, det("red", 65, Tickets(taxi=1)), det("blue", 13, Tickets()), turn=DET, moves=1)
    missed.play(dm("red", 66, TAXI))
    assert missed.outcome.reason is Reason.DETECTIVES_EXHAUSTED


# ---------------------------------------------------------------- rule 12: cornered


def test_rule_12_cornered_by_pieces_at_his_turn():
    """Rule 12: if Mister X has no legal move when his turn comes, the detectives win."""
    game = game_of(8, det("red", 1), det("blue", 18), det("green", 19))
    assert game.outcome.reason is Reason.CORNERED and game.outcome.winner is DET
    assert not game.legal_moves()


def test_rule_12_cornered_by_tickets():
    """Rule 12 with rule 6: no own ticket, none in the supply and no black ticket leaves him stuck."""
    pieces = (det("red", 13), det("blue", 46))
    stuck = game_of(8, *pieces, x=Tickets(double=2), supply=Tickets(0, 5, 5))
    assert stuck.outcome.reason is Reason.CORNERED
    free = game_of(8, *pieces, x=Tickets(double=2), supply=Tickets(1, 5, 5))
    assert free.outcome is None and {m.station for m in free.single_moves()} == {1, 18, 19}


def test_rule_12_cornered_when_the_round_ends():
    """Rule 12: the check happens when his turn comes, after the detectives' part of the round."""
    game = game_of(8, det("red", 1, Tickets()), det("blue", 18, Tickets()), det("green", 9), turn=DET, moves=1)
    assert game.to_move() == ("green",) and game.outcome is None
    game.play(dm("green", 19, TAXI))
    assert (game.outcome.reason, game.outcome.round) == (Reason.CORNERED, 2)


def test_rule_12_and_14_survival_beats_cornered_after_the_last_round():
    """Rule 12 / 14, when two endings meet: he is checked for being cornered only when a new round starts,
    so at the end of the last round he survives even with no move left."""
    # Mister X on 8 (lines to 1, 18, 19 only); red on 1 and blue on 18 hold no tickets; green closes 19.
    pieces = (det("red", 1, Tickets()), det("blue", 18, Tickets()), det("green", 9))
    last = game_of(8, *pieces, turn=DET, moves=22, rnd=22)
    assert last.to_move() == ("green",) and last.outcome is None
    last.play(dm("green", 19, TAXI))
    assert (last.outcome.reason, last.outcome.winner, last.outcome.round) == (Reason.SURVIVED, MX, 22)
    earlier = game_of(8, *pieces, turn=DET, moves=21, rnd=21)
    earlier.play(dm("green", 19, TAXI))
    assert (earlier.outcome.reason, earlier.outcome.round) == (Reason.CORNERED, 22)


# ---------------------------------------------------------------- rule 13: detectives exhausted


def test_rule_13_checked_at_the_start():
    """Rule 13: exhausted at the start (ferry tickets do not exist; a bus ticket is useless on 8 and 194)."""
    game = game_of(82, det("red", 8, Tickets(bus=3, underground=2)), det("blue", 194, Tickets(bus=1, underground=1)))
    assert game.outcome.reason is Reason.DETECTIVES_EXHAUSTED
    assert game.outcome.winner is MX
    assert game.outcome.reason.value == "detectives exhausted"
    assert "detectives exhausted" in str(game.outcome)


def test_rule_13_bobbies_do_not_count():
    """Rule 13: a bobby that can still move does not keep the detectives in the game."""
    game = game_of(82, det("red", 8, Tickets(bus=3)), det("blue", 194, Tickets(bus=1)), bob(1, 13))
    assert game.outcome.reason is Reason.DETECTIVES_EXHAUSTED


def test_rule_13_underground_only_where_the_edition_uses_it():
    """Rule 13: underground tickets count only in editions with underground lines."""
    pieces = (det("red", 1, Tickets(underground=4)), det("blue", 8, Tickets(bus=2)))
    assert game_of(82, *pieces, ruleset=BEGINNER).outcome.reason is Reason.DETECTIVES_EXHAUSTED
    assert game_of(82, *pieces, ruleset=REISSUE).outcome is None


def test_rule_13_checked_after_every_move():
    """Rule 13: the moment the last usable ticket is spent, Mister X wins, even mid-round."""
    game = game_of(82, det("red", 13, Tickets(taxi=1)), det("blue", 8, Tickets(bus=1)), bob(1, 46), turn=DET, moves=1)
    assert game.outcome is None
    game.play(dm("red", 14, TAXI))
    assert (game.outcome.reason, game.outcome.round) == (Reason.DETECTIVES_EXHAUSTED, 1)
    assert_refused(game, dm("bobby1", 47, TAXI), None, "the game is over")


def test_rule_13_merely_blocked_detectives_sit_out():
    """Rule 13 / 5: a detective with tickets who is only blocked by other pieces sits out; the game goes on."""
    game = game_of(82, det("red", 2, Tickets(taxi=1)), det("blue", 10, Tickets()), det("green", 20, Tickets()))
    assert game.outcome is None
    game.play(xm(81, TAXI))
    assert game.outcome is None and (game.round, game.turn) == (2, MX)


def test_rule_13_and_14_exhaustion_on_the_last_move_beats_survival():
    """Rule 13 / 14, when two endings meet: the detectives' last move of the last round that leaves them all
    without a usable ticket ends the game as "detectives exhausted", not as Mister X surviving."""
    pieces = (det("red", 65, Tickets(taxi=1)), det("blue", 13, Tickets()))
    exhausted = game_of(82, *pieces, turn=DET, moves=22, rnd=22)
    assert exhausted.to_move() == ("red",) and exhausted.outcome is None
    exhausted.play(dm("red", 66, TAXI))
    assert (exhausted.outcome.reason, exhausted.outcome.winner, exhausted.outcome.round) == (Reason.DETECTIVES_EXHAUSTED, MX, 22)
    one_left = game_of(82, det("red", 65, Tickets(taxi=2)), det("blue", 13, Tickets()), turn=DET, moves=22, rnd=22)
    one_left.play(dm("red", 66, TAXI))
    assert one_left.outcome.reason is Reason.SURVIVED


# ---------------------------------------------------------------- rule 14: survival


def test_rule_14_survival_after_the_last_round():
    """Rule 14 (reissue): Mister X wins when round 22 ends, only after every detective moved."""
    game = game_of(82, det("red", 13), det("blue", 46), bob(1, 111), turn=DET, moves=22, rnd=22)
    game.play(dm("red", 14, TAXI))
    game.play(dm("bobby1", 110, TAXI))
    assert not game.is_over
    game.play(dm("blue", 47, TAXI))
    assert (game.outcome.reason, game.outcome.winner, game.outcome.round) == (Reason.SURVIVED, MX, 22)
    assert "survived" in str(game.outcome)


def test_rule_14_round_21_is_not_the_end():
    """Rule 14 (reissue): the game goes on after round 21."""
    game = game_of(82, det("red", 13), det("blue", 46), turn=DET, moves=21, rnd=21)
    game.play(dm("red", 14, TAXI))
    game.play(dm("blue", 47, TAXI))
    assert not game.is_over and (game.round, game.turn) == (22, MX)


def test_rule_14_last_round_ends_when_the_rest_sit_out():
    """Rule 14 / 5: a detective who cannot move sits out; the last round then ends without him."""
    game = game_of(82, det("red", 13), det("blue", 8, Tickets(bus=3)), turn=DET, moves=22, rnd=22)
    game.play(dm("red", 14, TAXI))
    assert game.outcome.reason is Reason.SURVIVED


def test_rule_14_beginner_ends_after_round_13():
    """Rule 14 (beginner): the game ends after round 13."""
    b = BEGINNER.detective_tickets
    for rnd, over in ((12, False), (13, True)):
        game = game_of(82, det("red", 13, b), det("blue", 46, b), ruleset=BEGINNER, turn=DET, moves=rnd, rnd=rnd)
        game.play(dm("red", 14, TAXI))
        game.play(dm("blue", 47, TAXI))
        assert game.is_over is over
        if over:
            assert (game.outcome.reason, game.outcome.round) == (Reason.SURVIVED, 13)


def test_rule_14_classic_counts_moves_so_doubles_shorten_it():
    """Rule 14 (classic): the game ends after the round of move 24, here round 21 after a double."""
    c = CLASSIC.detective_tickets
    game = game_of(82, det("red", 13, c), det("blue", 46, c), ruleset=CLASSIC, moves=22, rnd=21, x=Tickets(4, 3, 3, 2, 1))
    game.play(DoubleMove(xm(81, TAXI), xm(64, TAXI)))
    game.play(dm("red", 14, TAXI))
    assert not game.is_over
    game.play(dm("blue", 47, TAXI))
    assert (game.outcome.reason, game.outcome.round) == (Reason.SURVIVED, 21)


def test_rule_14_classic_goes_on_until_move_24():
    """Rule 14 (classic): with 23 moves made the round ends normally; the game is not over."""
    c = CLASSIC.detective_tickets
    game = game_of(82, det("red", 13, c), det("blue", 46, c), ruleset=CLASSIC, turn=DET, moves=23, rnd=23)
    game.play(dm("red", 14, TAXI))
    game.play(dm("blue", 47, TAXI))
    assert not game.is_over and (game.round, game.turn) == (24, MX)


def test_rule_14_reissue_counts_rounds_so_doubles_do_not_shorten_it():
    """Rule 14 (reissue): 24 moves made by round 22 do not end the game before round 22 ends."""
    game = game_of(82, det("red", 13), det("blue", 46), moves=22, rnd=21, x=Tickets(black=5))
    game.play(xm(81, TAXI))
    game.play(dm("red", 14, TAXI))
    game.play(dm("blue", 47, TAXI))
    assert not game.is_over and game.round == 22
    game.play(xm(64, TAXI))
    assert game.moves_made == 24 and not game.is_over
    game.play(dm("red", 13, TAXI))
    game.play(dm("blue", 46, TAXI))
    assert (game.outcome.reason, game.outcome.round) == (Reason.SURVIVED, 22)


# ---------------------------------------------------------------- rule 15: what is public


def test_rule_15_public_view_has_no_field_for_mister_x_station():
    """Rule 15: the public view type holds his station only as the final station at game over."""
    names = {f.name for f in fields(PublicView)}
    assert "mister_x_final" in names
    assert not {"mister_x", "station", "mister_x_station"} & names


def test_rule_15_public_view_contents_during_play():
    """Rule 15: pieces and their tickets, supply, his tickets, the log's tickets, reveals, round and moves are public;
    his station only at reveals."""
    game = Game.new("reissue", players=3, seed=12)
    rng = random.Random(12)
    route = []
    while game.moves_made < 5 and not game.is_over:
        moves = game.single_moves()
        move = moves[rng.randrange(len(moves))]
        game.play(move)
        if isinstance(move, MisterXMove):
            route.append(move)
        view = game.public_view()
        assert view.mister_x_final is None
        for entry, played in zip(view.log, route):
            assert entry.ticket is played.ticket
            assert entry.reveal is (entry.move in {3, 8, 13})
            assert entry.station == (played.station if entry.reveal else None)
        for piece in view.pieces:
            assert piece.station == game.station_of(piece.name)
            assert piece.tickets == game.tickets_of(piece.name)
        blacks = sum(m.ticket is BLACK for m in route)
        assert view.mister_x_tickets == Tickets(black=5 - blacks, double=2)
        assert (view.round, view.moves_made) == (game.round, game.moves_made)
        assert view.next_move_is_reveal is (game.moves_made + 1 in {3, 8, 13})
    assert game.moves_made == 5 and game.public_view().log[2].station == route[2].station


def test_rule_15_black_shown_as_black():
    """Rule 15: a black ticket is shown as black, not as the transport of the line."""
    game = game_of(82, det("red", 13), det("blue", 46))
    game.play(xm(100, BLACK))
    assert game.public_view().log[0].ticket is BLACK


def test_rule_15_everything_public_at_game_over():
    """Rule 15: his station is never public outside reveals; at game over his station and route are."""
    game = game_of(82, det("red", 65), det("blue", 13))
    game.play(xm(81, TAXI))
    game.play(dm("red", 82, TAXI))  # no capture: he is on 81
    game.play(dm("blue", 14, TAXI))
    game.play(xm(100, TAXI))
    view = game.public_view()
    assert [e.station for e in view.log] == [None, None] and view.mister_x_final is None
    game.play(dm("red", 100, BUS))
    view = game.public_view()
    assert view.outcome.reason is Reason.CAPTURE
    assert [e.station for e in view.log] == [81, 100]
    assert view.mister_x_final == 100


# ---------------------------------------------------------------- rule 16: where Mister X can be


@pytest.mark.parametrize("players", [2, 4, 6])
def test_rule_16_starts_from_the_x_cards_in_the_reissue(players):
    """Rule 16: before any reveal, the set is the Mister X start cards (none are dealt to others in the reissue)."""
    for seed in range(5):
        game = Game.new("reissue", players=players, seed=seed)
        assert set(game.public_view().possible_stations) == X_CARDS
        assert game.possible_locations == game.public_view().possible


@pytest.mark.parametrize("players", [2, 4, 6])
def test_rule_16_starts_from_the_shared_cards_not_dealt_in_classic(players):
    """Rule 16 (classic): the shared start cards not dealt to the detectives."""
    for seed in range(5):
        game = Game.new("classic", players=players, seed=seed)
        view = game.public_view()
        assert set(view.possible_stations) == SHARED_CARDS - occupied(game)
        assert len(view.possible_stations) == 18 - max(players - 1, 2)


def test_rule_16_starts_from_82_in_the_beginners_game():
    """Rule 16 (beginner): Mister X starts on 82, so the set is just 82 until he moves."""
    game = Game.new("beginner", players=3)
    assert game.public_view().possible_stations == [82]
    game.play(xm(65, BUS))
    assert set(game.public_view().possible_stations) == neighbours(82, Transport.BUS) - occupied(game)


def test_rule_16_expands_by_the_ticket_shown_and_removes_pieces_step_by_step():
    """Rule 16: expand by the transport shown; remove each piece's station as it moves; never add it back."""
    game = game_of(82, det("red", 67), det("blue", 13))
    game.play(xm(81, TAXI))
    assert set(game.public_view().possible_stations) == neighbours(82, Transport.TAXI) == {65, 66, 81, 101}
    game.play(dm("red", 66, TAXI))  # 66 was possible: red shows he is not there
    assert set(game.public_view().possible_stations) == {65, 81, 101}
    game.play(dm("blue", 14, TAXI))
    assert set(game.public_view().possible_stations) == {65, 81, 101}
    game.play(xm(100, TAXI))
    expected = reach({65, 81, 101}, Transport.TAXI) - {66, 14}
    assert set(game.public_view().possible_stations) == expected
    assert 49 not in expected  # 66's own neighbour: 66 was not put back


@pytest.mark.parametrize("ticket,transport", [(BUS, Transport.BUS), (UNDERGROUND, Transport.UNDERGROUND)])
def test_rule_16_expands_along_the_lines_of_the_ticket(ticket, transport):
    """Rule 16: a bus or underground ticket moves the set along bus or underground lines only."""
    game = game_of(13, det("red", 41), det("blue", 142), possible=station_set([13, 82, 153]))
    destination = min(neighbours(13, transport))
    game.play(xm(destination, ticket))
    expected = reach({13, 82, 153}, transport) - {41, 142}
    assert set(game.public_view().possible_stations) == expected


def test_rule_16_black_expands_over_every_line_including_the_ferry():
    """Rule 16: a black ticket reaches along any line the edition uses, the ferry included."""
    game = game_of(108, det("red", 105), det("blue", 13))
    game.play(xm(115, BLACK))
    assert set(game.public_view().possible_stations) == {115, 116, 117, 119, 135}
    assert {115, 116, 117, 119, 135} == reach([108], *Transport) - {105}


def test_rule_16_uses_public_information_only():
    """Rule 16: two routes that look the same to the detectives give the same set."""
    sets = []
    for destination in (81, 101, 65):
        game = game_of(82, det("red", 67), det("blue", 13), possible=station_set([82, 140]))
        game.play(xm(destination, TAXI))
        sets.append(game.public_view().possible)
    assert sets[0] == sets[1] == sets[2]
    assert set(stations_of(sets[0])) == reach([82, 140], Transport.TAXI) - {67, 13}


def test_rule_16_derived_for_an_explicit_position():
    """Rule 16: an explicit position without a set gets one from the start cards, the log and the last reveal."""
    start = 35
    first = min(neighbours(start, Transport.TAXI))
    game = Game(make(first, det("red", 13), det("blue", 46), log=(LogEntry(TAXI, first),), possible=None))
    assert set(game.public_view().possible_stations) == reach(X_CARDS, Transport.TAXI) - {13, 46}
    log = (LogEntry(TAXI, 81), LogEntry(TAXI, 82), LogEntry(BUS, 100), LogEntry(BUS, 111))
    game = Game(make(111, det("red", 13), det("blue", 46), log=log, possible=None))
    assert set(game.public_view().possible_stations) == neighbours(100, Transport.BUS) == {63, 82, 111}


def test_rule_16_classic_explicit_position_leaves_out_cards_dealt_to_others():
    """Rule 16 (classic): his start is among the shared cards not dealt to the detectives, even after they moved away."""
    c = CLASSIC.detective_tickets
    dealt = (13, 26)
    start = 29
    first = min(neighbours(start, Transport.TAXI))
    position = replace(
        make(first, det("red", 14, c), det("blue", 27, c), ruleset=CLASSIC, log=(LogEntry(TAXI, first),), possible=None),
        dealt=dealt,
    )
    game = Game(position)
    expected = reach(SHARED_CARDS - set(dealt), Transport.TAXI) - {14, 27}
    assert set(game.public_view().possible_stations) == expected
    assert 4 in reach([13], Transport.TAXI) and 4 not in expected  # 13 was a detective's card


def test_rule_16_true_station_stays_in_the_set_at_capture():
    """Rule 16: his true station is always in the set; a capturing move does not remove it."""
    game = _capture_game(possible=station_set([82, 81]))
    game.play(dm("red", 82, TAXI))
    assert game.outcome.reason is Reason.CAPTURE
    assert 82 in game.public_view().possible_stations


def _public_model_step(ruleset, possible: set[int], entry, occupied_now: set[int]) -> set[int]:
    """Rule 16 from its words: the ticket's lines (black: every line of the edition), or the revealed station."""
    if entry.station is not None and entry.reveal:
        return {entry.station}
    if entry.ticket is BLACK:
        transports = [t for t in Transport if t in ruleset.transports]
    else:
        transports = [t for t in (entry.ticket.transport,) if t in ruleset.transports]
    return reach(possible, *transports) - occupied_now


@pytest.mark.parametrize(
    "edition,players,seed",
    [("reissue", 2, 1), ("reissue", 4, 2), ("reissue", 6, 3), ("classic", 3, 4), ("classic", 6, 5), ("beginner", 5, 6), ("beginner", 2, 7)],
)
def test_rule_16_whole_games_match_the_rule_and_hold_the_true_station(edition, players, seed):
    """Rule 16: in whole random games the set equals the rule computed from public facts, and holds his station."""
    game = Game.new(edition, players=players, seed=seed)
    ruleset = game.ruleset
    rng = random.Random(seed)
    cards = {"reissue": X_CARDS, "classic": SHARED_CARDS, "beginner": {82}}[edition]
    model = cards - occupied(game)
    while True:
        view = game.public_view()
        assert set(view.possible_stations) == model
        assert true_station(game) in model
        if game.is_over:
            break
        if game.turn is MX:
            moves = game.single_moves()
            move = rng.choice(moves)
            if game.can_double and rng.random() < 0.25 and game.second_legs(move):
                move = DoubleMove(move, rng.choice(game.second_legs(move)))
            game.play(move)
            for entry in game.public_view().log[view.moves_made :]:
                model = _public_model_step(ruleset, model, entry, occupied(game))
        else:
            moves = game.single_moves()
            hunting = [m for m in moves if m.station in model]
            move = rng.choice(hunting if hunting and rng.random() < 0.6 else moves)
            game.play(move)
            if not (game.is_over and game.outcome.reason is Reason.CAPTURE):
                model = model - {move.station}


# ---------------------------------------------------------------- undo


def _undo_game(**kwargs) -> Game:
    game = game_of(82, det("red", 67), det("blue", 13), bob(1, 111), **kwargs)
    game.play(xm(81, TAXI))
    return game


def assert_undo_refused(game: Game, *fragments: str) -> None:
    before = snapshot(game)
    assert not game.can_undo
    with pytest.raises(IllegalMoveError) as info:
        game.undo()
    for fragment in fragments:
        assert fragment in str(info.value)
    assert snapshot(game) == before


def test_undo_takes_back_detective_moves_in_reverse_order():
    """Undo: the detectives' moves of this round come back last first, each restoring the game exactly."""
    game = _undo_game()
    states = [snapshot(game)]
    played = [dm("red", 66, TAXI), dm("bobby1", 110, TAXI)]
    for move in played:
        game.play(move)
        states.append(snapshot(game))
    assert game.can_undo
    assert game.undo() == played[1]
    assert snapshot(game) == states[1]
    assert game.undo() == played[0]
    assert snapshot(game) == states[0]
    assert_undo_refused(game, "no detective move")


def test_undo_restores_tickets_supply_and_possible_set():
    """Undo: tickets, the supply and the possible set are exactly as before the move (rules 10 and 16)."""
    game = _undo_game()
    before = game.public_view()
    game.play(dm("red", 66, TAXI))
    moved = game.public_view()
    assert moved.piece("red").tickets.taxi == before.piece("red").tickets.taxi - 1
    assert moved.supply.taxi == before.supply.taxi + 1
    assert 66 in before.possible_stations and 66 not in moved.possible_stations
    game.undo()
    after = game.public_view()
    assert after == before
    assert game.station_of("red") == 67 and game.to_move() == ("red", "blue", "bobby1")


def test_undo_returns_the_ticket_mister_x_got_in_classic():
    """Undo (classic, rule 10): the ticket that went to Mister X goes back to the detective."""
    c = CLASSIC.detective_tickets
    game = game_of(82, det("red", 67, c), det("blue", 13, c), ruleset=CLASSIC)
    game.play(xm(81, TAXI))
    before = game.public_view()
    game.play(dm("red", 51, TAXI))
    assert game.public_view().mister_x_tickets.taxi == before.mister_x_tickets.taxi + 1
    game.undo()
    assert game.public_view() == before


def test_undo_works_for_the_move_that_ended_the_round():
    """Undo: the last detective move of a round can be taken back until Mister X moves again."""
    game = _undo_game()
    game.play(dm("red", 66, TAXI))
    game.play(dm("bobby1", 110, TAXI))
    before_last = snapshot(game)
    game.play(dm("blue", 14, TAXI))
    assert (game.round, game.turn) == (2, MX)
    assert game.undo() == dm("blue", 14, TAXI)
    assert (game.round, game.turn) == (1, DET) and game.to_move() == ("blue",)
    assert snapshot(game) == before_last
    game.play(dm("blue", 14, TAXI))
    game.play(xm(64, TAXI))
    assert_undo_refused(game, "Mister X's moves stand")


def test_undo_refused_after_mister_x_moved():
    """Undo: Mister X's moves stand, and so do the detective moves before them."""
    game = _undo_game()
    assert_undo_refused(game)
    game.play(dm("red", 66, TAXI))
    game.play(dm("bobby1", 110, TAXI))
    game.play(dm("blue", 14, TAXI))
    game.play(DoubleMove(xm(64, TAXI), xm(63, TAXI)))
    assert_undo_refused(game)


def test_undo_refused_after_the_game_ended():
    """Undo: nothing is taken back once the game is over (here by a capture)."""
    game = _capture_game()
    game.play(dm("blue", 14, TAXI))
    game.play(dm("red", 82, TAXI))
    assert game.is_over
    assert_undo_refused(game, "the game is over")


# ---------------------------------------------------------------- impossible positions


@pytest.mark.parametrize(
    "build,fragment",
    [
        (lambda: make(82, det("red", 13), det("blue", 13)), "both stand on station 13"),
        (lambda: make(82, det("red", 82), det("blue", 13)), "both stand on station 82"),
        (lambda: make(82, det("red", 13), bob(1, 13), det("blue", 46)), "both stand on station 13"),
        (lambda: make(82, det("red", 13, Tickets(taxi=5, black=1)), det("blue", 46)), "black or double-move"),
        (lambda: make(82, det("red", 13, Tickets(taxi=5, double=1)), det("blue", 46)), "black or double-move"),
        (lambda: make(82, det("red", 200), det("blue", 46)), "200, which is not on the board"),
        (lambda: make(82, det("red", 0), det("blue", 46)), "not on the board"),
        (lambda: make(250, det("red", 13), det("blue", 46)), "250, which is not on the board"),
        (lambda: make(82, det("red", 13), det("red", 46)), "duplicate colours"),
        (
            lambda: make(82, det("red", 13, CLASSIC.detective_tickets), det("blue", 46, CLASSIC.detective_tickets), ruleset=CLASSIC,
                         supply=Tickets(5, 5, 5)),
            "has no general supply",
        ),
        (lambda: make(82, det("red", 13), det("blue", 46), supply=None), "has a general supply"),
        (lambda: make(82, PieceSetup("bobby1", 13, Tickets(taxi=1), bobby=True), det("red", 41), det("blue", 46)), "bobby"),
        (lambda: make(82, det("pink", 13), det("blue", 46)), "colour"),
        (lambda: make(82, det("red", 13)), "needs 2 to 5 detectives, not 1"),
        (
            lambda: make(
                82,
                *(det(c, s, BEGINNER.detective_tickets)
                  for c, s in zip(("red", "blue", "green", "yellow", "purple"), (13, 41, 46, 124, 142))),
                ruleset=BEGINNER,
            ),
            "needs 2 to 4 detectives, not 5",
        ),
        (lambda: make(82, det("red", 13, Tickets(taxi=-1)), det("blue", 46)), "negative"),
        (lambda: make(82, det("red", 13), det("blue", 46), moves=5, rnd=2), "Mister X has made"),
        (lambda: make(82, det("red", 13), det("blue", 46), moves=22, rnd=23), "ends after round 22"),
        (lambda: make(82, det("red", 13), det("blue", 46), log=(LogEntry(TAXI, 81),)), "last travel-log entry says 81"),
        (lambda: make(82, det("red", 13), det("blue", 46), log=(LogEntry(DOUBLE, 82),)), "double-move"),
        (lambda: make(82, det("red", 13), det("blue", 46), log=(LogEntry(TAXI, 81), LogEntry(TAXI, 82, double=True))),
         "entry 2 is one leg of a double move without the other"),
        (lambda: make(82, det("red", 13), det("blue", 46), possible=station_set([82, 13])), "where pieces stand"),
        (lambda: make(82, det("red", 13), det("blue", 46), possible=station_set([81])), "not among the stations"),
        (lambda: make(82, det("red", 13), det("blue", 46), supply=Tickets(5, 5, 5, 1)), "general supply holds only"),
    ],
)
def test_impossible_positions_are_refused(build, fragment):
    """Explicit positions that cannot occur in a game raise IllegalPositionError with a clear message."""
    with pytest.raises(IllegalPositionError) as info:
        Game(build())
    assert fragment in str(info.value)


def test_a_legal_explicit_position_round_trips():
    """Control for the refusals above: the same builder makes a valid position, and a game's position rebuilds it."""
    game = game_of(82, det("red", 13), det("blue", 46), bob(1, 111), moves=2)
    game.play(xm(81, TAXI))
    game.play(dm("red", 14, TAXI))
    copy = Game(game.position())
    assert copy.mister_x_view() == game.mister_x_view()


def test_unknown_piece_is_refused():
    """Rule 2 context: only the game's detectives and bobbies can move in the detectives' turn."""
    game = _capture_game()
    assert_refused(game, dm("pink", 14, TAXI), None, "no detective or bobby called 'pink'")
    assert_refused(game, dm("mister_x", 81, TAXI), None)
