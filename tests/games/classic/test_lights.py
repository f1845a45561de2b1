"""The light language of a Scotland Yard game (console.games.classic.lights, on console.table.lights): real games, frames
checked station by station."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from itertools import pairwise

import pytest

from console.games.classic.lights import (
    CAPTURE_BLINK,
    COLOURS,
    REVEAL_BLINK,
    REVEAL_MARK_LEVEL,
    ROUTE_HOLD_LEVEL,
    ROUTE_STEP,
    ROUTE_TAIL,
    board_frame,
    pattern,
    route_frame,
)
from console.games.classic.model import Mode, Ui
from console.games.table import Flash
from console.table.lights import (
    COLOUR_BLIND,
    DESTINATION_LEVELS,
    DESTINATION_PERIOD,
    FPS,
    HINT_FLOOR,
    LIT_FLOOR,
    MOVED_LEVEL,
    PAUSED_LEVEL,
    PLACING_LEVELS,
    PLACING_PERIOD,
    REFUSED_BLINK,
    RHYTHM_DIP,
    RHYTHM_SLOT,
    RHYTHM_SLOTS,
    SELECTED_GLINT,
    SELECTED_PERIOD,
    STANDARD,
    Palette,
    attract_frame,
    frame_number,
)
from engine import (
    REISSUE,
    DetectiveMove,
    Game,
    MisterXMove,
    Outcome,
    PublicView,
    Reason,
    Side,
    Station,
    Ticket,
    Tickets,
    london,
)
from engine.position import DETECTIVE_COLOURS
from engine.views import PieceView
from hardware.config import LedConfig
from hardware.drivers.leds import level_table
from hardware.interfaces import OFF, Colour
from tests.support.looks import Looks, clearly_brighter_on_screen

PALETTES = (STANDARD, COLOUR_BLIND)
BOARD = london().stations
SHORT = replace(REISSUE, name="short", length=6, reveal_moves=frozenset({2, 5}))
"""Six rounds, reveals after moves 2 and 5: a whole game in a dozen moves."""


def at(frame: int, offset: float = 0.001) -> float:
    """A time inside *frame* (a little after its start, clear of rounding)."""
    return frame / FPS + offset


def scaled(colour: Colour, level: float) -> Colour:
    return round(colour[0] * level), round(colour[1] * level), round(colour[2] * level)


def colour_of(view: PublicView, name: str, palette: Palette = STANDARD) -> Colour:
    return COLOURS[palette.name].piece_colour(view.piece(name))


def piece_stations(view: PublicView) -> set[Station]:
    return {piece.station for piece in view.pieces}


@pytest.fixture(scope="module")
def looks() -> Iterator[Looks]:
    """A station seen on the strip and in the simulator (``tests.support.looks``)."""
    seen = Looks()
    yield seen
    seen.close()


# ---------------------------------------------------------------- games


def mister_x_moves_on(game: Game) -> None:
    """Mister X takes his first legal single move to a station he has not been to (or any, if none)."""
    been = {entry.station for entry in game.mister_x_view().log}
    moves = [m for m in game.single_moves() if isinstance(m, MisterXMove)]
    game.play(next((m for m in moves if m.station not in been), moves[0]))


def detectives_move_clear(game: Game) -> None:
    """Every detective and bobby moves (first legal move that does not land on Mister X) until his turn."""
    while not game.is_over and game.turn is Side.DETECTIVES:
        hidden = game.mister_x_view().station
        moves = game.single_moves()
        game.play(next((m for m in moves if m.station != hidden), moves[0]))


def detectives_turn(seed: int = 1) -> Game:
    """A reissue game for 4 (3 detectives, a bobby) at the detectives' turn in round 1."""
    game = Game.new("reissue", players=4, seed=seed)
    mister_x_moves_on(game)
    return game


def revealed_game() -> Game:
    """A reissue game at the detectives' turn just after Mister X's reveal move 3."""
    game = Game.new("reissue", players=4, seed=2)
    mister_x_moves_on(game)
    while game.moves_made < 3:
        detectives_move_clear(game)
        mister_x_moves_on(game)
    assert game.public_view().log[-1].reveal
    return game


