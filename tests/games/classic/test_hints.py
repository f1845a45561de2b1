"""Beginner hints in a Scotland Yard game (``console.games.classic.hints``): each in its moment and not otherwise, drawn
only while the table has them on and never cut, public only; and the setting in the menus, the preferences and the
config file."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from console.games.classic.flow import Flow
from console.games.classic.hints import hints
from console.games.classic.model import Mode, Ui
from console.games.classic.screen import draw_game, layout
from console.games.classic.seats import HandheldSeat
from console.games.words import display_name
from console.program.config import parse_settings
from console.records.preferences import PREFERENCES, load_preferences, save_preferences
from console.settings import TABLE_CHOICES, GameSettings
from console.table.screen.toolkit import HINT_LINES, Toolkit
from engine import EDITIONS, Game, LogEntry, PieceSetup, Position, Side, Ticket, Tickets, Transport, london, station_set, stations_of
from engine.position import DETECTIVE_COLOURS
from engine.views import PublicView
from firmware import messages
from hardware.config import ConfigError
from hardware.drivers.handheld import MemoryHandheldLink
from hardware.interfaces import Key, Message
from language import use
from tests.games.classic.test_screen import detectives_play, mister_x_plays
from tests.support.players import choices_of
from tests.support.program import Console

SIZES = ((800, 480), (410, 246), (1024, 600), (480, 320))
"""The console's screen, the simulator's panel, and two others the game's screen is drawn at."""
DETECTIVES = Ui(Mode.DETECTIVES)
SURFACES = "Mister X surfaces after his next move"
IF_DOUBLE = "Mister X surfaces if he doubles next"
ASSIST = "MENU can light up where he may be"
BLACK = "His black ticket hides which line he took"
LOG = "The log shows his ticket, not his station"


def hints_of(view: PublicView, ui: Ui) -> tuple[str, ...]:
    """The hints of the moment as the table reads them now."""
    return tuple(str(hint) for hint in hints(view, ui))


def played(edition: str, *turns: tuple[Ticket, bool], players: int = 4, seed: int = 3) -> Game:
    """Mister X's turns (ticket, double) with the detectives' rounds between them (never capturing): the detectives to move."""
    game = Game.new(edition, players=players, seed=seed)
    rng = random.Random(seed)
    for number, (ticket, double) in enumerate(turns):
        if number:
            detectives_play(game, rng)
        mister_x_plays(game, ticket, double=double)
    assert not game.is_over and game.turn is Side.DETECTIVES
    return game


def singles(edition: str, count: int, ticket: Ticket = Ticket.TAXI) -> PublicView:
    return played(edition, *[(ticket, False)] * count).public_view()


# ---------------------------------------------------------------- each hint in its moment


def test_the_detectives_hear_that_he_surfaces_after_his_next_move_and_only_then() -> None:
    assert EDITIONS["reissue"].reveal_moves >= {3, 8}
    before_reveal = singles("reissue", 2)
    assert SURFACES in hints_of(before_reveal, DETECTIVES) and IF_DOUBLE not in hints_of(before_reveal, DETECTIVES)
    two_before = singles("reissue", 1)
    assert SURFACES not in hints_of(two_before, DETECTIVES)
    assert IF_DOUBLE in hints_of(two_before, DETECTIVES)  # a double move's second leg would be move 3
    no_double = replace(two_before, mister_x_tickets=two_before.mister_x_tickets._replace(double=0))
    assert IF_DOUBLE not in hints_of(no_double, DETECTIVES)
    assert not {SURFACES, IF_DOUBLE} & set(hints_of(singles("reissue", 4), DETECTIVES))


def test_right_after_a_reveal_the_detectives_are_told_to_close_in_and_reminded_of_the_assist() -> None:
    revealed = singles("reissue", 3)
    station = revealed.log[-1].station
    assert station is not None
    assert hints_of(revealed, DETECTIVES)[:2] == (f"Mister X surfaced at {station}: close in on it", ASSIST)
    assert ASSIST not in hints_of(revealed, replace(DETECTIVES, assist=True))
    later = singles("reissue", 4)
    assert not [hint for hint in hints_of(later, DETECTIVES) if "close in" in hint] and ASSIST in hints_of(later, DETECTIVES)
    assert ASSIST not in hints_of(singles("reissue", 2), DETECTIVES)  # not seen yet: the assist would light his start cards


