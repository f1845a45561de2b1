"""Properties that hold in every game: many random legal games of every edition.

Each Hypothesis example draws an edition, a player count and a seed, and plays
``GAMES`` games from seeds derived from it, so the default run covers hundreds of
games in total. ``HYPOTHESIS_PROFILE=slow`` multiplies the examples (see
conftest.py); the ``slow``-marked soak test at the end runs many more.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    MISTER_X,
    REISSUE,
    DetectiveMove,
    DoubleMove,
    Game,
    IllegalMoveError,
    MisterXMove,
    Move,
    Reason,
    Side,
    Ticket,
    Tickets,
    Transport,
    deal,
    record,
)
from engine.editions import FIVE_REVEALS, Length, TicketFlow
from tests.conftest import (
    SETUPS,
    choose_move,
    copy_game,
    new_game,
    play_random_game,
    random_moves,
    scaled,
    seeds,
    setups,
)

GAMES = 6
"""Games played per Hypothesis example."""

KINDS = tuple(Ticket)  # taxi, bus, underground, black, double
TRANSPORT_KINDS = (Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND)


def games_from(seed: int, count: int = GAMES) -> Iterable[tuple[int, random.Random]]:
    """(game seed, rng) pairs for a batch of games derived from one Hypothesis seed."""
    for k in range(count):
        game_seed = (seed * 7919 + k) % 2**32
        yield game_seed, random.Random(game_seed)


# ====================================================================== tickets


def ticket_state(game: Game) -> tuple[dict[str, list[int]], list[int] | None]:
    """Every holding of tickets, from the public view: by piece (Mister X included), and the supply."""
    view = game.public_view()
    held = {piece.name: list(piece.tickets) for piece in view.pieces}
    held[MISTER_X] = list(view.mister_x_tickets)
    return held, list(view.supply) if view.supply is not None else None


def ticket_totals(game: Game) -> list[int]:
    """Per kind of ticket: held by anyone + the supply + spent (travel log, double moves played)."""
    held, supply = ticket_state(game)
    totals = [sum(counts[kind] for counts in held.values()) for kind in KINDS]
    if supply is not None:
        for kind in TRANSPORT_KINDS:
            totals[kind] += supply[kind]
    for entry in game.mister_x_view().log:
        totals[entry.ticket] += 1
    totals[Ticket.DOUBLE] += sum(isinstance(action, DoubleMove) for action in game.actions)
    return totals


def expected_totals(game: Game) -> list[int]:
    """What the tickets of a new game add up to, from its ruleset alone."""
    ruleset = game.ruleset
    detectives = len(game.start.detectives)
    mister_x = ruleset.mister_x_tickets(detectives)
    totals = list(mister_x)
    for kind in TRANSPORT_KINDS:
        if ruleset.box_tickets is not None:
            totals[kind] += ruleset.box_tickets[kind]  # the detectives' tickets come out of the box
        else:
            totals[kind] += detectives * ruleset.detective_tickets[kind]
    return totals


def expected_flow(
    before: tuple[dict[str, list[int]], list[int] | None], move: Move, game: Game
) -> tuple[dict[str, list[int]], list[int] | None]:
    """The holdings after *move*, by rules 6, 8 and 10, from the holdings before it."""
    held = {name: counts.copy() for name, counts in before[0].items()}
    supply = before[1].copy() if before[1] is not None else None
    bobbies = {piece.name for piece in game.public_view().pieces if piece.bobby}

    def mister_x_pays(ticket: Ticket) -> None:
        own = held[MISTER_X]
        if ticket is Ticket.BLACK or own[ticket]:
            assert own[ticket] > 0
            own[ticket] -= 1
        else:
            assert supply is not None and supply[ticket] > 0, f"Mister X used a {ticket} ticket that nobody had"
            supply[ticket] -= 1

    if isinstance(move, DetectiveMove):
        if move.piece not in bobbies:
            held[move.piece][move.ticket] -= 1
            if game.ruleset.ticket_flow is TicketFlow.MISTER_X:
                held[MISTER_X][move.ticket] += 1
            elif supply is not None:
                supply[move.ticket] += 1
    elif isinstance(move, DoubleMove):
        held[MISTER_X][Ticket.DOUBLE] -= 1
        mister_x_pays(move.first.ticket)
        mister_x_pays(move.second.ticket)
    else:
        mister_x_pays(move.ticket)
    return held, supply


@settings(max_examples=scaled(12))
@given(setup=setups, seed=seeds)
def test_tickets_are_conserved_and_flow_where_the_edition_says(setup: tuple[str, int], seed: int) -> None:
    edition, players = setup
    for game_seed, rng in games_from(seed):
        game = new_game(edition, players, game_seed)
        expected = expected_totals(game)
        assert ticket_totals(game) == expected
        for move in random_moves(game, rng):
            before = ticket_state(game)
            game.play(move)
            after = ticket_state(game)
            assert after == expected_flow(before, move, game), f"tickets after {move}"
            assert ticket_totals(game) == expected, f"tickets not conserved after {move}"
            held, supply = after
            assert all(n >= 0 for counts in held.values() for n in counts)
            assert supply is None or all(n >= 0 for n in supply)
            for piece in game.public_view().pieces:
                if piece.bobby:
                    assert piece.tickets == Tickets()
                else:
                    assert piece.tickets.black == piece.tickets.double == 0


def test_classic_detective_tickets_go_to_mister_x() -> None:
    """Spot check of rule 10 in the classic edition, where the flow is visible in Mister X's holding."""
    game = new_game("classic", 4, seed=5)
    game.play(game.single_moves()[0])
    before = game.tickets_of(MISTER_X)
    move = game.single_moves()[0]
    game.play(move)
    after = game.tickets_of(MISTER_X)
    assert after[move.ticket] == before[move.ticket] + 1
    assert game.public_view().supply is None


