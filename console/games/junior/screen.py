"""The console's screen during a Junior game: token boards as pictures, a few big words, a small celebration.

Drawn for young children who may not read yet: the score is two boards of X
tokens (the rogues' 9 spaces and the detectives' 3), each under pictures of its
team's pieces (a fox for Mister FOX, a fox with a bow for ROXy, a dog for Willy
Watson, a cat for Milly Marble), never a number; what to do now is a few big
words; the one smaller line at the bottom is for the grown-ups. At a reveal
the round's token pulses on its board, confetti falls, and the panel says
"Caught!" or "Escaped!" (unless the prompt already says it: then the prompt
turns gold) and shows each rogue's step as pictures: its face (behind bars if
caught), a ticket-coloured chip with the transport's word, the station.

``PIECE_COLOURS`` (kept in ``console.games.junior.model``, the board's standard colours too) are
re-exported here.

``draw_junior`` is a function of ``(JuniorView, JuniorUi, now)`` alone, like the
game's screen: the view holds no rogue's choice before its reveal, so nothing
drawn can give a hiding place away.

Layout, as fractions of the surface (any size works):

- top bar: the district, and the round;
- the prompt, large (about 1/8 of the height);
- left: the rogues' board (their faces, 3 x 3 token spaces); right: the
  detectives' board (dog and cat, a column of 3 spaces); between them the panel
  of the moment (the pieces and their stations, with the beginner hints that fit
  under them if the table has them on; the pawns to place, the celebration, the winner);
- bottom: the message (red while a press is being refused).

In a guided game the lesson card takes the prompt's band and the centre panel
(``card_place``): the top bar and both token boards stay in view.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pygame

from console.games.junior.hints import hints
from console.games.junior.model import PIECE_COLOURS, Celebration, JuniorMode, JuniorUi
from console.games.junior.words import STAYED, TRANSPORTS, district_words, listed, piece_name, reveal_words, short_name
from console.table.lights import showing
from console.table.screen.toolkit import DARK_INK, DIM, HIGHLIGHT, PANEL, TEXT, TICKET_COLOURS, TICKET_INK, Colour, Toolkit, fraction
from engine import Station, Ticket, Transport
from engine.junior import DETECTIVE_GOAL, DETECTIVES, ROGUE_GOAL, ROGUES, JuniorView, RoundResult, Team
from language import Text, Words, np_, p_

__all__ = [
    "GOALS", "GOOD", "PIECE_COLOURS", "TOKEN_COLOUR", "TRANSPORT_COLOURS", "JuniorLayout", "card_place", "draw_face", "draw_junior",
    "junior_layout", "pairing_rooms", "render_junior_png", "token_rects",
]

TOKEN_COLOUR: Colour = (255, 196, 40)
"""A won X token: a gold disc with a bold dark X."""
TOKEN_EMPTY: Colour = (22, 25, 34)
"""An empty token space (inside its outline)."""
GOOD: Colour = (60, 195, 90)
"""A done mark: a rogue who has chosen, a detective who has stepped."""
GOALS: dict[Team, int] = {Team.ROGUES: ROGUE_GOAL, Team.DETECTIVES: DETECTIVE_GOAL}
"""How many token spaces each board has."""


_CONFETTI: tuple[Colour, ...] = (*PIECE_COLOURS.values(), (90, 200, 255), GOOD, (250, 230, 120))


# ---------------------------------------------------------------- layout


@dataclass(frozen=True)
class JuniorLayout:
    """The rectangles and line heights of a Junior screen of one size (shared: do not change its rectangles)."""

    top: pygame.Rect
    prompt: pygame.Rect
    centre: pygame.Rect
    boards: dict[Team, pygame.Rect]
    faces: dict[Team, pygame.Rect]
    """Where each board's team picture goes."""
    tokens: dict[Team, tuple[pygame.Rect, ...]]
    """Each token space's square, in the order they fill."""
    card: pygame.Rect
    """A guided game's lesson card: the prompt's band and the centre panel, between the two boards (``card_place``)."""
    px_top: int
    px_prompt: int
    px_prompt_floor: int
    px_big: int
    px_title: int
    px_body: int