def test_a_double_move_whose_first_leg_surfaced_says_he_moved_on() -> None:
    view = played("reissue", (Ticket.TAXI, False), (Ticket.TAXI, False), (Ticket.TAXI, True)).public_view()
    first, second = view.log[-2:]
    assert first.double and first.station is not None and second.station is None
    said = hints_of(view, DETECTIVES)
    assert f"Mister X surfaced at {first.station}, then moved on" in said and not [hint for hint in said if "close in" in hint]


def test_a_black_ticket_is_explained_the_round_it_is_played() -> None:
    view = played("reissue", (Ticket.BLACK, False)).public_view()
    assert view.log[-1].ticket is Ticket.BLACK and BLACK in hints_of(view, DETECTIVES)
    view = played("reissue", (Ticket.BLACK, False), (Ticket.TAXI, False)).public_view()
    assert view.log[-1].ticket is Ticket.TAXI and BLACK not in hints_of(view, DETECTIVES)


@pytest.mark.parametrize(("edition", "said"), [("reissue", "A double move: two tickets in one box"),
                                               ("classic", "A double move: two boxes filled")])
def test_a_double_move_is_explained_as_the_travel_log_shows_it(edition: str, said: str) -> None:
    doubled = played(edition, (Ticket.TAXI, False), (Ticket.BUS, False), (Ticket.TAXI, False), (Ticket.TAXI, True)).public_view()
    assert doubled.log[-1].double and said in hints_of(doubled, DETECTIVES)
    single = singles(edition, 4)
    assert not [hint for hint in hints_of(single, DETECTIVES) if "double move" in hint]


def test_the_picked_detective_hears_which_tickets_it_is_out_of_and_a_bobby_that_it_needs_none() -> None:
    view = singles("reissue", 1)
    red = view.pieces[0]
    out = replace(view, pieces=(replace(red, tickets=Tickets(taxi=4, bus=0, underground=0)), *view.pieces[1:]))
    picked = replace(DETECTIVES, selected=red.name)
    assert hints_of(out, picked)[:2] == ("Red is out of bus tickets", "Red is out of underground tickets")
    assert not [hint for hint in hints_of(out, DETECTIVES) if "out of" in hint]  # nobody picked
    assert not [hint for hint in hints_of(view, picked) if "out of" in hint]  # Red has them all
    bobby = next(piece for piece in view.pieces if piece.bobby)
    assert "Bobbies need no tickets" in hints_of(view, replace(DETECTIVES, selected=bobby.name))
    assert "Bobbies need no tickets" not in hints_of(view, picked)


def test_the_beginner_edition_has_no_underground_to_run_out_of() -> None:
    view = singles("beginner", 1)
    assert Transport.UNDERGROUND not in view.ruleset.transports
    red = view.pieces[0]
    out = replace(view, pieces=(replace(red, tickets=Tickets(taxi=3, bus=0, underground=0)), *view.pieces[1:]))
    assert [hint for hint in hints_of(out, replace(DETECTIVES, selected=red.name)) if "out of" in hint] == ["Red is out of bus tickets"]