def test_reissue_mister_x_rides_on_the_supply() -> None:
    game = new_game("reissue", 4, seed=5)
    assert game.tickets_of(MISTER_X) == Tickets(black=5, double=2)
    supply = game.public_view().supply
    assert supply == Tickets(57 - 3 * 11, 45 - 3 * 8, 23 - 3 * 4)
    move = next(m for m in game.single_moves() if m.ticket is Ticket.TAXI)
    game.play(move)
    assert game.public_view().supply == supply._replace(taxi=supply.taxi - 1)
    assert game.tickets_of(MISTER_X) == Tickets(black=5, double=2)


# ====================================================================== stations


def check_stations(game: Game) -> None:
    """Rule 4: nobody shares a station, except Mister X with the piece that captured him."""
    view = game.mister_x_view()
    stations = [piece.station for piece in view.public.pieces]
    assert len(set(stations)) == len(stations), f"two detectives or bobbies share a station: {stations}"
    on_mister_x = [piece.name for piece in view.public.pieces if piece.station == view.station]
    outcome = game.outcome
    if outcome is not None and outcome.reason is Reason.CAPTURE:
        assert on_mister_x == [outcome.by]
    else:
        assert on_mister_x == [], f"{on_mister_x} stand on Mister X's station {view.station} without a capture"


@settings(max_examples=scaled(50))
@given(setup=setups, seed=seeds)
def test_nobody_shares_a_station_except_at_capture(setup: tuple[str, int], seed: int) -> None:
    edition, players = setup
    for game_seed, _ in games_from(seed):
        game = new_game(edition, players, game_seed)
        check_stations(game)
        play_random_game(edition, players, game_seed, after=lambda g, _m: check_stations(g))


def test_capture_is_the_only_shared_station_and_names_the_capturer() -> None:
    """Make sure random play does reach captures (otherwise the property above is vacuous)."""
    reasons: Counter[Reason] = Counter()
    for seed in range(60):
        game = play_random_game("reissue", 6, seed, hunt=0.9)
        check_stations(game)
        assert game.outcome is not None
        reasons[game.outcome.reason] += 1
    assert reasons[Reason.CAPTURE] > 0, reasons


# ====================================================================== deduction