def mister_x_won() -> Game:
    """A six-round game Mister X survives, his route without repeats."""
    game = Game.new(SHORT, players=4, seed=3)
    while not game.is_over:
        mister_x_moves_on(game)
        detectives_move_clear(game)
    assert game.outcome is not None and game.outcome.reason is Reason.SURVIVED
    return game


def captured() -> Game:
    """The first dealt reissue game in which a detective can land on Mister X after his first move, and does."""
    for seed in range(100):
        game = Game.new("reissue", players=3, seed=seed)
        for move in [m for m in game.single_moves() if isinstance(m, MisterXMove)]:
            after = Game.new("reissue", players=3, seed=seed)
            after.play(move)
            catches = [m for m in after.single_moves() if m.station == move.station]
            if catches:
                after.play(catches[0])
                return after
    raise AssertionError("no capturable opening in 100 deals")


def selecting(game: Game, mode: Mode = Mode.DETECTIVES, **fields: object) -> Ui:
    """The flow's Ui with the first piece to move selected and its destinations offered."""
    name = game.to_move()[0]
    destinations: dict[Station, tuple[Ticket, ...]] = {}
    for move in game.moves_of(name):
        destinations[move.station] = (*destinations.get(move.station, ()), move.ticket)
    return Ui(mode, selected=name, destinations=destinations, **fields)  # type: ignore[arg-type]


# ---------------------------------------------------------------- pieces


@pytest.mark.parametrize("palette", PALETTES)
def test_every_detective_colour_and_the_bobby_have_a_distinct_colour(palette: Palette) -> None:
    colours = [COLOURS[palette.name].piece_colour(PieceView(name, 1, Tickets(), False)) for name in DETECTIVE_COLOURS]
    colours.append(COLOURS[palette.name].bobby)
    assert len(set(colours)) == len(DETECTIVE_COLOURS) + 1


def test_a_detective_without_a_colour_is_refused() -> None:
    with pytest.raises(ValueError, match="no colour for the detective 'pink'"):
        COLOURS[STANDARD.name].piece_colour(PieceView("pink", 1, Tickets(), False))


def test_detectives_stand_in_their_colours_and_bobbies_in_theirs() -> None:
    game = Game.new("reissue", players=6, seed=4)
    game.play(MisterXMove(*next((m.station, m.ticket) for m in game.single_moves() if isinstance(m, MisterXMove))))
    view = game.public_view()
    frame = board_frame(view, Ui(Mode.DETECTIVES), now=at(0))
    assert [piece.name for piece in view.pieces if not piece.bobby] == list(DETECTIVE_COLOURS[:5])
    for piece in view.pieces:
        expected = COLOURS[STANDARD.name].bobby if piece.bobby else getattr(COLOURS[STANDARD.name], piece.name)
        assert frame[piece.station] == expected
    assert set(frame) == piece_stations(view)


def test_a_piece_that_has_moved_this_round_is_dimmer() -> None:
    game = detectives_turn()
    mover = game.to_move()[0]
    game.play(game.moves_of(mover)[0])
    view = game.public_view()
    frame = board_frame(view, Ui(Mode.DETECTIVES), now=at(0))
    assert frame[view.piece(mover).station] == scaled(colour_of(view, mover), MOVED_LEVEL)
    still = next(p for p in view.pieces if p.name != mover)
    assert frame[still.station] == COLOURS[STANDARD.name].piece_colour(still)


def test_pause_dims_the_pieces_and_shows_nothing_else() -> None:
    view = detectives_turn().public_view()
    frame = board_frame(view, Ui(Mode.PAUSED, assist=True, reveal_next=True), now=at(0))
    assert frame == {p.station: scaled(COLOURS[STANDARD.name].piece_colour(p), PAUSED_LEVEL) for p in view.pieces}


# ---------------------------------------------------------------- choosing a move


