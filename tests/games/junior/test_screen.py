"""The Junior screen: every mode draws at every size, the score is pictures of tokens, the reveal celebrates.

Pictures are checked by cheap pixel facts, as for the game's screen: a won
token is a gold disc (sampled inside each token square), the token being won
changes from frame to frame, a refused press turns the message bar red. The
words come from ``kit.texts``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from console.games.classic.model import Flash
from console.games.junior.model import Celebration, JuniorMode, JuniorUi
from console.games.junior.screen import (
    GOALS,
    GOOD,
    PIECE_COLOURS,
    TOKEN_COLOUR,
    draw_junior,
    junior_layout,
    render_junior_png,
    token_rects,
)
from console.games.junior.words import piece_name, reveal_words, short_name
from console.table.screen.toolkit import TEXT, Toolkit
from engine import Transport
from engine.junior import DETECTIVES, NAMES, ROGUES, JuniorGame, JuniorStart, JuniorView, RoundResult, Step, Team, Tokens
from tests.support.riverside import RIVERSIDE

SIZES = ((800, 480), (480, 320))


# ---------------------------------------------------------------- games


def new_game(rogues: int = 1, fox: int = 157) -> JuniorGame:
    """Riverside with Mister FOX on *fox* (157: by the boat to 194; 153: next to Willy Watson), ROXy on 196."""
    stations = {"fox": fox, "watson": 154, "marble": 159} | ({"roxy": 196} if rogues == 2 else {})
    return JuniorGame(JuniorStart(RIVERSIDE.name, stations), RIVERSIDE)


def escape(game: JuniorGame) -> RoundResult:
    """A round the rogues win: each takes the boat if he can (else stays); the detectives stay."""
    for rogue in game.to_choose():
        steps = game.steps_of(rogue)
        game.choose(next((step for step in steps if step.transport is Transport.FERRY), steps[0]))
    game.move(Step("watson", game.stations["watson"]))
    result = game.move(Step("marble", game.stations["marble"]))
    assert result is not None and result.token is Team.ROGUES
    return result


def capture(game: JuniorGame) -> RoundResult:
    """A round the detectives win: the rogues stay, Willy Watson steps onto (or stays on) Mister FOX's station."""
    for rogue in game.to_choose():
        game.choose(Step(rogue, game.stations[rogue]))
    fox = game.stations["fox"]
    game.move(next(step for step in game.steps_of("watson") if step.station == fox))
    result = game.move(Step("marble", game.stations["marble"]))
    assert result is not None and result.captured
    return result


def draw(view: JuniorView, ui: JuniorUi, size: tuple[int, int] = (800, 480), now: float = 0.0) -> tuple[pygame.Surface, list[str]]:
    kit = Toolkit(size)
    surface = pygame.Surface(size)
    draw_junior(kit, surface, view, ui, now)
    return surface, kit.texts


def count(surface: pygame.Surface, colour: tuple[int, int, int], area: pygame.Rect | None = None) -> int:
    """Pixels of exactly *colour* (in *area*, or anywhere)."""
    sub = surface.subsurface((area or surface.get_rect()).clip(surface.get_rect()))
    return pygame.mask.from_threshold(sub, colour, (1, 1, 1, 255)).count()