class NaiveDeduction:
    """Rule 16 recomputed from the public view alone, with plain Python sets."""

    def __init__(self, game: Game) -> None:
        view = game.public_view()
        self.ruleset = game.ruleset
        self.board = game.board
        self.moves_seen = view.moves_made
        others = {piece.station for piece in view.pieces}
        self.possible = set(self.ruleset.mister_x_starts) - others

    def reach(self, stations: set[int], ticket: Ticket) -> set[int]:
        transports = set(self.ruleset.transports) if ticket is Ticket.BLACK else {ticket.transport} & set(self.ruleset.transports)
        out = set()
        for transport in transports:
            for a, b in self.board.lines[transport]:
                if a in stations:
                    out.add(b)
                if b in stations:
                    out.add(a)
        return out

    def update(self, game: Game) -> set[int]:
        view = game.public_view()
        occupied = {piece.station for piece in view.pieces}
        for entry in view.log[self.moves_seen :]:
            if entry.reveal:
                assert entry.station is not None
                self.possible = {entry.station}
            else:
                self.possible = self.reach(self.possible, entry.ticket) - occupied
        self.moves_seen = len(view.log)
        if view.outcome is not None and view.outcome.reason is Reason.CAPTURE:
            occupied.discard(view.mister_x_final)  # a capture shows where he is: that station stays
        self.possible -= occupied
        return self.possible


@settings(max_examples=scaled(25))
@given(setup=setups, seed=seeds)
def test_possible_set_holds_mister_x_and_follows_public_information(setup: tuple[str, int], seed: int) -> None:
    edition, players = setup
    for game_seed, rng in games_from(seed):
        game = new_game(edition, players, game_seed)
        naive = NaiveDeduction(game)
        assert set(game.public_view().possible_stations) == naive.possible
        for move in random_moves(game, rng):
            game.play(move)
            view = game.mister_x_view()
            assert set(view.public.possible_stations) == naive.update(game), f"after {move}"
            assert view.public.possible == game.possible_locations
            assert view.public.possible >> view.station & 1, f"Mister X's station {view.station} is not in the possible set"


# ====================================================================== public information


def by_ticket(moves: list[MisterXMove]) -> dict[Ticket, list[MisterXMove]]:
    grouped: dict[Ticket, list[MisterXMove]] = {}
    for move in moves:
        grouped.setdefault(move.ticket, []).append(move)
    return grouped


def branching_ticket(game: Game, rng: random.Random) -> Ticket | None:
    """A ticket that gives Mister X two different destinations now, if his next move is not a reveal."""
    if game.is_over or game.turn is not Side.MISTER_X or game.moves_made + 1 in game.ruleset.reveal_moves:
        return None
    options = [t for t, moves in by_ticket(game.single_moves()).items() if len(moves) >= 2]  # type: ignore[arg-type]
    return rng.choice(options) if options else None


def twin_mister_x_moves(a: Game, b: Game, rng: random.Random, ticket: Ticket | None) -> tuple[Move, Move] | None:
    """Moves for Mister X in twin games: same tickets, destinations drawn separately.

    With *ticket* (the first divergence) both use it, to two different stations.
    Returns ``None`` when the twins cannot continue without a reveal or different tickets.
    """
    reveals = a.ruleset.reveal_moves
    made = a.moves_made
    if made + 1 in reveals:
        return None
    if ticket is not None:
        first_a, first_b = rng.sample(by_ticket(a.single_moves())[ticket], 2)  # type: ignore[arg-type]
    else:
        mine_a, mine_b = by_ticket(a.single_moves()), by_ticket(b.single_moves())  # type: ignore[arg-type]
        common = sorted(set(mine_a) & set(mine_b))
        if not common:
            return None
        shared = rng.choice(common)
        first_a, first_b = rng.choice(mine_a[shared]), rng.choice(mine_b[shared])
    if a.can_double and made + 2 not in reveals and rng.random() < 0.3:
        seconds_a, seconds_b = by_ticket(a.second_legs(first_a)), by_ticket(b.second_legs(first_b))
        common = sorted(set(seconds_a) & set(seconds_b))
        if common:
            shared = rng.choice(common)
            return DoubleMove(first_a, rng.choice(seconds_a[shared])), DoubleMove(first_b, rng.choice(seconds_b[shared]))
    return first_a, first_b