def test_the_selected_piece_pulses_brighter_and_its_destinations_pulse_in_its_colour() -> None:
    game = detectives_turn()
    ui = selecting(game)
    view = game.public_view()
    assert ui.selected is not None and ui.destinations
    colour = colour_of(view, ui.selected)
    station = view.piece(ui.selected).station
    rest, peak = board_frame(view, ui, now=at(0)), board_frame(view, ui, now=at(SELECTED_PERIOD // 2))
    assert rest[station] == colour
    assert peak[station] == tuple(round(c + (255 - c) * SELECTED_GLINT) for c in colour)
    assert sum(peak[station]) > sum(colour)
    low, high = DESTINATION_LEVELS
    dim, bright = rest, board_frame(view, ui, now=at(DESTINATION_PERIOD // 2))
    for destination in ui.destinations:
        assert dim[destination] == scaled(colour, low)
        assert bright[destination] == scaled(colour, high)
    assert set(rest) == piece_stations(view) | set(ui.destinations)
    others = [p for p in view.pieces if p.name != ui.selected]
    assert all(peak[p.station] == COLOURS[STANDARD.name].piece_colour(p) for p in others)


def test_nothing_is_offered_without_a_selected_piece() -> None:
    game = detectives_turn()
    view = game.public_view()
    ui = replace(selecting(game), selected=None)
    assert set(board_frame(view, ui, now=at(0))) == piece_stations(view)


def test_the_chosen_destination_shines_steady_while_a_ticket_is_chosen() -> None:
    game = detectives_turn()
    ui = selecting(game, Mode.CHOOSE_TICKET)
    chosen = min(ui.destinations)
    ui = replace(ui, chosen=chosen)
    view = game.public_view()
    assert ui.selected is not None
    colour = colour_of(view, ui.selected)
    for frame_no in range(0, 60, 7):
        frame = board_frame(view, ui, now=at(frame_no))
        assert frame[chosen] == colour
        assert all(frame[d] != colour for d in ui.destinations if d != chosen)


# ---------------------------------------------------------------- short signals


def test_a_refused_press_blinks_red_for_its_duration_then_is_gone() -> None:
    view = detectives_turn().public_view()
    empty = next(s for s in BOARD if s not in piece_stations(view))
    ui = Ui(Mode.DETECTIVES, refused=Flash(empty, since=10.0, seconds=0.8))
    assert board_frame(view, ui, now=10.0)[empty] == STANDARD.refused
    assert empty not in board_frame(view, ui, now=10.0 + at(REFUSED_BLINK))
    assert board_frame(view, ui, now=10.0 + at(2 * REFUSED_BLINK))[empty] == STANDARD.refused
    assert board_frame(view, ui, now=10.0 + 0.81) == board_frame(view, Ui(Mode.DETECTIVES), now=10.81)
    assert empty not in board_frame(view, ui, now=9.9), "not before it happened"


def test_a_refused_press_on_a_piece_blinks_over_it_and_gives_it_back() -> None:
    view = detectives_turn().public_view()
    piece = view.pieces[0]
    ui = Ui(Mode.DETECTIVES, refused=Flash(piece.station, since=0.0, seconds=0.8))
    assert board_frame(view, ui, now=0.0)[piece.station] == STANDARD.refused
    assert board_frame(view, ui, now=1.0)[piece.station] == COLOURS[STANDARD.name].piece_colour(piece)


def test_a_reveal_flashes_white_and_amber_on_his_revealed_station_for_its_duration_then_marks_it() -> None:
    view = revealed_game().public_view()
    seen = view.last_reveal
    assert seen is not None
    ui = Ui(Mode.DETECTIVES, reveal=Flash(seen, since=5.0, seconds=6.0))
    assert board_frame(view, ui, now=5.0)[seen] == COLOURS[STANDARD.name].reveal
    assert board_frame(view, ui, now=5.0 + at(REVEAL_BLINK))[seen] == COLOURS[STANDARD.name].notifier
    assert board_frame(view, ui, now=5.0 + at(2 * REVEAL_BLINK))[seen] == COLOURS[STANDARD.name].reveal
    assert board_frame(view, ui, now=11.01)[seen] == COLOURS[STANDARD.name].last_seen, "then his last-seen mark"


def test_a_reveal_of_a_station_the_log_does_not_show_is_not_drawn() -> None:
    game = detectives_turn()
    hidden = game.mister_x_view().station
    ui = Ui(Mode.DETECTIVES, reveal=Flash(hidden, since=0.0, seconds=6.0))
    assert hidden not in board_frame(game.public_view(), ui, now=0.0)


# ---------------------------------------------------------------- assist and notifier


def test_the_assist_is_off_by_default() -> None:
    game = detectives_turn()
    view = game.public_view()
    assert Ui(Mode.DETECTIVES).assist is False
    assert len(view.possible_stations) > 1
    assert set(board_frame(view, Ui(Mode.DETECTIVES), now=at(0))) == piece_stations(view)


@pytest.mark.parametrize("palette", PALETTES)
def test_the_assist_lights_every_possible_station_dimly_under_the_pieces(palette: Palette) -> None:
    game = detectives_turn()
    game.play(game.moves_of(game.to_move()[0])[0])
    view = game.public_view()
    frame = board_frame(view, Ui(Mode.DETECTIVES, assist=True), now=at(0), palette=palette)
    possible = set(view.possible_stations)
    assert len(possible) > 1
    assert set(frame) == possible | piece_stations(view)
    for station in possible - piece_stations(view):
        assert frame[station] == COLOURS[palette.name].assist
    # Judged as the strip shows it (after the default gamma and brightness): visible, yet a hint, not a signal.
    levels = level_table(LedConfig().gamma, LedConfig().brightness)
    assist = max(levels[c] for c in COLOURS[palette.name].assist)
    assert HINT_FLOOR <= assist <= max(levels[c] for c in COLOURS[palette.name].piece_colour(view.pieces[0])) / 5
    assert all(frame[p.station] == COLOURS[palette.name].piece_colour(p) for p in view.pieces if p.name not in view.moved)


def test_the_reveal_turn_notifier_breathes_the_whole_board_in_amber_under_the_pieces() -> None:
    view = revealed_game().public_view()
    seen = view.last_reveal
    assert seen is not None
    quiet = board_frame(view, Ui(Mode.MISTER_X), now=at(0))
    ui = Ui(Mode.MISTER_X, reveal_next=True)
    low, high = board_frame(view, ui, now=at(0)), board_frame(view, ui, now=at(36))
    empty = set(BOARD) - piece_stations(view) - {seen}
    assert set(quiet) == piece_stations(view) | {seen}
    assert set(low) == set(high) == set(BOARD)
    assert low[seen] == high[seen] == COLOURS[STANDARD.name].last_seen, "his last-seen mark stays over the breathing"
    for station in empty:
        assert sum(low[station]) < sum(high[station]) <= sum(COLOURS[STANDARD.name].notifier)
        assert high[station] == COLOURS[STANDARD.name].notifier
    assert all(high[p.station] == COLOURS[STANDARD.name].piece_colour(p) for p in view.pieces)


# ---------------------------------------------------------------- Mister X's last-seen mark


@pytest.mark.parametrize("palette", PALETTES, ids=lambda palette: palette.name.value)
def test_after_the_reveal_flash_his_last_seen_station_keeps_a_steady_dim_mark_without_the_assist(palette: Palette) -> None:
    view = revealed_game().public_view()
    seen = view.last_reveal
    assert seen is not None and seen not in piece_stations(view)
    colours = COLOURS[palette.name]
    ui = Ui(Mode.DETECTIVES, reveal=Flash(seen, since=5.0, seconds=6.0))
    assert ui.assist is False
    assert board_frame(view, ui, now=5.0, palette=palette)[seen] == colours.reveal, "the flash first"
    after = [board_frame(view, ui, now=11.0 + at(n), palette=palette) for n in range(0, 4 * FPS, 7)]
    assert all(frame[seen] == colours.last_seen for frame in after), "then the mark, steady"
    assert board_frame(view, Ui(Mode.MISTER_X), now=at(0), palette=palette)[seen] == colours.last_seen, "on his turn too"
    assert set(after[0]) == piece_stations(view) | {seen}, "nothing else is lit for it"


@pytest.mark.parametrize("palette", PALETTES, ids=lambda palette: palette.name.value)
def test_the_last_seen_mark_is_a_light_of_its_own_dim_but_visible(palette: Palette, looks: Looks) -> None:
    colours = COLOURS[palette.name]
    mark = colours.last_seen
    others = {colours.assist, colours.notifier, colours.reveal, colours.bobby, colours.mister_x_win,
              *(getattr(colours, name) for name in DETECTIVE_COLOURS)}
    assert mark not in others
    strip = looks.strip(mark)
    assert HINT_FLOOR <= max(strip) < max(looks.strip(colours.bobby)), "a hint: visible, dimmer than any piece"
    assert max(looks.strip(colours.assist)) < max(strip) and strip[0] > strip[2], "brighter and warmer than the assist"
    assert clearly_brighter_on_screen(looks.screen(mark), looks.screen(OFF))


def test_the_last_seen_mark_waits_for_a_reveal_and_lies_over_the_assist_but_under_destinations_and_pieces() -> None:
    before = detectives_turn().public_view()
    assert before.last_reveal is None
    assert set(board_frame(before, Ui(Mode.DETECTIVES), now=at(0))) == piece_stations(before)
    game = revealed_game()
    view = game.public_view()
    seen = view.last_reveal
    assert seen is not None
    assisted = replace(view, possible=london().all_stations)
    assert board_frame(assisted, Ui(Mode.DETECTIVES, assist=True), now=at(0))[seen] == COLOURS[STANDARD.name].last_seen
    ui = replace(selecting(game), destinations={seen: (Ticket.TAXI,)})
    assert ui.selected is not None
    assert board_frame(view, ui, now=at(0))[seen] == scaled(colour_of(view, ui.selected), DESTINATION_LEVELS[0])
    standing = replace(view, pieces=(replace(view.pieces[0], station=seen), *view.pieces[1:]))
    assert board_frame(standing, Ui(Mode.DETECTIVES), now=at(0))[seen] == colour_of(standing, view.pieces[0].name)
    assert board_frame(view, Ui(Mode.PAUSED), now=at(0)).get(seen) is None, "paused: the pieces only"


# ---------------------------------------------------------------- the deal


def test_the_deal_pulses_each_piece_still_to_place_on_its_start_station_and_never_puts_it_out() -> None:
    view = Game.new("reissue", players=4, seed=7).public_view()
    waiting, placed = view.pieces[:2], view.pieces[2:]
    ui = Ui(Mode.DEAL, to_place=tuple((p.name, p.station) for p in waiting), assist=True)
    low, high = PLACING_LEVELS
    dim, bright = board_frame(view, ui, now=at(0)), board_frame(view, ui, now=at(PLACING_PERIOD // 2))
    for piece in waiting:
        colour = COLOURS[STANDARD.name].piece_colour(piece)
        assert dim[piece.station] == scaled(colour, low)
        assert bright[piece.station] == scaled(colour, high) == colour
        assert all(piece.station in board_frame(view, ui, now=at(n)) for n in range(2 * PLACING_PERIOD)), "lit at every moment"
    for piece in placed:
        assert dim[piece.station] == bright[piece.station] == COLOURS[STANDARD.name].piece_colour(piece)
    assert set(dim) == piece_stations(view), "the deal shows the pieces only, no assist"


# ---------------------------------------------------------------- game over


def route_of(view: PublicView) -> tuple[list[Station], set[Station]]:
    """Mister X's route and his reveal stations, all public once the game is over."""
    route = [entry.station for entry in view.log if entry.station is not None]
    assert len(route) == len(view.log)
    return route, {entry.station for entry in view.log if entry.reveal and entry.station is not None}


def test_the_game_over_trail_runs_along_his_route_in_order_with_reveals_marked() -> None:
    view = mister_x_won().public_view()
    route, reveals = route_of(view)
    assert len(set(route)) == len(route) == 6 and len(reveals) == 2
    win, reveal = COLOURS[STANDARD.name].mister_x_win, COLOURS[STANDARD.name].reveal
    for step, head in enumerate(route):
        frame = route_frame(view, at(step * ROUTE_STEP))
        assert frame[head] == (reveal if head in reveals else win)
        for behind in range(1, min(ROUTE_TAIL, step) + 1):
            station = route[step - behind]
            if station not in reveals:
                assert frame[station] == scaled(win, 1 - behind / (ROUTE_TAIL + 1))
        ahead = [s for s in route[step + 1 :] if s not in reveals]
        assert not set(ahead) & set(frame), "the trail has not reached these yet"
        for station in reveals - {head}:
            assert frame[station] == scaled(reveal, REVEAL_MARK_LEVEL)
    hold = route_frame(view, at(len(route) * ROUTE_STEP))
    assert set(hold) == set(route)
    assert hold[route[-1]] in (win, scaled(reveal, REVEAL_MARK_LEVEL))
    assert all(hold[s] == scaled(win, ROUTE_HOLD_LEVEL) for s in route[:-1] if s not in reveals)
    assert route_frame(view, at(len(route) * ROUTE_STEP + 60)) == route_frame(view, at(0)), "and again"


def test_mister_x_s_win_replays_his_route_under_the_pieces() -> None:
    view = mister_x_won().public_view()
    route, _ = route_of(view)
    free = next(step for step, s in enumerate(route) if s not in piece_stations(view) and not view.log[step].reveal)
    frame = board_frame(view, Ui(Mode.GAME_OVER), now=at(free * ROUTE_STEP))
    assert frame[route[free]] == COLOURS[STANDARD.name].mister_x_win
    assert all(frame[p.station] == COLOURS[STANDARD.name].piece_colour(p) for p in view.pieces)


def test_a_capture_flashes_the_capturing_piece_s_station() -> None:
    game = captured()
    view = game.public_view()
    assert view.outcome is not None and view.outcome.reason is Reason.CAPTURE and view.outcome.by is not None
    station = view.piece(view.outcome.by).station
    assert station == view.mister_x_final
    ui = Ui(Mode.GAME_OVER)
    assert board_frame(view, ui, now=at(0))[station] == COLOURS[STANDARD.name].capture
    assert board_frame(view, ui, now=at(CAPTURE_BLINK))[station] == colour_of(view, view.outcome.by)


def test_mister_x_cornered_on_his_start_flashes_there_with_dark() -> None:
    view = detectives_turn().public_view()
    start = next(s for s in BOARD if s not in piece_stations(view))
    cornered = replace(view, log=(), outcome=Outcome(Reason.CORNERED, 1), mister_x_final=start)
    ui = Ui(Mode.GAME_OVER)
    assert board_frame(cornered, ui, now=at(0))[start] == COLOURS[STANDARD.name].capture
    assert start not in board_frame(cornered, ui, now=at(CAPTURE_BLINK))
    assert route_frame(cornered, at(0)) == {start: COLOURS[STANDARD.name].mister_x_win}


def test_before_the_end_the_route_shows_only_reveal_stations() -> None:
    early, revealed = detectives_turn().public_view(), revealed_game().public_view()
    assert route_frame(early, at(0)) == {}
    assert set().union(*(route_frame(revealed, at(n)) for n in range(0, 120, 5))) == {revealed.last_reveal}


# ---------------------------------------------------------------- secrecy


def twin_games() -> tuple[Game, Game]:
    """Two games equal in everything public: Mister X took the same ticket to different hidden stations."""
    for seed in range(50):
        moves = [m for m in Game.new("reissue", players=4, seed=seed).single_moves() if isinstance(m, MisterXMove)]
        for first in moves:
            other = next((m for m in moves if m.ticket is first.ticket and m.station != first.station), None)
            if other is not None:
                games = Game.new("reissue", players=4, seed=seed), Game.new("reissue", players=4, seed=seed)
                games[0].play(first)
                games[1].play(other)
                return games
    raise AssertionError("no twin moves")


def test_two_games_that_differ_only_in_mister_x_s_hidden_station_light_identically() -> None:
    one, two = twin_games()
    assert one.mister_x_view().station != two.mister_x_view().station
    name = one.to_move()[0]
    move = next(m for m in one.moves_of(name) if m.station not in (one.mister_x_view().station, two.mister_x_view().station))
    for game in (one, two):
        game.play(DetectiveMove(move.piece, move.station, move.ticket))
    views = one.public_view(), two.public_view()
    uis = [
        Ui(Mode.MISTER_X, assist=True, reveal_next=True),
        selecting(one, assist=True),
        Ui(Mode.DETECTIVES, refused=Flash(move.station, 0.0, 0.8)),
        Ui(Mode.PAUSED),
    ]
    for palette in PALETTES:
        for ui in uis:
            for now in (0.0, 0.37, 1.2, 2.9, 7.5):
                assert board_frame(views[0], ui, now, palette) == board_frame(views[1], ui, now, palette)
        assert route_frame(views[0], 3.0, palette) == route_frame(views[1], 3.0, palette)


# ---------------------------------------------------------------- colour-blind rhythms


def rhythm(name: str) -> tuple[bool, ...]:
    return tuple(pattern(name, at(n)) for n in range(RHYTHM_SLOT * RHYTHM_SLOTS))


def test_each_piece_has_its_own_rhythm_counted_in_dips() -> None:
    rhythms = {name: rhythm(name) for name in (*DETECTIVE_COLOURS, "bobby1")}
    assert len(set(rhythms.values())) == len(rhythms)
    for number, name in enumerate(DETECTIVE_COLOURS, 1):
        beats = rhythms[name]
        dips = sum(1 for n in range(len(beats)) if beats[n - 1] and not beats[n])
        assert dips == number
    assert all(rhythms["bobby1"])


def test_the_colour_blind_palette_dips_pieces_in_rhythm_and_the_standard_one_does_not() -> None:
    view = detectives_turn().public_view()
    red = view.piece("red")
    dip = at(RHYTHM_SLOT)  # slot 1: every detective's first dip
    assert not pattern("red", dip)
    blind = board_frame(view, Ui(Mode.DETECTIVES), dip, COLOUR_BLIND)
    assert blind[red.station] == scaled(COLOURS[COLOUR_BLIND.name].red, RHYTHM_DIP)
    assert board_frame(view, Ui(Mode.DETECTIVES), at(0), COLOUR_BLIND)[red.station] == COLOURS[COLOUR_BLIND.name].red
    assert board_frame(view, Ui(Mode.DETECTIVES), dip, STANDARD)[red.station] == COLOURS[STANDARD.name].red
    bobby = next(p for p in view.pieces if p.bobby)
    assert blind[bobby.station] == COLOURS[COLOUR_BLIND.name].bobby


# ---------------------------------------------------------------- lights you can see


def as_piece(game: Game, name: str) -> tuple[PublicView, Ui]:
    """The game's first piece to move recoloured as *name* (a detective colour, or ``bobby``), picked, its destinations offered."""
    ui = selecting(game)
    view = game.public_view()
    mover = view.piece(str(ui.selected))
    piece = replace(mover, name="bobby1" if name == "bobby" else name, bobby=name == "bobby")
    pieces = tuple(piece if p is mover else p for p in view.pieces if p is mover or p.name != piece.name)
    return replace(view, pieces=pieces), replace(ui, selected=piece.name)


def dimmest(colours: Iterable[Colour], looks: Looks) -> Colour:
    """Of the colours a station shows over a pulse, the one whose brightest channel is lowest on the strip."""
    return min(colours, key=lambda colour: max(looks.strip(colour)))


PIECES = (*DETECTIVE_COLOURS, "bobby")


@pytest.mark.parametrize("palette", PALETTES, ids=lambda palette: palette.name.value)
@pytest.mark.parametrize("name", PIECES)
def test_a_destination_is_clearly_lit_at_its_dimmest_on_the_strip_and_in_the_simulator(name: str, palette: Palette, looks: Looks) -> None:
    """Every piece colour: where it may go is never darker than an unlit station, on the board or on the screen."""
    view, ui = as_piece(detectives_turn(), name)
    assert ui.destinations
    shown = [board_frame(view, ui, now=at(n), palette=palette).get(d, OFF) for n in range(DESTINATION_PERIOD) for d in ui.destinations]
    low = dimmest(shown, looks)
    assert max(looks.strip(low)) >= LIT_FLOOR, f"{low} reaches {looks.strip(low)} on the strip; an unlit station is 0"
    assert clearly_brighter_on_screen(looks.screen(low), looks.screen(OFF)), f"{looks.screen(low)} against {looks.screen(OFF)} unlit"


@pytest.mark.parametrize("palette", PALETTES, ids=lambda palette: palette.name.value)
@pytest.mark.parametrize("name", PIECES)
def test_a_piece_to_place_pulses_but_never_below_clearly_lit(name: str, palette: Palette, looks: Looks) -> None:
    view, _ = as_piece(detectives_turn(), name)
    piece = view.piece("bobby1" if name == "bobby" else name)
    ui = Ui(Mode.DEAL, to_place=((piece.name, piece.station),))
    shown = [board_frame(view, ui, now=at(n), palette=palette).get(piece.station, OFF) for n in range(2 * FPS)]
    low = dimmest(shown, looks)
    assert max(looks.strip(low)) >= LIT_FLOOR, f"{low} reaches {looks.strip(low)} on the strip at the pulse's lowest"
    assert clearly_brighter_on_screen(looks.screen(low), looks.screen(OFF))
    assert len(set(shown)) > 2, "and it does pulse"


# ---------------------------------------------------------------- time, colours, power


def busy_ui(game: Game) -> Ui:
    return selecting(game, assist=True, reveal_next=True, refused=Flash(1, 0.0, 100.0))


def test_frames_change_only_on_the_30_frames_a_second_clock() -> None:
    game = detectives_turn()
    view, ui = game.public_view(), busy_ui(game)
    for frame_no in range(0, 90, 7):
        start = board_frame(view, ui, at(frame_no, 0.0005))
        assert start == board_frame(view, ui, at(frame_no, 1 / FPS - 0.0005))
    frames = [board_frame(view, ui, n / 1000) for n in range(1000)]
    changes = sum(1 for a, b in pairwise(frames) if a != b)
    assert 20 <= changes <= FPS - 1, "the busy board animates, but never faster than the frame clock"
    assert frame_number(1.0) == FPS and frame_number(1.0 - 1e-9) == FPS - 1


def all_kinds_of_frames() -> Iterator[dict[Station, Colour]]:
    game = detectives_turn()
    views = (game.public_view(), revealed_game().public_view(), mister_x_won().public_view(), captured().public_view())
    for palette in PALETTES:
        for now in (0.0, 0.25, 0.6, 1.3, 2.2, 4.1):
            yield board_frame(views[0], busy_ui(game), now, palette)
            yield board_frame(views[0], replace(busy_ui(game), mode=Mode.CHOOSE_TICKET, chosen=min(busy_ui(game).destinations)),
                              now, palette)
            yield board_frame(views[1], Ui(Mode.MISTER_X, assist=True, reveal_next=True, reveal=Flash(views[1].last_reveal or 0, 0.0, 6.0)),
                              now, palette)
            yield board_frame(views[0], Ui(Mode.DEAL, to_place=tuple((p.name, p.station) for p in views[0].pieces)), now, palette)
            yield board_frame(views[0], Ui(Mode.PAUSED), now, palette)
            yield board_frame(views[2], Ui(Mode.GAME_OVER), now, palette)
            yield board_frame(views[3], Ui(Mode.GAME_OVER), now, palette)
            yield attract_frame(now, BOARD, palette)
            everywhere = replace(views[1], possible=london().all_stations)
            yield board_frame(everywhere, Ui(Mode.MISTER_X, assist=True, reveal_next=True), now, palette)


def test_every_colour_is_a_valid_triple_on_a_board_station() -> None:
    for frame in all_kinds_of_frames():
        for station, colour in frame.items():
            assert station in BOARD
            assert isinstance(colour, tuple) and len(colour) == 3
            assert all(isinstance(c, int) and 0 <= c <= 255 for c in colour), colour


def test_every_frame_stays_well_inside_the_power_budget_at_full_brightness() -> None:
    """The strip would scale an over-budget frame down; a calm palette never comes near that."""
    config = replace(LedConfig(), brightness=1.0)
    levels = level_table(config.gamma, config.brightness)
    per_level = config.milliamps_per_channel / 255
    worst = max(
        config.count * config.idle_milliamps + sum(levels[c] for colour in frame.values() for c in colour) * per_level
        for frame in all_kinds_of_frames()
    )
    assert worst < config.supply_amps * 1000 / 2, f"{worst:.0f} mA"


def test_attract_mode_drifts_softly_over_the_given_stations_only() -> None:
    stations = BOARD[:50]
    frames = [attract_frame(at(n), stations) for n in range(0, 240, 30)]
    assert all(set(frame) <= set(stations) for frame in frames)
    assert len({tuple(sorted(frame.items())) for frame in frames}) == len(frames)
    assert all(max(colour) <= max(STANDARD.attract) for frame in frames for colour in frame.values())
    assert attract_frame(at(5), stations) == attract_frame(at(5, 0.02), stations)
