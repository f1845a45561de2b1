"""The screen of a Scotland Yard game (console.games.classic.screen): every state draws at every size, colours and
texts land, and nothing leaks.

Pictures are checked by cheap pixel facts: a ticket's exact colour appears (or
grows) where a ticket was added; a panel changes when its text changes; a text's
lit rows are as tall as the screen's minimum. The secrecy test compares whole
surfaces byte for byte.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from console.games.classic.model import Mode, Ui
from console.games.classic.screen import REVEAL, draw_game, layout, log_boxes, log_length, render_png
from console.games.table import Flash
from console.table.screen.toolkit import DIM, PANEL, TEXT, TICKET_COLOURS, TICKET_INK, Toolkit
from engine import DoubleMove, Game, MisterXMove, PublicView, Side, Ticket
from language import use
from tests.conftest import play_random_game

SIZES = ((800, 480), (1024, 600), (480, 320))
EDITIONS = ("reissue", "classic", "beginner")


# ---------------------------------------------------------------- game states


def mister_x_plays(game: Game, ticket: Ticket, *, double: bool = False) -> None:
    """Mister X moves with *ticket* when he can (any ticket otherwise), as a double move if asked."""
    moves = [m for m in game.single_moves() if isinstance(m, MisterXMove)]
    first = next((m for m in moves if m.ticket is ticket), moves[0])
    if double and game.can_double:
        seconds = game.second_legs(first)
        if seconds:
            game.play(DoubleMove(first, seconds[0]))
            return
    game.play(first)


def detectives_play(game: Game, rng: random.Random) -> None:
    """The detectives' part of the round, never capturing (so the game goes on)."""
    hidden = game.mister_x_view().station
    while not game.is_over and game.turn is Side.DETECTIVES:
        moves = game.single_moves()
        safe = [m for m in moves if m.station != hidden]
        game.play(rng.choice(safe or list(moves)))


def mid_game(edition: str, players: int = 4, seed: int = 3) -> Game:
    """Round 1 black, round 2 a double move (its second leg is reveal move 3), rounds 3-4 taxis; detectives to move."""
    game = Game.new(edition, players=players, seed=seed)
    rng = random.Random(seed)
    for ticket, double in ((Ticket.BLACK, False), (Ticket.TAXI, True), (Ticket.BUS, False), (Ticket.TAXI, False)):
        mister_x_plays(game, ticket, double=double)
        if game.moves_made < 5:  # leave the last round's detectives to move
            detectives_play(game, rng)
    assert not game.is_over and game.turn is Side.DETECTIVES
    return game


def finished(winner: Side, edition: str = "reissue") -> PublicView:
    """The view of the first random game (by seed) that *winner* wins."""
    for seed in range(200):
        game = play_random_game(edition, seed=seed)
        if game.outcome is not None and game.outcome.winner is winner:
            return game.public_view()
    raise AssertionError(f"no random {edition} game won by {winner} in 200 seeds")