def play_twins(position_game: Game, rng: random.Random, ticket: Ticket) -> int:
    """Play twin games from *position_game*'s explicit position; return how many actions were compared."""
    position = position_game.position()
    a, b = Game(position), Game(position)
    assert a.public_view() == b.public_view()
    compared = 0
    first = True
    while True:
        if a.turn is Side.MISTER_X:
            assert a.can_double == b.can_double
            moves = twin_mister_x_moves(a, b, rng, ticket if first else None)
            if moves is None:
                break
            a.play(moves[0])
            b.play(moves[1])
            if first:
                assert a.mister_x_view().log != b.mister_x_view().log  # the twins really differ
                first = False
        else:
            moves_a = a.single_moves()
            assert moves_a == b.single_moves(), "the detectives' options depend on where Mister X is"
            assert a.to_move() == b.to_move() and a.sitting_out() == b.sitting_out()
            move = choose_move(a, rng, hunt=0.5)
            a.play(move)
            b.play(move)
        if a.is_over or b.is_over:
            # Capture and cornering depend on where Mister X is; the other endings must not,
            # unless the same move captured him in the other game (a capture takes precedence).
            for game, other in ((a, b), (b, a)):
                if (game.outcome is not None and game.outcome.reason in (Reason.SURVIVED, Reason.DETECTIVES_EXHAUSTED)
                        and (other.outcome is None or other.outcome.reason is not Reason.CAPTURE)):
                    assert other.outcome == game.outcome
            break
        assert a.public_view() == b.public_view(), f"the public view differs after {compared + 1} actions"
        assert a.possible_locations == b.possible_locations
        compared += 1
    return compared


@settings(max_examples=scaled(75))
@given(setup=setups, seed=seeds)
def test_public_view_does_not_depend_on_mister_x_hidden_moves(setup: tuple[str, int], seed: int) -> None:
    edition, players = setup
    compared = 0
    for game_seed, rng in games_from(seed):
        game = new_game(edition, players, game_seed)
        branch_after = rng.randrange(0, 80)
        ticket = None
        for number, move in enumerate(random_moves(game, rng)):
            if number >= branch_after:
                ticket = branching_ticket(game, rng)
                if ticket is not None:
                    break
            game.play(move)
        if ticket is None:
            continue
        compared += play_twins(game, rng, ticket)


def test_public_view_twins_from_a_hand_made_position() -> None:
    """The same property from an explicit position written by hand (reissue, before any move)."""
    start = deal(REISSUE, players=3, seed=11)
    position = replace(start, mister_x=35)  # 35 is a Mister X start card
    game = Game(position)
    taxis = sorted(m.station for m in game.single_moves() if m.ticket is Ticket.TAXI)
    assert len(taxis) >= 2
    a, b = Game(position), Game(position)
    a.play(MisterXMove(taxis[0], Ticket.TAXI))
    b.play(MisterXMove(taxis[1], Ticket.TAXI))
    assert a.mister_x_view() != b.mister_x_view()
    assert a.public_view() == b.public_view()
    rng = random.Random(3)
    for _ in range(len(a.detectives)):
        if a.is_over or b.is_over or a.turn is not Side.DETECTIVES:
            break
        move = rng.choice([m for m in a.single_moves() if m.station not in taxis[:2]])
        a.play(move)
        b.play(move)
        assert a.public_view() == b.public_view()


# ====================================================================== records and undo


def check_record_round_trip(game: Game) -> Game:
    copy = record.loads(record.dumps(game))
    assert copy.mister_x_view() == game.mister_x_view()
    assert copy.outcome == game.outcome
    assert copy.actions == game.actions
    assert copy.public_view() == game.public_view()
    return copy