@cache
def junior_layout(size: tuple[int, int]) -> JuniorLayout:
    w, h = size
    pad = max(2, round(min(w, h) * 0.012))
    main = math.ceil(h / 20 / 0.8)  # the game screen's main line: letters of at least 1/20 of the height
    top = fraction(size, 0, 0, 1, 0.09)
    prompt = fraction(size, 0, 0.09, 1, 0.235)
    middle = fraction(size, 0, 0.245, 1, 0.885)
    board_w = round(w * 0.27)
    left = pygame.Rect(pad, middle.y, board_w, middle.h)
    right = pygame.Rect(w - pad - board_w, middle.y, board_w, middle.h)
    centre = pygame.Rect(left.right + pad, middle.y, right.x - left.right - 2 * pad, middle.h)
    face_h = round(middle.h * 0.25)
    grid_top = middle.y + face_h + pad
    cell = min((middle.bottom - pad - grid_top) // 3, (board_w - 2 * pad) // 3)
    inset = max(2, round(cell * 0.08))
    faces: dict[Team, pygame.Rect] = {}
    tokens: dict[Team, tuple[pygame.Rect, ...]] = {}
    for team, board, columns in ((Team.ROGUES, left, 3), (Team.DETECTIVES, right, 1)):
        faces[team] = pygame.Rect(board.x + pad, board.y + pad, board.w - 2 * pad, face_h - pad)
        x0 = board.centerx - columns * cell // 2
        y0 = grid_top + (middle.bottom - pad - grid_top - 3 * cell) // 2
        tokens[team] = tuple(
            pygame.Rect(x0 + column * cell + inset, y0 + row * cell + inset, cell - 2 * inset, cell - 2 * inset)
            for index in range(GOALS[team])
            for row, column in [divmod(index, columns)]
        )
    card = pygame.Rect(centre.x, prompt.y + pad, centre.w, centre.bottom - prompt.y - pad)
    return JuniorLayout(
        top=top, prompt=prompt, centre=centre, boards={Team.ROGUES: left, Team.DETECTIVES: right}, faces=faces, tokens=tokens, card=card,
        px_top=max(main, round(h * 0.065)),
        px_prompt=max(main, round(h * 0.125)),
        px_prompt_floor=max(main, math.ceil(h / 12)),
        px_big=max(main, round(h * 0.16)),
        px_title=max(main, round(h * 0.085)),
        px_body=main,
    )


def pairing_rooms(kit: Toolkit) -> list[pygame.Rect]:
    """Where the phone's pairing code goes: below the prompt (what to do now), which stays in view with the top bar and the
    message; the pawns to place are lit on the board (on the screen, the code needs the room between the boards too)."""
    boards = junior_layout(kit.size).boards
    return [boards[Team.ROGUES].union(boards[Team.DETECTIVES])]


def card_place(size: tuple[int, int]) -> pygame.Rect:
    """Where a guided game's lesson card goes on a Junior screen: the top bar and both token boards stay in view."""
    return pygame.Rect(junior_layout(size).card)


def token_rects(size: tuple[int, int]) -> dict[Team, tuple[pygame.Rect, ...]]:
    """Each board's token squares at *size*, in the order they fill (copies: for tests and the docs)."""
    return {team: tuple(pygame.Rect(rect) for rect in rects) for team, rects in junior_layout(size).tokens.items()}


# ---------------------------------------------------------------- drawing


def draw_junior(kit: Toolkit, surface: pygame.Surface, view: JuniorView, ui: JuniorUi, now: float) -> None:
    """Draw a Junior game's screen for *view* and *ui* at time *now*; ``kit.texts`` gets the words drawn."""
    kit.begin(surface)
    layout = junior_layout(surface.get_size())
    celebration = ui.celebration if showing(ui.celebration, now) else None
    revealed = ui.celebration.result.round if ui.mode is JuniorMode.REVEAL and ui.celebration is not None else view.round
    _top_bar(kit, surface, layout, ui.title or district_words(view.district), revealed)
    # The flow's prompt may already be the reveal's words ("Caught Mister FOX!"): then it is the headline, in gold.
    said = celebration is not None and ui.prompt == reveal_words(celebration.result)[0]
    if not ui.lesson_card:
        _prompt(kit, surface, layout, ui.prompt, now - celebration.since if said and celebration else None)
    won = _won_token(view, celebration) if celebration is not None else None
    winner = view.outcome if ui.mode is JuniorMode.GAME_OVER else None
    for team in Team:
        _board(surface, layout, view, team, won, winner, now - celebration.since if celebration else 0.0)
    if not ui.lesson_card:  # in a guided game the lesson card has the prompt's band and the centre
        _centre(kit, surface, layout, view, ui, celebration, now, said=said)
    message = "" if ui.mode is JuniorMode.PAUSED else ui.message
    kit.message_bar(surface, message, alert=showing(ui.refused, now))


def render_junior_png(view: JuniorView, ui: JuniorUi, path: str | Path, size: tuple[int, int] = (800, 480), now: float = 0.0) -> None:
    """Draw one Junior screen off-screen and save it as a PNG (for tests and the docs)."""
    surface = pygame.Surface(size)
    draw_junior(Toolkit(size), surface, view, ui, now)
    pygame.image.save(surface, str(path))


def _top_bar(kit: Toolkit, surface: pygame.Surface, layout: JuniorLayout, title: Words, round_number: int) -> None:
    """The *title* (the district), and the round: during a reveal, the round being revealed."""
    rect, pad = layout.top, 2 * kit.pad
    pygame.draw.rect(surface, PANEL, rect)
    right = kit.text(p_("title", "Round {round}", round=round_number), layout.px_top, TEXT, rect.w // 3)
    surface.blit(right, right.get_rect(midright=(rect.right - pad, rect.centery)))
    left = kit.text(title, layout.px_top, DIM, rect.w - right.get_width() - 3 * pad)
    surface.blit(left, left.get_rect(midleft=(rect.x + pad, rect.centery)))


def _prompt(kit: Toolkit, surface: pygame.Surface, layout: JuniorLayout, prompt: Words, celebrating: float | None) -> None:
    """The prompt, as large as fits; while it is a celebration's headline (*celebrating*: for how long), gold under confetti."""
    if not prompt:
        return
    rect = layout.prompt
    width = rect.w - 4 * kit.pad
    px = kit.fitting_px(prompt, layout.px_prompt, width, layout.px_prompt_floor)
    text = kit.text(prompt, px, TEXT if celebrating is None else TOKEN_COLOUR, width)
    spot = text.get_rect(center=rect.center)
    if celebrating is not None:
        _confetti(surface, rect, celebrating, keep_clear=spot.inflate(2 * kit.pad, 0))
    surface.blit(text, spot)


def _won_token(view: JuniorView, celebration: Celebration) -> tuple[Team, int]:
    """The board and space of the token the celebrated round won."""
    result = celebration.result
    team = result.token
    index = sum(1 for done in view.results if done.round <= result.round and done.token is team) - 1
    if index < 0:
        index = _held(view, team) - 1
    return team, max(0, min(index, GOALS[team] - 1))


def _held(view: JuniorView, team: Team) -> int:
    return min(GOALS[team], view.tokens.rogues if team is Team.ROGUES else view.tokens.detectives)


def _team_pieces(view: JuniorView, team: Team) -> tuple[str, ...]:
    return (view.rogues or ROGUES[:1]) if team is Team.ROGUES else DETECTIVES


def _board(surface: pygame.Surface, layout: JuniorLayout, view: JuniorView, team: Team, won: tuple[Team, int] | None,
           winner: Team | None, t: float) -> None:
    """A team's board: its faces above its token spaces; the token just won pulses; the winner's board is framed in gold."""
    rect = layout.boards[team]
    radius = max(4, rect.w // 20)
    pygame.draw.rect(surface, PANEL, rect, border_radius=radius)
    if winner is team:
        pygame.draw.rect(surface, TOKEN_COLOUR, rect, width=max(3, rect.w // 50), border_radius=radius)
    _faces(surface, layout.faces[team], _team_pieces(view, team))
    held = _held(view, team)
    pulsing = won[1] if won is not None and won[0] is team else None
    for index, square in enumerate(layout.tokens[team]):
        if index != pulsing:
            _token(surface, square, filled=index < held)
    if pulsing is not None:
        square = layout.tokens[team][pulsing]
        beat = 0.5 + 0.5 * math.sin(t * 2 * math.pi * 1.5)
        _sparkles(surface, square, t)
        _token(surface, square, filled=True, scale=1.0 + 0.14 * beat)


def _faces(surface: pygame.Surface, area: pygame.Rect, pieces: Sequence[str]) -> None:
    """*pieces*' faces side by side, centred in *area*."""
    side = min(area.h, area.w // max(1, len(pieces)))
    x = area.centerx - side * len(pieces) // 2
    for index, piece in enumerate(pieces):
        draw_face(surface, piece, pygame.Rect(x + index * side, area.centery - side // 2, side, side))


def _token(surface: pygame.Surface, square: pygame.Rect, *, filled: bool, scale: float = 1.0) -> None:
    """A token space: a gold disc with a bold X when won, an outlined hollow when not."""
    cx, cy = square.center
    r = square.w / 2 * scale
    outline = max(2, round(r * 0.08))
    if not filled:
        pygame.draw.circle(surface, TOKEN_EMPTY, (cx, cy), r)
        pygame.draw.circle(surface, DIM, (cx, cy), r, width=outline)
        return
    pygame.draw.circle(surface, TOKEN_COLOUR, (cx, cy), r)
    pygame.draw.circle(surface, (200, 140, 20), (cx, cy), r, width=outline)
    arm, half = r * 0.42, max(2.0, r * 0.13)
    for sx in (-1, 1):
        ax, ay, bx, by = cx - sx * arm, cy - arm, cx + sx * arm, cy + arm
        nx, ny = half * 0.7071 * 1, half * 0.7071 * sx  # the bar's normal (the bars run at 45 degrees)
        pygame.draw.polygon(surface, DARK_INK, [(ax + nx, ay - ny), (bx + nx, by - ny), (bx - nx, by + ny), (ax - nx, ay + ny)])


def _sparkles(surface: pygame.Surface, square: pygame.Rect, t: float) -> None:
    """Short turning rays and a ring around the token being won."""
    cx, cy = square.center
    r = square.w / 2
    pygame.draw.circle(surface, TEXT, (cx, cy), r * 1.22, width=max(2, round(r * 0.07)))
    for ray in range(8):
        angle = ray * math.pi / 4 + t * 1.2
        inner, outer = r * 1.32, r * (1.55 if ray % 2 else 1.45)
        start = (cx + inner * math.cos(angle), cy + inner * math.sin(angle))
        end = (cx + outer * math.cos(angle), cy + outer * math.sin(angle))
        pygame.draw.line(surface, TOKEN_COLOUR, start, end, max(2, round(r * 0.09)))


def _confetti(surface: pygame.Surface, area: pygame.Rect, t: float, keep_clear: pygame.Rect | None = None, pieces: int = 34) -> None:
    """Falling paper bits in *area* (none in *keep_clear*), the same for the same *t*."""
    if keep_clear is None:
        clips = [area]
    else:
        clear = keep_clear.clip(area)
        clips = [pygame.Rect(area.x, area.y, area.w, clear.y - area.y),
                 pygame.Rect(area.x, clear.y, clear.x - area.x, area.bottom - clear.y),
                 pygame.Rect(clear.right, clear.y, area.right - clear.right, area.bottom - clear.y)]
    for clip in clips:
        if clip.w > 0 and clip.h > 0:
            surface.set_clip(clip)
            _paper(surface, area, t, pieces)
    surface.set_clip(None)


def _paper(surface: pygame.Surface, area: pygame.Rect, t: float, pieces: int) -> None:
    size = max(3, round(surface.get_height() / 90))
    for index in range(pieces):
        a, b, c = (index * 0.618034) % 1, (index * 0.754878 + 0.31) % 1, (index * 0.569840 + 0.17) % 1
        x = area.x + a * area.w + math.sin(t * 2 + index) * area.w * 0.02
        y = area.y - size * 2 + ((b + t * (0.18 + 0.14 * c)) % 1) * (area.h + size * 2)
        tall = index % 2 == 0
        pygame.draw.rect(surface, _CONFETTI[index % len(_CONFETTI)],
                         (round(x), round(y), size if tall else size * 2, size * 2 if tall else size))


# ---------------------------------------------------------------- faces


def _shade(colour: Colour, factor: float) -> Colour:
    red, green, blue = (max(0, min(255, round(c * factor))) for c in colour)
    return (red, green, blue)


def draw_face(surface: pygame.Surface, piece: str, rect: pygame.Rect) -> None:
    """*piece*'s face in its colour, filling the square in *rect*: fox (ROXy with a bow), dog, cat; any other piece a disc."""
    s = min(rect.w, rect.h)
    cx, cy = rect.center
    colour = PIECE_COLOURS.get(piece, DIM)

    def p(x: float, y: float) -> tuple[float, float]:
        return (cx + x * s, cy + y * s)

    def mirrored(points: list[tuple[float, float]]) -> list[list[tuple[float, float]]]:
        return [[p(x, y) for x, y in points], [p(-x, y) for x, y in points]]

    def oval(x: float, y: float, w: float, h: float, fill: Colour) -> None:
        pygame.draw.ellipse(surface, fill,
                            pygame.Rect(round(cx + (x - w / 2) * s), round(cy + (y - h / 2) * s), round(w * s), round(h * s)))

    def dot(x: float, y: float, r: float, fill: Colour) -> None:
        pygame.draw.circle(surface, fill, p(x, y), max(1.0, r * s))

    if piece in ("fox", "roxy"):
        for ear in mirrored([(-0.46, -0.04), (-0.38, -0.49), (-0.08, -0.27)]):
            pygame.draw.polygon(surface, colour, ear)
        for ear in mirrored([(-0.37, -0.12), (-0.34, -0.38), (-0.17, -0.25)]):
            pygame.draw.polygon(surface, _shade(colour, 0.45), ear)
        pygame.draw.polygon(surface, colour, [p(-0.42, -0.28), p(0.42, -0.28), p(0.5, 0.04), p(0, 0.47), p(-0.5, 0.04)])
        for cheek in mirrored([(-0.5, 0.04), (-0.11, 0.1), (0, 0.47)]):
            pygame.draw.polygon(surface, TEXT, cheek)
        for x in (-0.17, 0.17):
            dot(x, -0.08, 0.06, DARK_INK)
            dot(x + 0.02, -0.1, 0.018, TEXT)
        dot(0, 0.41, 0.07, DARK_INK)
        if piece == "roxy":  # her bow, between the ears
            for bow in mirrored([(0, -0.3), (-0.17, -0.42), (-0.17, -0.18)]):
                pygame.draw.polygon(surface, TEXT, bow)
            dot(0, -0.3, 0.05, _shade(colour, 0.6))
    elif piece == "watson":  # a dog with floppy ears
        oval(0, -0.02, 0.66, 0.74, colour)
        oval(0, 0.19, 0.42, 0.3, (228, 198, 152))
        for x in (-0.35, 0.35):
            oval(x, 0.04, 0.24, 0.6, _shade(colour, 0.55))
        for x in (-0.13, 0.13):
            dot(x, -0.1, 0.06, DARK_INK)
            dot(x + 0.02, -0.12, 0.018, TEXT)
        oval(0, 0.1, 0.2, 0.12, DARK_INK)
        pygame.draw.line(surface, DARK_INK, p(0, 0.14), p(0, 0.25), max(1, round(s * 0.025)))
    elif piece == "marble":  # a cat with pointed ears and whiskers
        for ear in mirrored([(-0.42, -0.02), (-0.36, -0.48), (-0.06, -0.24)]):
            pygame.draw.polygon(surface, colour, ear)
        for ear in mirrored([(-0.34, -0.1), (-0.32, -0.36), (-0.15, -0.22)]):
            pygame.draw.polygon(surface, (245, 170, 200), ear)
        oval(0, 0.05, 0.8, 0.68, colour)
        for x in (-0.16, 0.16):
            oval(x, -0.01, 0.16, 0.18, (200, 235, 90))
            oval(x, -0.01, 0.05, 0.15, DARK_INK)
        pygame.draw.polygon(surface, (250, 150, 190), [p(-0.06, 0.13), p(0.06, 0.13), p(0, 0.2)])
        for y0, y1 in ((0.19, 0.11), (0.21, 0.22), (0.23, 0.33)):
            for side in (-1, 1):
                pygame.draw.line(surface, TEXT, p(side * 0.1, y0), p(side * 0.5, y1), max(1, round(s * 0.02)))
    else:
        dot(0, 0, 0.42, colour)


def _badge(surface: pygame.Surface, centre: tuple[int, int], r: int, *, done: bool) -> None:
    """A green disc with a tick (done), or a hollow ring with three dots (still thinking)."""
    cx, cy = centre
    if done:
        pygame.draw.circle(surface, GOOD, centre, r)
        points = [(cx - r * 0.5, cy + r * 0.02), (cx - r * 0.12, cy + r * 0.42), (cx + r * 0.52, cy - r * 0.38)]
        pygame.draw.lines(surface, TEXT, False, points, max(2, round(r * 0.22)))
    else:
        pygame.draw.circle(surface, DIM, centre, r, width=max(2, r // 8))
        for dx in (-0.45, 0, 0.45):
            pygame.draw.circle(surface, DIM, (cx + dx * r, cy), max(1.5, r * 0.13))


# ---------------------------------------------------------------- the panel between the boards


def _centre(kit: Toolkit, surface: pygame.Surface, layout: JuniorLayout, view: JuniorView, ui: JuniorUi,
            celebration: Celebration | None, now: float, *, said: bool) -> None:
    area = layout.centre
    pygame.draw.rect(surface, PANEL, area, border_radius=kit.pad * 2)
    inner = area.inflate(-2 * kit.pad, -2 * kit.pad)
    mode = ui.mode
    if mode is JuniorMode.PAUSED:
        _paused(kit, surface, layout, inner, ui.message)
    elif mode is JuniorMode.GAME_OVER:
        _game_over(kit, surface, layout, inner, view, now)
    elif celebration is not None:
        _celebrate(kit, surface, layout, inner, celebration.result, now - celebration.since, headline=not said)
    elif mode in (JuniorMode.DEAL, JuniorMode.REVEAL) and ui.to_place:
        _rows(kit, surface, layout, inner, list(ui.to_place), lit=True)
    else:
        _pieces(kit, surface, layout, inner, view, ui)


def _pieces(kit: Toolkit, surface: pygame.Surface, layout: JuniorLayout, area: pygame.Rect, view: JuniorView, ui: JuniorUi) -> None:
    """Every piece with its station; the rogues' ticks while they choose, the detectives' as they step; the selected one framed."""
    marks: dict[str, bool] = {}
    if ui.mode in (JuniorMode.ROGUES, JuniorMode.DETECTIVES):
        marks = {rogue: rogue in view.chosen for rogue in view.rogues}
    if ui.mode is JuniorMode.DETECTIVES:
        stepped = {step.piece for step in view.moved}
        marks |= {detective: True for detective in DETECTIVES if detective in stepped}
    footer: list[pygame.Surface] = []
    if ui.mode is JuniorMode.DETECTIVES and ui.selected is not None:
        count = len(ui.destinations)
        footer = kit.wrap(np_("panel", "{n} place to go", "{n} places to go", count), layout.px_body, TEXT, area.w, 2)
    if ui.hints:
        footer = kit.hint_lines(hints(view, ui), area.w, area.h // 2 - sum(line.get_height() for line in footer)) + footer
    bottom = area.bottom - sum(line.get_height() for line in footer)
    y = bottom
    for line in footer:
        surface.blit(line, line.get_rect(midtop=(area.centerx, y)))
        y += line.get_height()
    rows = pygame.Rect(area.x, area.y, area.w, bottom - area.y - (kit.pad if footer else 0))
    _rows(kit, surface, layout, rows, list(view.stations), marks=marks, selected=ui.selected)


def _names(kit: Toolkit, layout: JuniorLayout, pieces: Sequence[str], rooms: Sequence[int]) -> tuple[list[Text], int]:
    """The pieces' names (short ones if the whole names do not fit) and one line height for all of them."""
    floor = kit.min_px
    for names in ([piece_name(piece) for piece in pieces], [short_name(piece) for piece in pieces]):
        px = min(kit.fitting_px(name, layout.px_body, room, floor) for name, room in zip(names, rooms))
        if all(kit.font(px).size(str(name))[0] <= room for name, room in zip(names, rooms)):
            break
    return names, px


def _station(kit: Toolkit, surface: pygame.Surface, box: pygame.Rect, station: Station, px: int, *, lit: bool = False) -> None:
    """A station as on the board: its number on a white disc (ringed in gold when its light asks for a pawn)."""
    if lit:
        ring = max(2, box.h // 8)
        pygame.draw.rect(surface, TOKEN_COLOUR, box.inflate(2 * ring, 2 * ring), border_radius=box.h // 2 + ring)
    pygame.draw.rect(surface, TEXT, box, border_radius=box.h // 2)
    number = kit.text(str(station), px, DARK_INK, box.w - 2)
    surface.blit(number, number.get_rect(center=box.center))


def _rows(kit: Toolkit, surface: pygame.Surface, layout: JuniorLayout, area: pygame.Rect, pieces: list[tuple[str, Station]], *,
          lit: bool = False, marks: dict[str, bool] | None = None, selected: str | None = None) -> None:
    """A row per piece: its face, its name, a tick or dots (*marks*), its station as a station disc (ringed when *lit*)."""
    if not pieces:
        return
    pad, marks = kit.pad, marks or {}
    row_h = min(round(kit.size[1] * 0.105), area.h // len(pieces))
    top = area.centery - row_h * len(pieces) // 2
    station_px = max(kit.min_px, round(row_h * 0.6))
    station_w = kit.font(station_px).size("888")[0] + 2 * pad
    rows = [pygame.Rect(area.x, top + index * row_h, area.w, row_h).inflate(0, -pad) for index in range(len(pieces))]
    badge_r = round((row_h - pad) * 0.24)
    name_x = area.x + 3 * pad + rows[0].h
    name_right = area.right - 2 * pad - station_w - (2 * pad if lit else pad)
    rooms = [name_right - name_x for _ in pieces]
    names, px = _names(kit, layout, [piece for piece, _ in pieces], rooms)
    for row, (piece, station), name, room in zip(rows, pieces, names, rooms):
        if piece == selected:
            pygame.draw.rect(surface, HIGHLIGHT, row, border_radius=pad)
            pygame.draw.rect(surface, TEXT, row, width=2, border_radius=pad)
        face = pygame.Rect(row.x + pad, row.y, row.h, row.h).inflate(-2, -2)
        draw_face(surface, piece, face)
        if piece in marks:  # on the face's corner, like a sticker
            corner = (face.right - badge_r // 2, face.bottom - badge_r)
            pygame.draw.circle(surface, HIGHLIGHT if piece == selected else PANEL, corner, badge_r + max(2, badge_r // 4))
            _badge(surface, corner, badge_r, done=marks[piece])
        box = pygame.Rect(row.right - pad - station_w, row.y + pad // 2, station_w, row.h - pad)
        _station(kit, surface, box, station, station_px, lit=lit)
        text = kit.text(name, px, TEXT, room)
        surface.blit(text, text.get_rect(midleft=(name_x, row.centery)))


TRANSPORT_COLOURS: dict[Transport, tuple[Colour, Colour]] = {
    transport: (TICKET_COLOURS[ticket], TICKET_INK[ticket])
    for transport, ticket in ((Transport.TAXI, Ticket.TAXI), (Transport.BUS, Ticket.BUS), (Transport.UNDERGROUND, Ticket.UNDERGROUND),
                              (Transport.FERRY, Ticket.BLACK))
}
"""A transport's chip at a reveal: the main game's ticket colours (the boat is the black ticket), and its ink."""


def _catchers(result: RoundResult) -> Text:
    """Who caught whom this round: "Willy Watson caught Mister FOX!", "Both foxes caught!"."""
    if len(result.captured) != 1:
        return p_("panel", "Both foxes caught!")
    rogue = result.captured[0]
    at = {step.piece: step.station for step in result.steps}
    there = [d for d in DETECTIVES if at.get(d) == at.get(rogue)]  # a capture is a detective on the rogue's station
    return p_("panel", "{detectives} caught {rogue}!", detectives=listed(there), rogue=piece_name(rogue))


def _headline(result: RoundResult) -> Text:
    return p_("panel", "Caught!") if result.token is Team.DETECTIVES else p_("panel", "Escaped!")


def _celebrate(kit: Toolkit, surface: pygame.Surface, layout: JuniorLayout, area: pygame.Rect, result: RoundResult,
               t: float, *, headline: bool) -> None:
    """The reveal: "Caught!" or "Escaped!" under confetti (unless the prompt says it), who caught whom, each rogue's step as pictures.

    A step is the rogue's face (behind bars if caught), its transport as a ticket-coloured chip ("boat"),
    an arrow and the station it went to; a rogue who stayed gets a grey "stayed" chip.
    """
    caught = result.token is Team.DETECTIVES
    pad = kit.pad
    big = kit.text(_headline(result), layout.px_big, TOKEN_COLOUR, area.w) if headline else None
    who = kit.wrap(_catchers(result), layout.px_body, TEXT, area.w, 3) if caught else []
    steps = [step for step in result.steps if step.piece in ROGUES]
    row_h = round(kit.size[1] * 0.12 if headline else kit.size[1] * 0.14)
    total = (big.get_height() if big else 0) + sum(line.get_height() for line in who) + pad + len(steps) * row_h
    y = area.centery - total // 2
    if big is not None:
        spot = big.get_rect(midtop=(area.centerx, y))
        _confetti(surface, pygame.Rect(area.x, area.y, area.w, spot.bottom - area.y), t, keep_clear=spot.inflate(kit.pad, 0))
        surface.blit(big, spot)
        y += big.get_height()
    for line in who:
        surface.blit(line, line.get_rect(midtop=(area.centerx, y)))
        y += line.get_height()
    y += pad
    station_px = max(kit.min_px, round(row_h * 0.5))
    station_w = kit.font(station_px).size("888")[0] + 2 * pad
    inner_h = row_h - pad
    chips: list[tuple[Text, Colour, Colour]] = [
        (STAYED, HIGHLIGHT, TEXT) if step.transport is None else (TRANSPORTS[step.transport], *TRANSPORT_COLOURS[step.transport])
        for step in steps
    ]
    chip_px = max(kit.min_px, round(inner_h * 0.5))
    chip_w = min(area.w // 3, max((kit.font(chip_px).size(str(word))[0] for word, _, _ in chips), default=0)) + 3 * pad
    arrow_w = round(inner_h * 0.55)
    left = max(area.x, area.centerx - (inner_h + chip_w + arrow_w + station_w + 6 * pad) // 2)
    for step, (word, fill, ink) in zip(steps, chips):
        chip_text = kit.text(word, chip_px, ink, area.w // 3)
        row = pygame.Rect(area.x, y, area.w, row_h).inflate(0, -pad)
        x = left
        picture = pygame.Rect(x, row.y, row.h, row.h)
        draw_face(surface, step.piece, picture)
        if step.piece in result.captured:  # behind bars
            for bar in range(1, 4):
                bx = picture.x + picture.w * bar // 4
                pygame.draw.line(surface, DARK_INK, (bx, picture.y), (bx, picture.bottom), max(2, picture.w // 12))
        x = picture.right + 2 * pad
        chip = pygame.Rect(x, row.y + row.h // 6, chip_w, row.h - row.h // 3)
        pygame.draw.rect(surface, fill, chip, border_radius=max(2, chip.h // 5))
        if fill in ((0, 0, 0), HIGHLIGHT):
            pygame.draw.rect(surface, TEXT, chip, width=2, border_radius=max(2, chip.h // 5))
        surface.blit(chip_text, chip_text.get_rect(center=chip.center))
        x = chip.right + 2 * pad
        cy, half = row.centery, max(3, arrow_w // 4)
        pygame.draw.line(surface, TEXT, (x, cy), (x + arrow_w - half, cy), max(2, row.h // 12))
        pygame.draw.polygon(surface, TEXT,
                            [(x + arrow_w, cy), (x + arrow_w - 2 * half, cy - 2 * half), (x + arrow_w - 2 * half, cy + 2 * half)])
        box = pygame.Rect(x + arrow_w + 2 * pad, row.y + pad // 2, station_w, row.h - pad)
        _station(kit, surface, box, step.station, station_px)
        y += row_h


def _paused(kit: Toolkit, surface: pygame.Surface, layout: JuniorLayout, area: pygame.Rect, message: Words) -> None:
    """Two big bars, "Paused", and the message (which is not in the bottom bar then)."""
    title = kit.text(p_("panel", "Paused"), layout.px_title, TEXT, area.w)
    lines = kit.wrap(message, layout.px_body, DIM, area.w, 4) if message else []
    words = title.get_height() + sum(line.get_height() for line in lines)
    side = max(0, min(round(area.h * 0.32), area.h - words - kit.pad * 2))
    total = side + kit.pad * 2 + words
    y = area.centery - total // 2
    bar_w = side // 3
    for x in (area.centerx - side // 2, area.centerx + side // 2 - bar_w):
        pygame.draw.rect(surface, TEXT, (x, y, bar_w, side), border_radius=max(2, bar_w // 4))
    y += side + kit.pad * 2
    for line in [title, *lines]:
        surface.blit(line, line.get_rect(midtop=(area.centerx, y)))
        y += line.get_height()


def _game_over(kit: Toolkit, surface: pygame.Surface, layout: JuniorLayout, area: pygame.Rect, view: JuniorView, now: float) -> None:
    """The winners' faces, large, under confetti, and who won."""
    winner = view.outcome
    if winner is None:
        title = kit.text(p_("panel", "Not finished"), layout.px_title, TEXT, area.w)
        surface.blit(title, title.get_rect(center=area.center))
        return
    pieces = _team_pieces(view, winner)
    said = (p_("panel", "{piece} wins!", piece=piece_name(pieces[0])) if len(pieces) == 1 else
            p_("panel", "{first} and {second} win!", first=short_name(pieces[0]), second=short_name(pieces[-1])))
    words = kit.wrap(said, kit.fitting_px(said, layout.px_title, area.w, layout.px_body), TEXT, area.w, 2)
    side = min(round(area.h * 0.5), area.w // len(pieces))
    total = side + kit.pad + sum(line.get_height() for line in words)
    y = area.centery - total // 2
    _confetti(surface, pygame.Rect(area.x, area.y, area.w, y + side - area.y), now)
    _faces(surface, pygame.Rect(area.x, y, area.w, side), pieces)
    y += side + kit.pad
    for line in words:
        surface.blit(line, line.get_rect(midtop=(area.centerx, y)))
        y += line.get_height()