def stuck_position() -> Position:
    """Red with no tickets; Blue with bus tickets only, where no bus stops; Green hemmed in by bobbies."""
    board = london()

    def lines(station: int) -> set[int]:
        return {n for t in (Transport.TAXI, Transport.BUS, Transport.UNDERGROUND) for n in stations_of(board.neighbours(station, t))}

    taxi_only = [s for s in board.stations if board.transports_at(s) == {Transport.TAXI}]
    hemmed = min(board.stations, key=lambda s: len(lines(s)))
    walls = sorted(lines(hemmed))
    used = {hemmed, *walls}
    red_at, blue_at = [s for s in taxi_only if s not in used and not lines(s) & used][:2]
    assert len(walls) <= 3
    mister_x = next(s for s in board.stations if not {s, *lines(s)} & (used | {red_at, blue_at} | lines(red_at) | lines(blue_at)))
    ruleset = EDITIONS["reissue"]
    dealt = Tickets(*ruleset.detective_tickets)
    bobbies = tuple(PieceSetup(f"bobby{number}", station, Tickets(), bobby=True) for number, station in enumerate(walls, 1))
    return Position(ruleset=ruleset, mister_x=mister_x, mister_x_tickets=ruleset.mister_x_tickets(3),
                    pieces=(PieceSetup("red", red_at, Tickets()), PieceSetup("blue", blue_at, Tickets(bus=3)),
                            PieceSetup("green", hemmed, dealt), *bobbies),
                    supply=ruleset.supply_for(3), log=(LogEntry(Ticket.TAXI, mister_x),), round=1, turn=Side.DETECTIVES,
                    possible=station_set([mister_x]))


def test_each_piece_that_cannot_move_is_told_why_as_the_engine_rules() -> None:
    game = Game(stuck_position())
    assert set(game.sitting_out()) == {"red", "blue", "green"}
    said = [hint for hint in hints_of(game.public_view(), DETECTIVES) if "can't move" in hint]
    assert said == ["Red can't move: no tickets left", "Blue can't move: no ticket for its lines",
                    "Green can't move: every way is blocked"]
    wall = next(move for move in game.single_moves() if move.piece == "bobby1")
    game.play(wall)  # a bobby steps aside: Green can move now
    assert "green" not in game.sitting_out()
    assert not [hint for hint in hints_of(game.public_view(), DETECTIVES) if hint.startswith("Green")]


def test_mister_x_s_turn_explains_the_travel_log_unless_the_notice_says_he_surfaces() -> None:
    view = singles("reissue", 4)
    turn = Ui(Mode.MISTER_X)
    assert hints_of(view, turn) == (LOG, ASSIST)
    assert LOG not in hints_of(view, replace(turn, reveal_next=True))


@pytest.mark.parametrize("mode", [Mode.DEAL, Mode.CHOOSE_TICKET, Mode.CORRECT, Mode.PAUSED, Mode.GAME_OVER])
def test_no_hints_outside_the_two_turns_nor_over_the_ticket_keys(mode: Mode) -> None:
    assert hints_of(singles("reissue", 3), Ui(mode, selected="red")) == ()


# ---------------------------------------------------------------- on the screen


def screen_words(view: PublicView, ui: Ui, size: tuple[int, int] = (800, 480)) -> Toolkit:
    kit = Toolkit(size)
    draw_game(kit, pygame.Surface(size), view, ui, 0.0)
    return kit


def test_hints_are_off_by_default_and_drawn_only_when_on() -> None:
    assert not GameSettings().hints and not DETECTIVES.hints
    assert not Flow(Game.new("reissue", players=3, seed=1), HandheldSeat(MemoryHandheldLink()), 0.0).ui.hints
    view = singles("reissue", 2)
    assert SURFACES not in screen_words(view, DETECTIVES).texts
    assert SURFACES in screen_words(view, replace(DETECTIVES, hints=True)).texts