def states(edition: str = "reissue") -> Iterator[tuple[str, PublicView, Ui, float]]:
    """Named screens of one edition: (name, view, ui, now)."""
    start = Game.new(edition, players=4, seed=1)
    view = start.public_view()
    pieces = tuple((piece.name, piece.station) for piece in view.pieces)
    yield "deal", view, Ui(Mode.DEAL, message="Put each piece on its lit station", to_place=pieces), 0.0
    yield "start", view, Ui(Mode.MISTER_X, message="Mister X: choose on the handheld"), 0.0
    game = mid_game(edition)
    middle = game.public_view()
    first = middle.pieces[0]
    yield "mid-game", middle, Ui(Mode.DETECTIVES, message="Press a detective's station", assist=True), 0.0
    yield "selected", middle, Ui(Mode.DETECTIVES, message="Press a lit station", selected=first.name, reveal_next=True), 0.0
    choices = (Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND)
    ui = Ui(Mode.CHOOSE_TICKET, message="Press 1, 2 or 3", selected=first.name, chosen=first.station, ticket_choices=choices)
    yield "choose-ticket", middle, ui, 0.0
    revealed = next(entry.station for entry in middle.log if entry.reveal)
    assert revealed is not None
    ui = Ui(Mode.MISTER_X, message="Mister X surfaced", reveal=Flash(revealed, since=10.0, seconds=4.0), reveal_next=True)
    yield "reveal", middle, ui, 11.0
    ui = Ui(Mode.DETECTIVES, message="That station is not lit", refused=Flash(first.station, since=0.0, seconds=1.0))
    yield "refused", middle, ui, 0.5
    yield "paused", middle, Ui(Mode.PAUSED, message="Plug the handheld back in"), 0.0
    for winner in Side:
        name = "x-wins" if winner is Side.MISTER_X else "detectives-win"
        yield name, finished(winner, edition), Ui(Mode.GAME_OVER, message="Press MENU for a new game"), 0.0


ALL_STATES = [(edition, *state) for edition in EDITIONS for state in states(edition)]


def draw(view: PublicView, ui: Ui, size: tuple[int, int] = (800, 480), now: float = 0.0) -> pygame.Surface:
    surface = pygame.Surface(size)
    draw_game(Toolkit(size), surface, view, ui, now)
    return surface


def count(surface: pygame.Surface, colour: tuple[int, int, int], area: pygame.Rect | None = None) -> int:
    """Pixels of exactly *colour* (in *area*, or anywhere)."""
    sub = surface.subsurface(area or surface.get_rect())
    return pygame.mask.from_threshold(sub, colour, (1, 1, 1, 255)).count()


def focus_area(size: tuple[int, int]) -> pygame.Rect:
    """The right-hand panel, well inside its bounds."""
    w, h = size
    return pygame.Rect(round(w * 0.62), round(h * 0.4), round(w * 0.36), round(h * 0.47))


def lit_rows(surface: pygame.Surface, area: pygame.Rect) -> int:
    """The height from the first to the last row of *area* holding near-white (text) pixels."""
    rows = [y for y in range(area.top, area.bottom) if any(min(surface.get_at((x, y))[:3]) > 200 for x in range(area.left, area.right))]
    return rows[-1] - rows[0] + 1 if rows else 0


# ---------------------------------------------------------------- every state, every size


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("edition", "name", "view", "ui", "now"), ALL_STATES, ids=[f"{s[0]}-{s[1]}" for s in ALL_STATES])
def test_every_state_draws_at_every_size(edition: str, name: str, view: PublicView, ui: Ui, now: float, size: tuple[int, int],
                                         tmp_path: Path) -> None:
    surface = draw(view, ui, size, now)
    colours = {tuple(surface.get_at((x, y))[:3]) for x in range(0, size[0], 7) for y in range(0, size[1], 7)}
    assert len(colours) > 8, f"{name}: the screen is nearly blank"
    assert count(surface, TEXT) > size[0] * size[1] // 200, f"{name}: too little text"
    path = tmp_path / f"{edition}-{name}-{size[0]}x{size[1]}.png"
    render_png(view, ui, path, size, now)
    assert pygame.image.tobytes(pygame.image.load(str(path)), "RGB") == pygame.image.tobytes(surface, "RGB")


def test_one_toolkit_follows_the_surface_size() -> None:
    """The simulator's panel may be resized: the same toolkit lays out again for the new size."""
    _, _, view, ui, now = ALL_STATES[2]
    kit = Toolkit((800, 480))
    for size in SIZES:
        surface = pygame.Surface(size)
        draw_game(kit, surface, view, ui, now)
        assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(draw(view, ui, size, now), "RGB")


# ---------------------------------------------------------------- what is shown