def filled(surface: pygame.Surface, size: tuple[int, int] = (800, 480)) -> dict[Team, list[bool]]:
    """Which token spaces hold a token: a gold pixel halfway between each square's centre and its bottom edge (off the X)."""
    return {
        team: [surface.get_at((rect.centerx, rect.centery + rect.h // 4))[:3] == TOKEN_COLOUR for rect in rects]
        for team, rects in token_rects(size).items()
    }


def lit_rows(surface: pygame.Surface, area: pygame.Rect) -> int:
    """The height from the first to the last row of *area* holding near-white (text) pixels."""
    rows = [y for y in range(area.top, area.bottom) if any(min(surface.get_at((x, y))[:3]) > 200 for x in range(area.left, area.right, 2))]
    return rows[-1] - rows[0] + 1 if rows else 0


# ---------------------------------------------------------------- states


def states() -> list[tuple[str, JuniorView, JuniorUi, float, tuple[str, ...]]]:
    """Named screens: (name, view, ui, now, words that must be drawn)."""
    found: list[tuple[str, JuniorView, JuniorUi, float, tuple[str, ...]]] = []
    game = new_game(rogues=2)
    view = game.public_view()
    found.append(("deal", view, JuniorUi(JuniorMode.DEAL, prompt="Put the pawns on the lights!", message="Press each lit station",
                                         to_place=view.stations), 0.0,
                  ("Put the pawns on the lights!", "Mister FOX", "157", "ROXy", "196")))
    found.append(("rogues", view, JuniorUi(JuniorMode.ROGUES, prompt="Foxes, choose!", message="Choose on the handheld"), 0.0,
                  ("Foxes, choose!", "Riverside", "Round 1", "Willy Watson", "154", "Milly Marble", "159")))
    game.choose(Step("fox", 194, Transport.FERRY))
    game.choose(Step("roxy", 196))
    view = game.public_view()
    ui = JuniorUi(JuniorMode.DETECTIVES, prompt="Where does Willy go?", message="Press a lit station", selected="watson",
                  destinations=tuple(sorted({step.station for step in game.steps_of("watson")})))
    found.append(("detectives", view, ui, 0.0, ("Where does Willy go?", "6 places to go", "Press a lit station")))
    game.move(Step("watson", 154))
    result = game.move(Step("marble", 159))
    assert result is not None
    view = game.public_view()
    ui = JuniorUi(JuniorMode.REVEAL, prompt="Look where they went!", celebration=Celebration(result, since=10.0, seconds=4.0))
    found.append(("escaped", view, ui, 10.5, ("Escaped!", "boat", "194", "stayed", "196", "Round 1")))  # the round revealed
    ui = JuniorUi(JuniorMode.REVEAL, prompt="Move the foxes!", to_place=(("fox", 194),), celebration=ui.celebration)
    found.append(("move-rogues", view, ui, 20.0, ("Move the foxes!", "Mister FOX", "194")))
    found.append(("paused", view, JuniorUi(JuniorMode.PAUSED, prompt="Wait!", message="Plug the handheld back in"), 0.0,
                  ("Wait!", "Paused", "Plug the handheld back in")))
    game = new_game(fox=153)
    result = capture(game)
    ui = JuniorUi(JuniorMode.REVEAL, prompt="Look!", message="Mister FOX was caught", celebration=Celebration(result, 0.0, 4.0))
    found.append(("caught", game.public_view(), ui, 1.0, ("Caught!", "Willy Watson caught Mister FOX!", "stayed", "153")))
    capture(game)
    capture(game)
    found.append(("detectives-win", game.public_view(), JuniorUi(JuniorMode.GAME_OVER, prompt="The detectives win!"), 0.0,
                  ("The detectives win!", "Willy and Milly win!")))
    game = new_game()
    while not game.is_over:
        escape(game)
    found.append(("fox-wins", game.public_view(), JuniorUi(JuniorMode.GAME_OVER, prompt="Mister FOX wins!", message="Press MENU"), 0.0,
                  ("Mister FOX wins!", "Press MENU")))
    return found


STATES = states()


# ---------------------------------------------------------------- every mode, every size


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("name", "view", "ui", "now", "words"), STATES, ids=[state[0] for state in STATES])
def test_every_mode_draws_its_words(name: str, view: JuniorView, ui: JuniorUi, now: float, words: tuple[str, ...],
                                    size: tuple[int, int]) -> None:
    surface, texts = draw(view, ui, size, now)
    short = {str(piece_name(piece)): str(short_name(piece)) for piece in NAMES}  # a small screen's rows may use the short names
    missing = [word for word in words if word not in texts and short.get(word) not in texts]
    assert not missing, f"{name}: {missing} not drawn (drawn: {texts})"
    colours = {tuple(surface.get_at((x, y))[:3]) for x in range(0, size[0], 7) for y in range(0, size[1], 7)}
    assert len(colours) > 8, f"{name}: the screen is nearly blank"
    assert count(surface, TEXT) > size[0] * size[1] // 200, f"{name}: too little text"


def test_png_is_the_drawn_screen(tmp_path: Path) -> None:
    name, view, ui, now, _ = STATES[3]
    path = tmp_path / f"{name}.png"
    render_junior_png(view, ui, path, now=now)
    surface, _ = draw(view, ui, now=now)
    assert pygame.image.tobytes(pygame.image.load(str(path)), "RGB") == pygame.image.tobytes(surface, "RGB")


def test_one_toolkit_follows_the_surface_size() -> None:
    _, view, ui, now, _ = STATES[2]
    kit = Toolkit((800, 480))
    for size in (*SIZES, (800, 480)):
        surface = pygame.Surface(size)
        draw_junior(kit, surface, view, ui, now)
        assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(draw(view, ui, size, now)[0], "RGB")


# ---------------------------------------------------------------- the token boards


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_boards_show_the_tokens_as_pictures(size: tuple[int, int]) -> None:
    view = replace(new_game().public_view(), tokens=Tokens(detectives=2, rogues=5))
    surface, texts = draw(view, JuniorUi(JuniorMode.ROGUES, prompt="Foxes, choose!"), size)
    assert filled(surface, size) == {Team.ROGUES: [True] * 5 + [False] * 4, Team.DETECTIVES: [True, True, False]}
    empty, empty_texts = draw(replace(view, tokens=Tokens()), JuniorUi(JuniorMode.ROGUES, prompt="Foxes, choose!"), size)
    assert filled(empty, size) == {Team.ROGUES: [False] * 9, Team.DETECTIVES: [False] * 3}
    assert texts == empty_texts, "the score is shown in words or numbers"


def test_tokens_and_prompt_are_large_on_the_800x480_screen() -> None:
    rects = token_rects((800, 480))
    assert {team: len(squares) for team, squares in rects.items()} == GOALS
    assert min(min(rect.w, rect.h) for squares in rects.values() for rect in squares) >= 40
    layout = junior_layout((800, 480))
    assert layout.px_prompt >= 40 and layout.px_prompt_floor >= 40
    kit = Toolkit((800, 480))
    for prompt in ("Foxes, choose!", "Put all the pawns on their lit stations, please!"):
        assert kit.font(kit.fitting_px(prompt, layout.px_prompt, 760, layout.px_prompt_floor)).get_height() >= 40
    # The letters themselves: 'F' and 'h' reach the cap height and ',' below the line.
    surface, _ = draw(new_game().public_view(), JuniorUi(JuniorMode.ROGUES, prompt="Foxes, choose!"))
    assert lit_rows(surface, layout.prompt) >= 40


def test_the_winners_board_is_full_and_framed() -> None:
    view = next(state[1] for state in STATES if state[0] == "detectives-win")
    surface, _ = draw(view, JuniorUi(JuniorMode.GAME_OVER))
    assert filled(surface)[Team.DETECTIVES] == [True] * 3
    board = junior_layout((800, 480)).boards[Team.DETECTIVES]
    edge = pygame.Rect(board.x, board.centery - 20, 3, 40)
    assert count(surface, TOKEN_COLOUR, edge) > 60
    other = junior_layout((800, 480)).boards[Team.ROGUES]
    assert count(surface, TOKEN_COLOUR, pygame.Rect(other.x, other.centery - 20, 3, 40)) == 0


def test_each_team_is_drawn_with_its_pieces_colours() -> None:
    one, two = new_game().public_view(), new_game(rogues=2).public_view()
    alone, _ = draw(one, JuniorUi(JuniorMode.ROGUES))
    pair, _ = draw(two, JuniorUi(JuniorMode.ROGUES))
    boards = junior_layout((800, 480)).boards
    for piece in (*ROGUES, *DETECTIVES):
        board = boards[Team.ROGUES if piece in ROGUES else Team.DETECTIVES]
        assert count(pair, PIECE_COLOURS[piece], board) > 200, f"no {piece} on its board"
    assert count(alone, PIECE_COLOURS["roxy"]) == 0


# ---------------------------------------------------------------- the reveal


def test_the_token_being_won_pulses_during_the_celebration_only() -> None:
    _, view, ui, _, _ = next(state for state in STATES if state[0] == "caught")
    assert ui.celebration is not None
    square = token_rects((800, 480))[Team.DETECTIVES][0]
    around = square.inflate(square.w, square.h)
    frames = [draw(view, ui, now=ui.celebration.since + t)[0] for t in (0.05, 0.2, 0.35)]
    assert len({pygame.image.tobytes(frame.subsurface(around), "RGB") for frame in frames}) > 1, "the token does not move"
    after, texts = draw(view, ui, now=ui.celebration.since + ui.celebration.seconds)
    before, _ = draw(view, ui, now=ui.celebration.since - 1)
    assert "Caught!" not in texts
    assert pygame.image.tobytes(after, "RGB") == pygame.image.tobytes(before, "RGB")
    assert filled(after) == {Team.ROGUES: [False] * 9, Team.DETECTIVES: [True, False, False]}


def test_the_celebration_shows_where_the_rogues_went() -> None:
    _, view, ui, now, _ = next(state for state in STATES if state[0] == "escaped")
    _, texts = draw(view, ui, now=now)
    assert texts.index("Escaped!") < texts.index("boat") < texts.index("194") < texts.index("stayed") < texts.index("196")
    assert "Caught!" not in texts


def test_a_prompt_that_already_celebrates_becomes_the_gold_headline() -> None:
    """The flow's own reveal words ("Caught Mister FOX!") are not said twice: the prompt turns gold instead."""
    _, view, ui, now, _ = next(state for state in STATES if state[0] == "caught")
    band = junior_layout((800, 480)).prompt
    plain, plain_texts = draw(view, ui, now=now)
    assert ui.celebration is not None and str(reveal_words(ui.celebration.result)[0]) == "Caught Mister FOX!"
    told, told_texts = draw(view, replace(ui, prompt=reveal_words(ui.celebration.result)[0]), now=now)
    assert "Caught!" in plain_texts and "Caught!" not in told_texts
    assert "Willy Watson caught Mister FOX!" in told_texts
    assert count(plain, TOKEN_COLOUR, band) == 0 < count(told, TOKEN_COLOUR, band)


# ---------------------------------------------------------------- the modes


def test_rogues_who_have_chosen_get_a_tick() -> None:
    game = new_game(rogues=2)
    centre = junior_layout((800, 480)).centre
    ui = JuniorUi(JuniorMode.ROGUES, prompt="Foxes, choose!")
    none, _ = draw(game.public_view(), ui)
    game.choose(Step("fox", 157))
    one, _ = draw(game.public_view(), ui)
    game.choose(Step("roxy", 196))
    both, _ = draw(game.public_view(), ui)
    assert count(none, GOOD, centre) == 0 < count(one, GOOD, centre) < count(both, GOOD, centre)


def test_refused_press_turns_the_message_bar_red() -> None:
    view = new_game().public_view()
    ui = JuniorUi(JuniorMode.DETECTIVES, message="That station is not lit", refused=Flash(13, since=0.0, seconds=1.0))
    assert draw(view, ui, now=0.5)[0].get_at((400, 470))[0] > 100
    assert draw(view, ui, now=1.5)[0].get_at((400, 470))[0] < 60


def test_paused_shows_the_message_in_the_panel_not_the_bar() -> None:
    view = new_game().public_view()
    surface, texts = draw(view, JuniorUi(JuniorMode.PAUSED, message="Plug the handheld back in"))
    assert texts.count("Plug the handheld back in") == 1
    bar = pygame.Rect(0, 440, 800, 40)
    assert count(surface, TEXT, bar) == 0


def test_secret_choices_do_not_change_a_pixel() -> None:
    """Two games that differ only in Mister FOX's pending choice look the same."""
    games = [new_game(), new_game()]
    games[0].choose(Step("fox", 194, Transport.FERRY))
    games[1].choose(Step("fox", 157))
    views = [game.public_view() for game in games]
    assert views[0] == views[1]
    ui = JuniorUi(JuniorMode.DETECTIVES, prompt="Detectives, move!")
    one, two = (pygame.image.tobytes(draw(view, ui)[0], "RGB") for view in views)
    assert one == two


def test_the_next_frames_of_a_screen_render_no_text_again() -> None:
    """Rendering text is most of a frame's cost (``python -m benchmarks.console`` times the frames): an animation re-uses its words."""
    kit = Toolkit((800, 480))
    surface = pygame.Surface((800, 480))
    for _, view, ui, now, _ in STATES:
        draw_junior(kit, surface, view, ui, now)
    first = kit.rendered
    for step in range(1, 6):
        for _, view, ui, now, _ in STATES:
            draw_junior(kit, surface, view, ui, now + step * 0.04)
    assert first > 20 and kit.rendered == first