def moments() -> list[tuple[PublicView, Ui]]:
    """Moments with hints, in every edition with five players: each piece picked out of tickets, his turn, after reveals and doubles."""
    found = []
    for edition in EDITIONS:
        turns = [(Ticket.BLACK, False), (Ticket.TAXI, False), (Ticket.TAXI, True), (Ticket.BUS, False)]
        game = Game.new(edition, players=5, seed=5)
        rng = random.Random(5)
        for ticket, double in turns:
            mister_x_plays(game, ticket, double=double)
            view = game.public_view()
            found.append((view, Ui(Mode.DETECTIVES, hints=True)))
            for piece in view.pieces:
                out = replace(view, pieces=tuple(replace(p, tickets=Tickets(taxi=1)) if p is piece else p for p in view.pieces))
                found.append((out, Ui(Mode.DETECTIVES, hints=True, selected=piece.name)))
            detectives_play(game, rng)
            view = game.public_view()
            found.append((view, Ui(Mode.MISTER_X, hints=True, assist=True, reveal_next=view.next_move_is_reveal)))
    found.append((Game(stuck_position()).public_view(), Ui(Mode.DETECTIVES, hints=True, assist=True)))
    return found


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_hints_shown_fit_their_panel_and_the_first_is_always_shown(size: tuple[int, int]) -> None:
    shown = 0
    for view, ui in moments():
        kit = screen_words(view, ui, size)
        assert kit.cut == [], (kit.cut, ui)
        said = hints_of(view, ui)
        if said:
            assert said[0] in kit.texts
            shown += sum(hint in kit.texts for hint in said)
    assert shown > len(moments())


def test_every_hint_wraps_in_two_lines_of_the_panel_with_its_widest_values() -> None:
    """Names and stations vary: each hint said above, with the widest piece's name and station, still fits three lines of the panel."""
    said = {hint for view, ui in moments() for hint in hints_of(view, ui)}
    assert len(said) >= 12
    names = [str(display_name(colour)) for colour in DETECTIVE_COLOURS] + ["Bobby 1", "Bobby 2"]
    for size in SIZES:
        kit = Toolkit(size)
        kit.begin(pygame.Surface(size))
        font = kit.font(kit.min_px)
        station = max((str(number) for number in range(100, 200)), key=lambda number: font.size(number)[0])
        name = max(names, key=lambda name: font.size(name)[0])
        width = layout(size).focus.inflate(-2 * kit.pad, -2 * kit.pad).w
        for hint in sorted(said):
            widest = re.sub(r"\b(?:" + "|".join(names) + r")\b", name, re.sub(r"(?<!Bobby )\b\d+\b", station, hint))
            kit.wrap(widest, kit.min_px, (255, 255, 255), width, HINT_LINES)
        assert kit.cut == [], size


def test_every_hint_reads_in_korean_and_wraps_in_two_lines_of_the_panel_with_its_widest_values() -> None:
    said = {hint for view, ui in moments() for hint in hints(view, ui)}
    try:
        use("ko")
        names = [str(display_name(piece)) for piece in (*DETECTIVE_COLOURS, "bobby1", "bobby2")]
        for size in SIZES:
            kit = Toolkit(size)
            kit.begin(pygame.Surface(size))
            font = kit.font(kit.min_px)
            widest = {"station": max(range(100, 200), key=lambda number: font.size(str(number))[0]),
                      "piece": max(names, key=lambda name: font.size(name)[0])}
            width = layout(size).focus.inflate(-2 * kit.pad, -2 * kit.pad).w
            for hint in said:
                assert not re.search(r"[A-Za-z]{2,}", str(hint)), hint
                kit.wrap(str(replace(hint, args=tuple((name, widest.get(name, value)) for name, value in hint.args))),
                         kit.min_px, (255, 255, 255), width, 2)
            assert kit.cut == [], size
    finally:
        use("en")


# ---------------------------------------------------------------- public only


def hand(pick: int) -> object:
    """Mister X on the handheld, never doubling: the first leg listed (*pick* 0), or the last one of the same ticket (-1)."""

    def answer(message: Message) -> list[Message]:
        request = messages.check(dict(message))
        if request["type"] != "ask":
            return []
        moves = choices_of(request)
        legs = [leg for leg in moves if leg[0] == moves[0][0]]
        return [messages.answer(legs[pick])]

    return answer