@settings(max_examples=scaled(20))
@given(setup=setups, seed=seeds)
def test_record_round_trip_mid_game_and_at_the_end(setup: tuple[str, int], seed: int) -> None:
    edition, players = setup
    for game_seed, rng in games_from(seed):
        game = new_game(edition, players, game_seed)
        check_record_round_trip(game)
        checkpoint = rng.randrange(1, 60)
        copy: Game | None = None
        for number, move in enumerate(random_moves(game, rng), 1):
            game.play(move)
            if copy is not None:
                copy.play(move)  # the reloaded game goes on exactly like the original
                assert copy.mister_x_view() == game.mister_x_view()
            if number == checkpoint:
                copy = check_record_round_trip(game)
        check_record_round_trip(game)
        if copy is not None:
            assert copy.outcome == game.outcome


@settings(max_examples=scaled(10))
@given(setup=setups, seed=seeds)
def test_undo_restores_the_exact_previous_state(setup: tuple[str, int], seed: int) -> None:
    edition, players = setup
    for game_seed, rng in games_from(seed):
        game = new_game(edition, players, game_seed)
        round_start: tuple | None = None  # the state when the detectives' part of the round began
        for move in random_moves(game, rng):
            if game.turn is Side.MISTER_X:
                game.play(move)
                assert not game.can_undo, "Mister X's move must not be undoable"
                if not game.is_over:
                    state = game.mister_x_view(), game.actions
                    with pytest.raises(IllegalMoveError):
                        game.undo()
                    assert (game.mister_x_view(), game.actions) == state
                    round_start = (game.mister_x_view(), game.actions, record.dumps(game))
                continue
            before = game.mister_x_view(), game.actions, record.dumps(game)
            game.play(move)
            if game.is_over:
                assert not game.can_undo
                with pytest.raises(IllegalMoveError):
                    game.undo()
                continue
            assert game.can_undo
            assert game.undo() == move
            assert (game.mister_x_view(), game.actions, record.dumps(game)) == before
            game.play(move)
            if round_start is not None and game.turn is Side.MISTER_X and not game.is_over and rng.random() < 0.3:
                # The round is over: take back all of it, then play it again.
                taken = []
                while game.can_undo:
                    taken.append(game.undo())
                assert (game.mister_x_view(), game.actions, record.dumps(game)) == round_start
                for again in reversed(taken):
                    game.play(again)
                assert game.turn is Side.MISTER_X


def full_state(game: Game) -> tuple[object, ...]:
    """Everything a game shows: both views, its moves (a double move's second legs too), the log, round, turn,
    tickets, supply, possible set, outcome, actions, what undo allows, and its explicit position and record."""
    moves = list(game.single_moves())
    seconds = [tuple(game.second_legs(first)) for first in moves[:3]] if game.can_double else []  # type: ignore[arg-type]
    pieces = {name: game.moves_of(name) for name in game.detectives}
    return (snapshot(game), game.public_view(), moves, seconds, pieces, game.to_move(), game.sitting_out(), game.round,
            game.turn, game.moves_made, game.possible_locations, game.can_double, game.is_over, game.position(),
            record.dumps(game))


@settings(max_examples=scaled(10))
@given(setup=setups, seed=seeds)
def test_push_then_pop_restores_the_exact_previous_state(setup: tuple[str, int], seed: int) -> None:
    """At every step of random games (Mister X's single and double moves, detectives', bobbies', the last move of the
    game), ``pop`` takes back what ``push`` played, exactly; popping the whole game goes back through every state."""
    edition, players = setup
    for game_seed, rng in games_from(seed, count=3):
        game = new_game(edition, players, game_seed)
        states = [full_state(game)]
        for move in random_moves(game, rng, double=rng.choice((0.2, 0.6))):
            game.push(move)
            after = full_state(game)
            assert game.pop() == move
            assert full_state(game) == states[-1], f"pop after {move}"
            game.push(move)
            assert full_state(game) == after, f"{move} pushed again"
            states.append(after)
        assert game.is_over
        while game.actions:
            states.pop()
            game.pop()
            assert full_state(game) == states[-1], f"back to move {len(game.actions)}"
        with pytest.raises(IndexError):
            game.pop()