def test_travel_log_shows_each_ticket_colour_including_black() -> None:
    game = Game.new("reissue", players=4, seed=1)
    ui = Ui(Mode.DETECTIVES)
    before = draw(game.public_view(), ui)
    mister_x_plays(game, Ticket.BLACK)
    after_black = draw(game.public_view(), ui)
    assert game.public_view().log[0].ticket is Ticket.BLACK
    cell = (800 // 12) * (480 // 9) // 2
    assert count(after_black, TICKET_COLOURS[Ticket.BLACK]) - count(before, TICKET_COLOURS[Ticket.BLACK]) > cell
    detectives_play(game, random.Random(1))
    mister_x_plays(game, Ticket.TAXI)
    assert game.public_view().log[1].ticket is Ticket.TAXI
    after_taxi = draw(game.public_view(), ui)
    # The detectives' own taxi boxes are drawn in both pictures; the new log cell adds a whole cell of yellow.
    grown = count(after_taxi, TICKET_COLOURS[Ticket.TAXI]) - count(after_black, TICKET_COLOURS[Ticket.TAXI])
    assert grown > cell


def test_black_ticket_has_a_white_outline() -> None:
    game = Game.new("reissue", players=4, seed=1)
    mister_x_plays(game, Ticket.BLACK)
    surface = draw(game.public_view(), Ui(Mode.DETECTIVES))
    black = [(x, y) for x in range(800) for y in range(60, 180) if surface.get_at((x, y))[:3] == (0, 0, 0)]
    left = min(x for x, _ in black)
    row = black[len(black) // 2][1]
    assert min(surface.get_at((left - 1, row))[:3]) > 200, "the black cell's left edge is not white"


def test_double_move_tickets_are_shown_and_used_ones_dimmed() -> None:
    colour = TICKET_COLOURS[Ticket.DOUBLE]
    game = Game.new("reissue", players=4, seed=1)
    full = count(draw(game.public_view(), Ui(Mode.DETECTIVES)), colour)
    assert full > 300
    used = replace(game.public_view(), mister_x_tickets=game.public_view().mister_x_tickets._replace(double=0))
    assert count(draw(used, Ui(Mode.DETECTIVES)), colour) == 0


def test_mid_game_log_holds_black_and_double_move() -> None:
    """The scenario the pictures rely on: a black ticket and a used double-move ticket."""
    view = mid_game("reissue").public_view()
    assert view.log[0].ticket is Ticket.BLACK
    assert len(view.log) == 5 and view.round == 4 and view.mister_x_tickets.double == 1


def test_reveal_shows_the_station_big_while_it_flashes() -> None:
    _, _, view, ui, now = next(s for s in ALL_STATES if s[1] == "reveal")
    area = focus_area((800, 480))
    flashing = count(draw(view, ui, now=now), REVEAL, area)
    before = count(draw(view, ui, now=ui.reveal.since - 1), REVEAL, area) if ui.reveal else 0
    after = count(draw(view, ui, now=now + 100), REVEAL, area)
    assert flashing > before + 2000 and flashing > after + 2000, "no big revealed station while it flashes"


def test_reveal_notice_and_assist_count_appear_in_the_panel() -> None:
    view = mid_game("reissue").public_view()
    area = focus_area((800, 480))
    plain = draw(view, Ui(Mode.MISTER_X))
    notice = draw(view, Ui(Mode.MISTER_X, reveal_next=True))
    assert count(notice, REVEAL, area) > count(plain, REVEAL, area) + 50
    assist = draw(view, Ui(Mode.MISTER_X, assist=True))
    assert count(assist, TEXT, area) > count(plain, TEXT, area) + 50


def test_ticket_choices_are_listed_in_key_order() -> None:
    view = mid_game("reissue").public_view()
    area = focus_area((800, 480))

    def centre_y(surface: pygame.Surface, ticket: Ticket) -> float:
        colour = TICKET_COLOURS[ticket]
        ys = [y for x in range(area.left, area.right, 3) for y in range(area.top, area.bottom) if surface.get_at((x, y))[:3] == colour]
        assert ys, f"no {ticket} box in the panel"
        return sum(ys) / len(ys)

    one = draw(view, Ui(Mode.CHOOSE_TICKET, ticket_choices=(Ticket.TAXI, Ticket.BUS)))
    assert centre_y(one, Ticket.TAXI) < centre_y(one, Ticket.BUS)
    other = draw(view, Ui(Mode.CHOOSE_TICKET, ticket_choices=(Ticket.BUS, Ticket.TAXI)))
    assert centre_y(other, Ticket.TAXI) > centre_y(other, Ticket.BUS)


def test_deal_lists_the_pieces_to_place() -> None:
    view = Game.new("reissue", players=4, seed=1).public_view()
    area = focus_area((800, 480))
    red = (235, 60, 60)
    with_red = draw(view, Ui(Mode.DEAL, to_place=(("red", 13), ("blue", 26))))
    without = draw(view, Ui(Mode.DEAL, to_place=(("blue", 26),)))
    assert count(with_red, red, area) > 100
    assert count(without, red, area) == 0


def test_paused_and_game_over_show_their_text() -> None:
    view = mid_game("reissue").public_view()
    area = focus_area((800, 480))
    one = draw(view, Ui(Mode.PAUSED, message="Plug the handheld back in"))
    other = draw(view, Ui(Mode.PAUSED, message="Waiting"))
    assert pygame.image.tobytes(one.subsurface(area), "RGB") != pygame.image.tobytes(other.subsurface(area), "RGB")
    x_wins, detectives_win = finished(Side.MISTER_X), finished(Side.DETECTIVES)
    assert str(x_wins.outcome) != str(detectives_win.outcome)
    a, b = (draw(v, Ui(Mode.GAME_OVER)).subsurface(area) for v in (x_wins, detectives_win))
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")


def test_game_over_shows_the_route_in_the_log() -> None:
    view = finished(Side.MISTER_X)
    assert all(entry.station is not None for entry in view.log)
    hidden = replace(view, log=tuple(replace(entry, station=None) for entry in view.log))
    log_area = pygame.Rect(0, round(480 * 0.125), 800, round(480 * 0.245))
    shown_text = count(draw(view, Ui(Mode.GAME_OVER)), TEXT, log_area)
    hidden_text = count(draw(hidden, Ui(Mode.GAME_OVER)), TEXT, log_area)
    assert shown_text > hidden_text + 20 * len(view.log)


def test_refused_press_turns_the_message_bar_red() -> None:
    view = mid_game("reissue").public_view()
    ui = Ui(Mode.DETECTIVES, message="Not a lit station", refused=Flash(13, since=0.0, seconds=1.0))
    bar = (400, 470)
    assert draw(view, ui, now=0.5).get_at(bar)[0] > 100
    assert draw(view, ui, now=1.5).get_at(bar)[0] < 60


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_message_text_is_at_least_a_twentieth_of_the_height(size: tuple[int, int]) -> None:
    view = Game.new("reissue", players=4, seed=1).public_view()
    w, h = size
    bar = pygame.Rect(0, round(h * 0.9), w, h - round(h * 0.9))
    surface = draw(view, Ui(Mode.DETECTIVES, message="Pick Yellow's ticket"), size)
    # 'P', 'k', 'Y' reach the cap height and 'p', 'y' the descender: together a font's full height.
    assert lit_rows(surface, bar) >= h / 20 * 0.95


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_header_and_the_log_count_what_the_edition_counts(edition: str) -> None:
    """The reissue and the beginner edition last so many rounds: a box per round; the classic 24 moves: a box per move."""
    game = mid_game(edition)
    view = game.public_view()
    boxes = {"reissue": 22, "classic": 24, "beginner": 13}[edition]
    assert log_length(view) == boxes
    kit = Toolkit((800, 480))
    surface = pygame.Surface((800, 480))
    draw_game(kit, surface, Game.new(edition, players=4, seed=1).public_view(), Ui(Mode.MISTER_X), 0.0)
    header = kit.texts[0]
    assert header == (f"Move 0 of {boxes} · round 1" if edition == "classic" else f"Round 1 of {boxes}")
    assert [text for text in kit.texts if text.isdigit()][:boxes] == [str(n) for n in range(1, boxes + 1)]
    # The boxes on the screen, counted in its pixels: every box of a new game is an empty panel.
    panels = pygame.mask.from_threshold(surface.subsurface(layout((800, 480)).log), PANEL, (1, 1, 1, 255))
    assert len([c for c in panels.connected_components() if c.count() > 200]) == boxes
    # Mid-game the header still counts as the log does: the round (or move) being played is the box framed white.
    kit.begin(surface)
    draw_game(kit, surface, view, Ui(Mode.DETECTIVES), 0.0)
    counted = game.round if edition != "classic" else game.moves_made
    assert kit.texts[0].startswith(f"Round {counted} of " if edition != "classic" else f"Move {counted} of ")


def test_a_double_move_shares_its_round_s_box_where_the_edition_counts_rounds() -> None:
    game = mid_game("reissue")  # round 2 was a double move: moves 2 and 3 (3 a reveal)
    view = game.public_view()
    boxes = log_boxes(view)
    assert [len(box.entries) for box in boxes[:5]] == [1, 2, 1, 1, 0] and boxes[1].reveal
    assert [box.number for box in boxes] == list(range(1, 23))
    # he has made 5 moves in 4 rounds: reveal move 8 comes in round 7 if he moves once a round, 13 in round 12
    assert [box.number for box in boxes if box.reveal] == [2, 7, 12]
    classic = log_boxes(mid_game("classic").public_view())
    assert [len(box.entries) for box in classic[:6]] == [1, 1, 1, 1, 1, 0]
    assert [box.number for box in classic if box.reveal] == [3, 8, 13, 18, 24]


def first_box_ink(size: tuple[int, int], view: PublicView) -> pygame.mask.Mask:
    """The letters in the first travel-log box on the game-over screen (not the frame, nor a black ticket's outline)."""
    surface = draw(view, Ui(Mode.GAME_OVER), size)
    area = layout(size).log
    boxes = log_length(view)
    rows = 1 if boxes <= 10 else 2 if boxes <= 30 else 3
    pad = Toolkit(size).pad
    box = pygame.Rect(area.x, area.y, round(area.w / -(-boxes // rows)), round(area.h / rows)).inflate(-pad, -pad)
    return pygame.mask.from_threshold(surface.subsurface(box.inflate(-6, -6)), TICKET_INK[view.log[0].ticket], (60, 60, 60, 255))


def bounds(mask: pygame.mask.Mask) -> pygame.Rect:
    rects = [component.get_bounding_rects()[0] for component in mask.connected_components() if component.count() > 3]
    return pygame.Rect.unionall(rects[0], rects[1:])


@pytest.mark.parametrize("size", [*SIZES, (410, 246)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_move_number_never_touches_the_station_in_a_log_box(size: tuple[int, int]) -> None:
    """A box's number stands clear of its station (two paddings across, or one above: no footnote stuck to it), or is left out.

    The number's letters are found by drawing the box once more without its station.
    """
    shown = 0
    for edition, seed in itertools.product(("classic", "beginner"), range(8)):
        view = play_random_game(edition, seed=seed).public_view()
        if view.log[0].double:
            continue  # a round's double move: no number drawn
        both = first_box_ink(size, view)
        number = first_box_ink(size, replace(view, log=(replace(view.log[0], station=None), *view.log[1:])))
        if both.overlap_area(number, (0, 0)) < number.count() * 0.9:
            continue  # the station alone: the number was left out
        station = both.copy()
        station.erase(number, (0, 0))
        left, right = bounds(number), bounds(station)
        pad = Toolkit(size).pad
        assert right.left - left.right >= 2 * pad or right.top - left.bottom >= pad, (seed, left, right)
        shown += 1
    assert shown or size[1] < 480  # the beginner edition's wide boxes have room for both


def test_a_short_last_word_is_not_left_alone_on_its_line() -> None:
    """The game-over reason "He survived round 22" does not leave "22" on a line of its own."""
    view = finished(Side.MISTER_X)
    assert str(view.outcome) == "Mister X wins: he survived round 22"
    surface = draw(view, Ui(Mode.GAME_OVER))
    area = focus_area((800, 480)).inflate(0, 60)
    dim = pygame.mask.from_threshold(surface.subsurface(area), DIM, (1, 1, 1, 255))  # the reason is drawn in DIM
    lines: dict[int, list[pygame.Rect]] = {}
    for component in dim.connected_components():
        rect = component.get_bounding_rects()[0]
        line = next((y for y in lines if abs(y - rect.centery) < 12), rect.centery)
        lines.setdefault(line, []).append(rect)
    widths = [pygame.Rect.unionall(rects[0], rects[1:]).w for rects in lines.values()]
    lone = Toolkit((800, 480)).font(Toolkit((800, 480)).px_main).size("22")[0]
    assert len(widths) == 2 and min(widths) > 2 * lone, widths  # "He survived" / "round 22"


def test_a_long_message_takes_two_lines_and_nothing_is_cut() -> None:
    view = mid_game("reissue").public_view()
    message = "Red took a taxi to 39: move the piece. Detectives: press a piece to move it"
    kit = Toolkit((800, 480))
    surface = pygame.Surface((800, 480))
    draw_game(kit, surface, view, Ui(Mode.DETECTIVES, message=message), 0.0)
    assert kit.cut == []
    bar = kit.message
    rows = [y for y in range(bar.top, bar.bottom) if count(surface, TEXT, pygame.Rect(bar.x, y, bar.w, 1))]
    bands = 1 + sum(1 for a, b in itertools.pairwise(rows) if b > a + 1)
    assert bands == 2, "the message is on two lines"


# ---------------------------------------------------------------- secrecy


def test_hidden_destination_does_not_change_a_pixel() -> None:
    """Two games that differ only in where Mister X went (same ticket, not a reveal) look identical."""
    base = Game.new("reissue", players=4, seed=5)
    pairs = [
        (a, b)
        for a in base.single_moves()
        for b in base.single_moves()
        if isinstance(a, MisterXMove) and isinstance(b, MisterXMove) and a.ticket is b.ticket and a.station < b.station
    ]
    assert pairs, "no two destinations share a ticket"
    first, second = pairs[0]
    games = [Game(base.position()), Game(base.position())]
    games[0].play(first)
    games[1].play(second)
    assert games[0].mister_x_view().station != games[1].mister_x_view().station
    views = [game.public_view() for game in games]
    assert not views[0].log[0].reveal
    for ui in (Ui(Mode.DETECTIVES, message="Detectives' turn", assist=True), Ui(Mode.MISTER_X, reveal_next=True)):
        for size in SIZES:
            one, two = (pygame.image.tobytes(draw(view, ui, size), "RGB") for view in views)
            assert one == two, f"the screen differs with Mister X's hidden station ({ui.mode}, {size})"


def test_secrecy_test_would_see_a_leak() -> None:
    """The byte comparison above notices a single station number drawn differently."""
    view = mid_game("reissue").public_view()
    entries = list(view.log)
    entries[0] = replace(entries[0], station=1)
    leaked = replace(view, log=tuple(entries))
    one, two = (pygame.image.tobytes(draw(v, Ui(Mode.DETECTIVES)), "RGB") for v in (view, leaked))
    assert one != two


def test_the_two_legs_of_a_double_move_are_joined_in_the_log() -> None:
    """A purple bar runs under a double move (round 2's box in the reissue), and under no single move."""
    game = Game.new("reissue", players=4, seed=2)
    game.play(game.single_moves()[0])
    while game.turn is not Side.MISTER_X:
        game.play(game.single_moves()[0])
    first = game.single_moves()[0]
    game.play(DoubleMove(first, game.second_legs(first)[0]))
    kit = Toolkit((800, 480))
    surface = pygame.Surface((800, 480))
    draw_game(kit, surface, game.public_view(), Ui(Mode.DETECTIVES), 0.0)
    area = layout(kit.size).log
    purple = pygame.Color(*TICKET_COLOURS[Ticket.DOUBLE])
    columns = {x for x in range(area.left, area.right) for y in range(area.top, area.bottom) if surface.get_at((x, y)) == purple}
    cell = area.w / 11  # 22 rounds in two rows
    assert columns and min(columns) >= area.left + cell - 2 and max(columns) <= area.left + 2 * cell + 2  # under round 2 only


# ---------------------------------------------------------------- in Korean


KOREAN_STATES = [state for state in ALL_STATES if state[1] in ("deal", "start", "mid-game", "selected", "choose-ticket", "reveal",
                                                              "x-wins", "detectives-win")]
"""The main states: the deal, Mister X moving, the detectives' turn, a reveal, the ticket keys, both ends."""


def english_words(texts: list[str]) -> list[str]:
    """The Latin words of two letters or more in *texts* (Mister X's "X" and station numbers are the same in Korean)."""
    return [word for text in texts for word in re.findall(r"[A-Za-z]{2,}", text)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("edition", "name", "view", "ui", "now"), KOREAN_STATES, ids=[f"{s[0]}-{s[1]}" for s in KOREAN_STATES])
def test_every_main_state_draws_in_korean_whole(korean: None, edition: str, name: str, view: PublicView, ui: Ui, now: float,
                                                size: tuple[int, int]) -> None:
    """Every word of the screen is Korean (the message bar is the flow's: left empty here), and every word fits its box."""
    kit = Toolkit(size)
    draw_game(kit, pygame.Surface(size), view, replace(ui, message=""), now)
    assert kit.texts and english_words(kit.texts) == []
    assert kit.cut == []
    assert any("가" <= char <= "힣" for text in kit.texts for char in text)


def test_the_correction_and_the_pause_draw_in_korean_whole(korean: None) -> None:
    view = mid_game("reissue").public_view()
    first = view.pieces[0].name
    for ui in (Ui(Mode.CORRECT), Ui(Mode.CORRECT, selected=first, correct_ticket=Ticket.BUS), Ui(Mode.PAUSED),
               Ui(Mode.DEAL), Ui(Mode.CHOOSE_TICKET, ticket_choices=(Ticket.TAXI, Ticket.BLACK, Ticket.DOUBLE))):
        for size in SIZES:
            kit = Toolkit(size)
            draw_game(kit, pygame.Surface(size), view, ui, 0.0)
            assert english_words(kit.texts) == [] and kit.cut == [], (ui.mode, size)


def test_a_change_of_language_changes_the_same_screen_s_words(korean: None) -> None:
    """The screen holds no words of its own: the same view and ui draw in the language in use at each frame."""
    view = mid_game("reissue").public_view()
    ui = Ui(Mode.DETECTIVES, selected=view.pieces[0].name, assist=True)
    kit = Toolkit((800, 480))
    surface = pygame.Surface((800, 480))
    draw_game(kit, surface, view, ui, 0.0)
    korean_texts = kit.texts
    use("en")
    draw_game(kit, surface, view, ui, 0.0)
    assert kit.texts[:2] == ["Round 4 of 22", "Red: pick a destination"]
    assert korean_texts[:2] != kit.texts[:2] and "4" in korean_texts[0]