def test_two_games_differing_only_in_his_hidden_moves_show_the_same_hints_until_he_surfaces() -> None:
    flows: list[tuple[Flow, MemoryHandheldLink]] = []
    for pick in (0, -1):
        link = MemoryHandheldLink(hand(pick))  # type: ignore[arg-type]
        flows.append((Flow(Game.new("reissue", players=4, seed=11), HandheldSeat(link), 0.0, deal=False, hints=True), link))
    (first, _), (second, _) = flows
    now, compared, apart = 0.0, 0, False
    while True:
        now += 1.0
        for flow, link in flows:
            for message in link.receive():
                flow.handheld_message(message, now)
        if first.view().last_reveal is not None:
            break
        apart |= first.game.mister_x_view().station != second.game.mister_x_view().station
        assert hints_of(first.view(), first.ui) == hints_of(second.view(), second.ui)
        assert screen_words(first.view(), first.ui).texts == screen_words(second.view(), second.ui).texts
        compared += 1
        if first.ui.mode is Mode.DETECTIVES:
            hidden = {flow.game.mister_x_view().station for flow, _ in flows}
            piece = first.game.to_move()[0]
            move = next(m for m in first.game.moves_of(piece) if m.station not in hidden)
            for flow, _ in flows:
                flow.station_pressed(flow.game.station_of(piece), now)
                flow.station_pressed(move.station, now)
                if flow.ui.mode is Mode.CHOOSE_TICKET:
                    flow.key_pressed(Key.CHOICE_1, now)
    assert apart and compared > 5
    assert first.view().last_reveal != second.view().last_reveal  # surfaced: now they differ, as the table sees


# ---------------------------------------------------------------- the setting


def test_the_settings_row_switches_the_hints_and_the_preferences_remember_them(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.choose("Settings")
    assert console.values["Beginner hints"] == "off"
    console.set("Beginner hints", Key.CHOICE_4)
    assert console.program.settings.hints
    console.choose("Done")
    saved = json.loads((tmp_path / PREFERENCES).read_text())
    assert saved["hints"] is True and saved["version"] == 3  # a console from before the hints keeps the file, unread
    assert load_preferences(GameSettings(data_dir=str(tmp_path)))[0].hints
    again = Console(tmp_path, hints=True)  # the console starts again with the remembered choice
    again.deal_and_place()
    flow = again.program.flow
    assert flow is not None and flow.ui.hints


def test_the_game_menu_switches_the_hints_in_play_and_a_resumed_game_takes_the_console_s_choice(tmp_path: Path) -> None:
    console = Console(tmp_path)
    console.deal_and_place()
    flow = console.program.flow
    assert flow is not None and not flow.ui.hints
    console.keys(Key.MENU)
    console.set("Beginner hints", Key.CHOICE_4)
    assert flow.ui.hints and load_preferences(GameSettings(data_dir=str(tmp_path)))[0].hints
    console.keys(Key.UNDO)
    console.keys(Key.MENU)
    console.set("Beginner hints", Key.CHOICE_3)
    assert not flow.ui.hints
    console.choose("Leave")
    assert "hints" in TABLE_CHOICES
    console.choose("Settings")
    console.set("Beginner hints", Key.CHOICE_4)
    console.choose("Done")
    console.choose("Resume")
    resumed = console.program.flow
    assert resumed is not None and resumed.ui.hints


def test_preferences_without_hints_load_as_off_and_off_is_not_written(tmp_path: Path) -> None:
    older = Path(__file__).parents[2] / "fixtures" / "preferences-v1.json"
    assert "hints" not in json.loads(older.read_text())
    (tmp_path / PREFERENCES).write_bytes(older.read_bytes())
    settings, note = load_preferences(GameSettings(data_dir=str(tmp_path), hints=True))
    assert note == "" and settings.hints  # a file without them keeps what the config file says
    settings, note = load_preferences(GameSettings(data_dir=str(tmp_path)))
    assert note == "" and not settings.hints
    assert save_preferences(settings) == ""
    written = json.loads((tmp_path / PREFERENCES).read_text())
    assert "hints" not in written and written["version"] == 1  # a console from before the hints reads it still


def test_the_config_file_sets_the_hints() -> None:
    assert parse_settings("[game]\nhints = true").game.hints
    assert not parse_settings("[game]\nassist = true").game.hints
    with pytest.raises(ConfigError, match=r"game\.hints: must be true or false, not 1"):
        parse_settings("[game]\nhints = 1")