@settings(max_examples=scaled(10))
@given(setup=setups, seed=seeds)
def test_copy_is_an_independent_equal_game(setup: tuple[str, int], seed: int) -> None:
    """``copy()`` shows the same game; playing or popping either one leaves the other as it was; both play on alike."""
    edition, players = setup
    for game_seed, rng in games_from(seed, count=3):
        game = new_game(edition, players, game_seed)
        for move in random_moves(game, rng):
            if rng.random() < 0.2:
                twin = game.copy()
                state = full_state(game)
                assert full_state(twin) == state
                twin.push(move)
                assert full_state(game) == state, "pushing on the copy changed the game"
                game.push(move)
                assert full_state(twin) == full_state(game)
                while twin.actions:
                    twin.pop()
                assert full_state(game) == full_state(game.copy()), "popping the copy changed the game"
                assert twin.public_view() == new_game(edition, players, game_seed).public_view()
                game.pop()
                assert full_state(game) == state
            game.push(move)
        assert full_state(game.copy()) == full_state(game)


def test_pop_takes_back_mister_x_s_double_move_and_a_capture() -> None:
    """Spot checks: a double move comes back leg and ticket alike, and so does the capture that ended a game."""
    game = new_game("classic", 6, seed=4)
    before = full_state(game)
    double = next(game.double_moves())
    game.push(double)
    assert game.moves_made == 2 and not game.can_undo
    with pytest.raises(IllegalMoveError):
        game.undo()  # the table's rule: Mister X's moves stand
    assert game.pop() == double
    assert full_state(game) == before
    for seed in range(60):
        game = play_random_game("reissue", 6, seed, hunt=0.9)
        assert game.outcome is not None
        if game.outcome.reason is Reason.CAPTURE:
            break
    last = game.actions[-1]
    ended = full_state(game)
    assert game.pop() == last and game.outcome is None and not game.is_over
    assert game.is_legal(last) and last in game.legal_moves()
    game.push(last)
    assert full_state(game) == ended


# ====================================================================== length


@settings(max_examples=scaled(75))
@given(setup=setups, seed=seeds)
def test_game_always_ends_within_the_edition_length(setup: tuple[str, int], seed: int) -> None:
    edition, players = setup
    for game_seed, rng in games_from(seed):
        game = new_game(edition, players, game_seed)
        ruleset = game.ruleset
        doubles = ruleset.mister_x_tickets(len(game.start.detectives)).double
        for move in random_moves(game, rng):
            game.play(move)
            doubles_played = sum(isinstance(a, DoubleMove) for a in game.actions)
            if ruleset.length_unit is Length.ROUNDS:
                assert game.round <= ruleset.length
                assert game.moves_made <= ruleset.length + doubles
            else:
                assert game.moves_made <= ruleset.length
            assert game.moves_made == sum(2 if isinstance(a, DoubleMove) else 1 for a in game.actions if not isinstance(a, DetectiveMove))
            assert game.moves_made <= game.round + doubles_played
        outcome = game.outcome
        assert outcome is not None
        assert outcome.round == game.round
        if ruleset.length_unit is Length.ROUNDS:
            assert outcome.round <= ruleset.length
            if outcome.reason is Reason.SURVIVED:
                assert outcome.round == ruleset.length
        else:
            assert game.moves_made <= ruleset.length
            if outcome.reason is Reason.SURVIVED:
                assert game.moves_made == ruleset.length
        assert not game.legal_moves()
        assert outcome.winner is (Side.DETECTIVES if outcome.reason in (Reason.CAPTURE, Reason.CORNERED) else Side.MISTER_X)


# ====================================================================== legal and illegal moves

OFF_BOARD = (-7, -1, 0, 200, 201, 1000)


def legal_set(game: Game) -> set[Move]:
    moves = game.single_moves()
    assert len(moves) == len(set(moves)), "single_moves lists a move twice"
    return set(moves)


