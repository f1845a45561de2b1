"""Junior's lights with each palette: the colour-blind one gives the pawns its colours and rhythms, and its refusal colour;
and every pawn's signals read as lit over the district's glow."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from console.games.junior.lights import COLOURS, ORDER, junior_frame
from console.games.junior.model import JuniorMode, JuniorUi
from console.games.table import Flash
from console.table.lights import (
    COLOUR_BLIND,
    DESTINATION_PERIOD,
    FPS,
    HINT_FLOOR,
    LIT_FLOOR,
    RHYTHM_DIP,
    RHYTHM_SLOT,
    STANDARD,
    Palette,
    on_beat,
    scale,
)
from engine import Station
from engine.junior import DETECTIVES, JuniorGame
from hardware.interfaces import OFF, Colour
from tests.support.looks import Looks, clearly_brighter_on_screen

GAME = JuniorGame.new(rogues=2, seed=3)


@pytest.mark.parametrize("palette", [STANDARD, COLOUR_BLIND], ids=lambda palette: palette.name.value)
def test_each_pawn_shows_its_palette_s_colour(palette: Palette) -> None:
    frame = junior_frame(GAME.public_view(), JuniorUi(JuniorMode.DETECTIVES), now=0.0, palette=palette)
    for piece, station in GAME.stations.items():
        assert frame[station] == COLOURS[palette.name][piece]


def test_the_colour_blind_colours_are_their_own_and_every_pawn_blinks_its_rhythm() -> None:
    assert len(set(COLOURS[COLOUR_BLIND.name].values())) == 4 and COLOURS[COLOUR_BLIND.name] != COLOURS[STANDARD.name]
    view, ui = GAME.public_view(), JuniorUi(JuniorMode.DETECTIVES)
    for piece, station in GAME.stations.items():
        order = ORDER.index(piece)
        dipped = next(tick for tick in range(0, 96, RHYTHM_SLOT) if not on_beat(order, tick))
        assert (junior_frame(view, ui, now=dipped / 30, palette=COLOUR_BLIND)[station]
                == scale(COLOURS[COLOUR_BLIND.name][piece], RHYTHM_DIP))
        assert junior_frame(view, ui, now=dipped / 30, palette=STANDARD)[station] == COLOURS[STANDARD.name][piece]  # steady
    dips = [sum(not on_beat(ORDER.index(piece), tick) for tick in range(0, 96, RHYTHM_SLOT)) for piece in ORDER]
    assert dips == [1, 2, 3, 4]  # count the dips to name the pawn


@pytest.mark.parametrize("palette", [STANDARD, COLOUR_BLIND], ids=lambda palette: palette.name.value)
def test_a_refused_press_blinks_in_the_palette_s_refusal_colour(palette: Palette) -> None:
    ui = JuniorUi(JuniorMode.DETECTIVES, refused=Flash(GAME.district.stations[0], 1.0, 0.8))
    assert junior_frame(GAME.public_view(), ui, now=1.0, palette=palette)[GAME.district.stations[0]] == palette.refused


# ---------------------------------------------------------------- lights you can see


@pytest.fixture(scope="module")
def looks() -> Iterator[Looks]:
    seen = Looks()
    yield seen
    seen.close()


def district_and_dimmest(frames: list[dict[Station, Colour]], stations: tuple[Station, ...], looks: Looks) -> tuple[Colour, Colour]:
    """The district's own glow (a district station nobody stands on or goes to), and the dimmest colour *stations* show."""
    view = GAME.public_view()
    taken = {station for _, station in view.stations} | set(stations)
    area = frames[0][next(s for s in view.district.stations if s not in taken)]
    shown = [frame.get(station, OFF) for frame in frames for station in stations]
    return area, min(shown, key=lambda colour: max(a - b for a, b in zip(looks.strip(colour), looks.strip(area))))


def clearly_over(lit: Colour, area: Colour, looks: Looks) -> None:
    """*lit* reads as lit over the district's glow: on the strip (by ``LIT_FLOOR`` in some channel) and in the simulator."""
    strip, under = looks.strip(lit), looks.strip(area)
    assert max(a - b for a, b in zip(strip, under)) >= LIT_FLOOR, f"{lit}: {strip} on the strip, the district {under}"
    assert clearly_brighter_on_screen(looks.screen(lit), looks.screen(area)), f"{looks.screen(lit)} over {looks.screen(area)}"


@pytest.mark.parametrize("palette", [STANDARD, COLOUR_BLIND], ids=lambda palette: palette.name.value)
@pytest.mark.parametrize("detective", DETECTIVES)
def test_where_a_detective_may_go_is_clearly_brighter_than_the_district_at_its_dimmest(detective: str, palette: Palette,
                                                                                      looks: Looks) -> None:
    view = GAME.public_view()
    taken = {station for _, station in view.stations}
    destinations = tuple(s for s in view.district.stations if s not in taken)[:3]
    ui = JuniorUi(JuniorMode.DETECTIVES, selected=detective, destinations=destinations)
    frames = [junior_frame(view, ui, now=n / FPS, palette=palette) for n in range(DESTINATION_PERIOD)]
    area, low = district_and_dimmest(frames, destinations, looks)
    assert max(looks.strip(area)) >= HINT_FLOOR, "the district itself glows, dim but visible"
    clearly_over(low, area, looks)


@pytest.mark.parametrize("palette", [STANDARD, COLOUR_BLIND], ids=lambda palette: palette.name.value)
@pytest.mark.parametrize("pawn", ORDER)
def test_a_pawn_to_place_pulses_but_never_below_clearly_lit(pawn: str, palette: Palette, looks: Looks) -> None:
    station = GAME.stations[pawn]
    ui = JuniorUi(JuniorMode.DEAL, to_place=((pawn, station),))
    frames = [junior_frame(GAME.public_view(), ui, now=n / FPS, palette=palette) for n in range(2 * FPS)]
    area, low = district_and_dimmest(frames, (station,), looks)
    clearly_over(low, area, looks)
    assert len({frame[station] for frame in frames}) > 2, "and it does pulse"