def random_candidate(game: Game, rng: random.Random) -> Move:
    """A random move, legal or not, mostly near the pieces so that it fails for interesting reasons."""
    view = game.mister_x_view()
    names = [*list(game.detectives), MISTER_X, "nobody"]
    roll = rng.random()
    ticket = rng.choice(list(Ticket))
    if roll < 0.1:
        station = rng.choice(OFF_BOARD)
    elif roll < 0.3:
        station = rng.randint(1, 199)
    else:
        origin = view.station if game.turn is Side.MISTER_X and rng.random() < 0.8 else rng.choice(view.public.pieces).station
        near = game.board.reach_any(1 << origin, frozenset(Transport)) | 1 << origin
        near_stations = [s for s in range(200) if near >> s & 1]
        station = rng.choice(near_stations + [p.station for p in view.public.pieces] + [view.station])
    kind = rng.random()
    if kind < 0.4:
        return DetectiveMove(rng.choice(names), station, ticket)
    if kind < 0.8:
        return MisterXMove(station, ticket)
    first = MisterXMove(station, ticket)
    legal = game.single_moves()
    if game.turn is Side.MISTER_X and legal and rng.random() < 0.7:  # a finished game may stand at his turn, with no moves
        first = rng.choice(legal)  # type: ignore[assignment]
    return DoubleMove(first, MisterXMove(rng.choice(near_stations_of(game, first.station)), rng.choice(list(Ticket))))


def near_stations_of(game: Game, station: int) -> list[int]:
    if station not in game.board:
        return [1]
    near = game.board.reach_any(1 << station, frozenset(Transport))
    return [s for s in range(200) if near >> s & 1] + [p.station for p in game.public_view().pieces]


def is_legal(game: Game, move: Move, legal: set[Move]) -> bool:
    if isinstance(move, DoubleMove):
        return game.can_double and move.first in legal and move.second in game.second_legs(move.first)
    return move in legal


def snapshot(game: Game) -> tuple:
    return game.mister_x_view(), game.actions, game.can_undo, game.outcome


def check_moves_now(game: Game, rng: random.Random, tries: int) -> None:
    """Every listed move is accepted (played on a copy); random unlisted moves are refused, changing nothing."""
    legal = legal_set(game)
    if game.turn is Side.DETECTIVES:
        assert {m.piece for m in legal} == set(game.to_move())  # type: ignore[union-attr]
    for move in legal:
        copy_game(game).play(move)
    if game.turn is Side.MISTER_X:
        if game.can_double:
            view = game.mister_x_view()
            for first in rng.sample(sorted(legal, key=str), min(3, len(legal))):
                assert view.second_legs(first) == tuple(game.second_legs(first))  # type: ignore[arg-type]  # his view alone lists them
                for second in game.second_legs(first):  # type: ignore[arg-type]
                    copy_game(game).play(DoubleMove(first, second))  # type: ignore[arg-type]
        else:
            assert list(game.double_moves()) == []
            for first in list(legal)[:3]:
                assert game.second_legs(first) == []  # type: ignore[arg-type]
    before = snapshot(game)
    for _ in range(tries):
        move = random_candidate(game, rng)
        if is_legal(game, move, legal):
            copy_game(game).play(move)
            continue
        with pytest.raises(IllegalMoveError):
            game.play(move)
        assert snapshot(game) == before, f"the refused move {move} changed the game"


@settings(max_examples=scaled(10))
@given(setup=setups, seed=seeds)
def test_legal_moves_are_accepted_and_others_refused(setup: tuple[str, int], seed: int) -> None:
    edition, players = setup
    for game_seed, rng in games_from(seed, count=3):
        game = new_game(edition, players, game_seed)
        for move in random_moves(game, rng):
            if rng.random() < 0.25:
                check_moves_now(game, rng, tries=25)
            game.play(move)
        before = snapshot(game)
        for _ in range(10):  # a finished game refuses everything
            with pytest.raises(IllegalMoveError):
                game.play(random_candidate(game, rng))
        assert snapshot(game) == before


def plays(game: Game, move: Move) -> bool:
    """Whether *game* plays *move* (on a copy)."""
    try:
        copy_game(game).play(move)
    except IllegalMoveError:
        return False
    return True


@settings(max_examples=scaled(10))
@given(setup=setups, seed=seeds)
def test_is_legal_gives_play_s_answer_and_in_asks_the_rules(setup: tuple[str, int], seed: int) -> None:
    """``is_legal`` answers as ``play`` does, for listed moves, double moves and random probes, and changes nothing;
    ``in game.legal_moves()`` answers as ``is_legal`` does (``test_legal_moves``: the view's iteration and ``len`` too)."""
    edition, players = setup
    for game_seed, rng in games_from(seed, count=3):
        game = new_game(edition, players, game_seed)
        for move in random_moves(game, rng):
            listed = game.legal_moves()
            singles = game.single_moves()
            probes: list[Move] = [*rng.sample(singles, min(3, len(singles))), *(random_candidate(game, rng) for _ in range(8))]
            if game.can_double and singles:
                first = rng.choice(singles)
                seconds = list(game.second_legs(first))  # a first leg can leave no second: tickets run out
                probes += [DoubleMove(first, second) for second in rng.sample(seconds, min(1, len(seconds)))]  # type: ignore[arg-type]
                probes.append(DoubleMove(first, first))  # type: ignore[arg-type]
            before = snapshot(game)
            for probe in probes:
                assert game.is_legal(probe) == plays(game, probe), probe
                assert (probe in listed) == game.is_legal(probe), probe
            assert snapshot(game) == before
            game.play(move)
        assert not any(game.is_legal(random_candidate(game, rng)) for _ in range(10))


@settings(max_examples=scaled(20))
@given(setup=setups, seed=seeds)
def test_explicit_position_of_any_reachable_state_rebuilds_the_game(setup: tuple[str, int], seed: int) -> None:
    """``Game(game.position())`` accepts every position that play reaches and shows the same game."""
    edition, players = setup
    for game_seed, rng in games_from(seed, count=3):
        game = new_game(edition, players, game_seed)
        for move in random_moves(game, rng):
            copy = copy_game(game)
            assert copy.mister_x_view() == game.mister_x_view()
            assert copy == game and copy.single_moves() == game.single_moves()
            game.play(move)


# ====================================================================== custom rulesets


@settings(max_examples=scaled(10))
@given(
    seed=seeds,
    length=st.integers(min_value=1, max_value=20),
    reveals=st.frozensets(st.integers(min_value=1, max_value=24), max_size=6),
    players=st.integers(min_value=2, max_value=6),
)
def test_custom_rulesets_keep_the_invariants(seed: int, length: int, reveals: frozenset[int], players: int) -> None:
    ruleset = replace(REISSUE, name="custom", length=length, reveal_moves=reveals or FIVE_REVEALS)
    for game_seed, rng in games_from(seed, count=3):
        game = new_game(ruleset, players, game_seed)
        expected = expected_totals(game)
        naive = NaiveDeduction(game)
        for move in random_moves(game, rng):
            game.play(move)
            check_stations(game)
            assert ticket_totals(game) == expected
            assert set(game.public_view().possible_stations) == naive.update(game)
            assert game.round <= length
        assert game.outcome is not None and game.outcome.round <= length
        check_record_round_trip(game)


# ====================================================================== soak


@pytest.mark.slow
@pytest.mark.parametrize(("edition", "players"), SETUPS)
def test_soak_many_games(edition: str, players: int) -> None:
    """Opt-in (``-m slow``): 2000 games per setup with every per-move check."""
    for seed in range(2000):
        rng = random.Random(seed)
        game = new_game(edition, players, seed)
        expected = expected_totals(game)
        naive = NaiveDeduction(game)
        for move in random_moves(game, rng):
            before = ticket_state(game)
            game.play(move)
            check_stations(game)
            assert ticket_state(game) == expected_flow(before, move, game)
            assert ticket_totals(game) == expected
            assert set(game.public_view().possible_stations) == naive.update(game)
        check_record_round_trip(game)


def test_random_games_cover_every_ending() -> None:
    """The random players must reach every kind of ending, or the properties above test too little."""
    reasons: Counter[Reason] = Counter()
    for edition, players in SETUPS:
        for seed in range(25):
            game = play_random_game(edition, players, seed)
            assert game.outcome is not None
            reasons[game.outcome.reason] += 1
    assert set(reasons) >= {Reason.CAPTURE, Reason.SURVIVED, Reason.DETECTIVES_EXHAUSTED}, reasons
